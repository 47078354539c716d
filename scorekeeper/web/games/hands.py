"""Recording, editing and deleting hands through the one-page hand form.

The form is the game's own description (``Game.hand_form``, plain data: see
``engine/core/form.py``), drawn by ``hand_form.html``. The page works as a plain form
checked on the server. Its JavaScript (static/hand.js) holds no rule and knows no game: it
applies the tables the description carries and asks ``POST .../hands/preview`` for a
hand's points before it is saved.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NoReturn

from flask import (
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
from flask_babel import ngettext

from ... import db, game_play
from ...db import club
from ...engine.core.language import words_in
from ...engine.core.numbers import whole_or_none
from ...engine.core.schema import Refused
from ...engine.pages.form import (
    Table,
    posted_action,
    preview_entered,
)
from ...limits import MAX_HANDS
from ..access import edit_required
from ..i18n import current_language, list_of, translate
from ..offline.service import KEPT_HEADER, snapshot_of
from ..service import counted_number, describe, hand_words
from ..weight import light
from .blueprint import bp
from .forms import DeleteHandForm, HandForm


def _table(game: db.StoredGame, number: int) -> Table:
    """The form for hand ``number`` at its place in the game, in the page's language."""
    return game_play.form_at(db.get_db(), game, number, words_in(current_language()))


# The hand form is kept by the phone's service worker, so that a hand can be entered
# (and kept as a draft) when the connection drops; never by anyone else.
OFFLINE_PAGE = "private, no-cache"


def _render(
    game: db.StoredGame,
    form: HandForm,
    status: int,
    number: int,
    problems: Sequence[tuple[str, str]] = (),
    stored: db.StoredHand | None = None,
    table: Table | None = None,
    **context: Any,
):
    """The page of the hand form (the engine's ``pages.form.hand_form``) for hand
    ``number`` (on ``table``, when the view holds it already), with the entries posted and
    their ``problems``."""
    if table is None:
        table = _table(game, number)
    hand = form.page(table, problems, None if stored is None else stored.record.to_dict())
    page = render_template("hand_form.html", game=game, form=form, hand=hand, **context)
    return page, status, {"Cache-Control": OFFLINE_PAGE}


@light
@bp.post("/games/<int:game_id>/hands/preview", endpoint="preview_hand")
@edit_required
def preview(game_id: int, game: db.StoredGame):
    """The points of the hand on the form, not saved: the form's own fields, checked as the
    save checks them (``pages.form.preview_entered``), so the page script needs to know
    nothing of the game. Answers ``{"points": [per side], "names": [per side]}``, or
    ``{"problem": ...}`` for a hand that cannot be scored yet."""
    table = _table(game, _posted_number(game))
    answer: dict[str, Any] = {"problem": _("These entries cannot be scored yet.")}
    if HandForm().validate_on_submit():
        action = posted_action(table.spec, request.form)
        answer = preview_entered(table, request.form, action, game.seated)
    return jsonify(answer), 422 if "problem" in answer else 200


def _posted_number(game: db.StoredGame) -> int:
    """The hand the form posted is for: its ``number`` (a recorded hand being
    edited, or the next), else the next hand."""
    number = whole_or_none(request.form.get("number"), low=1, high=MAX_HANDS)
    next_number = game.hand_count + 1
    return next_number if number is None or number > next_number else number


@light
@bp.route("/games/<int:game_id>/hands/new", methods=["GET", "POST"], endpoint="record_hand")
@edit_required
def record(game_id: int, game: db.StoredGame):
    """The form for the next hand, and its save. Neither reads the hands already played:
    the form stands on the last hand's stored state, and whether the game is over and
    which hand is next are the game's row as the last save wrote them (as the save itself
    reads them), so a save costs the same in a game's first hand as in its thousandth."""
    database = db.get_db()
    # The form for the hand it was filled in for: a phone that loaded hand 2 and posts it
    # after another phone saved hand 2 hears of the clash (409), not of hand 3's dealer.
    posted = _posted_number(game)
    form = HandForm()
    conflict = None
    problems: list[tuple[str, str]] = []
    table: Table | None = None
    if form.validate_on_submit():
        # The save's one walk: the form's values, through the game's rules, stored.
        table = _table(game, posted)
        try:
            saved = game_play.record_entered(database, game, table, request.form, form.number.data)
        except db.Conflict as exc:
            game = db.load_game(database, game_id) or game  # as the other phone left it
            conflict = _conflict_notice(game, exc, form)
            table = None  # the game as the other phone left it: its form is drawn anew
        except Refused as refused:
            problems = refused.problems
        else:
            flash(saved.message, "saved")
            return _saved(game_id)
    if not form.is_submitted():
        if game.status == "finished":
            flash(_("The game is over. Edit a hand to change the result."), "info")
            return redirect(url_for("games.scoreboard", game_id=game_id))
        form.number.data = game.hand_count + 1
    status = 409 if conflict else 422 if problems or form.errors else 200
    number = form.number.data
    if not (isinstance(number, int) and 0 < number <= game.hand_count + 1):
        number = posted
    return _render(
        game,
        form,
        status,
        number,
        problems,
        table=table if number == posted else None,
        conflict=conflict,
        action=url_for("games.record_hand", game_id=game_id),
    )


def _back() -> str | None:
    """Where an edit form opened from another page (``?back=``: a club night's disputed
    hand, from its settle page) goes once the hand is saved: a path of this site only
    (letters, digits, ``/``, ``-`` and ``_``), never another site's address."""
    back = request.args.get("back", "")
    return back if _LOCAL_PATH.fullmatch(back) else None


_LOCAL_PATH = re.compile(r"/(?!/)[A-Za-z0-9/_-]{0,200}")


def _saved(game_id: int, back: str | None = None) -> Response:
    """After a save, the scoreboard (or ``back``). The hand form's script (static/draft.js)
    asks for JSON: only this answer tells it the hand is stored, and so that it may forget
    its copy."""
    scoreboard = back or url_for("games.scoreboard", game_id=game_id)
    if request.accept_mimetypes.best_match(["text/html", "application/json"]) == (
        "application/json"
    ):
        # A phone that keeps the game: the game as saved, so that its kept copy holds the
        # hand whatever the network does next (static/keep.js; issue 44).
        if request.headers.get(KEPT_HEADER):
            return jsonify(saved=True, next=scoreboard, kept=snapshot_of(game_id))
        return jsonify(saved=True, next=scoreboard)
    return redirect(scoreboard)


def _conflict_notice(game: db.StoredGame, exc: db.Conflict, form: HandForm) -> dict[str, Any]:
    """What to tell the player when another phone saved first; keeps what they typed.
    ``game`` is as the other phone left it."""
    notice: dict[str, Any] = {"message": translate(exc.message), "stored": None}
    number = form.number.data
    stored = db.load_hand(db.get_db(), game.id, number) if isinstance(number, int) else None
    if stored is not None:
        notice["stored"] = describe(
            game.table, stored.record.to_dict(), game.names_at(number), game.settings
        )
        notice["message"] = _("Hand %(number)d was just saved on another phone.", number=number)
    if game.status != "finished":
        # Saving again records what is on this form as the next hand.
        form.set_hidden("number", game.hand_count + 1)
        notice["next"] = game.hand_count + 1
    return notice


def _stored_hand(game: db.StoredGame, number: int) -> db.StoredHand:
    """Hand ``number`` as stored (one row, however long the game), or a 404."""
    stored = db.load_hand(db.get_db(), game.id, number)
    if stored is None:
        _no_such_hand(game.id, number)
    return stored


def _no_such_hand(game_id: int, number: int) -> NoReturn:
    abort(404, _("Game %(game)d has no hand %(number)d.", game=game_id, number=number))


# A correction at the table is bounded by MAX_HANDS and must never wait behind a
# stranger's import for a heavy slot: it stays light, as a save does.
@light
@bp.route(
    "/games/<int:game_id>/hands/<int:number>/edit", methods=["GET", "POST"], endpoint="edit_hand"
)
@edit_required
def edit(game_id: int, number: int, game: db.StoredGame):
    """A recorded hand's form, and its save. On a club table's list that its players
    signed, the form warns that saving withdraws their signatures, and the message after
    the save says whose were withdrawn (each is asked to sign again)."""
    stored = _stored_hand(game, number)
    signed_by = club.signed_now(db.get_db(), game_id)
    if request.method == "POST":
        form = HandForm()
    else:
        form = HandForm(data={"number": number, "revision": stored.revision})
    conflict = None
    problems: list[tuple[str, str]] = []
    table: Table | None = None
    if form.validate_on_submit():
        table = _table(game, number)
        try:
            saved = game_play.edit_entered(
                db.get_db(), game, table, request.form, number, form.revision.data
            )
        except db.Conflict as exc:
            current = _stored_hand(game, number)
            conflict = {
                "message": translate(exc.message),
                "stored": describe(
                    game.table, current.record.to_dict(), game.names_at(number), game.settings
                ),
            }
            form.set_hidden("revision", current.revision)
        except Refused as refused:
            problems = refused.problems
        else:
            flash(saved.message, "saved")
            if signed_by:
                flash(_withdrawn_by_the_change(signed_by), "info")
            return _saved(game_id, _back())
    status = 409 if conflict else 422 if problems or form.errors else 200
    return _render(
        game,
        form,
        status,
        number,
        problems,
        stored,
        table=table,
        conflict=conflict,
        action=url_for("games.edit_hand", game_id=game_id, number=number, back=_back()),
        editing=number,
        back=_back(),
        signed_by=signed_by,
    )


def _withdrawn_by_the_change(names: Sequence[str]) -> str:
    return ngettext(
        "%(names)s's signature of this list is withdrawn by the change: they are asked to "
        "check it and sign again.",
        "The signatures of %(names)s are withdrawn by the change: they are asked to check "
        "the list and sign again.",
        len(names),
        names=list_of(names),
    )


@light
@bp.route(
    "/games/<int:game_id>/hands/<int:number>/delete",
    methods=["GET", "POST"],
    endpoint="delete_hand",
)
@edit_required
def delete(game_id: int, number: int, game: db.StoredGame):
    """GET asks for confirmation; only the POST from that page deletes. On a club table's
    signed list the question warns that deleting withdraws the signatures, and the
    message after says whose were withdrawn."""
    form = DeleteHandForm()
    signed_by = club.signed_now(db.get_db(), game_id)
    stored = db.load_hand(db.get_db(), game.id, number)
    if stored is None:
        if form.is_submitted() and isinstance(form.revision.data, int):
            return _already_deleted(game, number)
        _no_such_hand(game_id, number)
    problem = None
    counted = counted_number(game, number)  # as the table counts it (a Chicago's deal)
    if form.validate_on_submit():
        try:
            game_play.delete_last_hand(db.get_db(), game_id, number, form.revision.data)
        except db.NotFound:
            return _already_deleted(game, number)
        except db.Conflict as exc:
            problem = translate(exc.message)
            if exc.current is not None:
                stored = exc.current
        else:
            deleted = translate(hand_words(game).deleted, number=counted)
            flash(deleted, "info")
            if signed_by:
                flash(_withdrawn_by_the_change(signed_by), "info")
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
        counted=counted,
        text=describe(game.table, stored.record.to_dict(), game.names_at(number), game.settings),
        problem=problem,
        last=last,
        signed_by=signed_by,
    ), status


def _already_deleted(game: db.StoredGame, number: int) -> tuple[str, int]:
    """The answer to a phone that asked to delete hand ``number`` (as it was shown it)
    after another phone deleted it: nothing more to do, and the phone is told so."""
    return render_template(
        "delete_hand.html",
        game=game,
        form=None,
        number=number,
        text=None,
        problem=_("Hand %(number)d was already deleted on another phone.", number=number),
        last=False,
        gone=True,
    ), 409
