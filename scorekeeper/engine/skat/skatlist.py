"""What the Skat list carries from deal to deal besides the totals: each player's games
won and lost and Seeger-Fabian points, which the list's foot shows apart from the game
points (a Skatliste never blends them into one figure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..core.progress import RaceState, resume_race, start_state
from .settings import SkatSettings, seeger_of, value_of

_RACE = tuple(f.name for f in fields(RaceState))


@dataclass(frozen=True, slots=True)
class ListState(RaceState):
    """The race's state and, per seat, the games won and lost and the Seeger-Fabian
    points so far. A state written before the list kept them reads as none yet (empty);
    the list then shows no foot until the stored states are worked out again."""

    won: tuple[int, ...] = ()
    lost: tuple[int, ...] = ()
    seeger: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return RaceState.to_dict(self) | {
            "won": list(self.won),
            "lost": list(self.lost),
            "seeger": list(self.seeger),
        }

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
    return ListState(**{f: getattr(state, f) for f in _RACE}, **counts)


_COUNTS = ("won", "lost", "seeger")


def resume_list(
    rules: Any, settings: SkatSettings, state: ListState, records: Sequence[Any], asked: Any
) -> Any:
    """The race deal by deal, each deal's game won or lost and Seeger-Fabian points
    counted into the state."""
    seats = rules.seats
    hands = []
    for record in records:
        hand = resume_race(rules, settings, state, [record], finish_after=asked).hands[0]
        counts = {name: getattr(state, name) for name in _COUNTS}
        if state.kept and not record.thrown_in:
            won = value_of(settings, record).won
            mark = [int(s == record.declarer) for s in range(seats)]
            if won:
                counts["won"] = tuple(map(sum, zip(counts["won"], mark, strict=True)))
            else:
                counts["lost"] = tuple(map(sum, zip(counts["lost"], mark, strict=True)))
            bonus = seeger_of(settings, record, seats)
            counts["seeger"] = tuple(map(sum, zip(counts["seeger"], bonus, strict=True)))
        after = hand.state
        state = ListState(**{f: getattr(after, f) for f in _RACE}, **counts)
        hands.append(replace(hand, state=state))
    final = resume_race(rules, settings, state, [], finish_after=asked)
    return replace(final, hands=tuple(hands))
