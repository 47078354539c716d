"""The server's half of a game that goes on without the network (issue 34).

A phone that may edit a game takes a snapshot of it (``GET /games/<id>/offline``): what its
own engine needs to record hands alone. Back online, it sends the hands it queued, each
with its number and the game's ``version`` it was recorded after (``POST
/games/<id>/offline/hands``). Each is saved as any hand is (``game_play``, the engine at
its place), with the name of the phone it was recorded on (``offline_by``), in order,
stopping at the first that cannot be: a hand another phone recorded meanwhile (409, both
versions, until the phone sends it again with ``"replace": true`` and the ``revision``
of the server's version it was shown), or one the rules refuse (422, in the API's words
and in the table's).

A batch's work is bounded (issue 42, finding 1): each hand at most once in it, and at most
``OFFLINE_MAX_REPLACED`` of them replacing a stored hand (each replacement recomputes every
later hand); a batch that replaces one takes one of the server's heavy slots while it runs
(``throttle.heavy_work``), so that a stranger's corrections to long games never hold other
groups' saves for longer than one of them. A phone's own queue holds each hand once, and
only its first hand may be marked ``replace`` (the one whose clash it was shown).

``after`` must be a version the game has had. Whether a hand clashes is decided by its
number and what is stored, not by versions: a number the server holds with another hand
is a conflict however it came there, so no stored hand is overwritten without
``replace``; the next number is saved when the rules take it at its place as the game
stands now (an edit of an earlier hand meanwhile may change its points, never silently
its legality).

The right is the hand form's: the phone holds the game's edit key (its session), and the
post carries the session's CSRF token in ``X-CSRFToken``, which the snapshot gives.
Every answer, refusals included, is JSON ``{"error", "field"}`` as the API's are, with
``message`` in the page's language for the player; no answer is kept by any cache.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request
from flask_babel import force_locale
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ... import db, game_play, json_input
from ...engine import EngineError, ParseError, parse_int
from ...engine.core.form import table_refusals
from ...engine.core.messages import msg
from ...engine.phone import standing
from ...limits import OFFLINE_MAX_HANDS, OFFLINE_MAX_REPLACED
from ...names import FieldProblem, clean_phone_name
from ...problems import Problem
from .. import throttle
from ..access import edit_required, no_game
from ..errors import csrf_message
from ..errors import http_message as page_message
from ..i18n import named
from ..responses import PRIVATE
from ..service import describe, game_of, side_names
from ..weight import light
from .blueprint import bp
from .service import clash_html, member_name, snapshot_of

ITEM_FIELDS = {"number", "after", "hand", "replace", "revision"}


# The sync's endpoints: their answers, refusals included, are JSON and never kept by a
# cache. The area's other pages (the kept page, the worker, the engine's files) share the
# blueprint but answer an error as every page of the app does.
SYNC = frozenset({"offline.snapshot", "offline.send_hands"})


def _sync_error(kind: Any) -> Callable[[Callable[[Any], Any]], Callable[[Any], Any]]:
    """Registers the decorated function as the blueprint's handler of ``kind`` for the
    sync's requests; any other request of the area is handed to the app's own handler."""

    def register(handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        @functools.wraps(handler)
        def answer(exc: Any) -> Any:
            if request.endpoint in SYNC:
                return handler(exc)
            # The app's handler alone (no blueprint's): as before the area had one blueprint.
            app_handler = current_app._find_error_handler(exc, [])
            if app_handler is not None:
                return app_handler(exc)
            if isinstance(exc, HTTPException):
                return exc
            raise exc

        bp.register_error_handler(kind, answer)
        return handler

    return register


class BatchRefused(Problem):
    """A batch refused as a whole before any hand is saved: ``message`` in English naming
    ``field``, answered with ``status`` (400 or 413) and, for the player, ``shown`` in the
    page's language (None: the English)."""

    def __init__(
        self, message: str, field: str, status: int = 400, shown: str | None = None
    ) -> None:
        super().__init__(message, field)
        self.status, self.shown = status, shown


def _error(status: int, message: str, field: str | None, shown: str | None = None) -> Response:
    response = jsonify({"error": message, "field": field, "message": shown or message})
    response.status_code = status
    return response


# By code as well as by class: the app's own handlers of a code (the CSRF check's 400, the
# import page's 413) come before a blueprint's handler of HTTPException as a whole.
@_sync_error(HTTPException)
@_sync_error(400)
@_sync_error(403)
@_sync_error(404)
@_sync_error(405)
@_sync_error(413)
def _http_error(exc: HTTPException):
    """A 404 for a stranger (the private pages' words), a 403 for a viewer, a 413 for a
    body past the app's limit, a 400 for a missing CSRF token: as JSON, in English under
    ``error`` and in the page's language under ``message``."""
    status = exc.code or 500
    if isinstance(exc, CSRFError):
        with force_locale("en"):
            english = csrf_message()
        return _error(400, english, "csrf_token", csrf_message())
    if isinstance(exc, RequestEntityTooLarge):
        limit = current_app.config["MAX_CONTENT_LENGTH"] // 1024
        english = f"the body is larger than {limit} KB: send the hands in smaller batches"
        return _error(413, english, "body", _too_many())
    with force_locale("en"):
        english = page_message(exc)
    return _error(status, english, "id" if status == 404 else None, page_message(exc))


def _too_many() -> str:
    return _("The hands are too many to send at once. Send them in smaller batches.")


def _busy_words() -> str:
    return _(
        "The server is busy with other phones' changes to their games. This phone sends "
        "its hands again in a few seconds; nothing is lost."
    )


@_sync_error(throttle.Busy)
def _busy(exc: throttle.Busy):
    """503 while the heavy slots are taken, with ``Retry-After``."""
    with force_locale("en"):
        english = exc.words()
    response = _error(503, english, exc.field, exc.words())
    response.headers["Retry-After"] = str(exc.retry_after)
    return response


@_sync_error(BatchRefused)
def _refused(exc: BatchRefused):
    return _error(exc.status, exc.message, exc.field, exc.shown)


@_sync_error(db.NotFound)
def _not_stored(exc: db.NotFound):
    """A game deleted while its hands were sent: the 404 of a game that is not there."""
    game_id = (request.view_args or {}).get("game_id", 0)
    with force_locale("en"):
        english = no_game(game_id)
    return _error(404, english, "id", no_game(game_id))


@_sync_error(json_input.JsonProblem)
def _unreadable(exc: json_input.JsonProblem):
    """A body that is not JSON, or a value in it past json_input's limits."""
    if exc.field in ("encoding", "json"):
        return _error(400, f"the body must be a JSON object; {exc.message}", "body")
    return _error(400, str(exc.message), exc.field)


@bp.after_request
def _private(response: Response) -> Response:
    """A snapshot carries the game as one phone may edit it, and its CSRF token."""
    if request.endpoint in SYNC:
        response.headers["Cache-Control"] = PRIVATE
    return response


# --- the snapshot ---------------------------------------------------------------------------


@light
@bp.get("/games/<int:game_id>/offline")
@edit_required
def snapshot(game_id: int, game: db.StoredGame):
    """The game's snapshot (``snapshot_of``), for a phone that keeps it; ``?removed=`` the
    hands its copy holds that were taken off its queue (the kept board says so)."""
    try:
        removed = parse_int(request.args.get("removed", "0"), "removed", low=0, high=db.MAX_ID)
    except ParseError as exc:
        return _error(400, str(exc.message), "removed")
    return snapshot_of(game_id, removed)


def _batch(game: db.StoredGame) -> tuple[str | None, list[dict[str, Any]]]:
    """The phone's name and its hands, each checked for shape; raises BatchRefused naming the
    field (400), or for more hands than one batch takes (413). The name is the member's
    name this phone has in the game's group now (``member_name``), else the one its player
    gave (``by``: asked on the kept page, never before the game is kept), else None: the
    hands are saved, not marked with a name (issue 56)."""
    body = json_input.loads(request.get_data(cache=True)) if request.is_json else None
    if not isinstance(body, dict):
        raise BatchRefused("the body must be a JSON object", "body")
    unknown = sorted(set(body) - {"by", "hands"})
    if unknown:
        raise BatchRefused(f"unknown field {unknown[0]!r}; known fields: by, hands", unknown[0])
    try:
        given = body.get("by")
        by = member_name(game) or (clean_phone_name(given) if given is not None else None)
    except FieldProblem as exc:
        raise BatchRefused(str(exc.message), "by") from None
    items = body.get("hands")
    if not isinstance(items, list) or not items:
        raise BatchRefused("hands must be a list of at least one hand", "hands")
    if len(items) > OFFLINE_MAX_HANDS:
        raise BatchRefused(
            f"at most {OFFLINE_MAX_HANDS} hands at once, not {len(items)}: send the rest "
            "in another batch",
            "hands",
            413,
            _too_many(),
        )
    fields = game_of(game).hand.hand_fields
    first_at: dict[int, int] = {}
    replacing = 0
    for index, item in enumerate(items):
        where = f"hands[{index}]"
        _check_item(item, where, fields)
        number = item["number"]
        if number in first_at:
            raise BatchRefused(
                f"hand {number} is sent twice, as hands[{first_at[number]}] and {where}: "
                "send each hand once in a batch",
                f"{where}.number",
            )
        first_at[number] = index
        replacing += bool(item.get("replace", False))
        if replacing > OFFLINE_MAX_REPLACED:
            raise BatchRefused(
                f"at most {OFFLINE_MAX_REPLACED} hand may replace a stored one in a batch: "
                "send the others in later batches",
                f"{where}.replace",
            )
    return by, items


def _whole(item: dict[str, Any], name: str, where: str, low: int) -> None:
    """``item[name]`` read as the API reads a number (``parse_int``: an integer or its
    digits as text), in place; raises BatchRefused naming it."""
    field = f"{where}.{name}"
    try:
        item[name] = parse_int(item[name], field, low=low, high=db.MAX_ID)
    except ParseError as exc:
        raise BatchRefused(str(exc.message), field) from None


def _check_item(item: Any, where: str, fields: frozenset[str] | set[str]) -> None:
    if not isinstance(item, dict):
        raise BatchRefused(f"{where} must be an object", where)
    unknown = sorted(set(item) - ITEM_FIELDS)
    if unknown:
        known = ", ".join(sorted(ITEM_FIELDS))
        raise BatchRefused(
            f"unknown field {unknown[0]!r}; known fields: {known}", f"{where}.{unknown[0]}"
        )
    for field in ("number", "after", "hand"):
        if field not in item:
            raise BatchRefused(f"{where}.{field} is required", f"{where}.{field}")
    _whole(item, "number", where, 1)
    _whole(item, "after", where, 0)
    if "revision" in item:
        _whole(item, "revision", where, 1)
    if not isinstance(item.get("replace", False), bool):
        raise BatchRefused(f"{where}.replace must be true or false", f"{where}.replace")
    hand = item["hand"]
    if not isinstance(hand, dict):
        raise BatchRefused(f"{where}.hand must be an object", f"{where}.hand")
    extra = sorted(set(hand) - set(fields))
    if extra:
        known = ", ".join(sorted(fields))
        raise BatchRefused(
            f"unknown field {extra[0]!r} in a hand; known fields: {known}",
            f"{where}.hand.{extra[0]}",
        )


class Stop(Problem):
    """The batch stops at a hand: ``status`` (409 or 422) and what the answer says of it
    (``error``, ``field``, ``message``, the hand's ``index`` and ``number``…)."""

    def __init__(self, status: int, answer: dict[str, Any]) -> None:
        super().__init__(str(answer.get("error") or ""), answer.get("field"))
        self.status, self.answer = status, answer


# Light at the door: a batch that replaces a stored hand takes a heavy slot itself.
@light
@bp.post("/games/<int:game_id>/offline/hands")
@edit_required
def send_hands(game_id: int, game: db.StoredGame):
    """Saves the hands a phone recorded without the network, in order (see the module's
    docstring). Answers 200 with each hand's outcome (``saved``, ``replaced``, or
    ``unchanged`` for one the server already holds as sent: a batch sent again after a
    lost answer) and where the game stands after them; or, stopping at a hand, 409 or
    422 with the hands saved before it. Every answer carries the game's ``totals``,
    ``next_number`` and ``version`` after what was saved."""
    by, items = _batch(game)
    for index, item in enumerate(items):
        if item["after"] > game.version:
            raise BatchRefused(
                f"after must be a version this game has had (0 to {game.version})",
                f"hands[{index}].after",
            )
    database = db.get_db()
    done: list[dict[str, Any]] = []
    status, stop = 200, {}
    heavy = any(item.get("replace", False) for item in items)
    with throttle.heavy_work(_busy_words) if heavy else contextlib.nullcontext():
        for index, item in enumerate(items):
            try:
                done.append(_send(database, game_id, by, index, item))
            except Stop as stopped:
                status, stop = stopped.status, stopped.answer
                break
    now = db.load_game(database, game_id)
    if now is None:  # deleted meanwhile: as for any page of a game no longer there
        raise db.NotFound(f"there is no game {game_id}", "id")
    progress = game_play.current_progress(database, now)
    answer = {
        **stop,
        "saved": done,
        **standing(game_of(now), progress),
        "version": now.version,
    }
    if "conflict" in stop:  # both versions, drawn as the phone's engine draws them
        answer["html"] = clash_html(answer)
    return answer, status


def _send(database: Any, game_id: int, by: str | None, index: int, item: dict[str, Any]) -> dict:
    """Saves one queued hand; returns its outcome, or raises Stop."""
    number, body = item["number"], item["hand"]
    game = db.load_game(database, game_id)
    if game is None:
        raise db.NotFound(f"there is no game {game_id}", "id")
    try:
        if number <= game.hand_count:
            return _send_recorded(database, game, by, index, item)
        try:
            stored, progress, revision = game_play.add_hand(database, game_id, body, number, by)
        except db.Conflict:
            # Recorded meanwhile: by this same batch sent again at once (the phone's own
            # retry, finding 12), it is the hand as sent, unchanged; else a clash.
            game = db.load_game(database, game_id) or game
            if number > game.hand_count:
                raise
            return _send_recorded(database, game, by, index, item)
    except EngineError as exc:
        raise Stop(422, _engine_refusal(game, number, index, exc)) from None
    except db.Conflict as exc:
        raise Stop(409, _conflict(database, game_id, number, index, body, exc)) from None
    replayed = game_play.replayed_hand(progress, stored)
    return _outcome(stored, revision, "saved", replayed.points)


def _send_recorded(
    database: Any, game: db.StoredGame, by: str | None, index: int, item: dict[str, Any]
) -> dict[str, Any]:
    """A queued hand whose number the server holds already: the same hand (sent again),
    another phone's (a conflict, unless the phone asks to ``replace`` the ``revision`` it
    was shown: finding 7), each read at its place first."""
    number, body = item["number"], item["hand"]
    current = db.load_hand(database, game.id, number)
    place = game_play.place_of(database, game, number)
    rules = game_of(game)
    record = rules.record_from_dict(game.settings, body, place)
    if current is not None and current.record == record:
        points = rules.preview(game.settings, record, place)["points"]
        return _outcome(number, current.revision, "unchanged", points)
    if not item.get("replace", False) or "revision" not in item:
        # Without the revision it was shown, a phone's "keep mine" could overwrite a
        # correction made since: it is shown the hand as it stands now, to choose again.
        raise db.Conflict(
            msg("hand %(number)d was recorded on another phone meanwhile", number=number),
            f"hands[{index}].number",
            current,
        )
    try:
        progress, revision = game_play.replace_hand(
            database, game.id, number, body, item["revision"], offline_by=by
        )
    except db.Conflict:
        again = db.load_hand(database, game.id, number)
        if again is None or again.record != record:
            raise
        # Replaced meanwhile by this same batch sent again at once: as sent, unchanged.
        points = rules.preview(game.settings, record, place)["points"]
        return _outcome(number, again.revision, "unchanged", points)
    replayed = game_play.replayed_hand(progress, number)
    return _outcome(number, revision, "replaced", replayed.points)


def _outcome(number: int, revision: int, outcome: str, points: Any) -> dict[str, Any]:
    """What became of one hand sent: its number and revision now, ``outcome`` (saved,
    replaced or unchanged) and its points per side."""
    return {"number": number, "revision": revision, "outcome": outcome, "points": list(points)}


def _engine_refusal(
    game: db.StoredGame, number: int, index: int, exc: EngineError
) -> dict[str, Any]:
    """A hand the rules refuse: every problem in the API's words (fields named as the API
    names them, under the hand's place in the batch) and in the table's words, in the
    page's language (the players by name, things as the game calls them), as the hand
    form says them."""
    problems = exc.problems()
    where = f"hands[{index}]"
    names = game.names_at(min(number, game.hand_count + 1))
    place = game_play.place_of(db.get_db(), game, number)
    spec = game_of(game).hand_form(game.settings, names, place)
    said = table_refusals(spec, problems, None, names)
    table = [str(named(sentence, names)) for _field, sentence in said]
    return {
        "error": str(exc.message),
        "field": f"{where}.hand.{problems[0][0]}",
        "problems": [{"field": f"{where}.hand.{f}", "error": str(m)} for f, m in problems],
        "table": table,
        "message": " ".join(table),
        "index": index,
        "number": number,
    }


def _conflict(
    database: Any, game_id: int, number: int, index: int, body: dict, exc: db.Conflict
) -> dict[str, Any]:
    """A queued hand the server cannot take as it stands: another phone recorded that
    number (both versions, side by side), changed it since (the same), or the game moved
    on otherwise (the reason)."""
    field = exc.field or "number"
    if not field.startswith("hands["):  # the save's own field: number, revision, hand
        field = f"hands[{index}].{field}"
    answer: dict[str, Any] = {
        "error": str(exc.message),
        "field": field,
        "message": str(named(exc.message, ())),
        "index": index,
        "number": number,
    }
    game = db.load_game(database, game_id)
    current = db.load_hand(database, game_id, number) if game is not None else None
    if game is None or current is None:
        return answer
    names = game.names_at(number)
    place = game_play.place_of(database, game, number)
    try:
        phone = _version(
            game, game_of(game).record_from_dict(game.settings, body, place), place, names
        )
    except EngineError:  # it no longer stands where the game is now: the body as sent
        phone = {"hand": body}
    if field.endswith(".number"):  # not a version changed since, nor a later hand
        answer["message"] = _(
            "Hand %(number)d was recorded on another phone while this one was offline.",
            number=number,
        )
    elif field.endswith(".revision"):  # "Keep this one" over a version since changed
        answer["message"] = _(
            "Hand %(number)d was changed on another phone since it was shown here. Choose "
            "again which version to keep.",
            number=number,
        )
    answer["conflict"] = {
        "number": number,
        "players": list(names),
        "sides": [str(side) for side in side_names(game, names)],
        "server": _version(
            game, current.record, place, names, current.revision, current.offline_by
        ),
        "phone": phone,
    }
    return answer


def _version(
    game: db.StoredGame,
    record: Any,
    place: Any,
    names: list[str] | tuple[str, ...],
    revision: int | None = None,
    offline_by: str | None = None,
) -> dict[str, Any]:
    """One version of a hand at its place: its body, its points per side, and the line
    the scoreboard would say of it, in the page's language."""
    rules = game_of(game)
    shown: dict[str, Any] = {
        "hand": record.to_dict(),
        "points": list(rules.preview(game.settings, record, place)["points"]),
        "text": describe(rules, record.to_dict(), names, game.settings),
    }
    if revision is not None:
        shown["revision"] = revision
    if offline_by is not None:
        shown["offline_by"] = offline_by
    return shown
