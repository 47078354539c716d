"""What the round sheet's hand form adds to the one its hand's schema draws (a number pad
per player; with ``moon`` set, a row of the players' names that records a moon with one
tap): the running total shown as typed, or, with ``round_total`` set, the round checked
against it with the last player's points filled in (and said so when that is below zero);
while a shooter is tapped, the points are not asked."""

from __future__ import annotations

from typing import Any

from ..core.messages import msg
from ..core.schema import Context
from .rounds import NOBODY

TEXTS = {
    "round-total": msg("total {total}"),
    "points-count": msg("{sum} of {total}"),
    "points-past-total": msg(
        "The others already have {sum}; for the round to total {total} these points "
        "would be {n}, which these points cannot be."
    ),
    "points-filled-below": msg(
        "Filled in: {n}, below zero, for the round to total {total}. Check the others' points."
    ),
}
NOTES = {
    "shooter": msg(
        "One tap on the shooter records the round: the points are written "
        "by the table's moon rule, and the points above are not used."
    )
}


def form_rules(settings: Any, ctx: Context) -> dict[str, list[Any]]:
    if settings.round_total is None:
        rules: dict[str, Any] = {
            "total": [
                {
                    "prefix": "points",
                    "step": "round",
                    "words": [],
                    "text": "round-total",
                    "text_word": "round-total",
                }
            ]
        }
    else:
        rules = {
            "sum": [
                {
                    "prefix": "points",
                    "total": settings.round_total,
                    "why": "points-past-total",
                    "count": "points-count",
                    "below": "points-filled-below",
                }
            ]
        }
    if settings.moon != "none":
        rules["show"] = [
            {"field": f"points_{s}", "by": "moon", "values": [NOBODY]} for s in range(ctx.seats)
        ]
    return rules
