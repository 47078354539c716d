"""Simulation of whole deals by bots (see ``bots``): shuffle and deal, the auction with
Frisch exchanges, contracts, 13 tricks and the score, each deal from its own generator
(``core.simulation``). Cards stay card numbers until ``IsraeliDeal.to_dict``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.seats import SEATS, left_of
from ..core.simulation import (
    DealTally,
    Table,
    key_shuffled,
    percent,
    run_table,
    shared_random_bits,
    table_bots,
)
from ..core.tricks import Trick, random_tricks, tricks_text
from .auction import Call, IsraeliAuction
from .bids import TRICKS_PER_HAND, Bid
from .bots import BOTS, BotFactory, IsraeliBot, IsraeliRandomBot
from .contracts import ContractPhase, OverUnder
from .play import CARD_TEXT, NO_TRUMP, IsraeliPlayState
from .records import HandRecord
from .scoring import HandScore, hand_scorer, score_pass_round
from .settings import RuleSettings
from .verify import record_of_deal

_PACK = list(range(52))


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

    @property
    def record(self) -> HandRecord:
        """The deal as a table would record it, for ``progression.replay``."""
        return record_of_deal(self.to_dict())

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
    """Shuffles a pack with ``rng`` and returns four hands of 13 card numbers, in the order
    dealt (a shuffle by sorting on random keys: cheaper than ``rng.shuffle``)."""
    pack = key_shuffled(rng, _PACK, 52)
    return [pack[0:13], pack[13:26], pack[26:39], pack[39:52]]


class IsraeliTable(Table):
    """Four bots at a table, with their decisions looked up once for many deals."""

    def __init__(self, settings: RuleSettings, bots: Sequence[IsraeliBot]) -> None:
        super().__init__(settings, bots)
        self.choose_contract = [bot.choose_contract for bot in bots]
        self.random_bits = shared_random_bits(bots, IsraeliRandomBot)
        self._score = hand_scorer(settings)

    def play_deal(self, dealer: int, rng: random.Random) -> IsraeliDeal:
        """Deals with ``rng`` and plays the deal through (four plain random bots: from
        their very draws, in the state machines' own loops)."""
        settings = self.settings
        hands = dealt = deal_hands(rng)
        auction = IsraeliAuction(settings, dealer, dealt)
        choose_call, bits = self.choose_call, self.random_bits
        while True:
            seat = auction.to_speak
            if seat is not None:
                if bits is not None:
                    auction.play_random(bits)
                else:
                    auction.apply(choose_call[seat](auction, hands[seat]))
            elif auction.phase == "exchange":
                for seat, bot in enumerate(self.bots):
                    auction.exchange(seat, bot.choose_exchange(auction, hands[seat]))
                hands = auction.hands or hands
            else:
                break
        rounds, exchanges = auction.rounds, auction.exchanges
        declarer, bid = auction.declarer, auction.bid
        if declarer is None or bid is None:
            if settings.all_pass != "pass_round":
                return IsraeliDeal(dealer, dealt, rounds, exchanges)
            tricks, taken = self._play(hands, NO_TRUMP, left_of(dealer), None)
            score = score_pass_round(settings, taken)
            return IsraeliDeal(
                dealer, dealt, rounds, exchanges, None, None, None, None, tricks, taken, score, True
            )
        trump = int(bid.denomination)
        phase = ContractPhase(settings, declarer, bid.level)
        if bits is not None:
            phase.play_random(bits)
        else:
            choose_contract = self.choose_contract
            for seat in phase.order:
                phase.apply(choose_contract[seat](phase, hands[seat], trump))
        order, contracts = phase.order, phase.contracts
        tricks, taken = self._play(hands, trump, declarer, contracts)
        score = self._score(contracts, taken, declarer)
        return IsraeliDeal(
            dealer, dealt, rounds, exchanges, declarer, bid, contracts, order, tricks, taken, score
        )

    def _play(
        self, hands: list[list[int]], trump: int, leader: int, contracts: list[int] | None
    ) -> tuple[list[Trick], list[int]]:
        play = IsraeliPlayState._trusted(hands, trump, leader, contracts)
        if self.random_bits is not None:
            random_tricks(play, self.random_bits)
        else:
            play.play_out(self.choose_card)
        return play.tricks, play.tricks_taken


def simulate_deals(
    settings: RuleSettings,
    hands: int | range,
    seed: int | None = None,
    bots: str | Sequence[IsraeliBot] | BotFactory = "random",
    first_dealer: int = 0,
) -> Iterator[IsraeliDeal]:
    """The deals of a run, or of the range of its indices given (``core.simulation``'s
    ``run_table``: each deal stands alone), played by ``bots``: a kind of ``bots.BOTS``,
    a factory ``(seat, rng)``, or four bots. Raises ValueError at once for a bad count,
    seat, kind of bot or number of bots."""

    def table(rng: random.Random) -> IsraeliTable:
        return IsraeliTable(settings, table_bots(bots, rng, BOTS))

    return run_table(table, hands, seed, first_dealer, "hands")


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
            made = contract == tricks
            position = (seat - declarer) % SEATS
            self.by_position[position][0] += made
            self.by_position[position][1] += 1
            self.by_contract[contract][0] += made
            self.by_contract[contract][1] += 1
            if contract == 0:
                self.zero[hand][0] += made
                self.zero[hand][1] += 1

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
