"""A race whose state carries one amount from hand to hand (the money in a Schafkopf Stock
waiting for the next game won): the race's state (``core.progress``) and that amount,
which ``carry(settings, record, before)`` works out after each hand. A hand is scored
at its place, so ``score`` reads the amount before it as ``ctx.place.state.carried``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .declared import Progression
from .progress import RaceState, resume_race, start_state


@dataclass(frozen=True, slots=True)
class CarriedState(RaceState):
    """A race's state and the amount it carries to the next hand."""

    carried: int = 0

    def to_dict(self) -> dict[str, Any]:
        return RaceState.to_dict(self) | {"carried": self.carried}


def carrying(race: RaceState, carried: Any) -> CarriedState:
    """``race`` carrying ``carried`` (0 where a state stored before it knew of none);
    raises ValueError for anything but a whole number of 0 or more."""
    if carried is None:
        carried = 0
    if not isinstance(carried, int) or isinstance(carried, bool) or carried < 0:
        raise ValueError(f"not a state of this game: carried {carried!r}")
    kept = (race.scored, race.target_reached, race.winners, race.start)
    return CarriedState(race.number, race.totals, race.dealer, *kept, carried=carried)


def carried_progression(carry: Callable[[Any, Any, int], int], **race: Any) -> Progression:
    """The race (``race``: the rest of its :class:`Progression`), each hand scored after
    the state that carries the amount before it, the amount after it ``carry(settings,
    record, before)`` (a thrown-in deal carries it on)."""

    def start(game: Any, dealer: int, totals: Any) -> CarriedState:
        return carrying(start_state(dealer, game.seats, len(game.sides), totals), 0)

    def load(game: Any, values: Mapping[str, Any]) -> CarriedState:
        race = RaceState.from_dict(values, game.seats, len(game.sides))
        return carrying(race, values.get("carried"))

    def resume(game: Any, settings: Any, state: CarriedState, records: Any, finish: Any) -> Any:
        progress, hands = resume_race(game, settings, state, (), finish_after=finish), []
        for record in records:
            progress = resume_race(game, settings, state, (record,), finish_after=finish)
            after = state.carried if record.thrown_in else carry(settings, record, state.carried)
            state = carrying(progress.state, after)
            hands.append(replace(progress.hands[0], state=state))
        return replace(progress, hands=tuple(hands), state=state)

    return Progression(start=start, load=load, resume=resume, **race)
