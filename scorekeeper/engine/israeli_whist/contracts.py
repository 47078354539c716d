"""Phase two: who names a contract in which order, the forbidden number, over and under."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from ..core.bidding import forbidden_bid
from ..core.errors import IllegalAction
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


def forbidden_contract(others_total: int) -> int | None:
    """The number the last bidder may not name, given the other three contracts' total;
    None once they exceed 13: Oh Hell's hook (``core.bidding``) at 13 cards."""
    return forbidden_bid(TRICKS_PER_HAND, others_total)


_ANY = tuple(range(TRICKS_PER_HAND + 1))
_LAST = tuple(
    tuple(n for n in _ANY if n != forbidden_contract(total))
    for total in range((SEATS - 1) * TRICKS_PER_HAND + 1)
)
"""The contracts 0..13, and ``_LAST[total]`` the last bidder's when the others' total."""


def last_bidder(declarer: int) -> int:
    """The seat that names the last contract: the declarer's right."""
    return left_of(declarer, 3, seats=SEATS)


def forbidden_for_entry(contracts: Sequence[int], declarer: int) -> int | None:
    """The number the last bidder may not name, given the other three seats' contracts."""
    others = sum(c for s, c in enumerate(contracts) if s != last_bidder(declarer))
    return forbidden_contract(others)


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


def legal_contracts(
    settings: RuleSettings, declarer: int, level: int, seat: int, named: dict[int, int]
) -> list[int]:
    """The contracts ``seat`` may name now, given those ``named`` by seat: the declarer's
    (``declarer_contracts``), the last bidder's 0..13 but the forbidden number, else 0..13."""
    return list(contract_choices(settings, declarer, level, seat, named))


def contract_choices(
    settings: RuleSettings, declarer: int, level: int, seat: int, named: dict[int, int]
) -> Sequence[int]:
    """``legal_contracts`` as a range or a tuple worked out once, to read, not to change."""
    if seat == declarer:
        return declarer_contracts(settings, level)
    if len(named) == SEATS - 1 and seat == (declarer + 3) % SEATS:  # the last bidder
        return _LAST[sum(named.values())]
    return _ANY


class ContractPhase:
    """Phase two as a state machine: ``legal_actions()``, ``apply()``, ``is_terminal()``;
    the contracts ``named`` so far by seat, in the speaking ``order``. A turn's legal
    contracts are worked out once, for the bot and ``apply`` alike."""

    __slots__ = ("settings", "declarer", "level", "named", "order", "position", "_legal")

    def __init__(self, settings: RuleSettings, declarer: int, level: int) -> None:
        self.settings, self.declarer, self.level = settings, declarer, level
        may_raise = settings.declarer_may_raise
        self.order = list(_ORDERS[may_raise][declarer])
        self.named = {} if may_raise else {declarer: level}
        self.position = 0
        self._legal: tuple[int, list[int]] = (-1, [])

    @property
    def to_speak(self) -> int | None:
        return self.order[self.position] if self.position < len(self.order) else None

    def is_terminal(self) -> bool:
        return self.position >= len(self.order)

    def legal_actions(self) -> list[int]:
        if self._legal[0] != self.position:
            seat = self.to_speak
            if seat is None:
                return []
            named = self.named
            legal = legal_contracts(self.settings, self.declarer, self.level, seat, named)
            self._legal = (self.position, legal)
        return self._legal[1]

    def apply(self, contract: int) -> None:
        """Names ``contract`` for the seat to speak; raises IllegalAction with the rule."""
        position = self.position
        if position >= len(self.order):
            raise IllegalAction(msg("every contract has been named"), "contracts")
        seat = self.order[position]
        if contract not in self.legal_actions():
            raise IllegalAction(
                _why_illegal(self.settings, self.declarer, self.level, seat, contract, self.named),
                f"contracts[{seat}]",
            )
        self.named[seat] = contract
        self.position = position + 1

    def play_random(self, bits: Callable[[int], int]) -> None:
        """Names the contracts still to come as random bots would from the same draws,
        ``legal[bits(32) * len(legal) >> 32]`` each, known legal, so not checked again."""
        order, named, declarer = self.order, self.named, self.declarer
        for seat in order[self.position :]:  # contract_choices, written out
            if seat == declarer:
                legal: Sequence[int] = declarer_contracts(self.settings, self.level)
            else:
                legal = _LAST[sum(named.values())] if len(named) == SEATS - 1 else _ANY
            named[seat] = legal[bits(32) * len(legal) >> 32]
        self.position = len(order)

    @property
    def contracts(self) -> list[int]:
        """Contracts in seat order; raises ValueError before every seat has one."""
        if self.position < len(self.order):
            raise ValueError("phase two is not over")
        named = self.named
        return [named[0], named[1], named[2], named[3]]


def _why_illegal(
    settings: RuleSettings, declarer: int, level: int, seat: int, contract: int, named: dict
) -> Message:
    if not isinstance(contract, int):
        return msg(
            "%(field)s must be a whole number from %(low)d to %(high)d, not %(value)s",
            field=f"contracts[{seat}]",
            low=0,
            high=TRICKS_PER_HAND,
            value=shown(contract),
        )
    if seat == declarer:
        problem = declarer_contract_problem(settings, level, contract)
        if problem is not None:
            return problem
    if not 0 <= contract <= TRICKS_PER_HAND:
        return msg("a contract of %(contract)d is outside 0..13", contract=contract)
    return msg(
        "the last bidder may not say %(contract)d: the contracts would total exactly 13",
        contract=contract,
    )
