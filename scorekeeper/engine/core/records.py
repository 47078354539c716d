"""Reading a hand's record, the same way for every game: the problems found are gathered
to raise together, text and numbers per seat read as every game reads them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import ParseError
from .messages import msg, nmsg
from .numbers import parse_int


class Problems:
    """Every problem found in a hand, as (field, message), raised together as InvalidHand."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def add(self, field: str, message: str) -> None:
        self.found.append((field, message))

    def whole(self, value: Any, field: str, label: Any = None, low=None, high=None) -> int | None:
        """``value`` as ``parse_int`` reads it (named ``label``), or None with its problem."""
        try:
            return parse_int(value, field, label=label, low=low, high=high)
        except ParseError as exc:
            self.add(field, exc.message)
            return None


T = TypeVar("T")


def seat_numbers(
    values: Any,
    field: str,
    problems: Problems,
    count: int,
    bounds: tuple[int | None, int | None],
    not_a_list: str,
    wrong_count: Callable[[int], str],
    labels: Sequence[str] | None = None,
) -> list[int] | None:
    """``count`` whole numbers within ``bounds`` (low, high), one per seat, from a list or
    a text of them ("4, 2, 3, 3"); or None with the problems added: ``not_a_list`` for
    anything else, ``wrong_count(n)`` for n numbers, and each number's own as
    ``field[seat]`` (named ``labels[seat]`` when given)."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, Sequence) or isinstance(values, str | bytes):
        problems.add(field, not_a_list)
        return None
    if len(values) != count:
        problems.add(field, wrong_count(len(values)))
        return None
    low, high = bounds
    numbers = []
    for seat, value in enumerate(values):
        where = f"{field}[{seat}]"
        label = None if labels is None else labels[seat]
        try:
            numbers.append(parse_int(value, where, label=label, low=low, high=high))
        except ParseError as exc:
            problems.add(where, exc.message)
    return numbers if len(numbers) == count else None


def four_numbers(
    values: Any,
    field: str,
    what: str,
    labels: Sequence[str],
    bounds: tuple[int | None, int | None],
    problems: Problems,
) -> list[int] | None:
    """One whole number per seat of a four-seat table, the list named ``what`` and each
    number ``labels[seat]`` in the problems, read as :func:`seat_numbers` reads them."""
    return seat_numbers(
        values,
        field,
        problems,
        len(labels),
        bounds,
        msg("%(what)s must be a list of 4 numbers, one per seat", what=what),
        lambda count: nmsg(
            "%(what)s has %(num)d value; it needs 4, one per seat",
            "%(what)s has %(num)d values; it needs 4, one per seat",
            count,
            what=what,
        ),
        labels,
    )
