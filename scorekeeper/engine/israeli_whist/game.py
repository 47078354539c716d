"""Israeli Whist behind the one game interface (:class:`~..core.game.Game`).

The registry hands the app this object; everything it says is the rules in this package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.base import GameBase
from ..core.declared import Csv, Figures, Paper, Simulation
from ..core.form import HandFormSpec
from ..core.game import CsvCell, HandPlace, PageWords, columns_after
from ..core.messages import Message, msg
from ..core.schema import Context, Hand
from . import display, records
from .bids import SEATS
from .bots import BOTS
from .explain import explain
from .progression import PROGRESSION
from .scoring import HandScore
from .settings import PRESETS
from .simulate import IsraeliTally, simulate_deals
from .stats import NOTES, PlayerFigures, game_figures, player_figures


def record_of_deal(deal: Mapping[str, Any]) -> Hand:
    """The hand a table would write down for the simulated ``deal`` (of ``GAME``, below)."""
    if deal.get("pass_round"):
        body: dict[str, Any] = {"pass_round": True}
    elif deal["thrown_in"]:
        return records.HAND.load(GAME, {"thrown_in": True, "frisch_rounds": len(deal["exchanges"])})
    else:
        body = {name: deal[name] for name in ("declarer", "bid", "contracts")}
        body["frisch_rounds"] = len(deal["exchanges"])
    return records.HAND.load(GAME, body | {"tricks": deal["tricks_taken"]})


def _csv_cells(
    replayed: Any,
    names: Sequence[str],
    hand: dict[str, CsvCell],
    seats: Sequence[dict[str, CsvCell]],
) -> tuple[dict[str, CsvCell], Sequence[dict[str, CsvCell]]]:
    """The fields' cells (``core.declared.Csv``), with the hand's over/under and per seat
    the points apart from the revoke penalty. A pass round has tricks and no contract (nor
    Frisch rounds); a deal thrown in nothing but zero points."""
    score = replayed.score
    hand["over_under"] = score and score.over_under
    if replayed.record.pass_round:
        hand["frisch_rounds"] = None
    for seat, cells in enumerate(seats):
        cells["contract_points"] = score.contract_points[seat] if score else 0
        cells["revoke_penalty"] = score.revoke_penalties[seat] if score else 0
    return hand, seats


class IsraeliWhist(GameBase):
    """Four players each for themselves: a phase-one bid, contracts that may not total 13,
    over or under, and points for making a contract exactly. A race to the target
    (``PROGRESSION``: its opener, its dealer after a thrown-in deal, its hand limit and
    shared ties); everything else it does as every game does (``core.base.GameBase``)."""

    key = "israeli-whist"
    name: Message = msg("Israeli Whist")
    seats = SEATS
    progression = PROGRESSION
    page_words = PageWords(
        auction_head=msg("Declarer"),
        outcome_head=msg("O/U"),
        entry_heads=(msg("C"), msg("T")),
        legend=msg("C contract · T tricks taken · Pts points in the hand · Tot running total."),
        turn=msg("Hand %(number)d: %(dealer)s deals, %(opener)s opens"),
        auction_mark=msg("declarer"),
        cell_legend=msg("contract/tricks, points, total"),
        revision_legend=msg("Each player: contract, tricks."),
        points_heads=(msg("Contract"), msg("Made")),
        penalty_mark=display.REVOKE_MARK,
        penalty_legend=msg("revoke and its penalty"),
        penalty_note=msg(
            "%(mark)s a caught revoke and its penalty, apart from the contract's points.",
            mark=display.REVOKE_MARK,
        ),
        group_titles={
            "auction": msg("Auction"),
            "contracts": msg("Contracts"),
            "zeros": msg("Zero bids"),
        },
    )
    presets = PRESETS
    preset_words = {
        "standard": (msg("Standard"), msg("as most Israeli tables play (Wikipedia)")),
        "pagat-german": (
            msg("Pagat (German page)"),
            msg("pagat.com's rules, English and German pages"),
        ),
        "elhanani": (msg("Elhanani"), msg("Yoni Elhanani's scoring (pagat, German page)")),
    }
    # In the order the CSV had before it was per game, which spreadsheets are built on.
    csv = Csv(
        columns_after(
            dealer=("declarer", "bid", "frisch_rounds"),
            thrown_in=("over_under",),
            player=("contract", "tricks", "revokes"),
            # Added later, so at the end: points == contract_points - revoke_penalty.
            total=("contract_points", "revoke_penalty"),
        ),
        _csv_cells,
    )
    hand = records.HAND
    check = staticmethod(records.check)
    simulation = Simulation(
        simulate_deals,
        ("random", *(kind for kind in BOTS if kind != "random")),
        IsraeliTally,
        record_of_deal,  # each deal's rules are read again by the game's tests
    )
    figures = Figures(None, player_figures, game_figures, NOTES, kind=PlayerFigures)

    view = staticmethod(display.view)
    rules_lines = staticmethod(display.rules_lines)
    rules_notes = staticmethod(display.rules_notes)
    paper = Paper(points_table=display.points_table)
    explain = staticmethod(explain)  # the package exports the function under its module's name

    def hand_form(
        self, settings: Any, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The schema's form, with what the table works out as it fills it in
        (``display.form_rules``)."""
        spec = super().hand_form(settings, players, place)
        return spec.with_rules(display.form_rules(settings), display.FORM_TEXTS)

    def score(self, settings: Any, hand: Any, ctx: Context) -> HandScore:
        return records.score_of(settings, hand)

    def preview(self, settings: Any, record: Any, place: HandPlace | None = None) -> dict[str, Any]:
        if not record.thrown_in:
            score = records.score_of(settings, record)
            return {**score.to_dict(), "void": score.void}
        return {"points": [0] * SEATS, "over_under": None, "contracts_total": None, "void": False}

    def hand_result(self, replayed: Any) -> dict[str, Any]:
        """The hand's over/under (None for a thrown-in deal)."""
        return {"over_under": replayed.score.over_under if replayed.score else None}


GAME = IsraeliWhist()
