"""Spades' own statistics, computed only from ``replay``: each hand's ``HandScore``.

A side's *contract* is counted in each hand it bid one (a side of two nils bids none);
it is *made* when the side took at least its contract, else *set*. A player's nils and
blind nils are their own bids; a side's, its partners'. *Bags* are the bags a hand gave
(overtricks and a failed nil's tricks); *bag penalties*, how often the bags reached the
limit. A player's contracts, bags and penalties are their side's, in the hands they sat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import FigureLine, FigureValue, mean_figure
from ..core.figures import rate_figure
from ..core.messages import Message, msg
from ..core.seating import Stint
from ..core.stats import GameStats, PerHand, Rate, game_stats_of, hands_played, rounded
from .scoring import SIDES, side_of


@dataclass(frozen=True, slots=True)
class SpadesFigures(PerHand):
    """One player's or side's figures over some hands (a game or a career)."""

    hands: int = 0
    points_sum: int = 0
    contracts: Rate = Rate()
    nils: Rate = Rate()
    blind_nils: Rate = Rate()
    bags: int = 0
    bag_penalties: int = 0

    @property
    def sets(self) -> int:
        return self.contracts.attempted - self.contracts.made

    def __add__(self, other: SpadesFigures) -> SpadesFigures:
        return self.summed(other)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "average_points": rounded(self.average_points),
            "contracts": self.contracts.to_dict(),
            "sets": self.sets,
            "nils": self.nils.to_dict(),
            "blind_nils": self.blind_nils.to_dict(),
            "bags": self.bags,
            "bag_penalties": self.bag_penalties,
        }


def figures_of(
    progress: Any, seats: Sequence[int], stint: Stint | None, game: Any = None
) -> SpadesFigures:
    """The figures of ``seats`` (one player, or a side's two) over the hands of a replayed
    game; with ``stint``, only those it sat and played (as ``game`` says who sits out)."""
    index = side_of(seats[0])
    figures = SpadesFigures()
    for hand in hands_played(progress, stint, game, seats):
        side = hand.score.sides[index]
        nils = [nil for nil in side.nils if nil.seat in seats]
        figures += SpadesFigures(
            hands=1,
            points_sum=side.points,
            contracts=Rate(int(bool(side.made)), 1) if side.contract else Rate(),
            nils=Rate(sum(n.made for n in nils if not n.blind), sum(not n.blind for n in nils)),
            blind_nils=Rate(sum(n.made for n in nils if n.blind), sum(n.blind for n in nils)),
            bags=side.bags,
            bag_penalties=side.penalties,
        )
    return figures


def game_stats(recorded: Any) -> GameStats[SpadesFigures]:
    """One game's figures per seat and side; raises ValueError as ``replay`` does."""
    progress = recorded.replay()

    def figures(seats: Sequence[int], stint: Stint | None) -> SpadesFigures:
        return figures_of(progress, seats, stint, recorded.game)

    return game_stats_of(recorded, progress, SIDES, figures, GameStats)


def player_figures(figures: Sequence[SpadesFigures], with_game: bool = False) -> list[FigureLine]:
    """The figures of players (or sides), one line each, one value per column."""
    lines: list[tuple[Message, list[FigureValue]]] = [
        (msg("Hands played"), [str(f.hands) for f in figures]),
        (msg("Contracts made"), [rate_figure(f.contracts) for f in figures]),
        (msg("Sets"), [str(f.sets) for f in figures]),
        (msg("Nils made"), [rate_figure(f.nils) for f in figures]),
        (msg("Blind nils made"), [rate_figure(f.blind_nils) for f in figures]),
        (msg("Bags"), [str(f.bags) for f in figures]),
        (msg("Bag penalties"), [str(f.bag_penalties) for f in figures]),
        (msg("Average points per hand"), [mean_figure(f.average_points, True) for f in figures]),
    ]
    return [FigureLine(label, tuple(values)) for label, values in lines]


def game_figures(stats: Any) -> list[FigureLine]:
    """The game-wide line: the hands played."""
    return [FigureLine(msg("Hands played"), (str(stats.hands),))]


NOTES = (
    msg(
        "A side's contract is its partners' bids added up; it is made when the side takes "
        "at least that many tricks, else set. Bags are tricks over the contract and a "
        "failed nil's tricks; a player's contracts and bags are their side's."
    ),
)
