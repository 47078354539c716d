"""The progress of a game of Oh Hell: totals add up hand by hand, the deal passes left,
and the game ends after the sequence's last hand, every player tied at the top then
sharing the win. The types are the race's (``core/progress.py``), the progress knowing
the sequence too: the cards of the next hand and the hands left."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.messages import msg
from ..core.progress import RaceProgress, RaceState, ReplayedHand
from ..core.seats import leaders_of
from .settings import OhHellSettings, cards_sequence


@dataclass(frozen=True, slots=True)
class OhHellProgress(RaceProgress):
    """A race whose end is the sequence's (``sequence``: the cards of every hand)."""

    sequence: tuple[int, ...] = ()

    @property
    def hands_left(self) -> int:
        played = self.state.number if self.state else len(self.hands)
        return max(0, len(self.sequence) - played)

    @property
    def cards(self) -> int | None:
        """The cards dealt in the next hand; None once the game is over."""
        return self.sequence[-self.hands_left] if self.hands_left and not self.winners else None


def resume(settings: OhHellSettings, state: RaceState, records: Sequence[Any]) -> OhHellProgress:
    """``records`` scored as the hands after ``state``; raises ValueError for a hand
    recorded after the end."""
    seats = settings.players
    sequence = cards_sequence(settings)
    totals, dealer, winners = list(state.totals), state.dealer, state.winners
    replayed = []
    for number, record in enumerate(records, start=state.number + 1):
        if winners or number > len(sequence):
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = record.score(settings)
        totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        hand_dealer, dealer = dealer, (dealer + 1) % seats
        ended = number == len(sequence)
        winners = leaders_of(totals) if ended else ()
        state = RaceState(number, tuple(totals), dealer, number, ended, winners, state.start)
        replayed.append(
            ReplayedHand(number, hand_dealer, dealer, record, score, state.totals, state)
        )
    return OhHellProgress(
        settings=settings,
        hands=tuple(replayed),
        totals=tuple(totals),
        dealer=dealer,
        opener=(dealer + 1) % seats,
        status="finished" if winners else "in_progress",
        winner=winners[0] if len(winners) == 1 else None,
        target_reached=bool(winners),
        winners=winners,
        starting_totals=state.start,
        state=state,
        sequence=sequence,
    )
