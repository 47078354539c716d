"""Phase 10's house rules (docs/rules/phase-10.md): the points of Mattel's cards, and the
knob a table changes for a shorter evening, the phase that ends the game."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

CARD_POINTS = {"low": 5, "high": 10, "skip": 15, "wild": 25}  # 1–9, 10–12, Skip, Wild
HAND_CARDS = 10  # held between turns: 50 points at least without the phase laid down
MOST_LEFT = HAND_CARDS * CARD_POINTS["wild"]


@dataclass(frozen=True, slots=True)
class PhaseSettings(SettingsBase):
    preset_aside = ()

    phases: int = knob(
        10,
        label=msg("Phases"),
        help=msg("the phase whose completion ends the game (10: all of them)"),
        group="end",
        low=1,
        high=10,
    )

    @property
    def lowest_wins(self) -> bool:
        """Points are bad: among the players who finish, the fewest wins."""
        return True


PRESETS = {"phase-10": PhaseSettings()}
