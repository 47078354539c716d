"""The progress of a game, the same for every game: the types ``replay`` and ``resume`` hand
back, and the race to a target most games are.

:class:`ProgressBase` gives every game's progress what the app reads the same way (the
leaders, the next hand's number, the seats or sides that won). :func:`resume_race` is the
whole progression of a game in which every side races to a target: totals add up hand by
hand, the end comes with the target (or a hand limit), and a tie at the top plays on or
shares the win. A game plugs in its own scoring, dealer and opener (:class:`RaceRules`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol, Self, TypeVar

from .game import HandPlace
from .messages import msg
from .seats import leaders_of
from .simulation import check_first_dealer

Status = Literal["in_progress", "finished"]


class Scored(Protocol):
    """A hand's score as a game works it out: at least its points per side."""

    @property
    def points(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class Points:
    """The plainest score: points per side, nothing else to show."""

    points: tuple[int, ...]


class ProgressBase:
    """What every game's progress (a slots dataclass with ``hands``, ``totals``,
    ``winner`` and ``state``) shows alike."""

    __slots__ = ()
    hands: Sequence[Any]
    totals: tuple[int, ...]
    winner: int | None
    state: Any

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats (or sides) that share the highest total."""
        return leaders_of(self.totals)

    @property
    def next_number(self) -> int:
        """The number the next hand will have."""
        return (self.state.number if self.state else len(self.hands)) + 1


class FieldState:
    """A game's own state (a frozen dataclass) written to JSON field by field, tuples as
    lists, and read back so; a game says what a state it wrote looks like (``fits``)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name in self.__dataclass_fields__
            for value in (getattr(self, name),)
        }

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Self:
        """A state as ``to_dict`` wrote it; raises ValueError for anything else."""
        try:
            state = cls(
                **{
                    name: tuple(int(v) for v in value) if isinstance(value, list) else value
                    for name in cls.__dataclass_fields__
                    for value in (values[name],)
                }
            )
            fits = state.fits()
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a state of this game: {values!r}") from exc
        if not fits:
            raise ValueError(f"not a state of this game: {values!r}")
        return state

    def fits(self) -> bool:
        """Whether the values read are a state the game writes."""
        return True


@dataclass(frozen=True, slots=True)
class RaceState:
    """What a race carries from one hand to the next, as it stands after ``number`` hands:
    the running totals, the next dealer, the hands counted toward the hand limit (those
    scored, and thrown-in deals where they count), whether the end was reached and who
    won; ``start`` is where the totals began. Enough to score the next hand without the
    ones before it."""

    number: int
    totals: tuple[int, ...]
    dealer: int
    scored: int = 0
    target_reached: bool = False
    winners: tuple[int, ...] = ()
    start: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "totals": list(self.totals),
            "dealer": self.dealer,
            "scored": self.scored,
            "target_reached": self.target_reached,
            "winners": list(self.winners),
            "start": list(self.start),
        }

    @classmethod
    def from_dict(cls, values: Mapping[str, Any], seats: int, sides: int) -> RaceState:
        """A state as ``to_dict`` wrote it for ``seats`` seats in ``sides`` sides; raises
        ValueError for anything else."""
        try:
            state = cls(
                int(values["number"]),
                tuple(int(t) for t in values["totals"]),
                int(values["dealer"]),
                int(values["scored"]),
                bool(values["target_reached"]),
                tuple(int(w) for w in values["winners"]),
                tuple(int(t) for t in values["start"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a state of this game: {values!r}") from exc
        if (
            state.number < 0
            or len(state.totals) != sides
            or len(state.start) != sides
            or not 0 <= state.dealer < seats
        ):
            raise ValueError(f"not a state of this game: {values!r}")
        return state


def start_state(
    first_dealer: int, seats: int, sides: int, starting_totals: Sequence[int] | None = None
) -> RaceState:
    """The state before the first hand ("hand 0"); raises ValueError for a seat or
    starting totals the table does not have."""
    check_first_dealer(first_dealer, seats)
    start = tuple(starting_totals) if starting_totals is not None else (0,) * sides
    if len(start) != sides:
        raise ValueError(f"{len(start)} starting totals; a game needs one per side")
    return RaceState(0, start, first_dealer, start=start)


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One recorded hand as the scoreboard shows it: ``score`` is the game's own (None
    for a thrown-in deal), ``points`` and ``totals`` per side."""

    number: int
    dealer: int
    opener: int
    record: Any
    score: Any
    totals: tuple[int, ...]
    state: RaceState | None = None
    """The game's state after this hand, to resume from it."""

    @property
    def points(self) -> tuple[int, ...]:
        return self.score.points if self.score else (0,) * len(self.totals)


@dataclass(frozen=True, slots=True)
class RaceProgress(ProgressBase):
    """Where a race stands after its recorded hands (totals and winners per side)."""

    settings: Any
    hands: tuple[ReplayedHand, ...]
    totals: tuple[int, ...]
    dealer: int
    opener: int
    status: Status
    winner: int | None
    target_reached: bool
    winners: tuple[int, ...] = ()
    starting_totals: tuple[int, ...] = ()
    state: RaceState | None = None
    """The state after the last hand (the one resumed from, when there is none)."""

    @property
    def tie_at_top(self) -> bool:
        """True when the game reached its end (the target or the hand limit) but two or more
        sides share the highest total, so play goes on."""
        return self.target_reached and not self.winners


class RaceRules(Protocol):
    """What a race asks of its game (``GameBase`` gives each a default)."""

    def score_hand(self, settings: Any, record: Any) -> Scored | None: ...

    def next_dealer(self, dealer: int, record: Any) -> int: ...

    def opener(self, settings: Any, dealer: int) -> int: ...

    def hand_limit(self, settings: Any) -> int: ...

    def shares_tie(self, settings: Any) -> bool: ...


P = TypeVar("P", bound=RaceProgress)


def resume_race(
    rules: RaceRules,
    settings: Any,
    state: RaceState,
    hands: Sequence[Any],
    make: Callable[..., P] = RaceProgress,  # type: ignore[assignment]
    finish_after: int | None = None,
    every_deal: bool = False,
    **own: Any,
) -> P:
    """Scores ``hands`` as the game's hands ``state.number + 1``, … after ``state``.

    The game ends after the first hand in which a side reaches or passes
    ``settings.target``, or after ``hand_limit`` scored hands when that is set, when one
    side alone has the highest total. While two or more tie at the top, play goes on until
    one side alone leads, or (``shares_tie``) the tied sides share the win: then
    ``winners`` names them all and ``winner`` is None. Raises ValueError if a hand is
    recorded after the end. Settings without a ``target`` (a game that ends by its hand
    limit alone) never reach one. ``make`` (a :class:`RaceProgress` or a game's subclass)
    holds the progress, with the game's ``own`` fields. ``finish_after`` (a game that
    may "finish now"): the number of hands recorded when the table asked to finish; from
    that hand on the end is reached, and the side ahead alone wins (a tie plays on, or
    shares the win with ``shares_tie``).

    The end comes too when a side falls to ``settings.losing_floor`` or below (where the
    settings have one: the side ahead wins), and with a hand whose score names a side
    that wins ``outright`` whatever the totals (Bid Whist's Boston). When several sides
    reach the target in one hand, the side the score says ``goes_out`` (the bidders who
    made their bid) wins if it is one of them. ``every_deal``: a deal thrown in counts
    toward ``hand_limit`` as a hand of the game, though it scores nothing.
    """
    target = getattr(settings, "target", None)
    floor = getattr(settings, "losing_floor", None)
    totals = list(state.totals)
    dealer = state.dealer
    target_reached = state.target_reached
    winners = state.winners
    scored = state.scored
    start = state.start
    limit = rules.hand_limit(settings)
    shared = rules.shares_tie(settings)
    replayed: list[ReplayedHand] = []
    for number, record in enumerate(hands, start=state.number + 1):
        if winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        if getattr(rules, "hand", None) is not None:  # a schema's game scores at the place
            score = rules.score_at(settings, record, HandPlace(number, dealer, state))
        else:
            score = rules.score_hand(settings, record)
        hand_dealer = dealer
        dealer = rules.next_dealer(dealer, record)
        outright = getattr(score, "outright", None)
        if score is not None:
            totals = [t + p for t, p in zip(totals, score.points, strict=True)]
            over = [side for side, t in enumerate(totals) if target is not None and t >= target]
            if len(over) > 1 and getattr(score, "goes_out", None) in over:
                outright = score.goes_out
            fallen = floor is not None and min(totals) <= floor
            if over or fallen or outright is not None:
                target_reached = True
        if score is not None or every_deal:
            scored += 1
            if scored == limit:
                target_reached = True
        if finish_after is not None and number >= finish_after:
            target_reached = True
        if outright is not None:
            winners = (outright,)
        elif target_reached:
            leaders = leaders_of(totals)
            if len(leaders) == 1 or shared:
                winners = leaders
        state = RaceState(number, tuple(totals), dealer, scored, target_reached, winners, start)
        opener = rules.opener(settings, hand_dealer)
        replayed.append(
            ReplayedHand(number, hand_dealer, opener, record, score, state.totals, state)
        )
    if finish_after is not None and state.number >= finish_after and not winners:
        # Asked to finish after the last hand already scored: the end is reached now.
        target_reached = True
        leaders = leaders_of(totals)
        winners = leaders if len(leaders) == 1 or shared else ()
        state = RaceState(state.number, tuple(totals), dealer, scored, True, winners, start)
    return make(
        settings=settings,
        hands=tuple(replayed),
        totals=tuple(totals),
        dealer=dealer,
        opener=rules.opener(settings, dealer),
        status="finished" if winners else "in_progress",
        winner=winners[0] if len(winners) == 1 else None,
        target_reached=target_reached,
        winners=winners,
        starting_totals=start,
        state=state,
        **own,
    )
