"""French Tarot's own figures, beside the deals and points every game has: the deals each
player took, made out of taken, by contract; at five the deals they were called partner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import FigureLine
from ..core.figures import hand_lines, rate_figure
from ..core.messages import msg
from ..core.stats import PerHand, Rate, rounded
from .settings import CONTRACTS, NEEDED

NOTES = (msg("A contract is made when the taker's side has the points its bouts need."),)


@dataclass(frozen=True, slots=True)
class TarotFigures(PerHand):
    """One player's figures over some deals: ``took`` made out of taken, by contract, and
    ``called`` made out of the deals the taker called them as partner."""

    hands: int = 0
    points_sum: int = 0
    best_hands: int = 0
    took: tuple[Rate, ...] = (Rate(),) * len(CONTRACTS)
    called: Rate = Rate()

    @classmethod
    def of_hand(cls, hand: Any, seats: Sequence[int], side: int, game: Any) -> TarotFigures:
        seat, record, points = seats[0], hand.record, hand.points
        made = Rate(int(record.card_points >= NEEDED[record.bouts]), 1)
        took = [
            made if (record.taker, record.contract) == (seat, c) else Rate() for c, _ in CONTRACTS
        ]
        called = made if record.partner == seat != record.taker else Rate()
        return cls(1, points[side], int(points[side] == max(points)), tuple(took), called)

    @property
    def taken(self) -> Rate:
        return sum(self.took, Rate())

    def to_dict(self) -> dict[str, Any]:
        by_contract = {c: rate.to_dict() for (c, _), rate in zip(CONTRACTS, self.took, strict=True)}
        return {
            "hands": self.hands,
            "average_points": rounded(self.average_points),
            "best_hands": self.best_hands,
            "took": self.taken.to_dict(),
            "by_contract": by_contract,
            "called": self.called.to_dict(),
        }


def player_figures(figures: Sequence[TarotFigures], with_game: bool = False) -> list[FigureLine]:
    """Every game's lines, then the deals taken (of those played), the contracts made, by
    contract, and where anyone was called partner, those deals made."""
    rates = [(msg("Deals taken"), lambda f: Rate(f.taken.attempted, f.hands))]
    rates += [(msg("Taken and made"), lambda f: f.taken)]
    for index, (_, name) in enumerate(CONTRACTS):
        rates += [(msg("%(contract)s made", contract=name), lambda f, i=index: f.took[i])]
    if any(f.called.attempted for f in figures):
        rates += [(msg("Called as partner: made"), lambda f: f.called)]
    lines = hand_lines(figures, with_game)  # type: ignore[arg-type]
    return lines + [
        FigureLine(said, tuple(rate_figure(of(f)) for f in figures)) for said, of in rates
    ]
