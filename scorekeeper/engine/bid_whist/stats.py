"""Bid Whist statistics over recorded games, computed only through the engine.

Every figure comes from the game's ``replay`` (``progression.resume``), which scores
each hand with ``score_hand``: made, set, Boston, books and points are read from its
``HandScore``, never worked out again here.

Terms:

- A *played* hand is one that was bid; a thrown-in deal counts only in the game's hand
  count.
- A player's *bids* are the auctions they won (they were the bidder); a side's bids are
  its two partners' bids. A bid is *made* when the bidding side took the books it needed
  (the discard included, reneges moved); a *set* is a bid not made; a *Boston* is a bid
  with all 13 books.
- *Books over the bid* is books taken minus books needed (negative for a set), averaged
  over the bids; *points* are the side's points in every played hand, so a player's
  points in a game add up to their side's total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from ..core import stats as core
from ..core.seating import Stint
from .bids import MAX_LEVEL, MIN_LEVEL, Kind
from .progression import BidWhistProgress
from .scoring import SIDES, side_of

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


def _figures(
    progress: BidWhistProgress, seats: Sequence[int], stint: Stint | None = None
) -> BidFigures:
    """The figures of the bids made from ``seats`` (one player, or a side's two); with
    ``stint``, only of the hands that stint sat."""
    side = side_of(seats[0])
    figures = BidFigures()
    for hand in core.hands_played(progress, stint):
        record, score = hand.record, hand.score
        figures += BidFigures(hands=1, points_sum=score.points[side])
        if record.bidder not in seats:
            continue
        made = Rate(int(score.made), 1)
        by_kind = [Rate()] * len(Kind)
        by_kind[record.bid.kind] = made
        by_level = [Rate()] * len(LEVELS)
        by_level[LEVELS.index(record.bid.level)] = made
        figures += BidFigures(
            bids=made,
            by_kind=tuple(by_kind),
            by_level=tuple(by_level),
            bostons=int(score.boston),
            over_sum=score.books - score.needed,
        )
    return figures


def game_stats(game: core.RecordedGame) -> core.GameStats[BidFigures]:
    """Replays ``game`` and returns its figures; raises ValueError as ``replay`` does."""
    progress = game.replay()
    return core.game_stats_of(game, progress, SIDES, partial(_figures, progress), core.GameStats)
