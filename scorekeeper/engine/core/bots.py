"""What every game's bots share: a seat's protocol, the random bot (uniform among the
legal actions, at any decision of any game), and finding a kind of bot by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar


class SeatBot(Protocol):
    """One seat's decisions in a simulated deal; a game's bots add their own."""

    seat: int

    def choose_call(self, auction: Any, hand: Sequence[int]) -> Any:
        """Returns one of ``auction.legal_actions()``."""
        ...

    def choose_card(self, play: Any, legal: list[int]) -> int:
        """Returns one card number of ``legal``, which it must not change."""
        ...


class StagedBot:
    """A bot of a ``simulation.StagedDeal``: each action chosen by the decision of the
    deal's stage (``state.ask``)."""

    __slots__ = ()

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return state.ask(self, legal)


def random_card(bits: Callable[[int], int]) -> Callable[[Any, list[int]], int]:
    """A random bot's ``choose_card`` drawing from ``bits``: ``legal[bits(30) % n]``. A
    30-bit draw (a machine-word int, so its remainder is cheap) modulo n is uniform to
    within n / 2^30; the fast random loops (``core.tricks.random_tricks``) draw the same."""

    def choose_card(play: Any, legal: list[int]) -> int:
        return legal[bits(30) % len(legal)]

    return choose_card


def dealt_order_card(bits: Callable[[int], int]) -> Callable[[Any, list[int]], int]:
    """A random bot's ``choose_card`` drawing from ``bits`` as ``core.tricks.random_tricks``
    plays ``as_dealt``: following suit, the last card of the suit led in its hand's order
    (no draw: as random as a draw while the hand holds each suit in an order as random as
    its cards, as one dealt from a shuffled pack does); leading or void,
    ``legal[bits(30) % len(legal)]`` as ``random_card``."""

    def choose_card(play: Any, legal: list[int]) -> int:
        if play.current and play.suit_of[legal[0]] == play.led:
            return legal[-1]
        return legal[bits(30) % len(legal)]

    return choose_card


class RandomBot:
    """Picks uniformly among the legal actions, one ``bits(30) % n`` draw per decision
    (as ``random_card``): a call, a card, or any action of a
    :class:`~.simulation.DealState`. A game's random bot adds only the decisions that are
    not a pick from a list (an exchange, a discard)."""

    __slots__ = ("seat", "_rng", "_bits", "choose_card")
    cards: ClassVar[Callable[..., Callable[[Any, list[int]], int]]] = staticmethod(random_card)
    """Makes the bot's ``choose_card`` from its generator's ``getrandbits``."""

    def __init__(self, seat: int, rng: random.Random, *options: Any) -> None:
        """A bot at ``seat`` drawing from ``rng``; it needs none of a game's ``options``."""
        self.seat = seat
        self._rng = rng
        bits = self._bits = rng.getrandbits
        # The card choice is the hottest call in simulation: a closure over the generator
        # (made by ``cards``) is cheaper to call than a method.
        self.choose_card = self.cards(bits)

    def choose_call(self, auction: Any, hand: Sequence[int]) -> Any:
        legal = auction.legal_actions()
        return legal[self._bits(30) % len(legal)]

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return legal[self._bits(30) % len(legal)]


# A hand's worth in tricks, as the heuristic bots of the trick games (Israeli Whist, Bid
# Whist) count it: the same rough rules of hand valuation.
HONOUR_VALUE = ((1.0, 1.0, 1.0, 1.0), (0.3, 0.8, 0.8, 0.8), (0.0, 0.1, 0.5, 0.5))
"""``HONOUR_VALUE[place][held]``: the tricks the best card of a suit (place 0), the
second and the third take, by how well they are guarded: the suit held alone, with one
card more, two more, three or more (``held = min(length, 4) - 1``)."""
RUFF_VALUE = (1.2, 0.6, 0.2) + (0.0,) * 11
"""A side suit's ruffing value by its length, in a hand long in the ruling suit."""


def no_trump_value(honours: float, length: int) -> float:
    """A suit's tricks when no suit rules: its ``honours``' value, and its length when
    they are strong."""
    # (No max(0, length - 4): with four cards or fewer the same 0.0, without a call.)
    return honours * 0.9 + ((length - 4) * 0.8 if honours >= 1.5 and length > 4 else 0.0)


F = TypeVar("F")


def bot_factory(bots: Mapping[str, F], kind: str) -> F:
    """The kind of bot named ``kind``; raises ValueError naming the known kinds."""
    try:
        return bots[kind]
    except KeyError:
        raise ValueError(f"{kind!r} is not a bot; choose one of {', '.join(bots)}") from None


def make_bots(
    bots: Mapping[str, Callable[..., Any]],
    seats: int,
    kind: str,
    rng: random.Random,
    *options: Any,
) -> list[Any]:
    """A bot of ``kind`` (one of ``bots``) at each of ``seats`` seats, sharing ``rng``;
    ``options`` are passed on to each. Raises ValueError naming the known kinds."""
    factory = bot_factory(bots, kind)
    return [factory(seat, rng, *options) for seat in range(seats)]


class ChoiceBot:
    """Picks with ``rng.choice`` among the legal actions of a
    :class:`~.simulation.DealState`: the random bot of the games whose runs were first
    drawn that way (Spades, Oh Hell), so that their seeds still give the deals they gave."""

    __slots__ = ("seat", "rng")

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return self.rng.choice(legal)
