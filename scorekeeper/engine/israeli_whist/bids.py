"""Israeli Whist's phase-one bids: a level 5..13 and a denomination (``core.level_bids``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.level_bids import Denomination, LevelBid

__all__ = ["Bid", "Denomination"]

MIN_LEVEL = 5
MAX_LEVEL = 13
TRICKS_PER_HAND = 13
SEATS = 4
"""Israeli Whist is played by four, each alone: seats 0..3 clockwise."""


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Bid(LevelBid):
    """A phase-one bid: a level 5..13 and a denomination."""

    LEVELS: ClassVar[range] = range(MIN_LEVEL, MAX_LEVEL + 1)
