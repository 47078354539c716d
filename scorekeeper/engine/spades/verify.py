"""An independent checker of simulated Spades hands, written from RULES.md section 3
alone: it shares no code with ``records`` or ``scoring``, so a mistake in either shows
up as a disagreement here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .settings import SpadesSettings


def _side_points(settings: SpadesSettings, deal: Mapping[str, Any], seats: tuple[int, int]) -> int:
    """A side's points in a first hand (no bags before), worked out as RULES.md words it."""
    bids, tricks = deal["bids"], deal["tricks"]
    blind = deal.get("blind_nil", [])
    points = 0
    bags = 0
    contract = bids[seats[0]] + bids[seats[1]]
    counted = 0  # tricks toward the contract
    nil_tricks = 0
    for seat in seats:
        if bids[seat] == 0:
            value = settings.blind_nil_value if seat in blind else settings.nil_value
            points += value if tricks[seat] == 0 else -value
            nil_tricks += tricks[seat]
        else:
            counted += tricks[seat]
    if settings.failed_nil_tricks == "count_for_partner" and contract > 0:
        counted += nil_tricks
    elif settings.failed_nil_tricks in ("bags", "count_for_partner"):
        points += nil_tricks
        bags += nil_tricks
    if contract > 0:
        if counted >= contract:
            points += 10 * contract + (counted - contract)
            bags += counted - contract
        else:
            points -= 10 * contract
    if settings.bag_limit:
        while bags >= settings.bag_limit:
            points -= settings.bag_penalty
            bags -= settings.bag_limit
    return points


def verify_deal(settings: SpadesSettings, deal: Mapping[str, Any]) -> list[str]:
    """Every broken rule found in a simulated hand: bids and tricks per seat in range,
    tricks totalling 13, blind nils only as 0 bids and where the rules allow them in a
    first hand, and the points of each side."""
    problems: list[str] = []
    bids, tricks = deal.get("bids"), deal.get("tricks")
    if not (isinstance(bids, list) and len(bids) == 4 and all(b in range(14) for b in bids)):
        return [f"bids {bids!r} are not four bids 0..13"]
    if not (isinstance(tricks, list) and len(tricks) == 4 and all(t in range(14) for t in tricks)):
        return [f"tricks {tricks!r} are not four counts 0..13"]
    if sum(tricks) != 13:
        problems.append(f"tricks total {sum(tricks)}, not 13")
    blind = deal.get("blind_nil", [])
    for seat in blind:
        if bids[seat] != 0:
            problems.append(f"seat {seat} bid blind nil but {bids[seat]}")
    if blind and settings.blind_nil != "any_time":
        problems.append(f"blind nil bid under blind_nil={settings.blind_nil} in a first hand")
    if deal.get("thrown_in"):
        problems.append("a Spades hand is never thrown in")
    if problems:
        return problems
    points = [_side_points(settings, deal, (0, 2)), _side_points(settings, deal, (1, 3))]
    if list(deal.get("points", [])) != points:
        problems.append(f"points {deal.get('points')} where the rules give {points}")
    return problems
