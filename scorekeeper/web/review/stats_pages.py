"""One game's statistics page, and the figures tables every statistics page prints.

The figures and their wording come from the game's figures (``game.figures``:
``game_stats``, ``game_lines``, ``player``); this module puts them in the page's
language.
"""

from __future__ import annotations

from typing import Any

from flask import render_template

from ... import db
from ...engine import Game
from ...engine.core.display import total
from ...engine.core.game import partnered
from ..access import game_or_404
from ..i18n import isolate_ltr, shown
from ..service import game_of, rules_label, side_names
from ..weight import light
from .blueprint import bp
from .service import figure_rows


def summary_rows(game: Game, stats: Any) -> list[tuple[str, str]]:
    """The game-wide figures as (label, value) pairs."""
    return [(row.label, row.values[0]) for row in figure_rows(game.figures.game_lines(stats))]


def _sides(game: Game, stats: Any, names: list[str]) -> dict[str, Any] | None:
    """A partnership game's figures per side (None without partners): each side's name
    (``names``), total and figure rows, as ``figures.player`` words a seat's."""
    sides = getattr(stats, "sides", None)
    if not sides or not partnered(game):
        return None
    return {
        "names": names,
        "totals": [isolate_ltr(total(side.total)) for side in sides],
        "rows": figure_rows(game.figures.player([side.figures for side in sides])),
    }


@light
@bp.get("/games/<int:game_id>/stats")
def game_statistics(game_id: int):
    # Kept per game version (``db.game_stats``): a long game's page reads its statistics
    # instead of replaying every hand on each request.
    stored, stats = db.game_stats(db.get_db(), game_or_404(game_id))
    game = game_of(stored)
    # A side as its partners, each isolated (the statistics name it "Ann & Cat").
    names = side_names(stored)
    sides = getattr(stats, "sides", None) or ()
    winner = next((names[i] for i, side in enumerate(sides) if side.won), stats.winner)
    return render_template(
        "game_stats.html",
        game=stored,
        rules=rules_label(stored),
        summary=summary_rows(game, stats),
        players=[p.name for p in stats.players],
        totals=[isolate_ltr(total(p.total)) for p in stats.players],
        winner=winner,
        rows=figure_rows(game.figures.player([p.figures for p in stats.players])),
        sides=_sides(game, stats, names),
        terms=[shown(term) for term in game.figures.notes],
    )
