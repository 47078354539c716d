"""A bid of a level and a denomination, a trump suit or no-trump, as Israeli Whist's
phase-one bid and Bridge's contract are written: text that round-trips, and the hand
field that writes one (:class:`BidOf`: the API's text, the form's two rows of keys).

``Bid.from_str(str(bid)) == bid`` holds for every bid; ``7C``, ``9nt`` and ``10♠`` are read.
A game's bids are a subclass naming its ``LEVELS`` (Israeli Whist's 5..13).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .calls import check_level
from .cards import Suit
from .display import Label
from .errors import ParseError
from .form import Choice, FormField, numbers
from .messages import Message, msg
from .numbers import out_of_range, parse_int, shown
from .schema import Context, Field, Refused

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

    @property
    def label(self) -> Label:
        """The bid as a score sheet writes it, ``7♥`` or ``7NT``; a red suit's class "r"."""
        red = "r" if self.denomination.is_red else ""
        return Label((str(self.level), self.denomination.shown), red)

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


class BidOf(Field):
    """A hand's bid of ``bids`` (a :class:`LevelBid` subclass): the API's text (``"7C"``,
    ``"9NT"``), or its ``level`` and ``denomination`` apart (as the form asks them)."""

    metavar = "BID"

    def __init__(
        self, name: str, label: Message, bids: type[LevelBid] = LevelBid, **kwargs: Any
    ) -> None:
        super().__init__(name, label, **kwargs)
        self.bids = bids

    def parse(self, value: Any, ctx: Context) -> LevelBid:
        if isinstance(value, self.bids):
            return value
        if isinstance(value, Mapping):
            return self._of_parts(value.get("level"), value.get("denomination"))
        if not isinstance(value, str):
            said = msg("bid must be text such as 7C or 9NT, not %(value)s", value=shown(value))
            raise Refused(("bid", said))
        try:
            return self.bids.from_str(value)
        except ParseError as exc:
            raise Refused(("bid", exc.message)) from None

    def dump(self, typed: Any) -> Any:
        return None if typed is None else str(typed)

    def load(self, value: Any) -> Any:
        return None if value is None else self.bids.from_str(value)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        trumps = tuple(Choice(d.code, d.shown, "red" if d.is_red else "") for d in Denomination)
        levels = numbers(self.bids.LEVELS[0], self.bids.LEVELS[-1])
        return (
            FormField("level", msg("Level"), levels, style="levels"),
            FormField("denomination", msg("Trump"), trumps, style="trumps"),
        )

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> str:
        return str(typed)

    def to_form(self, value: Any) -> dict[str, str]:
        if value is None:
            return {}
        bid = self.bids.from_str(value)
        return {"level": str(bid.level), "denomination": bid.denomination.code}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return {"level": values.get("level"), "denomination": values.get("denomination")}

    def range_words(self, ctx: Context) -> str:
        low, high = self.bids.LEVELS[0], self.bids.LEVELS[-1]
        return f"the level {low} to {high} and the trump, C, D, H, S or NT, such as 7C or 9NT"

    def draw(self, ctx: Context, rng: random.Random) -> str:
        level = rng.randint(self.bids.LEVELS[0], self.bids.LEVELS[-1])
        return f"{level}{rng.choice(list(Denomination)).code}"

    def _of_parts(self, level: Any, denomination: Any) -> LevelBid:
        """The bid of a level and a denomination given apart; raises Refused naming each."""
        low, high = self.bids.LEVELS[0], self.bids.LEVELS[-1]
        problems: list[tuple[str, Message]] = []
        try:
            lvl = int(level) if isinstance(level, int) else int(str(level).strip())
        except ValueError:
            problems.append(
                ("level", msg("level is missing; choose %(low)d..%(high)d", low=low, high=high))
            )
            lvl = None
        den = None
        try:
            den = Denomination.from_str(str(denomination or ""))
        except ParseError:
            missing = msg("denomination is missing; choose C, D, H, S or NT")
            problems.append(("denomination", missing))
        if lvl is not None and lvl not in self.bids.LEVELS:
            problems.append(("level", out_of_range("level", "level", lvl, low, high)))
        if problems or lvl is None or den is None:
            raise Refused(*problems)
        return self.bids(lvl, den)
