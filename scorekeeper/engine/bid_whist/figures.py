"""Bid Whist's statistics as the pages print them: one :class:`FigureLine` per figure.

The figures come from ``stats.py``; this module only says them, in Messages and
notation (see ``core/display.py``). The per-player lines serve a side's figures too
(``GameStats.sides[i].figures``): they are the same :class:`~.stats.BidFigures`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.display import FigureLine, FigureValue, mean_figure
from ..core.figures import hands_line, rate_figure
from ..core.messages import Message, msg
from ..core.stats import GameStats
from .bids import Kind
from .stats import LEVELS, BidFigures, Rate

_KIND_MADE = (msg("Uptown bids made"), msg("Downtown bids made"), msg("No-trump bids made"))
_KIND_BID = (msg("Uptown bids"), msg("Downtown bids"), msg("No-trump bids"))


def player_figures(figures: Sequence[BidFigures], with_game: bool = False) -> list[FigureLine]:
    """The figures of players (or sides), one line each, one value per column.
    ``with_game`` is taken for the interface: no line names a hand."""
    lines: list[tuple[Message, list[FigureValue]]] = [
        (msg("Hands played"), [str(f.hands) for f in figures]),
        (msg("Bids won"), [str(f.bids.attempted) for f in figures]),
        (msg("Bids made"), [rate_figure(f.bids) for f in figures]),
        *((_KIND_MADE[kind], [rate_figure(f.by_kind[kind]) for f in figures]) for kind in Kind),
        *(
            (
                msg("Level %(level)d bids made", level=level),
                [rate_figure(f.by_level[index]) for f in figures],
            )
            for index, level in enumerate(LEVELS)
        ),
        (msg("Sets"), [str(f.sets) for f in figures]),
        (msg("Bostons"), [str(f.bostons) for f in figures]),
        (msg("Average books over the bid"), [mean_figure(f.average_over, True) for f in figures]),
        (msg("Average points per hand"), [mean_figure(f.average_points, True) for f in figures]),
    ]
    return [FigureLine(label, tuple(values)) for label, values in lines]


def game_figures(stats: GameStats[BidFigures]) -> list[FigureLine]:
    """The game-wide figures: hands, and how often each kind was bid (each side's bids of
    the kind added up: every bid hand has its bidder on one side)."""
    bid = [sum(side.figures.by_kind[kind].attempted for side in stats.sides) for kind in Kind]
    return [
        hands_line(stats),
        *(FigureLine(_KIND_BID[k], (rate_figure(Rate(bid[k], stats.played)),)) for k in Kind),
    ]


NOTES = (
    msg(
        "A player's bids are the auctions they won; a side's, its partners'. A bid is made "
        "when the side takes 6 + its level in books, the discard included; a set is a bid "
        "not made, a Boston all 13 books. Books over the bid are books taken minus books "
        "needed."
    ),
)
