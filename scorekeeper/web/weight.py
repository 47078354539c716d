"""What a request costs the server, declared where its route is declared (issue 54,
finding 1): every view says ``@heavy`` or ``@light``, and ``throttle`` gives a heavy one
a heavy-work slot before it runs (one at a time per server, see ``throttle``).

Heavy: whatever parses an uploaded file, prints, exports or replays a whole game or a
whole club night: an import (of games or of a night), a game's print, a club table's
list and the night's ranking, every export, the API's whole night, and drawing a night's
series (it makes every table's game at once). Light: a page or an answer that reads
what is stored, bounded by the page size and the figures' cap or kept in the page cache,
and a save or a correction of one hand (a table's correction never waits behind a
stranger's import; a game's hands are bounded). An offline batch is light at the door:
one that replaces a stored hand takes its slot itself (``throttle.heavy_work``).

    @heavy
    @bp.get("/games/<int:game_id>/print")
    def game_sheet(game_id): ...

    @heavy("POST")  # the form is a page; what is posted is a file to read
    @bp.route("/import", methods=["GET", "POST"])
    def import_games(): ...

A view declares its weight once, whatever the decorators' order: the decorator marks the
very function the route registered. ``tests/web/test_weight.py`` walks the URL map and fails
on any route that declares none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, overload

View = TypeVar("View", bound=Callable[..., Any])

ATTRIBUTE = "scorekeeper_weight"
# The methods a view runs for: HEAD runs the GET view; OPTIONS runs no view.
EVERY_METHOD = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True, slots=True)
class Weight:
    """The methods for which a view is heavy work (none: light)."""

    heavy: frozenset[str]

    def is_heavy(self, method: str) -> bool:
        return ("GET" if method == "HEAD" else method) in self.heavy


LIGHT = Weight(frozenset())
HEAVY = Weight(EVERY_METHOD)


def _declare(view: View, weight: Weight) -> View:
    declared = getattr(view, ATTRIBUTE, None)
    if declared is not None and declared != weight:
        raise ValueError(f"{view.__qualname__} is declared both {declared} and {weight}")
    setattr(view, ATTRIBUTE, weight)
    return view


@overload
def heavy(view: View, /) -> View: ...


@overload
def heavy(method: str, /, *methods: str) -> Callable[[View], View]: ...


def heavy(first: Any, /, *methods: str) -> Any:
    """Marks a view heavy work: ``@heavy`` for every method, ``@heavy("POST")`` for the
    methods named (the view is light for the others)."""
    if callable(first):
        return _declare(first, HEAVY)
    named = frozenset(method.upper() for method in (first, *methods))
    unknown = named - EVERY_METHOD
    if unknown:
        raise ValueError(f"no such method: {', '.join(sorted(unknown))}")
    return lambda view: _declare(view, Weight(named))


def light(view: View) -> View:
    """Marks a view light: it runs without a heavy slot."""
    return _declare(view, LIGHT)


def weight_of(view: Callable[..., Any] | None) -> Weight | None:
    """The weight ``view`` declares, or None when it declares none."""
    return getattr(view, ATTRIBUTE, None)
