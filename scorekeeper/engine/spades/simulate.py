"""Random legal Spades hands, for the conformance suite and ``scorekeeper simulate``.

There are no card-play bots yet: the ``random`` kind makes up what a table could record
(random bids, nils and, where the rules allow it in a first hand, blind nils; the 13
tricks given out at random), and scores it as the first hand of a game (no bags
before). Deal ``index`` of a run stands alone, seeded by ``core.simulation.deal_seed``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.seats import SEATS
from ..core.simulation import deal_indices, deal_seed, run_seed
from .records import SpadesHand
from .scoring import TRICKS
from .settings import SpadesSettings

BOTS = ("random",)


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A made-up hand and its points per side [A, B]."""

    record: SpadesHand
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {**self.record.to_dict(), "thrown_in": False, "points": list(self.points)}


def random_hand(settings: SpadesSettings, rng: random.Random) -> SpadesHand:
    """A hand a table could record under ``settings`` as a game's first hand."""
    bids = [0 if rng.random() < 0.12 else rng.randint(1, 6) for _ in range(SEATS)]
    blind = ()
    if settings.blind_nil == "any_time":
        blind = tuple(s for s in range(SEATS) if bids[s] == 0 and rng.random() < 0.4)
    tricks = [0] * SEATS
    for _ in range(TRICKS):
        tricks[rng.randrange(SEATS)] += 1
    return SpadesHand(tuple(bids), tuple(tricks), blind)


def simulate_hands(
    settings: SpadesSettings,
    deals: int | range,
    seed: int | None = None,
    bots: str = "random",
) -> Iterator[SimulatedHand]:
    """``deals`` random hands (or the given range of a run's), each scored alone."""
    if bots not in BOTS:
        raise ValueError(f"unknown bots {bots!r}; choose one of {', '.join(BOTS)}")
    seed = run_seed(seed)
    for index in deal_indices(deals):
        record = random_hand(settings, random.Random(deal_seed(seed, index)))
        yield SimulatedHand(record, record.score(settings).points)
