"""Players for simulated deals: two bots, ``random`` and ``heuristic`` (``BotFactory``).

A bot sits at one seat and is asked for each decision that seat makes. It gets the state
machine of the phase (``BidWhistAuction``, ``BidWhistPlayState``) to read, never to
change, and picks from the legal actions. Cards are card numbers (see ``cards``); a
contract's trump is a suit 0..3 or ``NO_SUIT``, and ``low`` says whether it plays
downtown or low no-trump.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..core import bots as core_bots
from ..core.bots import HONOUR_VALUE, RUFF_VALUE, SeatBot, no_trump_value
from .auction import PASS, BidWhistAuction, Call
from .bids import BOOK_BASE, Bid, Kind
from .cards import NO_SUIT, RANK_OF, SEATS, pack, strength
from .play import BidWhistPlayState
from .settings import BidWhistSettings

BotFactory = Callable[[int, random.Random, BidWhistSettings], SeatBot]
"""A kind of bot: ``(seat, rng, settings)`` to a bot of ``core.bots.SeatBot`` that also
names the bidder's trump or direction, ``choose_declaration(bid, hand) -> (trump, low)``
(a suit 0..3 and ``low`` for downtown, or ``NO_SUIT`` and the direction for no-trump), and
its discard, ``choose_discard(hand, count, trump, low)``: ``count`` different cards of
``hand``, the kitty picked up."""


class BidWhistRandomBot(core_bots.StagedBot):
    """Picks uniformly among the legal actions at every decision, one draw per decision:
    the action at ``bits(30) % len(legal)``, as the core's random bot draws its cards
    (``core.bots.random_card``, whose closure is its ``choose_card``). Thirty bits are one
    digit of Python's ints, so a draw costs about half of 32 bits scaled to the count, and
    is as uniform (to 2^-25) for the 18 or fewer choices of a Bid Whist decision."""

    __slots__ = ("seat", "_rng", "_bits", "choose_card")

    def __init__(self, seat: int, rng: random.Random, *options: object) -> None:
        self.seat, self._rng, self._bits = seat, rng, rng.getrandbits
        self.choose_card = core_bots.random_card(rng.getrandbits)

    def choose_call(self, auction: BidWhistAuction, hand: Sequence[int]) -> Call:
        legal = auction.legal_actions()
        return legal[self._bits(30) % len(legal)]

    def choose_declaration(self, bid: Bid, hand: Sequence[int]) -> tuple[int, bool]:
        if bid.kind is Kind.NO_TRUMP:
            return NO_SUIT, bool(self._bits(1))
        return self._bits(2), bid.kind is Kind.DOWNTOWN

    def choose_discard(
        self, hand: Sequence[int], count: int, trump: int, low: bool
    ) -> Sequence[int]:
        return draw_discard(self._bits, list(hand), count)


def draw_discard(bits: Callable[[int], int], cards: list[int], count: int) -> list[int]:
    """``count`` of ``cards`` drawn as a random bot draws them: the first ``count`` steps
    of a Fisher-Yates shuffle of ``cards`` (in place), one draw each."""
    size = len(cards)
    for i in range(count):
        j = i + bits(30) % (size - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:count]


PARTNER_BOOKS = 3.0
"""Books a bidder counts on from the partner, the discard and the kitty together, beyond
its own; tuned so that heuristic bidders make most of their bids."""
NT_BONUS = 0.5
"""No-trump pays double: a bidder prefers it over a trump contract this close."""


_PLACES = {
    (low, ace): tuple(
        (15 if low and ace else 14) - strength(RANK_OF[card], low, ace) for card in range(52)
    )
    for low in (False, True)
    for ace in (False, True)
}
"""``_PLACES[low, ace_high][card]``: 0 for the best card of its suit, 1 the second…"""


def _suit_values(
    hand: Sequence[int], low: bool, ace_high: bool
) -> tuple[list[int], list[float], int]:
    """The length of each suit, the trick value of its top cards, and the jokers held."""
    place_of = _PLACES[low, ace_high]
    lengths = [0, 0, 0, 0]
    tops: list[list[int]] = [[], [], [], []]
    jokers = 0
    for card in hand:
        if card >= 52:
            jokers += 1
            continue
        suit = card // 13
        lengths[suit] += 1
        place = place_of[card]
        if place < 3:
            tops[suit].append(place)
    honours = [
        sum(HONOUR_VALUE[p][min(lengths[suit], 4) - 1] for p in tops[suit]) for suit in range(4)
    ]
    return lengths, honours, jokers


def _estimate(lengths: list[int], honours: list[float], jokers: int, trump: int) -> float:
    """A rough count of the tricks a hand should take in a contract: its best cards by how
    well they are guarded, long trumps and the jokers with a trump suit, ruffs in short side
    suits, long suits in no-trump."""
    if trump == NO_SUIT:
        return sum(map(no_trump_value, honours, lengths))
    trumps = lengths[trump] + jokers
    total = sum(honours) + jokers + max(0, trumps - 4)
    if trumps >= 4:
        total += sum(RUFF_VALUE[n] for suit, n in enumerate(lengths) if suit != trump)
    return total


def _contracts(hand: Sequence[int], ace_high: bool) -> list[tuple[float, Kind, int, bool]]:
    """Every contract a bidder could name, as (estimate, kind, trump, low), best first."""
    found = []
    for low in (False, True):
        kind = Kind.DOWNTOWN if low else Kind.UPTOWN
        lengths, honours, jokers = _suit_values(hand, low, ace_high)
        for suit in range(4):
            found.append((_estimate(lengths, honours, jokers, suit), kind, suit, low))
        found.append(
            (_estimate(lengths, honours, jokers, NO_SUIT) + NT_BONUS, Kind.NO_TRUMP, NO_SUIT, low)
        )
    found.sort(key=lambda c: -c[0])
    return found


class BidWhistHeuristicBot(core_bots.StagedBot):
    """Bids from hand strength, choosing the kind and the trump or direction; discards its
    weakest cards from short side suits; and plays to take tricks, for its side's bid or to
    set the other side: it wins cheaply when it can, leaves a trick its partner is winning,
    and leads its sure winners. It draws no random numbers."""

    __slots__ = ("seat", "ace_high", "jokers", "_hand", "_contracts", "_discard")

    def __init__(self, seat: int, rng: random.Random, settings: BidWhistSettings) -> None:
        self.seat = seat
        self.ace_high = settings.downtown_ace_high
        self.jokers = tuple(pack(settings.jokers)[52:])
        self._discard: tuple[int, ...] = ()
        self._hand: tuple[int, ...] = ()
        self._contracts: list[tuple[float, Kind, int, bool]] = []

    def contracts(self, hand: Sequence[int]) -> list[tuple[float, Kind, int, bool]]:
        key = tuple(hand)
        if key != self._hand:
            self._hand = key
            self._contracts = _contracts(key, self.ace_high)
        return self._contracts

    def choose_call(self, auction: BidWhistAuction, hand: Sequence[int]) -> Call:
        legal = auction.legal_actions()
        options = self.contracts(hand)
        bids = [call for call in legal if call is not PASS]
        for estimate, kind, _trump, _low in options:
            reach = int(estimate + PARTNER_BOOKS) - BOOK_BASE + 1
            for bid in bids:
                if bid.kind is kind and bid.level <= reach:  # type: ignore[union-attr]
                    return bid
        if PASS in legal:
            return PASS
        best_kind = options[0][1]
        return next(b for b in bids if b.kind is best_kind)  # type: ignore[union-attr]

    def choose_declaration(self, bid: Bid, hand: Sequence[int]) -> tuple[int, bool]:
        for _estimate, kind, trump, low in self.contracts(hand):
            if kind is bid.kind:
                return trump, low
        raise AssertionError("every kind has a contract")

    def choose_discard(
        self, hand: Sequence[int], count: int, trump: int, low: bool
    ) -> Sequence[int]:
        lengths = [0, 0, 0, 0]
        for card in hand:
            if card < 52:
                lengths[card // 13] += 1

        def keep(card: int) -> float:
            if card >= 52:
                return 100.0 if trump != NO_SUIT else -100.0
            suit = card // 13
            value = strength(RANK_OF[card], low, self.ace_high)
            if suit == trump:
                return 50.0 + value
            # Low cards of short suits go first, to void them; top cards stay.
            return value + (10 if value >= 13 else 0) + lengths[suit]

        self._discard = tuple(sorted(hand, key=lambda c: (keep(c), c))[:count])
        return self._discard

    def choose_card(self, play: BidWhistPlayState, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        if not play.current:
            return self._lead(play, legal)
        keys = play.keys
        if play.winning == (self.seat + 2) % SEATS:
            return min(legal, key=keys.__getitem__)
        winners = [c for c in legal if play.would_win(c)]
        if not winners:
            return min(legal, key=keys.__getitem__)
        if len(play.current) == SEATS - 1:
            return min(winners, key=keys.__getitem__)
        # Not last to play: win with the best card of the suit led, or trump as cheaply as
        # possible, keeping the jokers and high trumps for later.
        plain = [c for c in winners if keys[c] < 128]
        return max(plain, key=keys.__getitem__) if plain else min(winners, key=keys.__getitem__)

    def _lead(self, play: BidWhistPlayState, legal: list[int]) -> int:
        out = {card for _leader, cards, _winner in play.tricks for card in cards}
        if play.bidder == self.seat:
            out.update(self._discard)
        hand = play.hands[self.seat]
        for cards in hand:
            out.update(cards)
        trump = play.trump
        best = None
        best_key = -1
        # The highest key another player may still hold, per suit: a card above it is sure.
        tops: dict[int, int] = {}
        for card in legal:
            suit = card // 13 if card < 52 else trump
            if suit == NO_SUIT:
                continue
            keys = play.keys_by_led[suit]
            top = tops.get(suit)
            if top is None:
                others = (
                    *range(suit * 13, suit * 13 + 13),
                    *(self.jokers if trump == suit else ()),
                )
                top = tops[suit] = max((keys[o] for o in others if o not in out), default=-1)
            key = keys[card]
            if key > top and key > best_key:
                best, best_key = card, key
        if best is not None:
            return best

        # No sure winner: lead low from the longest suit that is not trumps.
        def low_from_long(card: int) -> tuple[int, int]:
            suit = card // 13 if card < 52 else play.trump
            if suit == NO_SUIT:
                return (-99, 0)
            length = len(hand[suit]) - (50 if suit == play.trump else 0)
            return (length, -play.keys_by_led[suit][card])

        return max(legal, key=low_from_long)


BOTS: dict[str, BotFactory] = {"random": BidWhistRandomBot, "heuristic": BidWhistHeuristicBot}
"""The bot kinds by name, as the command line offers them."""
