"""Reading a hand's record, the same way for every game: the body must be an object, and
``thrown_in`` a yes or no; the problems found are gathered to raise together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .errors import InvalidHand, ParseError
from .messages import msg


class Problems:
    """Every problem found in a hand, as (field, message), raised together as InvalidHand."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def add(self, field: str, message: str) -> None:
        self.found.append((field, message))


def read_thrown_in(body: Any) -> bool:
    """Whether ``body`` (a hand as JSON gives it) is a deal nobody played; raises
    InvalidHand unless it is an object whose ``thrown_in`` is true, false or absent."""
    if not isinstance(body, dict):
        raise InvalidHand([("hand", msg("a hand must be a JSON object"))])
    thrown = body.get("thrown_in", False)
    if thrown not in (True, False, None):
        problem = msg("thrown_in must be true or false, not %(value)s", value=repr(thrown))
        raise InvalidHand([("thrown_in", problem)])
    return bool(thrown)


T = TypeVar("T")


def parse_text(
    value: Any, field: str, parse: Callable[[str], T], problems: Problems, not_text: str
) -> T | None:
    """``value`` read by ``parse`` (``Bid.from_str``), or None with the problem added:
    ``not_text`` when it is not text, the ParseError's message when it does not read."""
    if not isinstance(value, str):
        problems.add(field, not_text)
        return None
    try:
        return parse(value)
    except ParseError as exc:
        problems.add(field, exc.message)
        return None
