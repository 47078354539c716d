"""The kept page's own views as typed page models, for the one template that draws them
(``templates/_kept.html``) on the server (Flask) and in the phone (``scorekeeper/pages``,
under Pyodide) alike: whose phone it is, the board around the sheet, a queued hand's
"remove it from this phone" question and the clash of two versions of a hand. The
phone's ``static/keep.js`` only puts what they draw in place (issue 46).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import signed


@dataclass(frozen=True, slots=True)
class Whose:
    """The question "Whose phone is this?", a key per player seated now."""

    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Dropper:
    """The question "Remove hand ``number`` from this phone?", for a queued hand the server
    will not take as it is; asked again before it is done. ``said``: the server's
    sentences shown above it (none when the hand's form shows them); ``hand``: the hand
    in one line, shown with the question, so the table sees what it removes."""

    number: int
    said: tuple[str, ...] = ()
    hand: str = ""


@dataclass(frozen=True, slots=True)
class Version:
    """One version of a hand (``which``: on the server or on this phone): the line the
    scoreboard says of it, and its points per side as players write them ("" where the
    server could not work them out)."""

    which: str
    text: str
    points: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Clash:
    """A hand recorded on this phone and on another one: the server's ``message``, the
    sides by name, and both versions side by side, the server's revision that "keep this
    one" replaces."""

    message: str
    sides: tuple[str, ...]
    versions: tuple[Version, Version]
    revision: int | None


@dataclass(frozen=True, slots=True)
class Board:
    """What the kept board shows around the sheet: ``record`` the words of its button
    (none when no hand is to be entered), ``earlier`` the last hand it leaves to the
    server's scoreboard (0: none), ``drop`` a refused queued hand's question, ``count``
    the hands in its table, ``paired`` a partnership game's table; ``copy`` offers "Save
    this phone's copy" (the phone holds hands the server has not got), ``removed`` the
    hands removed from the phone's queue that the copy keeps."""

    record: str | None
    earlier: int
    drop: Dropper | None
    count: int
    paired: bool
    copy: bool = False
    removed: int = 0


def whose(players: Sequence[str]) -> Whose:
    """The question for the players seated now, in their seats' order."""
    return Whose(tuple(str(name) for name in players))


def dropper(number: Any, said: Sequence[Any] | None = None, hand: str = "") -> Dropper:
    """Raises ValueError for a ``number`` that is not a whole number."""
    return Dropper(int(number), tuple(str(line) for line in said or ()), str(hand))


def clash(answer: Mapping[str, Any]) -> Clash:
    """The clash the server answers a queued hand with (``web/offline/routes.py``'s 409: its
    ``message`` and its ``conflict``, the sides and both versions). Raises KeyError or
    ValueError for an answer without them."""
    found = answer["conflict"]
    sides = tuple(str(side) for side in found["sides"])

    def version(which: str) -> Version:
        points = list(found[which].get("points") or ())
        shown = [signed(p) for p in points] + [""] * (len(sides) - len(points))
        return Version(which, str(found[which].get("text") or ""), tuple(shown))

    revision = found["server"].get("revision")
    return Clash(
        str(answer.get("message", "")),
        sides,
        (version("server"), version("phone")),
        None if revision is None else int(revision),
    )
