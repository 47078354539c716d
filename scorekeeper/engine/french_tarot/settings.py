"""French Tarot's house rules (docs/rules/french-tarot.md), its one preset (the FFT's rules,
for 3, 4 or 5 players), and the score of a deal as a pure function of what the table wrote."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, copysign, floor

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

NEEDED = (56, 51, 41, 36)  # the card points the taker's side needs, by its bouts
MULTIPLIER = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
CONTRACTS = (("petite", msg("Petite")), ("garde", msg("Garde")), ("garde_sans", msg("Garde sans")))
CONTRACTS += (("garde_contre", msg("Garde contre")),)
POIGNEES = {"fft": (20, 30, 40), "old": (20, 40, 60)}  # simple, double, triple
CHELEM = {"none": 0, "announced": 400, "made": 200, "failed": -200, "defence": -200}
"""The chelem's points to the taker's side (the defence's: 200 to each defender)."""


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
    called_king: bool = knob(
        True,
        label=msg("Called king"),
        help=msg("at five, the suit of the king the taker called is written down"),
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
    poignee_scale: str = knob(
        "fft",
        label=msg("Poignée primes"),
        help=msg("a simple, a double and a triple poignée"),
        group="scoring",
        choices={"fft": msg("20, 30, 40 (the FFT's)"), "old": msg("20, 40, 60 (the older scale)")},
    )
    half_point: str = knob(
        "fft",
        label=msg("Half points"),
        help=msg("at three and five, card points with a half (40.5)"),
        group="scoring",
        choices={
            "fft": msg("to the side that scores: 40.5 of 41 fails by 1 (the FFT's)"),
            "exact": msg("counted: (25 + 0.5) × 2 = 51, a half left to the side that scores"),
            "dropped": msg("not counted: 41.5 counts as 41"),
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
    points: int | float  # a half at three and five
    petit_au_bout: str = "none"
    poignee: str = "none"
    poignee_defence: str = "none"
    chelem: str = "none"

    def made(self) -> bool:
        return self.points >= NEEDED[self.bouts]

    def margin(self, half_point: str = "fft") -> int | float:
        """The points over (below 0: under) the points needed, a half as ``half_point``
        counts it: to the side that scores (the FFT), kept (exact), or dropped."""
        exact = self.points - NEEDED[self.bouts]
        if float(exact).is_integer() or half_point == "exact":
            return int(exact) if float(exact).is_integer() else exact
        return floor(exact) if half_point == "dropped" else int(exact + copysign(0.5, exact))

    def terms(self, settings: TarotSettings) -> dict[str, int]:
        """The deal to each defender's opposite, term by term, signed for the taker's side:
        the contract ((25 + the difference) × the contract, a half left to the side that
        scores), petit au bout (10 × the contract), each poignée, the chelem."""
        multiplier, made = MULTIPLIER[self.contract], self.made()
        base = ceil((25 + abs(self.margin(settings.half_point))) * multiplier)
        primes = dict(
            zip(("simple", "double", "triple"), POIGNEES[settings.poignee_scale], strict=True)
        )
        petit = {"taker": 10, "defence": -10}.get(self.petit_au_bout, 0) * multiplier
        found = {"contract": base if made else -base, "petit_au_bout": petit}
        for name, ours in (("poignee", True), ("poignee_defence", False)):
            to_taker = made if settings.poignee_to == "winner" else ours
            found[name] = primes.get(getattr(self, name), 0) * (1 if to_taker else -1)
        return found | {"chelem": CHELEM[self.chelem]}

    def unit(self, settings: TarotSettings) -> int:
        return sum(self.terms(settings).values())

    def split(self, settings: TarotSettings, seats: int) -> tuple[int, ...]:
        """Each player's points: every defender −unit, the partner +unit, the taker the
        rest, so that the deal sums to zero."""
        unit = self.unit(settings)
        found = [-unit] * seats
        if self.partner is not None:
            found[self.partner] = unit
        found[self.taker] = -sum(found) + found[self.taker]
        return tuple(found)
