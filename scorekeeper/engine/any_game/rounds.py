"""A round as the table writes it down (every player's points), its score, and the
progress of a sheet: totals add up round by round until the goal ends the game.

RULES.md section 5: each round every player's points, a whole number, negative allowed;
with ``round_total`` set they must add up to exactly it. The game ends after the round
in which someone reaches ``target`` (``high_target``, ``low_target``), after ``rounds``
rounds (``rounds``, ``rounds_low``), or when the table finishes (``open``, and any goal
whose table stops early); the highest total wins, the lowest in ``low_target`` and
``rounds_low``. Equal best totals share the win or play another round (``tie_at_end``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.display import SignedPoints
from ..core.errors import InvalidHand
from ..core.messages import Seat, msg, nmsg
from ..core.progress import RaceProgress, RaceState, ReplayedHand
from ..core.records import Problems, seat_numbers
from .settings import MAX_POINTS, SheetSettings


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


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the sheet: every player's points, in seat order."""

    points: tuple[int, ...]
    thrown_in: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        return {"points": list(self.points)}

    def score(self, settings: SheetSettings) -> RoundScore:
        alike = len(set(self.points)) == 1
        return RoundScore(self.points, () if alike else best_of(settings, self.points))


def seat_label(seat: int):
    return msg("seat %(seat)d's points", seat=seat + 1)


def read_round(settings: SheetSettings, seats: int, body: Any) -> Round:
    """A round from a JSON body ``{"points": [5, -3, 0, 12]}`` for ``seats`` players.

    Raises InvalidHand listing every problem as (field, message): ``hand`` for a body
    that is not an object, ``points`` for a list of the wrong
    length, ``points[i]`` for a number that is not whole or beyond ±999,999, and
    ``points[last]`` for a round that misses ``round_total``, naming what the last
    player's points would have to be.
    """
    if not isinstance(body, dict):
        raise InvalidHand([("hand", msg("a round must be a JSON object with points"))])
    problems = Problems()
    points = seat_numbers(
        body.get("points"),
        "points",
        problems,
        seats,
        (-MAX_POINTS, MAX_POINTS),
        msg("points must list one whole number per player"),
        lambda count: nmsg(
            "points has %(num)d number; this table has %(seats)d players",
            "points has %(num)d numbers; this table has %(seats)d players",
            count,
            seats=seats,
        ),
        [seat_label(seat) for seat in range(seats)],
    )
    if points is None:
        raise InvalidHand(problems.found)
    if settings.round_total is not None and sum(points) != settings.round_total:
        last = seats - 1
        problem = msg(
            "the round totals %(sum)d, not %(total)d: seat %(seat)d's points would have to "
            "be %(needed)d",
            sum=sum(points),
            total=settings.round_total,
            seat=last + 1,
            needed=settings.round_total - sum(points[:last]),
        ).said_at_table(
            "The round totals %(sum)d, not %(total)d: %(name)s's points would have to be "
            "%(needed)s.",
            sum=sum(points),
            total=settings.round_total,
            name=Seat(last),
            needed=SignedPoints(settings.round_total - sum(points[:last])),
        )
        raise InvalidHand([(f"points[{last}]", problem)])
    return Round(tuple(points))


@dataclass(frozen=True, slots=True)
class SheetProgress(RaceProgress):
    """A race whose leaders are the lowest totals where the lowest total wins."""

    @property
    def leaders(self) -> tuple[int, ...]:
        return best_of(self.settings, self.totals)


def goal_reached(settings: SheetSettings, totals: Sequence[int], scored: int) -> bool:
    """Whether the goal ends the game after this round (``open`` never does)."""
    if settings.goal in ("high_target", "low_target"):
        return max(totals) >= settings.target
    if settings.goal in ("rounds", "rounds_low"):
        return scored >= settings.rounds
    return False


def winners_at_end(settings: SheetSettings, totals: Sequence[int]) -> tuple[int, ...]:
    """The winners once the game should end: the best total alone, or those sharing it
    under ``tie_at_end = shared``; none while a tie plays on."""
    best = best_of(settings, totals)
    return best if len(best) == 1 or settings.tie_at_end == "shared" else ()


def resume_sheet(
    seats: int,
    settings: SheetSettings,
    state: RaceState,
    rounds: Sequence[Round],
    finish_after: int | None = None,
) -> SheetProgress:
    """Scores ``rounds`` as the rounds after ``state``; ``finish_after``, the rounds
    recorded when the table asked to finish, ends the game there as the goal would.
    Raises ValueError for a round recorded after the end."""
    totals, dealer, scored = list(state.totals), state.dealer, state.scored
    reached, winners = state.target_reached, state.winners
    replayed: list[ReplayedHand] = []
    for number, record in enumerate(rounds, start=state.number + 1):
        if winners:
            raise ValueError(
                msg("hand %(number)d was recorded after the game ended", number=number)
            )
        score = record.score(settings)
        totals = [t + p for t, p in zip(totals, score.points, strict=True)]
        scored += 1
        asked = finish_after is not None and number >= finish_after
        reached = reached or asked or goal_reached(settings, totals, scored)
        winners = winners_at_end(settings, totals) if reached else ()
        hand_dealer, dealer = dealer, (dealer + 1) % seats
        state = RaceState(number, tuple(totals), dealer, scored, reached, winners, state.start)
        opener = (hand_dealer + 1) % seats
        replayed.append(
            ReplayedHand(number, hand_dealer, opener, record, score, state.totals, state)
        )
    if finish_after is not None and state.number >= finish_after and not winners:
        reached, winners = True, winners_at_end(settings, totals)
        state = RaceState(state.number, state.totals, dealer, scored, True, winners, state.start)
    return SheetProgress(
        settings=settings,
        hands=tuple(replayed),
        totals=tuple(totals),
        dealer=dealer,
        opener=(dealer + 1) % seats,
        status="finished" if winners else "in_progress",
        winner=winners[0] if len(winners) == 1 else None,
        target_reached=reached,
        winners=winners,
        starting_totals=state.start,
        state=state,
    )
