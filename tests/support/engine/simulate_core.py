"""Helpers of tests/engine/test_simulate_core.py."""

from __future__ import annotations

import random

from scorekeeper.engine import find_game
from scorekeeper.engine.oh_hell.simulate import OhHellDeal
from scorekeeper.engine.spades.simulate import SpadesDeal

SPADES = find_game("spades")


OH_HELL = find_game("oh-hell")


class Stubborn:
    """A bot that takes the first legal action until ``wrong`` says to try a wrong one."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat

    def choose(self, state, legal):
        return legal[0]


def _snapshot(state) -> dict:
    return {name: repr(value) for name, value in vars(state).items() if name not in ("game", "rng")}


def _play_until(state, wanted) -> None:
    bots = [Stubborn(seat, random.Random(0)) for seat in range(8)]
    while not wanted(state):
        assert not state.is_terminal(), "the deal ended before the case was met"
        state.apply(bots[state.to_play].choose(state, state.legal_actions()))


def _held(state) -> list:
    """The cards the seat to play still holds."""
    held = state.hands if isinstance(state, SpadesDeal) else state.held
    return held[state.to_play]


def _revoke_case(state) -> bool:
    """True when the seat to play must follow suit and holds other cards too."""
    if state.bidding or state.to_play is None:
        return False
    return len(state.legal_actions()) < len(_held(state))


def _new_spades(seed: int) -> SpadesDeal:
    return SpadesDeal(SPADES.preset("spades"), seed % 4, random.Random(seed))


def _new_oh_hell(seed: int) -> OhHellDeal:
    # Hand 6 of the sequence deals several cards each, so there are suits to follow.
    return OhHellDeal(OH_HELL, OH_HELL.preset("oh-hell"), 6, random.Random(seed))


def _odd_even_rule(card, hand, so_far, played):
    """A toy rule of following: play a number of the led number's parity when able."""
    if not so_far or card % 2 == so_far[0] % 2 or all(c % 2 != so_far[0] % 2 for c in hand):
        return None
    return "did not follow parity"


def _highest(leader, cards):
    return (leader + cards.index(max(cards))) % 2
