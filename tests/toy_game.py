"""A third game, as small as a game can be, written only against the engine's core
(``scorekeeper.engine.core``): it proves that the app serves a game it has never heard of.

**High card.** ``SEATS`` players (or ``self.seats``); each deal, the highest card turned up
wins the deal (the table says who) and scores ``points`` (a knob); the first to ``target``
wins, a tie at the top plays on. Everything else (the race, presets, statistics, careers,
head-to-head, a checker of simulated deals) is ``GameBase``'s; a test registers ``GAME``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.core import display
from scorekeeper.engine.core.base import Capabilities, GameBase, SimulatedDeal
from scorekeeper.engine.core.errors import InvalidHand, ParseError
from scorekeeper.engine.core.form import FormField, HandFormSpec, Step, seat_keys
from scorekeeper.engine.core.game import CsvColumn, Knob, PageWords
from scorekeeper.engine.core.knobs import KnobKinds
from scorekeeper.engine.core.messages import Message, msg
from scorekeeper.engine.core.numbers import parse_int
from scorekeeper.engine.core.progress import Points
from scorekeeper.engine.core.settings import SettingsBase
from scorekeeper.engine.core.simulation import deal_indices, deal_seed, run_seed

SEATS = 3  # the one place the toy says how many play
KINDS = KnobKinds(names=("points", "target"), ranges={"points": (1, 1000), "target": (1, 1000)})


@dataclass(frozen=True, slots=True)
class ToySettings(SettingsBase):
    points: int = 1
    target: int = 5

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)


@dataclass(frozen=True)
class Win:
    winner: int
    seats: int = SEATS
    thrown_in = False

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner}

    def score(self, settings: ToySettings) -> Points:
        return Points(tuple(settings.points * (s == self.winner) for s in range(self.seats)))


def _won(players: Sequence[str], hand: Mapping[str, Any]) -> Message:
    return msg("%(name)s won", name=players[hand["winner"]])


class HighCard(GameBase):
    key = "toy-high-card"
    name = msg("High card")
    seats = SEATS
    capabilities = Capabilities(simulation=True, sheet_columns=True)
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
    hand_fields = frozenset({"winner", "thrown_in"})
    csv_columns = (CsvColumn("winner", after="dealer"),)
    bot_kinds = ("random",)

    def record_from_dict(self, settings: Any, body: Any) -> Win:
        if not isinstance(body, dict):
            raise InvalidHand([("hand", msg("a hand must be a JSON object"))])
        try:
            winner = parse_int(body.get("winner"), "winner", low=0, high=self.seats - 1)
        except ParseError as exc:
            raise InvalidHand([("winner", exc.message)]) from None
        return Win(winner, self.seats)

    def simulate_results(self, settings, deals, seed=None, bots="random") -> Iterator[Any]:
        seed = run_seed(seed)
        for index in deal_indices(deals):
            record = Win(random.Random(deal_seed(seed, index)).randrange(self.seats), self.seats)
            yield SimulatedDeal(record, self.points(settings, record))

    def csv_values(self, replayed: Any, names: Sequence[str]):
        return {"winner": names[replayed.record.winner]}, ({},) * self.seats

    def hand_views(self, progress: Any) -> list[display.HandView]:
        return [
            display.HandView(
                hand.number,
                hand.dealer,
                hand.record.winner,
                None,
                display.Label((msg("won"),)),
                tuple(
                    display.SeatView(("★",) if s == hand.record.winner else (), p, t, None)
                    for s, (p, t) in enumerate(zip(hand.points, hand.totals, strict=True))
                ),
            )
            for hand in progress.hands
        ]

    def rules_lines(self, settings: Any) -> list[display.RulesLine]:
        return [
            display.RulesLine(msg("points for winning a deal"), settings.points),
            display.RulesLine(msg("points that win the game"), settings.target),
        ]

    def rules_notes(self, settings: Any) -> list[Message]:
        return [msg("The highest card wins the deal.")]

    def describe_hand(self, hand: Mapping[str, Any], players: Sequence[str]) -> list[Message]:
        return [_won(players, hand)]

    def revision_view(self, hand: Mapping[str, Any], players: Sequence[str]) -> Any:
        marks = [(display.Notation("★" * (s == hand["winner"])), None) for s in range(len(players))]
        return display.RevisionView((_won(players, hand),), tuple(marks))

    def explain(self, settings: Any, record: Win) -> list[list[Message]]:
        won = msg("won the deal: +%(points)d", points=settings.points)
        return [[won] if s == record.winner else [] for s in range(self.seats)]

    def hand_form(self, settings: Any, players: Sequence[str]) -> HandFormSpec:
        winner = FormField("winner", msg("Highest card"), seat_keys(players), style="names")
        return HandFormSpec(steps=(Step("deal", msg("The deal"), (winner,)),))

    def form_body(self, settings: Any, values: Mapping[str, Any], action: str | None) -> dict:
        return {"winner": values.get("winner")}

    def form_values(self, hand: Mapping[str, Any]) -> dict[str, str]:
        return {"winner": str(hand["winner"])}


GAME = HighCard()
