"""Oh Hell's own statistics: exact bids by bid size, and hands over and under the bid,
beside the hands and points every game has."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import FigureLine
from ..core.figures import hand_lines, rate_figure
from ..core.messages import msg
from ..core.stats import PerHand, Rate, rounded


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    longest = max(len(a), len(b))
    return tuple((a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(longest))


@dataclass(frozen=True, slots=True)
class OhHellFigures(PerHand):
    """Over some hands of one seat: ``bids[n]`` hands bid n, ``exact[n]`` of them taken
    exactly; ``over``/``under`` hands that took more/fewer tricks than bid, and by how many
    tricks in all (``tricks_over``, ``tricks_under``)."""

    hands: int = 0
    points_sum: int = 0
    best_hands: int = 0
    bids: tuple[int, ...] = ()
    exact: tuple[int, ...] = ()
    over: int = 0
    under: int = 0
    tricks_over: int = 0
    tricks_under: int = 0

    @classmethod
    def of_hand(cls, hand: Any, seats: Sequence[int], side: int, game: Any) -> OhHellFigures:
        """The figures one played hand gives ``seats`` (one seat, its side ``side``)."""
        seat = seats[0]
        bid, tricks = hand.record.bids[seat], hand.record.tricks[seat]
        sized = tuple(int(n == bid) for n in range(bid + 1))
        return cls(
            1,
            hand.points[seat],
            int(hand.points[seat] == max(hand.points)),
            sized,
            sized if bid == tricks else (),
            int(tricks > bid),
            int(tricks < bid),
            max(0, tricks - bid),
            max(0, bid - tricks),
        )

    def __add__(self, other: OhHellFigures) -> OhHellFigures:
        return OhHellFigures(
            self.hands + other.hands,
            self.points_sum + other.points_sum,
            self.best_hands + other.best_hands,
            _add(self.bids, other.bids),
            _add(self.exact, other.exact),
            self.over + other.over,
            self.under + other.under,
            self.tricks_over + other.tricks_over,
            self.tricks_under + other.tricks_under,
        )

    def exact_rate(self, bid: int | None = None) -> Rate:
        """Exact bids out of bids (of size ``bid``, or of any size)."""
        if bid is None:
            return Rate(sum(self.exact), sum(self.bids))
        return Rate(_at(self.exact, bid), _at(self.bids, bid))

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "average_points": rounded(self.average_points),
            "best_hands": self.best_hands,
            "exact": self.exact_rate().to_dict(),
            "exact_by_bid": [self.exact_rate(n).to_dict() for n in range(len(self.bids))],
            "over": self.over,
            "under": self.under,
            "tricks_over": self.tricks_over,
            "tricks_under": self.tricks_under,
        }


def _at(values: tuple[int, ...], index: int) -> int:
    return values[index] if index < len(values) else 0


NOTES = (msg("A bid is exact when the player took exactly the tricks bid."),)


def player_figures(figures: Sequence[OhHellFigures], with_game: bool = False) -> list[FigureLine]:
    """The lines of every game, then exact bids (all, then by bid size) and over/under."""
    sizes = max((len(f.bids) for f in figures), default=0)
    lines = hand_lines(figures, with_game)  # type: ignore[arg-type]
    lines.append(FigureLine(msg("Exact bids"), tuple(rate_figure(f.exact_rate()) for f in figures)))
    lines += [
        FigureLine(
            msg("Exact bids of %(bid)d", bid=n),
            tuple(rate_figure(f.exact_rate(n)) for f in figures),
        )
        for n in range(sizes)
    ]
    lines += [
        FigureLine(
            msg("Hands over the bid (tricks over)"),
            tuple(f"{f.over} ({f.tricks_over})" for f in figures),
        ),
        FigureLine(
            msg("Hands under the bid (tricks under)"),
            tuple(f"{f.under} ({f.tricks_under})" for f in figures),
        ),
    ]
    return lines
