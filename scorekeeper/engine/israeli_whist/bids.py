"""Israeli Whist's phase-one bids: a level 5..13 and a denomination, text that round-trips.

``Bid.from_str(str(bid)) == bid`` holds for every bid; ``7C``, ``9nt`` and ``10♠`` are read.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.calls import check_level
from ..core.cards import Suit
from ..core.errors import ParseError
from ..core.messages import msg
from ..core.numbers import parse_int

MIN_LEVEL = 5
MAX_LEVEL = 13
TRICKS_PER_HAND = 13
SEATS = 4
"""Israeli Whist is played by four, each alone: seats 0..3 clockwise."""


class Denomination(enum.IntEnum):
    """What a phase-one bid names: a trump suit or no-trump, ranked C < D < H < S < NT."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMP = 4

    @property
    def code(self) -> str:
        return ("C", "D", "H", "S", "NT")[self.value]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self.value]

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None for no-trump."""
        return None if self is Denomination.NO_TRUMP else Suit(self.value)

    def __str__(self) -> str:
        return self.code

    @classmethod
    def from_str(cls, text: str) -> Denomination:
        """Returns the denomination for C D H S NT (any case, or a symbol); raises ParseError."""
        key = text.strip().upper()
        if key in ("NT", "N", "NOTRUMP", "NO-TRUMP", "NO TRUMP"):
            return cls.NO_TRUMP
        try:
            return cls(Suit.from_str(key).value)
        except ParseError:
            raise ParseError(
                msg("%(text)s is not a denomination; use one of C D H S NT", text=repr(text))
            ) from None


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A phase-one bid: a level 5..13 and a denomination; orders as the auction ranks bids,
    by level, then denomination."""

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        check_level(self.level, MIN_LEVEL, MAX_LEVEL)

    @property
    def trump(self) -> Suit | None:
        return self.denomination.trump

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.code}"

    def __repr__(self) -> str:
        return f"Bid({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Bid:
        """Parses ``7C``, ``9nt``, ``10♠``; raises ParseError quoting the text."""
        raw = text.strip()
        # ASCII digits only: str.isdigit() also takes "²" and "٧", which are no level.
        digits = raw[: len(raw) - len(raw.lstrip("0123456789"))]
        rest = raw[len(digits) :]
        if not digits or not rest:
            raise ParseError(
                msg(
                    "%(text)s is not a bid; write a level and a denomination, as in 7C or 9NT",
                    text=repr(text),
                )
            )
        try:
            level = parse_int(digits, "bid", low=MIN_LEVEL, high=MAX_LEVEL)
        except ParseError:
            raise ParseError(
                msg(
                    "%(text)s is not a bid; the level must be %(low)d..%(high)d",
                    text=repr(text),
                    low=MIN_LEVEL,
                    high=MAX_LEVEL,
                )
            ) from None
        try:
            denomination = Denomination.from_str(rest)
        except ParseError:
            raise ParseError(
                msg(
                    "%(text)s is not a bid; the denomination must be C D H S or NT", text=repr(text)
                )
            ) from None
        return cls(level, denomination)
