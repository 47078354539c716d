"""Euchre's house rules (docs/rules/euchre.md), its one preset, and the score of a hand
as a pure function of the settings and what the table wrote down."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase


@dataclass(frozen=True, slots=True)
class EuchreSettings(SettingsBase):
    target: int = knob(
        10,
        label=msg("Target score"),
        help=msg("the first side to reach it wins (10; 5, 11 and 15 are also played)"),
        group="end",
        low=1,
        high=100,
    )
    stick_the_dealer: bool = knob(
        False,
        label=msg("Stick the dealer"),
        help=msg("when everyone passes twice the dealer must name trump"),
        group="deal",
    )
    defend_alone: bool = knob(
        False,
        label=msg("Defending alone"),
        help=msg("against a lone maker, one defender may go alone too"),
        group="play",
    )
    march: int = knob(
        2,
        label=msg("March"),
        help=msg("points for the makers taking all five tricks"),
        group="scoring",
        low=1,
        high=100,
    )
    lone_march: int = knob(
        4,
        label=msg("Lone march"),
        help=msg("points for a lone maker taking all five tricks"),
        group="scoring",
        low=1,
        high=100,
    )
    euchre_points: int = knob(
        2,
        label=msg("Makers euchred"),
        help=msg("points for the defenders when the makers take two or fewer"),
        group="scoring",
        low=1,
        high=100,
    )
    lone_defender_euchre: int = knob(
        4,
        label=msg("Lone defender's euchre"),
        help=msg("points for a lone defender who euchres the makers"),
        group="scoring",
        low=1,
        high=100,
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
