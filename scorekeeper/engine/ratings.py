"""The rating rules (docs/rules/ratings.md), and nothing else: which game makes which rating
event, how an event moves its players' ratings, what a rating shows, and the chances a
seating gives. Stored ratings, their order and re-rating are ``scorekeeper.db.ratings``'s.

Pure: neither Flask nor SQLite. A game is read through the engine's registry
(``table_game``): its ``sides`` say who plays together, its settings' ``lowest_wins``
whether the final totals are negated. The model is the ``openskill`` library's Weng-Lin
Plackett-Luce with the library's default constants (mu 25, sigma 25/3, beta 25/6,
kappa 0.0001, tau 25/300).

**An event** is one finished game: each side (one seat, or the partners of a partnership
game) a team, its score the side's final total (negated where the lowest total wins), so
equal totals are a tie. A player who sat in two sides of one game counts for the side
where they sat more hands (the first such side on a tie).

**A seat that changed hands** is "the people who sat in it, each weighted by the share of
the game's hands they sat" (docs/rules/ratings.md): the model rates it as one player blended from
sitters, mu = sum of w_i mu_i and sigma^2 = sum of w_i sigma_i^2 (w_i the share of the
game's hands sitter i sat there; the shares sum to 1), the mean strength the seat put on
the table and the mean uncertainty about it. The library then rates the game with each
seat's rating, without ``weights``, and each sitter moves by their share of the seat's
change: mu_i + w_i (mu_seat' - mu_seat), and sigma_i^2 times
1 - w_i (1 - sigma_seat'^2 / sigma_seat^2). So one who sat 1 hand of 20 barely moves, one
who sat 19 moves almost as a full player, the others at the table move exactly as against
one player of the blended rating, and a game without a substitute is exactly
``model.rate(teams, scores=...)``. In a partnership game a team is its seats: the partner
who sat throughout is an ordinary member, and only the seat that changed hands is blended.
The ratio of sigmas is taken at most 1, so a part-time sitter's sigma never grows. One who
sat in two sides still makes part of the strength of the seat they left, but only their
own side's result moves them.

Why not the library's own ``weights`` (openskill 6, default ``weight_bounds`` (1, 2)): it
scales each team's weights into 1 to 2, a team of one always to 2, multiplies a player's
gain by their weight and divides a loss by it, and still sums the team's members' mu as if
all of them played the whole game. A substitute then made everyone alone in a seat gain
twice and lose half what the same game would give without one, made a shared seat as
strong as two players (so those it beat lost little, those who beat it gained much), and
in a losing seat made the one who sat less lose more: weight as credit, not presence.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .core.seating import SeatChange, stints_sat
from .registry import get_game, table_game

MODEL = PlackettLuce()
"""The model every rating uses: the library's defaults."""

PROVISIONAL_UNDER = 5
"""A rating is provisional while its player has fewer rated games than this."""

TREND_GAMES = 10
"""The trend is the change of the shown rating over a player's last this many games."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game kind: ``mu`` and ``sigma`` as the model keeps them,
    after ``games`` rated games."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def shown(self) -> float:
        """μ − 3σ to one decimal: the number a player is shown."""
        return shown(self.mu, self.sigma)

    @property
    def ordinal(self) -> float:
        """μ − 3σ unrounded: what a table of ratings is ordered by."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_UNDER


NEW = Rating()
"""A player's rating before their first rated game."""


def shown(mu: float, sigma: float) -> float:
    """The shown rating: μ − 3σ, to one decimal."""
    return round(mu - 3 * sigma, 1)


Sitter = tuple[str, float]
"""One who sat in a seat: their name and the share of the game's hands they sat there."""


@dataclass(frozen=True, slots=True)
class Event:
    """One finished game as the model rates it: per team (side) the names its result moves
    and their shares of the game's hands, the team's score, and its seats, each seat its
    sitters in the order they sat."""

    game_id: int
    kind: str
    teams: tuple[tuple[str, ...], ...]
    shares: tuple[tuple[float, ...], ...]
    scores: tuple[float, ...]
    seats: tuple[tuple[tuple[Sitter, ...], ...], ...]
    """Per team, per seat (in the order of the game's ``sides``), who sat there and their
    share of the game's hands. It may name one who counts for another side (they sat in two
    sides): their hands in this seat make its strength, but its result does not move them."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for team in self.teams for name in team)

    @property
    def changed_hands(self) -> bool:
        """Whether some seat changed hands, so some seat is rated as a blend."""
        return any(len(sitters) > 1 for team in self.seats for sitters in team)

    def share_of(self, name: str) -> float:
        """The share of the game's hands ``name`` sat in the side they count for."""
        for team, shares in zip(self.teams, self.shares, strict=True):
            if name in team:
                return shares[team.index(name)]
        raise KeyError(name)


def event_of(game: Any) -> Event | None:
    """The rating event of a finished game: any object with ``id``, ``game`` (the
    registered key), ``players`` (as they sat down), ``changes`` (``SeatChange``s),
    ``hand_count``, ``totals`` (per seat, partners holding their side's) and ``settings``,
    as ``db.StoredGame`` has. None where fewer than two sides had anyone (nothing to rate)."""
    rules = table_game(game.game, game.players)
    hands = game.hand_count
    sat = _hands_sat(game.players, game.changes, hands)
    sign = -1 if game.settings.lowest_wins else 1
    # Where each name sat most: (hands, -side) per side, the best kept.
    sides_of: dict[str, dict[int, int]] = {}
    for side_index, side in enumerate(rules.sides):
        for seat in side:
            for name, count in sat[seat]:
                counted = sides_of.setdefault(name, {})
                counted[side_index] = counted.get(side_index, 0) + count
    home = {
        name: max(counted, key=lambda side: (counted[side], -side))
        for name, counted in sides_of.items()
    }
    teams, shares, scores, seats = [], [], [], []
    for side_index, side in enumerate(rules.sides):
        members: dict[str, int] = {}
        for seat in side:
            for name, count in sat[seat]:
                if home[name] == side_index:
                    members[name] = members.get(name, 0) + count
        if not members:
            continue
        names = tuple(members)
        teams.append(names)
        # A partner's share is of their own seat's hands: two who each sat a whole game
        # in one side are 1.0 each, not half.
        shares.append(tuple(_share(members[name], hands) for name in names))
        scores.append(float(sign * game.totals[side[0]]))
        seats.append(
            tuple(tuple((name, _share(count, hands)) for name, count in sat[seat]) for seat in side)
        )
    if len(teams) < 2:
        return None
    return Event(game.id, game.game, tuple(teams), tuple(shares), tuple(scores), tuple(seats))


def _share(count: int, hands: int) -> float:
    if hands == 0:
        return 1.0
    return min(1.0, count / hands)


def _hands_sat(
    players: Sequence[str], changes: Sequence[SeatChange], hands: int
) -> list[list[tuple[str, int]]]:
    """Per seat, who sat there and for how many of the game's ``hands`` hands, in the
    order they sat; a game of no hands is the table as it sat down."""
    seats: list[list[tuple[str, int]]] = [[] for _ in players]
    if hands == 0:
        for seat, name in enumerate(players):
            seats[seat].append((name, 0))
        return seats
    for stint in stints_sat(players, changes, hands):
        last = hands if stint.last is None else min(stint.last, hands)
        count = last - stint.first + 1
        if count > 0:
            seats[stint.seat].append((stint.name, count))
    # One name twice in a seat (left and came back) is one member, hands added.
    merged = []
    for sitters in seats:
        counted: dict[str, int] = {}
        for name, count in sitters:
            counted[name] = counted.get(name, 0) + count
        merged.append(list(counted.items()))
    return merged


def blend(sitters: Sequence[Sitter], ratings: Mapping[str, Rating]) -> tuple[float, float]:
    """The (mu, sigma) of a seat that changed hands, as one player: mu the share-weighted
    mean of its sitters' mu, sigma squared the share-weighted mean of their sigma squared
    (``ratings`` holds each sitter; the shares sum to 1)."""
    mu = sum(share * ratings[name].mu for name, share in sitters)
    variance = sum(share * ratings[name].sigma ** 2 for name, share in sitters)
    return mu, math.sqrt(variance)


def rate(current: Mapping[str, Rating], event: Event) -> dict[str, Rating]:
    """Every player of ``event`` after it, from ``current`` (a player missing there is
    new), each player's game count one more.

    The model's ``rate`` with the event's scores, each seat one player: its sitter's own
    rating, or for a seat that changed hands its sitters' ``blend``. One who sat a whole
    game in a seat gets exactly what the model gives that seat, so a game without a
    substitute is exactly ``model.rate(teams, scores=...)``. A sitter of a blended seat
    moves by their share w of the seat's change: mu + w (mu_seat' - mu_seat), and sigma
    squared times 1 - w (1 - sigma_seat'^2 / sigma_seat^2), that ratio at most 1, so a
    part-time sitter's sigma never grows. One who sat in two seats of their side moves by
    their share of each."""
    before = {
        name: current.get(name, NEW) for team in event.seats for seat in team for name, _ in seat
    }
    seat_ratings = [
        [
            (before[sitters[0][0]].mu, before[sitters[0][0]].sigma)
            if len(sitters) == 1
            else blend(sitters, before)
            for sitters in team
        ]
        for team in event.seats
    ]
    teams = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in seat_ratings]
    after = MODEL.rate(teams, scores=list(event.scores))
    whole: dict[str, tuple[float, float]] = {}
    moved: dict[str, float] = {}
    shrunk: dict[str, float] = {}
    for names, team, olds, news in zip(event.teams, event.seats, seat_ratings, after, strict=True):
        for sitters, (mu, sigma), new in zip(team, olds, news, strict=True):
            if len(sitters) == 1:
                whole[sitters[0][0]] = (new.mu, new.sigma)
                continue
            kept = min(1.0, new.sigma**2 / sigma**2)
            for name, share in sitters:
                if name in names:
                    moved[name] = moved.get(name, 0.0) + share * (new.mu - mu)
                    shrunk[name] = shrunk.get(name, 0.0) + share * (1 - kept)
    result = {}
    for name in event.names:
        old = before[name]
        if name in whole:
            mu, sigma = whole[name]
        else:
            mu = old.mu + moved[name]
            sigma = old.sigma * math.sqrt(max(0.0, 1 - shrunk[name]))
        result[name] = Rating(mu, sigma, old.games + 1)
    return result


# --- before a game: chances and the fairest partnerships ---------------------------------


def win_chances(
    kind: str, seating: Sequence[str], ratings: Mapping[str, Rating]
) -> tuple[float, ...]:
    """Each side's chance to win (the model's ``predict_win``, in the order of the game's
    ``sides``) for ``seating`` (a name per seat) of the registered game ``kind``, from
    ``ratings`` (a player missing there is new). Raises InvalidSettings (``players``) for a
    number of names the game cannot seat."""
    rules = table_game(kind, seating)
    teams = [
        [_model_rating(ratings.get(seating[seat], NEW)) for seat in side] for side in rules.sides
    ]
    return tuple(MODEL.predict_win(teams))


def _model_rating(rating: Rating):
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)


@dataclass(frozen=True, slots=True)
class Partnerships:
    """A seating (a name per seat) and each side's chance to win with it."""

    seating: tuple[str, ...]
    chances: tuple[float, ...]
    side_seats: tuple[tuple[int, ...], ...]
    """The game's ``sides``: the seats of each side."""

    @property
    def sides(self) -> tuple[tuple[str, ...], ...]:
        """The names of each side, in the order of the game's ``sides``."""
        return tuple(tuple(self.seating[seat] for seat in side) for side in self.side_seats)


def has_partners(kind: str, players: int | None = None) -> bool:
    """Whether the registered game ``kind`` (at a table of ``players``; None: its default
    count) has sides of more than one seat."""
    game = get_game(kind) if players is None else table_game(kind, players)
    return any(len(side) > 1 for side in game.sides)


def fairest_partnerships(
    kind: str, names: Sequence[str], ratings: Mapping[str, Rating]
) -> Partnerships:
    """The partnerships of ``names`` for the registered game ``kind`` whose predicted
    chances are closest to even (the smallest gap between the likeliest and the least
    likely side), seated seat by seat; of equal ones, the first in the order the names
    were given. The first name keeps the first seat, so each pairing is tried once.

    Raises InvalidSettings (``players``) for a number of names the game cannot seat, and
    ValueError for a game without partners."""
    rules = table_game(kind, names)
    if not any(len(side) > 1 for side in rules.sides):
        raise ValueError(f"{kind} has no partnerships")
    best: Partnerships | None = None
    best_gap = 2.0
    seats = [seat for side in rules.sides for seat in side]
    first, rest = names[0], list(names[1:])
    seen: set[frozenset[frozenset[str]]] = set()
    for order in itertools.permutations(rest):
        ordered = [first, *order]
        seating = [""] * len(names)
        for seat, name in zip(seats, ordered, strict=True):
            seating[seat] = name
        pairing = frozenset(frozenset(seating[s] for s in side) for side in rules.sides)
        if pairing in seen:
            continue
        seen.add(pairing)
        chances = win_chances(kind, seating, ratings)
        gap = max(chances) - min(chances)
        if gap < best_gap - 1e-12:
            best, best_gap = Partnerships(tuple(seating), chances, rules.sides), gap
    assert best is not None
    return best
