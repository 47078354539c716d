"""Simulation of whole deals: shuffle and deal, the auction, the bidder's announcement,
the kitty and discard, 12 tricks and the score, played by bots (see ``bots``).

The same seed gives the same deals, calls and cards every time: each deal is shuffled and
played from its own generator, seeded from the run's seed and the deal's index (see
``core.simulation``), so no deal depends on another; the bots draw from that generator
after the shuffle. Cards stay card numbers until
``BidWhistDeal.to_dict`` writes them as text.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..core import simulation as run
from ..core.errors import IllegalAction
from ..core.tricks import Trick, tricks_text
from .auction import BidWhistAuction, Call
from .bids import Bid, Kind
from .bots import BOTS, BidWhistBot, BidWhistHeuristicBot, BidWhistRandomBot
from .cards import BOOKS, CARD_TEXT, HAND_SIZE, NO_SUIT, PACK_SIZE, SEATS, pack
from .play import BidWhistPlayState, play_out_random
from .scoring import HandScore, score_hand, side_of
from .settings import BidWhistSettings

_SUIT_LETTERS = "CDHS"


@dataclass(slots=True, eq=False)
class BidWhistDeal:
    """Everything that happened in one simulated deal. Cards are card numbers; a deal
    nobody bid on has only its dealer, deal, kitty and auction."""

    dealer: int
    deal: list[list[int]]
    kitty: list[int]
    auction: list[tuple[int, Call]]
    bidder: int | None = None
    bid: Bid | None = None
    trump: int = NO_SUIT
    low: bool = False
    discard: Sequence[int] = ()
    tricks: list[Trick] = field(default_factory=list)
    books: list[int] | None = None
    _settings: BidWhistSettings | None = field(default=None, repr=False)
    _score: HandScore | None = field(default=None, init=False, repr=False)

    @property
    def score(self) -> HandScore | None:
        """The hand's score (None for a thrown-in deal), worked out when first asked for."""
        if self._score is None and self.bid is not None:
            assert self.bidder is not None and self.books is not None and self._settings
            side = side_of(self.bidder)
            self._score = score_hand(self._settings, self.bidder, self.bid, self.books[side])
        return self._score

    @property
    def thrown_in(self) -> bool:
        """True when all four passed under ``all_pass=redeal``."""
        return self.bidder is None

    @property
    def points(self) -> tuple[int, int]:
        """Points per side [A, B]; nothing is scored for a thrown-in deal."""
        return self.score.points if self.score is not None else (0, 0)

    def to_dict(self) -> dict[str, Any]:
        """The deal as JSON-ready values, cards and calls as text. ``deal`` holds the four
        hands as dealt, before the kitty, sorted; ``books`` is per side [A, B] with the
        discard counted to the bidder's side. A thrown-in deal has no play: bidder, bid,
        trump, direction and books are None, discard and tricks are empty, points [0, 0]."""
        text = CARD_TEXT
        played = self.bid is not None
        return {
            "dealer": self.dealer,
            "deal": [[text[n] for n in sorted(hand)] for hand in self.deal],
            "kitty": [text[n] for n in self.kitty],
            "auction": [{"seat": seat, "call": str(call)} for seat, call in self.auction],
            "thrown_in": not played,
            "bidder": self.bidder,
            "bid": str(self.bid) if played else None,
            "trump": _SUIT_LETTERS[self.trump] if played and self.trump != NO_SUIT else None,
            "direction": ("low" if self.low else "high") if played else None,
            "discard": [text[n] for n in self.discard],
            "tricks": tricks_text(self.tricks, text),
            "books": list(self.books) if self.books is not None else None,
            "points": list(self.points),
        }


_PACKS = {jokers: pack(jokers) for jokers in (0, 1, 2)}
"""The packs by their jokers, made once (``key_shuffled`` reads them, never changes them)."""


class BidWhistDealState(run.TurnDeal):
    """One deal as bots play it (a ``core.simulation.DealState``): the auction's calls
    (``BidWhistAuction``), the bidder's declaration ``(trump, low)``, its discard (a
    sorted tuple of its 12 cards and the kitty's), then the cards (numbers) on a
    ``BidWhistPlayState``; ``stage`` says which. Over, its result is the
    :class:`BidWhistDeal`."""

    def __init__(self, settings: BidWhistSettings, dealer: int, rng: random.Random) -> None:
        self.settings = settings
        self.dealer = dealer
        cards = _PACKS.get(settings.jokers) or pack(settings.jokers)
        shuffled = run.key_shuffled(rng, cards, PACK_SIZE)  # a key for each joker too
        self.dealt = [shuffled[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(SEATS)]
        self.kitty = shuffled[SEATS * HAND_SIZE :]
        self.kitty_size = len(self.kitty)
        self.auction = BidWhistAuction(settings, dealer)
        self.stage = "auction"
        self.trump, self.low = NO_SUIT, False
        self.discard: Sequence[int] = ()
        self.play: BidWhistPlayState | None = None
        self.to_play = self.auction.to_speak
        self._deal: BidWhistDeal | None = None

    @property
    def bidding(self) -> bool:  # type: ignore[override]
        return self.stage != "play"

    def ask(self, bot: BidWhistBot, legal: list[Any]) -> Any:
        """``bot``'s choice among ``legal`` now, by the decision of the stage."""
        stage, seat = self.stage, bot.seat
        if stage == "play":
            return bot.choose_card(self.play, legal)
        if stage == "auction":
            return bot.choose_call(self.auction, self.dealt[seat])
        bid = self.auction.bid
        assert bid is not None
        if stage == "declaration":
            return self._declared(seat, *bot.choose_declaration(bid, self.dealt[seat]))
        full = self.dealt[seat] + self.kitty
        return tuple(bot.choose_discard(full, self.kitty_size, self.trump, self.low))

    def _declared(self, seat: int, trump: int, low: bool) -> tuple[int, bool]:
        # What a declaration says, as the bid's kind reads it: no trump at no-trump, the
        # direction of a suit bid its kind's. Raises ValueError for no suit at all.
        kind = self.auction.bid.kind  # type: ignore[union-attr]
        if kind is Kind.NO_TRUMP:
            return NO_SUIT, bool(low)
        if not 0 <= trump < 4:
            raise ValueError(f"seat {seat} named trump {trump!r}; a suit is 0..3")
        return trump, kind is Kind.DOWNTOWN

    def _legal(self) -> list[Any]:
        stage = self.stage
        if stage == "play":
            return self.play.legal_indices()  # type: ignore[union-attr]
        if stage == "auction":
            return list(self.auction.legal_actions())
        if stage == "declaration":
            if self.auction.bid.kind is Kind.NO_TRUMP:  # type: ignore[union-attr]
                return [(NO_SUIT, False), (NO_SUIT, True)]
            return [self._declared(self.to_play, trump, False) for trump in range(4)]  # type: ignore[arg-type]
        full = sorted(self.dealt[self.to_play] + self.kitty)  # type: ignore[index]
        return list(combinations(full, self.kitty_size))

    def _apply(self, seat: int, action: Any) -> None:
        stage = self.stage
        if stage == "play":
            play = self.play
            play.hands[seat][play.suit_of[action]].remove(action)  # type: ignore[union-attr]
            play._place(seat, action)  # type: ignore[union-attr]
            if play.to_play is None:  # type: ignore[union-attr]
                self._over()
            else:
                self.to_play = play.to_play  # type: ignore[union-attr]
        elif stage == "auction":
            self.auction.apply(action)
            self._after_auction()
        elif stage == "declaration":
            self.trump, self.low = action
            self.stage = "discard"
        else:
            self._start_play(action)

    def _after_auction(self) -> None:
        auction = self.auction
        if auction.to_speak is not None:
            self.to_play = auction.to_speak
        elif auction.bidder is None or auction.bid is None:
            self._over()
        else:
            self.stage, self.to_play = "declaration", auction.bidder

    def _start_play(self, discard: Sequence[int], drawn: bool = False) -> None:
        """Play after the bidder's ``discard`` (``drawn`` from its cards by this state's
        own loop: not checked again)."""
        settings, bidder = self.settings, self.auction.bidder
        assert bidder is not None
        full = self.dealt[bidder] + self.kitty
        gone = set(discard)
        if not drawn and (len(gone) != self.kitty_size or not gone <= set(full)):
            raise ValueError(
                f"seat {bidder} discarded {list(discard)!r}; it must be {self.kitty_size} of "
                "its cards"
            )
        self.discard = discard
        hands = self.dealt[:]
        hands[bidder] = [card for card in full if card not in gone]
        trump, low = self.trump, self.low
        shown = tuple(self.kitty) if settings.sport_kitty and trump != NO_SUIT else ()
        self.play = BidWhistPlayState._trusted(
            hands, trump, low, settings.downtown_ace_high, bidder, settings.nt_jokers, shown
        )
        self.stage, self.to_play = "play", bidder

    def result(self) -> BidWhistDeal:
        return super().result()

    def _result(self) -> BidWhistDeal:
        auction, dealer, dealt, kitty = self.auction, self.dealer, self.dealt, self.kitty
        play, bidder, bid = self.play, auction.bidder, auction.bid
        if play is None or bidder is None or bid is None:
            return BidWhistDeal(dealer, dealt, kitty, auction.calls)
        won = play.tricks_taken
        books = [won[0] + won[2], won[1] + won[3]]
        books[side_of(bidder)] += 1  # the discard is the bidders' first book
        return BidWhistDeal(
            dealer,
            dealt,
            kitty,
            auction.calls,
            bidder,
            bid,
            self.trump,
            self.low,
            self.discard,
            play.tricks,
            books,
            self.settings,
        )

    def play_bots(self, bots: Sequence[BidWhistBot]) -> BidWhistDeal:
        """Plays the deal through with ``bots``, the same choices as ``play_through``
        asks of them, without a look-up per action; four plain random bots drawing from
        one generator play their cards from their very draws with no call per card
        (``play_out_random``: simulation's hot path)."""
        if run.shared_random_bits(bots, BidWhistRandomBot) is not None:
            return self.play_random(bots[0]._rng)  # type: ignore[attr-defined]
        auction, dealt = self.auction, self.dealt
        choose_call = [bot.choose_call for bot in bots]
        while (seat := auction.to_speak) is not None:
            auction.apply(choose_call[seat](auction, dealt[seat]))
        self._after_auction()
        if self.stage == "over":
            return self.result()
        bidder, bid = auction.bidder, auction.bid
        assert bidder is not None and bid is not None
        bot = bots[bidder]
        self.trump, self.low = self._declared(bidder, *bot.choose_declaration(bid, dealt[bidder]))
        full = dealt[bidder] + self.kitty
        self._start_play(list(bot.choose_discard(full, self.kitty_size, self.trump, self.low)))
        play = self.play
        assert play is not None
        play.play_out([bot.choose_card for bot in bots])
        self._over()
        return self.result()

    def play_random(self, rng: random.Random) -> BidWhistDeal:
        """Plays the deal through as four ``random`` bots drawing from ``rng`` play it
        (``play_bots``), without making the bots: the same draws, the cards by
        ``play_out_random`` (simulation's hottest path)."""
        auction, dealt = self.auction, self.dealt
        bits = rng.getrandbits
        while auction.to_speak is not None:
            legal = auction.legal_actions()
            auction.apply(legal[bits(32) * len(legal) >> 32])
        bidder, bid = auction.bidder, auction.bid
        if bidder is None or bid is None:
            self._over()
            return self.result()
        if bid.kind is Kind.NO_TRUMP:
            self.trump, self.low = NO_SUIT, bool(bits(1))
        else:
            self.trump, self.low = bits(2), bid.kind is Kind.DOWNTOWN
        cards = dealt[bidder] + self.kitty
        count = self.kitty_size
        for i in range(count):  # BidWhistRandomBot.choose_discard's draws
            j = i + (bits(32) * (len(cards) - i) >> 32)
            cards[i], cards[j] = cards[j], cards[i]
        self._start_play(cards[:count], drawn=True)
        play_out_random(self.play, bits)  # type: ignore[arg-type]
        self._over()
        return self.result()

    def apply(self, action: Any) -> None:
        """As ``TurnDeal.apply``; a discard is any ``kitty_size`` of the bidder's cards,
        in any order (kept in its order)."""
        if self.stage != "discard":
            super().apply(action)
            return
        chosen = tuple(action) if isinstance(action, (list, tuple)) else (action,)
        if tuple(sorted(chosen)) not in self.legal_actions():
            raise IllegalAction(f"seat {self.to_play} may not discard {action}", "discard")
        self._legal_now = None
        self._start_play(chosen)


def simulate_deals(
    settings: BidWhistSettings,
    deals: int | range,
    seed: int | None = None,
    bots: str
    | Sequence[BidWhistBot]
    | Callable[[int, random.Random, BidWhistSettings], BidWhistBot] = "random",
    first_dealer: int = 0,
) -> Iterator[BidWhistDeal]:
    """An iterator over ``deals`` simulated deals, or over the deals of the run whose
    indices a ``range`` gives (one worker's share of a longer run); the deal passes left
    after each.

    Every deal stands alone (see ``core.simulation``): deal ``index`` is shuffled and played
    from a generator seeded by ``deal_seed(seed, index)``, which the bots draw from too,
    and is dealt by seat ``(first_dealer + index) % 4``. So a range of a run gives exactly
    those deals of the whole run.

    ``bots`` is a kind from ``bots.BOTS``, a factory ``(seat, rng, settings) -> BidWhistBot`` that
    is given the run's generator, or four bots in seat order (whose own generators are
    theirs to seed); without a seed the run is not repeatable. Raises ValueError at once
    for a negative count, a bad seat, an unknown bot kind or a wrong number of bots.
    """
    run.check_first_dealer(first_dealer, SEATS)

    def new_deal(index: int, rng: random.Random) -> BidWhistDealState:
        return BidWhistDealState(settings, (first_dealer + index) % SEATS, rng)

    def random_player(index: int, rng: random.Random) -> BidWhistDeal:
        return new_deal(index, rng).play_random(rng)

    own_loops = {
        "random": random_player,
        "heuristic": run.table_player(new_deal, BidWhistHeuristicBot, SEATS, (settings,)),
    }
    return run.simulate_play(
        new_deal, BOTS, bots, deals, seed, SEATS, own_loops, options=(settings,)
    )


@dataclass
class BidWhistTally(run.DealTally):
    """Counts over many simulated deals, for the command line's summary."""

    sets: int = 0
    bostons: int = 0
    by_bid: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    """[made, played] per (level, kind letters)."""
    _started: float = field(
        default_factory=time.perf_counter, repr=False, metadata={"merge": False}
    )

    def add_result(self, result: BidWhistDeal) -> None:
        score, bid = result.score, result.bid
        if score is None or bid is None:
            self.count(None)
        else:
            self.count(bid, score.made, score.boston)

    def add(self, deal: Mapping[str, Any]) -> None:
        if deal["thrown_in"]:
            self.count(None)
            return
        bid = Bid.from_str(deal["bid"])
        books = deal["books"][side_of(deal["bidder"])]
        self.count(bid, books >= bid.books_needed, books == BOOKS)

    def count(self, bid: Bid | None, made: bool = False, boston: bool = False) -> None:
        """Counts one deal: thrown in (``bid`` None), or ``bid`` made or set, a Boston."""
        self.deals += 1
        if bid is None:
            self.thrown_in += 1
            return
        entry = self.by_bid.setdefault((bid.level, bid.kind.letters), [0, 0])
        entry[0] += made
        entry[1] += 1
        self.sets += not made
        self.bostons += boston

    @property
    def deals_per_second(self) -> float:
        """The deals counted, another worker's merged in, per second since this began."""
        seconds = time.perf_counter() - self._started
        return self.deals / seconds if seconds > 0 else 0.0

    def lines(self) -> list[str]:
        """The summary as text lines: deals per second, bids by kind and level, made rate
        by level and kind, sets and Bostons."""
        played = self.played
        out = [
            f"deals: {self.deals}  played: {played}  thrown in: {self.thrown_in}  "
            f"({self.deals_per_second:,.0f} deals/s)",
            "bids by kind:",
        ]
        for kind in Kind:
            count = sum(t for (_, k), (_, t) in self.by_bid.items() if k == kind.letters)
            out.append(f"  {str(kind.label):<9} {count:>7}  ({run.percent(count, played)})")
        out.append("bids by level:")
        for level in sorted({level for level, _ in self.by_bid}):
            count = sum(t for (lv, _), (_, t) in self.by_bid.items() if lv == level)
            out.append(f"  {level}         {count:>7}  ({run.percent(count, played)})")
        out.append("made by level and kind:")
        for (level, letters), (made, total) in sorted(
            self.by_bid.items(), key=lambda item: (item[0][0], "UDN".index(item[0][1][0]))
        ):
            out.append(f"  {level}{letters:<3} {run.percent(made, total):>7}  ({made}/{total})")
        out.append(f"sets: {self.sets} ({run.percent(self.sets, played)})")
        out.append(f"Bostons: {self.bostons} ({run.percent(self.bostons, played)})")
        return out
