"""A hand on the command line: ``scorekeeper score --game KEY --<field> …``.

The command line knows no game's fields. It asks each game's hand schema for its
:class:`HandOption`\\ s (``game.hand.options(game)``) and hands what was typed back to the
schema's ``typed``, which returns a :class:`ScoredHand` (:func:`scored_record`): what
``--json`` prints, and the table and lines printed otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

# A game's rule settings (``game.Settings``): this module only hands them back to the game.
Settings = Any


class Game(Protocol):
    """What the command line asks of a game (``game.Game`` has all of it): declared here,
    so that this module needs nothing of ``game`` and ``game`` may build on it."""

    @property
    def sides(self) -> Sequence[Sequence[int]]: ...

    def record_from_dict(self, settings: Settings, body: Mapping[str, Any]) -> Any: ...

    def preview(self, settings: Settings, record: Any) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class HandOption:
    """One option of ``scorekeeper score``: ``--<name>`` (``_`` written ``-``), the key of
    that name in what ``score_typed`` is given. ``listed`` values are typed separated by
    commas and given as a list of texts; a ``flag`` takes no value (True when given). A
    ``required`` option may be left out only while the flag ``unless`` names is given."""

    name: str
    help: str
    metavar: str = ""
    flag: bool = False
    listed: bool = False
    required: bool = False
    unless: str | None = None

    @property
    def option(self) -> str:
        """The option as typed: ``--pass-round``."""
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One hand scored for the command line: ``result`` is what ``--json`` prints (a
    JSON-ready dict); ``rows`` the table printed otherwise, its head first; ``lines`` what
    is printed under it; ``preview`` the hand as ``Game.preview`` says it where
    ``result`` says less (a hand scored from part of it; None: ``result``), which the API's
    ``GET .../score`` answers."""

    result: Mapping[str, Any]
    rows: tuple[tuple[str, ...], ...]
    lines: tuple[str, ...] = ()
    preview: Mapping[str, Any] | None = None


def signed(points: int) -> str:
    """Points as a table prints them: ``+19``, ``-40``, ``0``."""
    return f"{points:+d}" if points else "0"


def shown(value: object) -> str:
    """A value as the command line prints it: yes/no, none (an empty list too, as ``--set``
    reads it back), a list joined by commas."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value in ([], ()):
        return "none"
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return str(value)


YES_NO = {"true": True, "yes": True, "false": False, "no": False}


def typed_text(value: Any) -> Any:
    """A value typed for a hand's body: "true"/"yes" and "false"/"no" as a yes or no
    (a body's yes/no is never text), anything else as typed (numbers read as text)."""
    if isinstance(value, str) and value.strip().lower() in YES_NO:
        return YES_NO[value.strip().lower()]
    return value


def scored_record(game: Game, settings: Settings, record: Any) -> ScoredHand:
    """A hand read already, as its ``preview``: the points per side in a table, and every
    other figure of the preview in one line."""
    result = game.preview(settings, record)
    rows = [("side", "seats", "points")]
    for index, (side, points) in enumerate(zip(game.sides, result["points"], strict=True)):
        rows.append((chr(ord("A") + index), ", ".join(map(str, side)), signed(points)))
    line = "  ".join(f"{k}: {shown(v)}" for k, v in result.items() if k != "points")
    return ScoredHand(result, tuple(rows), (line,) if line else ())
