"""Phase one, the auction, as a state machine (``core.auction.RisingAuction``:
``legal_actions()``, ``apply()``, ``is_terminal()``, ``to_speak``) under the house rules of
who opens, the passes that end it, and the Frisch exchanges after an all-pass, each perhaps
raising the minimum level. A call is a :class:`Bid` or :data:`PASS` (``"7C"``, ``"9NT"``,
``"pass"``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core import calls
from ..core.auction import RisingAuction
from ..core.calls import PASS, Pass
from ..core.cards import Card
from ..core.errors import IllegalAction
from .bids import MAX_LEVEL, MIN_LEVEL, SEATS, Bid, Denomination
from .progression import opener_for
from .settings import RuleSettings

__all__ = ["ALL_BIDS", "PASS", "Call", "IsraeliAuction", "bid_index", "parse_call"]

EXCHANGE_SIZE = 3  # the cards each seat passes to its left in a Frisch exchange
PER_LEVEL = len(Denomination)  # bids per level (an Enum's len is a slow call)

Call = Bid | Pass

ALL_BIDS: tuple[Bid, ...] = tuple(
    Bid(level, d) for level in range(MIN_LEVEL, MAX_LEVEL + 1) for d in Denomination
)
"""Every bid, lowest first; a bid's position here is its :func:`bid_index`."""


def bid_index(bid: Bid) -> int:
    """The bid's rank among all bids: 0 for 5C up to 44 for 13NT."""
    return (bid.level - MIN_LEVEL) * PER_LEVEL + int(bid.denomination)


def parse_call(text: str) -> Call:
    """Reads ``pass`` (any case, or ``p``), ``7C``, ``9nt``, ``10♠``; raises ParseError."""
    return calls.parse_call(text, Bid.from_str)


def _as_index(card: Card | int) -> int:
    return card if isinstance(card, int) else card.index


class IsraeliAuction(RisingAuction):
    """Phase one of one deal, from the first call to a declarer or a throw-in, its
    ``phase`` "exchange" between rounds. Cards, where it is told them, are ``Card`` values
    or numbers, kept as numbers; without them (a real table) an exchange is still a step,
    its cards unchecked."""

    BIDS = ALL_BIDS

    def __init__(
        self,
        settings: RuleSettings,
        dealer: int,
        hands: Sequence[Iterable[Card | int]] | None = None,
    ) -> None:
        """Starts the first auction round; raises ValueError for a bad dealer or hands."""
        if not 0 <= dealer < SEATS:
            raise ValueError(f"dealer is seat {dealer}; seats are 0..3")
        if hands is not None and len(hands) != SEATS:
            raise ValueError(f"{len(hands)} hands given; a deal has one per seat")
        self.settings, self.dealer = settings, dealer
        self.opener = opener_for(settings, dealer)
        self.frisch_round = 0
        self.rounds = []
        self.exchanges: list[tuple[tuple[int, ...], ...]] = []
        """Per Frisch round, the card numbers each seat passed to its left, in seat order."""
        # Hands are copied only when an exchange changes them, to keep simulation cheap.
        self._dealt, self._hands = hands, None
        self._next_round()

    def _next_round(self) -> None:
        """A round of calls from the opener, at the minimum level after the Frisch rounds."""
        lowest = (self.settings.minimum_level(self.frisch_round) - MIN_LEVEL) * PER_LEVEL
        self._start_round(SEATS, self.opener, self.settings.auction_end_passes, lowest)
        self._pending: list[tuple[int, ...] | None] = [None] * SEATS

    @property
    def minimum_level(self) -> int:
        """The lowest level allowed in the current auction round."""
        return self.settings.minimum_level(self.frisch_round)

    def _parse(self, text: str) -> Call:
        return parse_call(text)

    def _too_low(self, call: Bid, index: int) -> str:
        if index >= self._lowest:
            return (
                f"{call} does not beat the high bid {self.high_bid}: a bid must have a "
                "higher level, or the same level in a higher denomination (C < D < H < S < NT)"
            )
        minimum, rounds = self.minimum_level, self.frisch_round
        why = (
            f"after {rounds} Frisch round{'s' if rounds > 1 else ''}"
            if rounds
            else "in the first auction"
        )
        return f"{call} is below the minimum level {minimum} {why}; bids run {minimum}..13"

    def _not_bidding(self) -> str:
        if self.phase == "exchange":
            return "the players are exchanging cards (Frisch); nobody may call until it is done"
        return super()._not_bidding()

    def _all_passed(self) -> None:
        more = self.frisch_round < self.settings.frisch_rounds
        self.phase = "exchange" if more else "thrown_in"

    @property
    def hands(self) -> list[list[int]] | None:
        """A copy of each seat's card numbers now, after any exchanges; None when the auction
        was not told the cards."""
        if self._hands is not None:
            return [list(hand) for hand in self._hands]
        if self._dealt is None:
            return None
        return [[_as_index(c) for c in hand] for hand in self._dealt]

    @property
    def to_exchange(self) -> list[int]:
        """Seats that have still to choose their Frisch cards; empty outside the exchange."""
        if self.phase != "exchange":
            return []
        return [s for s in range(SEATS) if self._pending[s] is None]

    def exchange(self, seat: int, cards: Sequence[Card | int] | None = None) -> None:
        """Sets aside the 3 cards ``seat`` passes to its left in the Frisch exchange (None
        without known hands); once all four have chosen, the cards move left together and
        a new auction round starts. Raises IllegalAction naming the rule."""
        if self.phase != "exchange":
            raise IllegalAction("cards are exchanged only after all four players pass", "exchange")
        if not 0 <= seat < SEATS:
            raise IllegalAction(f"seat {seat} is not a seat; seats are 0..3", "exchange")
        if self._pending[seat] is not None:
            raise IllegalAction(f"seat {seat} has already chosen its cards to pass", "exchange")
        self._pending[seat] = self._check_exchange(seat, cards)
        if any(p is None for p in self._pending):
            return
        passed = tuple(p for p in self._pending if p is not None)
        if self._dealt is not None:
            # Each card received takes the place of one passed (a hand as random in its
            # order as it was dealt, while the cards passed are drawn at random: the
            # random tricks follow suit with the last card of a suit, core.tricks).
            hands = self._hands = self.hands
            assert hands is not None
            for seat, hand in enumerate(hands):
                for card, received in zip(passed[seat], passed[seat - 1], strict=True):
                    hand[hand.index(card)] = received
        self.exchanges.append(passed)
        self.frisch_round += 1
        self._next_round()

    def _check_exchange(self, seat: int, cards: Sequence[Card | int] | None) -> tuple[int, ...]:
        if cards is None:
            if self._dealt is not None:
                raise IllegalAction(f"seat {seat} must choose 3 cards to pass", "exchange")
            return ()
        chosen = tuple(_as_index(c) for c in cards)
        if len(chosen) != EXCHANGE_SIZE or len(set(chosen)) != EXCHANGE_SIZE:
            raise IllegalAction(
                f"seat {seat} passes {len(set(chosen))} different cards; the Frisch exchange "
                "passes exactly 3 to the left",
                "exchange",
            )
        hands = self.hands
        if hands is not None:
            held = set(hands[seat])
            for card in chosen:
                if card not in held:
                    raise IllegalAction(
                        f"seat {seat} does not hold {Card.from_index(card)}; "
                        "a player passes cards from its own hand",
                        "exchange",
                    )
        return chosen
