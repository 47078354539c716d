"""A Bid Whist hand as the table records it, where no cards are known: its fields declared
once (``core.schema``), each with the stored form the API, the store and the exports have
always had, and read by the schema with the table's own words for every refusal, in the
order the table has always listed them (the bidder, the bid, its trump or direction, the
books, the reneges).

The shapes, as the API, the forms and import take them and ``to_dict`` writes them back:

- ``{"bidder": 0, "bid": "4U", "trump": "H", "books": 11, "reneges": [0, 1]}``
  (``reneges`` optional, per side [A, B], written only when a renege was caught);
- ``{"bidder": 1, "bid": "5NT", "direction": "low", "books": 10}``: a no-trump bid names
  its direction, a bid with trumps its suit, never both;
- ``{"thrown_in": true}``: everyone passed under ``all_pass=redeal``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Suit
from ..core.command_line import HandOption
from ..core.errors import ParseError
from ..core.form import Choice, FormField, numbers
from ..core.messages import msg, nmsg
from ..core.numbers import shown
from ..core.records import Problems, seat_numbers
from ..core.schema import (
    Check,
    CheckedSchema,
    Context,
    Field,
    Number,
    OneOf,
    PerSide,
    Refused,
    Said,
    SeatOf,
    SuitOf,
)
from ..core.schema import Kind as HandKind
from .bids import DIRECTIONS, MAX_LEVEL, Bid, Kind, direction_of
from .cards import BOOKS

MAX_RENEGES = 4
"""Caught reneges per side in one hand. The table stops here: with the default 3 books a
renege, 4 already move 12 of the 13 books, and the entry pad stays small."""

TRUMP_KINDS = tuple(k.letters for k in Kind if k.has_trump)


def _absent(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class BidOf(Field):
    """The bid, stored as its text (``"4U"``), asked as two rows of keys: level and kind."""

    metavar = "BID"

    def parse(self, value: Any, ctx: Context) -> Bid:
        if _absent(value):
            problem = msg("bid is missing; write level and kind, as in 4U, 4D or 4NT")
        elif not isinstance(value, str):
            problem = msg(
                "bid must be text such as 4U, 4D or 4NT, not %(value)s", value=shown(value)
            )
        else:
            try:
                bid = Bid.from_str(value)
            except ParseError as exc:
                raise Refused(("bid", exc.message)) from None
            minimum = ctx.settings.minimum_level
            if bid.level >= minimum:
                return bid
            problem = msg(
                "bid level is %(level)d; these rules allow %(minimum)d..%(most)d",
                level=bid.level,
                minimum=minimum,
                most=MAX_LEVEL,
            )
        raise Refused(("bid", problem))

    def dump(self, typed: Bid | None) -> str | None:
        return None if typed is None else str(typed)

    def load(self, value: Any) -> Bid | None:
        return None if value is None else Bid.from_str(value)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        levels = numbers(ctx.settings.minimum_level, MAX_LEVEL)
        kinds = tuple(Choice(k.letters, k.label) for k in Kind)
        return (
            FormField("level", msg("Level"), levels, style="levels"),
            FormField("kind", msg("Kind"), kinds, style="wide"),
        )

    def to_form(self, value: Any) -> dict[str, str]:
        bid = Bid.from_str(value)
        return {"level": str(bid.level), "kind": bid.kind.letters}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> str | None:
        level, kind = values.get("level"), values.get("kind")
        return f"{level}{kind}" if level and kind else None

    def draw(self, ctx: Context, rng: random.Random) -> str:
        return f"{rng.randint(ctx.settings.minimum_level, MAX_LEVEL)}{rng.choice(list(Kind))}"

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> str:
        return str(typed)


class TrumpOf(SuitOf):
    """The trump suit of a bid with trumps; a no-trump hand stores none."""

    def parse(self, value: Any, ctx: Context) -> Suit | None:
        if _absent(value):
            return None
        if not isinstance(value, str):
            said = msg("trump must be one of C D H S, not %(value)s", value=shown(value))
            raise Refused(("trump", said))
        try:
            return Suit.from_str(value)
        except ParseError as exc:
            raise Refused(("trump", exc.message)) from None


class DirectionOf(OneOf):
    """The card order a no-trump bid names, high or low (any case, spaces around)."""

    def parse(self, value: Any, ctx: Context) -> str | None:
        if _absent(value):
            return None
        text = value.strip().lower() if isinstance(value, str) else value
        if text not in DIRECTIONS:
            said = msg("direction must be high or low, not %(value)s", value=shown(value))
            raise Refused(("direction", said))
        return text


class Books(Number):
    """The bidding side's books, the discard included: a row of keys, 1 to 13."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return (FormField(self.name, self.label, numbers(1, BOOKS)),)


class Reneges(PerSide):
    """Caught reneges per side [A, B], stored only when there were some; on the form a
    number per side in the books' folded group, 0 unless changed."""

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        return tuple(
            FormField(
                f"reneges_{index}",
                msg("Reneges by %(side)s", side=" & ".join(players[s] for s in side)),
                high=MAX_RENEGES,
                default="0",
                folded=True,
            )
            for index, side in enumerate(ctx.sides)
        )

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        if _absent(value):
            return (0, 0)
        if isinstance(value, list | tuple):
            value = [0 if _absent(count) else count for count in value]
        problems = Problems()
        counts = seat_numbers(
            value,
            "reneges",
            problems,
            2,
            (0, MAX_RENEGES),
            msg("reneges must be a list of 2 numbers, one per side"),
            lambda count: nmsg(
                "reneges has %(num)d value; it needs 2, one per side",
                "reneges has %(num)d values; it needs 2, one per side",
                count,
            ),
            (msg("reneges of side A"), msg("reneges of side B")),
        )
        if counts is None:
            raise Refused(problems.found)
        return tuple(counts)

    def to_form(self, value: Any) -> dict[str, str]:
        return {f"reneges_{i}": str(count) for i, count in enumerate(value or (0, 0))}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> list[Any]:
        return [values.get(f"reneges_{side}") or 0 for side in range(len(ctx.sides))]

    def option(self, ctx: Context) -> HandOption:
        return HandOption(self.name, self.help or "", "A,B")


def _other_direction(ctx: Context, values: Mapping[str, Any], body: Mapping[str, Any]) -> Any:
    """A direction given to a bid with trumps other than the one its kind plays."""
    kind, value = values["bid"].kind, body.get("direction")
    text = value.strip().lower() if isinstance(value, str) else value
    if not kind.has_trump or _absent(value) or text == direction_of(kind):
        return None
    return {"kind": kind.label, "dir": direction_of(kind)}


HAND = CheckedSchema(
    SeatOf(
        "bidder",
        msg("Bidder"),
        what=msg("bidder"),
        step="bid",
        help="The seat that won the auction",
        default=None,
    ),
    BidOf("bid", msg("Bid"), step="bid", help="Level and kind, as in 4U, 4D or 4NT", default=None),
    Check(
        "trump",
        ("bid",),
        lambda ctx, v, body: v["bid"].kind is Kind.NO_TRUMP and not _absent(body.get("trump")),
        Said(msg("a no-trump bid has no trump suit; name a direction")),
    ),
    TrumpOf(
        "trump",
        msg("Trump"),
        step="bid",
        shown_when=("kind", TRUMP_KINDS),
        help="Trump suit of an uptown or downtown bid: C D H S",
        default=None,
        omit_empty=True,
    ),
    Check(
        "trump",
        ("bid", "trump"),
        lambda ctx, v, body: v["bid"].kind.has_trump and v["trump"] is None,
        Said(msg("trump is missing; an uptown or downtown bid names a suit: C, D, H or S")),
    ),
    Check(
        "direction",
        ("bid",),
        _other_direction,
        Said(msg("an uptown or downtown bid has no direction of its own; %(kind)s plays %(dir)s")),
    ),
    DirectionOf(
        "direction",
        msg("Direction"),
        (("high", msg("high")), ("low", msg("low"))),
        step="bid",
        shown_when=("kind", (Kind.NO_TRUMP.letters,)),
        help="Direction of a no-trump bid",
        default=None,
        omit_empty=True,
    ),
    Check(
        "direction",
        ("bid", "direction"),
        lambda ctx, v, body: v["bid"].kind is Kind.NO_TRUMP and v["direction"] is None,
        Said(msg("direction is missing; a no-trump bid is high or low")),
    ),
    Books(
        "books",
        msg("Books won by the bidding side, the kitty included"),
        1,
        BOOKS,
        what=msg("books"),
        step="taken",
        help="Books of the bidding side, the discard included",
        default=None,
    ),
    Reneges(
        "reneges",
        msg("Reneges"),
        0,
        MAX_RENEGES,
        step="taken",
        help="Caught reneges per side, A then B",
        default=(0, 0),
        omit_empty=True,
    ),
    thrown_in=HandKind(
        "thrown_in",
        Check(
            "thrown_in",
            (),
            lambda ctx, v, body: ctx.settings.all_pass != "redeal",
            Said(msg("no hand is thrown in under these rules: when all pass, the dealer must bid")),
        ),
        said=Said(msg("thrown_in must be true or false, not %(value)s")),
        action="throw_in",
    ),
    steps={"bid": msg("Bid"), "taken": msg("Books")},
)
"""The hand's fields and the checks between them, in the order the table writes them and
lists its refusals; a deal is thrown in only when all four passed under ``all_pass=redeal``."""
