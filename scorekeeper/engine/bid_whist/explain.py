"""Why a Bid Whist hand scored what it did, per seat, in players' words.

Only the bidding side scores (or, under ``set_goes_to=defenders_gain``, the defenders
gain a set); partners share every term. The terms follow ``scoring`` and add up to it.
"""

from __future__ import annotations

from typing import Any

from ..core.display import Notation, SignedPoints
from ..core.messages import Message, msg, nmsg
from ..core.schema import Hand
from .bids import BOOK_BASE, Kind
from .cards import SEATS
from .scoring import bid_points, books_after_reneges, side_of
from .settings import BidWhistSettings


def explain(settings: BidWhistSettings, record: Hand, place: Any = None) -> list[list[Message]]:
    """The terms of each seat's points for one hand, in seat order (partners alike); empty
    lists for a thrown-in deal and for the side that scores nothing."""
    if record.thrown_in:
        return [[] for _ in range(SEATS)]
    score = record.score(settings)
    side = side_of(record.bidder)
    terms: list[Message] = []
    moved = books_after_reneges(settings, side, record.books, record.reneges) - record.books
    if moved:
        terms.append(
            nmsg(
                "reneges move %(num)d book: %(before)d → %(after)d",
                "reneges move %(num)d books: %(before)d → %(after)d",
                abs(moved),
                before=record.books,
                after=score.books,
            )
        )
    double = record.bid.kind is Kind.NO_TRUMP
    points = bid_points(record.bid, score.books)
    if score.made:
        formula = f"{score.books} − {BOOK_BASE}"
    else:
        formula = f"−2 × {record.bid.level}" if double else f"−{record.bid.level}"
    said = {
        "books": score.books,
        "needed": score.needed,
        "formula": Notation(f"2 × ({formula})" if double and score.made else formula),
        "points": SignedPoints(points),
    }
    if score.made:
        terms.append(
            msg("made with %(books)d books, %(needed)d needed: %(formula)s = %(points)s", **said)
        )
        if score.boston and settings.boston == "double":
            terms.append(
                msg("Boston, all 13 books, doubled: %(points)s more", points=said["points"])
            )
    else:
        terms.append(
            msg("set with %(books)d books, %(needed)d needed: %(formula)s = %(points)s", **said)
        )
        if settings.set_goes_to == "defenders_gain":
            gain = msg(
                "the bidders were set: the defenders gain %(points)s", points=SignedPoints(-points)
            )
            return [[gain] if side_of(seat) != side else [] for seat in range(SEATS)]
    return [list(terms) if side_of(seat) == side else [] for seat in range(SEATS)]
