"""Schafkopf's tariff and house rules (docs/rules/schafkopf.md), its one preset (the
Bavarian 10/50 list), and a deal's money as a pure function of what the table wrote and
of the Stock waiting on the table."""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from operator import attrgetter
from typing import Any

from ..core.errors import InvalidSettings
from ..core.knobs import knob
from ..core.messages import Message, msg, nmsg
from ..core.settings import SettingsBase

SOLOS = ("wenz", "farbsolo", "geier")
PAIRED = ("sauspiel", "hochzeit")  # two against two
SHORT = ("wenz", "geier")  # the Unter (Wenz) or the Ober (Geier) alone are trumps
MOST_LAUFENDE = {"sauspiel": 14, "hochzeit": 14, "farbsolo": 14, "wenz": 4, "geier": 4}
STOSS = ("none", "kontra", "re", "hirsch", "sup")  # each doubles the one before
EXTRAS = {"none": 0, "schneider": 1, "schwarz": 2}
SIE_LAUFENDE = 8  # a Sie holds the four Ober and the four Unter
Terms = list[tuple[Message, int]]  # the table's word for each part of a tariff, its number


def _knob(default: Any, label: Any, help: Any, group: str = "scoring", **more: Any) -> Any:
    if group == "end":  # the deals: 0, as many as the table likes
        more |= {"high": 400, "zero": msg("until the table finishes")}
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
        "end",
        low=0,
    )

    sauspiel: int = _cents(10, msg("Sauspiel"), msg("cents each loser pays each winner"))
    solo: int = _cents(50, msg("Solo"), msg("cents each of three pays the soloist, or is paid"))
    extra: int = _cents(10, msg("Schneider, Schwarz, Laufende"), msg("cents added for each"))
    laufende: int = _knob(3, msg("Laufende from"), msg("in a Sauspiel or Farbsolo"), low=1, high=8)
    laufende_short: int = _knob(2, msg("Laufende in a Wenz from"), msg("or Geier"), low=1, high=4)
    geier: bool = _knob(False, msg("Geier"), msg("a solo with the Ober alone as trumps"), "play")
    hochzeit: bool = _knob(
        False, msg("Hochzeit"), msg("a player with one trump offers it: two against two"), "play"
    )
    bettel: int = _cents(0, msg("Bettel"), msg("its cents; 0: not played"), off=True)
    klopfen: bool = _knob(True, msg("Klopfen"), msg("each player who knocks doubles the deal"))
    stoesse: int = _knob(
        2, msg("Stöße"), msg("the most in a deal: 1 Kontra, 2 Re, 3 Hirsch, 4 Sup"), low=0, high=4
    )
    ramsch: int = _cents(0, msg("Ramsch"), msg("its cents when all pass; 0: thrown in"), off=True)
    jungfrau: bool = _knob(
        True,
        msg("Jungfrau"),
        msg("who took no trick doubles a Ramsch"),
        applies=attrgetter("ramsch"),
    )
    stock: int = _cents(
        0, msg("Stock"), msg("each player's cents into it when all pass; 0: none"), off=True
    )

    def __post_init__(self) -> None:
        if self.stock and self.ramsch:
            said = msg("stock: when all pass this table plays a Ramsch, so it keeps no Stock")
            raise InvalidSettings(said, "stock")


PRESETS = {"schafkopf": SchafkopfSettings()}


@dataclass(frozen=True, slots=True)
class Payout:
    """A deal as the table knows it at its end: the game, the Spieler (a Ramsch's loser),
    the Mitspieler, won or lost, what raises the tariff, and the Stock before it."""

    game: str
    player: int
    partner: int | None = None
    won: bool = True
    schneider: str = "none"  # or "schneider", "schwarz": the losing side's
    laufende: int = 0
    kontra: str = "none"  # the last Stoß said: kontra, re, hirsch, sup
    tout: bool = False
    jungfrau: int = 0
    klopfer: int = 0
    stock: int = 0

    def laufende_paid(self, s: SchafkopfSettings) -> int:
        least = s.laufende_short if self.game in SHORT else s.laufende
        return self.laufende if self.game in MOST_LAUFENDE and self.laufende >= least else 0

    def terms(self, s: SchafkopfSettings) -> tuple[Terms, Terms]:
        """The tariff's summands and its factors, each with the table's word for it: the
        base, Schneider, Schwarz, the Laufende; a Tout, a Sie, each Stoß and each Klopfen."""
        if self.game == "passed":
            return [], []
        if self.game == "ramsch":
            found = [(msg("Ramsch"), s.ramsch)]
            factors = [(msg("Jungfrau"), 2**self.jungfrau)] if s.jungfrau and self.jungfrau else []
        elif self.game == "bettel":
            found, factors = [(msg("Bettel"), s.bettel)], []
        else:
            base = s.sauspiel if self.game in PAIRED else s.solo
            found = [(WORDS[self.game], base)]
            extras = 0 if self.tout or self.game == "sie" else EXTRAS[self.schneider]
            found += [(msg("Schneider"), s.extra), (msg("Schwarz"), s.extra)][:extras]
            laufende = SIE_LAUFENDE if self.game == "sie" else self.laufende_paid(s)
            said = msg("%(n)d Laufende", n=laufende)
            found += [(said, laufende * s.extra)] if laufende else []
            factors = [(msg("Tout"), 2)] if self.tout else [(msg("Sie"), 4)] * (self.game == "sie")
        stoss = STOSS.index(self.kontra)
        factors += [(STOSS_WORDS[self.kontra], 2**stoss)] if stoss else []
        knocked = nmsg("knocked once", "knocked %(num)d times", self.klopfer)
        factors += [(knocked, 2**self.klopfer)] * bool(self.klopfer)
        return found, factors

    def tariff(self, s: SchafkopfSettings) -> int:
        """What each loser pays each winner (a soloist three times), in cents."""
        found, factors = self.terms(s)
        return sum(cents for _, cents in found) * prod(f for _, f in factors)

    def formula(self, s: SchafkopfSettings) -> str:
        """The tariff as a sum: "(10 + 10 + 30) × 2 × 2"."""
        found, factors = self.terms(s)
        said = " + ".join(str(cents) for _, cents in found)
        said = f"({said})" if len(found) > 1 and factors else said
        return " × ".join([said, *(str(f) for _, f in factors)])

    def stock_after(self, s: SchafkopfSettings, seats: int = 4) -> int:
        """The Stock after: all passed fill it, a Sauspiel won empties it, lost doubles it."""
        if self.game == "passed":
            return self.stock + seats * s.stock
        if self.game == "sauspiel":
            return 0 if self.won else 2 * self.stock
        return self.stock

    def stock_shares(self, s: SchafkopfSettings, seats: int = 4) -> tuple[int, ...]:
        """What each takes from the Stock or puts in: ``stock`` each when all pass; a
        Sauspiel's two winners or two losers half each."""
        if self.game == "passed":
            return (-s.stock,) * seats
        half = (self.stock - self.stock_after(s)) // 2
        return tuple(half if seat in (self.player, self.partner) else 0 for seat in range(seats))

    def split(self, s: SchafkopfSettings, seats: int = 4) -> tuple[int, ...]:
        """Each player's cents: two losers pay each of two winners, or a soloist pays or is
        paid by each of three (a Ramsch's loser pays three); and the Stock's shares."""
        unit = self.tariff(s) * (-1 if self.game == "ramsch" or not self.won else 1)
        side = {self.player, self.partner} - {None}
        found = [unit if seat in side else -unit for seat in range(seats)]
        found[self.player] *= 3 if len(side) == 1 else 1
        return tuple(p + q for p, q in zip(found, self.stock_shares(s, seats), strict=True))


WORDS = {"sauspiel": msg("Sauspiel"), "hochzeit": msg("Hochzeit"), "wenz": msg("Wenz")}
WORDS |= {"farbsolo": msg("Farbsolo"), "geier": msg("Geier"), "sie": msg("Sie")}
STOSS_WORDS = {"kontra": msg("Kontra"), "re": msg("Re"), "hirsch": msg("Hirsch"), "sup": msg("Sup")}
