"""Simulation of whole deals by bots (see ``bots``): shuffle and deal, the auction with
Frisch exchanges, contracts, 13 tricks and the score, each block of deals from its own
generator (``core.simulation``). Cards stay card numbers until ``IsraeliDeal.to_dict``."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..core.bots import SeatBot
from ..core.seats import left_of
from ..core.simulation import DealTally, StagedDeal, percent, shuffled_hands, simulate_staged
from ..core.tricks import Trick, random_tricks, split_hands, tricks_text
from .auction import Call, IsraeliAuction
from .bids import SEATS, TRICKS_PER_HAND, Bid
from .bots import BOTS, BotFactory, IsraeliRandomBot
from .contracts import ContractPhase, OverUnder
from .play import CARD_TEXT, NO_TRUMP, SUIT_OF, IsraeliPlayState
from .scoring import HandScore, hand_scorer, score_pass_round
from .settings import RuleSettings


@dataclass(slots=True, eq=False)
class IsraeliDeal:
    """Everything that happened in one simulated deal. Cards are card numbers."""

    dealer: int
    deal: list[list[int]]
    auctions: list[list[tuple[int, Call]]]
    exchanges: list[tuple[tuple[int, ...], ...]]
    declarer: int | None = None
    bid: Bid | None = None
    contracts: list[int] | None = None
    contract_order: list[int] | None = None
    tricks: list[Trick] = field(default_factory=list)
    tricks_taken: list[int] | None = None
    score: HandScore | None = None
    pass_round: bool = False

    @property
    def thrown_in(self) -> bool:
        """True for a deal all passed and thrown in (not played as a pass round)."""
        return self.declarer is None and not self.pass_round

    @property
    def over_under(self) -> OverUnder | None:
        return self.score.over_under if self.score is not None else None

    @property
    def points(self) -> tuple[int, ...]:
        """Points per seat; nothing is scored for a thrown-in deal."""
        return self.score.points if self.score is not None else (0,) * SEATS

    def to_dict(self) -> dict[str, Any]:
        """The deal as JSON-ready values, cards and calls as text, hands sorted; a thrown-in
        deal has no play (None, no tricks, no points), a pass round ``"pass_round": true``
        and no declarer, bid or contracts."""
        text = CARD_TEXT
        result = {
            "dealer": self.dealer,
            "deal": [[text[n] for n in sorted(hand)] for hand in self.deal],
            "auctions": [
                [{"seat": seat, "call": str(call)} for seat, call in calls]
                for calls in self.auctions
            ],
            "exchanges": [[[text[n] for n in cards] for cards in ex] for ex in self.exchanges],
            "thrown_in": self.thrown_in,
            "declarer": self.declarer,
            "bid": str(self.bid) if self.bid is not None else None,
            "contracts": self.contracts,
            "contract_order": self.contract_order,
            "tricks": tricks_text(self.tricks, text),
            "tricks_taken": self.tricks_taken,
            "over_under": self.over_under,
            "points": list(self.points),
        }
        if self.pass_round:
            result["pass_round"] = True
        return result


def deal_hands(rng: random.Random) -> list[list[int]]:
    """Four hands of 13 card numbers in the order dealt from a shuffled pack, as a simulated
    deal is dealt (``core.simulation.shuffled_hands``)."""
    return shuffled_hands(rng, SUIT_OF)[0]


class IsraeliDealState(StagedDeal):
    """One deal as bots play it (``core.simulation.StagedDeal``): the auction's calls
    (``IsraeliAuction``), each seat's 3 cards passed left in a Frisch exchange (a sorted
    tuple), the contracts (``ContractPhase``), then the cards on an ``IsraeliPlayState``.
    Over, its result is the :class:`IsraeliDeal`."""

    set_stage, set_verb, random_bot = "exchange", "pass", IsraeliRandomBot

    def __init__(
        self,
        settings: RuleSettings,
        dealer: int,
        rng: random.Random,
        scorer: Callable[..., HandScore] | None = None,
    ) -> None:
        """Deals with ``rng``; ``scorer``, the settings' ``hand_scorer`` made once for a
        run's many deals (made here when not given)."""
        self.settings, self.dealer, self._scorer = settings, dealer, scorer
        self.dealt, self._by_suit = shuffled_hands(rng, SUIT_OF)  # split as dealt
        self.hands = self.dealt
        self.auction = IsraeliAuction(settings, dealer, self.dealt)
        self.stage, self.to_play = "auction", self.auction.to_speak
        self.contract_phase: ContractPhase | None = None
        self.trump = NO_TRUMP

    def _ask(self, bot: Any, seat: int) -> Any:
        hand, stage = self.hands[seat], self.stage
        if stage == "auction":
            return bot.choose_call(self.auction, hand)
        if stage == "exchange":
            return tuple(bot.choose_exchange(self.auction, hand))
        return bot.choose_contract(self.contract_phase, hand, self.trump)  # type: ignore[arg-type]

    def _legal_bid(self, stage: str, seat: int | None) -> list[Any]:
        if stage == "exchange":
            return list(combinations(sorted(self.hands[seat]), 3))  # type: ignore[index]
        machine = self.auction if stage == "auction" else self.contract_phase
        return list(machine.legal_actions())  # type: ignore[union-attr]

    def _apply_bid(self, stage: str, seat: int, action: Any) -> None:
        if stage == "contracts":
            self.contract_phase.apply(action)  # type: ignore[union-attr]
        elif stage == "auction":
            self.auction.apply(action)
        else:
            self.auction.exchange(seat, action)
            if self.auction.phase != "exchange":
                self.hands = self.auction.hands or self.hands
        self._next()

    def _next(self) -> None:
        """Whose turn it is once a call, an exchange or a contract is made: a seat's in
        the auction or the exchange, then the contracts, then the first card; or the deal
        is over, thrown in."""
        auction, phase = self.auction, self.contract_phase
        if phase is None:
            if auction.to_speak is not None:
                self.stage, self.to_play = "auction", auction.to_speak
                return
            if auction.phase == "exchange":
                self.stage, self.to_play = "exchange", auction.to_exchange[0]
                return
            if auction.phase != "declared":  # all passed: a pass round, or thrown in
                if self.settings.all_pass == "pass_round":
                    self._play(NO_TRUMP, left_of(self.dealer, seats=SEATS), None)
                else:
                    self._over()
                return
            bid = auction.bid
            self.trump = int(bid.denomination)
            phase = ContractPhase(self.settings, auction.winner, bid.level)  # type: ignore[arg-type]
            self.stage, self.contract_phase = "contracts", phase
        if (seat := phase.to_speak) is not None:
            self.to_play = seat
        else:
            self._play(self.trump, phase.declarer, phase.contracts)

    def _play(self, trump: int, leader: int, contracts: list[int] | None) -> None:
        hands = self.hands  # split again only when a Frisch exchange changed them
        by_suit = self._by_suit if hands is self.dealt else split_hands(hands, SUIT_OF)
        self._start_play(IsraeliPlayState._trusted(by_suit, trump, leader, contracts))

    def _result(self) -> IsraeliDeal:
        auction, play, phase = self.auction, self.play, self.contract_phase
        deal = IsraeliDeal(self.dealer, self.dealt, auction.rounds, auction.exchanges)
        if play is None:  # thrown in
            return deal
        taken = deal.tricks_taken = play.tricks_taken
        deal.tricks = play.tricks
        if phase is None:
            deal.score, deal.pass_round = score_pass_round(self.settings, taken), True
            return deal
        contracts, declarer = deal.contracts, deal.declarer = play.contracts, phase.declarer
        deal.bid, deal.contract_order = auction.bid, phase.order
        deal.score = (self._scorer or hand_scorer(self.settings))(contracts, taken, declarer)
        return deal

    def _bid_bots(self, bots: Sequence[SeatBot]) -> None:
        # The auction and its exchanges, then the contracts, each choice asked of the bot
        # of the seat to speak and taken unchecked.
        while self.stage != "play" and (seat := self.to_play) is not None:
            self._apply_bid(self.stage, seat, self._ask(bots[seat], seat))

    def play_random(self, rng: random.Random) -> IsraeliDeal:
        """The deal played through as ``random`` bots drawing from ``rng`` play it, with
        no bot asked: the same draws, from each stage's own random loop."""
        auction, bits = self.auction, rng.getrandbits
        auction.play_random(bits)
        while auction.phase == "exchange":
            for seat, hand in enumerate(self.hands):
                auction.exchange(seat, rng.sample(hand, 3))
            self.hands = auction.hands  # type: ignore[assignment]
            auction.play_random(bits)
        self._next()
        if (phase := self.contract_phase) is not None:
            phase.play_random(bits)
            self._play(self.trump, phase.declarer, phase.contracts)  # as _next, once named
        if self.play is not None:
            random_tricks(self.play, bits, as_dealt=True)
        self._over()
        return self.result()


def simulate_deals(
    settings: RuleSettings,
    hands: int | range,
    seed: int | None = None,
    bots: str | Sequence[SeatBot] | BotFactory = "random",
    first_dealer: int = 0,
) -> Iterator[IsraeliDeal]:
    """The deals of a run, or of the range of its indices given (``core.simulation``'s
    ``simulate_staged``: each block of deals stands alone, dealt by ``(first_dealer + index) % 4``),
    played by ``bots``: a kind of ``bots.BOTS``, a factory ``(seat, rng)``, or four bots.
    Raises ValueError at once for a bad count, seat, kind of bot or number of bots."""
    scorer = hand_scorer(settings)

    def new_deal(dealer: int, rng: random.Random) -> IsraeliDealState:
        return IsraeliDealState(settings, dealer, rng, scorer)

    return simulate_staged(new_deal, BOTS, bots, hands, seed, SEATS, first_dealer, name="hands")


_POSITION_NAMES = ("declarer", "1st after declarer", "2nd after declarer", "last bidder")


@dataclass
class IsraeliTally(DealTally):
    """Counts over many simulated deals, for the command line's summary."""

    over: int = 0
    under: int = 0
    by_position: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in range(SEATS)])
    """[made, played] per seat counted clockwise from the declarer."""
    by_contract: list[list[int]] = field(
        default_factory=lambda: [[0, 0] for _ in range(TRICKS_PER_HAND + 1)]
    )
    """[made, played] per contract size 0..13."""
    zero: dict[str, list[int]] = field(default_factory=lambda: {"over": [0, 0], "under": [0, 0]})
    """[made, played] zero contracts by the hand's over/under."""

    def add_result(self, result: IsraeliDeal) -> None:
        self._count(result.declarer, result.contracts, result.tricks_taken, result.over_under)

    def add(self, deal: Mapping[str, Any]) -> None:
        self._count(deal["declarer"], deal["contracts"], deal["tricks_taken"], deal["over_under"])

    def _count(self, declarer: int | None, contracts: Any, taken: Any, hand: Any) -> None:
        """Counts a deal; one nobody declared (thrown in, or a pass round) only as such."""
        self.deals += 1
        if declarer is None:
            self.thrown_in += 1
            return
        if hand == "over":
            self.over += 1
        else:
            self.under += 1
        for seat, (contract, tricks) in enumerate(zip(contracts, taken, strict=True)):
            counts = [self.by_position[(seat - declarer) % SEATS], self.by_contract[contract]]
            if contract == 0:
                counts.append(self.zero[hand])
            for count in counts:  # [made, played]
                count[0] += contract == tricks
                count[1] += 1

    def lines(self) -> list[str]:
        """The summary as text lines."""
        played = self.played
        out = [
            f"deals: {self.deals}  played: {played}  thrown in: {self.thrown_in}",
            f"over: {self.over} ({percent(self.over, played)})  "
            f"under: {self.under} ({percent(self.under, played)})",
            "contracts made by speaking position:",
        ]
        for seat_offset, (made, total) in enumerate(self.by_position):
            name = _POSITION_NAMES[seat_offset]
            out.append(f"  {name:<20} {percent(made, total):>7}  ({made}/{total})")
        out.append("contracts made by size:")
        for size, (made, total) in enumerate(self.by_contract):
            if total:
                out.append(f"  {size:>2} {percent(made, total):>7}  ({made}/{total})")
        zero_made = sum(m for m, _ in self.zero.values())
        zero_total = sum(t for _, t in self.zero.values())
        out.append(
            f"zero bids made: {percent(zero_made, zero_total)} ({zero_made}/{zero_total}); "
            + "  ".join(f"{k} hands {percent(m, t)} ({m}/{t})" for k, (m, t) in self.zero.items())
        )
        return out
