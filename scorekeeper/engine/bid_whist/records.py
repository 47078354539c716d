"""A Bid Whist hand as the table records it, where no cards are known: its fields declared
once on the plain schema (``core.schema``): a bid with trumps asks its suit, a no-trump bid
its direction (``shown_when``: the schema names the one left out), reneges per side [A, B]
are written only when caught. The API's shapes are those of docs/rules/bid-whist.md ("What
the app records for a hand"); hands stored before the plain schema are rewritten into them
by ``scorekeeper.db.plain_hands.bid_whist``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import ParseError
from ..core.form import Choice, FormField, numbers
from ..core.messages import Message, msg, nmsg
from ..core.schema import Context, Count, Field, HandSchema, OneOf, PerSide, Refused, SeatOf, SuitOf
from .bids import MAX_LEVEL, Bid, Kind
from .cards import BOOKS

MAX_RENEGES = 4
"""Caught reneges per side in one hand. The table stops here: with the default 3 books a
renege, 4 already move 12 of the 13 books, and the entry pad stays small."""


class BidOf(Field):
    """The bid, stored as its text (``"4U"``), asked as two rows of keys: level and kind."""

    metavar = "BID"

    def parse(self, value: Any, ctx: Context) -> Bid:
        try:
            bid = Bid.from_str(value)
        except ParseError as exc:
            raise Refused(("bid", exc.message)) from None
        minimum = ctx.settings.minimum_level
        if bid.level < minimum:
            problem = msg(
                "bid level is %(level)d; these rules allow %(minimum)d..%(most)d",
                level=bid.level,
                minimum=minimum,
                most=MAX_LEVEL,
            )
            raise Refused(("bid", problem))
        return bid

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


def thrown_in(ctx: Context) -> Message | None:
    """A deal is thrown in only when all four passed under ``all_pass=redeal``."""
    if ctx.settings.all_pass == "redeal":
        return None
    return msg("no hand is thrown in under these rules: when all pass, the dealer must bid")


DIRECTIONS = {"high": msg("high"), "low": msg("low")}
"""How a no-trump bid ranks the cards, as its bidder names it."""
TRUMP_KINDS = tuple(k.letters for k in Kind if k.has_trump)

HAND = HandSchema(
    SeatOf(
        "bidder",
        msg("Bidder"),
        what=msg("bidder"),
        step="bid",
        help="The seat that won the auction",
    ),
    BidOf("bid", msg("Bid"), step="bid", help="Level and kind, as in 4U, 4D or 4NT"),
    SuitOf(
        "trump",
        msg("Trump"),
        step="bid",
        shown_when=("kind", TRUMP_KINDS),
        help="Trump suit of an uptown or downtown bid: C D H S",
        omit_empty=True,
    ),
    OneOf(
        "direction",
        msg("Direction"),
        tuple(DIRECTIONS.items()),
        step="bid",
        shown_when=("kind", (Kind.NO_TRUMP.letters,)),
        help="Direction of a no-trump bid",
        omit_empty=True,
    ),
    Count(
        "books",
        msg("Books won by the bidding side, the kitty included"),
        1,
        BOOKS,
        step="taken",
        help="Books of the bidding side, the discard included",
    ),
    PerSide(
        "reneges",
        msg("Reneges"),
        0,
        MAX_RENEGES,
        folded=True,
        said=lambda n: nmsg("%(num)d renege", "%(num)d reneges", n),
        step="taken",
        help="Caught reneges per side, A then B",
        default=(0, 0),
        omit_empty=True,
    ),
    thrown_in=thrown_in,
    steps={"bid": msg("Bid"), "taken": msg("Books")},
    folds=("bid",),
    folded_label=lambda ctx: msg("Reneges (%(books)d books each)", books=ctx.settings.renege_books),
    thrown_in_label=msg("Everyone passed: throw in"),
)
"""The hand's fields in the order the table writes them."""
