"""The bots of simulated deals, ``random`` and ``heuristic``: each seat's bot reads the
phase's state machine (``IsraeliAuction``, ``ContractPhase``, ``IsraeliPlayState``), never
changes it, and picks a legal action. Cards are card numbers."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import partial

from ..core import bots as core_bots
from ..core.bots import HONOUR_VALUE, RUFF_VALUE, SeatBot, no_trump_value
from .auction import ALL_BIDS, PASS, Call, IsraeliAuction, bid_index
from .bids import MAX_LEVEL, MIN_LEVEL, SEATS
from .contracts import ContractPhase
from .play import SUIT_OF, IsraeliPlayState

RANK_OF: tuple[int, ...] = tuple(index % 13 for index in range(52))
"""Each card number's rank within its suit, 0 for a two up to 12 for an ace."""


BotFactory = Callable[[int, random.Random], SeatBot]
"""A kind of bot: ``(seat, rng)`` to a bot of ``core.bots.SeatBot`` that also chooses
its Frisch cards (``choose_exchange``) and its contract (``choose_contract``)."""


class IsraeliRandomBot(core_bots.StagedBot, core_bots.RandomBot):
    """Picks uniformly among the legal actions at every decision, its cards as
    ``core.bots.dealt_order_card`` does (as random; the deal's random loop plays so)."""

    __slots__ = ()
    cards = staticmethod(core_bots.dealt_order_card)

    def choose_exchange(self, auction: IsraeliAuction, hand: Sequence[int]) -> Sequence[int]:
        return self._rng.sample(list(hand), 3)

    def choose_contract(self, phase: ContractPhase, hand: Sequence[int], trump: int) -> int:
        return core_bots.RandomBot.choose(self, phase, phase.legal_actions())


def estimate_tricks(hand: Sequence[int], trump: int) -> float:
    """A rough count of the tricks ``hand`` should take with ``trump`` (0..3, 4 no-trump):
    honours by how well they are guarded, long trumps, ruffs in short side suits, and
    long suits at no-trump."""
    return estimate_all_tricks(hand)[trump]


def estimate_all_tricks(hand: Sequence[int]) -> list[float]:
    """``estimate_tricks`` for each denomination 0..4, from one look at the hand: the
    suits' lengths, honours and jacks found once, each total added suit by suit (the
    same additions in the same order as a loop over the suits, unrolled: the heuristic
    bots ask this of every hand they bid on)."""
    suit_of = SUIT_OF
    lengths = [0, 0, 0, 0]
    high = []
    for card in hand:
        lengths[suit_of[card]] += 1
        if RANK_OF[card] >= 9:
            high.append(card)
    honours: list[float] = [0, 0, 0, 0]
    jacks = [0.0, 0.0, 0.0, 0.0]
    for card in high:  # in the hand's order, as a suit's honours are summed
        suit = suit_of[card]
        rank = RANK_OF[card]
        if rank == 9:
            jacks[suit] = 0.3
        else:
            length = lengths[suit]
            honours[suit] += HONOUR_VALUE[12 - rank][length - 1 if length < 4 else 3]
    l0, l1, l2, l3 = lengths
    h0, h1, h2, h3 = honours
    # Each suit's share when it is trumps; a side suit's honours, and its ruffing value
    # after them where the hand holds 3 trumps or more.
    # (Lengths past three by a conditional, not max(0, ...): the same number without a
    # call; so min and max below.)
    t0 = h0 + (l0 - 3 if l0 > 3 else 0) + jacks[0]
    t1 = h1 + (l1 - 3 if l1 > 3 else 0) + jacks[1]
    t2 = h2 + (l2 - 3 if l2 > 3 else 0) + jacks[2]
    t3 = h3 + (l3 - 3 if l3 > 3 else 0) + jacks[3]
    r0, r1, r2, r3 = RUFF_VALUE[l0], RUFF_VALUE[l1], RUFF_VALUE[l2], RUFF_VALUE[l3]
    e0 = 0.0 + t0 + h1 + r1 + h2 + r2 + h3 + r3 if l0 >= 3 else 0.0 + t0 + h1 + h2 + h3
    e1 = 0.0 + h0 + r0 + t1 + h2 + r2 + h3 + r3 if l1 >= 3 else 0.0 + h0 + t1 + h2 + h3
    e2 = 0.0 + h0 + r0 + h1 + r1 + t2 + h3 + r3 if l2 >= 3 else 0.0 + h0 + h1 + t2 + h3
    e3 = 0.0 + h0 + r0 + h1 + r1 + h2 + r2 + t3 if l3 >= 3 else 0.0 + h0 + h1 + h2 + t3
    no_trump = (
        0.0
        + no_trump_value(h0, l0)
        + no_trump_value(h1, l1)
        + no_trump_value(h2, l2)
        + no_trump_value(h3, l3)
    )
    return [e0, e1, e2, e3, no_trump]


class IsraeliHeuristicBot(core_bots.StagedBot):
    """Bids from hand strength, names the tricks it expects, and plays to make exactly its
    contract: it tries to win tricks while short of it and to lose them once it has it.
    It draws no random numbers, so its choices depend on the deal alone."""

    __slots__ = ("seat", "_hand", "_estimates", "_reach")

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self._hand: tuple[int, ...] = ()
        self._estimates: list[float] = []
        self._reach: list[tuple[int, int]] = []

    def estimates(self, hand: Sequence[int]) -> list[float]:
        """``estimate_tricks`` for each denomination 0..4, remembered for the last hand."""
        key = tuple(hand)
        if key != self._hand:
            self._hand = key
            estimates = self._estimates = estimate_all_tricks(key)
            # The denominations, most promising first, each with the level it could make.
            reach = self._reach = []
            for denomination in sorted(range(5), key=estimates.__getitem__, reverse=True):
                level = int(estimates[denomination] + 0.5)
                reach.append((denomination, level if level < MAX_LEVEL else MAX_LEVEL))
        return self._estimates

    def choose_call(self, auction: IsraeliAuction, hand: Sequence[int]) -> Call:
        legal = auction.legal_actions()
        if len(legal) < 2:
            return PASS
        lowest = bid_index(legal[1])  # type: ignore[arg-type]
        self.estimates(hand)
        for denomination, reach in self._reach:
            # The cheapest level at which this denomination is still a legal bid.
            steps = -(-(lowest - denomination) // 5)
            level = MIN_LEVEL + steps if steps > 0 else MIN_LEVEL
            if level <= reach:
                return ALL_BIDS[(level - MIN_LEVEL) * 5 + denomination]
        return PASS

    def choose_exchange(self, auction: IsraeliAuction, hand: Sequence[int]) -> Sequence[int]:
        lengths = [0, 0, 0, 0]
        for card in hand:
            lengths[SUIT_OF[card]] += 1
        # Pass the lowest cards, from short suits first, to keep long suits whole.
        return sorted(hand, key=lambda c: (RANK_OF[c], lengths[SUIT_OF[c]], c))[:3]

    def choose_contract(self, phase: ContractPhase, hand: Sequence[int], trump: int) -> int:
        legal = phase.legal_actions()
        expected = self.estimates(hand)[trump]
        # The legal contracts ascend, so the nearest to ``expected`` (the lower on a tie)
        # is one of the two either side of it.
        at = bisect_left(legal, expected)
        if at == 0:
            return legal[0]
        if at == len(legal) or abs(legal[at - 1] - expected) <= abs(legal[at] - expected):
            return legal[at - 1]
        return legal[at]

    def choose_card(self, play: IsraeliPlayState, legal: list[int]) -> int:
        """Leading, the strongest card while short of its contract, else the cheapest;
        following, while short, the cheapest winner when last to play, else the
        strongest, or the cheapest card when nothing wins; once made, the best card to
        shed that loses."""
        if len(legal) == 1:
            return legal[0]
        contracts = play.contracts
        short = (contracts[self.seat] if contracts else 0) > play.tricks_taken[self.seat]
        trump = play.trump
        if not play.current:
            if short:
                return max(legal, key=_HIGH_FIRST[trump])
            return min(legal, key=_CHEAP_FIRST[trump])
        keys, best = play.keys, play.best
        # The cards that would win and those that would not, listed by a loop in this
        # frame rather than by a comprehension, its own function called for each card.
        winners, losers = [], []
        for card in legal:
            if keys[card] > best:
                winners.append(card)
            else:
                losers.append(card)
        # A seat that follows suit holds cards of one suit, which its orders rank as
        # their numbers do: min and max then need no key (a call per card), and one card
        # needs neither (each call of the builtins parses its arguments).
        one_suit = SUIT_OF[legal[0]] == play.led
        if short:
            if len(winners) == 1:
                return winners[0]
            if winners:
                return min(winners) if len(play.current) == SEATS - 1 else max(winners)
            return min(legal) if one_suit else min(legal, key=_CHEAP_FIRST[trump])
        # Made: the best loser to shed, or, with none, the highest card (all of them win).
        if len(losers) == 1:
            return losers[0]
        if losers:
            return max(losers) if one_suit else max(losers, key=_SHED_FIRST[trump])
        return max(legal)


# The heuristic bot's orders of cards per trump (0..4), as one number per card, kept as
# the look-up max and min call; each orders as the tuple beside it (no two cards tie).
# Lists, not tuples: a list's bound __getitem__ is called as a plain C function, a
# tuple's through a slot wrapper that builds an argument tuple per card compared.
_HIGH_FIRST = tuple(  # (rank, is a trump, card): the strongest lead
    [RANK_OF[c] * 128 + (SUIT_OF[c] == trump) * 64 + c for c in range(52)].__getitem__
    for trump in range(5)
)
_CHEAP_FIRST = tuple(  # (is a trump, rank, card): the cheapest card
    [(SUIT_OF[c] == trump) * 2048 + RANK_OF[c] * 64 + c for c in range(52)].__getitem__
    for trump in range(5)
)
_SHED_FIRST = tuple(  # (is not a trump, rank, card): the card best shed when losing
    [(SUIT_OF[c] != trump) * 2048 + RANK_OF[c] * 64 + c for c in range(52)].__getitem__
    for trump in range(5)
)


BOTS: dict[str, BotFactory] = {"random": IsraeliRandomBot, "heuristic": IsraeliHeuristicBot}
"""The bot kinds by name, as the command line offers them."""


make_bots = partial(core_bots.make_bots, BOTS, SEATS)
"""``make_bots(kind, rng)``: four bots of ``kind`` sharing ``rng`` (``core.bots``)."""
