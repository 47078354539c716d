"""Random legal rounds for the conformance suite, and a checker written from RULES.md
section 5 alone, sharing no code with ``rounds.py``.

A "deal" of the sheet is a round a random table wrote down: ``written``, every player's
points as typed, and ``points``, what the game scored for them. The checker finds every
broken rule: a number that is not whole, a round that misses ``round_total``, points
that are not exactly what was written, a round "thrown in" (a sheet has none).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.simulation import deal_indices, deal_seed, run_seed, wrong_points

LOWEST, HIGHEST = -15, 40
"""The points a random player writes down: mostly gains, sometimes a loss."""


@dataclass(frozen=True, slots=True)
class WrittenRound:
    """A round a random table wrote down, and the points the game scored for it."""

    written: tuple[int, ...]
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"written": list(self.written), "points": list(self.points), "thrown_in": False}


def random_rounds(
    score: Any, seats: int, settings: Any, deals: int | range, seed: int | None = None
) -> Iterator[WrittenRound]:
    """Random legal rounds, each seeded alone (``deal_seed``) so any share of a run gives
    the same rounds; ``score(settings, written)`` is the game's points for them."""
    seed = run_seed(seed)
    for index in deal_indices(deals):
        rng = random.Random(deal_seed(seed, index))
        written = [rng.randint(LOWEST, HIGHEST) for _ in range(seats)]
        if settings.round_total is not None:
            written[-1] = settings.round_total - sum(written[:-1])
        yield WrittenRound(tuple(written), tuple(score(settings, written)))


def check_round(settings: Mapping[str, Any], seats: int, deal: Mapping[str, Any]) -> list[str]:
    """Every rule of RULES.md section 5 that ``deal`` breaks, for ``seats`` players under
    ``settings`` (as ``to_dict`` gives them)."""
    found = []
    written = deal.get("written")
    if deal.get("thrown_in") is not False:
        found.append("a round of the sheet is never thrown in")
    if not isinstance(written, list) or len(written) != seats:
        return [*found, f"written is not one number for each of {seats} players: {written!r}"]
    if not all(type(p) is int and abs(p) < 10**6 for p in written):
        found.append(f"not every written number is a whole number within a million: {written}")
        return found
    total = settings["round_total"]
    if total is not None and sum(written) != total:
        found.append(f"the round totals {sum(written)}, not the round total {total}")
    return found + wrong_points(deal, written, "the written numbers")
