"""The progress of a game, the same for every game: the one loop that replays and resumes
every game (:func:`resume`), the state it carries from hand to hand (:class:`RaceState`)
and the progress it gives (:class:`RaceProgress`).

As OpenSpiel's ``State.apply_action`` with a game's hooks: each hand is scored at its
place (the state before it), then the race keeps its count (the totals, the next dealer,
the hands counted toward a hand limit, and the end: a side at the target or the losing
floor, the hand limit, a side that wins outright, the table's "finish now"), then the
game's ``carry`` gives the state what the game carries besides (Spades' overtricks,
Bridge's games and part-scores, Phase 10's phases, Skat's list, Belote's litige points
held, Schafkopf's Stock; it may end the game too), and last the winners are settled: at the
end, the side ahead alone, or the sides tied at the top where they share the win (else
play goes on). A game declares its hooks once (``core.declared.Progression``) and
subclasses :class:`RaceState` with the fields it carries; it writes no loop of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, make_dataclass, replace
from functools import cache
from typing import Any, Literal, Protocol, Self

from .declared import Progression
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


RACE_FIELDS = ("number", "totals", "dealer", "scored", "target_reached", "winners", "start")
"""The race's fields (:class:`RaceState`'s own), which every stored state holds."""


@dataclass(frozen=True, slots=True)
class RaceState:
    """What a game carries from one hand to the next, as it stands after ``number`` hands:
    the running totals, the next dealer, the hands counted toward the hand limit (those
    scored, and thrown-in deals where they count), whether the end was reached and who
    won; ``start`` is where the totals began. Enough to score the next hand without the
    ones before it. A game that carries more subclasses it with fields of its own, each
    an ``int``, a ``bool`` or a ``tuple`` of whole numbers (``opening`` and ``fits`` say
    what they hold)."""

    number: int
    totals: tuple[int, ...]
    dealer: int
    scored: int = 0
    target_reached: bool = False
    winners: tuple[int, ...] = ()
    start: tuple[int, ...] = ()

    @classmethod
    def first(cls, game: Any, first_dealer: int, starting_totals: Sequence[int] | None) -> Self:
        """The state before the first hand ("hand 0") at ``game``'s table; raises
        ValueError for a seat or starting totals the table does not have."""
        check_first_dealer(first_dealer, game.seats)
        sides = len(game.sides)
        start = tuple(starting_totals) if starting_totals is not None else (0,) * sides
        if len(start) != sides:
            raise ValueError(f"{len(start)} starting totals; a game needs one per side")
        return cls(0, start, first_dealer, start=start, **cls.opening(game))

    @classmethod
    def opening(cls, game: Any) -> dict[str, Any]:
        """The game's own fields before the first hand where not their defaults."""
        return {}

    def fits(self, game: Any) -> bool:
        """Whether the game's own fields read are a state the game writes at its table."""
        return True

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON holds it, field by field, tuples as lists."""
        return {
            f.name: list(value) if isinstance(value, tuple) else value
            for f in fields(self)
            for value in (getattr(self, f.name),)
        }

    @classmethod
    def from_dict(cls, values: Mapping[str, Any], game: Any) -> Self:
        """A state as ``to_dict`` wrote it at ``game``'s table (a field of the game's own
        missing, from a state written before the game kept it, reads as its default);
        raises ValueError for anything else."""
        try:
            read = {
                f.name: _stored(values[f.name], f.type)
                for f in fields(cls)
                if f.name in RACE_FIELDS or f.name in values
            }
            state = cls(**read)
            fits = (
                state.number >= 0
                and len(state.totals) == len(state.start) == len(game.sides)
                and 0 <= state.dealer < game.seats
                and state.fits(game)
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a state of this game: {values!r}") from exc
        if not fits:
            raise ValueError(f"not a state of this game: {values!r}")
        return state


def _stored(value: Any, kind: Any) -> Any:
    """A stored field's value as its declared type (``kind``) holds it: a tuple of whole
    numbers from a list, a yes or no, a whole number; raises TypeError for another."""
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "int":
        return _whole(value)
    if str(kind).startswith("tuple") and isinstance(value, list):
        return tuple(_whole(v) for v in value)
    raise TypeError(f"not a {kind}: {value!r}")


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not a whole number: {value!r}")
    return value


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
    state: Any = None
    """The game's state after this hand, to resume from it."""

    @property
    def points(self) -> tuple[int, ...]:
        return self.score.points if self.score else (0,) * len(self.totals)


@dataclass(frozen=True, slots=True)
class RaceProgress:
    """Where a game stands after its recorded hands (totals and winners per side)."""

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
    state: Any = None
    """The state after the last hand (the one resumed from, when there is none)."""
    before: Any = None
    """The state resumed from: the one before the first of ``hands`` (a game resumed
    after some hands shows its first hand at its place, as the whole game does)."""

    @property
    def leaders(self) -> tuple[int, ...]:
        """The sides that share the best total: the highest, or the lowest where the
        lowest total wins (the settings' ``lowest_wins``)."""
        lowest = getattr(self.settings, "lowest_wins", False)
        return leaders_of([-t for t in self.totals] if lowest else self.totals)

    @property
    def next_number(self) -> int:
        """The number the next hand will have."""
        return (self.state.number if self.state else len(self.hands)) + 1

    @property
    def tie_at_top(self) -> bool:
        """True when the game reached its end (the target or the hand limit) but two or more
        sides share the highest total, so play goes on."""
        return self.target_reached and not self.winners


@dataclass(frozen=True, slots=True)
class Race:
    """What the loop reads of a game's rules once a replay rather than once a hand: the
    game and its settings, the target (None: none), the losing floor (None: none), the
    hands counted after which it ends (0: none), whether sides tied at the end share the
    win, the hooks the game declares (``core.declared.Progression``) and its seats."""

    game: Any
    settings: Any
    target: int | None
    floor: int | None
    limit: int
    shared: bool
    declared: Progression
    seats: int

    @classmethod
    def of(cls, game: Any, settings: Any) -> Race:
        declared = game.progression
        target, shared = declared.target, declared.shares_tie
        return cls(
            game,
            settings,
            getattr(settings, "target", None) if target is None else target(game, settings),
            settings.losing_floor,
            game.hand_limit(settings),
            shared(game, settings) if callable(shared) else shared,
            declared,
            game.seats,
        )

    def opener(self, dealer: int) -> int:
        """Who opens the hand ``dealer`` deals: the game's, else the player to the left."""
        opens = self.declared.opener
        if opens is None:
            return (dealer + 1) % self.seats
        return opens(self.game, self.settings, dealer)


def first_state(game: Any, first_dealer: int, starting_totals: Sequence[int] | None) -> Any:
    """The state before ``game``'s first hand (its declared ``state``'s, else the race's),
    dealt by ``first_dealer``, the totals starting at ``starting_totals`` (None: 0 each);
    raises ValueError for a seat or totals the table does not have."""
    return (game.progression.state or RaceState).first(game, first_dealer, starting_totals)


def resume(
    game: Any, settings: Any, state: Any, records: Sequence[Any], finish_after: int | None = None
) -> Any:
    """The game's progress after ``records`` scored as its hands ``state.number + 1``, …
    after ``state``, by the hooks its ``progression`` declares.

    The game ends after the first hand in which a side reaches or passes the target
    (``settings.target``, or the declared ``target``), falls to the losing floor
    (``losing_floor``), or wins ``outright`` whatever the totals (Bid Whist's Boston;
    when several sides reach the target in one hand, the side the score says
    ``goes_out``, if it is one of them); after ``hand_limit`` hands counted; where the
    table may finish, at hand ``finish_after``; or when the game's ``carry`` says so.
    At the end the side ahead alone wins; sides tied at the top play on, or share the
    win where the game ``shares_tie``. Raises ValueError if a hand is recorded after
    the end. ``finish_after`` counts only where the progression may ``finish_now``.
    """
    race = Race.of(game, settings)
    finish_after = finish_after if race.declared.finish_now else None
    before, hands = state, []
    for number, record in enumerate(records, start=state.number + 1):
        if state.winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        asked = finish_after is not None and number >= finish_after
        hand = played(race, HandPlace(number, state.dealer, state), record, asked)
        hands.append(hand)
        state = hand.state
    if finish_after is not None and state.number >= finish_after and not state.winners:
        # Asked to finish after the last hand already scored: the end is reached now.
        state = settled(race, replace(state, target_reached=True))
    winners = state.winners
    return (race.declared.progress or RaceProgress)(
        settings=settings,
        hands=tuple(hands),
        totals=state.totals,
        dealer=state.dealer,
        opener=race.opener(state.dealer),
        status="finished" if winners else "in_progress",
        winner=winners[0] if len(winners) == 1 else None,
        target_reached=state.target_reached,
        winners=winners,
        starting_totals=state.start,
        state=state,
        before=before,
    )


def played(race: Race, place: HandPlace, record: Any, asked: bool) -> ReplayedHand:
    """One hand at ``place`` (the state before it): scored there, the race's count kept,
    the game's own ``carry`` and, where the table finishes at it (``asked``), its
    ``finish``, then the winners settled."""
    game, settings, declared = race.game, race.settings, race.declared
    score = game.score_at(settings, record, place)
    state = raced(race, place, record, score, asked)
    opener = race.opener(place.dealer)
    finish = declared.finish if asked else None
    if declared.carry is not None or finish is not None:
        hand = ReplayedHand(place.number, place.dealer, opener, record, score, state.totals, state)
        if declared.carry is not None:
            state = declared.carry(game, settings, hand)
            hand = ReplayedHand(
                place.number, place.dealer, opener, record, score, hand.totals, state
            )
        if finish is not None:
            hand = finish(game, settings, hand)
        score, state = hand.score, hand.state
    if state.target_reached and not state.winners:
        state = settled(race, state)
    return ReplayedHand(place.number, place.dealer, opener, record, score, state.totals, state)


def raced(race: Race, place: HandPlace, record: Any, score: Any, asked: bool) -> Any:
    """The state after a hand as the race keeps it: the state before (``place.state``, its
    game's own fields as they were) with the totals, the next dealer, the hands counted,
    whether the end is reached and an outright winner."""
    before = place.state
    totals, reached, outright = before.totals, before.target_reached or asked, None
    if score is not None:
        totals = tuple([t + p for t, p in zip(totals, score.points, strict=True)])
        outright = outright_winner(race, totals, score)
        fallen = race.floor is not None and min(totals) <= race.floor
        past = race.target is not None and max(totals) >= race.target
        reached = reached or fallen or past or outright is not None
    counted = score is not None or race.declared.deals_count
    scored = before.scored + counted
    reached = reached or (counted and scored == race.limit)
    dealer = next_dealer(race, place, record)
    winners = before.winners if outright is None else (outright,)
    kind = type(before)  # the game's own fields after the race's, as they were
    own = [getattr(before, name) for name in _fields_of(kind)[len(RACE_FIELDS) :]]
    return kind(place.number, totals, dealer, scored, reached, winners, before.start, *own)


def next_dealer(race: Race, place: HandPlace, record: Any) -> int:
    """The dealer after the hand ``record`` at ``place``: the game's, else to the left."""
    passes = race.declared.next_dealer
    if passes is None:
        return (place.dealer + 1) % race.seats
    return passes(race.game, race.settings, place, record)


@cache
def _fields_of(kind: type) -> tuple[str, ...]:
    """A state's fields in their order: the race's (``RACE_FIELDS``), then the game's."""
    return tuple(f.name for f in fields(kind))


def over(race: Race, totals: Sequence[int]) -> list[int]:
    """The sides at or past the game's target (none for a game without one)."""
    target = race.target
    return [] if target is None else [side for side, t in enumerate(totals) if t >= target]


def outright_winner(race: Race, totals: Sequence[int], score: Any) -> int | None:
    """The side a hand makes the winner whatever the totals: its score's ``outright``, or
    among several sides past the target the one it says ``goes_out``."""
    goes_out = getattr(score, "goes_out", None)
    if goes_out is not None and len(reached := over(race, totals)) > 1:
        return goes_out if goes_out in reached else getattr(score, "outright", None)
    return getattr(score, "outright", None)


def settled(race: Race, state: Any) -> Any:
    """``state`` with its winners once the end is reached: the side ahead alone (the
    best total: the lowest where it wins), or the sides tied at the top where the game
    ``shares_tie``; none while a tie plays on."""
    if state.winners or not state.target_reached:
        return state
    leaders = leaders_of(race.settings.in_favour(state.totals))
    if len(leaders) == 1 or race.shared:
        return replace(state, winners=leaders)
    return state


def carrying(
    after: Callable[[Any, Any, Any, int], int], name: str = "carried", **declared: Any
) -> Any:
    """The progression of a race that carries one amount from hand to hand, ``name`` the
    game's word for it (Schafkopf's money ``carried`` in the Stock to the next game won,
    Belote's litige points ``held`` for a later deal's winner): a whole number of 0
    or more, none at the start, nor in a state written before the game carried it. A deal
    thrown in carries it on; after any other deal it is ``after(game, settings, record,
    before)``. A hand scored at its place reads the amount before it (``carried_at``).
    ``declared``: the rest of the game's ``Progression``."""
    state = make_dataclass(
        f"Carrying{name.title()}",
        [(name, "int", 0)],
        bases=(RaceState,),
        namespace={"fits": lambda self, game: getattr(self, name) >= 0},
        frozen=True,
        slots=True,
    )

    def carry(game: Any, settings: Any, hand: ReplayedHand) -> Any:
        before, record = getattr(hand.state, name), hand.record
        amount = before if record.thrown_in else after(game, settings, record, before)
        return replace(hand.state, **{name: amount})

    return Progression(state=state, carry=carry, **declared)


def holding(holds: Callable[[Any, Any, Any], int], **declared: Any) -> Any:
    """The progression of a race whose deals may hold points aside for a later deal's
    winner (Belote's litige), ``held`` (``carrying``): ``holds(game, settings, record)``
    the points a played deal holds (0: none), added to those held before; a deal that
    holds none, having given them to its winner, clears them."""

    def after(game: Any, settings: Any, record: Any, before: int) -> int:
        held = holds(game, settings, record)
        return before + held if held else 0

    return carrying(after, "held", **declared)


def carried_at(place: HandPlace | None, name: str) -> int:
    """The amount a game that carries one (``carrying``) holds before the hand at
    ``place`` (None, or a place without its state: none)."""
    return getattr(place and place.state, name, 0)
