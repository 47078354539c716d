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
from typing import Any

from ..core import simulation as run
from ..core.seats import SEATS
from ..core.tricks import Trick, tricks_text
from .auction import BidWhistAuction, Call
from .bids import Bid, Kind
from .bots import BOTS, BidWhistBot, BidWhistRandomBot
from .cards import BOOKS, CARD_TEXT, HAND_SIZE, NO_SUIT, PACK_SIZE, kitty_size, pack
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


class BidWhistTable(run.Table):
    """Four bots at a table, with their decisions looked up once for many deals."""

    def __init__(self, settings: BidWhistSettings, bots: Sequence[BidWhistBot]) -> None:
        super().__init__(settings, bots)
        self.pack = pack(settings.jokers)
        self.kitty_size = kitty_size(settings.jokers)
        # Four plain random bots drawing from one generator play the same cards with no
        # call per card (see ``play_out_random``); a subclass may play otherwise.
        self.random_bits = run.shared_random_bits(bots, BidWhistRandomBot)

    def play_deal(self, dealer: int, rng: random.Random) -> BidWhistDeal:
        settings = self.settings
        shuffled = run.key_shuffled(rng, self.pack, PACK_SIZE)  # a key for each joker too
        dealt = [shuffled[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(SEATS)]
        kitty = shuffled[SEATS * HAND_SIZE :]
        auction = BidWhistAuction(settings, dealer)
        choose_call = self.choose_call
        while auction.to_speak is not None:
            seat = auction.to_speak
            auction.apply(choose_call[seat](auction, dealt[seat]))
        bidder, bid = auction.bidder, auction.bid
        if bidder is None or bid is None:
            return BidWhistDeal(dealer, dealt, kitty, auction.calls)
        bot = self.bots[bidder]
        trump, low = bot.choose_declaration(bid, dealt[bidder])
        if bid.kind is Kind.NO_TRUMP:
            trump = NO_SUIT
        else:
            low = bid.kind is Kind.DOWNTOWN
            if not 0 <= trump < 4:
                raise ValueError(f"seat {bidder} named trump {trump!r}; a suit is 0..3")
        full = dealt[bidder] + kitty
        discard = list(bot.choose_discard(full, self.kitty_size, trump, low))
        gone = set(discard)
        if len(gone) != self.kitty_size or not gone <= set(full):
            raise ValueError(
                f"seat {bidder} discarded {discard!r}; it must be {self.kitty_size} of its cards"
            )
        hands = dealt[:]
        hands[bidder] = [card for card in full if card not in gone]
        shown = tuple(kitty) if settings.sport_kitty and trump != NO_SUIT else ()
        play = BidWhistPlayState._trusted(
            hands, trump, low, settings.downtown_ace_high, bidder, settings.nt_jokers, shown
        )
        if self.random_bits is not None:
            play_out_random(play, self.random_bits)
        else:
            play.play_out(self.choose_card)
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
            trump,
            low,
            discard,
            play.tricks,
            books,
            settings,
        )


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

    def table(rng: random.Random) -> BidWhistTable:
        return BidWhistTable(settings, run.table_bots(bots, rng, BOTS, settings))

    return run.run_table(table, deals, seed, first_dealer)


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
