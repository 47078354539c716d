"""Phase 10's house rules (docs/rules/phase-10.md): Mattel's cards and their points, the ten
phases, and the knob a table changes for a shorter evening, the phase that ends the game."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.card_points import Pack
from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

CARD_POINTS = {"low": 5, "high": 10, "skip": 15, "wild": 25}  # 1–9, 10–12, Skip, Wild
HAND_CARDS = 10  # held between turns: 50 points at least without the phase laid down
PACK = Pack.of({5: 72, 10: 24, 15: 4, 25: 8})
"""Mattel's 108 cards by their worth left in a hand: two of each of 1 to 12 in four colours
(72 of 1–9, 24 of 10–12), 4 Skips and 8 Wilds."""
MOST_LEFT = PACK.most(HAND_CARDS)  # 8 Wilds and 2 Skips: 230

PHASES = (
    msg("two sets of 3"),
    msg("a set of 3 and a run of 4"),
    msg("a set of 4 and a run of 4"),
    msg("a run of 7"),
    msg("a run of 8"),
    msg("a run of 9"),
    msg("two sets of 4"),
    # Translators: Phase 10's eighth phase: seven cards of one of the four colours.
    msg("7 cards of one colour"),
    msg("a set of 5 and a set of 2"),
    msg("a set of 5 and a set of 3"),
)
"""The ten phases in order, as Mattel's reference card words them."""
LAID_DOWN = (6, 7, 8, 7, 8, 9, 8, 7, 7, 8)
"""The cards each phase lays down: a player who completes it keeps at most the rest of ten."""


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
