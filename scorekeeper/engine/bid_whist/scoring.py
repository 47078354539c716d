"""Scoring: points per side from (settings, bid, books taken, reneges), as "The score" of
docs/rules/bid-whist.md tables it; a Boston that wins the game says so
(``HandScore.outright``). Sides are A (seats 0 and 2) and B (seats 1 and 3).

``explain`` says why a hand scored what it did, per seat, in players' words: only the
bidding side scores (or the defenders gain a set), partners share every term, and the
terms add up to ``score_hand``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import Notation, SignedPoints
from ..core.messages import Message, msg, nmsg
from ..core.schema import Hand
from .bids import BOOK_BASE, Bid, Kind
from .cards import BOOKS, SEATS
from .settings import BidWhistSettings

SIDES: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))


def side_of(seat: int) -> int:
    """The side of a seat: 0 (A, seats 0 and 2) or 1 (B, seats 1 and 3)."""
    return seat % 2


@dataclass(frozen=True, slots=True)
class HandScore:
    """The scored result of one hand.

    ``points`` is per side [A, B]; ``books`` the bidding side's books after reneges;
    ``needed`` the books the bid needed; ``boston`` is True for all 13 books.
    """

    points: tuple[int, int]
    made: bool
    needed: int
    books: int
    boston: bool
    bidder_side: int
    outright: int | None = None
    """The side that wins the game with this hand whatever the totals: the bidders' with
    a Boston under ``boston=wins_game`` (``core.progress.resume``)."""

    @property
    def goes_out(self) -> int | None:
        """The side that wins when both reach the target in this hand: the bidders, if
        they made their bid (else the side ahead)."""
        return self.bidder_side if self.made else None


def bid_points(bid: Bid, books: int) -> int:
    """What the bidding side's bid is worth with ``books``: positive if made, else the
    (negative) set."""
    factor = 2 if bid.kind is Kind.NO_TRUMP else 1
    if books >= bid.books_needed:
        return factor * (books - BOOK_BASE)
    return -factor * bid.level


def score_hand(
    settings: BidWhistSettings,
    bidder: int,
    bid: Bid,
    books: int,
    reneges: Sequence[int] = (0, 0),
) -> HandScore:
    """Scores a hand whose values are already valid (see ``records``): ``books`` is what
    the bidding side took, the discard included, before reneges; ``reneges`` is per side."""
    side = side_of(bidder)
    # each caught renege moves ``renege_books`` books to the other side, within 0..13
    moved = settings.renege_books * (reneges[1 - side] - reneges[side])
    taken = max(0, min(BOOKS, books + moved))
    value = bid_points(bid, taken)
    made = taken >= bid.books_needed
    boston = taken == BOOKS
    if boston and settings.boston == "double":
        value *= 2
    points = [0, 0]
    if not made and settings.set_goes_to == "defenders_gain":
        points[1 - side] = -value
    else:
        points[side] = value
    outright = side if boston and settings.boston == "wins_game" else None
    return HandScore((points[0], points[1]), made, bid.books_needed, taken, boston, side, outright)


def explain(settings: BidWhistSettings, record: Hand, place: Any = None) -> list[list[Message]]:
    """The terms of each seat's points for one hand, in seat order (partners alike); empty
    lists for a thrown-in deal and for the side that scores nothing."""
    if record.thrown_in:
        return [[] for _ in range(SEATS)]
    score = record.score(settings)
    side = side_of(record.bidder)
    terms: list[Message] = []
    moved = score.books - record.books
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
        formula = f"2 × ({score.books} − {BOOK_BASE})" if double else f"{score.books} − {BOOK_BASE}"
    else:
        formula = f"−2 × {record.bid.level}" if double else f"−{record.bid.level}"
    said = {"needed": score.needed, "formula": Notation(formula), "points": SignedPoints(points)}
    if score.made:
        terms.append(
            nmsg(
                "made with %(num)d book, %(needed)d needed: %(formula)s = %(points)s",
                "made with %(num)d books, %(needed)d needed: %(formula)s = %(points)s",
                score.books,
                **said,
            )
        )
        if score.boston and settings.boston == "double":
            terms.append(
                msg("Boston, all 13 books, doubled: %(points)s more", points=said["points"])
            )
    else:
        terms.append(
            nmsg(
                "set with %(num)d book, %(needed)d needed: %(formula)s = %(points)s",
                "set with %(num)d books, %(needed)d needed: %(formula)s = %(points)s",
                score.books,
                **said,
            )
        )
        if settings.set_goes_to == "defenders_gain":
            gain = msg(
                "the bidders were set: the defenders gain %(points)s", points=SignedPoints(-points)
            )
            return [[gain] if side_of(seat) != side else [] for seat in range(SEATS)]
    return [list(terms) if side_of(seat) == side else [] for seat in range(SEATS)]
