"""A round as the table writes it down (every player's points), its score, and the
progress of a sheet: totals add up round by round until the goal ends the game.

docs/rules/any-game.md: each round every player's points, a whole number, negative allowed;
with ``round_total`` set they must add up to exactly it. The game ends after the round
in which someone reaches ``target`` (``high_target``, ``low_target``), after ``rounds``
rounds (``rounds``, ``rounds_low``), or when the table finishes (``open``, and any goal
whose table stops early); the highest total wins, the lowest in ``low_target`` and
``rounds_low``. Equal best totals share the win or play another round (``tie_at_end``).

docs/rules/any-game.md (Hearts): with ``moon`` set, every player's points are 0 to the round's
worth (26), a typed round giving one player all of them is refused (the moon is its own
record, ``{"moon": seat}``: the record always says who shot), and a moon scores under
``moon``: the others the worth and the shooter 0, the shooter minus the worth, or
``safety``: the first unless it would end the game without the shooter alone best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.display import Notation, SignedPoints, total
from ..core.errors import InvalidHand, ParseError
from ..core.form import Choice, FormField
from ..core.messages import Message, Seat, SeatName, msg, nmsg
from ..core.numbers import parse_int
from ..core.progress import RaceState
from ..core.records import Problems, seat_numbers
from ..core.schema import Context, Hand, PerSeat, Refused, SeatOf
from . import crowns
from .settings import MAX_POINTS, SheetSettings

NOBODY = "none"
"""The moon row's key for a round nobody shot: typed points."""


def best_of(settings: SheetSettings, values: Sequence[int]) -> tuple[int, ...]:
    """The seats whose value is best under the goal: the highest, or the lowest where
    the lowest total wins."""
    best = min(values) if settings.lowest_wins else max(values)
    return tuple(seat for seat, value in enumerate(values) if value == best)


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A round's points per player, and who won the round: the best points under the
    goal, shared when equal, nobody when everyone scored alike."""

    points: tuple[int, ...]
    won: tuple[int, ...]


class RoundPoints(PerSeat):
    """Every player's points, read in the words of a round: each named as that player's;
    0 to a moon's worth under a moon rule, else ±999,999."""

    def bounds(self, ctx: Context) -> tuple[int, int]:
        if ctx.settings.moon != "none":
            return 0, ctx.settings.moon_worth
        if ctx.settings.wilds == "five_crowns":
            return 0, MAX_POINTS  # the cards left in a hand: never below 0
        return -MAX_POINTS, MAX_POINTS

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        problems, seats = Problems(), ctx.seats
        points = seat_numbers(
            value,
            self.name,
            problems,
            seats,
            self.bounds(ctx),
            msg("points must list one whole number per player"),
            lambda count: nmsg(
                "points has %(num)d number; this table has %(seats)d players",
                "points has %(num)d numbers; this table has %(seats)d players",
                count,
                seats=seats,
            ),
            [msg("%(player)s's points", player=SeatName(seat)) for seat in range(seats)],
        )
        if points is None:
            raise Refused(*problems.found)
        return tuple(points)

    def written(self, typed: Any) -> bool:
        return typed is not None  # a moon's round is stored as the moon alone

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        """Every player's points, unless a shooter was tapped (the boxes are then not used)."""
        if values.get("moon") not in (None, "", NOBODY):
            return None
        return super().from_form(values, ctx)


class Moon(SeatOf):
    """The seat that shot the moon; on the form a row of the players' names after a key
    for nobody (the round's points typed)."""

    def parse(self, value: Any, ctx: Context) -> int:
        try:
            return parse_int(value, self.name, low=0, high=ctx.seats - 1)
        except ParseError:
            last = ctx.seats - 1
            problem = msg("moon must be the seat that shot the moon, 0 to %(last)d", last=last)
            raise Refused((self.name, problem)) from None

    def written(self, typed: Any) -> bool:
        return typed is not None  # a round of typed points is stored as the points alone

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        (shooter,) = super().form_fields(ctx, players)
        keys = (Choice(NOBODY, msg("nobody")), *shooter.choices)
        return (replace(shooter, choices=keys, default=NOBODY),)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        shooter = values.get(self.name)
        return None if shooter in (None, "", NOBODY) else shooter


def read_first(settings: SheetSettings, body: Any) -> dict[str, Any]:
    """What a round's body must be before its fields are read: an object with every
    player's points, or a moon alone on a sheet that has one. Raises InvalidHand."""
    if not isinstance(body, Mapping):
        raise InvalidHand([("hand", msg("a round must be a JSON object with points"))])
    body = {name: value for name, value in body.items() if value is not None}
    if "moon" in body and settings.moon == "none":
        problem = msg(
            "this sheet has no shooting the moon (the rule moon is none): write each "
            "player's points"
        )
        raise InvalidHand([("moon", problem)])
    if "moon" in body and "points" in body:
        problem = msg("a round is either every player's points or a moon, not both")
        raise InvalidHand([("moon", problem)])
    if "moon" not in body and "points" not in body:
        raise InvalidHand([("points", msg("points must list one whole number per player"))])
    return body


def check(settings: SheetSettings, hand: Hand, ctx: Context) -> list[tuple[str, Message]]:
    """A round that misses ``round_total`` (naming what the last player's points would
    have to be), a typed round giving one player all of a moon's worth (Hearts), or one no
    deal of Five Crowns can leave (``crowns.refusals``)."""
    points, last = hand.points, ctx.seats - 1
    if points is None:
        return []
    if settings.wilds == "five_crowns":
        return crowns.refusals(points, ctx.number)
    if settings.round_total is not None and sum(points) != settings.round_total:
        problem = msg(
            "the round totals %(sum)s, not %(total)s: %(player)s's points would have to be "
            "%(needed)s",
            sum=Notation(total(sum(points))),
            total=Notation(total(settings.round_total)),
            player=SeatName(last),
            needed=Notation(total(settings.round_total - sum(points[:last]))),
        ).said_at_table(
            "The round totals %(sum)d, not %(total)d: %(name)s's points would have to be "
            "%(needed)s.",
            sum=sum(points),
            total=settings.round_total,
            name=Seat(last),
            needed=SignedPoints(settings.round_total - sum(points[:last])),
        )
        return [(f"points[{last}]", problem)]
    if settings.moon != "none" and settings.moon_worth in points:
        shooter = points.index(settings.moon_worth)
        problem = msg(
            "%(player)s took all %(worth)d points: that is shooting the moon; record it "
            "with the moon key instead",
            player=SeatName(shooter),
            worth=settings.moon_worth,
        )
        return [(f"points[{shooter}]", problem)]
    return []


def score(settings: SheetSettings, hand: Hand, ctx: Context) -> RoundScore:
    """The round's points; a moon's under ``settings.moon``, which (``safety``) looks at
    the game before the round (unknown: as ``others_plus_26``)."""
    points = hand.points
    if hand.moon is not None:
        before = None if ctx.place is None else ctx.place.state
        points = moon_points(settings, hand.moon, ctx.seats, before)
    alike = len(set(points)) == 1
    return RoundScore(points, () if alike else best_of(settings, points))


def moon_points(
    settings: SheetSettings, shooter: int, seats: int, before: RaceState | None = None
) -> tuple[int, ...]:
    """The points of a moon shot by ``shooter`` (docs/rules/any-game.md): ``others_plus_26``, every
    other player the round's worth; ``shooter_minus_26``, the shooter minus it; ``safety``,
    the first unless, from the totals ``before`` the round, it would end the game without
    the shooter alone at the best total."""
    worth = settings.moon_worth
    others = tuple(0 if seat == shooter else worth for seat in range(seats))
    minus = tuple(-worth if seat == shooter else 0 for seat in range(seats))
    if settings.moon == "shooter_minus_26":
        return minus
    if settings.moon == "safety" and before is not None:
        after = [t + p for t, p in zip(before.totals, others, strict=True)]
        ends = goal_reached(settings, after, before.scored + 1)
        if ends and best_of(settings, after) != (shooter,):
            return minus
    return others


def target_of(settings: SheetSettings) -> int | None:
    """The total that ends the game once someone reaches it, under a target's goal."""
    return settings.target if settings.goal in ("high_target", "low_target") else None


def rounds_of(settings: SheetSettings) -> int:
    """The rounds after which the game ends, under a goal of rounds (0: none)."""
    return settings.rounds if settings.goal in ("rounds", "rounds_low") else 0


def goal_reached(settings: SheetSettings, totals: Sequence[int], scored: int) -> bool:
    """Whether the goal ends the game after this round (``open`` never does)."""
    target, rounds = target_of(settings), rounds_of(settings)
    return (target is not None and max(totals) >= target) or 0 < rounds <= scored
