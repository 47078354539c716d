"""Helpers of tests/engine/test_protocol.py."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.core.display import FigureLine
from scorekeeper.engine.core.messages import msg


@dataclass(frozen=True)
class TossedDeal:
    winner: int

    def to_dict(self) -> dict[str, Any]:
        return {"thrown_in": False, "winner": self.winner, "points": [0, 0, 0]}


def tossed_deals(settings: Any, deals: int | range, seed: int | None, bots: str) -> Iterator:
    rng = random.Random(seed)
    for _ in range(deals if isinstance(deals, int) else len(deals)):
        yield TossedDeal(rng.randrange(3))


def hands_only(figures: Any, with_game: bool = False) -> list[FigureLine]:
    return [FigureLine(msg("Hands"), tuple(str(f.hands) for f in figures))]


def public_names(game: Any) -> set[str]:
    return {name for name in dir(game) if not name.startswith("_")}
