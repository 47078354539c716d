"""A third game, as small as a game can be, written only against the engine's core
(``scorekeeper.engine.core``): it proves that the app serves a game it has never heard of.

**High card.** ``SEATS`` players (or ``self.seats``); each deal, the highest card turned up
wins the deal (the table says who) and scores ``points`` (a knob); the first to ``target``
wins, a tie at the top plays on. Each knob is declared once, on its settings field: the
form's knobs and the sheet's rules lines are ``GameBase``'s. The hand is declared once
(``hand``): reading, the form, the command line, the CSV column, random hands and the
views are ``GameBase``'s, as are the race, presets, statistics, careers and
head-to-head; a test registers ``GAME``.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine.core import display
from scorekeeper.engine.core.base import GameBase
from scorekeeper.engine.core.game import HandPlace, PageWords
from scorekeeper.engine.core.knobs import knob
from scorekeeper.engine.core.messages import Message, msg
from scorekeeper.engine.core.schema import Context, Hand, HandSchema, HandSummary, SeatOf
from scorekeeper.engine.core.settings import SettingsBase

SEATS = 3  # the one place the toy says how many play


@dataclass(frozen=True, slots=True)
class ToySettings(SettingsBase):
    points: int = knob(
        1, label=None, help=msg("points for winning a deal"), group="rules", low=1, high=1000
    )
    target: int = knob(
        5, label=None, help=msg("points that win the game"), group="rules", low=1, high=1000
    )


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

    def explain(
        self, settings: ToySettings, record: Hand, place: HandPlace | None = None
    ) -> list[list[Message]]:
        won = msg("won the deal: +%(points)d", points=settings.points)
        return [[won] if seat == record.winner else [] for seat in range(self.seats)]

    def rules_notes(self, settings: ToySettings) -> list[Message]:
        return [msg("The highest card wins the deal.")]


GAME = HighCard()
