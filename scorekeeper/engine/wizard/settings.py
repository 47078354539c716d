"""Wizard's house rules (RULES.md section 7): its knobs, the one preset, and the rounds a
table plays: round r deals r cards, 60 ÷ players rounds, or the first ``rounds``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.knobs import KnobKinds
from ..core.messages import msg
from ..core.settings import SettingsBase

PACK = 60  # four suits of 13, four Wizards and four Jesters
HOOKS = ("off", "on", "canadian")
KINDS = KnobKinds(
    names=("rounds", "hook", "exact_bonus", "per_trick", "miss_step"),
    choices={"hook": HOOKS},
    ranges={
        "rounds": (0, PACK // 3),
        "exact_bonus": (0, 100),
        "per_trick": (0, 100),
        "miss_step": (0, 100),
    },
)
KNOBS = KINDS.knobs(
    help={
        "rounds": msg("play only the first rounds; 0: all, 60 ÷ players"),
        "hook": msg("whether the dealer may bid the number that makes the bids total the cards"),
        "exact_bonus": msg("points for taking exactly the tricks bid"),
        "per_trick": msg("points per trick taken, when the bid is exact"),
        "miss_step": msg("points lost per trick more or fewer than the bid"),
    },
    labels={
        "rounds": msg("Rounds"),
        "hook": msg("The hook"),
        "exact_bonus": msg("Exact bonus"),
        "per_trick": msg("Per trick, exact"),
        "miss_step": msg("Per trick off"),
    },
    groups={"end": ("rounds",), "bidding": ("hook",), "scoring": KINDS.names[2:]},
    choice_words={
        "off": msg("off: the bids may total anything"),
        "on": msg("on: the dealer may not make the bids total the cards"),
        "canadian": msg("Canadian: only a dealer alone in the lead, and 0 is always allowed"),
    },
)


@dataclass(frozen=True, slots=True)
class WizardSettings(SettingsBase):
    rounds: int = 0
    hook: str = "off"
    exact_bonus: int = 20
    per_trick: int = 10
    miss_step: int = 10

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)


def rounds_of(settings: WizardSettings, players: int) -> int:
    """The rounds a table of ``players`` plays: 20, 15, 12, 10 for 3 to 6, or the first
    ``rounds`` of them."""
    return min(settings.rounds or PACK, PACK // players)
