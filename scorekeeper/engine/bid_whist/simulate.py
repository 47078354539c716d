"""Simulation of whole deals: shuffle and deal, the auction, the bidder's announcement,
the kitty and discard, 12 tricks and the score, played by bots (see ``bots``).

The same seed gives the same deals, calls and cards every time: each block of deals is
shuffled and played from a generator seeded from the run's seed and the block's first
index (see ``core.simulation``), so no block depends on another; the bots draw from that
generator after the shuffle. Cards stay card numbers until
``BidWhistDealState.to_dict`` writes them as text.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import Any

from ..core import simulation as run
from ..core.tricks import tricks_text
from .auction import BidWhistAuction
from .bids import Bid, Kind
from .bots import BOTS, BidWhistRandomBot, BotFactory, draw_discard
from .cards import BOOKS, CARD_TEXT, NO_SUIT, PACK_SIZE, SEATS, pack
from .play import BidWhistPlayState, play_out_random
from .scoring import HandScore, score_hand, side_of
from .settings import BidWhistSettings

_SUIT_LETTERS = "CDHS"
_PACKS = {jokers: pack(jokers) for jokers in (0, 1, 2)}
"""The packs by their jokers, made once, never changed: dealt from ``shuffled_pack``, the
order ``rng.shuffle`` gives (faster than sorting on random keys, a sort's mispredictions)."""


class BidWhistDealState(run.StagedDeal):
    """One deal as bots play it (``core.simulation.StagedDeal``): the auction's calls
    (``BidWhistAuction``), the bidder's declaration ``(trump, low)``, its discard (a
    sorted tuple of its 12 cards and the kitty's), then the cards on a
    ``BidWhistPlayState``. Over, it is its own result: cards stay card numbers until
    ``to_dict`` writes them as text, and a deal nobody bid on has only its dealer, deal,
    kitty and auction."""

    set_stage, set_verb, random_bot = "discard", "discard", BidWhistRandomBot
    bidder: int | None = None
    bid: Bid | None = None
    trump, low, discard = NO_SUIT, False, ()
    _score: HandScore | None = None

    def __init__(self, settings: BidWhistSettings, dealer: int, rng: random.Random) -> None:
        self.settings, self.dealer = settings, dealer
        cards = _PACKS.get(settings.jokers) or pack(settings.jokers)
        shuffled = run.shuffled_pack(rng, len(cards))  # as rng.shuffle(cards) orders them
        if len(cards) != PACK_SIZE:  # fewer jokers: each place read as its card number
            shuffled = [cards[place] for place in shuffled]
        self.dealt = [shuffled[:12], shuffled[12:24], shuffled[24:36], shuffled[36:48]]
        self.kitty = shuffled[48:]  # 12 cards each, the rest the kitty
        self.kitty_size = len(self.kitty)
        self.auction = BidWhistAuction(settings, dealer)
        self.stage, self.to_play = "auction", self.auction.to_speak

    def _ask(self, bot: Any, seat: int) -> Any:
        if self.stage == "auction":
            return bot.choose_call(self.auction, self.dealt[seat])
        if self.stage == "declaration":
            return self._declared(seat, *bot.choose_declaration(self.bid, self.dealt[seat]))  # type: ignore[arg-type]
        full = self.dealt[seat] + self.kitty
        return tuple(bot.choose_discard(full, self.kitty_size, self.trump, self.low))

    def _declared(self, seat: int, trump: int, low: bool) -> tuple[int, bool]:
        # What a declaration says, as the bid's kind reads it: no trump at no-trump, the
        # direction of a suit bid its kind's. Raises ValueError for no suit at all.
        kind = self.bid.kind  # type: ignore[union-attr]
        if kind is Kind.NO_TRUMP:
            return NO_SUIT, bool(low)
        if not 0 <= trump < 4:
            raise ValueError(f"seat {seat} named trump {trump!r}; a suit is 0..3")
        return trump, kind is Kind.DOWNTOWN

    def _legal_bid(self, stage: str, seat: int | None) -> list[Any]:
        if stage == "auction":
            return self.auction.legal_actions()
        if stage == "declaration":
            if self.bid.kind is Kind.NO_TRUMP:  # type: ignore[union-attr]
                return [(NO_SUIT, False), (NO_SUIT, True)]
            return [self._declared(seat, trump, False) for trump in range(4)]  # type: ignore[arg-type]
        return list(combinations(sorted(self.dealt[seat] + self.kitty), self.kitty_size))  # type: ignore[index]

    def _apply_bid(self, stage: str, seat: int, action: Any) -> None:
        if stage == "auction":
            self.auction.apply(action)
            self._after_auction()
        elif stage == "declaration":
            self.trump, self.low = action
            self.stage = "discard"
        else:
            self._discarded(action)

    def _after_auction(self) -> None:
        auction = self.auction
        if auction.to_speak is not None:
            self.to_play = auction.to_speak
        elif auction.bid is None:
            self._over()
        else:
            self.bidder, self.bid = auction.bidder, auction.bid
            self.stage, self.to_play = "declaration", auction.bidder

    def _discarded(self, discard: Sequence[int], kept: list[int] | None = None) -> None:
        """Play after the bidder's ``discard``, its other cards held in order; ``kept``:
        those cards, when this state's own loop drew the discard from them (not checked)."""
        settings, bidder = self.settings, self.bidder
        if kept is None:
            full, gone = set(self.dealt[bidder] + self.kitty), set(discard)  # type: ignore[index]
            if len(gone) != self.kitty_size or not gone <= full:
                raise ValueError(
                    f"seat {bidder} discarded {list(discard)!r}; it must be {self.kitty_size} "
                    "of its cards"
                )
            kept = sorted(full - gone)
        self.discard = discard
        hands = self.dealt[:]
        hands[bidder] = kept  # type: ignore[index]
        trump, low = self.trump, self.low
        shown = tuple(self.kitty) if settings.sport_kitty and trump != NO_SUIT else ()
        self._start_play(
            BidWhistPlayState._trusted(
                hands, trump, low, settings.downtown_ace_high, bidder, settings.nt_jokers, shown
            )
        )

    def _bid_bots(self, bots: Sequence[Any]) -> None:
        while self.stage not in ("play", "over"):
            seat = self.to_play
            self._apply_bid(self.stage, seat, self._ask(bots[seat], seat))  # type: ignore[arg-type, index]

    def play_random(self, rng: random.Random) -> BidWhistDealState:
        """The deal played through as ``random`` bots drawing from ``rng`` play it, with
        no bot asked: the same draws, the cards by ``play_out_random``."""
        bits = rng.getrandbits
        self.auction.call_random(bits)
        self._after_auction()
        bid = self.bid
        if bid is not None:
            if bid.kind is Kind.NO_TRUMP:  # BidWhistRandomBot.choose_declaration's draws
                self.trump, self.low = NO_SUIT, bool(bits(1))
            else:
                self.trump, self.low = bits(2), bid.kind is Kind.DOWNTOWN
            cards, count = self.dealt[self.bidder] + self.kitty, self.kitty_size  # type: ignore[index]
            self._discarded(draw_discard(bits, cards, count), sorted(cards[count:]))
            play_out_random(self.play, bits)
        self._over()
        return self

    def result(self) -> BidWhistDealState:
        return self

    @property
    def thrown_in(self) -> bool:
        """True when all four passed under ``all_pass=redeal``."""
        return self.bid is None

    @property
    def books(self) -> list[int] | None:
        """Books per side [A, B], the discard counted to the bidders' (``side_of``)."""
        if self.play is None:
            return None
        won = self.play.tricks_taken
        books = [won[0] + won[2], won[1] + won[3]]
        books[self.bidder % 2] += 1  # type: ignore[operator]
        return books

    @property
    def score(self) -> HandScore | None:
        """The hand's score (None for a thrown-in deal), worked out when first asked for."""
        if self._score is None and self.bid is not None:
            side = side_of(self.bidder)  # type: ignore[arg-type]
            books = self.books[side]  # type: ignore[index]
            self._score = score_hand(self.settings, self.bidder, self.bid, books)  # type: ignore[arg-type]
        return self._score

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
            "deal": [[text[n] for n in sorted(hand)] for hand in self.dealt],
            "kitty": [text[n] for n in self.kitty],
            "auction": [{"seat": seat, "call": str(call)} for seat, call in self.auction.calls],
            "thrown_in": not played,
            "bidder": self.bidder,
            "bid": str(self.bid) if played else None,
            "trump": _SUIT_LETTERS[self.trump] if played and self.trump != NO_SUIT else None,
            "direction": ("low" if self.low else "high") if played else None,
            "discard": [text[n] for n in self.discard],
            "tricks": tricks_text(self.play.tricks if played else (), text),
            "books": self.books,
            "points": list(self.points),
        }


def simulate_deals(
    settings: BidWhistSettings,
    deals: int | range,
    seed: int | None = None,
    bots: str | Sequence[Any] | BotFactory = "random",
    first_dealer: int = 0,
) -> Iterator[BidWhistDealState]:
    """The deals of a run, or of the range of its indices given (``core.simulation``'s
    ``simulate_staged``: each block of deals stands alone, dealt by ``(first_dealer + index) % 4``),
    the deal passing left after each, played by ``bots``: a kind of ``bots.BOTS``, a
    factory ``(seat, rng, settings)``, or four bots. Raises ValueError at once for a bad
    count, seat, kind of bot or number of bots."""
    new_deal = partial(BidWhistDealState, settings)  # (dealer, rng): a deal of these rules
    return run.simulate_staged(
        new_deal, BOTS, bots, deals, seed, SEATS, first_dealer, options=(settings,)
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

    def add_result(self, result: BidWhistDealState) -> None:
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

    def lines(self) -> list[str]:
        """The summary as text lines: deals per second, bids by kind and level, made rate
        by level and kind, sets and Bostons."""
        played, seconds = self.played, time.perf_counter() - self._started
        rate = self.deals / seconds if seconds > 0 else 0.0  # another worker's deals merged in
        out = [
            f"deals: {self.deals}  played: {played}  thrown in: {self.thrown_in}  "
            f"({rate:,.0f} deals/s)",
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
