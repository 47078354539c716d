"""What Bid Whist's pages show: a replayed hand as a row, the rules lines and scoring table
of a score sheet, and a hand in one line for the revisions page. Plain data (see
``core/display.py``): the app translates its Messages and prints it.

A row has one :class:`SeatView` per side (A, then B), not per seat: partners score alike,
so the scoreboard shows two columns. The bidding side's ``entry`` is (books needed,
books taken), as Israeli Whist's is (contract, tricks); the defenders' is ("–", their
books), as they needed none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Suit
from ..core.display import (
    MINUS,
    NO_FIGURE,
    Label,
    Notation,
    RulesLine,
    signed,
)
from ..core.messages import Message, msg, nmsg
from ..core.schema import Context, HandSummary
from .bids import BOOK_BASE, MAX_LEVEL, Bid, Kind
from .cards import BOOKS
from .scoring import SIDES, bid_points
from .settings import BidWhistSettings

OUTCOMES: dict[str, Label] = {
    "made": Label((msg("made"),), "made"),
    "set": Label((msg("set"),), "set"),
    "boston": Label((msg("Boston"),), "made"),
}
THROWN_IN = Label((msg("thrown in"),))


def bid_label(bid: Bid | str, trump: Suit | str | None, direction: str | None) -> Label:
    """A bid as players say it: ``4 uptown ♥``, ``5 no-trump low``; a red trump suit gets
    the class "r"."""
    if isinstance(bid, str):
        bid = Bid.from_str(bid)
    if bid.kind is Kind.NO_TRUMP:
        if direction == "low":
            return Label((msg("%(level)d no-trump low", level=bid.level),))
        return Label((msg("%(level)d no-trump high", level=bid.level),))
    suit = Suit.from_str(trump) if isinstance(trump, str) else trump
    symbol = suit.symbol if suit is not None else ""
    if bid.kind is Kind.UPTOWN:
        said = msg("%(level)d uptown %(suit)s", level=bid.level, suit=symbol)
    else:
        said = msg("%(level)d downtown %(suit)s", level=bid.level, suit=symbol)
    return Label((said,), "r" if suit is not None and suit.is_red else "")


def view(settings: BidWhistSettings, record: Any, ctx: Context) -> HandSummary:
    """One hand as the pages show it, from which ``GameBase.hand_views`` draws the
    scoreboard's row: who bid, the bid as said, made or set, and per side its books."""
    if record.thrown_in:
        return HandSummary(None, None, THROWN_IN, ((), ()), (None, None))
    score = record.score(settings)
    bidders = score.bidder_side
    entries = {
        bidders: (str(score.needed), str(score.books)),
        1 - bidders: (NO_FIGURE, str(BOOKS - score.books)),
    }
    outcome = "boston" if score.boston else ("made" if score.made else "set")
    return HandSummary(
        record.bidder,
        bid_label(record.bid, record.trump, record.direction),
        OUTCOMES[outcome],
        (entries[0], entries[1]),
        tuple(score.made if side == bidders else None for side in range(len(SIDES))),
    )


def rules_lines(settings: BidWhistSettings) -> list[RulesLine]:
    """The scoring table and the house rules as short lines for a score sheet."""
    s = settings
    return [
        RulesLine(msg("Uptown or downtown made, B books"), Notation(f"B {MINUS} {BOOK_BASE}")),
        RulesLine(msg("Uptown or downtown set at level L"), Notation(f"{MINUS}L")),
        RulesLine(msg("No-trump made, B books"), Notation(f"2·(B {MINUS} {BOOK_BASE})")),
        RulesLine(msg("No-trump set at level L"), Notation(f"{MINUS}2L")),
        s.line_of("set_goes_to"),
        s.line_of("boston"),
        RulesLine(
            msg("Renege"),
            nmsg(
                "%(num)d book to the other side", "%(num)d books to the other side", s.renege_books
            ),
        ),
        s.line_of("jokers"),
        RulesLine(
            msg("Lowest bid"), Notation(f"{s.minimum_level} ({BOOK_BASE + s.minimum_level})")
        ),
        s.line_of("downtown_over_uptown"),
        RulesLine(msg("All four pass"), s.word_of("all_pass")),
        s.line_of("nt_jokers"),
        s.line_of("downtown_ace_high"),
        s.line_of("sport_kitty"),
        RulesLine(msg("Target"), Notation(f"±{s.target}")),
        RulesLine(msg("Deal limit"), s.deal_limit if s.deal_limit else msg("none")),
    ]


def rules_notes(settings: BidWhistSettings) -> list[Message]:
    """The rules a score sheet states in a sentence."""
    return [
        msg(
            "Partners sit opposite each other and score together. Only the bidding side "
            "scores. Level L needs 6 + L books; the discard is the "
            "bidders' first book."
        ),
        msg(
            "A side at +%(target)d or more wins; a side at %(minus)s or less loses. A tie "
            "at the end plays on.",
            target=settings.target,
            minus=Notation(signed(-settings.target)),
        ),
    ]


def points_table(settings: BidWhistSettings) -> list[tuple[int, int]]:
    """Points for each level made exactly with an uptown or downtown bid (no-trump scores
    double), from the scoring."""
    return [
        (level, bid_points(Bid(level, Kind.UPTOWN), BOOK_BASE + level))
        for level in range(settings.minimum_level, MAX_LEVEL + 1)
    ]


def describe_hand(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> list[Message]:
    """A hand given as its ``to_dict`` in one line, as parts a page joins with " · "."""
    if hand.get("thrown_in"):
        return [msg("thrown in: everyone passed")]
    label = bid_label(hand["bid"], hand.get("trump"), hand.get("direction"))
    parts = [
        msg(
            "%(bidder)s %(bid)s · %(books)d books",
            bidder=players[hand["bidder"]],
            bid=label.pieces[0],
            books=hand["books"],
        )
    ]
    reneges = hand.get("reneges") or (0, 0)
    if any(reneges):
        parts.append(msg("reneges A %(a)d, B %(b)d", a=reneges[0], b=reneges[1]))
    return parts
