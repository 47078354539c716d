"""Helpers of tests/engine/test_schema.py."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scorekeeper.engine import InvalidHand
from scorekeeper.engine.core.base import GameBase
from scorekeeper.engine.core.form import table_refusals
from scorekeeper.engine.core.game import PageWords
from scorekeeper.engine.core.knobs import knob
from scorekeeper.engine.core.messages import Seat, SeatName, Side, msg
from scorekeeper.engine.core.schema import (
    Context,
    Count,
    Hand,
    HandSchema,
    OneOf,
    PerSeat,
    PerSide,
    SeatOf,
    SideOf,
    SuitOf,
    YesNo,
)
from scorekeeper.engine.core.settings import SettingsBase
from tests.support.shared import PLAYERS


@dataclass(frozen=True, slots=True)
class TrumpSettings(SettingsBase):
    target: int = knob(10, label=None, help=msg("points that win"), group="rules", low=1, high=99)
    defend_alone: bool = knob(False, label=None, help=msg("a defender may go alone"), group="rules")


def cards(ctx: Context) -> int | None:
    """Cards dealt: the hand's number (1, 2, 3…), unknown for a hand read alone."""
    return None if ctx.number is None else min(ctx.number, 5)


class Trumps(GameBase):
    key = "test-trumps"
    name = msg("Trumps")
    seats = 4
    sides = ((0, 2), (1, 3))
    presets = {"plain": TrumpSettings(), "defending": TrumpSettings(defend_alone=True)}
    preset_words = {"plain": (msg("Plain"), msg("plain")), "defending": (msg("D"), msg("d"))}
    page_words = PageWords(
        None, msg("Result"), (), msg(""), msg("%(number)d"), msg(""), msg(""), msg("")
    )
    hand = HandSchema(
        SideOf("makers", msg("Makers"), step="deal"),
        SuitOf("trump", msg("Trump"), none=msg("No trump"), step="deal"),
        YesNo("alone", msg("Maker went alone"), step="deal"),
        YesNo(
            "defender_alone",
            msg("Defender went alone"),
            step="deal",
            only_if=lambda ctx: ctx.settings.defend_alone,
            shown_when=("alone", ("yes",)),
        ),
        OneOf("kind", msg("Kind"), (("up", msg("Uptown")), ("down", msg("Downtown")))),
        SeatOf("caller", msg("Who called")),
        Count("tricks", msg("Tricks the makers took"), 0, 5),
        PerSeat("bids", msg("Bid"), 0, cards, from_dealers_left=True, step="bids"),
        PerSide("books", msg("Books"), 0, 13, total=13),
        thrown_in=True,
        steps={"deal": msg("The deal"), "bids": msg("Bids")},
    )

    def score(self, settings: TrumpSettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        made = 2 if hand.alone and hand.tricks == 5 else int(hand.tricks >= 3)
        return tuple(made if side == hand.makers else 0 for side in range(2))

    def check(self, settings, hand, ctx):
        if hand.alone and hand.tricks == 0:
            said = msg(
                "alone with 0 tricks: the caller %(seat)s cannot", seat=SeatName(hand.caller)
            )
            return [
                (
                    "tricks",
                    said.said_at_table(
                        "%(name)s cannot go alone for nothing.", name=Seat(hand.caller)
                    ),
                )
            ]
        if hand.kind == "down" and hand.makers == 0:
            said = msg("%(side)s may not call downtown", side=Side(hand.makers))
            return [
                (
                    "kind",
                    said.said_at_table("%(side)s may not call downtown.", side=Side(hand.makers)),
                )
            ]
        return []

    def rules_lines(self, settings):
        return []


GAME = Trumps()


def refusals(settings, body, place=None) -> dict[str, str]:
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(settings, body, place)
    return {field: str(message) for field, message in refused.value.errors}


def table_said(settings, body, place=None) -> dict[str, str]:
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(settings, body, place)
    spec = GAME.hand_form(settings, PLAYERS, place)
    said = table_refusals(spec, refused.value.errors, None, PLAYERS)
    return {field: str(message) for field, message in said}
