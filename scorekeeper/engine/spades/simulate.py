"""Whole Spades deals played by bots, for the conformance suite and ``scorekeeper
simulate``: 13 cards each, bids from the dealer's left, then 13 tricks by the rules of
docs/rules/spades.md (follow suit; spades may not be led until one has been played on
another suit, unless the leader holds only spades; the highest spade, else the highest
card of the suit led, wins). Each deal is scored as the first hand of a game (no bags
before), and deal ``index`` of a run depends on the seed and the index alone
(``core.simulation.run_deals``), dealt by seat ``index % 4``.

Bots: ``random`` bids 1..3 (a nil now and then; a blind nil where the rules allow one in
a first hand) and plays any legal card; ``heuristic`` counts its sure tricks to bid, and
plays to win cheaply, to duck under a partner's winner, and to stay out as a nil bidder.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.bots import ChoiceBot
from ..core.cards import Card, Suit, full_deck
from ..core.simulation import DealTally, TurnDeal, key_shuffled, simulate_play
from ..core.tricks import PLAIN_SUIT_OF, dealt_tricks, split_hands
from .scoring import SEATS, TRICKS, score_hand, score_side
from .settings import SpadesSettings


def legal_cards(hand: Sequence[Card], led: Suit | None, broken: bool) -> list[Card]:
    """The cards ``hand`` may play to a trick led in ``led`` (None: it leads)."""
    if led is not None:
        follow = [c for c in hand if c.suit == led]
        return follow or list(hand)
    if broken:
        return list(hand)
    return [c for c in hand if c.suit != Suit.SPADES] or list(hand)


def winner_of(cards: Sequence[tuple[int, Card]]) -> int:
    """The seat that wins a trick played as (seat, card) in order."""
    led = cards[0][1].suit

    def strength(card: Card) -> int:
        if card.suit == Suit.SPADES:
            return 100 + card.rank
        return card.rank if card.suit == led else 0

    return max(cards, key=lambda played: strength(played[1]))[0]


class SpadesRandomBot(ChoiceBot):
    """Bids modestly (a nil now and then) and plays any legal card."""

    __slots__ = ()

    def choose(self, state: SpadesDeal, legal: list[Any]) -> Any:
        if not state.bidding:
            # Its hand holds each suit in the order dealt from the shuffled pack, as
            # random as the cards: following suit, the last card of the suit led is a
            # random one; else one drawn among its legal cards by suit, each in that order.
            if state.trick and legal[0].suit == state.trick[0][1].suit:
                return legal[-1]
            return self.rng.choice(sorted(legal, key=_suit_of))
        if BLIND_NIL in legal and self.rng.random() < 0.03:
            return BLIND_NIL
        return self.bid(state.hands[self.seat])

    def bid(self, hand: Sequence[Card]) -> int:
        # Modest bids: cards played at random take 3.25 tricks a seat on average, so a
        # game of random hands goes up toward the target rather than down to lose_at.
        return 0 if self.rng.random() < 0.03 else self.rng.randint(1, 3)


class SpadesHeuristicBot(SpadesRandomBot):
    """Counts its sure tricks to bid; plays to win cheaply, to duck under a partner's
    winner, and to stay out as a nil bidder."""

    __slots__ = ()

    def choose(self, state: SpadesDeal, legal: list[Any]) -> Any:
        if state.bidding:
            return super().choose(state, legal)
        seat, bids, trick = self.seat, state.bids, state.trick
        low_first = sorted(legal, key=lambda c: (c.suit == Suit.SPADES, c.rank))
        if not trick:
            if bids[seat] == 0:
                return low_first[0]
            return max(legal, key=lambda c: (c.suit != Suit.SPADES, c.rank))
        winner = winner_of(trick)
        winning = [c for c in low_first if winner_of([*trick, (seat, c)]) == seat]
        if bids[seat] == 0:
            losing = [c for c in legal if c not in winning]
            return max(losing, key=lambda c: c.rank) if losing else low_first[0]
        partner = (seat + 2) % SEATS
        if winner == partner and bids[partner] != 0:
            return low_first[0]
        return winning[0] if winning else low_first[0]

    def bid(self, hand: Sequence[Card]) -> int:
        spades = [c for c in hand if c.suit == Suit.SPADES]
        sure = sum(1 for c in hand if c.suit != Suit.SPADES and c.rank >= 13)
        sure += sum(1 for c in spades if c.rank >= 12) + max(0, len(spades) - 3)
        if sure == 0 and not any(c.rank >= 11 for c in hand):
            return 0
        return max(1, min(sure, TRICKS))


BOTS: dict[str, type[SpadesRandomBot]] = {
    "random": SpadesRandomBot,
    "heuristic": SpadesHeuristicBot,
}

BLIND_NIL = -1
"""The bid of a seat that bids blind nil (before it sees its cards)."""


class SpadesDeal(TurnDeal):
    """One deal as bots play it (a ``core.simulation.DealState``): 13 cards each, bids
    from the dealer's left (a blind nil, where the rules allow one in a first hand, is
    ``BLIND_NIL``), then 13 tricks led first by the dealer's left. Over, it is its own
    result: the hands dealt, every trick (its leader and its cards in play order), what a
    table would write (the bids, the tricks each seat took, the blind nil bidders) and
    its points [A, B]."""

    def __init__(self, settings: SpadesSettings, dealer: int, rng: random.Random) -> None:
        deck = list(map(_CARDS.__getitem__, key_shuffled(rng, _NUMBERS, 52)))
        self.order = order = [(dealer + 1 + i) % SEATS for i in range(SEATS)]
        hands: list[list[Card]] = [[] for _ in range(SEATS)]
        for i, card in enumerate(deck):
            hands[order[i % SEATS]].append(card)
        self.settings = settings
        self.dealer = dealer
        self.hands = hands
        self.dealt = tuple(tuple(sorted(hand)) for hand in hands)
        self.bids = [0] * SEATS
        self.blind_nil: list[int] = []
        self.spoken = 0
        self.bidding = True
        self.taken = [0] * SEATS
        self.broken = False
        self.leader = order[0]
        self.trick: list[tuple[int, Card]] = []
        self.played: list[tuple[int, tuple[Card, ...]]] = []
        self.to_play: int | None = order[0]
        self.points: tuple[int, ...] = (0, 0)

    def _legal(self) -> list[Any]:
        if self.bidding:
            blind = self.settings.blind_nil == "any_time"
            return [*([BLIND_NIL] if blind else []), *range(TRICKS + 1)]
        led = self.trick[0][1].suit if self.trick else None
        return legal_cards(self.hands[self.to_play], led, self.broken)

    def _apply(self, seat: int, action: Any) -> None:
        if self.bidding:
            if action == BLIND_NIL:
                self.blind_nil.append(seat)
            else:
                self.bids[seat] = action
            self.spoken += 1
            self.bidding = self.spoken < SEATS
            self.to_play = self.order[self.spoken % SEATS]
            return
        self.hands[seat].remove(action)
        self.trick.append((seat, action))
        self.broken = self.broken or action.suit == Suit.SPADES
        if len(self.trick) < SEATS:
            self.to_play = (seat + 1) % SEATS
            return
        self.played.append((self.leader, tuple(card for _, card in self.trick)))
        self.leader = winner_of(self.trick)
        self.taken[self.leader] += 1
        self.trick = []
        self.to_play = self.leader if len(self.played) < TRICKS else None

    def result(self) -> SpadesDeal:
        self.blind_nil.sort()
        self.points = score_hand(self.settings, self.bids, self.taken, self.blind_nil).points
        return self

    thrown_in = False

    def hand(self) -> dict[str, Any]:
        """The hand's body, as the API takes it."""
        blind = {"blind_nil": list(self.blind_nil)} if self.blind_nil else {}
        return {"bids": list(self.bids), "tricks": list(self.taken), **blind}

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [" ".join(map(str, hand)) for hand in self.dealt],
            "play": [
                {"leader": leader, "cards": " ".join(map(str, cards))}
                for leader, cards in self.played
            ],
            **self.hand(),
            "thrown_in": False,
            "points": list(self.points),
        }


_CARDS = tuple(full_deck())
"""The pack by card number, suit-major."""
_NUMBERS = range(52)
_SPADES = Suit.SPADES.value


def _suit_of(card: Card) -> Suit:
    return card.suit


class _DealtByNumbers(SpadesDeal):
    """A deal ``random_player`` played, its cards kept as numbers (the shuffled pack,
    and each trick's) and made cards only when ``dealt`` or ``played`` is read: a run's
    summary reads neither. What every played deal shares is the class's."""

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:  # type: ignore[override]
        cards_of, pack = self._cards_of, self._pack
        return tuple(
            tuple(map(cards_of.__getitem__, sorted(pack[place::SEATS])))
            for place in _PLACES[self.dealer]
        )

    @property
    def played(self) -> list[tuple[int, tuple[Card, ...]]]:  # type: ignore[override]
        cards_of = self._cards_of
        return [
            (leader, tuple(map(cards_of.__getitem__, trick)))
            for leader, trick in zip(self._leaders, self._tricks, strict=False)
        ]

    @property
    def order(self) -> list[int]:  # type: ignore[override]
        return list(_ORDERS[self.dealer])

    _cards_of = _CARDS
    spoken, bidding, broken, to_play = SEATS, False, True, None
    hands: tuple[tuple[int, ...], ...] = ((), (), (), ())  # type: ignore[assignment]
    trick: tuple[tuple[int, Card], ...] = ()  # type: ignore[assignment]


_ORDERS = tuple(tuple((dealer + 1 + i) % SEATS for i in range(SEATS)) for dealer in range(SEATS))
"""The seats from each dealer's left, in the order they are dealt to and bid."""
_PLACES = tuple(tuple(order.index(seat) for seat in range(SEATS)) for order in _ORDERS)
"""Each seat's first place in the pack as each dealer deals it, one card at a time."""


def side_points(settings: SpadesSettings) -> Callable[..., int]:
    """``points((bid, partner's bid, tricks, partner's tricks), blind seats)``: a side's
    points in a first hand under ``settings`` (``scoring.score_side``'s; the blind seats
    0, 1 or both of those four), worked out once for each and then looked up (a run meets
    a few thousand)."""
    known: dict[tuple[int, ...], int] = {}

    def points(side: tuple[int, int, int, int], blind: tuple[int, ...] = ()) -> int:
        key = (*side, *blind) if blind else side
        found = known.get(key)
        if found is None:
            found = score_side(settings, (0, 1), side[:2], side[2:], blind, 0).points
            known[key] = found
        return found

    return points


def random_player(settings: SpadesSettings) -> Callable[[int, random.Random], SpadesDeal]:
    """Plays deal ``index`` of a run to its result as ``random`` bots drawing from
    ``rng`` play it through a :class:`SpadesDeal`, in one loop, its cards numbers (made
    cards only when read): the same cards dealt, every draw the same (``rng.random``,
    ``randint`` and ``choice``'s, written out; the tricks by ``core.tricks.dealt_tricks``,
    which plays as ``SpadesRandomBot`` chooses), the same bids, tricks and points (each
    side's looked up, ``side_points``). The suite checks that both give the same deals."""
    blind_allowed = settings.blind_nil == "any_time"
    side = side_points(settings)
    new = _DealtByNumbers.__new__

    def play(index: int, rng: random.Random) -> SpadesDeal:
        dealer = index % SEATS
        order = _ORDERS[dealer]
        pack = key_shuffled(rng, _NUMBERS, 52)  # as SpadesDeal shuffles
        # Dealt one at a time from the dealer's left, each seat's suits in the order dealt.
        hands = split_hands([pack[place::SEATS] for place in _PLACES[dealer]], PLAIN_SUIT_OF)
        bits, draw = rng.getrandbits, rng.random
        bids = [0, 0, 0, 0]
        blind_nil = []
        for seat in order:  # SpadesRandomBot.choose and bid
            if blind_allowed and draw() < 0.03:
                blind_nil.append(seat)
            elif draw() < 0.03:
                bids[seat] = 0
            else:
                drawn = bits(2)
                while drawn >= 3:
                    drawn = bits(2)
                bids[seat] = 1 + drawn
        leaders, tricks, taken = dealt_tricks(hands, order[0], _SPADES, bits, _SPADES)
        deal = new(_DealtByNumbers)
        deal.settings, deal.dealer, deal._pack, deal.leader = settings, dealer, pack, leaders[-1]
        deal.bids, deal.taken, deal._leaders, deal._tricks = bids, taken, leaders, tricks
        if blind_nil:
            blind_nil.sort()
            a = side((bids[0], bids[2], taken[0], taken[2]), _blind(blind_nil, 0))
            b = side((bids[1], bids[3], taken[1], taken[3]), _blind(blind_nil, 1))
        else:
            a = side((bids[0], bids[2], taken[0], taken[2]))
            b = side((bids[1], bids[3], taken[1], taken[3]))
        deal.blind_nil, deal.points = blind_nil, (a, b)
        return deal

    return play


def _blind(blind_nil: list[int], side: int) -> tuple[int, ...]:
    """The blind nil bidders of ``side``, as 0 (the side's first seat) and 1."""
    return tuple(seat // 2 for seat in blind_nil if seat % 2 == side)


def simulate_deals(
    settings: SpadesSettings,
    deals: int | range,
    seed: int | None = None,
    bots: str = "random",
) -> Iterator[SpadesDeal]:
    """``deals`` deals played by ``bots`` (or the given range of a run's deals), deal
    ``index`` dealt by seat ``index % 4``. Raises ValueError at once for an unknown kind
    of bot or a bad count."""

    def new_deal(index: int, rng: random.Random) -> SpadesDeal:
        return SpadesDeal(settings, index % SEATS, rng)

    own_loops = {"random": random_player(settings)}
    return simulate_play(new_deal, BOTS, bots, deals, seed, SEATS, own_loops)


@dataclass
class SpadesTally(DealTally):
    """Counts over simulated deals for ``scorekeeper simulate``: contracts made, nils and
    blind nils made, bags taken, and each side's mean points, from the deals as
    ``simulate`` yields them (scored as first hands)."""

    contracts: list[int] = field(default_factory=lambda: [0, 0])  # made, bid
    nils: list[int] = field(default_factory=lambda: [0, 0])
    blind_nils: list[int] = field(default_factory=lambda: [0, 0])
    overtricks: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, deal: Mapping[str, Any]) -> None:
        self.deals += 1
        bids, tricks = deal["bids"], deal["tricks"]
        blind = deal.get("blind_nil", ())
        for side in (0, 1):
            seats = (side, side + 2)
            contract = sum(bids[s] for s in seats)
            taken = sum(tricks[s] for s in seats if bids[s])
            if contract:
                self.contracts[1] += 1
                self.contracts[0] += taken >= contract
                self.overtricks += max(0, taken - contract)
            self.points[side] += deal["points"][side]
            for s in seats:
                if bids[s] == 0:
                    count = self.blind_nils if s in blind else self.nils
                    count[1] += 1
                    count[0] += tricks[s] == 0

    def add_result(self, result: SpadesDeal) -> None:
        # The hand's own fields, not the whole deal's dict (its cards as text are the
        # slow part of ``to_dict``).
        self.add({**result.hand(), "points": result.points})

    def lines(self) -> list[str]:
        def rate(pair: list[int]) -> str:
            return f"{pair[0]}/{pair[1]}" + (
                f" ({100 * pair[0] / pair[1]:.0f}%)" if pair[1] else ""
            )

        deals = self.deals or 1
        return [
            f"deals: {self.deals}",
            f"contracts made: {rate(self.contracts)}",
            f"nils made: {rate(self.nils)}",
            f"blind nils made: {rate(self.blind_nils)}",
            f"overtricks (bags) per deal: {self.overtricks / deals:.2f}",
            f"mean points: A {self.points[0] / deals:+.1f}, B {self.points[1] / deals:+.1f}",
        ]
