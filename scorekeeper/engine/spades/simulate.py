"""Whole Spades deals played by bots, for the conformance suite and ``scorekeeper
simulate``: 13 cards each, bids from the dealer's left, then 13 tricks by the rules of
RULES.md section 3 (follow suit; spades may not be led until one has been played on
another suit, unless the leader holds only spades; the highest spade, else the highest
card of the suit led, wins). Each deal is scored as the first hand of a game (no bags
before), and deal ``index`` of a run stands alone, seeded by ``core.simulation.deal_seed``
and dealt by seat ``index % 4``.

Bots: ``random`` bids 1..3 (a nil now and then; a blind nil where the rules allow one in
a first hand) and plays any legal card; ``heuristic`` counts its sure tricks to bid, and
plays to win cheaply, to duck under a partner's winner, and to stay out as a nil bidder.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, Suit, full_deck
from ..core.seats import SEATS
from ..core.simulation import deal_indices, deal_seed, run_seed
from .scoring import TRICKS, score_hand
from .settings import SpadesSettings

BOTS = ("random", "heuristic")


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


class RandomBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def bid(self, hand: Sequence[Card]) -> int:
        # Modest bids: cards played at random take 3.25 tricks a seat on average, so a
        # game of random hands goes up toward the target rather than down to lose_at.
        return 0 if self.rng.random() < 0.03 else self.rng.randint(1, 3)

    def play(self, hand, legal, trick, seat, bids, taken) -> Card:
        return self.rng.choice(legal)


class HeuristicBot(RandomBot):
    def bid(self, hand: Sequence[Card]) -> int:
        spades = [c for c in hand if c.suit == Suit.SPADES]
        sure = sum(1 for c in hand if c.suit != Suit.SPADES and c.rank >= 13)
        sure += sum(1 for c in spades if c.rank >= 12) + max(0, len(spades) - 3)
        if sure == 0 and not any(c.rank >= 11 for c in hand):
            return 0
        return max(1, min(sure, TRICKS))

    def play(self, hand, legal, trick, seat, bids, taken) -> Card:
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


def _bots(kind: str, rng: random.Random) -> RandomBot:
    return HeuristicBot(rng) if kind == "heuristic" else RandomBot(rng)


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal played by bots: the dealer, the hands dealt, every trick (its leader and
    its cards in play order), what a table would write (the bids, the tricks each seat
    took, the seats that bid blind nil), and its points [A, B]."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    tricks_played: tuple[tuple[int, tuple[Card, ...]], ...]
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    blind_nil: tuple[int, ...]
    points: tuple[int, ...]

    def hand(self) -> dict[str, Any]:
        """The hand's body, as the API takes it."""
        blind = {"blind_nil": list(self.blind_nil)} if self.blind_nil else {}
        return {"bids": list(self.bids), "tricks": list(self.tricks), **blind}

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [" ".join(map(str, hand)) for hand in self.hands],
            "play": [
                {"leader": leader, "cards": " ".join(map(str, cards))}
                for leader, cards in self.tricks_played
            ],
            **self.hand(),
            "thrown_in": False,
            "points": list(self.points),
        }


def play_deal(settings: SpadesSettings, dealer: int, rng: random.Random, kind: str) -> PlayedDeal:
    """One deal dealt by ``dealer`` and played by ``kind`` bots."""
    deck = full_deck()
    rng.shuffle(deck)
    order = [(dealer + 1 + i) % SEATS for i in range(SEATS)]
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[order[i % SEATS]].append(card)
    dealt = tuple(tuple(sorted(hand)) for hand in hands)
    bots = [_bots(kind, rng) for _ in range(SEATS)]
    bids = [0] * SEATS
    blind: list[int] = []
    for seat in order:
        if settings.blind_nil == "any_time" and rng.random() < 0.03:
            blind.append(seat)
            continue
        bids[seat] = bots[seat].bid(hands[seat])
    taken = [0] * SEATS
    broken = False
    leader = order[0]
    played: list[tuple[int, tuple[Card, ...]]] = []
    for _ in range(TRICKS):
        trick: list[tuple[int, Card]] = []
        for step in range(SEATS):
            seat = (leader + step) % SEATS
            led = trick[0][1].suit if trick else None
            legal = legal_cards(hands[seat], led, broken)
            card = bots[seat].play(hands[seat], legal, trick, seat, bids, taken)
            hands[seat].remove(card)
            trick.append((seat, card))
            broken = broken or card.suit == Suit.SPADES
        played.append((leader, tuple(card for _, card in trick)))
        leader = winner_of(trick)
        taken[leader] += 1
    blind.sort()
    points = score_hand(settings, bids, taken, blind).points
    return PlayedDeal(dealer, dealt, tuple(played), tuple(bids), tuple(taken), tuple(blind), points)


def simulate_deals(
    settings: SpadesSettings,
    deals: int | range,
    seed: int | None = None,
    bots: str = "random",
) -> Iterator[PlayedDeal]:
    """``deals`` deals played by ``bots`` (or the given range of a run's deals)."""
    if bots not in BOTS:
        raise ValueError(f"unknown bots {bots!r}; choose one of {', '.join(BOTS)}")
    seed = run_seed(seed)
    for index in deal_indices(deals):
        yield play_deal(settings, index % SEATS, random.Random(deal_seed(seed, index)), bots)


class SimulationSummary:
    """Counts over simulated deals for ``scorekeeper simulate``: contracts made, nils and
    blind nils made, bags taken, and each side's mean points, from the deals as
    ``simulate`` yields them (scored as first hands)."""

    def __init__(self) -> None:
        self.deals = 0
        self.contracts = [0, 0]  # made, bid
        self.nils = [0, 0]
        self.blind_nils = [0, 0]
        self.overtricks = 0
        self.points = [0, 0]

    def add(self, deal: dict[str, Any]) -> None:
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

    def add_result(self, result: PlayedDeal) -> None:
        # The hand's own fields, not the whole deal's dict (its cards as text are the
        # slow part of ``to_dict``).
        self.add({**result.hand(), "points": result.points})

    def merge(self, other: SimulationSummary) -> None:
        self.deals += other.deals
        self.overtricks += other.overtricks
        for mine, theirs in (
            (self.contracts, other.contracts),
            (self.nils, other.nils),
            (self.blind_nils, other.blind_nils),
            (self.points, other.points),
        ):
            mine[0] += theirs[0]
            mine[1] += theirs[1]

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
