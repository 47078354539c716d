"""Game progression: dealer and first bidder, running totals per side and the end of game.

``resume`` (the game's ``replay``, from ``start_state``) is the one place that turns a
game's recorded hands into everything a scoreboard shows. The deal passes to the left
after every hand, a thrown-in one included; the player left of the dealer bids first.
The game ends after a hand in which:

- a Boston wins the game (``boston=wins_game``): the bidding side wins;
- a side reaches +target or more: it wins; a side reaches -target or less: the other wins;
- ``deal_limit`` deals have been played, or the table asked to finish now: the side ahead
  wins; a tie plays on, one deal at a time, until one side is ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from ..core import progress
from ..core.messages import msg
from ..core.progress import FieldState, RaceProgress, ReplayedHand
from ..core.schema import Hand
from ..core.seats import left_of
from .cards import SEATS
from .scoring import SIDES, HandScore
from .settings import BidWhistSettings

EndReason = Literal["boston", "target", "minus_target", "deal_limit", "finish"]


@dataclass(frozen=True, slots=True)
class BidWhistState(FieldState):
    """What the game carries from one hand to the next, as it stands after ``number``
    hands: the sides' totals, the next dealer, the winning side and why it won (None while
    the game goes on); ``start`` is where the totals began. Enough to score the next hand
    without the ones before it (``resume``)."""

    number: int
    totals: tuple[int, int]
    dealer: int
    winner: int | None = None
    reason: EndReason | None = None
    start: tuple[int, int] = (0, 0)

    def fits(self) -> bool:
        return (
            self.number >= 0
            and len(self.totals) == len(self.start) == 2
            and 0 <= self.dealer < SEATS
            and self.winner in (None, 0, 1)
            and self.reason in (None, *get_args(EndReason))
        )


def start_state(
    game: Any, first_dealer: int, starting_totals: Sequence[int] | None = None
) -> BidWhistState:
    """The state before the first hand ("hand 0"); raises ValueError as
    ``core.progress.start_state``."""
    race = progress.start_state(first_dealer, SEATS, len(SIDES), starting_totals)
    return BidWhistState(0, _pair(race.totals), first_dealer, start=_pair(race.start))


@dataclass(frozen=True, slots=True)
class BidWhistProgress(RaceProgress):
    """Where a game stands: a race's progress (``core.progress.RaceProgress``), per side
    (0 is A, seats 0 and 2; 1 is B), one side winning at most, and ``reason`` why the game
    ended (None while it goes on). Its ``tie_at_top`` is True while the game should have
    ended (deal limit or finish now) but the sides are level, so it plays on until one
    side is ahead."""

    reason: EndReason | None = None


def resume(
    game: Any,
    settings: BidWhistSettings,
    state: BidWhistState,
    hands: Sequence[Hand],
    finish_after: int | None = None,
) -> BidWhistProgress:
    """Scores ``hands`` as the game's hands ``state.number + 1``, … after ``state``: the
    game's progress with only those hands, and everything else exactly as ``replay`` of
    the whole game (``GameBase.replay``) gives it. The deal passes to the left after every
    hand, a thrown-in one too, and the player left of the dealer bids first. Raises
    ValueError if a hand is recorded after the game ended.
    """
    totals = list(state.totals)
    dealer = state.dealer
    winner, reason = state.winner, state.reason
    replayed: list[ReplayedHand] = []
    stop_at = _stop_after(settings, finish_after)
    for number, record in enumerate(hands, start=state.number + 1):
        if winner is not None:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = None if record.thrown_in else record.score(settings)
        if score is not None:
            totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        hand_dealer, dealer = dealer, left_of(dealer, seats=SEATS)
        winner, reason = _decide(settings, score, totals, number, stop_at)
        state = BidWhistState(number, _pair(totals), dealer, winner, reason, state.start)
        opener = left_of(hand_dealer, seats=SEATS)
        replayed.append(
            ReplayedHand(number, hand_dealer, opener, record, score, state.totals, state)
        )
    # Only the reason for stopping shows a tie: a game asked to stop, level at the end.
    ended_level = stop_at is not None and state.number >= stop_at and totals[0] == totals[1]
    return BidWhistProgress(
        settings=settings,
        hands=tuple(replayed),
        totals=_pair(totals),
        dealer=dealer,
        opener=left_of(dealer, seats=SEATS),
        status="finished" if winner is not None else "in_progress",
        winner=winner,
        target_reached=winner is not None or ended_level,
        winners=() if winner is None else (winner,),
        starting_totals=state.start,
        state=state,
        reason=reason,
    )


def _pair(totals: list[int]) -> tuple[int, int]:
    return (totals[0], totals[1])


def _stop_after(settings: BidWhistSettings, finish_after: int | None) -> int | None:
    """The hand count from which the side ahead wins, or None."""
    limits = [n for n in (settings.deal_limit or None, finish_after) if n is not None]
    return min(limits) if limits else None


def _decide(
    settings: BidWhistSettings,
    score: HandScore | None,
    totals: list[int],
    number: int,
    stop_at: int | None,
) -> tuple[int | None, EndReason | None]:
    if score is not None and score.boston and settings.boston == "wins_game":
        return score.bidder_side, "boston"
    for side in (0, 1):
        if totals[side] >= settings.target:
            return side, "target"
    for side in (0, 1):
        if totals[side] <= settings.losing_floor:
            return 1 - side, "minus_target"
    if stop_at is not None and number >= stop_at and totals[0] != totals[1]:
        return (0 if totals[0] > totals[1] else 1), (
            "finish" if settings.deal_limit == 0 or stop_at < settings.deal_limit else "deal_limit"
        )
    return None, None
