"""Numbers from outside: forms, JSON bodies, query strings, the command line, files.

Every number that arrives from a player or another program is read by :func:`parse_int`,
so every entry point accepts exactly the same things: a Python ``int`` (never a ``bool``),
or text of ASCII digits with an optional sign, spaces around it allowed. Nothing else:

- not ``"²"`` or ``"٣"``, which ``str.isdigit`` calls digits and ``int`` refuses or reads;
- not ``"1_000"``, which ``int`` reads;
- not ``7.0``, ``"7.0"`` or ``1e2``: a count is written without a point;
- not more than :data:`MAX_DIGITS` digits, so a 5,000-digit number is refused at once
  rather than converted (slow) or raised on (past Python's 4,300-digit limit).

A number that may be a half (a French Tarot side's card points at three or five, 40½) is
read by the same function, ``halves=True``: then also a half written with either decimal
sign, ``"40,5"`` or ``"40.5"`` (or ``"40½"``), and the JSON number ``40.5``. A whole number
stays an ``int``; a half is the ``float`` that holds it exactly. Any other fraction
(``"40,7"``, ``"40,25"``, ``40.2``) is refused, and a comma is never a thousands separator
(``"40,5"`` is never 405). :func:`shown_number` writes such a number in the page's
decimal sign.
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
_HALF = re.compile(r"([+-]?[0-9]+)(?:[.,]([05])|(½))")
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
    halves: bool = False,
) -> Any:
    """Returns ``value`` as an int, checked against ``low`` and ``high`` when given; with
    ``halves``, a half too (a ``float``: 40.5), whose range its caller checks and says.

    ``field`` is the field's name (``"bids[2]"``); ``label`` is how sentences name it
    (``"the third seat's bid"``), the field's name when not given. Raises
    :class:`ParseError` with that field, whose message names it and the rule broken (a
    fraction other than a half also in the table's words, the number as it was typed).
    """
    what = field if label is None else label
    if halves:
        if low is not None or high is not None:
            raise ValueError("a number read with its halves has its range checked by its caller")
        value = _half_or_other(value, field, what)
        if isinstance(value, float):
            return value
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
        raise ParseError(out_of_range(what, what, number, low, high), field)
    return number


def _half_or_other(value: Any, field: str, what: str) -> Any:
    """``value`` read as a half (a ``float``), or as it came for the whole-number reading
    (a whole number, a blank, a number too long, what is no number at all); raises
    ParseError for a fraction other than a half."""
    if isinstance(value, float) and (2 * value).is_integer() and abs(value) < _LIMIT:
        return int(value) if value.is_integer() else value
    text = value.strip() if isinstance(value, str) else ""
    found = _HALF.fullmatch(text)
    if found and len(found[1].lstrip("+-")) > MAX_DIGITS:
        return found[1]  # refused as too long
    if found:
        whole = int(found[1])
        if found[2] == "0":
            return whole
        return whole - 0.5 if found[1].startswith("-") else whole + 0.5
    if not isinstance(value, float) and not re.fullmatch(r"[+-]?[0-9]*[.,][0-9]+", text):
        return value
    said = msg(
        "%(what)s must be a whole number or a half (as 40.5), not %(value)s",
        what=what,
        value=shown(value),
    )
    said.said_at_table(
        "%(what)s: %(typed)s is neither a whole number nor a half (a half is written 40.5).",
        what=what,
        typed=text or shown(value),
    )
    raise ParseError(said, field)


def shown_number(number: Any) -> Any:
    """A number read with its halves as a page writes it: a whole one as it is (``40``), a
    half in the page's decimal sign (``40.5``; ``40,5`` on a French page: a Message whose
    template each catalogue writes with its own decimal sign)."""
    if float(number).is_integer():
        return str(int(number))
    if number < 0:
        return f"\u2212{-number}"
    # Translators: a half point (40.5), written with your language's decimal sign (40,5).
    return msg("%(whole)d.5", whole=int(number))


def whole_or_none(value: Any, *, low: int | None = None, high: int | None = None) -> int | None:
    """``value`` as :func:`parse_int` reads it, within ``low`` and ``high``; None for what it
    refuses. For a number a caller falls back from (a form's hand number, an old cookie's
    id) or refuses in words of its own (the API's ``group``); never ``str.isdigit``."""
    try:
        return parse_int(value, "number", low=low, high=high)
    except ParseError:
        return None


OUT_OF_RANGE = msg("%(what)s must be from %(low)d to %(high)d, not %(number)s.")
"""The table's words for a number out of its range (the phone's form says them too)."""


def out_of_range(
    field: str,
    what: Any,
    value: Any,
    low: int | None,
    high: int | None,
    *,
    halves: bool = False,
) -> Message:
    """The one refusal of a number out of its range ``low``..``high`` (either None: no
    such bound), or of a value that is no number where one is asked: the API's words name
    ``field``, the bounds and the value sent; the table's (``said_at_table``) name ``what``
    (the field's label), the bounds and the number typed. ``halves``: a half is allowed
    too (40.5). Every reader of a number says it so: :func:`parse_int`, a hand's field
    (``core.schema``), a bid's level."""
    sent = shown(value)
    typed = (
        value.strip()[:_SHOWN_LENGTH] if isinstance(value, str) else sent
    )  # as the table typed it
    whole = typed if _WHOLE.fullmatch(typed) and len(typed) <= MAX_DIGITS else None
    if low is not None and high is not None:
        bounds = {"field": field, "low": low, "high": high, "value": sent}
        if halves:  # a count of halves (French Tarot's card points) has both bounds
            said = msg(
                "%(field)s must be a number from %(low)d to %(high)d, whole or a half, "
                "not %(value)s",
                **bounds,
            )
        else:
            said = msg(
                "%(field)s must be a whole number from %(low)d to %(high)d, not %(value)s",
                **bounds,
            )
        return said.said_at_table(
            OUT_OF_RANGE.template, what=what, low=low, high=high, number=typed
        )
    if low is not None:
        said = msg(
            "%(field)s must be a whole number of at least %(low)d, not %(value)s",
            field=field,
            low=low,
            value=sent,
        )
        if whole:
            return said.said_at_table(
                "%(what)s must be at least %(low)d, not %(number)d.",
                what=what,
                low=low,
                number=int(whole),
            )
        return said.said_at_table("%(what)s must be at least %(low)d.", what=what, low=low)
    if high is not None:
        said = msg(
            "%(field)s must be a whole number of at most %(high)d, not %(value)s",
            field=field,
            high=high,
            value=sent,
        )
        if whole:
            return said.said_at_table(
                "%(what)s must be at most %(high)d, not %(number)d.",
                what=what,
                high=high,
                number=int(whole),
            )
        return said.said_at_table("%(what)s must be at most %(high)d.", what=what, high=high)
    said = msg("%(field)s must be a whole number, not %(value)s", field=field, value=sent)
    return said.said_at_table("%(what)s must be a whole number.", what=what)
