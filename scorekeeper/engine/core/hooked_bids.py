"""A round of bids of tricks held by the hook: one seat after another, in a given order,
each names how many tricks it will take, 0 up to the tricks of the hand, and the last to
speak may not name the number that makes the bids total the tricks (``core.bidding``'s
``forbidden_bid``): Oh Hell's bids, the dealer last, and Israeli Whist's phase two, the last
to bid at the right of the seat that won the auction. A game gives a seat choices of its own
by ``choices`` (the auction's winner in Israeli Whist) and its refusal's words by ``_refusal``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from .bidding import forbidden_bid
from .errors import IllegalAction


@cache
def hooked_choices(tricks: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Every bid 0..``tricks``, and by the others' total 0..``tricks``, the last seat's:
    every bid but the forbidden number (worked out once per size of hand)."""
    every = tuple(range(tricks + 1))
    last = tuple(tuple(n for n in every if n != forbidden_bid(tricks, t)) for t in every)
    return every, last


class HookedBids:
    """The round as a state machine: ``legal_actions()``, ``apply()``, ``is_terminal()``,
    the seat ``to_speak``, the bids ``named`` so far by seat, in the speaking ``order``
    (some seats' bids may be ``named`` before it starts). A turn's legal bids are worked
    out once, for the bot and ``apply`` alike."""

    __slots__ = ("order", "named", "own", "position", "_every", "_last", "_legal")
    field = "bids"
    """The field a refusal names: ``bids[2]`` for seat 2's."""

    def __init__(
        self,
        order: Sequence[int],
        tricks: int,
        named: dict[int, int],
        own: dict[int, Sequence[int]] | None = None,
    ) -> None:
        self.order, self.named, self.own, self.position = list(order), named, own or {}, 0
        self._every, self._last = hooked_choices(tricks)
        self._legal: tuple[int, list[int]] = (-1, [])

    @property
    def to_speak(self) -> int | None:
        return self.order[self.position] if self.position < len(self.order) else None

    def is_terminal(self) -> bool:
        return self.position >= len(self.order)

    def choices(self, seat: int) -> Sequence[int]:
        """The bids ``seat`` may name now, as a range or tuple to read: its ``own``, or
        any, but for the last of the order, once the others have named theirs, the
        forbidden number."""
        own = self.own.get(seat)
        if own is not None:
            return own
        if seat != self.order[-1] or self.position != len(self.order) - 1:
            return self._every
        total = sum(self.named.values())
        return self._last[total] if total < len(self._last) else self._every

    def legal_actions(self) -> list[int]:
        if self._legal[0] != self.position:
            seat = self.to_speak
            if seat is None:
                return []
            self._legal = (self.position, list(self.choices(seat)))
        return self._legal[1]

    def apply(self, bid: int) -> None:
        """Names ``bid`` for the seat to speak; raises IllegalAction with the rule."""
        seat = self.to_speak
        if seat is None:
            raise IllegalAction(self._refusal(None, bid), self.field)
        if bid not in self.legal_actions():
            raise IllegalAction(self._refusal(seat, bid), f"{self.field}[{seat}]")
        self.named[seat] = bid
        self.position += 1

    def play_random(self, bits: Callable[[int], int]) -> None:
        """Names the bids still to come as random bots would from the same draws,
        ``legal[bits(30) % len(legal)]`` each, known legal, so not checked again
        (``choices`` written out: a simulated deal's bids, without a call per seat)."""
        order, named, own, every, last = self.order, self.named, self.own, self._every, self._last
        final = order[-1]
        for seat in order[self.position :]:
            legal = own.get(seat)
            if legal is None:
                legal = every
                if seat == final and (total := sum(named.values())) < len(last):
                    legal = last[total]
            named[seat] = legal[bits(30) % len(legal)]
        self.position = len(order)

    def _refusal(self, seat: int | None, bid: Any) -> Any:
        """Why ``bid`` is refused for ``seat`` (None: every bid has been named)."""
        if seat is None:
            return "every bid has been named"
        return f"seat {seat} may not bid {bid!r}; legal: {self.legal_actions()}"
