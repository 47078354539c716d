"""Why a hand scored what it did: each seat's terms ("7 made: 10 + 7² = 59", "1 revoke:
−100") as Messages, following ``scoring`` term by term."""

from __future__ import annotations

from ..core.display import Notation, SignedPoints
from ..core.game import HandPlace
from ..core.messages import Message, msg, nmsg
from ..core.schema import Hand
from .contracts import OverUnder
from .display import made_formula, revoke_mark
from .records import score_of
from .scoring import contract_points
from .settings import RuleSettings


def _contract_term(
    settings: RuleSettings, contract: int, taken: int, hand: OverUnder, declarer: bool
) -> Message:
    points = contract_points(settings, contract, taken, hand, declarer)
    if contract == 0:
        if taken == 0:
            if hand == "over":
                return msg("zero made in an over hand: %(points)s", points=SignedPoints(points))
            return msg("zero made in an under hand: %(points)s", points=SignedPoints(points))
        first, step = settings.failed_zero_curve(hand == "over")
        return nmsg(
            "zero failed with %(num)d trick: %(formula)s = %(points)s",
            "zero failed with %(num)d tricks: %(formula)s = %(points)s",
            taken,
            formula=Notation(f"−{first} + {step} × {taken - 1}"),
            points=SignedPoints(points),
        )
    if taken == contract:
        return msg(
            "%(contract)d made: %(formula)s = %(points)s",
            contract=contract,
            formula=Notation(made_formula(settings, contract)),
            points=SignedPoints(points),
        )
    off = abs(taken - contract)
    step = settings.miss_step_for(contract)
    factor = settings.declarer_miss_factor if declarer else 1
    formula = f"−{step} × {off}" + (f" × {factor}" if factor != 1 else "")
    if taken > contract:
        return nmsg(
            "%(num)d trick over a contract of %(contract)d: %(formula)s = %(points)s",
            "%(num)d tricks over a contract of %(contract)d: %(formula)s = %(points)s",
            taken,
            contract=contract,
            formula=Notation(formula),
            points=SignedPoints(points),
        )
    return nmsg(
        "%(num)d trick under a contract of %(contract)d: %(formula)s = %(points)s",
        "%(num)d tricks under a contract of %(contract)d: %(formula)s = %(points)s",
        taken,
        contract=contract,
        formula=Notation(formula),
        points=SignedPoints(points),
    )


def _pass_round_term(settings: RuleSettings, taken: int) -> Message:
    if taken == 0:
        return msg(
            "no trick in a pass round: %(points)s", points=SignedPoints(settings.pass_round_zero)
        )
    return nmsg(
        "%(num)d trick in a pass round: %(formula)s = %(points)s",
        "%(num)d tricks in a pass round: %(formula)s = %(points)s",
        taken,
        formula=Notation(f"−{settings.pass_round_step} × {taken}"),
        points=SignedPoints(-settings.pass_round_step * taken),
    )


def explain(
    settings: RuleSettings, record: Hand, place: HandPlace | None = None
) -> list[list[Message]]:
    """The terms of each seat's points for one hand (alike at any ``place``), in seat
    order; empty lists for a thrown-in deal. Their points add up to the hand's points
    for that seat."""
    if record.thrown_in:
        return [[] for _ in range(4)]
    if record.pass_round:
        terms = [[_pass_round_term(settings, taken)] for taken in record.tricks]
    else:
        score = score_of(settings, record)
        hand = score.over_under
        assert hand is not None  # a played hand is over or under
        terms = [
            [msg("nobody made their contract: the hand scores 0")]
            if score.void
            else [_contract_term(settings, contract, taken, hand, seat == record.declarer)]
            for seat, (contract, taken) in enumerate(
                zip(record.contracts, record.tricks, strict=True)
            )
        ]
    for seat, seat_terms in enumerate(terms):
        mark = revoke_mark(record.revokes[seat], settings.revoke_penalty * record.revokes[seat])
        if mark is not None:  # in the words of the row's mark
            seat_terms.append(mark.label)
    return terms
