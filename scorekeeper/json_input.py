"""JSON from outside (an API body, an import file), read within limits.

``json.loads`` alone lets three inputs through to a 500 or a traceback: nesting deep enough
to exhaust Python's recursion (``RecursionError``), an integer past Python's 4,300-digit
limit (a ``ValueError`` that is no ``JSONDecodeError``), and values that parse but are
nested so deep that any later recursive walk of them (``repr``, ``==``) fails. ``loads``
turns each into a :class:`JsonProblem`, and reads every integer through the engine's
``parse_int``, so JSON numbers follow the same rule as every other number; one too long to
read is reported with its place in the document, e.g. ``games[1].hands[0] has more than
18 digits``.
"""

from __future__ import annotations

import json
from typing import Any

from .engine import ParseError, parse_int
from .problems import Problem

# Our documents nest a few levels (a file's games, their revisions, a hand, a list in
# it: 7); 32 leaves room for any honest client and none for a recursion attack.
MAX_DEPTH = 32


class JsonProblem(Problem, ValueError):
    """Text that cannot be taken as JSON. ``field`` is ``encoding`` or ``json`` for the text
    as a whole, or the path of one value (``winner``, ``games[1].hands[0].points[2]``).
    Takes (message, field), as every error type of scorekeeper does."""

    field: str


class _TooLong:
    """Stands in for an integer too long to read, until its path is known."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def loads(text: str | bytes) -> Any:
    """The JSON value of ``text``; raises JsonProblem saying what is wrong with it and,
    for a number too long to read, where it is."""
    too_long: list[_TooLong] = []

    def integer(digits: str) -> int | _TooLong:
        try:
            return parse_int(digits, "a number")
        except ParseError:
            too_long.append(_TooLong(digits))
            return too_long[-1]

    too_deep = f"lists and objects nested more than {MAX_DEPTH} levels deep"
    try:
        value = json.loads(text, parse_int=integer)
    except UnicodeDecodeError:
        raise JsonProblem("the text is not UTF-8", "encoding") from None
    except json.JSONDecodeError as exc:
        raise JsonProblem(f"not valid JSON: {exc.msg} at line {exc.lineno}", "json") from None
    except RecursionError:
        raise JsonProblem(too_deep, "json") from None
    if _deeper_than(value, MAX_DEPTH):
        raise JsonProblem(too_deep, "json")
    if too_long:
        path = _path_to(value, too_long[0])
        try:
            parse_int(too_long[0].text, path or "a number")
        except ParseError as exc:
            raise JsonProblem(exc.message, path or "json") from None
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """True when lists and objects in ``value`` nest more than ``limit`` levels; walked
    with a stack of its own, since Python's would overflow on exactly the values sought."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _path_to(value: Any, wanted: object) -> str:
    """Where ``wanted`` sits in ``value``, as ``games[1].hands[0].points[2]``; "" for
    ``value`` itself."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if item is wanted:
            return path
        if isinstance(item, dict):
            stack.extend((child, f"{path}.{key}" if path else key) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(item))
    return ""  # not reached: the marker came from this value
