"""Statistics of the kinds every game has, computed only from its ``replay``: rates,
one game's seats and sides, careers, and head-to-head rivalries (partners alike).

A game's own figures (bids made, bids by kind) are a frozen dataclass that adds up
(``+``) over hands, games and careers; everything here works for any such figures. A
game without figures of its own gets :class:`HandFigures` from ``GameBase``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .seating import (
    SeatChange,
    Stint,
    add_rivalries,
    empty_at,
    hands_together,
    names_at,
    played_by,
    rival_stints,
    sat_as_recorded,
    sits_out,
    stints_sat,
    total_when_left,
)

GameKey = int | str | None


class Figures(Protocol):
    """A game's figures over some hands: they add up, self's hands the earlier ones."""

    def __add__(self, other: Any) -> Any: ...


F = TypeVar("F", bound=Figures)


@dataclass(frozen=True, slots=True)
class Rate:
    """``made`` out of ``attempted``: bids made out of bids, games won out of
    games finished."""

    made: int = 0
    attempted: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.made <= self.attempted:
            raise ValueError(f"a rate of {self.made} out of {self.attempted} is impossible")

    @property
    def percent(self) -> float | None:
        """The rate in percent, or None when nothing was attempted (not 0%: it is unknown)."""
        return 100 * self.made / self.attempted if self.attempted else None

    def __add__(self, other: Rate) -> Rate:
        return Rate(self.made + other.made, self.attempted + other.attempted)

    def __str__(self) -> str:
        if self.percent is None:
            return f"{self.made}/{self.attempted}"
        return f"{self.made}/{self.attempted} ({self.percent:.0f}%)"

    def to_dict(self) -> dict[str, Any]:
        percent = None if self.percent is None else round(self.percent, 1)
        return {"made": self.made, "attempted": self.attempted, "percent": percent}


def rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


class PerHand:
    """Figures over ``hands`` played hands that sum the points in them (``points_sum``)."""

    __slots__ = ()
    hands: int
    points_sum: int

    @property
    def average_points(self) -> float | None:
        """The mean points per played hand, or None without hands."""
        return self.points_sum / self.hands if self.hands else None

    def summed(self, other: Any, **combine: Callable[[Any, Any], Any]) -> Any:
        """Figures of this type over both sets of hands (a figures dataclass's ``+``):
        each field this one's plus ``other``'s (a tuple's items each, Bid Whist's rates by
        level), or ``combine[name](this one's, other's)``; ``self``'s hands count as the
        earlier ones."""
        return type(self)(
            **{
                name: combine.get(name, _plus)(getattr(self, name), getattr(other, name))
                for name in (field.name for field in fields(self))  # type: ignore[arg-type]
            }
        )

    def __add__(self, other: Any) -> Any:
        return self.summed(other)


def _plus(a: Any, b: Any) -> Any:
    """``a + b``, item by item for tuples."""
    if isinstance(a, tuple):
        return tuple(x + y for x, y in zip(a, b, strict=True))
    return a + b


@dataclass(frozen=True, slots=True)
class HandFigures(PerHand):
    """The figures every game has: hands played, the side's points in them, and the hands
    in which the side scored the most."""

    hands: int = 0
    points_sum: int = 0
    best_hands: int = 0

    @classmethod
    def of_hand(cls, hand: Any, seats: Sequence[int], side: int, game: GameKey) -> HandFigures:
        """One played hand's figures for ``seats``, the players of side ``side``, in
        ``game``."""
        points = hand.points
        return cls(1, points[side], int(points[side] == max(points)))

    def __add__(self, other: HandFigures) -> HandFigures:
        return HandFigures(
            self.hands + other.hands,
            self.points_sum + other.points_sum,
            self.best_hands + other.best_hands,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "average_points": rounded(self.average_points),
            "best_hands": self.best_hands,
        }


@dataclass(frozen=True, slots=True)
class HandPick:
    """One hand singled out (a best or worst hand): its points, number and game."""

    points: int
    hand: int
    game: GameKey = None


def better_pick(a: HandPick | None, b: HandPick | None, sign: int) -> HandPick | None:
    """The pick with more points (sign 1) or fewer (sign -1); on a tie the earlier one, a."""
    if a is None or b is None:
        return a or b
    return b if sign * b.points > sign * a.points else a


def check_players(players: Sequence[str], changes: Sequence[SeatChange], seats: int) -> None:
    """Raises ValueError unless ``players`` are ``seats`` distinct names and the changes
    are possible: career figures are keyed by name, so one name twice would merge seats."""
    if len(players) != seats:
        raise ValueError(f"a game has {seats} players, not {len(players)}")
    if len(set(players)) != seats:
        raise ValueError(f"the players' names must differ: {', '.join(players)}")
    sat_as_recorded(players, changes)


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """What the statistics need of a stored game: its rules, first dealer, players
    (distinct, in seat order) and hands, a key naming it in career figures (its id), when
    the table asked to finish (None: it did not), who took a seat mid-game (each hand is
    credited to whoever sat there), and the totals it started from (one per side; None:
    from zero), which its hands are scored after as the scoreboard scores them. ``game``
    replays it; a game's own subclass may replay it without (``seats`` and ``replay``).
    Raises ValueError for names that repeat, or changes that would seat one name twice."""

    settings: Any
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[Any, ...]
    key: GameKey = None
    finish_after: int | None = None
    changes: tuple[SeatChange, ...] = ()
    game: Any = None
    starting_totals: tuple[int, ...] | None = None
    seats: ClassVar[int] = 0

    def __post_init__(self) -> None:
        check_players(self.players, self.changes, self.game.seats if self.game else self.seats)

    def replay(self) -> Any:
        """The game's replay of these hands; raises ValueError as ``replay`` does."""
        return self.game.replay(
            self.settings,
            self.first_dealer,
            self.hands,
            finish_after=self.finish_after,
            starting_totals=self.starting_totals,
        )


def sat_out(game: Any, settings: Any, hand: Any) -> tuple[int, ...]:
    """The seats that took no part in the replayed ``hand``: as ``game`` (at its table's
    count) says, its ``sits_out`` (a seat empty at it, the dealer at a Doppelkopf table
    of five or a Skat table of four); without a game, the seats empty at it."""
    if game is None:
        return empty_at(settings, hand.number)
    return sits_out(game, settings, hand.number, hand.dealer)


def hands_played(
    progress: Any, stint: Stint | None = None, game: Any = None, seats: Sequence[int] = ()
) -> Iterator[Any]:
    """The replayed hands that were scored (not thrown in); with ``stint``, only those
    the stint sat and played (not those its seat sat out, ``sat_out`` by ``game``: empty,
    or its player the dealer where the dealer sits out); with a side's ``seats`` instead,
    only those one of them played. A hand sat out is no hand of the player's: no figure
    per hand counts it (nor the points a dealer sitting out may be paid in it)."""
    settings = getattr(progress, "settings", None)
    for hand in progress.hands:
        if hand.score is None:
            continue
        if stint is not None:
            if stint.covers(hand.number) and stint.seat not in sat_out(game, settings, hand):
                yield hand
        elif not seats or game is None or not set(seats) <= set(sat_out(game, settings, hand)):
            yield hand


@dataclass(frozen=True, slots=True)
class PlayerGameStats(Generic[F]):
    """One seat's figures in one game (a stint's: who sat there); ``total`` and ``won``
    are its side's."""

    seat: int
    name: str
    total: int
    won: bool
    figures: F

    def to_dict(self) -> dict[str, Any]:
        figures: Any = self.figures
        head = {"seat": self.seat, "name": self.name, "total": self.total, "won": self.won}
        return {**head, **figures.to_dict()}


@dataclass(frozen=True, slots=True)
class SideGameStats(Generic[F]):
    """One side's figures in one game: its seats, ``name`` (``Ann & Cat``), total, win."""

    side: int
    seats: tuple[int, ...]
    name: str
    total: int
    won: bool
    figures: F


@dataclass(frozen=True, slots=True)
class Seated(Generic[F]):
    """The parts of one game's statistics that every game has."""

    winner: str | None
    players: tuple[PlayerGameStats[F], ...]
    sides: tuple[SideGameStats[F], ...]


def side_of(sides: Sequence[Sequence[int]], seat: int) -> int:
    return next(index for index, side in enumerate(sides) if seat in side)


def seated(
    recorded: Any,
    progress: Any,
    sides: Sequence[tuple[int, ...]],
    figures_of: Callable[[Sequence[int], Stint | None], F],
) -> Seated[F]:
    """Each stint's and each side's figures in a replayed game (``figures_of(seats,
    stint)``: the figures of the hands those seats played, only those the stint sat),
    and the winner's name (partners joined by " & ")."""
    hands = len(progress.hands)
    players = tuple(
        PlayerGameStats(
            stint.seat,
            stint.name,
            total_when_left(progress, stint, side_of(sides, stint.seat)),
            stint.to_the_end and side_of(sides, stint.seat) in progress.winners,
            figures_of((stint.seat,), stint),
        )
        for stint in stints_sat(recorded.players, recorded.changes, hands)
    )
    final = names_at(recorded.players, recorded.changes, hands + 1)
    names = [" & ".join(final[seat] for seat in side) for side in sides]
    side_stats = tuple(
        SideGameStats(
            index,
            seats,
            names[index],
            progress.totals[index],
            index in progress.winners,
            figures_of(seats, None),
        )
        for index, seats in enumerate(sides)
    )
    winner = None if progress.winner is None else names[progress.winner]
    return Seated(winner, players, side_stats)


@dataclass(frozen=True, slots=True)
class GameStats(Generic[F]):
    """One game's figures, as ``Figures.game_stats`` gives them for any game: ``hands``
    counts every recorded deal, ``thrown_in`` the deals nobody played."""

    key: GameKey
    status: str
    winner: str | None
    hands: int
    thrown_in: int
    players: tuple[PlayerGameStats[F], ...]
    sides: tuple[SideGameStats[F], ...]

    @property
    def played(self) -> int:
        return self.hands - self.thrown_in

    def player(self, name: str) -> PlayerGameStats[F]:
        """The named player's figures; raises KeyError if they did not play this game."""
        for entry in self.players:
            if entry.name == name:
                return entry
        raise KeyError(name)


G = TypeVar("G", bound=GameStats[Any])


def game_stats_of(
    recorded: Any,
    progress: Any,
    sides: Sequence[tuple[int, ...]],
    figures_of: Callable[[Sequence[int], Stint | None], F],
    make: Callable[..., G],
    **own: Any,
) -> G:
    """One game's statistics as ``make`` (a :class:`GameStats` or a game's subclass)
    holds them: the parts every game has (see :func:`seated`), and the game's ``own``."""
    table = seated(recorded, progress, sides, figures_of)
    return make(
        key=recorded.key,
        status=progress.status,
        winner=table.winner,
        hands=len(progress.hands),
        thrown_in=sum(hand.score is None for hand in progress.hands),
        players=table.players,
        sides=table.sides,
        **own,
    )


@dataclass(frozen=True, slots=True)
class CareerStats(Generic[F]):
    """One player's figures over every game they played, whatever seat or company.

    ``games`` counts all their games, ``finished`` those that have a winner, and ``wins``
    those they won; the win rate is wins out of finished games, since a game still in
    progress has been neither won nor lost.
    """

    name: str
    games: int
    finished: int
    wins: int
    figures: F

    @property
    def win_rate(self) -> Rate:
        return Rate(self.wins, self.finished)

    def to_dict(self) -> dict[str, Any]:
        figures: Any = self.figures
        return {
            "name": self.name,
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
            "win_rate": self.win_rate.to_dict(),
            **figures.to_dict(),
        }


class SeatedStats(Protocol[F]):
    """One game's figures as ``careers`` reads them."""

    @property
    def status(self) -> str: ...

    @property
    def players(self) -> Sequence[PlayerGameStats[F]]: ...


C = TypeVar("C", bound=CareerStats[Any])


def careers(
    games: Iterable[Any],
    game_stats: Callable[[Any], SeatedStats[F]],
    career: Callable[[str, int, int, int, F], C],
) -> dict[str, C]:
    """Career figures for every player in ``games`` (each one's ``game_stats``), keyed by
    name, sorted by name, each made by ``career`` (a :class:`CareerStats`). ``games``
    should come oldest first: ties for a best or worst hand go to the earlier game.
    Players are matched by exact name."""
    found: dict[str, C] = {}
    for game in games:
        stats = game_stats(game)
        counted: set[str] = set()  # a player who left and came back played one game
        for entry in stats.players:
            first = entry.name not in counted
            counted.add(entry.name)
            done = first and stats.status == "finished"
            before = found.get(entry.name)
            if before is None:
                found[entry.name] = career(
                    entry.name, int(first), int(done), int(entry.won), entry.figures
                )
                continue
            found[entry.name] = career(
                entry.name,
                before.games + first,
                before.finished + done,
                before.wins + entry.won,
                before.figures + entry.figures,
            )
    return {name: found[name] for name in sorted(found, key=lambda n: (n.casefold(), n))}


@dataclass(frozen=True, slots=True)
class Rivalry:
    """How ``player`` fared against ``opponent`` in the games they both played, on
    opposite sides.

    - ``games``: games both sat in (finished or not); ``finished``: those with a winner.
    - ``ahead`` / ``behind`` / ``level``: finished games where ``player``'s final total was
      above, below or equal to ``opponent``'s. A game in progress is not counted: its
      order may still change.
    - ``wins``: finished games together that ``player`` (their side) won.
    - ``margin_sum``: ``player``'s final total minus ``opponent``'s, summed over finished
      games; ``average_margin`` is it per finished game.
    - ``hands``: played hands together; ``hands_ahead`` / ``hands_behind``: those where
      ``player`` scored more / fewer points than ``opponent`` (the rest were level).
    - ``partnered``: the games the two played as partners, which count in no other figure.
    """

    player: str
    opponent: str
    games: int = 0
    finished: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0
    wins: int = 0
    margin_sum: int = 0
    hands: int = 0
    hands_ahead: int = 0
    hands_behind: int = 0
    partnered: int = 0

    @property
    def average_margin(self) -> float | None:
        return self.margin_sum / self.finished if self.finished else None

    def __add__(self, other: Rivalry) -> Rivalry:
        """The same pair's record over both sets of games; raises ValueError for another pair."""
        return add_rivalries(self, other)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "opponent": self.opponent,
            "games": self.games,
            "finished": self.finished,
            "ahead": self.ahead,
            "behind": self.behind,
            "level": self.level,
            "wins": self.wins,
            "average_margin": rounded(self.average_margin),
            "hands": self.hands,
            "hands_ahead": self.hands_ahead,
            "hands_behind": self.hands_behind,
        }


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Rivalries between every ordered pair of the chosen players.

    ``rivalry(a, b)`` is row ``a``, column ``b`` of the table: how ``a`` fared against
    ``b``. ``rivalry(b, a)`` is the same record seen from the other side.
    """

    players: tuple[str, ...]
    rivalries: tuple[Rivalry, ...]

    def rivalry(self, player: str, opponent: str) -> Rivalry:
        """Raises KeyError unless both are among the chosen players and differ."""
        for entry in self.rivalries:
            if entry.player == player and entry.opponent == opponent:
                return entry
        raise KeyError((player, opponent))

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "rivalries": [r.to_dict() for r in self.rivalries],
        }


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _rivalry_in(
    progress: Any, sides: Sequence[Sequence[int]], a: Stint, b: Stint, game: Any = None
) -> Rivalry:
    """The rivalry of stint ``a`` against stint ``b`` in one game: the hands both sat and
    played (neither sitting it out, ``sat_out`` by ``game``), and the final order when
    both sat to the end."""
    together = hands_together(progress, a, b)
    if together is None:
        return Rivalry(a.name, b.name)
    mine, theirs = side_of(sides, a.seat), side_of(sides, b.seat)
    if mine == theirs:
        return Rivalry(a.name, b.name, partnered=1)
    settings = getattr(progress, "settings", None)
    by_hand = [
        _sign(h.points[mine] - h.points[theirs])
        for h in together
        if h.score and not {a.seat, b.seat} & set(sat_out(game, settings, h))
    ]
    finished = progress.status == "finished" and a.to_the_end and b.to_the_end
    # Final order counts only once it is final; a game in progress adds only its hands.
    margin = progress.totals[mine] - progress.totals[theirs]
    order = _sign(margin) if finished else None
    return Rivalry(
        a.name,
        b.name,
        games=1,
        finished=int(finished),
        ahead=int(order == 1),
        behind=int(order == -1),
        level=int(order == 0),
        wins=int(finished and mine in progress.winners),
        margin_sum=margin if finished else 0,
        hands=len(by_hand),
        hands_ahead=by_hand.count(1),
        hands_behind=by_hand.count(-1),
    )


def head_to_head(
    games: Iterable[Any], players: Sequence[str], sides: Sequence[Sequence[int]]
) -> HeadToHead:
    """The head-to-head table of ``players`` over ``games`` (see :class:`Rivalry`); each
    game has ``players``, ``changes`` and ``replay()``. Raises ValueError if a name is
    chosen twice, or as ``replay`` does."""
    chosen = tuple(players)
    if len(set(chosen)) != len(chosen):
        raise ValueError("each player may be chosen once")
    found = {(a, b): Rivalry(a, b) for a in chosen for b in chosen if a != b}
    for game in games:
        if len(played_by(game.players, game.changes) & set(chosen)) < 2:
            continue
        progress = game.replay()
        # A game played at a table of its own size (a ``seat_range``) has its own sides.
        table = getattr(game, "game", None)
        at = sides if table is None else table.sides
        for a, b in rival_stints(game.players, game.changes, len(progress.hands), chosen):
            found[(a.name, b.name)] += _rivalry_in(progress, at, a, b, table)
    return HeadToHead(players=chosen, rivalries=tuple(found.values()))
