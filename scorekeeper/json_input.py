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
import re
from collections.abc import Iterator
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
    if _deeper_than(text, MAX_DEPTH):
        raise JsonProblem(too_deep, "json")
    if too_long:
        path = _path_to(value, too_long[0])
        try:
            parse_int(too_long[0].text, path or "a number")
        except ParseError as exc:
            raise JsonProblem(exc.message, path or "json") from None
    return value


def _deeper_than(text: str | bytes, limit: int) -> bool:
    """True when lists and objects in the JSON ``text`` nest more than ``limit`` levels.

    Read from the text, not from the value it makes: brackets are counted outside strings
    (a string's ``\\"`` does not end it), one run of brackets at a time, so the check
    holds a few counters whatever the body's size. Walking the value instead held one
    stack entry per value: a 5 MB list of zeros cost 200 MB. ``text`` has already been
    read as JSON, so its strings are closed and its brackets balanced."""
    if isinstance(text, bytes | bytearray):
        # UTF-8 (JSON's own encoding) is scanned as bytes: no byte of a multi-byte
        # character is a bracket or a quote. UTF-16 and -32, which json.loads also takes,
        # are decoded first.
        if json.detect_encoding(text) not in ("utf-8", "utf-8-sig"):
            return _deeper_than(text.decode(json.detect_encoding(text)), limit)
        pieces = _BYTES_PIECES
    else:
        pieces = _TEXT_PIECES
    depth = 0
    for piece in pieces.finditer(text):
        if piece.lastgroup == "opening":
            depth += piece.end() - piece.start()
            if depth > limit:
                return True
        elif piece.lastgroup == "closing":
            depth -= piece.end() - piece.start()
    return False


# A string (skipped whole), or a run of opening or of closing brackets.
_PIECES = r'"[^"\\]*(?:\\.[^"\\]*)*"|(?P<opening>[\[{]+)|(?P<closing>[\]}]+)'
_TEXT_PIECES = re.compile(_PIECES, re.DOTALL)
_BYTES_PIECES = re.compile(_PIECES.encode(), re.DOTALL)


def _path_to(value: Any, wanted: object) -> str:
    """Where ``wanted`` sits in ``value``, as ``games[1].hands[0].points[2]``; "" for
    ``value`` itself. Walked depth first with one iterator per open list or object, so the
    walk holds as many entries as the value is deep (at most MAX_DEPTH), not one per value."""
    if value is wanted:
        return ""
    walks: list[tuple[Iterator[tuple[Any, Any]], str]] = [(_children(value), "")]
    while walks:
        children, path = walks[-1]
        step = next(children, None)
        if step is None:
            walks.pop()
            continue
        key, child = step
        where = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else key
        if child is wanted:
            return where
        if isinstance(child, dict | list):
            walks.append((_children(child), where))
    return ""  # not reached: the marker came from this value


def _children(item: Any) -> Iterator[tuple[Any, Any]]:
    """(key, child) of a dict, (index, child) of a list, nothing of anything else."""
    if isinstance(item, dict):
        return iter(item.items())
    if isinstance(item, list):
        return enumerate(item)
    return iter(())
