"""Pinochle's house rules (docs/rules/pinochle.md), its presets (single deck in tens, the
same counting a counter 10, and double deck), and the score of a hand as a pure function
of what the table wrote: the bid, and each side's meld and counters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

COUNTERS = {"48": 25, "80": 50}
"""A deal's counters in tens: each ace, ten and king 1 and the last trick 1 (24 + 1), or
with the double deck's 48 counters the last trick 2 (48 + 2)."""


@dataclass(frozen=True, slots=True)
class PinochleSettings(SettingsBase):
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
    min_bid: int = knob(
        25,
        label=msg("Minimum bid"),
        help=msg("the lowest bid: the dealer's when everyone else passes"),
        group="play",
        low=1,
        high=5000,
    )
    save_meld: int = knob(
        0,
        label=msg("To save its meld"),
        help=msg("what a side must take in the play to score at all: 0 a trick, else counters"),
        group="scoring",
        low=0,
        high=500,
        zero=msg("a trick"),
    )
    min_meld: int = knob(
        0,
        label=msg("Least meld"),
        help=msg("a side's meld below this does not count (0: any meld counts)"),
        group="scoring",
        low=0,
        high=500,
        zero=msg("any"),
    )
    target: int = knob(
        150,
        label=msg("Target score"),
        help=msg("the first side to reach it wins; both in one hand: the bidding side"),
        group="end",
        low=1,
        high=50000,
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


PRESETS = {
    "single-deck": PinochleSettings(),
    "single-deck-points": PinochleSettings(count="10", min_bid=250, target=1500),
    "double-deck": PinochleSettings(deck="80", min_bid=50, save_meld=20, min_meld=20, target=500),
}


def saved(settings: PinochleSettings, counters: int, bare_trick: bool) -> bool:
    """Whether a side took what saves its meld: a trick (one with no counter in it is
    ``bare_trick``), or ``save_meld`` counters."""
    return counters >= settings.save_meld if settings.save_meld else counters > 0 or bare_trick


def hand_points(
    settings: PinochleSettings,
    bidders: int,
    bid: int,
    meld: Sequence[int],
    counters: Sequence[int],
    bare_trick: int | None = None,
) -> tuple[int, int]:
    """Each side's points: its meld (at least ``min_meld``) and counters, nothing if it did
    not save them; the bidding side −bid (set) when that falls short of the bid."""
    found = []
    for side in (0, 1):
        kept = meld[side] if meld[side] >= settings.min_meld else 0
        made = kept + counters[side] if saved(settings, counters[side], bare_trick == side) else 0
        found.append(-bid if side == bidders and made < bid else made)
    return found[0], found[1]
