"""Euchre's house rules (RULES.md section 11), its one preset, and the score of a hand
as a pure function of the settings and what the table wrote down."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.knobs import KnobKinds
from ..core.messages import msg
from ..core.settings import SettingsBase


@dataclass(frozen=True, slots=True)
class EuchreSettings(SettingsBase):
    target: int = 10
    stick_the_dealer: bool = False
    defend_alone: bool = False
    march: int = 2
    lone_march: int = 4
    euchre_points: int = 2
    lone_defender_euchre: int = 4

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)


KINDS = KnobKinds(
    names=EuchreSettings.knob_names(),
    bools=("stick_the_dealer", "defend_alone"),
    ranges=dict.fromkeys(
        ("target", "march", "lone_march", "euchre_points", "lone_defender_euchre"), (1, 100)
    ),
)
KNOBS = KINDS.knobs(
    help={
        "target": msg("the first side to reach it wins (10; 5, 11 and 15 are also played)"),
        "stick_the_dealer": msg("when everyone passes twice the dealer must name trump"),
        "defend_alone": msg("against a lone maker, one defender may go alone too"),
        "march": msg("points for the makers taking all five tricks"),
        "lone_march": msg("points for a lone maker taking all five tricks"),
        "euchre_points": msg("points for the defenders when the makers take two or fewer"),
        "lone_defender_euchre": msg("points for a lone defender who euchres the makers"),
    },
    labels={
        "target": msg("Target score"),
        "stick_the_dealer": msg("Stick the dealer"),
        "defend_alone": msg("Defending alone"),
        "march": msg("March"),
        "lone_march": msg("Lone march"),
        "euchre_points": msg("Makers euchred"),
        "lone_defender_euchre": msg("Lone defender's euchre"),
    },
    groups={
        "deal": ("stick_the_dealer",),
        "play": ("defend_alone",),
        "scoring": ("march", "lone_march", "euchre_points", "lone_defender_euchre"),
        "end": ("target",),
    },
    choice_words={},
)
PRESETS = {"euchre": EuchreSettings()}


def hand_points(
    settings: EuchreSettings, makers: int, alone: bool, defender_alone: bool, tricks: int
) -> tuple[int, int]:
    """Points of sides A and B for a hand: the makers (0 for A, 1 for B) took ``tricks``;
    only one side scores."""
    if tricks >= 3:
        won = 1 if tricks < 5 else settings.lone_march if alone else settings.march
        side = makers
    else:
        won = settings.lone_defender_euchre if defender_alone else settings.euchre_points
        side = 1 - makers
    return (won, 0) if side == 0 else (0, won)
