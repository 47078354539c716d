"""The round sheet's hand form, as data (see ``core/form.py``): a number pad per player,
and the running total shown as typed, or, with ``round_total`` set, the round checked
against it with the last player's points filled in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.form import FormField, HandFormSpec, Step
from ..core.messages import msg
from .settings import MAX_POINTS, SheetSettings


def round_form(settings: SheetSettings, seats: int) -> HandFormSpec:
    """The form for one round at a table of ``seats`` players."""
    pads = tuple(
        FormField(f"points_{s}", msg("Points"), seat=s, high=MAX_POINTS, low=-MAX_POINTS)
        for s in range(seats)
    )
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
                }
            ]
        }
    return HandFormSpec(
        steps=(Step("round", msg("Points this round"), pads),),
        rules=rules,
        texts={
            "round-total": msg("total {total}"),
            "points-count": msg("{sum} of {total}"),
            "points-past-total": msg(
                "The others already have {sum}; for the round to total {total} these points "
                "would be {n}, more than a round takes."
            ),
        },
        errors={"points": "round", **{f"points[{s}]": f"points_{s}" for s in range(seats)}},
    )


def round_body(seats: int, values: Mapping[str, Any]) -> dict[str, Any]:
    """The round body ``read_round`` reads, from the form's values."""
    return {"points": [values.get(f"points_{s}") for s in range(seats)]}


def form_values(hand: Mapping[str, Any]) -> dict[str, str]:
    """A stored round (its ``to_dict``) as the form's values, to edit it."""
    return {f"points_{s}": str(points) for s, points in enumerate(hand["points"])}
