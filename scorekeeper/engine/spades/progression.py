"""The progress of a Spades game: the race to ``target`` per side (``core.progress``), with
what Spades carries on top, the sides' bags, which score the next hand's bag penalty.

The race ends the game after a hand that leaves a side at ``target`` or more, or at
``lose_at`` or less (the settings' ``losing_floor``; 0: no such end), or after
``deal_limit`` hands; the higher total wins, and equal totals play on a hand at a time.
A blind nil the score does not allow (``blind_nil=behind_100``) is refused where the
hand is scored at its place (``Spades.score``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.declared import Progression
from ..core.progress import RaceState


@dataclass(frozen=True, slots=True)
class SpadesState(RaceState):
    """A race's state (``core.progress.RaceState``), and each side's ``bags``."""

    bags: tuple[int, ...] = (0, 0)

    def fits(self, game: Any) -> bool:
        return len(self.bags) == len(game.sides) and min(self.bags) >= 0


PROGRESSION = Progression(
    state=SpadesState,
    carry=lambda game, settings, hand: replace(hand.state, bags=hand.score.bags),
    hand_limit=lambda game, settings: settings.deal_limit,
    # The target at its highest, no losing total, no deal limit, and blind nil at any
    # time (not only when a side is 100 behind, which depends on the hand's place).
    lasting={"target": 10_000, "lose_at": 0, "deal_limit": 0, "blind_nil": "any_time"},
)
"""Spades' part of the race (``core.declared.Progression``)."""
