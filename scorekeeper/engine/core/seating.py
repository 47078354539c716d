"""Who sat where, hand by hand: a player leaves mid-game and another takes the seat.

A change says that from hand ``from_hand`` on, ``name`` sits in ``seat``; the seat's
total carries on, since the scoring is the seat's (or its side's). Statistics credit each
hand to whoever actually sat there: a *stint* is one person's run of hands in one seat.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidSettings
from .messages import Message, msg


@dataclass(frozen=True, slots=True, order=True)
class SeatChange:
    """From hand ``from_hand`` (1 = the first) on, ``name`` sits in ``seat``."""

    from_hand: int
    seat: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        """The change as the API and the export file write it."""
        return {"from_hand": self.from_hand, "seat": self.seat, "name": self.name}


@dataclass(frozen=True, slots=True)
class Stint:
    """``name`` in ``seat`` for hands ``first``..``last`` (``last`` None: to the end, so
    also a stint with no hands yet, for a player who has just sat down)."""

    seat: int
    name: str
    first: int
    last: int | None

    def covers(self, number: int) -> bool:
        return self.first <= number and (self.last is None or number <= self.last)

    @property
    def to_the_end(self) -> bool:
        return self.last is None


def names_at(players: Sequence[str], changes: Sequence[SeatChange], number: int) -> tuple[str, ...]:
    """The names in each seat at hand ``number``."""
    names = list(players)
    for change in sorted(changes):
        if change.from_hand <= number:
            names[change.seat] = change.name
    return tuple(names)


def table_changes(
    players: Sequence[str], changes: Sequence[SeatChange], settings: Any
) -> dict[int, list[Message]]:
    """By the hand it takes effect from, each change at the table as the list says it over
    that hand: "Dora joins" (a seat empty before, or added), "Ann leaves" (nobody takes
    her seat: a table that grows and shrinks), "Eve for Bob" (Eve takes Bob's seat)."""
    found: dict[int, list[Message]] = {}
    joined: set[tuple[int, int]] = set()
    before: tuple[int, ...] = ()
    for first, empty in getattr(settings, "empty_seats", ()):
        if first > 1:  # a seat empty from the first hand had nobody to leave it
            for seat in sorted(set(empty) - set(before)):
                name = names_at(players, changes, first - 1)[seat]
                found.setdefault(first, []).append(msg("%(name)s leaves", name=name))
        for seat in sorted(set(before) - set(empty)):
            name = names_at(players, changes, first)[seat]
            found.setdefault(first, []).append(msg("%(name)s joins", name=name))
            joined.add((first, seat))
        before = empty
    for change in sorted(changes):
        if (change.from_hand, change.seat) not in joined:
            old = names_at(players, changes, change.from_hand - 1)[change.seat]
            said = msg("%(new)s for %(old)s", new=change.name, old=old)
            found.setdefault(change.from_hand, []).append(said)
    return found


def stints(players: Sequence[str], changes: Sequence[SeatChange]) -> list[Stint]:
    """Every stint of the game, seat by seat, in the order they sat."""
    found = []
    for seat, first_name in enumerate(players):
        runs = [(1, first_name)] + [
            (c.from_hand, c.name) for c in sorted(changes) if c.seat == seat
        ]
        for index, (first, name) in enumerate(runs):
            last = runs[index + 1][0] - 1 if index + 1 < len(runs) else None
            found.append(Stint(seat, name, first, last))
    return found


def stints_sat(players: Sequence[str], changes: Sequence[SeatChange], hands: int) -> list[Stint]:
    """The stints of a game of ``hands`` hands that sat at least one hand, or sit now for
    the next one, seat by seat."""
    return [
        stint
        for stint in stints(players, changes)
        if (stint.last is None or stint.last >= stint.first) and stint.first <= hands + 1
    ]


def played_by(players: Sequence[str], changes: Sequence[SeatChange]) -> set[str]:
    """Everyone who sat in the game at some point."""
    return {*players, *(change.name for change in changes)}


def total_when_left(progress: Any, stint: Stint, index: int) -> int:
    """The running total at ``index`` (the stint's seat, or its side in a partnership game)
    after the last hand ``stint`` sat: the total now for one still sitting."""
    if stint.last is None or stint.last > len(progress.hands):
        return progress.totals[index]
    return progress.hands[stint.last - 1].totals[index]


def rival_stints(
    players: Sequence[str], changes: Sequence[SeatChange], hands: int, chosen: Sequence[str]
) -> list[tuple[Stint, Stint]]:
    """Every ordered pair of stints of two different ``chosen`` players in two different
    seats of a game of ``hands`` hands: the pairs a head-to-head table compares."""
    mine = [stint for stint in stints_sat(players, changes, hands) if stint.name in chosen]
    return [(a, b) for a in mine for b in mine if a.name != b.name and a.seat != b.seat]


def hands_together(progress: Any, a: Stint, b: Stint) -> list[Any] | None:
    """The replayed hands both stints sat, or None when the two never sat at the table
    together (nor sit there now): then they have no rivalry in this game."""
    together = [h for h in progress.hands if a.covers(h.number) and b.covers(h.number)]
    if not together and not (a.to_the_end and b.to_the_end):
        return None
    return together


def sat_as_recorded(players: Sequence[str], changes: Sequence[SeatChange]) -> None:
    """Raises ValueError, as a recorded game for statistics does, unless the changes are
    possible (see ``check_changes``)."""
    try:
        check_changes(players, changes)
    except InvalidSettings as exc:
        raise ValueError(str(exc)) from None


def check_changes(
    players: Sequence[str], changes: Sequence[SeatChange], hands: int | None = None
) -> None:
    """Raises InvalidSettings (field ``substitutions``) unless every change is into a seat
    of the table, from hand 1 or later (at most one past ``hands``, the next hand, when
    given), one per seat and hand, and never puts a name in two seats at once."""
    seen = set()
    for change in changes:
        if not 0 <= change.seat < len(players):
            raise InvalidSettings(
                msg("seat %(seat)d is not at this table", seat=change.seat), "substitutions"
            )
        if change.from_hand < 1 or (hands is not None and change.from_hand > hands + 1):
            raise InvalidSettings(
                msg(
                    "a player can take a seat from hand 1 to the next hand, %(next)d; "
                    "not from hand %(hand)d",
                    next=(hands or 0) + 1,
                    hand=change.from_hand,
                ),
                "substitutions",
            )
        if (change.seat, change.from_hand) in seen:
            raise InvalidSettings(
                msg(
                    "seat %(seat)d changes twice at hand %(hand)d",
                    seat=change.seat,
                    hand=change.from_hand,
                ),
                "substitutions",
            )
        seen.add((change.seat, change.from_hand))
    for number in sorted({1, *(c.from_hand for c in changes)}):
        names = names_at(players, changes, number)
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            raise InvalidSettings(
                msg(
                    "%(name)s would sit in two seats at once from hand %(hand)d",
                    name=twice,
                    hand=number,
                ),
                "substitutions",
            )


@functools.cache
def _counted_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.name not in ("player", "opponent"))


def add_rivalries(first: Any, second: Any) -> Any:
    """One pair's rivalry (a game's ``Rivalry`` dataclass: ``player``, ``opponent`` and
    counts) over both sets of games: every count added. Raises ValueError for two pairs.
    A head-to-head table adds one per game and pair, so the fields are looked up once per
    class."""
    if (first.player, first.opponent) != (second.player, second.opponent):
        raise ValueError("only one pair's rivalries add up")
    return type(first)(
        first.player,
        first.opponent,
        **{
            name: getattr(first, name) + getattr(second, name)
            for name in _counted_fields(type(first))
        },
    )


def sum_rivalries(start: Iterable[Any], more: Iterable[Any]) -> list[Any]:
    """The rivalries of ``start`` (one per pair, a game's ``Rivalry`` dataclasses), each
    with every rivalry of ``more`` for the same pair added, as ``add_rivalries`` would add
    them one by one; a rivalry of another pair is left out. Counts are added as numbers
    and each rivalry built once, however many games are summed."""
    first = list(start)
    if not first:
        return []
    names = _counted_fields(type(first[0]))
    totals = {(r.player, r.opponent): [getattr(r, name) for name in names] for r in first}
    for rivalry in more:
        counts = totals.get((rivalry.player, rivalry.opponent))
        if counts is not None:
            for index, name in enumerate(names):
                counts[index] += getattr(rivalry, name)
    return [
        type(r)(
            r.player, r.opponent, **dict(zip(names, totals[(r.player, r.opponent)], strict=True))
        )
        for r in first
    ]


# --- a table that grows or shrinks mid-game -----------------------------------------------
# A game whose settings have ``empty_seats`` (Skat: three at the table, or four with the
# dealer sitting out) is stored at its largest table; ``empty_seats`` says, from which
# hand on, which seats are empty: ((from_hand, (seat, ...)), ...), the latest first hand
# last. A seat's name stays the last player who sat there, so the list keeps a column
# for everyone who ever sat, each total carried on.

EmptySeats = tuple[tuple[int, tuple[int, ...]], ...]


def grows(settings: Any) -> bool:
    """Whether the game's table may grow or shrink mid-game (its settings say which
    seats are empty when)."""
    return hasattr(settings, "empty_seats")


def empty_at(settings: Any, number: int) -> tuple[int, ...]:
    """The seats empty at hand ``number`` (none for a table that never changes size)."""
    empty: tuple[int, ...] = ()
    for first, seats in getattr(settings, "empty_seats", ()):
        if first <= number:
            empty = seats
    return empty


def sits_out(game: Any, settings: Any, number: int, dealer: int) -> tuple[int, ...]:
    """The seats of ``game``'s table that take no part in hand ``number``, dealt by
    ``dealer``: those empty at it (a table that grew or shrank) and those its progression
    says sit it out (``Progression.sits_out``: a fifth Doppelkopf player's dealer), in
    seat order. A player in one of them did not play the hand (a club night's ranking
    counts hands played)."""
    declared = game.progression.sits_out
    out = set(empty_at(settings, number))
    if declared is not None:
        out.update(declared(game, settings, number, dealer))
    return tuple(sorted(out))


def present_at(settings: Any, seats: int, number: int) -> tuple[int, ...]:
    """The seats of a table of ``seats`` with a player in them at hand ``number``."""
    empty = empty_at(settings, number)
    return tuple(seat for seat in range(seats) if seat not in empty)


def next_present(settings: Any, seats: int, seat: int, number: int) -> int:
    """The first seat after ``seat``, clockwise, with a player in it at hand ``number``."""
    present = present_at(settings, seats, number)
    return next(
        (seat + step) % seats for step in range(1, seats + 1) if (seat + step) % seats in present
    )


def with_empty(settings: Any, number: int, empty: tuple[int, ...]) -> Any:
    """``settings`` with ``empty`` the seats empty from hand ``number`` on (a change at
    that hand already made is replaced; one that brings back the seats before is
    dropped)."""
    kept = tuple((first, seats) for first, seats in settings.empty_seats if first < number)
    before = kept[-1][1] if kept else ()
    changed = kept if tuple(sorted(empty)) == before else (*kept, (number, tuple(sorted(empty))))
    return dataclasses.replace(settings, empty_seats=changed)


def write_empty_seats(empty: EmptySeats) -> list[list[Any]]:
    """``empty_seats`` as stored: [[from_hand, [seat, ...]], ...]."""
    return [[first, list(seats)] for first, seats in empty]


def read_empty_seats(value: Any) -> EmptySeats:
    """``empty_seats`` as stored ([[from_hand, [seat, ...]], ...]); raises
    InvalidSettings (field ``empty_seats``) for anything else: first hands from 1 rising,
    each seat 0 to 7 once."""
    refusal = InvalidSettings(
        msg("empty_seats must be a list of [from hand, [seats]], the hands rising"),
        "empty_seats",
    )
    if not isinstance(value, (list, tuple)):
        raise refusal
    found: list[tuple[int, tuple[int, ...]]] = []
    for item in value:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise refusal
        first, seats = item
        if type(first) is not int or not isinstance(seats, (list, tuple)):
            raise refusal
        if any(type(s) is not int or not 0 <= s < 8 for s in seats) or len(set(seats)) != len(
            seats
        ):
            raise refusal
        if first < 1 or (found and first <= found[-1][0]):
            raise refusal
        found.append((first, tuple(sorted(seats))))
    return tuple(found)
