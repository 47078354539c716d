"""Simulation of whole deals by bots (see ``bots``): shuffle and deal, the auction with
Frisch exchanges, contracts, 13 tricks and the score, each deal from its own generator
(``core.simulation``). Cards stay card numbers until ``IsraeliDeal.to_dict``."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..core.errors import IllegalAction
from ..core.seats import left_of
from ..core.simulation import (
    DealTally,
    TurnDeal,
    check_first_dealer,
    key_shuffled,
    percent,
    shared_random_bits,
    simulate_play,
    table_player,
)
from ..core.tricks import Trick, random_tricks, tricks_text
from .auction import Call, IsraeliAuction
from .bids import SEATS, TRICKS_PER_HAND, Bid
from .bots import BOTS, BotFactory, IsraeliBot, IsraeliHeuristicBot, IsraeliRandomBot
from .contracts import ContractPhase, OverUnder
from .play import CARD_TEXT, NO_TRUMP, SUIT_OF, IsraeliPlayState
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


class IsraeliDealState(TurnDeal):
    """One deal as bots play it (a ``core.simulation.DealState``): the auction's calls,
    each seat's 3 cards passed left in a Frisch exchange (a sorted tuple), the contracts,
    then the cards (numbers), each stage on its own state machine (``IsraeliAuction``,
    ``ContractPhase``, ``IsraeliPlayState``); ``stage`` says which. Over, its result is
    the :class:`IsraeliDeal`."""

    def __init__(
        self,
        settings: RuleSettings,
        dealer: int,
        rng: random.Random,
        scorer: Callable[..., HandScore] | None = None,
    ) -> None:
        """Deals with ``rng``; ``scorer``, the settings' ``hand_scorer`` made once for a
        run's many deals (made here when not given)."""
        self.settings = settings
        self._scorer = scorer
        self.dealer = dealer
        self.dealt = self.hands = deal_hands(rng)
        self.auction = IsraeliAuction(settings, dealer, self.dealt)
        self.stage = "auction"
        self.contract_phase: ContractPhase | None = None
        self.play: IsraeliPlayState | None = None
        self.trump = NO_TRUMP
        self.to_play = self.auction.to_speak
        self._deal: IsraeliDeal | None = None

    @property
    def bidding(self) -> bool:  # type: ignore[override]
        return self.stage != "play"

    def ask(self, bot: IsraeliBot, legal: list[Any]) -> Any:
        """``bot``'s choice among ``legal`` now, by the decision of the stage."""
        hand = self.hands[bot.seat]
        stage = self.stage
        if stage == "play":
            return bot.choose_card(self.play, legal)
        if stage == "auction":
            return bot.choose_call(self.auction, hand)
        if stage == "exchange":
            return tuple(bot.choose_exchange(self.auction, hand))
        return bot.choose_contract(self.contract_phase, hand, self.trump)

    def apply(self, action: Any) -> None:
        """As ``TurnDeal.apply``; a Frisch exchange is any 3 of the seat's cards, in any
        order (kept in its order)."""
        if self.stage != "exchange":
            super().apply(action)
            return
        chosen = tuple(action) if isinstance(action, (list, tuple)) else (action,)
        if tuple(sorted(chosen)) not in self.legal_actions():
            raise IllegalAction(f"seat {self.to_play} may not pass {action}", "exchange")
        seat = self.to_play
        self._legal_now = None
        self._apply(seat, chosen)  # type: ignore[arg-type]

    def _legal(self) -> list[Any]:
        stage = self.stage
        if stage == "play":
            return self.play.legal_indices()  # type: ignore[union-attr]
        if stage == "auction":
            return list(self.auction.legal_actions())
        if stage == "exchange":
            return list(combinations(sorted(self.hands[self.to_play]), 3))  # type: ignore[index]
        return list(self.contract_phase.legal_actions())  # type: ignore[union-attr]

    def _apply(self, seat: int, action: Any) -> None:
        stage = self.stage
        if stage == "play":
            play = self.play
            play.hands[seat][SUIT_OF[action]].remove(action)  # type: ignore[union-attr]
            play._place(seat, action)  # type: ignore[union-attr]
            if play.to_play is None:  # type: ignore[union-attr]
                self._over()
            else:
                self.to_play = play.to_play  # type: ignore[union-attr]
            return
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
        """Whose turn it is once a call, an exchange or a contract is made."""
        auction, settings = self.auction, self.settings
        if self.stage in ("auction", "exchange"):
            if auction.to_speak is not None:
                self.stage, self.to_play = "auction", auction.to_speak
                return
            if auction.phase == "exchange":
                self.stage, self.to_play = "exchange", auction.to_exchange[0]
                return
            declarer, bid = auction.declarer, auction.bid
            if declarer is None or bid is None:
                if settings.all_pass != "pass_round":
                    self._over()
                    return
                self._start_play(NO_TRUMP, left_of(self.dealer, seats=SEATS), None)
                return
            self.trump = int(bid.denomination)
            self.contract_phase = ContractPhase(settings, declarer, bid.level)
            self.stage = "contracts"
        phase = self.contract_phase
        assert phase is not None and auction.declarer is not None
        if phase.to_speak is not None:
            self.to_play = phase.to_speak
            return
        self._start_play(self.trump, auction.declarer, phase.contracts)

    def _start_play(self, trump: int, leader: int, contracts: list[int] | None) -> None:
        self.stage = "play"
        self.play = IsraeliPlayState._trusted(self.hands, trump, leader, contracts)
        self.to_play = leader

    def result(self) -> IsraeliDeal:
        return super().result()

    def _result(self) -> IsraeliDeal:
        auction, settings, dealer, dealt = self.auction, self.settings, self.dealer, self.dealt
        rounds, exchanges = auction.rounds, auction.exchanges
        play = self.play
        if play is None:
            return IsraeliDeal(dealer, dealt, rounds, exchanges)
        tricks, taken = play.tricks, play.tricks_taken
        phase = self.contract_phase
        if phase is None:
            score = score_pass_round(settings, taken)
            return IsraeliDeal(
                dealer, dealt, rounds, exchanges, None, None, None, None, tricks, taken, score, True
            )
        declarer, bid, contracts = auction.declarer, auction.bid, phase.contracts
        scorer = self._scorer or hand_scorer(settings)
        score = scorer(contracts, taken, declarer)
        return IsraeliDeal(
            dealer,
            dealt,
            rounds,
            exchanges,
            declarer,
            bid,
            contracts,
            phase.order,
            tricks,
            taken,
            score,
        )

    def play_bots(self, bots: Sequence[IsraeliBot]) -> IsraeliDeal:
        """Plays the deal through with ``bots``, the same choices as ``play_through``
        asks of them, without a look-up per action: four plain random bots drawing from
        one generator by ``play_random``, other bots through their calls."""
        if shared_random_bits(bots, IsraeliRandomBot) is not None:
            return self.play_random(bots[0]._rng)  # type: ignore[attr-defined]
        auction, hands = self.auction, self.hands
        choose_call = [bot.choose_call for bot in bots]
        while True:
            seat = auction.to_speak
            if seat is not None:
                auction.apply(choose_call[seat](auction, hands[seat]))
            elif auction.phase == "exchange":
                for seat, bot in enumerate(bots):
                    auction.exchange(seat, bot.choose_exchange(auction, hands[seat]))
                self.hands = hands = auction.hands or hands
            else:
                break
        self.stage = "auction"
        self._next()
        phase = self.contract_phase
        if self.stage == "contracts" and phase is not None:
            choose_contract = [bot.choose_contract for bot in bots]
            trump = self.trump
            for seat in phase.order:
                phase.apply(choose_contract[seat](phase, hands[seat], trump))
            self._next()
        play = self.play
        if play is not None and play.to_play is not None:
            play.play_out([bot.choose_card for bot in bots])
            self._over()
        self._legal_now = None
        return self.result()

    def play_random(self, rng: random.Random) -> IsraeliDeal:
        """Plays the deal through as four ``random`` bots drawing from ``rng`` play it
        (``play_bots``), in one loop without the bots: the same draws, from the machines'
        own random loops (simulation's hottest path)."""
        settings, auction, hands, dealer = self.settings, self.auction, self.hands, self.dealer
        bits = rng.getrandbits
        while True:
            if auction.to_speak is not None:
                auction.play_random(bits)
            elif auction.phase == "exchange":
                sample = rng.sample
                for seat in range(SEATS):
                    auction.exchange(seat, sample(list(hands[seat]), 3))
                self.hands = hands = auction.hands or hands
            else:
                break
        rounds, exchanges = auction.rounds, auction.exchanges
        declarer, bid = auction.declarer, auction.bid
        self.stage, self.to_play = "over", None
        if declarer is None or bid is None:
            if settings.all_pass != "pass_round":
                deal = self._deal = IsraeliDeal(dealer, self.dealt, rounds, exchanges)
                return deal
            play = self.play = IsraeliPlayState._trusted(
                hands, NO_TRUMP, left_of(dealer, seats=SEATS), None
            )
            random_tricks(play, bits)
            taken = play.tricks_taken
            deal = self._deal = IsraeliDeal(
                dealer,
                self.dealt,
                rounds,
                exchanges,
                None,
                None,
                None,
                None,
                play.tricks,
                taken,
                score_pass_round(settings, taken),
                True,
            )
            return deal
        self.trump = trump = int(bid.denomination)
        phase = self.contract_phase = ContractPhase(settings, declarer, bid.level)
        phase.play_random(bits)
        contracts = phase.contracts
        play = self.play = IsraeliPlayState._trusted(hands, trump, declarer, contracts)
        random_tricks(play, bits)
        taken = play.tricks_taken
        score = (self._scorer or hand_scorer(settings))(contracts, taken, declarer)
        deal = self._deal = IsraeliDeal(
            dealer,
            self.dealt,
            rounds,
            exchanges,
            declarer,
            bid,
            contracts,
            phase.order,
            play.tricks,
            taken,
            score,
        )
        return deal


def _random_player(
    settings: RuleSettings, first_dealer: int, scorer: Callable[..., HandScore]
) -> Callable[[int, random.Random], IsraeliDeal]:
    """Deal ``index`` of a run played by ``random`` bots drawing from ``rng``
    (``IsraeliDealState.play_random``)."""

    def play(index: int, rng: random.Random) -> IsraeliDeal:
        return IsraeliDealState(settings, (first_dealer + index) % SEATS, rng, scorer).play_random(
            rng
        )

    return play


def simulate_deals(
    settings: RuleSettings,
    hands: int | range,
    seed: int | None = None,
    bots: str | Sequence[IsraeliBot] | BotFactory = "random",
    first_dealer: int = 0,
) -> Iterator[IsraeliDeal]:
    """The deals of a run, or of the range of its indices given (``core.simulation``'s
    ``simulate_play``: each deal stands alone, dealt by ``(first_dealer + index) % 4``),
    played by ``bots``: a kind of ``bots.BOTS``, a factory ``(seat, rng)``, or four bots.
    Raises ValueError at once for a bad count, seat, kind of bot or number of bots."""
    check_first_dealer(first_dealer, SEATS)
    scorer = hand_scorer(settings)

    def new_deal(index: int, rng: random.Random) -> IsraeliDealState:
        return IsraeliDealState(settings, (first_dealer + index) % SEATS, rng, scorer)

    own_loops = {
        "random": _random_player(settings, first_dealer, scorer),
        "heuristic": table_player(new_deal, IsraeliHeuristicBot, SEATS),
    }
    return simulate_play(new_deal, BOTS, bots, hands, seed, SEATS, own_loops, name="hands")


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
