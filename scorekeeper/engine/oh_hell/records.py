"""One hand of Oh Hell as the table writes it down, declared once (``core/schema.py``):
the cards dealt, the trump suit (or none), each player's bid and each player's tricks,
stored as ``{"cards": 5, "trump": "H", "bids": [...], "tricks": [...]}``.

The cards are the tricks' total: a body may leave them out, and where the hand's place
is known they are the sequence's (one that disagrees is refused). The core reads, asks
for and writes the hand from :data:`HAND` (the plain schema); what is Oh Hell's own is
here: the cross-field rules (``check``: the tricks total the cards, a bid within
them, the hook held to the dealer, no trump when every card is dealt) and the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.bidding import BID_STEPS, BidScore, bid_said, hook_problems, took_said
from ..core.cards import Suit
from ..core.form import FormField, numbers
from ..core.game import HandPlace
from ..core.messages import Message, msg
from ..core.records import Problems
from ..core.schema import Context, Count, Hand, HandSchema, PerSeat, Refused, SuitOf
from .settings import PACK, OhHellSettings, cards_sequence, most_cards


def dealt(ctx: Context) -> int | None:
    """The cards the hand at ``ctx``'s place deals (None read alone, or past the sequence's
    end): what a hand leaves out of its ``cards`` takes."""
    sequence = () if ctx.number is None else cards_sequence(ctx.settings)
    if ctx.number is None or not 1 <= ctx.number <= len(sequence):
        return None
    return sequence[ctx.number - 1]


class Cards(Count):
    """The cards dealt to each player: optional; at its place the sequence's, sent (a
    hidden key) and not asked."""

    null_is_default = True

    def parse(self, value: Any, ctx: Context) -> int:
        given = super().parse(value, ctx)
        cards = dealt(ctx)
        if cards is not None and given != cards:
            said = msg(
                "cards is %(given)d; this hand deals %(cards)d cards", given=given, cards=cards
            )
            raise Refused(("cards", said))
        return given

    def draw(self, ctx: Context, rng: Any) -> None:
        return None  # a random hand leaves its cards to its place

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        cards = dealt(ctx)
        keys = numbers(1, self.bounds(ctx)[1]) if cards is None else numbers(cards, cards)
        default = None if cards is None else str(cards)
        return (
            FormField(
                "cards", self.label, keys, style="short", default=default, hidden_when_single=True
            ),
        )


def _high(ctx: Context) -> int:
    return dealt(ctx) or most_cards(ctx.seats)


class OhHellHand(HandSchema):
    def random_body(self, game: Any, settings: Any, ctx: Context, rng: Any) -> dict[str, Any]:
        """A legal hand's body at ``ctx``'s place; read alone (or past the sequence's
        end), one legal as a game's first hand, which is legal there too."""
        place = ctx.place if dealt(ctx) is not None else HandPlace(1, 0)
        return super().random_body(game, settings, game.context(settings, place), rng)


HAND = OhHellHand(
    Cards(
        "cards",
        msg("Cards dealt"),
        1,
        lambda ctx: most_cards(ctx.seats),
        step="deal",
        default=dealt,
    ),
    SuitOf("trump", msg("Trump"), none=msg("No trump"), step="deal"),
    PerSeat("bids", msg("Bid"), 0, _high, prefix="bid", from_dealers_left=True, said=bid_said),
    PerSeat("tricks", msg("Tricks"), 0, _high, total=dealt, said=took_said),
    steps=BID_STEPS,
)
"""The hand's fields: its cards (the place's where left out), the trump suit or none, and
each player's bid and tricks."""


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
    cards = hand.cards
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
