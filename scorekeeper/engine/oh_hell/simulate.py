"""Whole hands of Oh Hell played by bots, and a checker of them written from RULES.md
alone (it shares no code with the play here).

Deal ``index`` of a run is hand ``index + 1`` of a game dealt first by seat 0, for as
long as the sequence lasts and then round again: it deals that hand's cards, and its
dealer is ``index % players``. The ``random`` bot bids any number the rules allow and
plays any card that follows suit; the ``counting`` bot bids its aces, kings and high
trumps, then plays its highest card while it still needs tricks and its lowest once it
has them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from ..core.bots import ChoiceBot
from ..core.cards import Card, Suit, full_deck
from ..core.schema import Hand
from ..core.simulation import DealTally, TurnDeal, simulate_play, wrong_points
from ..core.verify import check_tricks, follows_suit
from .records import hand_of
from .settings import PACK, OhHellSettings, cards_sequence


@dataclass(frozen=True, slots=True)
class OhHellDealResult:
    """A hand played by bots: what the table would write down, and how it was played."""

    record: Hand
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None
    tricks_played: tuple[tuple[Card, ...], ...]  # each trick's cards in the order played
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.record.to_dict(),
            "thrown_in": False,
            "dealer": self.dealer,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "turned": None if self.turned is None else str(self.turned),
            "play": [[str(c) for c in trick] for trick in self.tricks_played],
            "points": list(self.points),
        }


def _winner(trick: list[Card], trump: Suit | None) -> int:
    """The index in ``trick`` of the card that wins it."""
    led = trick[0].suit

    def strength(card: Card) -> tuple[int, int]:
        return (2 if card.suit == trump else 1 if card.suit == led else 0, card.rank)

    return max(range(len(trick)), key=lambda i: strength(trick[i]))


def _winners_held(hand: list[Card], trump: Suit | None) -> int:
    """The tricks a hand expects: its aces and kings, and its trumps from the queen up."""
    return sum(c.rank >= 13 or (c.suit == trump and c.rank >= 12) for c in hand)


class OhHellDeal(TurnDeal):
    """One hand as bots play it (a ``core.simulation.DealState``): the cards dealt and the
    trump turned, bids from the dealer's left (the dealer last, held by the hook), then
    the tricks, led first by the dealer's left. Its result is the hand the table writes
    down, with how it was played."""

    def __init__(self, game: Any, settings: OhHellSettings, index: int, rng: random.Random) -> None:
        self.seats = seats = settings.players
        sequence = cards_sequence(settings)
        self.cards = cards = sequence[index % len(sequence)]
        self.dealer = index % seats
        pack = full_deck()
        rng.shuffle(pack)
        self.hands = [sorted(pack[s * cards : (s + 1) * cards]) for s in range(seats)]
        self.turned = pack[seats * cards] if seats * cards < PACK else None
        self.trump = None if self.turned is None else self.turned.suit
        self.game = game
        self.settings = settings
        self.bids = [0] * seats
        self.spoken = 0
        self.bidding = True
        self.held = [list(hand) for hand in self.hands]
        self.taken = [0] * seats
        self.leader = (self.dealer + 1) % seats
        self.trick: list[Card] = []
        self.played: list[tuple[Card, ...]] = []
        self.to_play: int | None = self.leader

    def _legal(self) -> list[Any]:
        seat = self.to_play
        assert seat is not None
        if self.bidding:
            allowed = list(range(self.cards + 1))
            if seat == self.dealer and self.settings.hook:
                allowed = [n for n in allowed if n != self.cards - sum(self.bids)]
            return allowed
        held = self.held[seat]
        trick = self.trick
        if trick:
            led = trick[0].suit
            return [c for c in held if c.suit == led] or held
        return held

    def _apply(self, seat: int, action: Any) -> None:
        seats = self.seats
        if self.bidding:
            self.bids[seat] = action
            self.spoken += 1
            self.bidding = self.spoken < seats
            self.to_play = (seat + 1) % seats
            return
        self.held[seat].remove(action)
        trick = self.trick
        trick.append(action)
        if len(trick) < seats:
            self.to_play = (seat + 1) % seats
            return
        self.leader = leader = (self.leader + _winner(trick, self.trump)) % seats
        self.taken[leader] += 1
        self.played.append(tuple(trick))
        self.trick = []
        self.to_play = leader if len(self.played) < self.cards else None

    def result(self) -> OhHellDealResult:
        record = hand_of(self.game, self.trump, self.bids, self.taken)
        return OhHellDealResult(
            record,
            self.dealer,
            tuple(tuple(h) for h in self.hands),
            self.turned,
            tuple(self.played),
            record.score(self.settings).points,
        )


_RANK = attrgetter("rank")


class CountingBot:
    """Bids its aces, kings and high trumps, then plays its highest card while it still
    needs tricks and its lowest once it has them."""

    __slots__ = ("seat",)

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat

    def choose(self, state: OhHellDeal, legal: list[Any]) -> Any:
        seat = self.seat
        if state.bidding:
            wanted = _winners_held(state.hands[seat], state.trump)
            return min(legal, key=lambda n: (abs(n - wanted), n))
        # Highest while tricks are still wanted, lowest once the bid is made.
        order = sorted(legal, key=_RANK)
        return order[-1] if state.taken[seat] < state.bids[seat] else order[0]


BOTS = {"random": ChoiceBot, "counting": CountingBot}


def simulate_deals(
    game: Any,
    settings: OhHellSettings,
    deals: int | range,
    seed: int | None = None,
    bots: str = "random",
) -> Iterator[OhHellDealResult]:
    """The deals of a run (a count, or a range of its indices); a seed repeats them.
    Raises ValueError at once for an unknown kind of bot or a bad count."""

    def new_deal(index: int, rng: random.Random) -> OhHellDeal:
        return OhHellDeal(game, settings, index, rng)

    return simulate_play(new_deal, BOTS, bots, deals, seed, settings.players)


@dataclass
class OhHellTally(DealTally):
    """``scorekeeper simulate``'s summary: hands played, and bids taken exactly."""

    bids: int = 0
    exact: int = 0

    def add(self, deal: Mapping[str, Any]) -> None:
        self.deals += 1
        self.bids += len(deal["bids"])
        self.exact += sum(b == t for b, t in zip(deal["bids"], deal["tricks"], strict=True))

    def add_result(self, result: OhHellDealResult) -> None:
        self.add({"bids": result.record.bids, "tricks": result.record.tricks})

    def lines(self) -> list[str]:
        rate = f" ({100 * self.exact / self.bids:.1f}%)" if self.bids else ""
        return [f"deals: {self.deals}", f"bids made exactly: {self.exact}/{self.bids}{rate}"]


def verify_deal(settings: OhHellSettings, deal: Mapping[str, Any]) -> list[str]:
    """Every rule of RULES.md section 4 a simulated hand breaks, worked out again from its
    cards: each card once, the trump turned, the bids and the hook, following suit, who
    won each trick and led the next, the tricks and the points."""
    broken: list[str] = []
    seats, cards, dealer = settings.players, deal["cards"], deal["dealer"]
    hands = [[Card.from_str(c) for c in hand] for hand in deal["hands"]]
    turned = None if deal["turned"] is None else Card.from_str(deal["turned"])
    seen = [c for hand in hands for c in hand] + ([turned] if turned else [])
    if len(set(seen)) != len(seen):
        broken.append("a card was dealt twice")
    if len(hands) != seats or any(len(hand) != cards for hand in hands):
        broken.append(f"not {cards} cards to each of {seats} players")
    if (turned is None) != (seats * cards == 52):
        broken.append("a card is turned for trump exactly when some are left over")
    trump = None if turned is None else turned.suit.letter
    if deal["trump"] != trump:
        broken.append(f"trump {deal['trump']} where the turned card makes it {trump}")
    bids = deal["bids"]
    if any(not 0 <= b <= cards for b in bids):
        broken.append(f"a bid outside 0..{cards}: {bids}")
    if settings.hook and sum(bids) == cards:
        broken.append(f"the dealer (seat {dealer}) let the bids total {cards}")

    def rule_broken(card: str, hand: Any, so_far: Any, played: Any) -> str | None:
        return follows_suit(card[-1], [c[-1] for c in hand], so_far[0][-1]) if so_far else None

    def winner(leader: int, cards: Any) -> int:
        led = cards[0][-1]

        def strength(i: int) -> tuple[bool, bool, int]:
            return (cards[i][-1] == trump, cards[i][-1] == led, "23456789TJQKA".index(cards[i][0]))

        return (leader + max(range(len(cards)), key=strength)) % seats

    held = [list(map(str, hand)) for hand in hands]
    tricks = [(None, trick) for trick in deal["play"]]
    won = check_tricks(tricks, held, (dealer + 1) % seats, rule_broken, winner, broken, seats=seats)
    if len(deal["play"]) != cards:
        broken.append("not every card was played")
    if deal["tricks"] != won:
        broken.append(f"tricks {deal['tricks']} where the play gives {won}")
    expected = [
        settings.exact_bonus + settings.made_per_trick * b
        if b == t
        else settings.missed_per_trick * t - settings.miss_step * abs(t - b)
        for b, t in zip(bids, won, strict=True)
    ]
    return broken + wrong_points(deal, expected, "the rules'")
