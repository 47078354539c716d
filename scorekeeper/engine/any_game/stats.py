"""The round sheet's statistics: rounds played and won, the best and worst round, and
the average per round; head-to-head in the players' favour.

Terms: a player *wins a round* with the best points of the round (the highest, or the
lowest where the lowest total wins), shared when equal, and nobody wins a round in which
everyone scored alike. The *best round* is the one most in the player's favour (the
most points, or the fewest where the lowest total wins), the *worst* the least; ties go
to the earlier round.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import NO_FIGURE, FigureLine, FigureValue, Notation, mean_figure, signed
from ..core.messages import msg
from ..core.seating import Stint
from ..core.stats import (
    GameStats,
    HeadToHead,
    PerHand,
    RecordedGame,
    game_stats_of,
    hands_played,
    head_to_head,
    rounded,
)

Round = tuple[int, int]
"""A round as the best and worst are kept: (points in the player's favour, points)."""


def _better(a: Round | None, b: Round | None, worst: bool = False) -> Round | None:
    if a is None or b is None:
        return a or b
    if worst:
        return b if b[0] < a[0] else a
    return b if b[0] > a[0] else a


@dataclass(frozen=True, slots=True)
class SheetFigures(PerHand):
    """One player's figures over some rounds (a game or a career)."""

    hands: int = 0
    points_sum: int = 0
    rounds_won: int = 0
    best: Round | None = None
    worst: Round | None = None

    def __add__(self, other: SheetFigures) -> SheetFigures:
        return SheetFigures(
            self.hands + other.hands,
            self.points_sum + other.points_sum,
            self.rounds_won + other.rounds_won,
            _better(self.best, other.best),
            _better(self.worst, other.worst, worst=True),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "average_points": rounded(self.average_points),
            "rounds_won": self.rounds_won,
            "best_round": None if self.best is None else self.best[1],
            "worst_round": None if self.worst is None else self.worst[1],
        }


def sheet_stats(game: Any, recorded: RecordedGame) -> GameStats[SheetFigures]:
    """One game's figures per player (see the module's terms)."""
    progress = recorded.replay()
    sign = -1 if progress.settings.lowest_wins else 1

    def figures_of(seats: Sequence[int], stint: Stint | None) -> SheetFigures:
        (seat,) = seats
        figures = SheetFigures()
        for hand in hands_played(progress, stint, game, seats):
            points = hand.points[seat]
            round_ = (sign * points, points)
            figures += SheetFigures(1, points, int(seat in hand.score.won), round_, round_)
        return figures

    return game_stats_of(recorded, progress, game.sides, figures_of, GameStats)


def _points(found: Round | None) -> FigureValue:
    return NO_FIGURE if found is None else Notation(signed(found[1]))


def player_figures(figures: Sequence[SheetFigures], with_game: bool = False) -> list[FigureLine]:
    """One line per figure, one value per player."""
    return [
        FigureLine(msg("Rounds played"), tuple(str(f.hands) for f in figures)),
        FigureLine(msg("Rounds won"), tuple(str(f.rounds_won) for f in figures)),
        FigureLine(msg("Best round"), tuple(_points(f.best) for f in figures)),
        FigureLine(msg("Worst round"), tuple(_points(f.worst) for f in figures)),
        FigureLine(
            msg("Average points per round"),
            tuple(mean_figure(f.average_points, True) for f in figures),
        ),
    ]


def game_figures(stats: GameStats[SheetFigures]) -> list[FigureLine]:
    return [FigureLine(msg("Rounds"), (str(stats.hands),))]


NOTES = (
    msg(
        "A round is won with its best points (the lowest where the lowest total wins), "
        "shared when equal; the best round is the one most in the player's favour."
    ),
)


@dataclass(frozen=True, slots=True)
class _Hand:
    number: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    score: bool = True


@dataclass(frozen=True, slots=True)
class _InFavour:
    """A replayed game with every total and round's points in the players' favour:
    negated where the lowest total wins (as docs/rules/ratings.md rates such a game)."""

    hands: tuple[_Hand, ...]
    totals: tuple[int, ...]
    status: str
    winners: tuple[int, ...]


def flip(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(-value for value in values)


@dataclass(frozen=True, slots=True)
class _FavourGame:
    recorded: RecordedGame

    @property
    def players(self) -> tuple[str, ...]:
        return self.recorded.players

    @property
    def changes(self) -> Any:
        return self.recorded.changes

    def replay(self) -> Any:
        progress = self.recorded.replay()
        if not progress.settings.lowest_wins:
            return progress
        hands = tuple(_Hand(h.number, flip(h.points), flip(h.totals)) for h in progress.hands)
        return _InFavour(hands, flip(progress.totals), progress.status, progress.winners)


def sheet_head_to_head(
    sides: Sequence[tuple[int, ...]], recorded: Iterable[RecordedGame], players: Sequence[str]
) -> HeadToHead:
    """How ``players`` fared against each other, ahead meaning better placed: with the
    fewer points where the lowest total wins."""
    return head_to_head((_FavourGame(r) for r in recorded), players, sides)
