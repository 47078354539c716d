"""What the Skat list carries from deal to deal besides the totals: each player's games
won and lost and Seeger-Fabian points, which the list's foot shows apart from the game
points (a Skatliste never blends them into one figure), and the Bock deals to come."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.progress import RaceState, ReplayedHand
from ..core.seating import present_at
from .settings import SkatSettings, bock_events, seeger_of, value_of

BOCK_FACTOR = 2


@dataclass(frozen=True, slots=True)
class ListState(RaceState):
    """The race's state and, per seat, the games won and lost and the Seeger-Fabian
    points so far. A state written before the list kept them reads as none yet (empty);
    the list then shows no foot until the stored states are worked out again."""

    won: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()
    seeger: tuple[int, ...] = ()
    bock: tuple[int, ...] = ()  # the Bock factor of each deal to come, the next first
    scored_bock: int = 1  # the Bock factor the deal that led here was scored at

    @classmethod
    def opening(cls, game: Any) -> dict[str, Any]:
        zero = (0,) * game.seats
        return {"won": zero, "lost": zero, "seeger": zero}

    def fits(self, game: Any) -> bool:
        return all(len(c) in (0, game.seats) for c in (self.won, self.lost, self.seeger))

    @property
    def bock_factor(self) -> int:
        """How many times the next deal's game counts: 2 in a Bock round, else 1."""
        return self.bock[0] if self.bock else 1

    @property
    def kept(self) -> bool:
        """Whether the state holds the list's counts (a state of today's code does)."""
        return bool(self.won)


def carried(game: Any, settings: SkatSettings, hand: ReplayedHand) -> ListState:
    """The list after a deal: its game won or lost and Seeger-Fabian points counted, and
    the Bock deals it leaves: a deal (a thrown-in one too) uses one up, and one that
    brings about a Bock round queues a round (``bock_deals``, or a deal by each player)
    after those owed."""
    state, record, seats = hand.state, hand.record, game.seats
    won, lost, seeger = state.won, state.lost, state.seeger
    if state.kept and not record.thrown_in and record.game != "ramsch":
        mark = [int(s == record.declarer) for s in range(seats)]
        if value_of(settings, record).won:
            won = tuple(map(sum, zip(won, mark, strict=True)))
        else:
            lost = tuple(map(sum, zip(lost, mark, strict=True)))
        bonus = seeger_of(settings, record, seats, present_at(settings, seats, hand.number))
        seeger = tuple(map(sum, zip(seeger, bonus, strict=True)))
    owed = state.bock[1:]
    if bock_events(settings, record):
        owed += (BOCK_FACTOR,) * (settings.bock_deals or seats)
    counts = {"won": won, "lost": lost, "seeger": seeger}
    return replace(state, **counts, bock=owed, scored_bock=state.bock_factor)
