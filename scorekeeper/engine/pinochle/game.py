"""Partnership Pinochle behind the one game interface: the hand as the table writes it at
its end (who won the auction and for what, each side's meld and counters), its score, the
rules across its fields, its words, and the race to the target with the bidding side
counting out first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from ..core.base import GameBase
from ..core.declared import Progression
from ..core.display import Label, RulesLine
from ..core.form import Choice, FormField
from ..core.game import PageWords
from ..core.messages import Message, Seat, msg
from ..core.progress import RaceProgress, resume_race
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, PerSide, SeatOf, SideOf
from ..core.seats import leaders_of
from .settings import PRESETS, PinochleSettings, hand_points, saved

NOBODY = "none"


class BareTrick(SideOf):
    """Where a trick saves a side's meld: the side that took tricks with no counter in them
    (its meld saved all the same), or nobody (the API's null, or left out)."""

    null_is_default = True

    def written(self, typed: Any) -> bool:
        return typed is not None

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        (side,) = super().form_fields(ctx, players)
        keys = (Choice(NOBODY, "—"), *(replace(key, tone="wide") for key in side.choices))
        return (replace(side, choices=keys, default=NOBODY),)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        value = values.get(self.name)
        return None if value in (None, "", NOBODY) else value

    def cell(self, typed: Any, names: Sequence[str], ctx: Context) -> Any:
        return "" if typed is None else super().cell(typed, names, ctx)

    def draw(self, ctx: Context, rng: Any) -> None:
        return None


class PinochleHand(HandSchema):
    """A hand a random table writes: every number a multiple of the counting's step."""

    def random_body(self, game: Any, settings: PinochleSettings, ctx: Context, rng: Random):
        step, total = settings.step, settings.counters
        ours = step * rng.randint(0, total // step)
        least = -(-settings.min_bid // step)
        return {
            "bidder": rng.randrange(ctx.seats),
            "bid": step * rng.randint(least, least + total // step // 2),
            "meld": [step * rng.randint(0, total // step * 4 // 5) for _ in ctx.sides],
            "counters": [ours, total - ours],
        }


def _most(ctx: Context) -> int:
    return 20 * ctx.settings.counters  # a bid or a meld: a double run in trumps and more


@dataclass(frozen=True, slots=True)
class PinochleProgress(RaceProgress):
    """A race whose winner leads once there is one: the bidding side, out first."""

    @property
    def leaders(self) -> tuple[int, ...]:
        return self.winners or leaders_of(self.totals)


def _resume(game: Any, settings: PinochleSettings, state: Any, records: Sequence[Hand], asked):
    """The race to the target, hand by hand, the bidding side counting first: when both
    sides reach the target in one hand, the bidding side wins (docs/rules/pinochle.md)."""
    progress = resume_race(game, settings, state, [], PinochleProgress, asked)
    replayed = []
    for record in records:
        progress = resume_race(game, settings, state, [record], PinochleProgress, asked)
        (played,) = progress.hands
        bidders = game.context(settings).side_of(record.bidder)
        if played.totals[bidders] >= settings.target and progress.winners != (bidders,):
            state = replace(progress.state, target_reached=True, winners=(bidders,))
            played = replace(played, state=state)
            won = {"status": "finished", "winner": bidders, "winners": (bidders,)}
            progress = replace(progress, target_reached=True, state=state, **won)
        state = progress.state
        replayed.append(played)
    return replace(progress, hands=tuple(replayed))


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
            "Bidder who won the auction · Bid the bid · Meld each side's meld · Ctr the "
            "counters it took · Pts points in the hand · Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("bidder"),
        cell_legend=msg("meld, counters, points, total"),
        preview_outcome=True,
    )
    hand = PinochleHand(
        SeatOf("bidder", msg("Bidder"), step="auction"),
        Count("bid", msg("Bid"), lambda ctx: ctx.settings.min_bid, _most, step="auction"),
        PerSide("meld", msg("Meld"), 0, _most, step="melding"),
        PerSide(
            "counters",
            msg("Counters"),
            0,
            lambda ctx: ctx.settings.counters,
            total=lambda ctx: ctx.settings.counters,
            step="play",
        ),
        BareTrick(
            "bare_trick",
            msg("Took a trick but no counter"),
            step="play",
            only_if=lambda ctx: ctx.settings.save_meld == 0,
            default=None,
            help="The side whose tricks held no counter, its meld saved (A or B; optional).",
        ),
        steps={
            "auction": msg("The bid"),
            "melding": msg("Meld"),
            "play": msg("Counters, the last trick included"),
        },
    )

    def score(self, settings: PinochleSettings, hand: Hand, ctx: Context) -> tuple[int, int]:
        bidders = ctx.side_of(hand.bidder)
        return hand_points(settings, bidders, hand.bid, hand.meld, hand.counters, hand.bare_trick)

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
                    table = said.said_at_table(
                        "Counting a counter 10, %(what)s is a multiple of 10.", what=label
                    )
                    found.append((name, table))
        side = hand.bare_trick
        if side is not None and hand.counters[side]:
            one, two = (Seat(seat) for seat in ctx.sides[side])
            said = msg("bare_trick: that side took counters, which save its meld already")
            table = said.said_at_table(
                "%(one)s and %(two)s took counters: their meld is saved already.", one=one, two=two
            )
            found.append(("bare_trick", table))
        return found

    def view(self, settings: PinochleSettings, hand: Hand, ctx: Context) -> HandSummary:
        """The bidder and the bid; made or set; each side's meld and counters in its
        columns, and whether the bidding side made it."""
        bidders = ctx.side_of(hand.bidder)
        made = self.score(settings, hand, ctx)[bidders] >= 0
        outcome = Label((msg("made") if made else msg("set"),))
        entries = tuple((str(m), str(c)) for m, c in zip(hand.meld, hand.counters, strict=True))
        said = tuple(
            msg("meld %(meld)d, counters %(counters)d", meld=m, counters=c)
            for m, c in zip(hand.meld, hand.counters, strict=True)
        )
        marks = tuple(made if side == bidders else None for side in (0, 1))
        bid = Label((str(hand.bid),))
        return HandSummary(hand.bidder, bid, outcome, entries, marks, said=said)

    def explain(self, settings: PinochleSettings, hand: Hand, place: Any = None) -> list[list]:
        """Each player's side: its meld and counters (not saved: nothing), then the bid."""
        ctx, found = self.context(settings, place), super().explain(settings, hand, place)
        for seat, terms in enumerate(found):
            side = ctx.side_of(seat)
            took = {"meld": hand.meld[side], "counters": hand.counters[side]}
            terms[:0] = [msg("meld %(meld)d + counters %(counters)d", **took)]
            if not saved(settings, hand.counters[side], hand.bare_trick == side):
                terms.insert(1, msg("meld not saved"))
            if side == ctx.side_of(hand.bidder):
                terms.insert(1, msg("bid %(bid)d", bid=hand.bid))
        return found

    def rules_lines(self, settings: PinochleSettings) -> list[RulesLine]:
        """The counters of a deal before each knob."""
        counters = RulesLine(msg("Counters in a deal, the last trick included"), settings.counters)
        return [counters, *super().rules_lines(settings)]

    progression = Progression(resume=_resume)


GAME = Pinochle()
