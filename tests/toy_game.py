"""A third game, as small as a game can be, written only against the engine's interface
(``scorekeeper.engine.core``): it proves that the app serves a game it has never heard of.

**High card.** Four players; each deal, every player turns up a card and the highest
card wins the deal (the table says who). The winner scores ``points`` (the one knob);
the first to ``target`` wins, a tie at the top plays on. Nothing here is imported by the
app: a test registers ``GAME`` and drives the app over HTTP.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from scorekeeper.engine.core.display import (
    FigureLine,
    HandView,
    Label,
    Notation,
    RevisionView,
    RulesLine,
    SeatView,
)
from scorekeeper.engine.core.errors import InvalidHand, InvalidSettings, ParseError
from scorekeeper.engine.core.form import FormField, HandFormSpec, Step, seat_keys
from scorekeeper.engine.core.game import CsvColumn, Knob, PageWords
from scorekeeper.engine.core.messages import Message, msg
from scorekeeper.engine.core.numbers import parse_int
from scorekeeper.engine.core.seats import leaders_of
from scorekeeper.engine.core.simulation import deal_indices, deal_seed, run_seed

SEATS = 4


@dataclass(frozen=True)
class ToySettings:
    points: int = 1
    target: int = 5

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def with_changes(self, values: Mapping[str, Any]) -> ToySettings:
        found = {}
        for name, value in values.items():
            if name not in ("points", "target"):
                raise InvalidSettings(msg("%(name)s is not a rule of high card", name=name), name)
            try:
                found[name] = parse_int(value, name, low=1, high=1000)
            except ParseError as exc:
                raise InvalidSettings(exc.message, name) from None
        return replace(self, **found)

    def differs_from(self, other: Any) -> list[str]:
        return [k for k, v in self.to_dict().items() if other.to_dict().get(k) != v]


@dataclass(frozen=True)
class Win:
    winner: int
    thrown_in = False

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner}


@dataclass(frozen=True)
class Replayed:
    number: int
    dealer: int
    opener: int
    record: Win
    points: tuple[int, ...]
    totals: tuple[int, ...]
    state: dict[str, Any] = field(default_factory=dict)
    score: Any = None


@dataclass(frozen=True)
class Progress:
    settings: ToySettings
    hands: tuple[Replayed, ...]
    totals: tuple[int, ...]
    dealer: int
    opener: int
    status: str
    winner: int | None
    leaders: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    target_reached: bool = False
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def tie_at_top(self) -> bool:
        return self.target_reached and not self.winners

    @property
    def next_number(self) -> int:
        return self.state["number"] + 1


@dataclass
class Recorded:
    players: Sequence[str]
    progress: Progress
    key: Any = None


@dataclass(frozen=True)
class Figures:
    hands: int = 0
    won: int = 0

    def __add__(self, other: Figures) -> Figures:
        return Figures(self.hands + other.hands, self.won + other.won)


@dataclass(frozen=True)
class Career:
    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    figures: Figures = Figures()


@dataclass(frozen=True)
class Rivalry:
    """How ``player`` fared against ``opponent`` in the games both played: finished games
    ahead and behind and the summed final margin, deals won more and fewer."""

    player: str
    opponent: str
    games: int = 0
    finished: int = 0
    ahead: int = 0
    behind: int = 0
    margin_sum: int = 0
    hands: int = 0
    hands_ahead: int = 0
    hands_behind: int = 0

    @property
    def average_margin(self) -> float | None:
        return self.margin_sum / self.finished if self.finished else None


@dataclass(frozen=True)
class HeadToHead:
    players: tuple[str, ...]
    rivalries: tuple[Rivalry, ...]

    def rivalry(self, player: str, opponent: str) -> Rivalry:
        return next(r for r in self.rivalries if (r.player, r.opponent) == (player, opponent))


@dataclass
class SeatStats:
    name: str
    total: int
    figures: Figures = field(default_factory=Figures)


@dataclass
class Stats:
    winner: str | None
    players: list[SeatStats]


class Tally:
    def __init__(self) -> None:
        self.deals = 0

    def add(self, deal: Mapping[str, Any]) -> None:
        self.deals += 1

    def add_result(self, result: Any) -> None:
        self.deals += 1

    def lines(self) -> list[str]:
        return [f"deals: {self.deals}"]

    def merge(self, other: Tally) -> None:
        self.deals += other.deals


class HighCard:
    key = "toy-high-card"
    name = msg("High card")
    seats = SEATS
    sides = tuple((s,) for s in range(SEATS))
    default_preset = "toy"
    preset_words = {"toy": (msg("toy"), msg("a toy for the test suite"))}
    finish_now = False
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
    hand_fields = frozenset({"winner", "thrown_in"})
    csv_columns = (CsvColumn("winner", after="dealer"),)
    bot_kinds = ("random",)

    @property
    def presets(self) -> Mapping[str, ToySettings]:
        return {"toy": ToySettings()}

    @property
    def knobs(self) -> tuple[Knob, ...]:
        return (
            Knob(
                "points",
                msg("points for winning a deal"),
                "int",
                low=1,
                high=1000,
                label=msg("Points a deal"),
            ),
            Knob(
                "target",
                msg("points that win the game"),
                "int",
                low=1,
                high=1000,
                label=msg("Target score"),
            ),
        )

    def preset(self, name: str) -> ToySettings:
        if name not in self.presets:
            raise InvalidSettings(msg("%(name)s is not a preset; choose toy", name=name), "rules")
        return self.presets[name]

    def preset_name_of(self, settings: Any) -> str | None:
        return "toy" if settings.points == 1 else None

    def settings_from_dict(self, values: Mapping[str, Any]) -> ToySettings:
        return ToySettings().with_changes(dict(values))

    def record_from_dict(self, settings: Any, body: Any) -> Win:
        if not isinstance(body, dict):
            raise InvalidHand([("hand", msg("a hand must be a JSON object"))])
        try:
            return Win(parse_int(body.get("winner"), "winner", low=0, high=SEATS - 1))
        except ParseError as exc:
            raise InvalidHand([("winner", exc.message)]) from None

    def points(self, settings: Any, record: Win) -> tuple[int, ...]:
        return tuple(settings.points if s == record.winner else 0 for s in range(SEATS))

    def replay(self, settings: Any, first_dealer: int, records: Sequence[Win], **_: Any):
        start = {"number": 0, "totals": [0] * SEATS, "dealer": first_dealer, "winners": []}
        return self.resume(settings, start, records)

    def losing_floor(self, settings: Any) -> None:
        return None

    def resume(self, settings: Any, state: Mapping[str, Any], records: Sequence[Win], **_: Any):
        last, dealer = state["number"], state["dealer"]
        totals, winners = list(state["totals"]), tuple(state["winners"])
        hands = []
        for number, record in enumerate(records, start=last + 1):
            if winners:
                raise ValueError(f"hand {number} was recorded after the game ended")
            points = self.points(settings, record)
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            after = {
                "number": number,
                "totals": list(totals),
                "dealer": (dealer + 1) % SEATS,
                "winners": [],
            }
            reached = max(totals) >= settings.target
            leaders = leaders_of(totals)
            winners = leaders if reached and len(leaders) == 1 else ()
            after["winners"] = list(winners)
            hands.append(
                Replayed(number, dealer, (dealer + 1) % SEATS, record, points, tuple(totals), after)
            )
            dealer = (dealer + 1) % SEATS
            last = number
        state = {"number": last, "totals": list(totals), "dealer": dealer, "winners": list(winners)}
        return Progress(
            settings,
            tuple(hands),
            tuple(totals),
            dealer,
            (dealer + 1) % SEATS,
            "finished" if winners else "in_progress",
            winners[0] if winners else None,
            leaders_of(totals),
            winners,
            max(totals) >= settings.target,
            state,
        )

    def state_of(self, progress: Progress) -> dict[str, Any]:
        return dict(progress.state)

    def hand_state(self, replayed: Replayed) -> dict[str, Any]:
        return dict(replayed.state)

    def simulate(self, settings, deals, seed=None, bots="random") -> Iterator[dict[str, Any]]:
        for result in self.simulate_results(settings, deals, seed, bots):
            yield result.to_dict()

    def simulate_results(self, settings, deals, seed=None, bots="random") -> Iterator[Any]:
        seed = run_seed(seed)
        for index in deal_indices(deals):
            yield Win(random.Random(deal_seed(seed, index)).randrange(SEATS))

    def preview(self, settings: Any, record: Win) -> dict[str, Any]:
        return {"points": list(self.points(settings, record))}

    def simulation_summary(self) -> Tally:
        return Tally()

    def record_of_deal(self, deal: Mapping[str, Any]) -> Win:
        return Win(deal["winner"])

    def verify_deal(self, settings: Any, deal: Mapping[str, Any]) -> list[str]:
        return [] if deal.get("winner") in range(SEATS) else ["no winner"]

    def table_columns(self, replayed: Replayed):
        return {}, tuple(
            {"points": p, "total": t} for p, t in zip(replayed.points, replayed.totals, strict=True)
        )

    def csv_values(self, replayed: Replayed, names: Sequence[str]):
        return {"winner": names[replayed.record.winner]}, ({},) * SEATS

    def hand_views(self, progress: Progress) -> list[HandView]:
        return [
            HandView(
                hand.number,
                hand.dealer,
                hand.record.winner,
                None,
                Label((msg("won"),)),
                tuple(
                    SeatView(("★",) if s == hand.record.winner else (), p, t, None)
                    for s, (p, t) in enumerate(zip(hand.points, hand.totals, strict=True))
                ),
            )
            for hand in progress.hands
        ]

    def running_totals(self, progress: Progress) -> list[tuple[int, ...]]:
        return [hand.totals for hand in progress.hands]

    def rules_lines(self, settings: Any) -> list[RulesLine]:
        return [
            RulesLine(msg("points for winning a deal"), settings.points),
            RulesLine(msg("points that win the game"), settings.target),
        ]

    def rules_notes(self, settings: Any) -> list[Message]:
        return [msg("The highest card wins the deal.")]

    def points_table(self, settings: Any) -> list[tuple[int, int]]:
        return []

    def describe_hand(self, hand: Mapping[str, Any], players: Sequence[str]) -> list[Message]:
        return [msg("%(name)s won", name=players[hand["winner"]])]

    def revision_view(self, hand: Mapping[str, Any], players: Sequence[str]) -> RevisionView:
        return RevisionView(
            (msg("%(name)s won", name=players[hand["winner"]]),),
            tuple((Notation("★" if s == hand["winner"] else ""), None) for s in range(SEATS)),
        )

    def recorded_game(self, settings, first_dealer, players, records, key=None, changes=()):
        if len(set(players)) != len(players):
            raise ValueError("the players' names repeat")
        return Recorded(players, self.replay(settings, first_dealer, records), key)

    def game_stats(self, recorded: Recorded) -> Stats:
        progress = recorded.progress
        seats = [
            SeatStats(name, t) for name, t in zip(recorded.players, progress.totals, strict=True)
        ]
        for hand in progress.hands:
            for s, seat in enumerate(seats):
                seat.figures += Figures(1, int(s == hand.record.winner))
        winner = None if progress.winner is None else recorded.players[progress.winner]
        return Stats(winner, seats)

    def game_figures(self, stats: Stats) -> list[FigureLine]:
        return []

    def player_figures(self, figures: Sequence[Figures], with_game: bool = False):
        return [FigureLine(msg("Deals won"), tuple(f.won for f in figures))]

    def careers(self, recorded: Iterable[Recorded]) -> dict[str, Career]:
        found: dict[str, Career] = {}
        for game in recorded:
            stats = self.game_stats(game)
            done = game.progress.status == "finished"
            for seat in stats.players:
                was = found.get(seat.name, Career(seat.name))
                found[seat.name] = Career(
                    seat.name,
                    was.games + 1,
                    was.finished + done,
                    was.wins + (seat.name == stats.winner),
                    was.figures + seat.figures,
                )
        return found

    def career_figures(self, name, games, finished, wins, figures) -> list[FigureLine]:
        return [FigureLine(msg("Games"), (games,))]

    def head_to_head(self, recorded: Iterable[Recorded], players: Sequence[str]) -> HeadToHead:
        chosen = tuple(players)
        found = {(a, b): Rivalry(a, b) for a in chosen for b in chosen if a != b}
        for game in recorded:
            seat = {name: s for s, name in enumerate(game.players)}
            progress = game.progress
            done = progress.status == "finished"
            for (a, b), was in found.items():
                if a not in seat or b not in seat:
                    continue
                mine, theirs = seat[a], seat[b]
                margin = progress.totals[mine] - progress.totals[theirs]
                won = [hand.record.winner for hand in progress.hands]
                found[(a, b)] = Rivalry(
                    a,
                    b,
                    was.games + 1,
                    was.finished + done,
                    was.ahead + (done and margin > 0),
                    was.behind + (done and margin < 0),
                    was.margin_sum + (margin if done else 0),
                    was.hands + len(won),
                    was.hands_ahead + won.count(mine),
                    was.hands_behind + won.count(theirs),
                )
        return HeadToHead(chosen, tuple(found.values()))

    def figures_notes(self) -> list[Message]:
        return []

    def explain(self, settings: Any, record: Win) -> list[list[Message]]:
        return [
            [msg("won the deal: +%(points)d", points=settings.points)] if s == record.winner else []
            for s in range(SEATS)
        ]

    def hand_result(self, replayed: Replayed) -> dict[str, Any]:
        return {}

    def hand_form(self, settings: Any, players: Sequence[str]) -> HandFormSpec:
        return HandFormSpec(
            steps=(
                Step(
                    "deal",
                    msg("The deal"),
                    (FormField("winner", msg("Highest card"), seat_keys(players), style="names"),),
                ),
            ),
        )

    def form_body(self, settings: Any, values: Mapping[str, Any], action: str | None) -> dict:
        return {"winner": values.get("winner")}

    def form_values(self, hand: Mapping[str, Any]) -> dict[str, str]:
        return {"winner": str(hand["winner"])}


GAME = HighCard()
