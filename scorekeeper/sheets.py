"""Printable score sheets: a game as played, and a blank sheet for pencil play.

Both use one template (``sheet.html``) and the print stylesheet (``static/print.css``):
no navigation and no buttons, up to 40 hands on one A4 or Letter page, and the table's
header repeated on every page after that.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from markupsafe import Markup

from . import db
from .access import game_and_hands_or_404
from .chart import game_chart
from .engine.core.seats import SEATS
from .engine.israeli_whist import PRESETS, PlayedHand, RuleSettings, contract_points
from .engine.israeli_whist.bids import TRICKS_PER_HAND
from .engine.israeli_whist.progression import ReplayedHand
from .forms import PRESET_LABELS
from .games import rules_label
from .i18n import isolate_ltr
from .scoreboard import MINUS, BidLabel, RevokeMark, over_under_label, signed, total

bp = Blueprint("sheets", __name__)

# Rows tall enough for pencil that still fit one A4 or Letter page.
BLANK_ROWS = 32
# The points and total columns hold six characters (−10400) at the sheet's size; longer
# numbers get the class "long", printed smaller, so that no number is ever cut.
FITS = 6


@dataclass(frozen=True, slots=True)
class SheetSeat:
    contract: str
    tricks: str
    points: str  # the contract's points, before any revoke penalty
    total: str
    revoke: RevokeMark | None = None
    long: bool = False  # the total is too long for the column at the usual size


def _seat(hand: ReplayedHand, seat: int) -> SheetSeat:
    """One player's four cells in one hand."""
    record, score = hand.record, hand.score
    text = total(hand.totals[seat])
    long = len(text) > FITS
    if not isinstance(record, PlayedHand) or score is None:
        return SheetSeat("", "", "", isolate_ltr(text), long=long)
    return SheetSeat(
        str(record.contracts[seat]),
        str(record.tricks_taken[seat]),
        isolate_ltr(signed(score.contract_points[seat])),
        isolate_ltr(text),
        RevokeMark.of(record.revokes[seat], score.revoke_penalties[seat]),
        long,
    )


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    dealer: str
    declarer: str
    bid: BidLabel | None
    over_under: str
    seats: tuple[SheetSeat, ...]


def sheet_rows(game: db.Game, hands: list[db.StoredHand]) -> list[SheetRow]:
    """One row per hand, as the engine's replay scored it."""
    rows = []
    for hand in db.progress_of(game, hands).hands:
        record = hand.record
        played = isinstance(record, PlayedHand)
        seats = tuple(_seat(hand, s) for s in range(SEATS))
        rows.append(
            SheetRow(
                number=hand.number,
                dealer=game.players[hand.dealer],
                declarer=game.players[record.declarer] if played else "",
                bid=BidLabel.of(record.bid) if played else None,
                over_under=over_under_label(hand.score.over_under)
                if hand.score
                else _("thrown in"),
                seats=seats,
            )
        )
    return rows


def scoring_rules(settings: RuleSettings) -> list[tuple[str, str]]:
    """The settings as short lines for the sheet, each scoring rule with its numbers."""
    s = settings
    step = s.failed_zero_step
    failed_zero = f"{signed(-s.failed_zero_first)} {'+' if step >= 0 else MINUS} {abs(step)}·(t−1)"
    made_zero = _(
        "%(over)s over, %(under)s under",
        over=isolate_ltr(signed(s.zero_over)),
        under=isolate_ltr(signed(s.zero_under)),
    )
    void = _("the hand scores 0") if s.all_fail_void else _("scored as usual")
    opener = _("the dealer") if s.opener == "dealer" else _("left of the dealer")
    frisch = str(s.frisch_rounds)
    if s.frisch_rounds and s.rising_minimum:
        frisch = _("%(rounds)d, the minimum rising", rounds=s.frisch_rounds)
    return [
        (
            _("Exact contract n ≥ 1"),
            isolate_ltr(f"{s.exact_bonus} + n²" if s.exact_bonus else "n²"),
        ),
        (_("Missed contract"), _("%(points)s per trick", points=isolate_ltr(signed(-s.miss_step)))),
        (_("Zero made"), made_zero),
        (_("Zero failed with t tricks"), isolate_ltr(failed_zero)),
        (_("Nobody makes their contract"), void),
        (_("Revoke"), isolate_ltr(signed(-s.revoke_penalty))),
        (_("Opener"), opener),
        (_("Auction ends after"), _("%(passes)d passes", passes=s.auction_end_passes)),
        (_("Declarer may raise"), _("yes") if s.declarer_may_raise else _("no")),
        (_("Frisch rounds"), frisch),
        (_("Target"), str(s.target)),
    ]


def contract_table(settings: RuleSettings) -> list[tuple[int, str]]:
    """Points for each contract 1..13 made exactly, from the engine's scoring."""
    return [
        (n, str(contract_points(settings, n, n, "under"))) for n in range(1, TRICKS_PER_HAND + 1)
    ]


def _sheet(settings: RuleSettings, **context):
    return render_template(
        "sheet.html",
        rules_lines=scoring_rules(settings),
        contracts=contract_table(settings),
        **context,
    )


@bp.get("/games/<int:game_id>/print")
def game_sheet(game_id: int):
    """The game as a printable score sheet."""
    game, hands = game_and_hands_or_404(game_id)
    progress = db.progress_of(game, hands)
    rows = sheet_rows(game, hands)
    return _sheet(
        game.settings,
        game=game,
        players=game.players,
        rules=rules_label(game),
        rows=rows,
        revoked=any(seat.revoke for row in rows for seat in row.seats),
        totals=[isolate_ltr(total(t)) for t in progress.totals],
        winner=None if progress.winner is None else game.players[progress.winner],
        chart=Markup(game_chart(progress, game.players, title=_("Running totals")))
        if hands
        else None,
    )


@bp.get("/sheets/blank")
def blank_sheet():
    """An empty score sheet for pencil play, with the chosen preset's scoring."""
    rules = request.args.get("rules", "standard")
    if rules not in PRESETS:
        abort(
            400,
            _(
                "There is no rules preset called %(name)s; choose %(names)s.",
                name=rules[:40],
                names=", ".join(PRESETS),
            ),
        )
    return _sheet(
        PRESETS[rules],
        game=None,
        players=("", "", "", ""),
        rules=PRESET_LABELS[rules],
        rows=[],
        blank_rows=range(1, BLANK_ROWS + 1),
    )
