"""A bid of a level and a denomination, a trump suit or no-trump, as Israeli Whist's
phase-one bid and Bridge's contract are written: text that round-trips.

``Bid.from_str(str(bid)) == bid`` holds for every bid; ``7C``, ``9nt`` and ``10♠`` are read.
A game's bids are a subclass naming its ``LEVELS`` (Israeli Whist's 5..13).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, Self

from .calls import check_level
from .cards import Suit
from .errors import ParseError
from .messages import Message, msg
from .numbers import parse_int

# Translators: no-trump as written after a level on a score sheet (7NT), and on its key.
NO_TRUMP = msg("NT")


class Denomination(enum.IntEnum):
    """What a bid names: a trump suit or no-trump, ranked C < D < H < S < NT."""

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

    @property
    def shown(self) -> Message | str:
        """As a score sheet and a form's keys write it: the suit's symbol, or NT."""
        return NO_TRUMP if self.trump is None else self.symbol

    @property
    def is_red(self) -> bool:
        return bool(self.trump and self.trump.is_red)

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
class LevelBid:
    """A level in the game's ``LEVELS`` and a denomination; orders as an auction ranks
    bids, by level, then denomination."""

    level: int
    denomination: Denomination
    LEVELS: ClassVar[range] = range(1, 8)

    def __post_init__(self) -> None:
        check_level(self.level, self.LEVELS[0], self.LEVELS[-1])

    @property
    def trump(self) -> Suit | None:
        return self.denomination.trump

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.code}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Self:
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
        low, high = cls.LEVELS[0], cls.LEVELS[-1]
        try:
            level = parse_int(digits, "bid", low=low, high=high)
        except ParseError:
            raise ParseError(
                msg(
                    "%(text)s is not a bid; the level must be %(low)d..%(high)d",
                    text=repr(text),
                    low=low,
                    high=high,
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
