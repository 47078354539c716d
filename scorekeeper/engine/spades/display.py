"""What Spades' pages show: a replayed hand as a row, the rules lines of a score sheet,
and a hand in one line for the revisions page. Plain data (see ``core/display.py``).

A row has one :class:`SeatView` per side (A, then B): partners score alike. A side's
``entry`` is its bids (``4+3``; ``N`` a nil, ``BN`` a blind nil), the tricks it took and
its bags after the hand; a bag penalty is a penalty mark beside the points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.display import (
    HandView,
    Label,
    Notation,
    PenaltyMark,
    RevisionView,
    RulesLine,
    SeatView,
    SignedPoints,
    signed,
)
from ..core.messages import Message, Side, msg
from ..core.progress import RaceProgress, ReplayedHand
from .scoring import SIDES, HandScore
from .settings import SpadesSettings

# Translators: the short mark for a bag penalty, before its points: B −100.
BAG_MARK = msg("B")

# Made reads as good and set as bad (the page's "made" and "set" looks); a side set is
# named by its players on a page (``label_with_sides``), by its letter in the API.
OUTCOMES: dict[tuple[bool, bool], Label] = {
    (True, True): Label((msg("made"),), "made"),
    (False, True): Label((msg("%(side)s set", side=Side(0)),), "set"),
    (True, False): Label((msg("%(side)s set", side=Side(1)),), "set"),
    (False, False): Label((msg("both set"),), "set"),
}


def bid_text(bids: Sequence[int], blind: Sequence[int], seat: int) -> str:
    """A seat's bid as the sheet writes it: the number, ``N`` for nil, ``BN`` blind."""
    if bids[seat]:
        return str(bids[seat])
    return "BN" if seat in blind else "N"


def bag_mark(side: Any) -> PenaltyMark | None:
    """A side's bag penalties in one hand, or None without any."""
    if not side.penalties:
        return None
    label = msg(
        "bags %(before)d → %(reached)d: %(points)s",
        before=side.bags_before,
        reached=side.bags_before + side.bags,
        points=SignedPoints(-side.penalty_points),
    )
    count = (Notation(f"×{side.penalties}"),) if side.penalties > 1 else ()
    return PenaltyMark((BAG_MARK, *count), -side.penalty_points, label)


def hand_view(hand: ReplayedHand) -> HandView:
    """One replayed hand as a row: per side its bids, tricks and bags, its points before
    any bag penalty, the penalty, and the running total."""
    record, score = hand.record, hand.score
    assert isinstance(score, HandScore)
    views = []
    for index, seats in enumerate(SIDES):
        side = score.sides[index]
        bids = "+".join(bid_text(record.bids, record.blind_nil, s) for s in seats)
        taken = sum(record.tricks[s] for s in seats)
        views.append(
            SeatView(
                (bids, str(taken), str(side.bags_after)),
                side.points_before_penalty,
                hand.totals[index],
                side.all_made,
                bag_mark(side),
            )
        )
    outcome = OUTCOMES[(score.sides[0].all_made, score.sides[1].all_made)]
    return HandView(hand.number, hand.dealer, None, None, outcome, tuple(views))


def hand_views(progress: RaceProgress) -> list[HandView]:
    """One row per hand, newest last."""
    return [hand_view(hand) for hand in progress.hands]


def rules_lines(settings: SpadesSettings) -> list[RulesLine]:
    """The scoring and the house rules as short lines for a score sheet."""
    s = settings
    blind = Notation(f"±{s.blind_nil_value}") if s.blind_nil != "never" else s.word_of("blind_nil")
    bags = (
        msg(
            "%(limit)d bags: %(points)s",
            limit=s.bag_limit,
            points=SignedPoints(-s.bag_penalty),
        )
        if s.bag_limit and s.bag_penalty  # bags that cost nothing are not counted
        else msg("not counted")
    )
    # Never played, blind nil is one line: when it is allowed does not apply.
    allowed = (
        []
        if s.blind_nil == "never"
        else [RulesLine(msg("Blind nil allowed"), s.word_of("blind_nil"))]
    )
    return [
        # Formulas in words of the sheet's language, not a letter the sheet never defines.
        RulesLine(msg("Contract made"), msg("10 × contract + 1 per bag")),
        RulesLine(msg("Contract set"), msg("−10 × contract")),
        RulesLine(msg("Nil"), Notation(f"±{s.nil_value}")),
        RulesLine(msg("Blind nil"), blind),
        *allowed,
        s.line_of("failed_nil_tricks"),
        RulesLine(msg("Bag penalty"), bags),
        RulesLine(msg("Target"), s.target),
        RulesLine(msg("Losing total"), Notation(signed(s.lose_at)) if s.lose_at else msg("none")),
        RulesLine(msg("Deal limit"), s.deal_limit if s.deal_limit else msg("none")),
    ]


def rules_notes(settings: SpadesSettings) -> list[Message]:
    """The rules a score sheet states in a sentence."""
    return [
        msg(
            "Partners sit opposite each other and score together. A side's contract is "
            "its partners' bids added up; a nil counts 0. Spades are always trump."
        ),
        msg(
            "A side at %(target)d or more, or at the losing total or less, ends the game: "
            "the higher total wins, and equal totals play on.",
            target=settings.target,
        ),
    ]


def _bid_word(hand: Mapping[str, Any], seat: int) -> Message | str:
    if hand["bids"][seat]:
        return str(hand["bids"][seat])
    return msg("blind nil") if seat in (hand.get("blind_nil") or ()) else msg("nil")


def describe_hand(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> list[Message]:
    """A hand given as its ``to_dict`` in one line, as parts a page joins with " · "."""
    return [
        msg(
            "%(name)s bid %(bid)s, took %(tricks)d",
            name=players[seat],
            bid=_bid_word(hand, seat),
            tricks=hand["tricks"][seat],
        )
        for seat in range(len(players))
    ]


def revision_view(
    hand: Mapping[str, Any], players: Sequence[str], settings: Any = None
) -> RevisionView:
    """A saved version of a hand (its ``to_dict``) for the Revisions page: the hand in one
    line, and each seat's bid and tricks in words, as the line says them ("bid 4, took 5",
    "bid blind nil, took 0")."""
    summary = tuple(describe_hand(hand, players, settings))
    seats = tuple(
        (
            msg(
                "bid %(bid)s, took %(tricks)d",
                bid=_bid_word(hand, seat),
                tricks=hand["tricks"][seat],
            ),
            None,
        )
        for seat in range(len(hand["bids"]))
    )
    return RevisionView(summary, seats)
