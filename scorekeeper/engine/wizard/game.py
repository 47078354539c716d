"""Wizard (docs/rules/wizard.md) on the hand's schema: three to six players, each for
themselves, bid exactly the tricks they will take; round r deals r cards, and the game
has 60 ÷ players rounds (or the first ``rounds``). The hand is the trump and each
player's bid and tricks, the fields and the hook's pieces Oh Hell's too
(``core/bidding.py``); the cards follow from the round's number, shown and never typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.bidding import (
    BID_STEPS,
    BIDDING_TEXTS,
    BidScore,
    bid_fields,
    bid_summary,
    bidding_rules,
    hook_problems,
)
from ..core.declared import Progression
from ..core.display import Label, RulesLine
from ..core.form import HandFormSpec
from ..core.game import ROUND_WORDS, HandPlace, PageWords
from ..core.messages import Message, msg
from ..core.schema import Context, Hand, HandSchema, SuitOf
from .settings import PACK, WizardSettings, rounds_of

HOOK_WORDS = {
    "off": msg("off"),
    "on": msg("on"),
    "canadian": msg("Canadian: only a dealer alone in the lead, and 0 is always allowed"),
}


def _cards(ctx: Context) -> int | None:
    """The cards round r deals each player: r (None for a hand read on its own)."""
    return ctx.number


class Wizard(GameBase):
    key = "wizard"
    name: Message = msg("Wizard")
    seats = 4
    seat_range = (3, 6)
    presets = {"wizard": WizardSettings()}
    preset_words = {
        "wizard": (
            msg("Wizard"),
            msg("Amigo's rules: 20 plus 10 a trick for an exact bid, 10 off a trick missed"),
        )
    }
    page_words = PageWords(
        auction_head=None,
        bid_head=msg("Cards"),
        outcome_head=msg("Trump"),
        entry_heads=(msg("Bid"),),
        legend=msg(
            "Cards the cards dealt to each player · Trump the trump suit (NT: none) · Bid "
            "the bid · Pts points in the round · Tot running total."
        ),
        turn=msg("Round %(number)d: %(dealer)s deals, %(opener)s bids first"),
        auction_mark=msg("dealer"),
        cell_legend=msg("bid, points in the round, total"),
        revision_legend=msg("bid/tricks"),
        group_titles={"bidding": msg("Bidding")},
        hand=ROUND_WORDS,
    )
    hand = HandSchema(
        SuitOf("trump", msg("Trump"), none=msg("No trump"), step="deal"),
        *bid_fields(_cards),
        steps=BID_STEPS,
    )

    def score(self, settings: WizardSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        rule = _bid_score(settings)
        return tuple(rule.points(b, t) for b, t in zip(hand.bids, hand.tricks, strict=True))

    def check(self, settings: WizardSettings, hand: Hand, ctx: Context) -> list[tuple[str, Any]]:
        """The hook, held to the round's dealer (read alone, to the bids as a whole), and
        no trump in the last round, in which every card is dealt."""
        cards = sum(hand.tricks) if ctx.number is None else ctx.number
        found = hook_problems(hand.bids, cards, ctx.dealer, settings.hook == "canadian")
        found = found if _hooked(settings, ctx) else []
        if hand.trump is not None and _last(ctx):
            problem = msg(
                "round %(number)d deals all 60 cards, so no card is turned for trump: trump "
                "must be none",
                number=ctx.number,
            ).said_at_table(
                "Round %(number)d deals every card: there is no trump.", number=ctx.number
            )
            found.append(("trump", problem))
        return found

    def hand_form(
        self, settings: WizardSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form with the bids' total and the hook's bid; in the last round,
        no trump, filled in."""
        spec = super().hand_form(settings, players, place)
        return spec.with_rules(_form_rules(settings, self.context(settings, place)), BIDDING_TEXTS)

    def explain(
        self, settings: WizardSettings, hand: Hand, place: HandPlace | None = None
    ) -> list[list[Message]]:
        rule = _bid_score(settings)
        return [[rule.explain(b, t)] for b, t in zip(hand.bids, hand.tricks, strict=True)]

    def view(self, settings: WizardSettings, hand: Hand, ctx: Context) -> Any:
        """As a Wizard pad keeps a round: the cards dealt and the trump ("5", "♥") at the
        row's head (a printed pad's two columns before the players', the cards written in
        on a blank one), and in each player's cell the bid, then the round's score and the
        running total; a bid made exactly is marked made. The tricks follow from the bid
        and the score. A saved round shown on its own (a revision, ``ctx.place`` None) is
        as it was typed: each player's bid and tricks ("2/1"), the bids over or under the
        cards."""
        found = bid_summary(super().view(settings, hand, ctx), hand, hand.trump)
        if ctx.place is None:
            return found
        trump = msg("NT") if hand.trump is None else hand.trump.symbol
        red = "r" if hand.trump is not None and hand.trump.is_red else ""
        return replace(
            found,
            bid=Label((str(sum(hand.tricks)),)),
            outcome=Label((trump,), red),
            entries=tuple((str(bid),) for bid in hand.bids),
        )

    # --- the rounds ---------------------------------------------------------------------

    progression = Progression(
        hand_limit=lambda game, settings: rounds_of(settings, game.seats),
        shares_tie=True,
        cards_dealt=lambda game, settings, place: place.number,  # round n deals n cards
    )

    def end_words(self, settings: WizardSettings) -> Message:
        return msg("%(rounds)d rounds", rounds=self.hand_limit(settings))

    def progress_result(self, progress: Any) -> dict[str, Any]:
        """The cards the next round deals (None once over) and the rounds left."""
        played = progress.state.number if progress.state else len(progress.hands)
        left = max(0, self.hand_limit(progress.settings) - played)
        return {"cards": played + 1 if left and not progress.winners else None, "hands_left": left}

    def rules_lines(self, settings: WizardSettings) -> list[RulesLine]:
        return [
            RulesLine(msg("Rounds"), self.hand_limit(settings)),
            RulesLine(msg("The hook"), HOOK_WORDS[settings.hook]),
            RulesLine(
                msg("Exactly the bid"),
                msg(
                    "%(bonus)d + %(per_trick)d × tricks",
                    bonus=settings.exact_bonus,
                    per_trick=settings.per_trick,
                ),
            ),
            RulesLine(
                msg("Any other number"),
                msg("−%(step)d × |tricks − bid|", step=settings.miss_step),
            ),
        ]


def _last(ctx: Context) -> bool:
    """Whether the round at ``ctx`` deals every card."""
    return ctx.number is not None and ctx.number * ctx.seats == PACK


def _form_rules(settings: WizardSettings, ctx: Context) -> dict[str, Any]:
    """The bids' total and the hook's bid; in the last round, no trump, filled in."""
    if ctx.number is None:
        return {}
    hooked, canadian = _hooked(settings, ctx), settings.hook == "canadian"
    found = bidding_rules(ctx.seats, ctx.number, ctx.dealer, hooked, canadian)
    if _last(ctx):
        none = {"field": "trump", "by": "dealer", "auto": True}
        found["allow"] = [none | {"table": {str(ctx.dealer): ["none"]}}]
    return found


def _bid_score(settings: WizardSettings) -> BidScore:
    return BidScore(settings.exact_bonus, settings.per_trick, 0, settings.miss_step)


def _hooked(settings: WizardSettings, ctx: Context) -> bool:
    """Whether the hook holds the dealer this round: always with ``on``; with
    ``canadian`` only a dealer alone in the lead before the round."""
    totals = ctx.totals_before
    if settings.hook != "canadian" or totals is None or ctx.dealer is None:
        return settings.hook == "on"
    top = max(totals)
    return totals[ctx.dealer] == top and totals.count(top) == 1


GAME = Wizard()
"""Wizard for four players, as the registry holds it; ``GAME.seated(n)`` for n players."""
