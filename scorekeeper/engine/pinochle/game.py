"""Partnership Pinochle behind the one game interface: the hand as the table writes it at
its end (who won the auction and for what, each side's meld and counters), its score, the
rules across its fields, its words, and the race to the target with the bidding side
counting out first."""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from random import Random
from typing import Any

from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import Label, RulesLine
from ..core.game import PageWords
from ..core.messages import Message, Seat, msg
from ..core.progress import RaceProgress
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, PerSide, SeatOf, SideOf
from ..core.seats import leaders_of
from ..core.tally import Item, Tallied, TallyPerSide, counts
from .settings import MELDS, PRESETS, PinochleSettings, overdrawn, saved, sides_scored

MELDS_SHOWN = TallyPerSide(
    "melds",
    msg("Meld by combination"),
    [
        Item(key, label, lambda ctx, key=key: ctx.settings.most_shown(key))
        for key, label, _ in MELDS
    ],
    weights=lambda ctx: ctx.settings.meld_values(),
    into="meld",
    step="melding",
)


class PinochleHand(HandSchema):
    """A hand a random table writes: every number a multiple of the counting's step, a side's
    meld now and then by combination (those both sides' cards can hold)."""

    def random_body(self, game: Any, settings: PinochleSettings, ctx: Context, rng: Random):
        step, total = settings.step, settings.counters
        ours = step * rng.randint(0, total // step)
        least = -(-settings.min_bid // step)
        body = {
            "bidder": rng.randrange(ctx.seats),
            "bid": step * rng.randint(least, least + total // step // 2),
            "meld": [step * rng.randint(0, total // step * 4 // 5) for _ in ctx.sides],
            "counters": [ours, total - ours],
        }
        if rng.random() < 0.5:
            keys = [key for key, _, _ in MELDS if settings.most_shown(key)]
            melds = [{key: 1 for key in rng.sample(keys, rng.randint(0, 3))} for _ in ctx.sides]
            if overdrawn(settings, melds) is None:
                del body["meld"]
                body["melds"] = melds
        return body


COUNTERS = attrgetter("settings.counters")


def _most(ctx: Context) -> int:
    return 20 * ctx.settings.counters  # a bid or a meld: a double run in trumps and more


@dataclass(frozen=True, slots=True)
class PinochleProgress(RaceProgress):
    """A race whose winner leads once there is one: the bidding side, out first."""

    @property
    def leaders(self) -> tuple[int, ...]:
        return self.winners or leaders_of(self.totals)


@dataclass(frozen=True, slots=True)
class Scored:
    """A hand's points per side, and the bidding side: when both sides reach the target in
    one hand, it counts out first and wins (docs/rules/pinochle.md)."""

    points: tuple[int, ...]
    goes_out: int


class Pinochle(GameBase):
    """Two partnerships bid for trump; the bidding side makes its bid with meld and
    counters or goes set; the other side scores what it saved."""

    key = "pinochle"
    name = msg("Pinochle")
    seats = 4
    sides = ((0, 2), (1, 3))
    presets = PRESETS
    preset_words = {
        "single-deck": (
            msg("Single deck, in tens"),
            msg("48 cards, 25 counters a deal, bid 25 or more, to 150"),
        ),
        "single-deck-points": (
            msg("Single deck, counters worth 10"),
            msg("48 cards, 250 counters a deal, bid 250 or more, to 1,500"),
        ),
        "double-deck": (
            msg("Double deck"),
            msg("80 cards, 50 counters a deal, bid 50 or more, 20 to save meld, to 500"),
        ),
    }
    page_words = PageWords(
        auction_head=msg("Bidder"),
        bid_head=msg("Bid"),
        outcome_head=msg("Result"),
        entry_heads=(msg("Meld"), msg("Ctr")),
        legend=msg(
            "Bidder who won the auction · Bid the bid · Meld each side's meld, in brackets "
            "where it did not count · Ctr the counters it took · Pts points in the hand · "
            "Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("bidder"),
        cell_legend=msg("meld (in brackets: not counted), counters, points, total"),
        preview_outcome=True,
    )
    hand = PinochleHand(
        SeatOf("bidder", msg("Bidder"), step="auction"),
        Count("bid", msg("Bid"), lambda ctx: ctx.settings.min_bid, _most, step="auction"),
        Tallied("meld", msg("Meld"), 0, _most, tally=MELDS_SHOWN, step="melding"),
        MELDS_SHOWN,
        PerSide("counters", msg("Counters"), 0, COUNTERS, total=COUNTERS, step="play"),
        SideOf(  # where a trick with no counter in it saves the side's meld all the same
            "bare_trick",
            msg("Took a trick but no counter"),
            nobody="—",
            step="play",
            only_if=lambda ctx: ctx.settings.save_meld == 0,
            help="The side whose tricks held no counter, its meld saved (A or B; optional).",
        ),
        steps={
            "auction": msg("The bid"),
            "melding": msg("Meld"),
            "play": msg("Counters, the last trick included"),
        },
        folded_label=msg("Count the meld by combination"),
    )

    def score(self, settings: PinochleSettings, hand: Hand, ctx: Context) -> Scored:
        points = tuple(points for points, _ in _scored(settings, hand, ctx))
        return Scored(points, ctx.side_of(hand.bidder))

    def check(self, settings: PinochleSettings, hand: Hand, ctx: Context) -> list[Any]:
        """Counting a counter 10, every number in tens; the side that took a trick with no
        counter in it took no counter."""
        found: list[tuple[str, Message]] = []
        if settings.step > 1:
            written = (("bid", (hand.bid,)), ("meld", hand.meld), ("counters", hand.counters))
            for name, values in written:
                if any(value % settings.step for value in values):
                    said = msg(
                        "%(field)s: counting a counter 10, it is a multiple of 10", field=name
                    )
                    label = self.hand.field(name).label
                    table = msg("Counting a counter 10, %(what)s is a multiple of 10.", what=label)
                    found.append(said.refusal(table))
        too_many = overdrawn(settings, [counts(hand.melds, side) for side in (0, 1)])
        if too_many is not None:
            held = dict(zip(("cards", "most", "needed"), too_many, strict=True))
            said = msg("melds: the deck holds %(most)d, the combinations take %(needed)d", **held)
            table = msg(
                "The deck holds %(most)d of each %(cards)s: the combinations take %(needed)d.",
                **held,
            )
            found.append(said.refusal(table))
        side = hand.bare_trick
        if side is not None and hand.counters[side]:
            one, two = (Seat(seat) for seat in ctx.sides[side])
            said = msg("bare_trick: that side took counters, which save its meld already")
            table = msg(
                "%(one)s and %(two)s took counters: their meld is saved already.", one=one, two=two
            )
            found.append(said.refusal(table))
        return found

    def view(self, settings: PinochleSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The bidder and the bid; made or set; each side's meld (in brackets where it did
        not count) and counters in its columns, and whether the bidding side made it."""
        bidders = ctx.side_of(hand.bidder)
        scored = _scored(settings, hand, ctx)
        made = scored[bidders][0] >= 0
        outcome = Label((msg("made") if made else msg("set"),))
        entries = tuple(
            (f"({meld})" if why else str(meld), str(ctr))
            for meld, ctr, (_, why) in zip(hand.meld, hand.counters, scored, strict=True)
        )
        said = tuple(
            msg("meld %(meld)d (not counted), counters %(counters)d", meld=meld, counters=ctr)
            if why
            else msg("meld %(meld)d, counters %(counters)d", meld=meld, counters=ctr)
            for meld, ctr, (_, why) in zip(hand.meld, hand.counters, scored, strict=True)
        )
        marks = tuple(made if side == bidders else None for side in (0, 1))
        bid = Label((str(hand.bid),))
        return HandSummary(hand.bidder, bid, outcome, entries, marks, said=said)

    def explain(self, settings: PinochleSettings, hand: Hand, place: Any = None) -> list[list]:
        """Each player's side, term by term: its meld (by combination where the table
        entered it so), whether it counted, its counters, and for the bidding side its bid,
        made or set."""
        ctx, found = self.context(settings, place), super().explain(settings, hand, place)
        if hand.thrown_in:
            return found
        scored, values = _scored(settings, hand, ctx), settings.meld_values()
        names = dict((key, label) for key, label, _ in MELDS)
        for seat, terms in enumerate(found):
            side = ctx.side_of(seat)
            shown = counts(hand.melds, side)
            worked = [
                msg("%(n)d × %(what)s: %(points)d", n=n, what=names[key], points=n * values[key])
                for key, n in shown.items()
            ]
            said = [msg("Meld %(meld)d", meld=hand.meld[side]), *worked]
            said += [scored[side][1]] if scored[side][1] else []
            said.append(msg("Counters %(counters)d", counters=hand.counters[side]))
            if side == ctx.side_of(hand.bidder):
                made, went = (
                    msg("Bid %(bid)d: made", bid=hand.bid),
                    msg("Bid %(bid)d: set", bid=hand.bid),
                )
                said.append(made if scored[side][0] >= 0 else went)
            elif settings.save_meld and not saved(settings, hand.counters[side], False):
                least = settings.save_meld  # the other side's counters score only once saved
                said.append(msg("not counted: under %(least)d counters", least=least))
            terms[:0] = said
        return found

    def rules_lines(self, settings: PinochleSettings) -> list[RulesLine]:
        """The counters of a deal before each knob."""
        counters = RulesLine(msg("Counters in a deal, the last trick included"), settings.counters)
        return [counters, *super().rules_lines(settings)]

    progression = Progression(progress=PinochleProgress)


def _scored(settings: PinochleSettings, hand: Hand, ctx: Context) -> list[tuple[int, Any]]:
    return sides_scored(settings, ctx.side_of(hand.bidder), hand)


GAME = Pinochle()
