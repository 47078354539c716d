"""Recording, editing and deleting hands through the one-page, three-step hand form.

The page works as a plain form checked on the server. Its JavaScript (static/hand.js)
holds no rule: it reads the tables that ``hand_rules`` renders from the engine into the
page (speaking order, the last bidder, the forbidden number for each total of the other
three, over or under for each total, the lowest level after each Frisch round) and asks
``GET /api/games/<id>/score`` for a hand's points before it is saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from . import db
from .access import game_and_hands_or_404, game_or_404, require_edit
from .engine import EngineError, InvalidHand, ParseError, parse_int
from .engine.core.display import signed
from .engine.core.seats import SEATS
from .engine.israeli_whist import (
    MAX_REVOKES,
    GameProgress,
    HandRecord,
    RuleSettings,
    forbidden_contract,
    forbidden_for_entry,
    last_bidder,
    legal_contracts,
    over_under,
    record_hand,
    record_thrown_in,
    speaking_order,
)
from .engine.israeli_whist.bids import MAX_LEVEL, MIN_LEVEL, TRICKS_PER_HAND
from .engine.israeli_whist.explain import stakes
from .forms import DeleteHandForm, HandForm, hand_form_data
from .game_service import game_of
from .i18n import isolate, isolate_ltr, translate
from .scoreboard import describe, over_under_label, points_line

bp = Blueprint("hands", __name__)


def hand_rules(settings: RuleSettings) -> dict[str, Any]:
    """Everything the hand form's JavaScript needs, computed by the engine."""
    return {
        "order": [speaking_order(settings, d) for d in range(SEATS)],
        "last": [last_bidder(d) for d in range(SEATS)],
        "declarerContracts": {
            level: legal_contracts(settings, 0, level, 0, {})
            for level in range(MIN_LEVEL, MAX_LEVEL + 1)
        },
        "forbidden": [forbidden_contract(t) for t in range((SEATS - 1) * TRICKS_PER_HAND + 1)],
        "overUnder": [
            None if t == TRICKS_PER_HAND else over_under([t])
            for t in range(SEATS * TRICKS_PER_HAND + 1)
        ],
        "minLevel": [settings.minimum_level(k) for k in range(settings.frisch_rounds + 1)],
        "tricks": TRICKS_PER_HAND,
        "maxRevokes": MAX_REVOKES,
        "stakes": _stakes(settings, declarer=False),
        "declarerStakes": _stakes(settings, declarer=True),
    }


def _points(points: int) -> str:
    """Points as players write them, kept left to right inside a right-to-left sentence."""
    return isolate_ltr(signed(points))


def _stakes(settings: RuleSettings, declarer: bool) -> list[dict[str, str]]:
    """What each contract 0..13 scores if made and costs per trick off, as the engine
    tables it (``explain.stakes``), in the notation players write points in."""
    rows = []
    for row in stakes(settings, declarer):
        if isinstance(row["made"], dict):
            first, step = row["step"]["under"]
            rows.append(
                {
                    "over": _points(row["made"]["over"]),
                    "under": _points(row["made"]["under"]),
                    "first": _points(-first),
                    "step": _points(step),
                }
            )
        else:
            rows.append({"made": _points(row["made"]), "step": _points(-row["step"])})
    return rows


def _record_from(form: HandForm, game: db.Game) -> HandRecord | None:
    """The engine's record of the submitted hand, or None with errors put on the form."""
    settings = game.settings
    values: dict[str, Any] = {}
    try:
        if form.throw_in.data:
            return record_thrown_in(settings)
        if form.pass_round.data:
            played = form.values()
            return game_of(game).record_from_dict(
                settings,
                {
                    "pass_round": True,
                    "frisch_rounds": settings.frisch_rounds,
                    "tricks": played["tricks"],
                    "revokes": played["revokes"],
                },
            )
        values = form.values()
        _fill_fixed_declarer_contract(values, settings)
        return record_hand(settings, **values)
    except InvalidHand as exc:
        for field, message in exc.errors:
            named = _forbidden_named(values, game.players) if field == "contracts" else None
            if named is not None:
                form.add_engine_error(*named)
            else:
                form.add_engine_error(field, translate(message))
    except EngineError as exc:
        form.add_engine_error(exc.field or "hand", translate(exc.message))
    return None


def _forbidden_named(values: dict[str, Any], players: Sequence[str]) -> tuple[str, str] | None:
    """When the contracts total 13 because the last bidder said the forbidden number: the
    last bidder's field and a message naming them and the number; otherwise None.

    The engine says "contracts total 13; the last bidder may not..." about the four of them;
    at the table the player wants to know who, and which number.
    """
    try:
        declarer = parse_int(values["declarer"], "declarer", low=0, high=SEATS - 1)
        contracts = [
            parse_int(c, "contracts", low=0, high=TRICKS_PER_HAND) for c in values["contracts"]
        ]
    except (KeyError, TypeError, ParseError):
        return None
    last = last_bidder(declarer)
    forbidden = forbidden_for_entry(contracts, declarer)
    if forbidden is None or contracts[last] != forbidden:
        return None
    return f"contracts[{last}]", _(
        "%(name)s may not say %(number)d: the contracts would total exactly %(total)d.",
        name=isolate(players[last]),
        number=forbidden,
        total=TRICKS_PER_HAND,
    )


def _fill_fixed_declarer_contract(values: dict[str, Any], settings: RuleSettings) -> None:
    """When the engine allows the declarer one contract only (its level), fill it in."""
    try:
        seat = parse_int(values["declarer"], "declarer", low=0, high=SEATS - 1)
        level = parse_int(values["level"], "level", low=MIN_LEVEL, high=MAX_LEVEL)
    except ParseError:
        return  # record_hand says what is wrong with them
    choices = legal_contracts(settings, seat, level, seat, {})
    if len(choices) == 1 and values["contracts"][seat] in (None, ""):
        values["contracts"][seat] = choices[0]


def _render(game: db.Game, form: HandForm, status: int, **context: Any):
    return render_template(
        "hand_form.html",
        game=game,
        form=form,
        rules=hand_rules(game.settings),
        seats=range(SEATS),
        **context,
    ), status


def _saved_message(game: db.Game, number: int, progress) -> str:
    hand = progress.hands[number - 1]
    if hand.score is None:
        return _(
            "Hand %(number)d: thrown in; %(dealer)s deals again.",
            number=number,
            dealer=isolate(game.players[progress.dealer]),
        )
    return _(
        "Hand %(number)d (%(over_under)s): %(points)s",
        number=number,
        over_under=over_under_label(hand.score.over_under),
        points=points_line(game.players, hand.points),
    )


@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"])
def record(game_id: int):
    game, hands = game_and_hands_or_404(game_id)
    require_edit(game)
    database = db.get_db()
    progress = db.progress_of(game, hands)
    form = HandForm().setup(game.players, game.settings.frisch_rounds)
    if not form.is_submitted():
        if progress.status == "finished":
            flash(_("The game is over. Edit a hand to change the result."), "info")
            return redirect(url_for("games.scoreboard", game_id=game_id))
        form.number.data = progress.next_number
    conflict = None
    if form.validate_on_submit():
        hand = _record_from(form, game)
        if hand is not None:
            try:
                number, after, _revision = db.add_hand(database, game_id, hand, form.number.data)
            except db.Conflict as exc:
                conflict = _conflict_notice(game, exc, form)
            else:
                flash(_saved_message(game, number, after), "saved")
                return _saved(game_id)
    status = 409 if conflict else 422 if (form.errors or form.group_errors) else 200
    number = form.number.data or progress.next_number
    return _render(
        game,
        form,
        status,
        title=_("Hand %(number)d", number=number),
        dealer=_dealer_for(game, progress, number),
        conflict=conflict,
        action=url_for("hands.record", game_id=game_id),
    )


def _saved(game_id: int) -> Response:
    """After a save, the scoreboard. The hand form's script (static/draft.js) asks for JSON:
    only this answer tells it the hand is stored, and so that it may forget its copy."""
    scoreboard = url_for("games.scoreboard", game_id=game_id)
    if request.accept_mimetypes.best_match(["text/html", "application/json"]) == (
        "application/json"
    ):
        return jsonify(saved=True, next=scoreboard)
    return redirect(scoreboard)


def _dealer_for(game: db.Game, progress: GameProgress, number: int) -> str | None:
    """Who deals (or dealt) hand ``number``."""
    if 1 <= number <= len(progress.hands):
        return game.players[progress.hands[number - 1].dealer]
    if number == progress.next_number:
        return game.players[progress.dealer]
    return None


def _conflict_notice(game: db.Game, exc: db.Conflict, form: HandForm) -> dict[str, Any]:
    """What to tell the player when another phone saved first; keeps what they typed."""
    hands = db.load_hands(db.get_db(), game.id)
    progress = db.progress_of(game, hands)
    notice: dict[str, Any] = {"message": translate(exc.message), "stored": None}
    number = form.number.data
    if isinstance(number, int) and 1 <= number <= len(hands):
        notice["stored"] = describe(hands[number - 1].record.to_dict(), game.players)
        notice["message"] = _("Hand %(number)d was just saved on another phone.", number=number)
    if progress.status != "finished":
        # Saving again records what is on this form as the next hand.
        form.set_hidden("number", progress.next_number)
        notice["next"] = progress.next_number
    return notice


def _stored_hand(game: db.Game, number: int) -> db.StoredHand:
    hands = db.load_hands(db.get_db(), game.id)
    if not 1 <= number <= len(hands):
        _no_such_hand(game.id, number)
    return hands[number - 1]


def _no_such_hand(game_id: int, number: int) -> NoReturn:
    abort(404, _("Game %(game)d has no hand %(number)d.", game=game_id, number=number))


@bp.route("/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: int, number: int):
    game, hands = game_and_hands_or_404(game_id)
    require_edit(game)
    if not 1 <= number <= len(hands):
        _no_such_hand(game_id, number)
    stored = hands[number - 1]
    if request.method == "POST":
        form = HandForm()
    else:
        form = HandForm(data=hand_form_data(stored.record, number, stored.revision))
    form.setup(game.players, game.settings.frisch_rounds)
    conflict = None
    if form.validate_on_submit():
        hand = _record_from(form, game)
        if hand is not None:
            try:
                progress, _revision = db.replace_hand(
                    db.get_db(), game_id, number, hand, form.revision.data
                )
            except db.NotFound:
                _no_such_hand(game_id, number)
            except db.Conflict as exc:
                current = _stored_hand(game, number)
                conflict = {
                    "message": translate(exc.message),
                    "stored": describe(current.record.to_dict(), game.players),
                }
                form.set_hidden("revision", current.revision)
            else:
                flash(_saved_message(game, number, progress), "saved")
                return _saved(game_id)
    status = 409 if conflict else 422 if (form.errors or form.group_errors) else 200
    return _render(
        game,
        form,
        status,
        title=_("Edit hand %(number)d", number=number),
        dealer=_dealer_for(game, db.progress_of(game, hands), number),
        conflict=conflict,
        action=url_for("hands.edit", game_id=game_id, number=number),
        editing=number,
        was_thrown_in=stored.record.thrown_in,
    )


@bp.route("/games/<int:game_id>/hands/<int:number>/delete", methods=["GET", "POST"])
def delete(game_id: int, number: int):
    """GET asks for confirmation; only the POST from that page deletes."""
    game = game_or_404(game_id)
    require_edit(game)
    stored = _stored_hand(game, number)
    form = DeleteHandForm()
    problem = None
    if form.validate_on_submit():
        try:
            db.delete_last_hand(db.get_db(), game_id, number, form.revision.data)
        except db.NotFound:
            _no_such_hand(game_id, number)
        except db.Conflict as exc:
            problem = translate(exc.message)
            if exc.current is not None:
                stored = exc.current
        else:
            flash(_("Hand %(number)d deleted. It is kept under Revisions.", number=number), "info")
            return redirect(url_for("games.scoreboard", game_id=game_id))
    elif form.revision.errors:
        problem = _("The revision in this form is not a whole number: reload the page.")
    # The page asks again about the hand as stored now, so a tap deletes what was shown.
    form.revision.data = stored.revision
    form.revision.raw_data = None
    last = game.hand_count == number
    if not last and problem is None:
        problem = _(
            "Only the last hand (%(last)d) can be deleted; edit this one instead.",
            last=game.hand_count,
        )
    status = 200
    if form.is_submitted() and problem:
        status = 422 if form.revision.errors else 409
    return render_template(
        "delete_hand.html",
        game=game,
        form=form,
        number=number,
        text=describe(stored.record.to_dict(), game.players),
        problem=problem,
        last=last,
    ), status
