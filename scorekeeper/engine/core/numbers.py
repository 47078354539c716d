"""Whole numbers from outside: forms, JSON bodies, query strings, the command line, files.

Every number that arrives from a player or another program is read by :func:`parse_int`,
so every entry point accepts exactly the same things: a Python ``int`` (never a ``bool``),
or text of ASCII digits with an optional sign, spaces around it allowed. Nothing else:

- not ``"²"`` or ``"٣"``, which ``str.isdigit`` calls digits and ``int`` refuses or reads;
- not ``"1_000"``, which ``int`` reads;
- not ``7.0``, ``"7.0"`` or ``1e2``: a count is written without a point;
- not more than :data:`MAX_DIGITS` digits, so a 5,000-digit number is refused at once
  rather than converted (slow) or raised on (past Python's 4,300-digit limit).
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ParseError
from .messages import Message, msg

# Any number of 18 digits fits SQLite's 64-bit INTEGER; no number the game stores or
# compares comes near it, so anything longer is a mistake or an attack, not a value.
MAX_DIGITS = 18
_WHOLE = re.compile(r"[+-]?[0-9]+")
_LIMIT = 10**MAX_DIGITS
_SHOWN_LENGTH = 20


class TooManyDigits(ParseError):
    """A whole number longer than MAX_DIGITS, told apart so that a caller with its own words
    for "not a number" does not use them for a number that is merely too long."""


def shown(value: Any) -> str:
    """A short, safe picture of a bad value for a message: text as ``repr`` cut after 20
    characters, numbers as ``repr`` (a huge int as ``…``), lists and objects as ``[…]`` and
    ``{…}``, anything else by its type. Never recursive, so a value nested a thousand levels
    deep cannot break the message about it."""
    if isinstance(value, str):
        return repr(value) if len(value) <= _SHOWN_LENGTH else repr(value[:_SHOWN_LENGTH]) + "…"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _LIMIT:
        return "…"  # str() of a huge int is slow, and raises past 4,300 digits
    if value is None or isinstance(value, bool | int | float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[…]"
    if isinstance(value, dict):
        return "{…}"
    return type(value).__name__


def parse_int(
    value: Any,
    field: str,
    *,
    label: str | None = None,
    low: int | None = None,
    high: int | None = None,
) -> int:
    """Returns ``value`` as an int, checked against ``low`` and ``high`` when given.

    ``field`` is the field's name (``"bids[2]"``); ``label`` is how sentences name it
    (``"the third seat's bid"``), the field's name when not given. Raises
    :class:`ParseError` with that field, whose message names it and the rule broken.
    """
    what = field if label is None else label
    if value is None or (isinstance(value, str) and not value.strip()):
        raise ParseError(
            msg("%(what)s is missing", what=what).said_at_table(
                "Still missing: %(what)s.", what=what
            ),
            field,
        )
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
        too_long = abs(number) >= _LIMIT
    elif isinstance(value, str) and _WHOLE.fullmatch(text := value.strip()):
        too_long = len(text.lstrip("+-").lstrip("0")) > MAX_DIGITS
        number = 0 if too_long else int(text)
    else:
        raise ParseError(
            msg("%(what)s must be a whole number, not %(value)s", what=what, value=shown(value)),
            field,
        )
    if too_long:
        raise TooManyDigits(
            msg("%(what)s has more than %(most)d digits", what=what, most=MAX_DIGITS), field
        )
    if (low is not None and number < low) or (high is not None and number > high):
        problem = _out_of_range(what, number, low, high)
        problem.table = _table_range(what, number, low, high)
        raise ParseError(problem, field)
    return number


def whole_or_none(value: Any, *, low: int | None = None, high: int | None = None) -> int | None:
    """``value`` as :func:`parse_int` reads it, within ``low`` and ``high``; None for what it
    refuses. For a number a caller falls back from (a form's hand number, an old cookie's
    id) or refuses in words of its own (the API's ``group``); never ``str.isdigit``."""
    try:
        return parse_int(value, "number", low=low, high=high)
    except ParseError:
        return None


def _out_of_range(what: str, number: int, low: int | None, high: int | None) -> Message:
    if high is None:
        return msg(
            "%(what)s is %(number)d; it must be at least %(low)d", what=what, number=number, low=low
        )
    if low is None:
        return msg(
            "%(what)s is %(number)d; it must be at most %(high)d",
            what=what,
            number=number,
            high=high,
        )
    return msg(
        "%(what)s is %(number)d; it must be %(low)d..%(high)d",
        what=what,
        number=number,
        low=low,
        high=high,
    )


def _table_range(what: str, number: int, low: int | None, high: int | None) -> Message:
    """The table's words for a number out of range."""
    if high is None:
        return msg(
            "%(what)s must be at least %(low)d, not %(number)d.", what=what, low=low, number=number
        )
    if low is None:
        return msg(
            "%(what)s must be at most %(high)d, not %(number)d.",
            what=what,
            high=high,
            number=number,
        )
    return msg(
        "%(what)s must be from %(low)d to %(high)d, not %(number)d.",
        what=what,
        low=low,
        high=high,
        number=number,
    )
