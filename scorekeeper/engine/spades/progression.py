"""The progress of a Spades game: a race to ``target`` per side, as every race (see
``core.progress``), with what Spades carries on top: the sides' bags, which score the
next hand's bag penalty, and the losing total ``lose_at``.

The game ends after a hand that leaves a side at ``target`` or more, or at ``lose_at`` or
less (0: no such end), or after ``deal_limit`` hands; the higher total wins, and equal
totals play on a hand at a time. A blind nil the score does not allow
(``blind_nil=behind_100``) is refused here, where the score is known.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.errors import InvalidHand
from ..core.game import HandPlace
from ..core.messages import msg
from ..core.progress import RaceProgress, RaceState, ReplayedHand, start_state
from ..core.schema import Context, Hand
from ..core.seats import leaders_of
from .records import check
from .scoring import SEATS, SIDES, score_hand
from .settings import SpadesSettings


@dataclass(frozen=True, slots=True)
class SpadesState(RaceState):
    """What a game carries from one hand to the next, after ``number`` hands: a race's
    state (``core.progress.RaceState``), and each side's ``bags``."""

    bags: tuple[int, ...] = (0, 0)

    def to_dict(self) -> dict[str, Any]:
        return {**RaceState.to_dict(self), "bags": list(self.bags)}

    @classmethod
    def from_dict(
        cls, values: Mapping[str, Any], seats: int = SEATS, sides: int = len(SIDES)
    ) -> SpadesState:
        """A state as ``to_dict`` wrote it; raises ValueError for anything else."""
        state = super(SpadesState, cls).from_dict(values, seats, sides)
        try:
            bags = tuple(int(b) for b in values["bags"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a state of this game: {values!r}") from exc
        if len(bags) != sides or min(bags) < 0:
            raise ValueError(f"not a state of this game: {values!r}")
        return replace(state, bags=bags)


@dataclass(frozen=True, slots=True)
class SpadesProgress(RaceProgress):
    """Where a game stands: a race's progress (``core.progress.RaceProgress``), whose
    ``state`` also holds the sides' bags."""

    @property
    def bags(self) -> tuple[int, ...]:
        """Each side's bags after the last hand (at the start, none)."""
        return self.state.bags if self.state is not None else (0,) * len(SIDES)


def start(first_dealer: int, starting_totals: Sequence[int] | None = None) -> SpadesState:
    """The state before the first hand; raises ValueError as ``core.progress.start_state``."""
    race = start_state(first_dealer, SEATS, len(SIDES), starting_totals)
    return SpadesState(0, race.totals, race.dealer, start=race.start)


def ended(settings: SpadesSettings, totals: Sequence[int], scored: int) -> bool:
    """Whether a hand leaving ``totals`` (the ``scored``-th) ends the game."""
    return (
        max(totals) >= settings.target
        or (settings.lose_at != 0 and min(totals) <= settings.lose_at)
        or scored == settings.deal_limit
    )


def resume(settings: SpadesSettings, state: SpadesState, records: Sequence[Hand]) -> SpadesProgress:
    """Scores ``records`` as hands ``state.number + 1``, … after ``state``.

    Raises ValueError for a hand recorded after the end, and InvalidHand (a ValueError)
    naming the bid for a blind nil the score at the start of its hand does not allow.
    """
    totals, bags = state.totals, state.bags
    dealer, scored = state.dealer, state.scored
    target_reached, winners = state.target_reached, state.winners
    replayed: list[ReplayedHand] = []
    after = state
    for number, record in enumerate(records, start=state.number + 1):
        if winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        if record.blind_nil:  # allowed as far behind as the rules ask
            place = Context(settings, SEATS, SIDES, HandPlace(number, dealer, after))
            refused = check(settings, record, place)
            if refused:
                raise InvalidHand(refused)
        score = score_hand(settings, record.bids, record.tricks, record.blind_nil, bags)
        totals = tuple(t + p for t, p in zip(totals, score.points, strict=True))
        bags = score.bags
        scored += 1
        target_reached = target_reached or ended(settings, totals, scored)
        if target_reached and len(leaders_of(totals)) == 1:
            winners = leaders_of(totals)
        hand_dealer, dealer = dealer, (dealer + 1) % SEATS
        after = SpadesState(
            number, totals, dealer, scored, target_reached, winners, state.start, bags
        )
        opener = (hand_dealer + 1) % SEATS
        replayed.append(ReplayedHand(number, hand_dealer, opener, record, score, totals, after))
    return SpadesProgress(
        settings=settings,
        hands=tuple(replayed),
        totals=totals,
        dealer=dealer,
        opener=(dealer + 1) % SEATS,
        status="finished" if winners else "in_progress",
        winner=winners[0] if winners else None,
        target_reached=target_reached,
        winners=winners,
        starting_totals=state.start,
        state=after,
    )
