"""What a game declares beyond its hand, each part once as data (OpenSpiel's ``GameType``,
Datasette's optional hooks): its simulation with bots (:class:`Simulation`) and figures of
its own on the statistics pages (:class:`Figures`). ``GameBase`` derives the members the
app calls from them (``simulate_results``, ``bot_kinds``, ``simulation_summary``,
``record_of_deal``, ``verify_deal``; ``game_stats``, ``game_figures``,
``player_figures``, ``figures_notes``); a game without them has no simulation, and the
hands and points every game has as its figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .display import FigureLine
from .messages import Message


@dataclass(frozen=True, slots=True)
class Simulation:
    """Whole deals played by bots: ``deals(settings, deals, seed, bots)`` yields them as
    the game's results (each with ``to_dict()``, see ``Game.simulate_results``); ``bots``
    the kinds of bot it takes, the default first; ``summary()`` an empty tally for
    ``scorekeeper simulate`` (None: deals and deals thrown in); ``record(deal)`` the hand a
    table would write down for a deal (None: its hand fields, read by the schema);
    ``verify(settings, deal)`` every broken rule a checker independent of the play code
    finds in it (None: a record that does not read, or points that are not the hand's)."""

    deals: Callable[..., Iterator[Any]]
    bots: tuple[str, ...]
    summary: Callable[[], Any] | None = None
    record: Callable[[Mapping[str, Any]], Any] | None = None
    verify: Callable[[Any, Mapping[str, Any]], list[str]] | None = None

    def __post_init__(self) -> None:
        if not self.bots:
            raise ValueError("a simulation names at least one kind of bot")


@dataclass(frozen=True, slots=True)
class Figures:
    """A game's own figures: ``stats(recorded)`` one game's (``Game.game_stats``: per
    seat and side, each seat's ``figures`` summable over a career); ``player(figures,
    with_game)`` their lines per player; ``game(stats)`` the game-wide lines (None: the
    hands played); ``notes`` what the page says about its terms (when a bid counts as
    made). Careers and head-to-head are derived from ``stats``."""

    stats: Callable[[Any], Any]
    player: Callable[[Sequence[Any], bool], list[FigureLine]]
    game: Callable[[Any], list[FigureLine]] | None = None
    notes: tuple[Message, ...] = ()
