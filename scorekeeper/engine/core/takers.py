"""Statistics of a game where one player takes the hand (a taker, who bids and must make
it): the hands each player took, made out of taken, by bid, and the hands the taker
called them as partner, with those made. A game declares once how a played hand's record
says it (:class:`Takers`) and hands it to ``Figures`` as its figures' ``kind``; the
figures add up over hands, games and careers like any game's. French Tarot's takers and
called partners are declared so; any game with one taker a hand could be."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .declared import Figures
from .display import FigureLine
from .figures import hand_lines, rate_figure
from .messages import Message, msg
from .stats import PerHand, Rate, rounded

Record = Any  # a played hand's record, as the game's hand schema reads it


@dataclass(frozen=True, slots=True)
class Takers:
    """A game's takers as its played hands' records name them: ``bids`` the bids a taker
    makes (each key with its words, in the order the statistics list them), ``made(record)``
    whether the taker's side made it; the record's fields, by name, of the ``taker``'s
    seat, the ``bid`` and, where the taker calls one, the ``partner`` called (a seat; any
    other value: alone). ``notes``: what the statistics page says of "made"."""

    bids: tuple[tuple[str, Message], ...]
    made: Callable[[Record], bool]
    taker: str = "taker"
    bid: str = "bid"
    partner: str | None = None
    notes: tuple[Message, ...] = ()

    @property
    def figures(self) -> Figures:
        """The game's ``figures`` declaration: these figures, their lines and notes."""
        return Figures(None, self.lines, notes=self.notes, kind=self)

    def __call__(self) -> TakerFigures:
        """The figures of no hand, that each hand's are added to."""
        return TakerFigures(took=(Rate(),) * len(self.bids), bids=self.keys, per=self.bid)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.bids)

    def of_hand(self, hand: Any, seats: Sequence[int], side: int, game: Any) -> TakerFigures:
        """One played hand's figures for ``seats`` (a player, or a side's partners)."""
        record, points = hand.record, hand.points
        made, bid = Rate(int(self.made(record)), 1), getattr(record, self.bid)
        ours = getattr(record, self.taker) in seats
        took = tuple(made if ours and bid == key else Rate() for key in self.keys)
        partner = None if self.partner is None else getattr(record, self.partner)
        called = made if partner in seats and not ours else Rate()
        best = int(points[side] == max(points))
        return TakerFigures(1, points[side], best, took, called, self.keys, self.bid)

    def lines(self, figures: Sequence[TakerFigures], with_game: bool = False) -> list[FigureLine]:
        """Every game's lines, then the hands taken (of those played), those made, by bid,
        and where anyone was called partner, those hands made."""
        rates = [(msg("Deals taken"), lambda f: Rate(f.taken.attempted, f.hands))]
        rates += [(msg("Taken and made"), lambda f: f.taken)]
        for index, (_, name) in enumerate(self.bids):
            rates += [(msg("%(bid)s made", bid=name), lambda f, i=index: f.took[i])]
        if any(f.called.attempted for f in figures):
            rates += [(msg("Called as partner: made"), lambda f: f.called)]
        lines = hand_lines(figures, with_game)  # type: ignore[arg-type]
        return lines + [
            FigureLine(said, tuple(rate_figure(of(f)) for f in figures)) for said, of in rates
        ]


@dataclass(frozen=True, slots=True)
class TakerFigures(PerHand):
    """One player's (or side's) figures over some hands: ``took`` made out of taken, by
    bid (``bids``, their keys; ``per``, the record's field that holds it), and ``called``
    made out of the hands the taker called them as partner. Plain values: the figures of
    a game are stored."""

    hands: int = 0
    points_sum: int = 0
    best_hands: int = 0
    took: tuple[Rate, ...] = ()
    called: Rate = Rate()
    bids: tuple[str, ...] = ()
    per: str = "bid"

    def __add__(self, other: TakerFigures) -> TakerFigures:
        return self.summed(other, bids=_known, per=_known)

    @property
    def taken(self) -> Rate:
        return sum(self.took, Rate())

    def to_dict(self) -> dict[str, Any]:
        by_bid = zip(self.bids, self.took, strict=True)
        return {
            "hands": self.hands,
            "average_points": rounded(self.average_points),
            "best_hands": self.best_hands,
            "took": self.taken.to_dict(),
            f"by_{self.per}": {bid: rate.to_dict() for bid, rate in by_bid},
            "called": self.called.to_dict(),
        }


def _known(ours: Any, theirs: Any) -> Any:
    """Of two figures' names of the bids, the one known (no hand's figures know none)."""
    return ours or theirs
