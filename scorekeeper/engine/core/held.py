"""A race in which a hand may hold points aside for the winner of a later hand (Belote's
litige: the takers' points wait for whoever wins the next deal): the race's state with the
points held (:class:`HeldState`), and the progression that carries them
(:func:`held_race`). The game's score reads what is held before a hand from its place
(``ctx.place.state.held``) and gives it to that hand's winner; a hand that holds points
adds them to what waits, a deal thrown in keeps what waits, and any other hand, having
given it, clears it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .declared import Progression
from .progress import RaceState, resume_race, start_state


@dataclass(frozen=True, slots=True)
class HeldState(RaceState):
    """A race's state and the points ``held`` for the winner of a hand to come."""

    held: int = 0

    def to_dict(self) -> dict[str, Any]:
        return RaceState.to_dict(self) | {"held": self.held}


def held_points(place: Any) -> int:
    """The points held before the hand at ``place`` (a ``HandPlace``, or None: none)."""
    return getattr(place and place.state, "held", 0)


def _held(race: RaceState, held: Any) -> HeldState:
    if not isinstance(held, int) or isinstance(held, bool) or held < 0:
        raise ValueError(f"not a state of this game: {held!r}")
    kept = (race.scored, race.target_reached, race.winners, race.start)
    return HeldState(race.number, race.totals, race.dealer, *kept, held=held)


def held_race(holds: Callable[[Any, Any, Any], int], **declared: Any) -> Progression:
    """The race to the target whose hands may hold points: ``holds(game, settings,
    record)`` the points a played hand holds aside (0: none); ``declared``, the rest of
    the game's ``Progression``."""

    def resume(game: Any, settings: Any, state: Any, records: Any, finish: Any) -> Any:
        progress, hands = resume_race(game, settings, state, (), finish_after=finish), []
        for record in records:
            progress = resume_race(game, settings, state, (record,), finish_after=finish)
            held = 0 if record.thrown_in else holds(game, settings, record)
            state = _held(progress.state, state.held + held if record.thrown_in or held else 0)
            hands.append(replace(progress.hands[0], state=state))
        return replace(progress, hands=tuple(hands), state=state)

    return Progression(
        start=lambda game, dealer, totals: _held(
            start_state(dealer, game.seats, len(game.sides), totals), 0
        ),
        load=lambda game, values: _held(
            RaceState.from_dict(values, game.seats, len(game.sides)), values.get("held")
        ),
        resume=resume,
        **declared,
    )
