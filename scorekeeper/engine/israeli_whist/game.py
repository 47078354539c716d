"""Israeli Whist behind the one game interface (:class:`~..core.game.Game`).

The registry hands the app this object; everything it says is the rules in this package.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..core.display import FigureLine, HandView, RevisionView, RulesLine
from ..core.errors import InvalidSettings
from ..core.form import HandFormSpec
from ..core.game import CsvCell, CsvColumn, Knob, PageWords
from ..core.messages import Message, msg
from ..core.seating import SeatChange
from ..core.seats import SEATS
from . import display, figures, form, stats
from .bots import BOTS
from .explain import explain
from .progression import GameProgress, State, replay, resume
from .records import HandRecord, PassRound, PlayedHand, record_from_dict, score_table_entry
from .scoring import HandScore
from .settings import (
    _BOOLS,
    _CHOICES,
    _INT_RANGES,
    _LISTS,
    _OPTIONAL,
    KNOB_HELP,
    KNOBS,
    PRESETS,
    RuleSettings,
    preset,
    preset_name_of,
)
from .simulate import DealResult, SimulationSummary, simulate_deals
from .verify import record_of_deal, verify_deal

# The new-game form's names for the knobs and their choices, and the groups it folds them
# into, as a table thinks of its rules (RULES.md, "More house rules").
KNOB_LABELS: dict[str, Message] = {
    "opener": msg("Opener"),
    "auction_end_passes": msg("Auction end passes"),
    "declarer_may_raise": msg("Declarer may raise"),
    "frisch_rounds": msg("Frisch rounds"),
    "rising_minimum": msg("Rising minimum"),
    "exact_bonus": msg("Exact bonus"),
    "made_per_trick": msg("Made, per trick"),
    "made_squared": msg("Made, n squared"),
    "miss_step": msg("Miss step"),
    "miss_steps": msg("Miss step by contract"),
    "declarer_miss_factor": msg("Declarer's miss factor"),
    "zero_over": msg("Zero over"),
    "zero_under": msg("Zero under"),
    "failed_zero_first": msg("Failed zero first"),
    "failed_zero_step": msg("Failed zero step"),
    "failed_zero_first_over": msg("Failed zero first, over hand"),
    "failed_zero_step_over": msg("Failed zero step, over hand"),
    "all_fail_void": msg("All fail void"),
    "all_pass": msg("When all pass"),
    "pass_round_zero": msg("Pass round: no trick"),
    "pass_round_step": msg("Pass round: per trick"),
    "revoke_penalty": msg("Revoke penalty"),
    "target": msg("Target score"),
    "hand_limit": msg("Hand limit"),
    "tie_at_end": msg("A tie at the end"),
}
_CHOICE_LABELS: dict[str, tuple[Message, ...]] = {
    "opener": (msg("the dealer"), msg("left of the dealer")),
    "all_pass": (msg("throw the deal in"), msg("play a pass round")),
    "tie_at_end": (msg("play on"), msg("share the win")),
}
KNOB_GROUPS: dict[str, tuple[str, ...]] = {
    "auction": (
        "opener",
        "auction_end_passes",
        "frisch_rounds",
        "rising_minimum",
        "all_pass",
        "pass_round_zero",
        "pass_round_step",
    ),
    "contracts": ("declarer_may_raise",),
    "scoring": (
        "exact_bonus",
        "made_per_trick",
        "made_squared",
        "miss_step",
        "miss_steps",
        "declarer_miss_factor",
        "all_fail_void",
        "revoke_penalty",
    ),
    "zeros": (
        "zero_over",
        "zero_under",
        "failed_zero_first",
        "failed_zero_step",
        "failed_zero_first_over",
        "failed_zero_step_over",
    ),
    "end": ("target", "hand_limit", "tie_at_end"),
}
_GROUP_OF = {name: group for group, names in KNOB_GROUPS.items() for name in names}


def _knob(name: str) -> Knob:
    named = {"label": KNOB_LABELS[name], "group": _GROUP_OF[name]}
    if name in _CHOICES:
        return Knob(
            name,
            KNOB_HELP[name],
            "choice",
            choices=_CHOICES[name],
            choice_labels=_CHOICE_LABELS[name],
            **named,
        )
    if name in _BOOLS:
        return Knob(name, KNOB_HELP[name], "bool", **named)
    low, high = _INT_RANGES[name]
    optional = name in _OPTIONAL
    if name in _LISTS:
        return Knob(
            name,
            KNOB_HELP[name],
            "int_list",
            low=low,
            high=high,
            optional=optional,
            length=_LISTS[name],
            **named,
        )
    return Knob(name, KNOB_HELP[name], "int", low=low, high=high, optional=optional, **named)


class IsraeliWhist:
    """Four players each for themselves: a phase-one bid, contracts that may not total 13,
    over or under, and points for making a contract exactly."""

    key = "israeli-whist"
    name: Message = msg("Israeli Whist")
    seats = SEATS
    sides: tuple[tuple[int, ...], ...] = tuple((seat,) for seat in range(SEATS))
    default_preset = "standard"
    page_words = PageWords(
        auction_head=msg("Declarer"),
        outcome_head=msg("O/U"),
        entry_heads=(msg("C"), msg("T")),
        legend=msg("C contract · T tricks taken · Pts points in the hand · Tot running total."),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s opens"),
        auction_mark=msg("declarer"),
        cell_legend=msg("contract/tricks, points, total"),
        win=msg("%(name)s wins with %(total)s!"),
        revision_legend=msg("Each player: contract/tricks."),
        points_heads=(msg("Contract"), msg("Made")),
    )
    preset_words = {
        "standard": (msg("standard"), msg("as most Israeli tables play (Wikipedia)")),
        "pagat-german": (
            msg("pagat-german"),
            msg("pagat.com's rules, English and German pages"),
        ),
        "elhanani": (msg("elhanani"), msg("Yoni Elhanani's scoring (pagat, German page)")),
    }
    finish_now = False  # no "finish now": a game ends at its target
    # In the order the CSV had before it was per game, which spreadsheets are built on.
    csv_columns = (
        CsvColumn("declarer", after="dealer"),
        CsvColumn("bid", after="dealer"),
        CsvColumn("frisch_rounds", after="dealer"),
        CsvColumn("over_under", after="thrown_in"),
        CsvColumn("contract", after="player"),
        CsvColumn("tricks", after="player"),
        CsvColumn("revokes", after="player"),
        # Added later, so at the end: points == contract_points - revoke_penalty.
        CsvColumn("contract_points", after="total"),
        CsvColumn("revoke_penalty", after="total"),
    )

    @property
    def presets(self) -> Mapping[str, RuleSettings]:
        return PRESETS

    @property
    def knobs(self) -> tuple[Knob, ...]:
        return tuple(_knob(name) for name in KNOBS)

    def preset(self, name: str) -> RuleSettings:
        return preset(name)

    def preset_name_of(self, settings: Any) -> str | None:
        return preset_name_of(settings)

    def settings_from_dict(self, values: Mapping[str, Any]) -> RuleSettings:
        if not isinstance(values, Mapping):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        return RuleSettings.from_dict(dict(values))

    def record_from_dict(self, settings: Any, body: Any) -> HandRecord:
        return record_from_dict(settings, body)

    def points(self, settings: Any, record: Any) -> tuple[int, ...]:
        if record.thrown_in:
            return (0,) * SEATS
        return record.score(settings).points

    def replay(
        self,
        settings: Any,
        first_dealer: int,
        records: Sequence[Any],
        starting_totals: Sequence[int] | None = None,
    ) -> GameProgress:
        return replay(settings, first_dealer, records, starting_totals)

    def losing_floor(self, settings: Any) -> None:
        """None: totals may be negative without end (RULES.md section 1)."""
        return None

    def resume(
        self, settings: Any, state: Mapping[str, Any], records: Sequence[Any]
    ) -> GameProgress:
        """See ``progression.resume``: ``records`` scored after ``state`` (``state_of``)."""
        return resume(settings, State.from_dict(state, SEATS, SEATS), records)

    def state_of(self, progress: GameProgress) -> dict[str, Any]:
        assert progress.state is not None
        return progress.state.to_dict()

    def hand_state(self, replayed: Any) -> dict[str, Any]:
        return replayed.state.to_dict()

    def simulate(
        self, settings: Any, deals: int, seed: int | None = None, bots: str = "random"
    ) -> Iterator[dict[str, Any]]:
        for result in simulate_deals(settings, deals, seed=seed, bots=bots):
            yield result.to_dict()

    def simulate_results(
        self, settings: Any, deals: int, seed: int | None = None, bots: str = "random"
    ) -> Iterator[DealResult]:
        return simulate_deals(settings, deals, seed=seed, bots=bots)

    # --- the API's preview, the command line and the conformance suite -------------------

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        return ("random", *(kind for kind in BOTS if kind != "random"))

    def preview(self, settings: Any, record: Any) -> dict[str, Any]:
        if not record.thrown_in:
            return _result(record.score(settings))
        return {"points": [0] * SEATS, "over_under": None, "contracts_total": None, "void": False}

    def score_table_entry(
        self, settings: Any, contracts: Any, tricks: Any, revokes: Any = None, declarer: Any = None
    ) -> dict[str, Any]:
        return _result(score_table_entry(settings, contracts, tricks, revokes, declarer))

    def simulation_summary(self) -> _Tally:
        return _Tally()

    def record_of_deal(self, deal: Mapping[str, Any]) -> HandRecord:
        return record_of_deal(deal)

    def verify_deal(self, settings: Any, deal: Mapping[str, Any]) -> list[str]:
        return verify_deal(settings, deal)

    # --- the data layer (i9-data) -------------------------------------------------------

    def table_columns(self, replayed: Any) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
        record, score = replayed.record, replayed.score
        hand: dict[str, Any] = dict.fromkeys(
            ("declarer", "bid", "over_under", "contracts_total"), None
        ) | {"frisch_rounds": record.frisch_rounds}
        if isinstance(record, PassRound):
            seats = tuple(
                {
                    "tricks": record.tricks_taken[seat],
                    "revokes": record.revokes[seat],
                    "contract_points": score.contract_points[seat],
                    "revoke_penalty": score.revoke_penalties[seat],
                }
                for seat in range(SEATS)
            )
            return hand, seats
        if not isinstance(record, PlayedHand):
            return hand, ({},) * SEATS
        hand |= {
            "declarer": record.declarer,
            "bid": str(record.bid),
            "over_under": score.over_under if score else None,
            "contracts_total": score.contracts_total if score else None,
        }
        seats = tuple(
            {
                "contract": record.contracts[seat],
                "tricks": record.tricks_taken[seat],
                "revokes": record.revokes[seat],
                "contract_points": score.contract_points[seat] if score else 0,
                "revoke_penalty": score.revoke_penalties[seat] if score else 0,
            }
            for seat in range(SEATS)
        )
        return hand, seats

    def csv_values(
        self, replayed: Any, names: Sequence[str]
    ) -> tuple[dict[str, CsvCell], tuple[dict[str, CsvCell], ...]]:
        """The declarer's name, the bid, Frisch rounds and over/under; per seat the
        contract, tricks, revokes and the points apart from the revoke penalty. A pass
        round has tricks and no contract; a thrown-in deal only its Frisch rounds."""
        hand, seats = self.table_columns(replayed)
        declarer = hand["declarer"]
        cells: dict[str, CsvCell] = {
            "declarer": None if declarer is None else names[declarer],
            "bid": hand["bid"],
            "frisch_rounds": hand["frisch_rounds"],
            "over_under": hand["over_under"],
        }
        per_seat = tuple(
            {
                "contract": seat.get("contract"),
                "tricks": seat.get("tricks"),
                "revokes": seat.get("revokes"),
                "contract_points": seat.get("contract_points", points),
                "revoke_penalty": seat.get("revoke_penalty", 0),
            }
            for seat, points in zip(seats, replayed.points, strict=True)
        )
        return cells, per_seat

    # --- pages: scoreboard, live view, score sheets (issue 9, web pages) ---------------------

    def hand_views(self, progress: GameProgress) -> list[HandView]:
        return display.hand_views(progress)

    def running_totals(self, progress: GameProgress) -> list[tuple[int, ...]]:
        return [hand.totals for hand in progress.hands]

    def rules_lines(self, settings: Any) -> list[RulesLine]:
        return display.rules_lines(settings)

    def rules_notes(self, settings: Any) -> list[Message]:
        return display.rules_notes(settings)

    def points_table(self, settings: Any) -> list[tuple[int, int]]:
        return display.points_table(settings)

    def describe_hand(self, hand: Mapping[str, Any], players: Sequence[str]) -> list[Message]:
        return display.describe_hand(hand, players)

    # --- statistics pages (issue 9, web pages) -------------------------------------------------

    def recorded_game(
        self,
        settings: Any,
        first_dealer: int,
        players: Sequence[str],
        records: Sequence[Any],
        key: int | str | None = None,
        changes: Sequence[SeatChange] = (),
    ) -> stats.RecordedGame:
        return stats.RecordedGame(
            settings, first_dealer, tuple(players), tuple(records), key, tuple(changes)
        )

    def game_stats(self, recorded: stats.RecordedGame) -> stats.GameStats:
        return stats.game_stats(recorded)

    def game_figures(self, game_stats: stats.GameStats) -> list[FigureLine]:
        return figures.game_lines(game_stats)

    def player_figures(
        self, player_figures: Sequence[stats.PlayerFigures], with_game: bool = False
    ) -> list[FigureLine]:
        return figures.player_lines(player_figures, with_game)

    def careers(self, recorded: Iterable[stats.RecordedGame]) -> dict[str, stats.CareerStats]:
        return stats.careers(recorded)

    def career_figures(
        self, name: str, games: int, finished: int, wins: int, figures_per_hand: Any
    ) -> list[FigureLine]:
        career = stats.CareerStats(name, games, finished, wins, figures_per_hand)
        return figures.career_lines(career)

    def head_to_head(
        self, recorded: Iterable[stats.RecordedGame], players: Sequence[str]
    ) -> stats.HeadToHead:
        return stats.head_to_head(recorded, players)

    def figures_notes(self) -> list[Message]:
        return list(figures.NOTES)

    # --- the Revisions page --------------------------------------------------------------

    def revision_view(self, hand: Mapping[str, Any], players: Sequence[str]) -> RevisionView:
        return display.revision_view(hand, players)

    # --- knowing why: explaining a score (issue 11) ---------------------------------------

    def explain(self, settings: Any, record: Any) -> list[list[Message]]:
        return explain(settings, record)

    # --- the hand form (core/form.py) ---------------------------------------------------

    def hand_form(self, settings: Any, players: Sequence[str]) -> HandFormSpec:
        return form.hand_form(settings, players)

    def form_body(self, settings: Any, values: Mapping[str, Any], action: str | None) -> dict:
        return form.form_body(settings, values, action)

    def form_values(self, hand: Mapping[str, Any]) -> dict[str, str]:
        return form.form_values(hand)

    # --- the API, export and the command line's speed ------------------------------------

    hand_fields = frozenset(
        {
            "thrown_in",
            "pass_round",
            "declarer",
            "bid",
            "level",
            "denomination",
            "frisch_rounds",
            "contracts",
            "tricks",
            "revokes",
        }
    )

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """The hand's over/under (None for a thrown-in deal)."""
        return {"over_under": replayed.score.over_under if replayed.score else None}


def _result(score: HandScore) -> dict[str, Any]:
    return {**score.to_dict(), "void": score.void}


class _Tally(SimulationSummary):
    """The summary counted from deals as the interface's ``simulate`` yields them."""

    def add(self, deal: Mapping[str, Any]) -> None:  # type: ignore[override]
        self.add_deal(deal)

    add_result = SimulationSummary.add


GAME = IsraeliWhist()
