"""An Israeli Whist hand on the command line: ``scorekeeper score`` takes the contracts and
the tricks taken (the auction is not needed to score them), or a pass round's tricks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.command_line import HandOption, ScoredHand, signed
from .records import record_from_dict, score_table_entry
from .settings import RuleSettings

HAND_OPTIONS = (
    HandOption(
        "contracts",
        "Contracts in seat order; required",
        "C0,C1,C2,C3",
        listed=True,
        required=True,
        unless="pass_round",
    ),
    HandOption(
        "tricks", "Tricks taken in seat order; required", "T0,T1,T2,T3", listed=True, required=True
    ),
    HandOption("revokes", "Caught revokes in seat order", "R0,R1,R2,R3", listed=True),
    HandOption(
        "declarer",
        "The declarer's seat; needed when the rules count the declarer's miss more "
        "(--set declarer_miss_factor=2)",
        "SEAT",
    ),
    HandOption(
        "pass_round",
        "Everyone passed and a pass round was played (--set all_pass=pass_round): tricks only",
        flag=True,
    ),
)


def score_typed(settings: RuleSettings, given: Mapping[str, Any]) -> ScoredHand:
    """The hand from its contracts and tricks taken (or a pass round's tricks): each seat's
    contract, tricks and points, the contracts' total and whether the hand went over or
    under. Raises InvalidHand naming the field."""
    tricks, revokes = given.get("tricks"), given.get("revokes")
    if given.get("pass_round"):
        body = {"pass_round": True, "tricks": tricks, "revokes": revokes}
        score = record_from_dict(settings, body).score(settings)
        result: dict[str, Any] = {"points": list(score.points), "pass_round": True}
        heads, columns, lines = ("tricks",), (tricks,), ["a pass round: no contracts"]
    else:
        contracts = given["contracts"]
        score = score_table_entry(settings, contracts, tricks, revokes, given.get("declarer"))
        result = score.to_dict()
        heads, columns = ("contract", "tricks"), (contracts, tricks)
        lines = [f"contracts total {result['contracts_total']}: {result['over_under']}"]
        if score.void:
            lines.append("nobody made their contract: the hand scores 0 (all-fail void)")
    rows = [("", *heads, "points")] + [
        (f"seat {seat}", *(str(column[seat]) for column in columns), signed(points))
        for seat, points in enumerate(score.points)
    ]
    return ScoredHand(result, tuple(rows), tuple(lines))
