"""Euchre behind the one game interface: the hand declared once (the core reads it, asks
for it on the form and the command line, writes its CSV cells, draws random hands and
shows it), its score, the rules across its fields, and its words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.display import Label, RulesLine
from ..core.errors import InvalidHand
from ..core.form import HandFormSpec
from ..core.game import HandPlace, PageWords
from ..core.messages import Message, Seat, msg
from ..core.schema import Context, Count, Hand, HandSchema, HandSummary, SideOf, SuitOf, YesNo
from .settings import PRESETS, EuchreSettings, hand_points

Problem = tuple[str, Message]


class Euchre(GameBase):
    """Two partnerships make trump and race to 10; only one side scores a hand."""

    key = "euchre"
    name = msg("Euchre")
    seats = 4
    sides = ((0, 2), (1, 3))
    presets = PRESETS
    preset_words = {
        "euchre": (
            msg("Euchre"),
            msg("1 for 3 or 4 tricks, 2 for a march, 4 alone; 2 for a euchre; to 10"),
        )
    }
    page_words = PageWords(
        auction_head=None,
        bid_head=msg("Trump"),
        outcome_head=msg("Result"),
        entry_heads=(msg("Tk"),),
        legend=msg(
            "Trump the suit the makers named · Tk tricks the makers took · Pts points in "
            "the hand · Tot running total."
        ),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s speaks first"),
        auction_mark=msg("makers"),
        cell_legend=msg("tricks, points, total"),
    )
    hand = HandSchema(
        SideOf("makers", msg("Makers"), step="making"),
        SuitOf("trump", msg("Trump"), step="making"),
        YesNo("alone", msg("Maker went alone"), step="lone"),
        YesNo(
            "defender_alone",
            msg("Defender went alone"),
            step="lone",
            only_if=lambda ctx: ctx.settings.defend_alone,
            help="A defender went alone against a lone maker (--set defend_alone=yes).",
        ),
        Count("tricks", msg("Tricks the makers took"), 0, 5, step="taking"),
        thrown_in=True,
        steps={
            "making": msg("Making trump"),
            "lone": msg("Going alone"),
            "taking": msg("Tricks"),
        },
    )

    def score(self, settings: EuchreSettings, hand: Hand, ctx: Context) -> tuple[int, int]:
        return hand_points(settings, hand.makers, hand.alone, hand.defender_alone, hand.tricks)

    def check(self, settings: EuchreSettings, hand: Hand, ctx: Context) -> list[Problem]:
        """A defender goes alone only against a lone maker."""
        if not hand.defender_alone or hand.alone:
            return []
        one, two = (Seat(seat) for seat in ctx.sides[hand.makers])
        said = msg("defender_alone: a defender may go alone only against a maker who went alone")
        table = said.said_at_table(
            "Neither %(one)s nor %(two)s went alone: a defender may go alone only against a "
            "lone maker.",
            one=one,
            two=two,
        )
        return [("defender_alone", table)]

    def record_from_dict(
        self, settings: EuchreSettings, body: Any, place: HandPlace | None = None
    ) -> Hand:
        """No deal is thrown in when the dealer must name trump (``stick_the_dealer``)."""
        if settings.stick_the_dealer and isinstance(body, dict) and body.get("thrown_in") is True:
            said = msg("thrown_in: with stick_the_dealer on, the dealer must name trump")
            table = said.said_at_table("The dealer must name trump: no deal is thrown in.")
            raise InvalidHand([("thrown_in", table)])
        return super().record_from_dict(settings, body, place)

    def hand_form(
        self, settings: EuchreSettings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        spec = super().hand_form(settings, players, place)
        return replace(spec, actions=()) if settings.stick_the_dealer else spec

    def view(self, settings: EuchreSettings, hand: Hand, ctx: Context) -> HandSummary:
        """Trump (and who went alone) as the bid; made, march or euchred; the makers'
        tricks in their side's column, and whether they made it."""
        if hand.thrown_in:
            return super().view(settings, hand, ctx)
        alone = (msg("alone against alone"),) if hand.defender_alone else (msg("alone"),)
        bid = (hand.trump.symbol, " ", *alone) if hand.alone else (hand.trump.symbol,)
        made = hand.tricks >= 3
        outcome = msg("march") if hand.tricks == 5 else msg("made") if made else msg("euchred")
        entries = tuple((str(hand.tricks),) if s == hand.makers else () for s in (0, 1))
        return HandSummary(
            None,
            Label(bid, "r" if hand.trump.is_red else ""),
            Label((outcome,)),
            entries,
            tuple(made if s == hand.makers else None for s in (0, 1)),
        )

    def rules_lines(self, settings: EuchreSettings) -> list[RulesLine]:
        """Each knob as the new-game form labels it, after the one fixed score; the lone
        defender's euchre is not played where one may not defend alone."""
        lines = [RulesLine(msg("Three or four tricks"), 1), *super().rules_lines(settings)]
        if not settings.defend_alone:
            lines[-1] = RulesLine(lines[-1].label, msg("not played"))
        return lines


GAME = Euchre()
