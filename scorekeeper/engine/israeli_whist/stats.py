"""Statistics over recorded games, computed only through the engine.

Every figure comes from :func:`~.progression.replay` (which scores each hand with
:func:`~.scoring.score_hand`): points, over/under and whether a contract was made are read
from the engine's :class:`~.scoring.HandScore`, never worked out again here, so a figure
can never disagree with the scoreboard.

Terms used below:

- A *played* hand is one that was bid and scored. A thrown-in deal counts only in the
  game's hand count (``GameStats.hands`` and ``GameStats.thrown_in``), in no other figure.
- A *contract* is any seat's phase-two number, zeros included; it is *made* when the
  seat takes exactly that many tricks (``HandScore.made``).
- Points are the points the hand scored for the seat, revoke penalties included, so a
  player's points in a game add up to their total. Revokes are counted apart too
  (``revokes`` and ``revoke_penalty``, from ``HandScore.revoke_penalties``), so a page can
  say what a player lost to them.
- The *last bidder* is the seat at the declarer's right, who may not name the forbidden
  number (see :func:`forbidden_hurt` for when that number "hurt").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

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
from .progression import GameProgress, Status, replay
from .records import HandRecord, PlayedHand, forbidden_for_entry, last_bidder
from .settings import RuleSettings

GameKey = int | str | None


@dataclass(frozen=True, slots=True)
class Rate:
    """``made`` out of ``attempted``: contracts made out of contracts bid, games won out of
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


@dataclass(frozen=True, slots=True)
class HandPick:
    """One hand singled out (a best or worst hand): its points, number and game."""

    points: int
    hand: int
    game: GameKey = None

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "hand": self.hand, "game": self.game}


def _better(a: HandPick | None, b: HandPick | None, sign: int) -> HandPick | None:
    """The pick with more points (sign 1) or fewer (sign -1); on a tie the earlier one, a."""
    if a is None or b is None:
        return a or b
    return b if sign * b.points > sign * a.points else a


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's figures over some played hands: one game, or a whole career.

    ``best`` and ``worst`` are the hands with the most and fewest points; on a tie the
    earliest one (by game order, then hand number). ``last_bidder`` counts the hands the
    player sat at the declarer's right; ``forbidden_hurt`` counts those of them where the
    forbidden number cost them the contract (see :func:`forbidden_hurt`). ``revokes``
    counts caught revokes and ``revoke_penalty`` the points they cost (0 or more).
    """

    hands: int = 0
    contracts: Rate = Rate()
    zeros: Rate = Rate()
    declarer: Rate = Rate()
    contract_sum: int = 0
    points_sum: int = 0
    best: HandPick | None = None
    worst: HandPick | None = None
    last_bidder: int = 0
    forbidden_hurt: int = 0
    revokes: int = 0
    revoke_penalty: int = 0

    @property
    def average_contract(self) -> float | None:
        """The mean contract per played hand (zeros included), or None without hands."""
        return self.contract_sum / self.hands if self.hands else None

    @property
    def average_points(self) -> float | None:
        """The mean points per played hand, or None without hands."""
        return self.points_sum / self.hands if self.hands else None

    def __add__(self, other: PlayerFigures) -> PlayerFigures:
        """Figures over both sets of hands; ``self``'s hands count as the earlier ones."""
        return PlayerFigures(
            hands=self.hands + other.hands,
            contracts=self.contracts + other.contracts,
            zeros=self.zeros + other.zeros,
            declarer=self.declarer + other.declarer,
            contract_sum=self.contract_sum + other.contract_sum,
            points_sum=self.points_sum + other.points_sum,
            best=_better(self.best, other.best, 1),
            worst=_better(self.worst, other.worst, -1),
            last_bidder=self.last_bidder + other.last_bidder,
            forbidden_hurt=self.forbidden_hurt + other.forbidden_hurt,
            revokes=self.revokes + other.revokes,
            revoke_penalty=self.revoke_penalty + other.revoke_penalty,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "contracts": self.contracts.to_dict(),
            "zeros": self.zeros.to_dict(),
            "declarer": self.declarer.to_dict(),
            "average_contract": _rounded(self.average_contract),
            "average_points": _rounded(self.average_points),
            "best": self.best.to_dict() if self.best else None,
            "worst": self.worst.to_dict() if self.worst else None,
            "last_bidder": self.last_bidder,
            "forbidden_hurt": self.forbidden_hurt,
            "revokes": self.revokes,
            "revoke_penalty": self.revoke_penalty,
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def forbidden_hurt(hand: PlayedHand) -> bool:
    """Whether the forbidden number cost the last bidder their contract in ``hand``.

    It did when the last bidder took exactly the forbidden number of tricks and missed
    their contract by exactly one trick: the contract the rule denied them is the one they
    would have made, and they had to name a neighbour of it. A miss by one in the other
    direction, or a forbidden number far from what they named, did not hurt them; and when
    the first three contracts already total more than 13 no number is forbidden at all.
    """
    seat = last_bidder(hand.declarer)
    forbidden = forbidden_for_entry(hand.contracts, hand.declarer)
    taken = hand.tricks_taken[seat]
    # The contracts never total 13, so the last bidder's contract is never the forbidden
    # number; taking exactly that many tricks therefore always means a miss.
    return taken == forbidden and abs(hand.contracts[seat] - taken) == 1


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """What the statistics need of a stored game: rules, first dealer, players and hands.

    ``players`` are the names in seat order 0..3; ``key`` identifies the game (its id) in
    career figures such as a best hand. Raises ValueError unless there are four distinct
    names.
    """

    settings: RuleSettings
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    key: GameKey = None
    changes: tuple[SeatChange, ...] = ()
    """Players who took a seat mid-game (see ``core/seating.py``): each hand is credited
    to whoever sat there."""

    def __post_init__(self) -> None:
        if len(self.players) != SEATS:
            raise ValueError(f"a game has {SEATS} players, not {len(self.players)}")
        # Career figures are keyed by name, so one name twice in a game would merge seats.
        if len(set(self.players)) != SEATS:
            raise ValueError(f"the players' names must differ: {', '.join(self.players)}")
        sat_as_recorded(self.players, self.changes)

    def replay(self) -> GameProgress:
        """The engine's replay of this game; raises ValueError as ``replay`` does."""
        return replay(self.settings, self.first_dealer, self.hands)


@dataclass(frozen=True, slots=True)
class PlayerGameStats:
    """One seat's figures in one game."""

    seat: int
    name: str
    total: int
    won: bool
    figures: PlayerFigures

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "total": self.total,
            "won": self.won,
            **self.figures.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class GameStats:
    """One game's figures.

    ``hands`` counts every recorded deal, ``thrown_in`` the deals nobody bid on and
    ``played`` the rest. ``over`` and ``under`` split the played hands; ``made_in_over`` and
    ``made_in_under`` count contracts made (every seat's) in over hands and in under hands.
    """

    key: GameKey
    status: Status
    winner: str | None
    hands: int
    thrown_in: int
    over: int
    under: int
    made_in_over: Rate
    made_in_under: Rate
    players: tuple[PlayerGameStats, ...]

    @property
    def played(self) -> int:
        return self.hands - self.thrown_in

    def player(self, name: str) -> PlayerGameStats:
        """The named player's figures; raises KeyError if they did not play this game."""
        for entry in self.players:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.key,
            "status": self.status,
            "winner": self.winner,
            "hands": self.hands,
            "played": self.played,
            "thrown_in": self.thrown_in,
            "over": self.over,
            "under": self.under,
            "made_in_over": self.made_in_over.to_dict(),
            "made_in_under": self.made_in_under.to_dict(),
            "players": [p.to_dict() for p in self.players],
        }


def _seat_figures(
    progress: GameProgress, seat: int, key: GameKey, stint: Stint | None = None
) -> PlayerFigures:
    figures = PlayerFigures()
    for replayed in progress.hands:
        record, score = replayed.record, replayed.score
        if not isinstance(record, PlayedHand) or score is None:
            continue
        if stint is not None and not stint.covers(replayed.number):
            continue
        contract, made = record.contracts[seat], score.made[seat]
        is_last = last_bidder(record.declarer) == seat
        pick = HandPick(score.points[seat], replayed.number, key)
        figures += PlayerFigures(
            hands=1,
            contracts=Rate(int(made), 1),
            zeros=Rate(int(made), 1) if contract == 0 else Rate(),
            declarer=Rate(int(made), 1) if record.declarer == seat else Rate(),
            contract_sum=contract,
            points_sum=score.points[seat],
            best=pick,
            worst=pick,
            last_bidder=int(is_last),
            forbidden_hurt=int(is_last and forbidden_hurt(record)),
            revokes=record.revokes[seat],
            revoke_penalty=score.revoke_penalties[seat],
        )
    return figures


def game_stats(game: RecordedGame) -> GameStats:
    """Replays ``game`` through the engine and returns its figures.

    Raises ValueError as :func:`~.progression.replay` does (e.g. a hand after the end).
    """
    progress = game.replay()
    split = {"over": 0, "under": 0}
    made_in = {"over": Rate(), "under": Rate()}
    for replayed in progress.hands:
        if replayed.score is not None and replayed.score.over_under is not None:
            split[replayed.score.over_under] += 1
            made = replayed.score.made
            made_in[replayed.score.over_under] += Rate(sum(made), len(made))
    players = tuple(
        PlayerGameStats(
            seat=stint.seat,
            name=stint.name,
            total=total_when_left(progress, stint, stint.seat),
            won=stint.to_the_end and stint.seat in progress.winners,
            figures=_seat_figures(progress, stint.seat, game.key, stint),
        )
        for stint in stints_sat(game.players, game.changes, len(progress.hands))
    )
    final = names_at(game.players, game.changes, len(progress.hands) + 1)
    return GameStats(
        key=game.key,
        status=progress.status,
        winner=None if progress.winner is None else final[progress.winner],
        hands=len(progress.hands),
        thrown_in=sum(h.score is None for h in progress.hands),
        over=split["over"],
        under=split["under"],
        made_in_over=made_in["over"],
        made_in_under=made_in["under"],
        players=players,
    )


@dataclass(frozen=True, slots=True)
class CareerStats:
    """One player's figures over every game they played, whatever seat or company.

    ``games`` counts all their games, ``finished`` those that have a winner, and ``wins``
    those they won; the win rate is wins out of finished games, since a game still in
    progress has been neither won nor lost.
    """

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    figures: PlayerFigures = field(default_factory=PlayerFigures)

    @property
    def win_rate(self) -> Rate:
        return Rate(self.wins, self.finished)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
            "win_rate": self.win_rate.to_dict(),
            **self.figures.to_dict(),
        }


def careers(games: Iterable[RecordedGame]) -> dict[str, CareerStats]:
    """Career figures for every player in ``games``, keyed by name, sorted by name.

    ``games`` should come oldest first: ties for a best or worst hand go to the earlier
    game. Players are matched by exact name. Raises ValueError as ``game_stats`` does.
    """
    found: dict[str, CareerStats] = {}
    for game in games:
        stats = game_stats(game)
        counted: set[str] = set()  # a player who left and came back played one game
        for entry in stats.players:
            before = found.get(entry.name, CareerStats(entry.name))
            first = entry.name not in counted
            counted.add(entry.name)
            found[entry.name] = CareerStats(
                name=entry.name,
                games=before.games + first,
                finished=before.finished + (first and stats.status == "finished"),
                wins=before.wins + entry.won,
                figures=before.figures + entry.figures,
            )
    return {name: found[name] for name in sorted(found, key=lambda n: (n.casefold(), n))}


def career(name: str, games: Iterable[RecordedGame]) -> CareerStats:
    """The named player's career figures; all zero if they played none of ``games``."""
    return careers(g for g in games if name in played_by(g.players, g.changes)).get(
        name, CareerStats(name)
    )


@dataclass(frozen=True, slots=True)
class Rivalry:
    """How ``player`` fared against ``opponent`` in the games they both played.

    - ``games``: games both sat in (finished or not); ``finished``: those with a winner.
    - ``ahead`` / ``behind`` / ``level``: finished games where ``player``'s final total was
      above, below or equal to ``opponent``'s. A game in progress is not counted: its
      order may still change.
    - ``wins``: finished games together that ``player`` won outright.
    - ``margin_sum``: ``player``'s final total minus ``opponent``'s, summed over finished
      games; ``average_margin`` is it per finished game.
    - ``hands``: played hands together; ``hands_ahead`` / ``hands_behind``: those where
      ``player`` scored more / fewer points than ``opponent`` (the rest were level).
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
            "average_margin": _rounded(self.average_margin),
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


def _rivalry_in(progress: GameProgress, a: str, sa: Stint, b: str, sb: Stint) -> Rivalry:
    """The rivalry of ``a`` in stint ``sa`` against ``b`` in stint ``sb`` in one game: the
    hands both sat, and the final order when both sat to the end."""
    together = hands_together(progress, sa, sb)
    if together is None:
        return Rivalry(a, b)
    by_hand = [
        _sign(h.score.points[sa.seat] - h.score.points[sb.seat]) for h in together if h.score
    ]
    finished = progress.status == "finished" and sa.to_the_end and sb.to_the_end
    # Final order counts only once it is final; a game in progress adds only its hands.
    order = _sign(progress.totals[sa.seat] - progress.totals[sb.seat]) if finished else None
    return Rivalry(
        a,
        b,
        games=1,
        finished=int(finished),
        ahead=int(order == 1),
        behind=int(order == -1),
        level=int(order == 0),
        wins=int(finished and sa.seat in progress.winners),
        margin_sum=progress.totals[sa.seat] - progress.totals[sb.seat] if finished else 0,
        hands=len(by_hand),
        hands_ahead=by_hand.count(1),
        hands_behind=by_hand.count(-1),
    )


def head_to_head(games: Iterable[RecordedGame], players: Sequence[str]) -> HeadToHead:
    """The head-to-head table of ``players`` over ``games`` (see :class:`Rivalry`).

    Raises ValueError if a name is chosen twice, or as ``replay`` does.
    """
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
    return HeadToHead(players=chosen, rivalries=tuple(found.values()))
