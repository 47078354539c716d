"""A Bid Whist hand as the table records it, where no cards are known, and its validation.

The shapes, as the API, the forms and import take them and ``to_dict`` writes them back:

- ``{"bidder": 0, "bid": "4U", "trump": "H", "books": 11, "reneges": [0, 1]}``
  (``reneges`` optional, per side [A, B]);
- ``{"bidder": 1, "bid": "5NT", "direction": "low", "books": 10}``;
- ``{"thrown_in": true}``: everyone passed under ``all_pass=redeal``.

``record_from_dict`` checks every rule and raises :class:`InvalidHand` listing every
problem as (field, message), each message naming the field and the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Suit
from ..core.errors import InvalidHand, ParseError
from ..core.messages import Message, msg, nmsg
from ..core.numbers import shown
from ..core.records import Problems, parse_text, read_thrown_in
from ..core.seats import SEATS
from .bids import DIRECTIONS, MAX_LEVEL, Bid, Direction, Kind, direction_of
from .cards import BOOKS
from .scoring import HandScore, score_hand
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


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand that was bid and played: the bidder, the bid, its trump suit (uptown or
    downtown; None in no-trump) and direction, the bidding side's books (the discard
    included) and the caught reneges per side [A, B]."""

    bidder: int
    bid: Bid
    trump: Suit | None
    direction: Direction
    books: int
    reneges: tuple[int, int] = (0, 0)

    thrown_in = False

    def score(self, settings: BidWhistSettings) -> HandScore:
        return score_hand(settings, self.bidder, self.bid, self.books, self.reneges)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bidder": self.bidder, "bid": str(self.bid)}
        if self.trump is not None:
            out["trump"] = self.trump.letter
        else:
            out["direction"] = self.direction
        out["books"] = self.books
        if any(self.reneges):
            out["reneges"] = list(self.reneges)
        return out


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """A deal all four passed under ``all_pass=redeal``: nothing is scored."""

    thrown_in = True

    def to_dict(self) -> dict[str, Any]:
        return {"thrown_in": True}


HandRecord = PlayedHand | ThrownIn


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


def _read_trump(kind: Kind | None, body: dict, problems: Problems) -> tuple[Suit | None, bool]:
    value = body.get("trump")
    if kind is Kind.NO_TRUMP:
        if not _absent(value):
            problems.add("trump", msg("a no-trump bid has no trump suit; name a direction"))
            return None, False
        return None, True
    if _absent(value):
        if kind is not None:
            problems.add(
                "trump",
                msg("trump is missing; an uptown or downtown bid names a suit: C, D, H or S"),
            )
        return None, False
    if not isinstance(value, str):
        problems.add(
            "trump", msg("trump must be one of C D H S, not %(value)s", value=shown(value))
        )
        return None, False
    try:
        return Suit.from_str(value), True
    except ParseError as exc:
        problems.add("trump", exc.message)
        return None, False


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


def record_hand(settings: BidWhistSettings, body: dict[str, Any]) -> PlayedHand:
    """Validates a played hand given as a dict; raises InvalidHand with every problem.

    Checks: the bidder is a seat 0..3; the bid is a level ``minimum_level``..7 and a kind
    U, D or NT; an uptown or downtown bid names a trump suit and no other direction, a
    no-trump bid a direction (high or low) and no trump; books are 1..13, the discard
    included; reneges are per side, each 0..MAX_RENEGES.
    """
    problems = Problems()
    seat = problems.whole(body.get("bidder"), "bidder", FIELD_NAMES["bidder"], 0, SEATS - 1)
    bid = _read_bid(settings, body, problems)
    kind = bid.kind if bid is not None else None
    trump, trump_ok = _read_trump(kind, body, problems)
    direction = _read_direction(kind, body, problems)
    books = problems.whole(body.get("books"), "books", FIELD_NAMES["books"], 1, BOOKS)
    reneges = _read_reneges(body.get("reneges"), problems)
    if problems.found:
        raise InvalidHand(problems.found)
    assert seat is not None and bid is not None and direction is not None and trump_ok
    assert books is not None and reneges is not None
    return PlayedHand(seat, bid, trump, direction, books, reneges)


def record_from_dict(settings: BidWhistSettings, body: Any) -> HandRecord:
    """A hand from a JSON-shaped dict (the API, the form and the import format).

    Raises InvalidHand listing every problem. A thrown-in hand is allowed only under
    ``all_pass=redeal``: with ``dealer_must_bid`` somebody always bids.
    """
    if read_thrown_in(body):
        if settings.all_pass != "redeal":
            problem = msg(
                "no hand is thrown in under these rules: when all pass, the dealer must bid"
            )
            raise InvalidHand([("thrown_in", problem)])
        return ThrownIn()
    return record_hand(settings, body)
