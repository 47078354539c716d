"""The rating rules (RULES.md section 6), and nothing else: which game makes which rating
event, how an event moves its players' ratings, what a rating shows, and the chances a
seating gives. Stored ratings, their order and re-rating are ``scorekeeper.db.ratings``'s.

Pure: neither Flask nor SQLite. A game is read through the engine's registry
(``table_game``): its ``sides`` say who plays together, its ``lowest_wins`` whether the
final totals are negated. The model is the ``openskill`` library's Weng-Lin
Plackett-Luce with the library's default constants (mu 25, sigma 25/3, beta 25/6,
kappa 0.0001, tau 25/300, its default weight bounds).

**An event** is one finished game: each side (one seat, or the partners of a partnership
game) a team, its score the side's final total (negated where the lowest total wins), so
equal totals are a tie. A seat that changed hands mid-game is the people who sat in it,
each with their share of the game's hands as their openskill weight; the weights are
given only for an event in which some seat changed hands, so a game played by the same
table throughout is exactly ``model.rate(teams, scores=...)``. A player who sat in two
seats of one game counts for the side where they sat more hands (the first such side on a
tie).

What the library makes of the weights (openskill 6, its default ``weight_bounds``): it
scales each team's weights into 1 to 2 and multiplies a player's gain by their weight and
divides their loss by it, so a weight is credit for the team's result, not presence. A
team of one is always scaled to 2, and within a seat the one who sat more is 2, the one
who sat less 1. So in an event with a substitute every player alone in a seat gains twice
and loses half what the same game without one would give, and of a losing seat the one
who sat less loses more. That is RULES.md's "weighted by the share of hands" as the
library reads weights; a different reading (a seat as one player blended from its
sitters by share, each sitter then moved by their share) would need the rule changed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .engine.core.seating import SeatChange, stints_sat
from .engine.registry import get_game, table_game

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


@dataclass(frozen=True, slots=True)
class Event:
    """One finished game as the model rates it: per team (side) its members' names,
    their weights (share of the game's hands) and the team's score."""

    game_id: int
    kind: str
    teams: tuple[tuple[str, ...], ...]
    weights: tuple[tuple[float, ...], ...]
    scores: tuple[float, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for team in self.teams for name in team)

    @property
    def weighted(self) -> bool:
        """Whether some seat changed hands, so the model gets ``weights``."""
        return any(weight != 1.0 for team in self.weights for weight in team)

    def share_of(self, name: str) -> float:
        for team, weights in zip(self.teams, self.weights, strict=True):
            if name in team:
                return weights[team.index(name)]
        raise KeyError(name)


def event_of(game: Any) -> Event | None:
    """The rating event of a finished game: any object with ``id``, ``game`` (the
    registered key), ``players`` (as they sat down), ``changes`` (``SeatChange``s),
    ``hand_count``, ``totals`` (per seat, partners holding their side's) and ``settings``,
    as ``db.Game`` has. None where fewer than two sides had anyone (nothing to rate)."""
    rules = table_game(game.game, game.players)
    hands = game.hand_count
    sat = _hands_sat(game.players, game.changes, hands)
    sign = -1 if rules.lowest_wins(game.settings) else 1
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
    teams, weights, scores = [], [], []
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
        weights.append(tuple(_share(members[name], hands) for name in names))
        scores.append(float(sign * game.totals[side[0]]))
    if len(teams) < 2:
        return None
    return Event(game.id, game.game, tuple(teams), tuple(weights), tuple(scores))


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


def rate(current: Mapping[str, Rating], event: Event) -> dict[str, Rating]:
    """Every player of ``event`` after it, from ``current`` (a player missing there is
    new): the model's ``rate`` with the event's scores (and weights, where a seat changed
    hands), each player's game count one more."""
    before = [[current.get(name, NEW) for name in team] for team in event.teams]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in before]
    options: dict[str, Any] = {"scores": list(event.scores)}
    if event.weighted:
        options["weights"] = [list(team) for team in event.weights]
    after = MODEL.rate(teams, **options)
    return {
        name: Rating(new.mu, new.sigma, old.games + 1)
        for names, olds, news in zip(event.teams, before, after, strict=True)
        for name, old, new in zip(names, olds, news, strict=True)
    }


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
