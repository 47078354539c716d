"""Wizard's house rules (docs/rules/wizard.md): its knobs, the one preset, and the rounds a
table plays: round r deals r cards, 60 ÷ players rounds, or the first ``rounds``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.errors import InvalidSettings
from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

PACK = 60  # four suits of 13, four Wizards and four Jesters


@dataclass(frozen=True, slots=True)
class WizardSettings(SettingsBase):
    preset_aside: ClassVar[tuple[str, ...]] = ("rounds",)

    rounds: int = knob(
        0,
        label=msg("Rounds"),
        help=msg("play only the first rounds; 0: all, 60 ÷ players"),
        group="end",
        low=0,
        high=PACK // 3,
    )
    hook: str = knob(
        "off",
        label=msg("The hook"),
        help=msg("whether the dealer may bid the number that makes the bids total the cards"),
        group="bidding",
        choices={
            "off": msg("off: the bids may total anything"),
            "on": msg("on: the dealer may not make the bids total the cards"),
            "canadian": msg("Canadian: only a dealer alone in the lead, and 0 is always allowed"),
        },
    )
    exact_bonus: int = knob(
        20,
        label=msg("Exact bonus"),
        help=msg("points for taking exactly the tricks bid"),
        group="scoring",
        low=0,
        high=100,
    )
    per_trick: int = knob(
        10,
        label=msg("Per trick, exact"),
        help=msg("points per trick taken, when the bid is exact"),
        group="scoring",
        low=0,
        high=100,
    )
    miss_step: int = knob(
        10,
        label=msg("Per trick off"),
        help=msg("points lost per trick more or fewer than the bid"),
        group="scoring",
        low=0,
        high=100,
    )

    def check_seats(self, seats: int) -> None:
        """No more rounds than ``seats`` players are dealt from the pack."""
        most = PACK // seats
        if self.rounds > most:
            problem = msg(
                "rounds is %(rounds)d; %(players)d players play %(most)d rounds",
                rounds=self.rounds,
                players=seats,
                most=most,
            )
            raise InvalidSettings(problem, "rounds")


def rounds_of(settings: WizardSettings, players: int) -> int:
    """The rounds a table of ``players`` plays: 20, 15, 12, 10 for 3 to 6, or the first
    ``rounds`` of them."""
    return min(settings.rounds or PACK, PACK // players)
