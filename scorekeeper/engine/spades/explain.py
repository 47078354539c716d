"""Why a Spades hand scored what it did, per seat, in players' words: the side's contract,
each nil, a failed nil's tricks and a bag penalty. Partners share every term; the terms
add up to the side's points (``scoring``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.display import Notation, SignedPoints
from ..core.messages import Message, msg, nmsg
from ..core.schema import Hand
from .scoring import SEATS, SIDES, SideScore, side_of
from .settings import SpadesSettings


def side_terms(
    settings: SpadesSettings, record: Hand, side: SideScore, seats: Sequence[int]
) -> list[Message]:
    """The terms of one side's points."""
    terms: list[Message] = []
    for nil in side.nils:
        points = SignedPoints(nil.points)
        if nil.made and nil.blind:
            terms.append(msg("blind nil, no trick: %(points)s", points=points))
        elif nil.made:
            terms.append(msg("nil, no trick: %(points)s", points=points))
        elif nil.blind:
            terms.append(
                nmsg(
                    "blind nil failed with %(num)d trick: %(points)s",
                    "blind nil failed with %(num)d tricks: %(points)s",
                    nil.tricks,
                    points=points,
                )
            )
        else:
            terms.append(
                nmsg(
                    "nil failed with %(num)d trick: %(points)s",
                    "nil failed with %(num)d tricks: %(points)s",
                    nil.tricks,
                    points=points,
                )
            )
    if side.contract:
        bids = Notation(" + ".join(str(record.bids[s]) for s in seats if record.bids[s]))
        if side.made:
            formula = f"{10 * side.contract}"
            if side.overtricks:
                terms.append(
                    nmsg(
                        "%(bids)s bid, %(taken)d taken: %(base)s + %(num)d overtrick = %(points)s",
                        "%(bids)s bid, %(taken)d taken: %(base)s + %(num)d overtricks = %(points)s",
                        side.overtricks,
                        bids=bids,
                        taken=side.taken,
                        base=Notation(formula),
                        points=SignedPoints(side.contract_points),
                    )
                )
            else:
                terms.append(
                    msg(
                        "%(bids)s bid, %(taken)d taken: made, %(points)s",
                        bids=bids,
                        taken=side.taken,
                        points=SignedPoints(side.contract_points),
                    )
                )
        else:
            terms.append(
                msg(
                    "%(bids)s bid, %(taken)d taken: set, %(points)s",
                    bids=bids,
                    taken=side.taken,
                    points=SignedPoints(side.contract_points),
                )
            )
    failed = sum(nil.tricks for nil in side.nils)
    if side.loose:
        terms.append(
            nmsg(
                "the failed nil's %(num)d trick: %(points)s, a bag",
                "the failed nil's %(num)d tricks: %(points)s, a bag each",
                side.loose,
                points=SignedPoints(side.loose),
            )
        )
    elif failed and settings.failed_nil_tricks == "ignored":
        terms.append(
            nmsg(
                "the failed nil's %(num)d trick counts nothing",
                "the failed nil's %(num)d tricks count nothing",
                failed,
            )
        )
    if side.penalties:
        terms.append(
            msg(
                "bags %(before)d → %(reached)d: %(points)s, %(after)d left",
                before=side.bags_before,
                reached=side.bags_before + side.bags,
                points=SignedPoints(-side.penalty_points),
                after=side.bags_after,
            )
        )
    return terms


def explain_score(settings: SpadesSettings, record: Hand, score) -> list[list[Message]]:
    """Each seat's terms for a hand already scored (with the bags before it)."""
    by_side = [side_terms(settings, record, score.sides[i], SIDES[i]) for i in range(len(SIDES))]
    return [list(by_side[side_of(seat)]) for seat in range(SEATS)]
