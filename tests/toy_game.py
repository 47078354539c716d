"""A third game, as small as a game can be, written only against the engine's core
(``scorekeeper.engine.core``): it proves that the app serves a game it has never heard of.

**High card.** ``SEATS`` players (or ``self.seats``); each deal, the highest card turned up
wins the deal (the table says who) and scores ``points`` (a knob); the first to ``target``
wins, a tie at the top plays on. The hand is declared once (``hand``): reading, the form,
the command line, the CSV column, random hands and the views are ``GameBase``'s, as are
the race, presets, statistics, careers and head-to-head; a test registers ``GAME``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.core import display
from scorekeeper.engine.core.base import GameBase
from scorekeeper.engine.core.game import Knob, PageWords
from scorekeeper.engine.core.knobs import KnobKinds
from scorekeeper.engine.core.messages import Message, msg
from scorekeeper.engine.core.schema import Context, Hand, HandSchema, HandSummary, SeatOf
from scorekeeper.engine.core.settings import SettingsBase

SEATS = 3  # the one place the toy says how many play
KINDS = KnobKinds(names=("points", "target"), ranges={"points": (1, 1000), "target": (1, 1000)})


@dataclass(frozen=True, slots=True)
class ToySettings(SettingsBase):
    points: int = 1
    target: int = 5

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)


class HighCard(GameBase):
    key = "toy-high-card"
    name = msg("High card")
    seats = SEATS
    presets = {"toy": ToySettings()}
    preset_words = {"toy": (msg("Toy rules"), msg("a toy for the test suite"))}
    page_words = PageWords(
        msg("Winner"),
        msg("Result"),
        (msg("W"),),
        msg("W won the deal"),
        msg("Deal %(number)d: %(dealer)s deals, %(opener)s turns first"),
        msg("winner"),
        msg("★ won, points, total"),
        msg("%(name)s wins with %(total)s!"),
    )
    knobs = (
        Knob("points", msg("points for winning a deal"), "int", low=1, high=1000),
        Knob("target", msg("points that win the game"), "int", low=1, high=1000),
    )
    hand = HandSchema(
        SeatOf("winner", msg("Highest card"), step="deal"), steps={"deal": msg("The deal")}
    )

    def score(self, settings: ToySettings, hand: Hand, ctx: Context) -> tuple[int, ...]:
        return tuple(settings.points * (seat == hand.winner) for seat in range(ctx.seats))

    def view(self, settings: ToySettings, hand: Hand, ctx: Context) -> HandSummary:
        marks = tuple(("★",) if seat == hand.winner else () for seat in range(ctx.seats))
        return HandSummary(
            hand.winner, None, display.Label((msg("won"),)), marks, (None,) * ctx.seats
        )

    def explain(self, settings: ToySettings, record: Hand) -> list[list[Message]]:
        won = msg("won the deal: +%(points)d", points=settings.points)
        return [[won] if seat == record.winner else [] for seat in range(self.seats)]

    def rules_lines(self, settings: ToySettings) -> list[display.RulesLine]:
        return [
            display.RulesLine(msg("points for winning a deal"), settings.points),
            display.RulesLine(msg("points that win the game"), settings.target),
        ]

    def rules_notes(self, settings: ToySettings) -> list[Message]:
        return [msg("The highest card wins the deal.")]


GAME = HighCard()
