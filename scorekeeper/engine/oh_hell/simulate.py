"""Whole hands of Oh Hell played by bots, and a checker of them written from docs/rules/oh-hell.md
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
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.bots import ChoiceBot
from ..core.cards import Card, Suit, full_deck
from ..core.schema import Hand
from ..core.simulation import DealTally, TurnDeal, shuffled_pack, simulate_play, wrong_points
from ..core.tricks import choice_tricks
from ..core.verify import check_tricks, follows_suit
from .records import bid_score, hand_of
from .settings import PACK, OhHellSettings, cards_sequence


@dataclass(slots=True)
class OhHellDealResult:
    """A hand played by bots: what the table would write down (``record``), and how it was
    played, its cards by number (``_CARDS[n]`` is the card; they become text only in
    ``to_dict``)."""

    game: Any
    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]  # taken by each seat
    dealer: int
    dealt: list[int]  # the pack as dealt: each seat's cards in turn, from seat 0
    turned: int | None
    tricks_played: tuple[tuple[int, ...], ...]  # each trick's cards in the order played
    points: tuple[int, ...]
    _record: Hand | None = field(default=None, repr=False, compare=False)

    @property
    def record(self) -> Hand:
        """The hand the table writes down: made when first asked for, as a run's summary
        counts bids and tricks without it."""
        record = self._record
        if record is None:
            record = self._record = hand_of(self.game, self.trump, self.bids, self.tricks)
        return record

    @property
    def hands(self) -> tuple[list[int], ...]:
        """Each seat's cards as dealt, in order."""
        dealt, cards = self.dealt, len(self.tricks_played)
        return tuple(sorted(dealt[s * cards : (s + 1) * cards]) for s in range(len(self.bids)))

    def to_dict(self) -> dict[str, Any]:
        names = _NAMES
        return {
            **self.record.to_dict(),
            "thrown_in": False,
            "dealer": self.dealer,
            "hands": [[names[c] for c in hand] for hand in self.hands],
            "turned": None if self.turned is None else names[self.turned],
            "play": [[names[c] for c in trick] for trick in self.tricks_played],
            "points": list(self.points),
        }


_CARDS = tuple(full_deck())
"""The pack by card number: a deal holds numbers, suit-major, so that they sort as the
cards do (``Card``'s order) and are compared and removed without a Card's methods."""
_SUIT = tuple(card.suit.value for card in _CARDS)
_RANK = tuple(card.rank for card in _CARDS)
_NAMES = tuple(map(str, _CARDS))
_SUITS = tuple(Suit)
_WIDTHS = tuple(n.bit_length() for n in range(60))

RandomPlayer = Callable[[int, random.Random], "OhHellDealResult"]


def _winners_held(hand: list[int], trump: int | None) -> int:
    """The tricks a hand expects: its aces and kings, and its trumps from the queen up."""
    return sum(_RANK[c] >= 13 or (_SUIT[c] == trump and _RANK[c] >= 12) for c in hand)


class DealPlan:
    """What every deal of a run under ``settings`` shares: the cards of each hand of the
    sequence, the score of a bid, and who follows each leader to a trick."""

    __slots__ = ("sequence", "rule", "hook", "followers")

    def __init__(self, settings: OhHellSettings) -> None:
        self.sequence = cards_sequence(settings)
        self.rule = bid_score(settings)
        self.hook = settings.hook
        seats = settings.players
        # After each leader, the others in the order they play to the trick.
        self.followers = tuple(
            tuple((leader + i) % seats for i in range(1, seats)) for leader in range(seats)
        )


class OhHellDeal(TurnDeal):
    """One hand as bots play it (a ``core.simulation.DealState``): the cards dealt and the
    trump turned, bids from the dealer's left (the dealer last, held by the hook), then
    the tricks, led first by the dealer's left; its cards are numbers (``_CARDS``). Its
    result is the hand the table writes down, with how it was played."""

    def __init__(
        self,
        game: Any,
        settings: OhHellSettings,
        index: int,
        rng: random.Random,
        plan: DealPlan | None = None,
    ) -> None:
        self.plan = plan = plan or DealPlan(settings)
        self.seats = seats = settings.players
        sequence = plan.sequence
        self.cards = cards = sequence[index % len(sequence)]
        self.dealer = index % seats
        pack = shuffled_pack(rng)  # the order rng.shuffle(full_deck()) gives
        self.hands = [sorted(pack[s * cards : (s + 1) * cards]) for s in range(seats)]
        self.turned = pack[seats * cards] if seats * cards < PACK else None
        self.trump = None if self.turned is None else _SUIT[self.turned]
        self.game = game
        self.settings = settings
        self.bids = [0] * seats
        self.spoken = 0
        self.bidding = True
        self.held = [list(hand) for hand in self.hands]
        self.taken = [0] * seats
        self.leader = (self.dealer + 1) % seats
        self.trick: list[int] = []
        self.led = -1
        self.played: list[tuple[int, ...]] = []
        self.to_play: int | None = self.leader

    def _legal(self) -> list[Any]:
        seat = self.to_play
        assert seat is not None
        if self.bidding:
            allowed = list(range(self.cards + 1))
            if seat == self.dealer and self.plan.hook:
                forbidden = self.cards - sum(self.bids)
                if forbidden >= 0:
                    allowed.remove(forbidden)
            return allowed
        held = self.held[seat]
        if self.trick:
            # The held cards are in order, a suit's together: those of the led suit.
            low = 13 * self.led
            first = bisect_left(held, low)
            follow = held[first : bisect_left(held, low + 13, first)]
            return follow or held
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
        if len(trick) == 1:
            self.led = _SUIT[action]
        if len(trick) < seats:
            self.to_play = (seat + 1) % seats
            return
        self.leader = leader = (self.leader + self._winner(trick)) % seats
        self.taken[leader] += 1
        self.played.append(tuple(trick))
        self.trick = []
        self.to_play = leader if len(self.played) < self.cards else None

    def _winner(self, trick: list[int]) -> int:
        """The index in ``trick`` of the card that wins it: the highest trump, else the
        highest card of the suit led."""
        trump, led = self.trump, self.led
        best, top = 0, -1
        for index, card in enumerate(trick):
            suit = _SUIT[card]
            strength = _RANK[card] + (200 if suit == trump else 100 if suit == led else 0)
            if strength > top:
                best, top = index, strength
        return best

    def result(self) -> OhHellDealResult:
        trump = None if self.trump is None else _SUITS[self.trump]
        bids, taken = self.bids, self.taken
        return OhHellDealResult(
            self.game,
            trump,
            tuple(bids),
            tuple(taken),
            self.dealer,
            [card for hand in self.hands for card in hand],
            self.turned,
            tuple(self.played),
            tuple(map(self.plan.rule.points, bids, taken)),
        )


def random_player(game: Any, settings: OhHellSettings, plan: DealPlan) -> RandomPlayer:
    """Plays deal ``index`` of a run to its result as random bots (ChoiceBots drawing
    from ``rng``) play it through an :class:`OhHellDeal`, in one loop: the same cards
    dealt, every draw the same (``rng.choice``'s, written out; the tricks by
    ``core.tricks.choice_tricks``), the same bids, tricks and points. The suite checks
    that both give the same deals."""
    seats, hook, points = settings.players, settings.hook, plan.rule.points
    widths, suits = _WIDTHS, _SUIT
    bidders = seats - 1  # before the dealer, who bids last and may be held by the hook
    # For each hand of the sequence: its cards, each seat's share of the shuffled pack,
    # where the card turned for trump lies in it (None: every card is dealt), and how
    # many places of the pack the deal reads.
    sequence = tuple(
        (
            cards,
            tuple(slice(s * cards, (s + 1) * cards) for s in range(seats)),
            seats * cards if seats * cards < PACK else None,
            min(seats * cards + 1, PACK),
        )
        for cards in plan.sequence
    )
    length = len(sequence)

    def play(index: int, rng: random.Random) -> OhHellDealResult:
        cards, shares, turned_at, dealt = sequence[index % length]
        dealer = index % seats
        pack = shuffled_pack(rng, PACK, dealt)  # as rng.shuffle(full_deck()) orders it
        every_held = list(map(sorted, map(pack.__getitem__, shares)))
        turned = None if turned_at is None else pack[turned_at]
        trump = None if turned is None else suits[turned]
        bits = rng.getrandbits
        bids = [0] * seats
        seat = leader = (dealer + 1) % seats
        n = cards + 1  # any bid from 0 to the cards dealt
        k = widths[n]
        for _ in range(bidders):
            drawn = bits(k)
            while drawn >= n:
                drawn = bits(k)
            bids[seat] = drawn
            seat = (seat + 1) % seats
        forbidden = cards - sum(bids) if hook else -1
        if forbidden >= 0:  # the dealer's bids leave out the one that makes the total
            n = cards
            k = widths[n]
        drawn = bits(k)
        while drawn >= n:
            drawn = bits(k)
        bids[dealer] = drawn + (0 <= forbidden <= drawn)
        _, played, taken = choice_tricks(every_held, leader, -1 if trump is None else trump, bits)
        return OhHellDealResult(
            game,
            None if trump is None else _SUITS[trump],
            tuple(bids),
            tuple(taken),
            dealer,
            pack,
            turned,
            tuple(played),
            tuple(map(points, bids, taken)),
        )

    return play


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
        order = sorted(legal, key=_RANK.__getitem__)
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

    plan = DealPlan(settings)

    def new_deal(index: int, rng: random.Random) -> OhHellDeal:
        return OhHellDeal(game, settings, index, rng, plan)

    own_loops = {"random": random_player(game, settings, plan)}
    return simulate_play(new_deal, BOTS, bots, deals, seed, settings.players, own_loops)


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
        self.add({"bids": result.bids, "tricks": result.tricks})

    def lines(self) -> list[str]:
        rate = f" ({100 * self.exact / self.bids:.1f}%)" if self.bids else ""
        return [f"deals: {self.deals}", f"bids made exactly: {self.exact}/{self.bids}{rate}"]


def verify_deal(settings: OhHellSettings, deal: Mapping[str, Any]) -> list[str]:
    """Every rule of docs/rules/oh-hell.md a simulated hand breaks, worked out again from its
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
