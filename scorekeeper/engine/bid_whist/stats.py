"""Bid Whist statistics over recorded games, computed only through the engine.

Every figure comes from :func:`~.progression.replay`, which scores each hand with
``score_hand``: made, set, Boston, books and points are read from its ``HandScore``,
never worked out again here.

Terms:

- A *played* hand is one that was bid; a thrown-in deal counts only in the game's hand
  count.
- A player's *bids* are the auctions they won (they were the bidder); a side's bids are
  its two partners' bids. A bid is *made* when the bidding side took the books it needed
  (the discard included, reneges moved); a *set* is a bid not made; a *Boston* is a bid
  with all 13 books.
- *Books over the bid* is books taken minus books needed (negative for a set), averaged
  over the bids; *points* are the side's points in every played hand, so a player's
  points in a game add up to their side's total.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.seating import (
    SeatChange,
    Stint,
    add_rivalries,
    hands_together,
    names_at,
    played_by,
    rival_stints,
    sat_as_recorded,
    stints_sat,
    total_when_left,
)
from ..core.seats import SEATS
from .bids import MAX_LEVEL, MIN_LEVEL, Kind
from .progression import GameProgress, Status, replay
from .records import HandRecord, PlayedHand
from .scoring import SIDES, side_of
from .settings import BidWhistSettings

GameKey = int | str | None
LEVELS = tuple(range(MIN_LEVEL, MAX_LEVEL + 1))


@dataclass(frozen=True, slots=True)
class Rate:
    """``made`` out of ``attempted``: bids made out of bids won, wins out of finished games."""

    made: int = 0
    attempted: int = 0

    @property
    def percent(self) -> float | None:
        """In percent, or None when nothing was attempted (unknown, not 0%)."""
        return 100 * self.made / self.attempted if self.attempted else None

    def __add__(self, other: Rate) -> Rate:
        return Rate(self.made + other.made, self.attempted + other.attempted)


def _add_rates(a: tuple[Rate, ...], b: tuple[Rate, ...]) -> tuple[Rate, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True, slots=True)
class BidFigures:
    """One player's or one side's figures over some played hands (a game or a career).

    ``bids`` is bids made out of bids won; ``by_kind`` the same per kind (uptown,
    downtown, no-trump) and ``by_level`` per level 3..7; ``over_sum`` the books over the
    bid summed over the bids; ``points_sum`` the side's points in every played hand.
    """

    hands: int = 0
    points_sum: int = 0
    bids: Rate = Rate()
    by_kind: tuple[Rate, ...] = (Rate(),) * len(Kind)
    by_level: tuple[Rate, ...] = (Rate(),) * len(LEVELS)
    bostons: int = 0
    over_sum: int = 0

    @property
    def sets(self) -> int:
        return self.bids.attempted - self.bids.made

    @property
    def average_over(self) -> float | None:
        """Mean books over the bid per bid won, or None without bids."""
        return self.over_sum / self.bids.attempted if self.bids.attempted else None

    @property
    def average_points(self) -> float | None:
        return self.points_sum / self.hands if self.hands else None

    def __add__(self, other: BidFigures) -> BidFigures:
        return BidFigures(
            hands=self.hands + other.hands,
            points_sum=self.points_sum + other.points_sum,
            bids=self.bids + other.bids,
            by_kind=_add_rates(self.by_kind, other.by_kind),
            by_level=_add_rates(self.by_level, other.by_level),
            bostons=self.bostons + other.bostons,
            over_sum=self.over_sum + other.over_sum,
        )


def _figures(
    progress: GameProgress, seats: Sequence[int], stint: Stint | None = None
) -> BidFigures:
    """The figures of the bids made from ``seats`` (one player, or a side's two); with
    ``stint``, only of the hands that stint sat."""
    side = side_of(seats[0])
    figures = BidFigures()
    for hand in progress.hands:
        record, score = hand.record, hand.score
        if not isinstance(record, PlayedHand) or score is None:
            continue
        if stint is not None and not stint.covers(hand.number):
            continue
        figures += BidFigures(hands=1, points_sum=score.points[side])
        if record.bidder not in seats:
            continue
        made = Rate(int(score.made), 1)
        by_kind = [Rate()] * len(Kind)
        by_kind[record.bid.kind] = made
        by_level = [Rate()] * len(LEVELS)
        by_level[LEVELS.index(record.bid.level)] = made
        figures += BidFigures(
            bids=made,
            by_kind=tuple(by_kind),
            by_level=tuple(by_level),
            bostons=int(score.boston),
            over_sum=score.books - score.needed,
        )
    return figures


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """What the statistics need of a stored game: rules, first dealer, the four players'
    names in seat order (distinct), the hands, a key naming the game, and when the table
    asked to finish (None if it did not). Raises ValueError for names that repeat."""

    settings: BidWhistSettings
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    key: GameKey = None
    finish_after: int | None = None
    changes: tuple[SeatChange, ...] = ()
    """Players who took a seat mid-game (see ``core/seating.py``): each hand is credited
    to whoever sat there."""

    def __post_init__(self) -> None:
        if len(self.players) != SEATS:
            raise ValueError(f"a game has {SEATS} players, not {len(self.players)}")
        if len(set(self.players)) != SEATS:
            raise ValueError(f"the players' names must differ: {', '.join(self.players)}")
        sat_as_recorded(self.players, self.changes)

    def replay(self) -> GameProgress:
        return replay(self.settings, self.first_dealer, self.hands, self.finish_after)


def side_name(players: Sequence[str], side: int) -> str:
    """A side as its partners' names: ``Ann & Cat``."""
    return " & ".join(players[seat] for seat in SIDES[side])


@dataclass(frozen=True, slots=True)
class PlayerGameStats:
    """One seat's figures in one game; ``total`` is the side's, ``won`` the side's win."""

    seat: int
    name: str
    total: int
    won: bool
    figures: BidFigures


@dataclass(frozen=True, slots=True)
class SideGameStats:
    """One side's figures in one game: its seats, ``name`` (``Ann & Cat``), total, win."""

    side: int
    seats: tuple[int, ...]
    name: str
    total: int
    won: bool
    figures: BidFigures


@dataclass(frozen=True, slots=True)
class GameStats:
    """One game's figures. ``kinds`` counts the bids of each kind (uptown, downtown,
    no-trump); ``winner`` names the winning side's partners, or is None."""

    key: GameKey
    status: Status
    winner: str | None
    hands: int
    thrown_in: int
    kinds: tuple[int, ...]
    players: tuple[PlayerGameStats, ...]
    sides: tuple[SideGameStats, ...]

    @property
    def played(self) -> int:
        return self.hands - self.thrown_in


def game_stats(game: RecordedGame) -> GameStats:
    """Replays ``game`` and returns its figures; raises ValueError as ``replay`` does."""
    progress = game.replay()
    kinds = [0] * len(Kind)
    for hand in progress.hands:
        if isinstance(hand.record, PlayedHand):
            kinds[hand.record.bid.kind] += 1
    players = tuple(
        PlayerGameStats(
            stint.seat,
            stint.name,
            total_when_left(progress, stint, side_of(stint.seat)),
            stint.to_the_end and progress.winner == side_of(stint.seat),
            _figures(progress, (stint.seat,), stint),
        )
        for stint in stints_sat(game.players, game.changes, len(progress.hands))
    )
    final = names_at(game.players, game.changes, len(progress.hands) + 1)
    sides = tuple(
        SideGameStats(
            side,
            seats,
            side_name(final, side),
            progress.totals[side],
            progress.winner == side,
            _figures(progress, seats),
        )
        for side, seats in enumerate(SIDES)
    )
    return GameStats(
        key=game.key,
        status=progress.status,
        winner=None if progress.winner is None else side_name(final, progress.winner),
        hands=len(progress.hands),
        thrown_in=sum(hand.score is None for hand in progress.hands),
        kinds=tuple(kinds),
        players=players,
        sides=sides,
    )


@dataclass(frozen=True, slots=True)
class CareerStats:
    """One player's figures over every Bid Whist game they played, with any partner."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    figures: BidFigures = field(default_factory=BidFigures)

    @property
    def win_rate(self) -> Rate:
        return Rate(self.wins, self.finished)


def careers(games: Iterable[RecordedGame]) -> dict[str, CareerStats]:
    """Career figures for every player in ``games``, by name, sorted by name."""
    found: dict[str, CareerStats] = {}
    for game in games:
        stats = game_stats(game)
        counted: set[str] = set()  # a player who left and came back played one game
        for entry in stats.players:
            before = found.get(entry.name, CareerStats(entry.name))
            first = entry.name not in counted
            counted.add(entry.name)
            found[entry.name] = CareerStats(
                entry.name,
                before.games + first,
                before.finished + (first and stats.status == "finished"),
                before.wins + entry.won,
                before.figures + entry.figures,
            )
    return {name: found[name] for name in sorted(found, key=lambda n: (n.casefold(), n))}


@dataclass(frozen=True, slots=True)
class Rivalry:
    """How ``player``'s side fared against ``opponent``'s in the games where they sat on
    opposite sides (``games``; ``finished`` of them with a winner). ``ahead``/``behind``/
    ``level`` compare the sides' final totals of finished games, ``wins`` counts
    ``player``'s side winning, ``margin_sum`` the final difference; ``hands`` counts the
    played hands, ``hands_ahead``/``hands_behind`` those in which ``player``'s side scored
    more/fewer points. ``partnered`` counts the games the two played as partners, which
    count in no other figure."""

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


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Rivalries between every ordered pair of the chosen players."""

    players: tuple[str, ...]
    rivalries: tuple[Rivalry, ...]

    def rivalry(self, player: str, opponent: str) -> Rivalry:
        """Raises KeyError unless both are among the chosen players and differ."""
        for entry in self.rivalries:
            if (entry.player, entry.opponent) == (player, opponent):
                return entry
        raise KeyError((player, opponent))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _rivalry_in(progress: GameProgress, a: str, sa: Stint, b: str, sb: Stint) -> Rivalry:
    """``a`` in stint ``sa`` against ``b`` in stint ``sb``: the hands both sat, and the
    final order when both sat to the end."""
    together = hands_together(progress, sa, sb)
    if together is None:
        return Rivalry(a, b)
    mine, theirs = side_of(sa.seat), side_of(sb.seat)
    if mine == theirs:
        return Rivalry(a, b, partnered=1)
    by_hand = [_sign(h.points[mine] - h.points[theirs]) for h in together if h.score]
    finished = progress.status == "finished" and sa.to_the_end and sb.to_the_end
    margin = progress.totals[mine] - progress.totals[theirs]
    order = _sign(margin) if finished else None
    return Rivalry(
        a,
        b,
        games=1,
        finished=int(finished),
        ahead=int(order == 1),
        behind=int(order == -1),
        level=int(order == 0),
        wins=int(finished and progress.winner == mine),
        margin_sum=margin if finished else 0,
        hands=len(by_hand),
        hands_ahead=by_hand.count(1),
        hands_behind=by_hand.count(-1),
    )


def head_to_head(games: Iterable[RecordedGame], players: Sequence[str]) -> HeadToHead:
    """The head-to-head table of ``players`` over ``games``; raises ValueError if a name is
    chosen twice, or as ``replay`` does."""
    chosen = tuple(players)
    if len(set(chosen)) != len(chosen):
        raise ValueError("each player may be chosen once")
    found = {(a, b): Rivalry(a, b) for a in chosen for b in chosen if a != b}
    for game in games:
        if len(played_by(game.players, game.changes) & set(chosen)) < 2:
            continue
        progress = game.replay()
        for a, b in rival_stints(game.players, game.changes, len(progress.hands), chosen):
            found[(a.name, b.name)] += _rivalry_in(progress, a.name, a, b.name, b)
    return HeadToHead(chosen, tuple(found.values()))
