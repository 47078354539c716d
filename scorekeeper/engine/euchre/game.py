"""Euchre behind the one game interface: the hand declared once (the core reads it, asks
for it on the form and the command line, writes its CSV cells, draws random hands and
shows it), its score, the rules across its fields, and its words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..core.base import GameBase
from ..core.display import Label, RulesLine
from ..core.errors import InvalidHand
from ..core.form import Choice, FormField, HandFormSpec
from ..core.game import HandPlace, PageWords
from ..core.messages import Message, Partner, Seat, msg, nmsg
from ..core.schema import (
    Context,
    Count,
    Hand,
    HandSchema,
    HandSummary,
    SeatOf,
    SideOf,
    SuitOf,
    YesNo,
)
from .settings import PRESETS, EuchreSettings, hand_points

Problem = tuple[str, Message]

NOBODY = "none"
"""The key for a hand whose maker the table did not write down: only the side."""


class NamedBy(SeatOf):
    """The player who named trump (ordered the turned card up or named a suit), if the
    table writes it down: left out, the hand keeps only the makers' side, as every hand
    stored before it did. On the form a row of the players after a key for nobody."""

    null_is_default = True  # null, as the form sends nobody, is left out

    def written(self, typed: Any) -> bool:
        return typed is not None  # a hand without it is stored, exported and sent as before

    def form_fields(self, ctx: Context, players: Sequence[str]) -> tuple[FormField, ...]:
        (named,) = super().form_fields(ctx, players)
        keys = (Choice(NOBODY, "—"), *named.choices)
        return (replace(named, choices=keys, default=NOBODY),)

    def from_form(self, values: Mapping[str, Any], ctx: Context) -> Any:
        named = values.get(self.name)
        return None if named in (None, "", NOBODY) else named

    def draw(self, ctx: Context, rng: Any) -> int | None:
        return None  # a random hand's maker follows its side: see Euchre.random_hand


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
        NamedBy(
            "named_by",
            msg("Named trump"),
            step="making",
            default=None,
            csv=False,
            help="The seat of the player who named trump, one of the makers (optional).",
        ),
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
        """The player who named trump is one of the makers; a defender goes alone only
        against a lone maker."""
        found = []
        if hand.named_by is not None and hand.named_by not in ctx.sides[hand.makers]:
            one, two = (Seat(seat) for seat in ctx.sides[hand.makers])
            said = msg("named_by: the player who named trump must be one of the makers")
            table = said.said_at_table(
                "%(named)s is not one of the makers: %(one)s or %(two)s named trump.",
                named=Seat(hand.named_by),
                one=one,
                two=two,
            )
            found.append(("named_by", table))
        if not hand.defender_alone or hand.alone:
            return found
        one, two = (Seat(seat) for seat in ctx.sides[hand.makers])
        said = msg("defender_alone: a defender may go alone only against a maker who went alone")
        table = said.said_at_table(
            "Neither %(one)s nor %(two)s went alone: a defender may go alone only against a "
            "lone maker.",
            one=one,
            two=two,
        )
        return [*found, ("defender_alone", table)]

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
        """The schema's form, only the makers offered as who named trump once they are
        tapped; no Thrown in where the dealer must name trump."""
        spec = super().hand_form(settings, players, place).with_rules(_named_by_rule(self.sides))
        return replace(spec, actions=()) if settings.stick_the_dealer else spec

    def view(self, settings: EuchreSettings, hand: Hand, ctx: Context) -> HandSummary:
        """Trump (and who went alone) as the bid, or, where the table wrote down who named
        it, a sentence naming that player ("Dana named ♥, alone"); made, march or
        euchred; the makers' tricks in their side's column, and whether they made it."""
        if hand.thrown_in:
            return super().view(settings, hand, ctx)
        made = hand.tricks >= 3
        outcome = msg("march") if hand.tricks == 5 else msg("made") if made else msg("euchred")
        took = nmsg("%(num)d trick", "%(num)d tricks", hand.tricks)
        shown = (str(hand.tricks),), made, took  # the makers' tricks, in their side's column
        if hand.named_by is not None:
            said = _named(hand, ctx)
            outcome_named = Label((said, " · ", outcome))
            return HandSummary.in_one_column(hand.makers, 2, None, None, outcome_named, *shown)
        alone = (msg("alone against alone"),) if hand.defender_alone else (msg("alone"),)
        trump = (hand.trump.symbol, " ", *alone) if hand.alone else (hand.trump.symbol,)
        bid = Label(trump, "r" if hand.trump.is_red else "")
        return HandSummary.in_one_column(hand.makers, 2, None, bid, Label((outcome,)), *shown)

    def rules_lines(self, settings: EuchreSettings) -> list[RulesLine]:
        """Each knob as the new-game form labels it, after the one fixed score; the lone
        defender's euchre is not played where one may not defend alone."""
        lines = [RulesLine(msg("Three or four tricks"), 1), *super().rules_lines(settings)]
        if not settings.defend_alone:
            lines[-1] = RulesLine(lines[-1].label, msg("not played"))
        return lines


def _named_by_rule(sides: Sequence[Sequence[int]]) -> dict[str, list[Any]]:
    """Once the makers are tapped, only they may have named trump."""
    table = {"AB"[index]: [NOBODY, *map(str, side)] for index, side in enumerate(sides)}
    return {"allow": [{"field": "named_by", "by": "makers", "table": table}]}


def _named(hand: Hand, ctx: Context) -> Message:
    """ "Dana named ♥", and whether she went alone (and a defender against her)."""
    side = ctx.sides[hand.makers]
    who = Partner(hand.named_by, hand.makers, side.index(hand.named_by))
    trump = hand.trump.symbol
    if hand.defender_alone:
        return msg("%(name)s named %(trump)s, alone against alone", name=who, trump=trump)
    if hand.alone:
        return msg("%(name)s named %(trump)s, alone", name=who, trump=trump)
    return msg("%(name)s named %(trump)s", name=who, trump=trump)


GAME = Euchre()
