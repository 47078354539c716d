"""Spades' score of one hand, per side, from the bids, the tricks and the side's bags
before the hand (docs/rules/spades.md).

Each side counts its contract (the sum of its partners' bids, a nil counting 0): made,
10 a trick bid and 1 a trick over (a bag); set, -10 a trick bid. Each nil bidder wins or
loses ``nil_value`` (blind: ``blind_nil_value``). A failed nil's tricks are bags, count
toward the partner's contract, or are ignored (``failed_nil_tricks``). Bags add up from
hand to hand; each time they reach ``bag_limit`` the side loses ``bag_penalty`` and
``bag_limit`` bags come off. Sides are A (seats 0 and 2) and B (seats 1 and 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .settings import SpadesSettings

SIDES: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))
TRICKS = 13
SEATS = 4
"""Spades is played by four, partners facing: seats 0..3 clockwise."""


def side_of(seat: int) -> int:
    """The side of a seat: 0 (A, seats 0 and 2) or 1 (B, seats 1 and 3)."""
    return seat % 2


@dataclass(frozen=True, slots=True)
class Nil:
    """One nil bid: its seat, whether blind, the tricks its bidder took, its points."""

    seat: int
    blind: bool
    tricks: int
    points: int

    @property
    def made(self) -> bool:
        return self.tricks == 0


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's hand. ``contract`` is C (0 when both bid nil), ``taken`` the tricks
    counted toward it (T), ``made`` None without a contract; ``contract_points`` the
    contract's points with its overtricks; ``loose`` the failed nils' tricks scored as
    points and bags; ``bags`` the bags the hand gave, ``bags_before``/``bags_after`` the
    side's bags around it, ``penalties`` how many bag penalties it cost."""

    contract: int
    taken: int
    made: bool | None
    contract_points: int
    overtricks: int
    nils: tuple[Nil, ...]
    loose: int
    bags_before: int
    bags_after: int
    penalties: int
    penalty_points: int

    @property
    def bags(self) -> int:
        return self.overtricks + self.loose

    @property
    def points_before_penalty(self) -> int:
        return self.contract_points + self.loose + sum(nil.points for nil in self.nils)

    @property
    def points(self) -> int:
        return self.points_before_penalty - self.penalty_points

    @property
    def all_made(self) -> bool:
        """Whether the side made all it bid: its contract and every nil."""
        return self.made is not False and all(nil.made for nil in self.nils)


@dataclass(frozen=True, slots=True)
class HandScore:
    """Both sides' hands, A then B."""

    sides: tuple[SideScore, SideScore]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(side.points for side in self.sides)

    @property
    def bags(self) -> tuple[int, ...]:
        """The sides' bags after the hand."""
        return tuple(side.bags_after for side in self.sides)


def add_bags(settings: SpadesSettings, before: int, new: int) -> tuple[int, int]:
    """The side's bags after ``new`` more, and how many penalties they cost."""
    if not settings.bag_limit:
        return 0, 0
    bags = before + new
    penalties = bags // settings.bag_limit
    return bags - penalties * settings.bag_limit, penalties


def score_side(
    settings: SpadesSettings,
    seats: Sequence[int],
    bids: Sequence[int],
    tricks: Sequence[int],
    blind: Sequence[int],
    bags_before: int,
) -> SideScore:
    """One side's score (see the module's note)."""
    nil_seats = [s for s in seats if bids[s] == 0]
    contract = sum(bids[s] for s in seats)
    taken = sum(tricks[s] for s in seats if s not in nil_seats)
    failed = sum(tricks[s] for s in nil_seats)
    nils = tuple(
        Nil(s, s in blind, tricks[s], value if tricks[s] == 0 else -value)
        for s in nil_seats
        for value in (settings.blind_nil_value if s in blind else settings.nil_value,)
    )
    loose = 0
    if settings.failed_nil_tricks == "count_for_partner" and contract:
        taken += failed
    elif settings.failed_nil_tricks != "ignored":
        loose = failed
    made: bool | None = None
    points = overtricks = 0
    if contract:
        made = taken >= contract
        overtricks = taken - contract if made else 0
        points = 10 * contract + overtricks if made else -10 * contract
    after, penalties = add_bags(settings, bags_before, overtricks + loose)
    return SideScore(
        contract,
        taken,
        made,
        points,
        overtricks,
        nils,
        loose,
        bags_before,
        after,
        penalties,
        penalties * settings.bag_penalty,
    )


def score_hand(
    settings: SpadesSettings,
    bids: Sequence[int],
    tricks: Sequence[int],
    blind: Sequence[int] = (),
    bags: Sequence[int] = (0, 0),
) -> HandScore:
    """Both sides' score for a hand, with the sides' ``bags`` before it."""
    a, b = (
        score_side(settings, seats, bids, tricks, blind, bags[i]) for i, seats in enumerate(SIDES)
    )
    return HandScore((a, b))
