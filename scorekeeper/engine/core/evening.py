"""An evening's figures (issue 22): a group's games of one sitting taken together, for
any mix of registered games, from each game's own ``replay`` and nothing else.

**Standings.** A finished game places each side (``core.seats.placings``: the winners
first, then by total in the game's own direction, sides level sharing the better place,
as in 1, 1, 3); every player who sat on a side at the game's end takes the side's place (both
partners alike), and a win when the side won. A player who left a game before its end
takes no place in it, and a game in progress places nobody yet. The evening ranks its
players by their average place, lowest first, then by wins, most first; players level on
both share a rank.

**Best hand.** For each kind of game, the hand in which one side scored best (the most
points, or the fewest where the game's lowest total wins), from the hand's points per
seat; a thrown-in deal scores nothing and is never the best, and a side that sat the
hand out (``sits_out``: the dealer at a Skat table of four, paid for a lost game he did
not play) did not play it. Level hands: the first played.

**Thrown-in deals.** Each deal nobody played (its score is None, as the statistics
count them) is put to whoever dealt it; the players who dealt the most are named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .game import Game, Progress, seat_values
from .seating import SeatChange, names_at, sits_out
from .seats import placings


@dataclass(frozen=True, slots=True)
class EveningGame:
    """One game of an evening as its rules see it: ``key`` names it (its id), ``game``
    is the game at its table's size, ``players`` sat down in seat order, ``changes``
    took a seat mid-game, ``progress`` is its ``replay``."""

    key: int
    game: Game
    players: tuple[str, ...]
    changes: tuple[SeatChange, ...]
    progress: Progress

    @property
    def finished(self) -> bool:
        return self.progress.status == "finished"

    def names_at(self, number: int) -> tuple[str, ...]:
        return names_at(self.players, self.changes, number)

    def side_names(self, number: int) -> list[tuple[str, ...]]:
        """Each side's players at hand ``number`` (the hand after the last: at the end)."""
        seated = self.names_at(number)
        return [tuple(seated[seat] for seat in side) for side in self.game.sides]


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's evening: ``rank`` (1 first, shared when level), the finished games
    they were placed in, the sum of those places and their wins."""

    rank: int
    name: str
    games: int
    places: int
    wins: int

    @property
    def average_place(self) -> float:
        return self.places / self.games


@dataclass(frozen=True, slots=True)
class BestHand:
    """The best hand of one kind of game: the game's ``kind`` (its key), which game and
    hand, the side's players at that hand, and its points."""

    kind: str
    game: int
    number: int
    names: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Who dealt the most thrown-in deals of the evening, and how many each of them dealt;
    ``dealt`` counts every dealer's."""

    most: tuple[str, ...]
    count: int
    dealt: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class EveningFigures:
    standings: tuple[Standing, ...]
    best_hands: tuple[BestHand, ...]
    thrown_in: ThrownIn | None


def standings(games: Sequence[EveningGame]) -> tuple[Standing, ...]:
    """The evening's standings over its finished games (see the module's terms)."""
    places: Counter[str] = Counter()
    counted: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for played in games:
        if not played.finished:
            continue
        progress = played.progress
        at_end = played.side_names(progress.next_number)
        for side, place in enumerate(placings(progress)):
            for name in at_end[side]:
                places[name] += place
                counted[name] += 1
                wins[name] += side in progress.winners

    def order(name: str) -> tuple[float, int]:
        return (places[name] / counted[name], -wins[name])

    names = sorted(counted, key=lambda name: (*order(name), name))
    return tuple(
        Standing(
            1 + sum(order(other) < order(name) for other in names),
            name,
            counted[name],
            places[name],
            wins[name],
        )
        for name in names
    )


def best_hands(games: Sequence[EveningGame]) -> tuple[BestHand, ...]:
    """Each kind's best hand, the kinds in the order the evening first played them."""
    best: dict[str, tuple[int, BestHand]] = {}
    for played in games:
        rules = played.game
        sign = -1 if played.progress.settings.lowest_wins else 1
        for hand in played.progress.hands:
            if hand.score is None:
                continue
            per_seat = seat_values(rules, hand.points)
            out = sits_out(rules, played.progress.settings, hand.number, hand.dealer)
            for index, side in enumerate(rules.sides):
                if all(seat in out for seat in side):
                    continue  # nobody of the side played it (a Skat dealer at four)
                points = per_seat[side[0]]
                found = best.get(rules.key)
                if found is None or sign * points > found[0]:
                    names = played.side_names(hand.number)[index]
                    best[rules.key] = (
                        sign * points,
                        BestHand(rules.key, played.key, hand.number, names, points),
                    )
    return tuple(hand for _merit, hand in best.values())


def thrown_in(games: Sequence[EveningGame]) -> ThrownIn | None:
    """Who dealt the most thrown-in deals, or None when every deal was played."""
    dealt: Counter[str] = Counter()
    for played in games:
        for hand in played.progress.hands:
            if hand.score is None:
                dealt[played.names_at(hand.number)[hand.dealer]] += 1
    if not dealt:
        return None
    count = max(dealt.values())
    ordered = sorted(dealt.items(), key=lambda item: (-item[1], item[0]))
    return ThrownIn(tuple(name for name, n in ordered if n == count), count, tuple(ordered))


def evening_figures(games: Sequence[EveningGame]) -> EveningFigures:
    """Standings, best hands and thrown-in dealers of ``games``, played in this order."""
    return EveningFigures(standings(games), best_hands(games), thrown_in(games))
