"""Belote's and Coinche's house rules (docs/rules/belote.md), their two presets, and the
score of a deal as a pure function of what the table wrote."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

DEAL = 162  # the card points (152) and the dix de der (10)
DEDANS = 160  # what the defence scores when the takers are dedans
BELOTE = 20
CONTRACTS = tuple(str(bid) for bid in range(80, 161, 10)) + ("capot",)
MULTIPLIER = {"none": 1, "coinche": 2, "surcoinche": 4}


@dataclass(frozen=True, slots=True)
class BeloteSettings(SettingsBase):
    preset_aside = ("target", "deals")

    target: int = knob(
        1000,
        label=msg("Target score"),
        help=msg("the first side to reach it wins (1,000; 2,000 at Coinche)"),
        group="end",
        low=100,
        high=10000,
    )
    deals: int = knob(
        0,
        label=msg("Deals"),
        help=msg("the game ends after this many deals instead; 0: at the target"),
        group="end",
        low=0,
        high=200,
    )
    contracts: bool = knob(
        False,
        label=msg("Contracts"),
        help=msg("Coinche: the takers bid 80 to 160 or capot, and may be coinched"),
        group="play",
    )
    made: str = knob(
        "with_points",
        label=msg("Contract made"),
        help=msg("what the takers score for a contract made"),
        group="scoring",
        choices={
            "with_points": msg("the contract and the points made; the defence its points"),
            "contract_only": msg("the contract only; the defence nothing"),
        },
    )
    failed: str = knob(
        "with_160",
        label=msg("Contract failed"),
        help=msg("what the defence scores for a contract failed"),
        group="scoring",
        choices={
            "with_160": msg("160 and the contract"),
            "contract_only": msg("the contract only"),
        },
    )
    rounding: bool = knob(
        False,
        label=msg("Rounded to tens"),
        help=msg("each side's score rounded to the nearest ten (5 up), the belote apart"),
        group="scoring",
    )
    capot_points: int = knob(
        250,
        label=msg("Capot"),
        help=msg("the points of the side that takes every trick, in place of 162"),
        group="scoring",
        low=162,
        high=1000,
    )
    belote_kept: bool = knob(
        True,
        label=msg("Belote kept when dedans"),
        help=msg("the belote stays with the side that held it even when its side is dedans"),
        group="scoring",
    )
    litige_held: bool = knob(
        False,
        label=msg("Litige"),
        help=msg("at a tie the takers' points are held for the winner of the next deal"),
        group="scoring",
    )


PRESETS = {
    "classic": BeloteSettings(),
    "coinche": BeloteSettings(target=2000, contracts=True, rounding=True),
}


def rounded(points: int, settings: BeloteSettings) -> int:
    return (points + 5) // 10 * 10 if settings.rounding else points


@dataclass(frozen=True, slots=True)
class BeloteDeal:
    """A deal as the table knows it at its end: the contract (``"0"`` at Belote), the
    coinche, the card points of the takers with the dix de der, whose belote, the capot."""

    contract: str
    coinche: str
    points: int
    belote: str = "none"
    capot: bool = False

    def sides(self) -> tuple[int, int]:
        """The points each side counts toward the deal, takers first (the belote in)."""
        ours, theirs = self.points, DEAL - self.points
        return ours + BELOTE * (self.belote == "taker"), theirs + BELOTE * (
            self.belote == "defence"
        )

    def result(self) -> str:
        """``made``, ``dedans`` or ``litige`` (a tie: dedans unless the litige is played)."""
        ours, theirs = self.sides()
        if self.contract == "capot":
            return "made" if self.capot and self.points == DEAL else "dedans"
        if ours < int(self.contract) or ours < theirs:
            return "dedans"
        return "litige" if ours == theirs else "made"

    def score(self, settings: BeloteSettings) -> tuple[int, int, int]:
        """The takers' and the defence's points, and the points held in a litige."""
        mine, theirs = BELOTE * (self.belote == "taker"), BELOTE * (self.belote == "defence")
        capot, times, result = settings.capot_points, MULTIPLIER[self.coinche], self.result()
        bid = capot if self.contract == "capot" else int(self.contract)
        ours = capot if self.capot and self.points == DEAL else self.points
        other = capot if self.capot and self.points == 0 else DEAL - self.points
        if result == "litige" and settings.litige_held:
            return 0, rounded(other, settings) + theirs, rounded(ours, settings) + mine
        if result == "made" and self.contract == "capot":
            return bid * times + mine, theirs, 0
        if result == "made" and settings.made == "contract_only" and settings.contracts:
            return rounded(bid * times, settings) + mine, theirs, 0
        if result == "made":
            return (
                rounded((bid + ours) * times, settings) + mine,
                rounded(other, settings) + theirs,
                0,
            )
        kept = mine if settings.belote_kept else 0
        base = other if self.capot and self.points == 0 else DEDANS
        if self.contract == "capot" or (settings.failed == "contract_only" and settings.contracts):
            base = 0
        return kept, rounded((base + bid) * times, settings) + theirs + mine - kept, 0
