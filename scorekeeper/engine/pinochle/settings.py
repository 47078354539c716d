"""Pinochle's house rules (docs/rules/pinochle.md), its presets (single deck in tens, the
same counting a counter 10, and double deck, each with its own target), its meld by
combination, and the score of a hand as a pure function of what the table wrote: the
bid, and each side's meld and counters."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.knobs import knob
from ..core.messages import Message, msg
from ..core.settings import SettingsBase

COUNTERS = {"48": 25, "80": 50}  # in tens: 24 aces, tens, kings + 1, or 48 + 2 for the last trick
COPIES = {"48": 2, "80": 4}  # of each card

MELDS: tuple[tuple[str, Message, int], ...] = (
    ("run", msg("Run"), 15),
    ("double_run", msg("Double run"), 150),
    ("royal_marriage", msg("Royal marriage"), 4),
    ("marriage", msg("Common marriage"), 2),
    ("pinochle", msg("Pinochle"), 4),
    ("double_pinochle", msg("Double pinochle"), 30),
    ("aces", msg("Aces around"), 10),
    ("double_aces", msg("Double aces around"), 100),
    ("kings", msg("Kings around"), 8),
    ("double_kings", msg("Double kings around"), 80),
    ("queens", msg("Queens around"), 6),
    ("double_queens", msg("Double queens around"), 60),
    ("jacks", msg("Jacks around"), 4),
    ("double_jacks", msg("Double jacks around"), 40),
    ("dix", msg("Dix"), 1),
)
"""Each combination and its worth in tens (docs/rules/pinochle.md)."""

HOLDS: tuple[tuple[Message, Mapping[str, int], int], ...] = (
    (msg("K and Q of trumps"), {"run": 1, "double_run": 2, "royal_marriage": 1}, 1),
    (msg("K and Q of a plain suit"), {"marriage": 1}, 3),
    (msg("Q♠ and J♦"), {"pinochle": 1, "double_pinochle": 2}, 1),
    (msg("ace of each suit"), {"aces": 1, "double_aces": 2}, 1),
    (msg("king of each suit"), {"kings": 1, "double_kings": 2}, 1),
    (msg("queen of each suit"), {"queens": 1, "double_queens": 2}, 1),
    (msg("jack of each suit"), {"jacks": 1, "double_jacks": 2}, 1),
    (msg("9 of trumps"), {"dix": 1}, 1),
)
"""The cards a combination takes one of each of, how many, and in how many suits the deck has
them (``copies × suits``); a card counts once in each class of meld, the classes apart."""


def _number(
    default: int, label: Message, help: Message, group="scoring", low=0, high=0, zero=None
) -> Any:
    high = high or (5000 if group == "play" else 500)
    return knob(default, label=label, help=help, group=group, low=low, high=high, zero=zero)


@dataclass(frozen=True, slots=True)
class PinochleSettings(SettingsBase):
    preset_aside: ClassVar[tuple[str, ...]] = ()  # a preset sets its target too
    deck: str = knob(
        "48",
        label=msg("Deck"),
        help=msg("the cards dealt, and so the counters in a deal"),
        group="deal",
        choices={
            "48": msg("single deck: 48 cards, 12 each"),
            "80": msg("double deck: 80 cards, 20 each"),
        },
    )
    count: str = knob(
        "1",
        label=msg("Counting"),
        help=msg("how the table writes the scores"),
        group="scoring",
        choices={"1": msg("in tens: a counter worth 1"), "10": msg("a counter worth 10")},
    )
    min_bid: int = _number(
        25,
        msg("Minimum bid"),
        msg("the lowest bid: the dealer's when everyone else passes"),
        "play",
        1,
    )
    save_meld: int = _number(
        0,
        msg("To save its meld"),
        msg("what a side must take in the play to score at all: 0 a trick, else counters"),
        zero=msg("a trick"),
    )
    min_meld: int = _number(
        0,
        msg("Least meld"),
        msg("a side's meld below this does not count (0: any meld counts)"),
        zero=msg("any"),
    )
    target: int = _number(
        150,
        msg("Target score"),
        msg("the first side to reach it wins; both in one hand: the bidding side"),
        "end",
        1,
        50000,
    )

    def __post_init__(self) -> None:
        self.check_knobs()

    @property
    def counters(self) -> int:
        """The counters of a deal, the last trick included: 25, 250, 50 or 500."""
        return COUNTERS[self.deck] * self.step

    @property
    def step(self) -> int:
        """What every meld, counter and bid is a multiple of: 1 in tens, else 10."""
        return int(self.count)

    def most_shown(self, key: str) -> int:
        """The most of a combination a side can show: what a deck holds of its cards (no
        dix in the double deck, which has no nines)."""
        taken, suits = next((taken, suits) for _, taken, suits in HOLDS if key in taken)
        nines = key != "dix" or self.deck == "48"
        return nines * COPIES[self.deck] * suits // taken[key]

    def meld_values(self) -> dict[str, int]:
        """Each combination's worth as the table counts: in tens, or a counter worth 10."""
        return {key: worth * self.step for key, _, worth in MELDS}


PRESETS = {
    "single-deck": PinochleSettings(),
    "single-deck-points": PinochleSettings(count="10", min_bid=250, target=1500),
    "double-deck": PinochleSettings(deck="80", min_bid=50, save_meld=20, min_meld=20, target=500),
}


def saved(settings: PinochleSettings, counters: int, bare_trick: bool) -> bool:
    """Whether a side took what saves its meld: a trick (one with no counter in it is
    ``bare_trick``), or ``save_meld`` counters."""
    return counters >= settings.save_meld if settings.save_meld else counters > 0 or bare_trick


def overdrawn(settings: PinochleSettings, melds: Sequence[Mapping[str, int]]) -> Any:
    """The first cards the combinations of both sides together take more of than the deck
    holds: (the cards, how many the deck holds, how many they take), or None."""
    for cards, taken, suits in HOLDS:
        needed = sum(n * taken.get(key, 0) for side in melds for key, n in side.items())
        if needed > COPIES[settings.deck] * suits:
            return cards, COPIES[settings.deck] * suits, needed
    return None


def sides_scored(settings: PinochleSettings, bidders: int, hand: Any) -> list[tuple[int, Any]]:
    """Each side's points, and why its meld did not count (None: it counted, or there was
    none): lost with the bid, under the least meld, or not saved in the play."""
    found = []
    for side, (meld, counters) in enumerate(zip(hand.meld, hand.counters, strict=True)):
        kept = meld if meld >= settings.min_meld else 0
        save = saved(settings, counters, hand.bare_trick == side)
        made = kept + counters if save else 0
        lost = side == bidders and made < hand.bid
        why = None
        if meld and lost:
            why = msg("not counted: the bid was not made")
        elif meld and not kept:
            why = msg("not counted: under %(least)d", least=settings.min_meld)
        elif meld and not save:
            why = msg("not counted: not saved in the play")
        found.append((-hand.bid if lost else made, why))
    return found
