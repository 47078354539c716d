"""Bid Whist's figures over recorded games, read from the game's ``replay``: made, set,
Boston, books and points are its ``HandScore``'s, never worked out again here. A *played*
hand is one that was bid (a thrown-in deal counts only in the game's hand count); a
player's points in a game add up to their side's total. The per-player lines serve a
side's figures too (``GameStats.sides[i]``: the same :class:`BidFigures`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core import stats as core
from ..core.display import FigureLine, FigureValue, mean_figure
from ..core.figures import hands_line, rate_figure
from ..core.messages import Message, msg
from ..core.progress import ReplayedHand
from .bids import MAX_LEVEL, MIN_LEVEL, Kind

Rate = core.Rate

LEVELS = tuple(range(MIN_LEVEL, MAX_LEVEL + 1))


@dataclass(frozen=True, slots=True)
class BidFigures(core.PerHand):
    """One player's or one side's figures over some played hands (a game or a career).

    ``bids`` is bids made out of bids won; ``by_kind`` the same per kind (uptown,
    downtown, no-trump) and ``by_level`` per level 3..7; ``over_sum`` the books over the
    bid summed over the bids; ``points_sum`` the side's points in every played hand.
    """

    hands: int = 0
    points_sum: int = 0
    bids: Rate = Rate()
    by_kind: tuple[Rate, ...] = (Rate(),) * len(Kind)
    by_level: tuple[Rate, ...] = (Rate(),) * len(LEVELS)
    bostons: int = 0
    over_sum: int = 0

    @property
    def sets(self) -> int:
        return self.bids.attempted - self.bids.made

    @property
    def average_over(self) -> float | None:
        """Mean books over the bid per bid won, or None without bids."""
        return self.over_sum / self.bids.attempted if self.bids.attempted else None

    @classmethod
    def of_hand(
        cls, hand: ReplayedHand, seats: Sequence[int], side: int, game: core.GameKey
    ) -> BidFigures:
        """One played hand's figures for ``seats`` (a player, or side ``side``'s two):
        the side's points, and the bid where one of them won the auction."""
        record, score = hand.record, hand.score
        played = cls(hands=1, points_sum=score.points[side])
        if record.bidder not in seats:
            return played
        made = Rate(int(score.made), 1)
        return played + cls(
            bids=made,
            by_kind=tuple(made if kind == record.bid.kind else Rate() for kind in Kind),
            by_level=tuple(made if level == record.bid.level else Rate() for level in LEVELS),
            bostons=int(score.boston),
            over_sum=score.books - score.needed,
        )


_KIND_MADE = (msg("Uptown bids made"), msg("Downtown bids made"), msg("No-trump bids made"))
_KIND_BID = (msg("Uptown bids"), msg("Downtown bids"), msg("No-trump bids"))


def player_figures(figures: Sequence[BidFigures], with_game: bool = False) -> list[FigureLine]:
    """The figures of players (or sides), one line each, one value per column.
    ``with_game`` is taken for the interface: no line names a hand."""
    levels = [msg("Level %(level)d bids made", level=level) for level in LEVELS]
    lines: list[tuple[Message, Callable[[BidFigures], FigureValue]]] = [
        (msg("Hands played"), lambda f: str(f.hands)),
        (msg("Bids won"), lambda f: str(f.bids.attempted)),
        (msg("Bids made"), lambda f: rate_figure(f.bids)),
        *((_KIND_MADE[k], lambda f, k=k: rate_figure(f.by_kind[k])) for k in Kind),
        *((levels[i], lambda f, i=i: rate_figure(f.by_level[i])) for i in range(len(LEVELS))),
        (msg("Sets"), lambda f: str(f.sets)),
        (msg("Bostons"), lambda f: str(f.bostons)),
        (msg("Average books over the bid"), lambda f: mean_figure(f.average_over, True)),
        (msg("Average points per hand"), lambda f: mean_figure(f.average_points, True)),
    ]
    return [FigureLine(label, tuple(map(value, figures))) for label, value in lines]


def game_figures(stats: core.GameStats[BidFigures]) -> list[FigureLine]:
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
