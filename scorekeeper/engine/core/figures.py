"""Statistics as the pages print them, the lines every game shares: a rate, the hands of
a game, a career's head, and the lines of :class:`~.stats.HandFigures` for a game that
has no figures of its own. One :class:`FigureLine` per figure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .display import NO_FIGURE, FigureLine, FigureValue, Notation, mean_figure, signed
from .messages import msg
from .stats import HandFigures, HandPick, Rate


def rate_figure(rate: Rate) -> FigureValue:
    """``3/5 (60%)``, or a dash when nothing was attempted (unknown, not 0%)."""
    if rate.percent is None:
        return NO_FIGURE
    return msg(
        "%(made)d/%(attempted)d (%(percent)d%%)",
        made=rate.made,
        attempted=rate.attempted,
        percent=round(rate.percent),
    )


def hands_line(stats: Any) -> FigureLine:
    """A game's hands: how many, played and thrown in (``stats``: a ``GameStats``)."""
    return FigureLine(
        msg("Hands"),
        (
            msg(
                "%(hands)d (%(played)d played, %(thrown)d thrown in)",
                hands=stats.hands,
                played=stats.played,
                thrown=stats.thrown_in,
            ),
        ),
    )


def career_lines(
    career: Any, player_lines: Callable[[Sequence[Any], bool], list[FigureLine]]
) -> list[FigureLine]:
    """A player's career (a ``CareerStats``): games, wins of finished games, then the
    figures per hand as ``player_lines`` says them."""
    head = [
        FigureLine(msg("Games"), (str(career.games),)),
        FigureLine(msg("Finished games won"), (rate_figure(career.win_rate),)),
    ]
    return head + player_lines([career.figures], True)


def hand_lines(figures: Sequence[HandFigures], with_game: bool = False) -> list[FigureLine]:
    """The figures every game has, one line each, one value per player or side."""
    return [
        FigureLine(msg("Hands played"), tuple(str(f.hands) for f in figures)),
        FigureLine(
            msg("Average points per hand"),
            tuple(mean_figure(f.average_points, True) for f in figures),
        ),
        FigureLine(msg("Hands with the most points"), tuple(str(f.best_hands) for f in figures)),
    ]


def pick_figure(pick: HandPick | None, with_game: bool = False) -> FigureValue:
    """A best or worst hand: its points and where it was."""
    if pick is None:
        return NO_FIGURE
    points = Notation(signed(pick.points))
    if with_game:
        return msg(
            "%(points)s (game %(game)s, hand %(hand)d)",
            points=points,
            game=pick.game,
            hand=pick.hand,
        )
    return msg("%(points)s (hand %(hand)d)", points=points, hand=pick.hand)
