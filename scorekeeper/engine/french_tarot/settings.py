"""French Tarot's house rules (docs/rules/french-tarot.md), its one preset (the FFT's rules,
for 3, 4 or 5 players), and the score of a deal as a pure function of what the table wrote."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

NEEDED = (56, 51, 41, 36)
"""The card points the taker's side needs, by the bouts it holds (0 to 3)."""
MULTIPLIER = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
POIGNEE = {"none": 0, "simple": 20, "double": 30, "triple": 40}
CHELEM = {"none": 0, "announced": 400, "made": 200, "failed": -200, "defence": -200}
"""The chelem's points to the taker's side: announced and made, made unannounced,
announced and failed, and the defence's chelem (200 to each defender)."""


@dataclass(frozen=True, slots=True)
class TarotSettings(SettingsBase):
    preset_aside = ("deals",)

    deals: int = knob(
        0,
        label=msg("Deals"),
        help=msg("the game ends after this many deals; 0: when the table finishes it"),
        group="end",
        low=0,
        high=200,
    )
    petite: bool = knob(
        True,
        label=msg("Petite"),
        help=msg("the lowest contract (also called Prise) may be bid; no: Garde is the lowest"),
        group="play",
    )
    poignee_to: str = knob(
        "winner",
        label=msg("Poignée"),
        help=msg("who scores a poignée shown"),
        group="scoring",
        choices={
            "winner": msg("the side that wins the deal, whoever showed it"),
            "shower": msg("the side that showed it"),
        },
    )


PRESETS = {"fft": TarotSettings()}


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as the table knows it at its end (at five the called partner, None alone)."""

    taker: int
    partner: int | None
    contract: str
    bouts: int
    points: int
    petit_au_bout: str = "none"
    poignee: str = "none"
    poignee_defence: str = "none"
    chelem: str = "none"

    def margin(self) -> int:  # the points made over (negative: under) the points needed
        return self.points - NEEDED[self.bouts]

    def made(self) -> bool:
        return self.margin() >= 0

    def unit(self, settings: TarotSettings) -> int:
        """The deal's score to each defender's opposite, signed for the taker's side:
        (25 + the difference ± petit au bout) × the contract, ± the poignées, + the chelem."""
        multiplier = MULTIPLIER[self.contract]
        sign = 1 if self.made() else -1
        petit = {"none": 0, "taker": 10, "defence": -10}[self.petit_au_bout]
        score = sign * (25 + abs(self.margin())) * multiplier + petit * multiplier
        for shown, by_taker in ((self.poignee, True), (self.poignee_defence, False)):
            to_taker = self.made() if settings.poignee_to == "winner" else by_taker
            score += POIGNEE[shown] * (1 if to_taker else -1)
        return score + CHELEM[self.chelem]

    def split(self, settings: TarotSettings, seats: int) -> tuple[int, ...]:
        """Each player's points: every defender −unit, the partner +unit, the taker the
        rest, so that the deal sums to zero."""
        unit = self.unit(settings)
        found = [-unit] * seats
        if self.partner is not None:
            found[self.partner] = unit
        found[self.taker] = -sum(found) + found[self.taker]
        return tuple(found)
