"""Israeli Whist's statistics (``stats.py``) as the pages print them: one
:class:`FigureLine` per figure."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.display import FigureLine, FigureValue, Notation, mean_figure, signed
from ..core.figures import hands_line, pick_figure, rate_figure
from ..core.messages import Message, msg
from .stats import GameStats, PlayerFigures


def revoke_figure(figures: PlayerFigures) -> FigureValue:
    """Caught revokes and the points they cost, ``2 (−200)``; a plain ``0`` without any."""
    if not figures.revokes:
        return "0"
    return msg(
        "%(revokes)d (%(penalty)s)",
        revokes=figures.revokes,
        penalty=Notation(signed(-figures.revoke_penalty)),
    )


def player_figures(figures: Sequence[PlayerFigures], with_game: bool = False) -> list[FigureLine]:
    """The per-player figures, one line each, one value per player."""
    lines: list[tuple[Message, list[FigureValue]]] = [
        (msg("Hands played"), [str(f.hands) for f in figures]),
        (msg("Contracts made"), [rate_figure(f.contracts) for f in figures]),
        (msg("Zero bids made"), [rate_figure(f.zeros) for f in figures]),
        (msg("Declarer contracts made"), [rate_figure(f.declarer) for f in figures]),
        (msg("Average contract"), [mean_figure(f.average_contract) for f in figures]),
        (
            msg("Average points per hand"),
            [mean_figure(f.average_points, True) for f in figures],
        ),
        (msg("Best hand"), [pick_figure(f.best, with_game) for f in figures]),
        (msg("Worst hand"), [pick_figure(f.worst, with_game) for f in figures]),
        (msg("Last bidder"), [str(f.last_bidder) for f in figures]),
        (msg("Hurt by the forbidden number"), [str(f.forbidden_hurt) for f in figures]),
        (msg("Revokes (penalty)"), [revoke_figure(f) for f in figures]),
    ]
    return [FigureLine(label, tuple(values)) for label, values in lines]


def game_figures(stats: GameStats) -> list[FigureLine]:
    """The game-wide figures: hands, the over/under split, contracts made over vs under."""
    return [
        hands_line(stats),
        FigureLine(msg("Over / under hands"), (f"{stats.over} / {stats.under}",)),
        FigureLine(msg("Contracts made in over hands"), (rate_figure(stats.made_in_over),)),
        FigureLine(msg("Contracts made in under hands"), (rate_figure(stats.made_in_under),)),
    ]


NOTES = (
    msg(
        "A contract is made when the player takes exactly that many tricks. The last bidder "
        "sits at the declarer's right; the forbidden number hurt them when they took exactly "
        "that many tricks and missed by one."
    ),
)
