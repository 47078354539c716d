"""A Bid Whist hand as the table records it, where no cards are known: its fields declared
once (``core.schema``), each with the stored form the API, the store and the exports have
always had, and its reading with the table's own words for every refusal.

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
from ..core.errors import InvalidHand, ParseError
from ..core.form import Choice, FormField, numbers
from ..core.messages import Message, msg, nmsg
from ..core.numbers import shown
from ..core.records import Problems, parse_text, read_thrown_in
from ..core.schema import Context, Count, Field, Hand, HandSchema, OneOf, PerSide, SeatOf, SuitOf
from ..core.seats import SEATS
from .bids import DIRECTIONS, MAX_LEVEL, Bid, Direction, Kind, direction_of
from .cards import BOOKS
from .settings import BidWhistSettings

MAX_RENEGES = 4
"""Caught reneges per side in one hand. The table stops here: with the default 3 books a
renege, 4 already move 12 of the 13 books, and the entry pad stays small."""

FIELD_NAMES: dict[str, Message] = {
    "bidder": msg("bidder"),
    "books": msg("books"),
    "reneges[0]": msg("reneges of side A"),
    "reneges[1]": msg("reneges of side B"),
}
TRUMP_KINDS = tuple(k.letters for k in Kind if k.has_trump)


class BidOf(Field):
    """The bid, stored as its text (``"4U"``), asked as two rows of keys: level and kind."""

    metavar = "BID"

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

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        return values.get(self.name)


class Books(Count):
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

    def to_form(self, value: Any) -> dict[str, str]:
        return {f"reneges_{i}": str(count) for i, count in enumerate(value or (0, 0))}

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> list[Any]:
        return [values.get(f"reneges_{side}") or 0 for side in range(len(ctx.sides))]

    def option(self, ctx: Context) -> HandOption:
        return HandOption(self.name, self.help or "", "A,B")


def _absent(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _read_bid(settings: BidWhistSettings, body: dict, problems: Problems) -> Bid | None:
    text = body.get("bid")
    if _absent(text):
        problems.add("bid", msg("bid is missing; write level and kind, as in 4U, 4D or 4NT"))
        return None
    not_text = msg("bid must be text such as 4U, 4D or 4NT, not %(value)s", value=shown(text))
    bid = parse_text(text, "bid", Bid.from_str, problems, not_text)
    if bid is None:
        return None
    if bid.level < settings.minimum_level:
        problems.add(
            "bid",
            msg(
                "bid level is %(level)d; these rules allow %(minimum)d..%(most)d",
                level=bid.level,
                minimum=settings.minimum_level,
                most=MAX_LEVEL,
            ),
        )
        return None
    return bid


def _read_trump(kind: Kind | None, body: dict, problems: Problems) -> Suit | None:
    value = body.get("trump")
    if kind is Kind.NO_TRUMP:
        if not _absent(value):
            problems.add("trump", msg("a no-trump bid has no trump suit; name a direction"))
        return None
    if _absent(value):
        if kind is not None:
            problems.add(
                "trump",
                msg("trump is missing; an uptown or downtown bid names a suit: C, D, H or S"),
            )
        return None
    if not isinstance(value, str):
        problems.add(
            "trump", msg("trump must be one of C D H S, not %(value)s", value=shown(value))
        )
        return None
    try:
        return Suit.from_str(value)
    except ParseError as exc:
        problems.add("trump", exc.message)
        return None


def _read_direction(kind: Kind | None, body: dict, problems: Problems) -> Direction | None:
    value = body.get("direction")
    text = value.strip().lower() if isinstance(value, str) else value
    if kind is not None and kind.has_trump:
        if _absent(value) or text == direction_of(kind):
            return direction_of(kind)
        problems.add(
            "direction",
            msg(
                "an uptown or downtown bid has no direction of its own; %(kind)s plays %(dir)s",
                kind=kind.label,
                dir=direction_of(kind),
            ),
        )
        return None
    if _absent(value):
        if kind is Kind.NO_TRUMP:
            problems.add("direction", msg("direction is missing; a no-trump bid is high or low"))
        return None
    if text not in DIRECTIONS:
        problems.add(
            "direction", msg("direction must be high or low, not %(value)s", value=shown(value))
        )
        return None
    return text


def _read_reneges(value: Any, problems: Problems) -> tuple[int, int] | None:
    if _absent(value):
        return (0, 0)
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, Sequence) or isinstance(value, str | bytes):
        problems.add("reneges", msg("reneges must be a list of 2 numbers, one per side"))
        return None
    if len(value) != 2:
        problems.add(
            "reneges",
            nmsg(
                "reneges has %(num)d value; it needs 2, one per side",
                "reneges has %(num)d values; it needs 2, one per side",
                len(value),
            ),
        )
        return None
    counts = [
        problems.whole(0 if _absent(count) else count, field, FIELD_NAMES[field], 0, MAX_RENEGES)
        for field, count in zip(("reneges[0]", "reneges[1]"), value, strict=True)
    ]
    return None if None in counts else (counts[0], counts[1])


class TableHand(HandSchema):
    """Bid Whist's hand read as the table says it, every problem gathered: the trump or
    direction a bid needs follows its kind, each refusal in the words the table has always
    read, and a deal is thrown in only when all four passed under ``all_pass=redeal``."""

    @property
    def hand_fields(self) -> frozenset[str]:
        return super().hand_fields | {"thrown_in"}

    def read(self, game: Any, body: Any, ctx: Context) -> Hand:
        """The hand in ``body``; raises InvalidHand listing every problem, each message
        naming the field and the rule. Checks: the bidder is a seat 0..3; the bid is a
        level ``minimum_level``..7 and a kind U, D or NT; a bid with trumps names a suit
        and no other direction, a no-trump bid a direction (high or low) and no trump;
        books are 1..13, the discard included; reneges are per side, each 0..4."""
        settings: BidWhistSettings = ctx.settings
        if read_thrown_in(body):
            if settings.all_pass != "redeal":
                problem = msg(
                    "no hand is thrown in under these rules: when all pass, the dealer must bid"
                )
                raise InvalidHand([("thrown_in", problem)])
            return Hand(game, {f.name: f.empty() for f in self.fields}, True)
        problems = Problems()
        bidder = problems.whole(body.get("bidder"), "bidder", FIELD_NAMES["bidder"], 0, SEATS - 1)
        bid = _read_bid(settings, body, problems)
        kind = None if bid is None else bid.kind
        trump = _read_trump(kind, body, problems)
        direction = _read_direction(kind, body, problems)
        books = problems.whole(body.get("books"), "books", FIELD_NAMES["books"], 1, BOOKS)
        reneges = _read_reneges(body.get("reneges"), problems)
        if problems.found:
            raise InvalidHand(problems.found)
        assert kind is not None
        values = {
            "bidder": bidder,
            "bid": bid,
            "trump": trump,
            "direction": None if kind.has_trump else direction,
            "books": books,
            "reneges": reneges,
        }
        return Hand(game, values)


HAND = TableHand(
    SeatOf("bidder", msg("Bidder"), step="bid", help="The seat that won the auction", default=None),
    BidOf("bid", msg("Bid"), step="bid", help="Level and kind, as in 4U, 4D or 4NT", default=None),
    TrumpOf(
        "trump",
        msg("Trump"),
        step="bid",
        shown_when=("kind", TRUMP_KINDS),
        help="Trump suit of an uptown or downtown bid: C D H S",
        default=None,
        omit_empty=True,
    ),
    OneOf(
        "direction",
        msg("Direction"),
        (("high", msg("high")), ("low", msg("low"))),
        step="bid",
        shown_when=("kind", (Kind.NO_TRUMP.letters,)),
        help="Direction of a no-trump bid",
        default=None,
        omit_empty=True,
    ),
    Books(
        "books",
        msg("Books won by the bidding side, the kitty included"),
        1,
        BOOKS,
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
    steps={"bid": msg("Bid"), "taken": msg("Books")},
)
"""The hand's fields in the order the table writes them."""
