"""The auction: one round, opened by the player left of the dealer, so the dealer speaks
last. Each player bids once, higher than the bid before, or passes.

``BidWhistAuction`` is a state machine: ``legal_actions()`` lists the calls the player to
speak may make, ``apply(call)`` makes one, and nobody is ``to_speak`` once all four have
spoken. When all four pass, ``all_pass`` throws the hand in (``redeal``: no ``bid``) or
leaves the dealer no call but a bid at the minimum level (``dealer_must_bid``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..core import calls
from ..core.calls import PASS, Pass
from ..core.errors import IllegalAction, ParseError
from ..core.messages import msg
from ..core.seats import left_of
from .bids import ALL_BIDS, Bid, bid_rank
from .cards import SEATS
from .settings import BidWhistSettings

Call = Bid | Pass


def parse_call(text: str) -> Call:
    """``pass`` (or ``p``) or a bid such as ``4U``; raises ParseError."""
    return calls.parse_call(text, Bid.from_str)


class BidWhistAuction:
    """One round of calls, from the seat left of ``dealer`` round to the dealer."""

    __slots__ = ("settings", "dealer", "to_speak", "calls", "bidder", "bid", "_rank", "_calls")

    def __init__(self, settings: BidWhistSettings, dealer: int) -> None:
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer is seat {dealer}; seats are 0..3")
        self.settings = settings
        self.dealer = dealer
        self.to_speak: int | None = left_of(dealer, seats=SEATS)
        self.calls: list[tuple[int, Call]] = []
        """Every call so far as (seat, call), in order."""
        self.bidder: int | None = None
        self.bid: Bid | None = None
        self._rank = -1
        self._calls = _calls(settings.minimum_level, settings.downtown_over_uptown)

    def legal_actions(self) -> list[Call]:
        """The calls the seat to speak may make: pass, then every higher bid from lowest.
        A dealer who must bid after three passes has only the minimum-level bids."""
        if self.to_speak is None:
            return []
        above, must, _ranks = self._calls
        return [call for call, _ in (must if self._dealer_must_bid() else above[self._rank + 1])]

    def _dealer_must_bid(self) -> bool:
        return (
            self.settings.all_pass == "dealer_must_bid"
            and self.bid is None
            and self.to_speak == self.dealer
        )

    def apply(self, call: Call) -> None:
        """Makes ``call`` for the seat to speak.

        Raises IllegalAction when the auction is over, the bid is not higher than the last,
        is below the minimum level, or the dealer passes when they must bid.
        """
        seat = self.to_speak
        if seat is None:
            raise IllegalAction(msg("the auction is over"), "call")
        if not isinstance(call, Pass | Bid):
            raise ParseError(msg("%(call)s is not a call", call=repr(call)), "call")
        minimum = self.settings.minimum_level
        if isinstance(call, Bid) and call.level < minimum:
            below = msg(
                "%(bid)s is below the minimum level %(minimum)d", bid=str(call), minimum=minimum
            )
            raise IllegalAction(below, "call")
        # A dealer who must bid follows three passes: no earlier bid is left to outbid.
        if self._dealer_must_bid() and (isinstance(call, Pass) or call.level != minimum):
            must = msg("all three others passed, so the dealer must bid the minimum level")
            raise IllegalAction(must, "call")
        if isinstance(call, Bid):
            rank = self._calls[2][call]
            if rank <= self._rank:
                said = msg("%(bid)s does not outbid %(last)s", bid=str(call), last=str(self.bid))
                raise IllegalAction(said, "call")
            self._rank, self.bid, self.bidder = rank, call, seat
        self.calls.append((seat, call))
        self.to_speak = None if seat == self.dealer else left_of(seat, seats=SEATS)

    def call_random(self, bits: Callable[[int], int]) -> None:
        """The rest of the auction as random bots call it: each seat the call at
        ``bits(30) % len(legal)`` of ``legal_actions()``, one draw per call, made without
        ``apply``'s checks (it is legal)."""
        above, must, _ranks = self._calls
        must_bid = self.settings.all_pass == "dealer_must_bid"
        calls, dealer = self.calls, self.dealer
        rank, bid, bidder = self._rank, self.bid, self.bidder
        seat = self.to_speak
        while seat is not None:
            legal = must if must_bid and bid is None and seat == dealer else above[rank + 1]
            call, ranked = legal[bits(30) % len(legal)]
            if call is not PASS:
                rank, bid, bidder = ranked, call, seat
            calls.append((seat, call))
            seat = None if seat == dealer else (seat + 1) % SEATS
        self._rank, self.bid, self.bidder, self.to_speak = rank, bid, bidder, None  # type: ignore[assignment]


@functools.cache
def _calls(minimum: int, downtown_over_uptown: bool) -> tuple[tuple, tuple, dict[Call, int]]:
    """The calls these rules allow, each with its rank: pass and every bid above each rank
    (by the rank to beat, from -1: none yet), lowest first; the minimum-level bids of a
    dealer who must bid; and the rank of each bid."""
    ranks = {bid: bid_rank(bid, downtown_over_uptown) for bid in ALL_BIDS if bid.level >= minimum}
    bids = sorted(ranks.items(), key=lambda pair: (pair[1], pair[0].kind))
    above = tuple(
        ((PASS, rank), *((bid, r) for bid, r in bids if r > rank))
        for rank in range(-1, max(ranks.values()) + 1)
    )
    return above, tuple(pair for pair in bids if pair[0].level == minimum), ranks
