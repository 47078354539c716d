"""Random legal rounds for the conformance suite, and a checker written from RULES.md
sections 5 and 5a alone, sharing no code with ``rounds.py``.

A "deal" of the sheet is a round a random table wrote down: ``written``, every player's
points as typed (None for a moon), ``moon``, the seat that shot the moon or None, and
``points``, what the game scored for them. The checker finds every broken rule: a number
that is not whole, a round that misses ``round_total``, points that are not exactly what
was written, a round "thrown in" (a sheet has none); under a moon rule, a typed number
outside 0..26, a typed round giving one player all 26, a moon not scored as the rule says
(a round alone: ``safety`` without the game's totals scores as ``others_plus_26``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.simulation import deal_indices, deal_seed, run_seed, wrong_points

LOWEST, HIGHEST = -15, 40
"""The points a random player writes down: mostly gains, sometimes a loss."""


MOONS = 8
"""Under a moon rule, one random round in this many is a moon."""


@dataclass(frozen=True, slots=True)
class WrittenRound:
    """A round a random table wrote down (or the moon it tapped), and the points the game
    scored for it."""

    written: tuple[int, ...] | None
    points: tuple[int, ...]
    moon: int | None = None

    def to_dict(self) -> dict[str, Any]:
        written = None if self.written is None else list(self.written)
        return {
            "written": written,
            "moon": self.moon,
            "points": list(self.points),
            "thrown_in": False,
        }


def random_rounds(
    score: Any, seats: int, settings: Any, deals: int | range, seed: int | None = None
) -> Iterator[WrittenRound]:
    """Random legal rounds, each seeded alone (``deal_seed``) so any share of a run gives
    the same rounds; ``score(settings, written, moon)`` is the game's points for them.
    Under a moon rule (Hearts) each player takes some of the round's 26 points, no one
    all of them, and now and then someone shoots the moon."""
    seed = run_seed(seed)
    for index in deal_indices(deals):
        rng = random.Random(deal_seed(seed, index))
        if settings.moon != "none":
            if rng.randrange(MOONS) == 0:
                moon = rng.randrange(seats)
                yield WrittenRound(None, tuple(score(settings, None, moon)), moon)
                continue
            written = _hearts_round(rng, seats, settings.round_total or 26)
        else:
            written = [rng.randint(LOWEST, HIGHEST) for _ in range(seats)]
            if settings.round_total is not None:
                written[-1] = settings.round_total - sum(written[:-1])
        yield WrittenRound(tuple(written), tuple(score(settings, written, None)))


def _hearts_round(rng: random.Random, seats: int, worth: int) -> list[int]:
    """The round's points dealt out one at a time to random players, until no one has
    them all."""
    while True:
        written = [0] * seats
        for _ in range(worth):
            written[rng.randrange(seats)] += 1
        if worth not in written:
            return written


def check_round(settings: Mapping[str, Any], seats: int, deal: Mapping[str, Any]) -> list[str]:
    """Every rule of RULES.md section 5 that ``deal`` breaks, for ``seats`` players under
    ``settings`` (as ``to_dict`` gives them)."""
    found = []
    written = deal.get("written")
    if deal.get("thrown_in") is not False:
        found.append("a round of the sheet is never thrown in")
    rule = settings.get("moon", "none")
    total = settings["round_total"]
    worth = total if total is not None and total > 0 else 26
    moon = deal.get("moon")
    if moon is not None:
        if rule == "none":
            return [*found, "a moon on a sheet without a moon rule"]
        if written is not None:
            found.append("a moon round has no written points")
        # RULES.md 5a; a round alone, without the game's totals, as others_plus_26.
        if rule == "shooter_minus_26":
            expected = [-worth if seat == moon else 0 for seat in range(seats)]
        else:
            expected = [0 if seat == moon else worth for seat in range(seats)]
        return found + wrong_points(deal, expected, "the moon's points")
    if not isinstance(written, list) or len(written) != seats:
        return [*found, f"written is not one number for each of {seats} players: {written!r}"]
    if not all(type(p) is int and abs(p) < 10**6 for p in written):
        found.append(f"not every written number is a whole number within a million: {written}")
        return found
    if total is not None and sum(written) != total:
        found.append(f"the round totals {sum(written)}, not the round total {total}")
    if rule != "none":
        if not all(0 <= p <= worth for p in written):
            found.append(f"under a moon rule every player's points are 0 to {worth}: {written}")
        if worth in written:
            found.append(f"a typed round gives one player all {worth}: that is a moon")
    return found + wrong_points(deal, written, "the written numbers")
