"""Reading a hand's record, the same way for every game: the body must be an object, and
``thrown_in`` a yes or no; the problems found are gathered to raise together."""

from __future__ import annotations

from typing import Any

from .errors import InvalidHand
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
