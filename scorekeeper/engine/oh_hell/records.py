"""One hand of Oh Hell as the table writes it down, declared once (``core/schema.py``):
the cards dealt, the trump suit (or none), each player's bid and each player's tricks,
stored as ``{"cards": 5, "trump": "H", "bids": [...], "tricks": [...]}``.

The cards are the tricks' total: a body may leave them out, and where the hand's place
is known they are the sequence's (one that disagrees is refused). The core reads, asks
for and writes the hand from :data:`HAND`; what is Oh Hell's own is here: the refusals in
its words, the cross-field rules (``check``: the tricks total the cards, a bid within
them, the hook held to the dealer, no trump when every card is dealt) and the score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.bidding import BID_STEPS, BidScore, hook_problems
from ..core.cards import Suit
from ..core.errors import ParseError
from ..core.form import FormField, numbers
from ..core.messages import Message, msg
from ..core.numbers import parse_int, shown
from ..core.records import Problems, seat_numbers
from ..core.schema import Context, Count, Hand, HandSchema, PerSeat, Refused, SuitOf
from .settings import PACK, OhHellSettings, cards_sequence, most_cards

NO_TRUMP = ("none", "null", "-", "nt")


@dataclass(frozen=True, slots=True)
class Dealt(Context):
    """The Context of a hand whose place does not say its cards, and whose body does."""

    cards: int | None = None


def dealt(ctx: Context) -> int | None:
    """The cards the hand at ``ctx``'s place deals; read alone (or past the sequence's
    end) those its body gives, or None."""
    sequence = () if ctx.number is None else cards_sequence(ctx.settings)
    if ctx.number is None or not 1 <= ctx.number <= len(sequence):
        return getattr(ctx, "cards", None)
    return sequence[ctx.number - 1]


class Cards(Count):
    """The cards dealt to each player: optional; at its place the sequence's, sent (a
    hidden key) and not asked."""

    def parse(self, value: Any, ctx: Context) -> int:
        try:
            given = parse_int(value, "cards", low=1, high=self.bounds(ctx)[1])
        except ParseError as exc:
            raise Refused(("cards", exc.message)) from None
        cards = dealt(ctx)
        if cards is not None and given != cards:
            said = msg(
                "cards is %(given)d; this hand deals %(cards)d cards", given=given, cards=cards
            )
            raise Refused(("cards", said))
        return given

    def draw(self, ctx: Context, rng: Any) -> None:
        return None  # a random hand leaves its cards to its tricks

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        cards = dealt(ctx)
        keys = numbers(1, self.bounds(ctx)[1]) if cards is None else numbers(cards, cards)
        default = None if cards is None else str(cards)
        return (
            FormField(
                "cards", self.label, keys, style="short", default=default, hidden_when_single=True
            ),
        )


class Trump(SuitOf):
    """The trump suit: a letter or symbol, any case; null or "none" for no trump."""

    def parse(self, value: Any, ctx: Context) -> Suit | None:
        if value == "":
            raise Refused(("trump", msg("trump is missing; choose C, D, H, S or none")))
        if value is None or (isinstance(value, str) and value.strip().lower() in NO_TRUMP):
            return None
        try:
            return Suit.from_str(value)
        except (ParseError, AttributeError):
            said = msg("trump must be C, D, H, S or none, not %(value)s", value=shown(value))
            raise Refused(("trump", said)) from None


class PerPlayer(PerSeat):
    """Bids or tricks: a whole number per player, 0 to the cards dealt (to the most a
    player can be dealt, read alone); the form's keys 0 to that in each seat's box."""

    def parse(self, value: Any, ctx: Context) -> tuple[int, ...]:
        problems, field, seats = Problems(), self.name, ctx.seats
        found = seat_numbers(
            value,
            field,
            problems,
            seats,
            self.bounds(ctx),
            msg(
                "%(field)s must be a list of %(seats)d numbers, one per player",
                field=field,
                seats=seats,
            ),
            lambda count: msg(
                "%(field)s has %(count)d numbers; this table has %(seats)d players",
                field=field,
                count=count,
                seats=seats,
            ),
        )
        if found is None:
            raise Refused(*problems.found)
        return tuple(found)

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        keys = numbers(0, self.bounds(ctx)[1])
        return tuple(
            FormField(f"{self.prefix}_{s}", self.label, keys, seat=s) for s in range(ctx.seats)
        )


def _high(ctx: Context) -> int:
    return dealt(ctx) or most_cards(ctx.seats)


class OhHellSchema(HandSchema):
    """The hand read as the API always has: ``cards`` empty is left out, ``trump`` left
    out is missing; and typed with its cards the tricks' total."""

    def read(self, game: Any, body: Any, ctx: Context) -> Hand:
        if isinstance(body, Mapping):
            body = {k: v for k, v in body.items() if k != "cards" or v not in (None, "")}
            body.setdefault("trump", "")
            # A list left out is refused as not a list, as it always was.
            body |= {name: False for name in ("bids", "tricks") if body.get(name) is None}
            if dealt(ctx) is None and "cards" in body:
                try:
                    cards = parse_int(body["cards"], "cards", low=1, high=most_cards(ctx.seats))
                except ParseError:
                    cards = None
                ctx = Dealt(ctx.settings, ctx.seats, ctx.sides, ctx.place, cards)
        hand = super().read(game, body, ctx)
        return Hand(game, {**hand.values, "cards": sum(hand.tricks)})


HAND = OhHellSchema(
    Cards(
        "cards", msg("Cards dealt"), 1, lambda ctx: most_cards(ctx.seats), step="deal", default=None
    ),
    Trump("trump", msg("Trump"), none=msg("No trump"), step="deal"),
    PerPlayer("bids", msg("Bid"), 0, _high, prefix="bid", from_dealers_left=True),
    PerPlayer("tricks", msg("Tricks"), 0, _high, total=dealt),
    steps=BID_STEPS,
)


def hand_of(game: Any, trump: Suit | None, bids: Sequence[int], tricks: Sequence[int]) -> Hand:
    """A hand of ``game`` from its typed values, unchecked (a simulated deal's)."""
    values = {"cards": sum(tricks), "trump": trump, "bids": tuple(bids), "tricks": tuple(tricks)}
    return Hand(game, values)


def bid_score(settings: OhHellSettings) -> BidScore:
    """The score of a bid and the tricks taken under ``settings`` (``core/bidding.py``)."""
    return BidScore(
        settings.exact_bonus, settings.made_per_trick, settings.missed_per_trick, settings.miss_step
    )


def score(settings: OhHellSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
    """Each seat's points: exactly the bid, ``exact_bonus + made_per_trick × bid``; else
    ``missed_per_trick × tricks − miss_step × |tricks − bid|``."""
    rule = bid_score(settings)
    return tuple(rule.points(b, t) for b, t in zip(hand.bids, hand.tricks, strict=True))


def explain(settings: OhHellSettings, record: Hand, place: Any = None) -> list[list[Message]]:
    """Each seat's points in words: "bid 2, took 2: 10 + 2 = +12"."""
    rule = bid_score(settings)
    return [[rule.explain(b, t)] for b, t in zip(record.bids, record.tricks, strict=True)]


def check(settings: OhHellSettings, hand: Hand, ctx: Context) -> list[tuple[str, Any]]:
    """The tricks total the cards dealt (the place's, else those given, else 1 to the
    most a player is dealt); no bid above them; the hook (by the dealer where known);
    no trump when every card is dealt."""
    seats, most, total = ctx.seats, most_cards(ctx.seats), sum(hand.tricks)
    cards = dealt(ctx) or hand.cards
    problems = Problems()
    if cards is not None and total != cards:
        said = msg(
            "tricks total %(total)d; they must total the %(cards)d cards dealt",
            total=total,
            cards=cards,
        ).said_at_table(
            "The tricks taken total %(total)d; they must total the %(cards)d cards dealt.",
            total=total,
            cards=cards,
        )
        problems.add("tricks", said)
    elif not 1 <= total <= most:
        problems.add(
            "tricks",
            msg(
                "tricks total %(total)d; %(seats)d players are dealt 1 to %(most)d cards",
                total=total,
                seats=seats,
                most=most,
            ),
        )
    cards = total if cards is None else cards
    over = [seat for seat, bid in enumerate(hand.bids) if bid > cards]
    if over:
        said = msg(
            "bids[%(seat)d] is %(bid)d; only %(cards)d cards are dealt",
            seat=over[0],
            bid=hand.bids[over[0]],
            cards=cards,
        )
        problems.add(f"bids[{over[0]}]", said)
    elif settings.hook:
        for problem in hook_problems(hand.bids, cards, ctx.dealer):
            problems.add(*problem)
    if hand.trump is not None and cards * seats == PACK:
        problems.add(
            "trump",
            msg("all 52 cards are dealt, so no card is turned for trump: trump must be none"),
        )
    return problems.found
