"""A rising auction of ranked bids and passes, as Israeli Whist's phase one is bid (Bid
Whist's one round of calls and Bridge's auction are of the same kind): each call is a pass
or a bid above the high bid, the calls go round the table from an opener, and the
auction ends after ``end_passes`` passes in a row once a bid stands, or when every seat
has passed without one (what follows is the game's: ``_all_passed``).

A game's auction names its ``BIDS``, every bid lowest first (a bid's place there is its
rank), and starts each round with ``_start_round``, perhaps above its lowest bid. The
legal calls are pass and every bid from the lowest allowed on, worked out once per class.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from .calls import PASS
from .errors import IllegalAction


class RisingAuction:
    """One auction round after another of one deal: ``legal_actions()``, ``apply()``,
    ``play_random()``, the seat ``to_speak`` (None once the round is over), the current
    round's ``calls`` as (seat, call) pairs and every round's in ``rounds``, and ``phase``:
    "bidding", "declared" once a bid won, or what ``_all_passed`` makes it."""

    BIDS: ClassVar[Sequence[Any]] = ()
    """Every bid of the game, lowest first."""
    _LEGAL_FROM: ClassVar[tuple[tuple[Any, ...], ...]] = ()

    def __init_subclass__(cls) -> None:
        # The legal calls when the lowest bid allowed is BIDS[i], made once per game.
        cls._LEGAL_FROM = tuple((PASS, *cls.BIDS[low:]) for low in range(len(cls.BIDS) + 1))
        cls._RANK = {bid: rank for rank, bid in enumerate(cls.BIDS)}
        # The game's own bid objects (a bot's calls) ranked without hashing them.
        cls._RANK_OF_ID = {id(bid): rank for rank, bid in enumerate(cls.BIDS)}

    def _start_round(self, seats: int, opener: int, end_passes: int, lowest: int = 0) -> None:
        """A new round of calls at a table of ``seats``, ``opener`` first, its bids from
        ``BIDS[lowest]`` up; ``end_passes`` passes in a row after a bid end it."""
        self.seats, self.end_passes, self.phase = seats, end_passes, "bidding"
        self.to_speak: int | None = opener
        self.calls: list[tuple[int, Any]] = []
        self.rounds.append(self.calls)
        self._high = self._high_seat = -1
        self._passes, self._lowest = 0, lowest

    rounds: list[list[tuple[int, Any]]]
    """Every round's calls in order, as (seat, call) pairs; the game's auction makes it."""

    @property
    def high_bid(self) -> Any:
        """The highest bid of the current round so far, if any."""
        return self.BIDS[self._high] if self._high >= 0 else None

    @property
    def high_seat(self) -> int | None:
        return self._high_seat if self._high >= 0 else None

    @property
    def winner(self) -> int | None:
        """The seat that won the auction; None before, and after an all-pass."""
        return self._high_seat if self.phase == "declared" else None

    @property
    def bid(self) -> Any:
        """The winning bid once the auction is won."""
        return self.BIDS[self._high] if self.phase == "declared" else None

    @property
    def thrown_in(self) -> bool:
        return self.phase == "thrown_in"

    def is_terminal(self) -> bool:
        """True once the auction is won, or the deal is thrown in."""
        return self.phase == "declared" or self.phase == "thrown_in"

    def legal_actions(self) -> tuple[Any, ...]:
        """Pass, then every bid that beats the high bid and is allowed in the round, lowest
        first; empty outside the bidding."""
        if self.to_speak is None:
            return ()
        high = self._high + 1
        return self._LEGAL_FROM[high if high > self._lowest else self._lowest]

    def apply(self, call: Any) -> None:
        """Makes ``call`` (or its text, read by ``_parse``) for the seat to speak; raises
        IllegalAction for a call forbidden now, in the game's words (``_not_bidding``,
        ``_too_low``)."""
        seat = self.to_speak
        if seat is None:  # a seat speaks only in the bidding
            raise IllegalAction(self._not_bidding(), "call")
        if type(call) is str:
            call = self._parse(call)
        if call is PASS:
            self._call(seat, -1)
            return
        rank = self._RANK_OF_ID.get(id(call))
        if rank is None and isinstance(call, type(self.BIDS[0])):
            rank = self._RANK.get(call)
        if rank is None:
            raise IllegalAction(f"{call!r} is not a call; a call is a bid or pass", "call")
        if rank <= self._high or rank < self._lowest:
            raise IllegalAction(self._too_low(call, rank), "call")
        self._call(seat, rank)

    def play_random(self, bits: Callable[[int], int]) -> None:
        """Plays the round to its end as random bots would from the same draws, each call
        ``legal[bits(30) % len(legal)]``, known legal, so not checked again."""
        seat = self.to_speak
        if seat is None:
            return
        calls, bids, seats, ends = self.calls, self.BIDS, self.seats, self.end_passes
        high, leader, passes, lowest = self._high, self._high_seat, self._passes, self._lowest
        top = len(bids) + 1  # the legal calls from BIDS[0], pass among them
        while True:
            floor = high + 1 if high >= lowest else lowest
            choice = bits(30) % (top - floor)
            if choice:
                high = floor + choice - 1
                calls.append((seat, bids[high]))
                leader, passes = seat, 0
            else:
                calls.append((seat, PASS))
                passes += 1
                if passes >= ends if high >= 0 else passes == seats:
                    break
            seat = (seat + 1) % seats
        self._high, self._high_seat, self._passes = high, leader, passes
        self._ended()

    def _call(self, seat: int, rank: int) -> None:
        # Records a legal call for ``seat``: pass (-1), or the bid BIDS[rank].
        if rank < 0:
            self.calls.append((seat, PASS))
            self._passes += 1
            if self._passes >= self.end_passes if self._high >= 0 else self._passes == self.seats:
                self._ended()
                return
        else:
            self.calls.append((seat, self.BIDS[rank]))
            self._high, self._high_seat, self._passes = rank, seat, 0
        self.to_speak = (seat + 1) % self.seats

    def _ended(self) -> None:
        """The round is over: won by the high bid, or passed by every seat."""
        self.to_speak = None
        if self._high >= 0:
            self.phase = "declared"
        else:
            self._all_passed()

    def _all_passed(self) -> None:
        """Every seat passed without a bid: the game's next step (a throw-in, a redeal)."""
        self.phase = "thrown_in"

    def _parse(self, text: str) -> Any:
        raise IllegalAction(f"{text!r} is not a call", "call")

    def _not_bidding(self) -> str:
        if self.phase == "declared":
            return f"the auction is over: seat {self.winner} declared {self.bid}"
        return "the auction is over: every player passed and the deal is thrown in"

    def _too_low(self, call: Any, rank: int) -> str:
        return f"{call} does not beat the high bid {self.high_bid}"
