"""Bids: a level (``minimum_level``..7) and a kind, uptown, downtown or no-trump.

A bid is written level + kind, ``4U``, ``4D``, ``4NT``; the trump suit (uptown or
downtown) or the direction (no-trump: high or low) is named by the bidder after the
auction, as a separate value. Level L means the bidding side must take 6 + L books.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..core.calls import check_level
from ..core.errors import ParseError
from ..core.messages import Message, msg

MIN_LEVEL = 3
"""The lowest level any preset allows (``minimum_level`` is 3 or 4)."""
MAX_LEVEL = 7
BOOK_BASE = 6
"""Books taken before a level counts: level L needs 6 + L books."""


class Kind(enum.IntEnum):
    """What a bid plays: uptown (high, with trumps), downtown (low, with trumps), no-trump."""

    UPTOWN = 0
    DOWNTOWN = 1
    NO_TRUMP = 2

    @property
    def letters(self) -> str:
        return ("U", "D", "NT")[self.value]

    @property
    def has_trump(self) -> bool:
        return self is not Kind.NO_TRUMP

    @property
    def label(self) -> Message:
        """The kind as players say it."""
        return _KIND_LABELS[self.value]

    def __str__(self) -> str:
        return self.letters


_KIND_LABELS = (msg("uptown"), msg("downtown"), msg("no-trump"))

_BID_TEXT = re.compile(r"\s*([0-9]+)\s*([A-Za-z-]+)\s*")


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A bid of ``level`` (3..7) and ``kind``. ``Bid.from_str(str(b)) == b``."""

    level: int
    kind: Kind

    def __post_init__(self) -> None:
        check_level(self.level, MIN_LEVEL, MAX_LEVEL)

    @property
    def books_needed(self) -> int:
        return BOOK_BASE + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.kind.letters}"

    @classmethod
    def from_str(cls, text: str) -> Bid:
        """Parses ``4U``, ``5d``, ``3NT``; raises ParseError naming the rule broken."""
        match = _BID_TEXT.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise ParseError(
                msg(
                    "%(text)s is not a bid; write level and kind, as in 4U, 4D or 4NT",
                    text=repr(text),
                ),
                "bid",
            )
        key = match.group(2).upper().replace("-", "")  # U, D, NT, or the kind's name
        kind = next((k for k in Kind if key in (k.letters, k.name.replace("_", ""))), None)
        if kind is None:
            raise ParseError(
                msg(
                    "%(text)s is not a bid; its kind must be U (uptown), D (downtown) or NT",
                    text=repr(text),
                ),
                "bid",
            )
        digits = match.group(1)
        if len(digits) > 2 or not MIN_LEVEL <= int(digits) <= MAX_LEVEL:
            raise ParseError(
                msg("%(text)s is not a bid; its level must be 3..7", text=repr(text)), "bid"
            )
        return cls(int(digits), kind)


ALL_BIDS: tuple[Bid, ...] = tuple(
    Bid(level, kind) for level in range(MIN_LEVEL, MAX_LEVEL + 1) for kind in Kind
)
"""Every bid, by level then kind."""


def bid_rank(bid: Bid, downtown_over_uptown: bool) -> int:
    """How high a bid stands: a higher level, or at the same level no-trump above uptown and
    downtown, which are equal unless ``downtown_over_uptown`` puts downtown above uptown."""
    step = (0, 1 if downtown_over_uptown else 0, 2)[bid.kind]
    return bid.level * 3 + step
