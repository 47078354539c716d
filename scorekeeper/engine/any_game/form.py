"""The round sheet's hand form, as data (see ``core/form.py``): a number pad per player,
and the running total shown as typed, or, with ``round_total`` set, the round checked
against it with the last player's points filled in (and said so when that is below zero).
With ``moon`` set (Hearts), every box takes 0 to the round's worth, and a row of the
players' names records a moon with one tap on the shooter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.form import Choice, FormField, HandFormSpec, Step
from ..core.messages import msg
from .settings import MAX_POINTS, SheetSettings

NOBODY = "none"
"""The moon row's key for a round nobody shot: typed points."""


def round_form(settings: SheetSettings, seats: int, players: Sequence[str] = ()) -> HandFormSpec:
    """The form for one round at a table of ``seats`` players (named ``players``)."""
    moon = settings.moon != "none"
    low, high = (0, settings.moon_worth) if moon else (-MAX_POINTS, MAX_POINTS)
    pads = tuple(
        FormField(f"points_{s}", msg("Points"), seat=s, high=high, low=low) for s in range(seats)
    )
    steps = [Step("round", msg("Points this round"), pads)]
    if moon:
        names = [*players, *(str(s + 1) for s in range(len(players), seats))]
        keys = (
            Choice(NOBODY, msg("nobody")),
            *(Choice(str(s), names[s]) for s in range(seats)),
        )
        shooter = FormField("moon", msg("Who shot the moon"), keys, style="names", default=NOBODY)
        steps.append(
            Step(
                "shooter",
                msg("Or: shot the moon"),
                (shooter,),
                note=msg(
                    "One tap on the shooter records the round: the points are written "
                    "by the table's moon rule, and the points above are not used."
                ),
            )
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
                    "below": "points-filled-below",
                }
            ]
        }
    if moon:
        # While a shooter is tapped, the points boxes are not asked: the moon writes them.
        rules["show"] = [
            {"field": f"points_{s}", "by": "moon", "values": [NOBODY]} for s in range(seats)
        ]
    return HandFormSpec(
        steps=tuple(steps),
        rules=rules,
        texts={
            "round-total": msg("total {total}"),
            "points-count": msg("{sum} of {total}"),
            "points-past-total": msg(
                "The others already have {sum}; for the round to total {total} these points "
                "would be {n}, which these points cannot be."
            ),
            "points-filled-below": msg(
                "Filled in: {n}, below zero, for the round to total {total}. Check the "
                "others' points."
            ),
        },
        errors={
            "points": "round",
            **({"moon": "moon"} if moon else {}),
            **{f"points[{s}]": f"points_{s}" for s in range(seats)},
        },
    )


def round_body(seats: int, values: Mapping[str, Any]) -> dict[str, Any]:
    """The round body ``read_round`` reads, from the form's values: a moon when a shooter
    was tapped (the points boxes are then not used), else every player's points."""
    shooter = values.get("moon")
    if shooter not in (None, "", NOBODY):
        return {"moon": shooter}
    return {"points": [values.get(f"points_{s}") for s in range(seats)]}


def form_values(hand: Mapping[str, Any]) -> dict[str, str]:
    """A stored round (its ``to_dict``) as the form's values, to edit it."""
    if hand.get("moon") is not None:
        return {"moon": str(hand["moon"])}
    return {f"points_{s}": str(points) for s, points in enumerate(hand["points"])}
