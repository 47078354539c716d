"""Schafkopf's tariff and house rules (docs/rules/schafkopf.md), its one preset (the
common 10/50 list), and a deal's money as a pure function of what the table wrote."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

SOLOS = ("wenz", "farbsolo", "geier")
SHORT = ("wenz", "geier")  # the Unter (Wenz) or the Ober (Geier) alone are trumps
MOST_LAUFENDE = {"sauspiel": 14, "farbsolo": 14, "wenz": 4, "geier": 4}
DOUBLED = {"none": 1, "kontra": 2, "re": 4}
EXTRAS = {"none": 0, "schneider": 1, "schwarz": 2}


def _knob(default: Any, label: Any, help: Any, group: str = "scoring", **more: Any) -> Any:
    return knob(default, label=label, help=help, group=group, **more)


def _cents(default: int, label: Any, help: Any, off: bool = False) -> Any:
    return _knob(default, label, help, low=0, high=1000, zero=msg("not played") if off else None)


@dataclass(frozen=True, slots=True)
class SchafkopfSettings(SettingsBase):
    preset_aside = ("deals",)

    deals: int = _knob(
        0,
        msg("Deals"),
        msg("the game ends after this many deals; 0: when the table finishes it"),
        group="end",
        low=0,
        high=400,
        zero=msg("until the table finishes"),
    )
    sauspiel: int = _cents(10, msg("Sauspiel"), msg("cents each loser pays each winner"))
    solo: int = _cents(50, msg("Solo"), msg("cents each of three pays the soloist, or is paid"))
    extra: int = _cents(10, msg("Schneider, Schwarz, Laufende"), msg("cents added for each"))
    laufende: int = _knob(3, msg("Laufende from"), msg("in a Sauspiel or Farbsolo"), low=1, high=8)
    laufende_short: int = _knob(2, msg("Laufende in a Wenz from"), msg("or Geier"), low=1, high=4)
    geier: bool = _knob(False, msg("Geier"), msg("a solo with the Ober alone as trumps"), "play")
    bettel: int = _cents(0, msg("Bettel"), msg("its cents; 0: not played"), off=True)
    ramsch: int = _cents(0, msg("Ramsch"), msg("its cents when all pass; 0: thrown in"), off=True)
    jungfrau: bool = _knob(True, msg("Jungfrau"), msg("who took no trick doubles a Ramsch"))


PRESETS = {"schafkopf": SchafkopfSettings()}


@dataclass(frozen=True, slots=True)
class Payout:
    """A deal as the table knows it at its end: the game, the Spieler (in a Ramsch the
    loser), the Mitspieler of a Sauspiel, won or lost, and what raises the tariff."""

    game: str
    player: int
    partner: int | None = None
    won: bool = True
    schneider: str = "none"  # or "schneider", "schwarz": the losing side's
    laufende: int = 0
    kontra: str = "none"
    tout: bool = False
    jungfrau: int = 0

    def laufende_paid(self, s: SchafkopfSettings) -> int:
        least = s.laufende_short if self.game in SHORT else s.laufende
        return self.laufende if self.game in MOST_LAUFENDE and self.laufende >= least else 0

    def parts(self, s: SchafkopfSettings) -> tuple[list[int], int]:
        """The tariff's summands and its factor: base, Schneider, Schwarz, Laufende;
        doubled by a Tout (which counts no Schneider or Schwarz), Kontra and Re."""
        if self.game == "ramsch":
            return [s.ramsch], 2**self.jungfrau if s.jungfrau else 1
        if self.game == "bettel":
            return [s.bettel], DOUBLED[self.kontra]
        found = [s.sauspiel if self.game == "sauspiel" else s.solo]
        found += [s.extra] * (0 if self.tout else EXTRAS[self.schneider])
        found += [self.laufende_paid(s) * s.extra] if self.laufende_paid(s) else []
        return found, (2 if self.tout else 1) * DOUBLED[self.kontra]

    def tariff(self, s: SchafkopfSettings) -> int:
        """What each loser pays each winner (a soloist three times), in cents."""
        found, factor = self.parts(s)
        return sum(found) * factor

    def formula(self, s: SchafkopfSettings) -> str:
        """The tariff as a sum: "(10 + 10 + 30) × 2"."""
        found, factor = self.parts(s)
        said = " + ".join(map(str, found))
        said = f"({said})" if len(found) > 1 and factor > 1 else said
        return f"{said} × {factor}" if factor > 1 else said

    def split(self, s: SchafkopfSettings, seats: int = 4) -> tuple[int, ...]:
        """Each player's cents: a Sauspiel's two losers pay each winner, a solo's three
        pay the soloist or the soloist pays each; a Ramsch's loser pays each of three."""
        unit = self.tariff(s) * (-1 if self.game == "ramsch" or not self.won else 1)
        side = {self.player, self.partner} - {None}
        found = [unit if seat in side else -unit for seat in range(seats)]
        found[self.player] *= 3 if len(side) == 1 else 1
        return tuple(found)
