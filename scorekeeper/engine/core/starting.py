"""Starting totals: a game that carries on from a paper sheet or an earlier evening.

They are "hand 0": the running totals start there and count toward the target, one per
side (a seat each in a game without partners). A game starts below its target and, in a
game where a side loses at a low total (Bid Whist at -target), above that: a starting
total that would have won or lost the game already is refused, as is anything that is not
a whole number.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import InvalidSettings, ParseError
from .messages import msg, nmsg
from .numbers import parse_int

# Wide enough for any score sheet; narrow enough that no total overflows a page or SQLite.
LIMIT = 1_000_000


def read_starting_totals(
    values: Any, sides: int, target: int | None, floor: int | None = None
) -> tuple[int, ...]:
    """``values`` (a list, or text separated by commas; None or blank: all zero) as one
    whole number per side, each above -LIMIT and below ``target`` (None: a game without
    one), and above ``floor``
    when the game has one (``Game.losing_floor``: a side at or below it has lost).

    Raises InvalidSettings naming ``starting_totals`` or ``starting_totals[i]``.
    """
    if values is None or (isinstance(values, str) and not values.strip()):
        return (0,) * sides
    items = values.replace(",", " ").split() if isinstance(values, str) else values
    if not isinstance(items, Sequence) or isinstance(items, bytes) or len(items) != sides:
        raise InvalidSettings(
            nmsg(
                "starting_totals needs %(num)d number, one per side",
                "starting_totals needs %(num)d numbers, one per side",
                sides,
            ),
            "starting_totals",
        )
    totals = []
    for index, item in enumerate(items):
        field = f"starting_totals[{index}]"
        try:
            number = parse_int(item, field, low=-LIMIT + 1, high=LIMIT - 1)
        except ParseError as exc:
            raise InvalidSettings(exc.message, field) from None
        if target is not None and number >= target:
            raise InvalidSettings(
                msg(
                    "a starting total of %(total)d already reaches the target %(target)d; "
                    "start below it",
                    total=number,
                    target=target,
                ),
                field,
            )
        if floor is not None and number <= floor:
            raise InvalidSettings(
                msg(
                    "a starting total of %(total)d has already lost the game, which a side "
                    "loses at %(floor)d or below; start above it",
                    total=number,
                    floor=floor,
                ),
                field,
            )
        totals.append(number)
    return tuple(totals)
