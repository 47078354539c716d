"""What the Skat list carries from deal to deal besides the totals: each player's games
won and lost and Seeger-Fabian points, which the list's foot shows apart from the game
points (a Skatliste never blends them into one figure), and the Bock deals to come."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..core.progress import RaceState, resume_race, start_state
from ..core.seating import next_present, present_at
from .settings import SkatSettings, bock_events, seeger_of, value_of

BOCK_FACTOR = 2

_RACE = tuple(f.name for f in fields(RaceState))


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

    def to_dict(self) -> dict[str, Any]:
        return RaceState.to_dict(self) | {
            "won": list(self.won),
            "lost": list(self.lost),
            "seeger": list(self.seeger),
            "bock": list(self.bock),
            "scored_bock": self.scored_bock,
        }

    @property
    def bock_factor(self) -> int:
        """How many times the next deal's game counts: 2 in a Bock round, else 1."""
        return self.bock[0] if self.bock else 1

    @property
    def kept(self) -> bool:
        """Whether the state holds the list's counts (a state of today's code does)."""
        return bool(self.won)


def first_state(first_dealer: int, seats: int, starting: Sequence[int] | None) -> ListState:
    state = start_state(first_dealer, seats, seats, starting)
    zero = (0,) * seats
    return ListState(**{f: getattr(state, f) for f in _RACE}, won=zero, lost=zero, seeger=zero)


def read_state(values: Mapping[str, Any], seats: int) -> ListState:
    """A state as ``ListState.to_dict`` wrote it (or a plain race's, written before the
    list kept its counts); raises ValueError for anything else."""
    state = RaceState.from_dict(values, seats, seats)
    try:
        counts = {name: tuple(int(n) for n in values.get(name, ())) for name in _COUNTS}
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a state of this game: {values!r}") from exc
    if any(len(c) not in (0, seats) for c in counts.values()):
        raise ValueError(f"not a state of this game: {values!r}")
    try:
        bock = tuple(int(f) for f in values.get("bock", ()))
        scored_bock = int(values.get("scored_bock", 1))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"not a state of this game: {values!r}") from exc
    race = {f: getattr(state, f) for f in _RACE}
    return ListState(**race, **counts, bock=bock, scored_bock=scored_bock)


_COUNTS = ("won", "lost", "seeger")


def resume_list(
    rules: Any, settings: SkatSettings, state: ListState, records: Sequence[Any], asked: Any
) -> Any:
    """The race deal by deal, each deal's game won or lost and Seeger-Fabian points
    counted into the state, and the Bock deals it leaves: a deal (a thrown-in one too)
    uses one up, and one that brings about a Bock round queues a round (``bock_deals``,
    or a deal by each player) after those owed."""
    seats = rules.seats
    hands = []
    for record in records:
        hand = resume_race(rules, settings, state, [record], finish_after=asked).hands[0]
        number = hand.number
        counts = {name: getattr(state, name) for name in _COUNTS}
        if state.kept and not record.thrown_in and record.game != "ramsch":
            won = value_of(settings, record).won
            mark = [int(s == record.declarer) for s in range(seats)]
            if won:
                counts["won"] = tuple(map(sum, zip(counts["won"], mark, strict=True)))
            else:
                counts["lost"] = tuple(map(sum, zip(counts["lost"], mark, strict=True)))
            bonus = seeger_of(settings, record, seats, present_at(settings, seats, number))
            counts["seeger"] = tuple(map(sum, zip(counts["seeger"], bonus, strict=True)))
        owed = state.bock[1:]
        if bock_events(settings, record):
            owed += (BOCK_FACTOR,) * (settings.bock_deals or seats)
        race = {f: getattr(hand.state, f) for f in _RACE}
        # The deal passes to the next player at the table for the next deal.
        race["dealer"] = next_present(settings, seats, hand.dealer, number + 1)
        state = ListState(**race, **counts, bock=owed, scored_bock=state.bock_factor)
        hands.append(replace(hand, state=state))
    final = resume_race(rules, settings, state, [], finish_after=asked)
    return replace(final, hands=tuple(hands))
