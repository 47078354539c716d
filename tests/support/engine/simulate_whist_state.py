"""Helpers of tests/engine/test_simulate_whist_state.py."""

from __future__ import annotations

from scorekeeper.engine.core import tricks


def one_action_at_a_time(state, bots):
    """The generic loop: legal actions, a bot's choice among them, apply, to the end."""
    seen = set()
    while (seat := state.to_play) is not None:
        legal = state.legal_actions()
        assert legal, f"seat {seat} has no legal action in stage {state.stage}"
        seen.add(state.stage)
        state.apply(bots[seat].choose(state, legal))
    assert state.is_terminal() and state.legal_actions() == []
    return state.result().to_dict(), seen


def _plain_play(hands, ruling, leader):
    """Plain follow-suit play of ``hands`` at a table of ``len(hands)`` seats."""

    class Plain(tricks.TrickPlay):
        tricks_in_hand = len(hands[0])
        card_text = tuple(str(n) for n in range(52))
        __slots__ = ()

    play = Plain.__new__(Plain)
    suit_of = tricks.PLAIN_SUIT_OF
    play._start(tricks.split_hands(hands, suit_of), suit_of, tricks.PLAIN_KEYS[ruling], leader)
    return play
