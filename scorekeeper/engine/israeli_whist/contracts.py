"""Phase two: who names a contract in which order, the forbidden number, over and under."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from ..core.bidding import forbidden_bid
from ..core.hooked_bids import HookedBids
from ..core.messages import Message, msg
from ..core.numbers import shown
from ..core.seats import left_of
from .bids import SEATS, TRICKS_PER_HAND
from .settings import RuleSettings

OverUnder = Literal["over", "under"]


def speaking_order(settings: RuleSettings, declarer: int) -> list[int]:
    """Seats that name a contract, in order: the declarer first when it may raise (else
    its contract is its level), then the others from its left."""
    return list(_ORDERS[settings.declarer_may_raise][declarer])


_ORDERS = {
    may_raise: tuple(
        tuple([declarer] * may_raise + [left_of(declarer, k, seats=SEATS) for k in (1, 2, 3)])
        for declarer in range(SEATS)
    )
    for may_raise in (False, True)
}
"""``speaking_order``, worked out once: ``_ORDERS[declarer_may_raise][declarer]``."""


def last_bidder(declarer: int) -> int:
    """The seat that names the last contract: the declarer's right."""
    return left_of(declarer, 3, seats=SEATS)


def forbidden_for_entry(contracts: Sequence[int], declarer: int) -> int | None:
    """The number the last bidder may not name, given the other three seats' contracts;
    None once they exceed 13: Oh Hell's hook (``core.bidding``) at 13 cards."""
    others = sum(c for s, c in enumerate(contracts) if s != last_bidder(declarer))
    return forbidden_bid(TRICKS_PER_HAND, others)


def over_under(contracts: list[int] | tuple[int, ...]) -> OverUnder:
    """Returns "over" for a total above 13 and "under" below; raises ValueError at 13."""
    total = sum(contracts)
    if total == TRICKS_PER_HAND:
        raise ValueError("contracts total 13; the hand must be over or under")
    return "over" if total > TRICKS_PER_HAND else "under"


def declarer_contracts(settings: RuleSettings, level: int) -> range:
    """The declarer's contracts after winning the auction at ``level``: level..13 when it
    may raise, else its level. The one statement of this rule."""
    return (
        range(level, TRICKS_PER_HAND + 1)
        if settings.declarer_may_raise
        else range(level, level + 1)
    )


def declarer_contract_problem(settings: RuleSettings, level: int, contract: int) -> Message | None:
    """Why ``contract`` is no contract for a declarer who bid ``level``, or None if it is."""
    if contract in declarer_contracts(settings, level):
        return None
    if settings.declarer_may_raise:
        return msg(
            "the declarer's contract is %(contract)d; it must be at least the bid level %(level)d",
            contract=contract,
            level=level,
        )
    return msg(
        "the declarer's contract is %(contract)d; under these rules it equals the bid level "
        "%(level)d",
        contract=contract,
        level=level,
    )


class ContractPhase(HookedBids):
    """Phase two (``core.hooked_bids``): the declarer first where it may raise, its
    contracts ``declarer_contracts`` (else its contract is its level, named before the
    round starts), then the others from its left, the last bidder held by the forbidden
    number; ``contracts`` in seat order once every seat has one."""

    __slots__ = ("settings", "declarer", "level")
    field = "contracts"

    def __init__(self, settings: RuleSettings, declarer: int, level: int) -> None:
        self.settings, self.declarer, self.level = settings, declarer, level
        may_raise = settings.declarer_may_raise
        named = {} if may_raise else {declarer: level}
        own = {declarer: declarer_contracts(settings, level)}
        super().__init__(_ORDERS[may_raise][declarer], TRICKS_PER_HAND, named, own)

    def _refusal(self, seat: int | None, contract: Any) -> Message:
        if seat is None:
            return msg("every contract has been named")
        if not isinstance(contract, int):
            return msg(
                "%(field)s must be a whole number from %(low)d to %(high)d, not %(value)s",
                field=f"contracts[{seat}]",
                low=0,
                high=TRICKS_PER_HAND,
                value=shown(contract),
            )
        if seat == self.declarer:
            problem = declarer_contract_problem(self.settings, self.level, contract)
            if problem is not None:
                return problem
        if not 0 <= contract <= TRICKS_PER_HAND:
            return msg("a contract of %(contract)d is outside 0..13", contract=contract)
        return msg(
            "the last bidder may not say %(contract)d: the contracts would total exactly 13",
            contract=contract,
        )

    @property
    def contracts(self) -> list[int]:
        """Contracts in seat order; raises ValueError before every seat has one."""
        if self.position < len(self.order):
            raise ValueError("phase two is not over")
        named = self.named
        return [named[0], named[1], named[2], named[3]]
