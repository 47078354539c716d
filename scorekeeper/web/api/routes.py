"""The JSON API. Other tools call it, so its shape is fixed (see README "JSON API").

Writes need ``Authorization: Bearer <edit_key>``. Errors are ``{"error": message,
"field": name}``: 400 for a body that is not a JSON object, 422 for a value the engine or
the shape check refuses, 403 for a missing or wrong key, 404 for an unknown game or hand,
409 when the write clashes with what is stored.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import Blueprint, request, url_for

from ... import db, game_play, json_input
from ...engine import DEFAULT_GAME, EngineError, Game, get_game, parse_int, table_game
from ...engine.core.game import HandPlace, ScoresFromQuery, side_values
from ...problems import Problem
from ..access import bearer_key
from ..errors import json_error
from ..forms import FieldProblem, clean_game_details
from ..game_service import change_seat as seat_player
from ..game_service import game_of, rules_label, start_game

bp = Blueprint("api", __name__, url_prefix="/api")

GAME_FIELDS = {"game", "players", "rules", "settings", "target", "first_dealer", "starting_totals"}
# What a hand's body may carry besides the game's own fields (``Game.hand_fields``).
HAND_KEYS = {"number", "revision"}


def hand_fields(rules: Game) -> set[str]:
    """The keys a hand's body may carry in a game of ``rules``."""
    return HAND_KEYS | rules.hand_fields


HAND_FIELDS = hand_fields(get_game())
"""The default game's (Israeli Whist's) hand fields."""


class ApiError(Problem):
    """A request the API refuses, answered with ``status``."""

    def __init__(self, message: str, field: str | None = None, status: int = 422) -> None:
        super().__init__(message, field)
        self.status = status


# --- errors: every refusal is ``{"error": message, "field": name}`` -----------------------


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError):
    return json_error(exc.status, exc.message, exc.field)


@bp.errorhandler(EngineError)
@bp.errorhandler(FieldProblem)
def _unprocessable(exc: EngineError | FieldProblem):
    """A value the engine or the shape check refuses."""
    return json_error(422, exc.message, exc.field)


@bp.errorhandler(json_input.JsonProblem)
def _unreadable(exc: json_input.JsonProblem):
    """A body that is not JSON at all (400), or a value in it past json_input's limits."""
    if exc.field in ("encoding", "json"):
        return json_error(400, f"the body must be a JSON object; {exc.message}", "body")
    return json_error(422, exc.message, exc.field)


@bp.errorhandler(db.NotFound)
def _not_found(exc: db.NotFound):
    return json_error(404, exc.message, exc.field)


@bp.errorhandler(db.Conflict)
def _conflict(exc: db.Conflict):
    """409 with the reason; for a stale revision, also the hand as it is stored now."""
    body: dict[str, Any] = {"error": exc.message, "field": exc.field}
    if exc.current is not None:
        # The hand as stored now, resumed from the state before it: the work of the hands
        # from it on, not of the whole game.
        database = db.get_db()
        stored = db.load_game(database, request.view_args["game_id"])
        number = exc.current.number
        hand = db.load_hand(database, stored.id, number) if stored is not None else None
        if stored is not None and hand is not None:
            progress = game_play.recent_progress(database, stored, stored.hand_count - number + 1)
            body["hand"] = _hand_json(stored, progress, hand)
    return body, 409


def _body(allowed: set[str]) -> dict[str, Any]:
    """The request's JSON object, read within json_input's limits; raises ApiError or
    JsonProblem."""
    body = json_input.loads(request.get_data(cache=True)) if request.is_json else None
    if not isinstance(body, dict):
        raise ApiError("the body must be a JSON object", "body", 400)
    unknown = sorted(set(body) - allowed)
    if unknown:
        raise ApiError(
            f"unknown field {unknown[0]!r}; known fields: {', '.join(sorted(allowed))}",
            unknown[0],
        )
    return body


def _game(game_id: int) -> db.Game:
    game = db.load_game(db.get_db(), game_id)
    if game is None:
        raise db.NotFound(f"there is no game {game_id}", "id")
    return game


def edit_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """The API's ``edit_required``: the view gets the stored game (404 without one) and
    runs only for a request whose ``Authorization: Bearer`` is the game's edit key (403)."""

    @functools.wraps(view)
    def wrapped(game_id: int, **kwargs: Any) -> Any:
        game = _game(game_id)
        if not db.key_matches(game, bearer_key()):
            raise ApiError(
                "changing a game needs its edit key: send 'Authorization: Bearer <edit_key>'",
                "authorization",
                403,
            )
        return view(game, **kwargs)

    return wrapped


def _whole_or_none(body: dict[str, Any], field: str) -> int | None:
    """A whole number from 1 on, or None; raises ParseError naming ``field``."""
    value = body.get(field)
    return None if value is None else parse_int(value, field, low=1)


# --- shapes -------------------------------------------------------------------------------


def _hand_json(game: db.Game, progress: Any, stored: db.StoredHand) -> dict[str, Any]:
    """A hand as the table wrote it down, with its dealer, its points and the running
    totals per side, and what the game shows beside them (its ``hand_result``).
    ``progress`` holds the hand: a whole replay, or the one a save resumed."""
    replayed = game_play.replayed_hand(progress, stored.number)
    return {
        "number": stored.number,
        "revision": stored.revision,
        "dealer": replayed.dealer,
        **stored.record.to_dict(),
        "points": list(replayed.points),
        **game_of(game).hand_result(replayed),
        "totals": list(replayed.totals),
        # How each seat's points were worked out at the hand's place, in English as the
        # API speaks.
        "explain": _explained(
            game.game,
            len(game.players),
            progress.settings,
            stored.record,
            _place_before(game, progress, replayed),
        ),
    }


def _place_before(game: db.Game, progress: Any, replayed: Any) -> HandPlace:
    """Where a replayed hand of ``progress`` fell: after the hand before it in
    ``progress``, or else after the state stored with that hand (one row read)."""
    rules = game_of(game)
    first = progress.next_number - len(progress.hands)
    if replayed.number > first:
        earlier = game_play.replayed_hand(progress, replayed.number - 1)
        return rules.place_of(rules.hand_state(earlier))
    return game_play.place_of(db.get_db(), game, replayed.number)


@functools.lru_cache(maxsize=8192)
def _explained_terms(
    game: str, seats: int, settings: Any, record: Any, place: HandPlace
) -> tuple[tuple[str, ...], ...]:
    terms = table_game(game, seats).explain_at(settings, record, place)
    return tuple(tuple(str(term) for term in seat) for seat in terms)


def _explained(
    game: str, seats: int, settings: Any, record: Any, place: HandPlace
) -> list[list[str]]:
    """How each seat's points were worked out at ``place``, in English as the API
    speaks: the game's ``explain_at``, worked out once per (settings, hand, place). All
    are immutable, so a game's JSON asked for again explains only the hands it did not
    have before."""
    try:
        terms = _explained_terms(game, seats, settings, record, place)
    except TypeError:  # a game whose state is not hashable: explained every time
        terms = _explained_terms.__wrapped__(game, seats, settings, record, place)
    return [list(seat) for seat in terms]


def _state_json(rules: Game, progress: Any) -> dict[str, Any]:
    """Where the game stands: the shared fields, then what the game itself shows of its
    progress (``progress_result``: the cards the next hand deals, say), which may not
    replace a shared one."""
    own = rules.progress_result(progress)
    return {
        **own,
        "totals": list(progress.totals),
        "dealer": progress.dealer,
        "opener": progress.opener,
        "status": progress.status,
        "winner": progress.winner,
        "winners": _winners(progress),
        "tie_at_top": progress.tie_at_top,
        "next_number": progress.next_number,
    }


def _winners(progress: Any) -> list[int]:
    """Every winner: one normally, all the tied leaders when the table shares a win."""
    winners = getattr(progress, "winners", None)
    if winners is not None:
        return list(winners)
    return [] if progress.winner is None else [progress.winner]


def _game_summary(game: db.Game) -> dict[str, Any]:
    """A game in the list; its totals per side, as ``GET /api/games/<id>`` gives them."""
    return {
        "id": game.id,
        "game": game_of(game).key,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "name": game.name,
        "players": list(game.players),
        "rules": game.rules,
        "status": game.status,
        "winner": game.winner,
        "totals": list(side_values(game_of(game), game.totals)),
        "hands": game.hand_count,
        "view_url": url_for("games.scoreboard", game_id=game.id, _external=True),
    }


# --- games --------------------------------------------------------------------------------


@bp.post("/games")
def create_game():
    body = _body(GAME_FIELDS)
    try:
        chosen = get_game(body.get("game", DEFAULT_GAME))
    except EngineError as exc:
        raise ApiError(exc.message, "game") from None
    settings = body.get("settings", {})
    try:
        game_id, key = start_game(
            body.get("players"),
            body.get("rules", chosen.default_preset),
            settings,
            body.get("target"),
            body.get("first_dealer"),
            chosen.key,
            body.get("starting_totals"),
        )
    except EngineError as exc:
        # A knob's error names the knob; the body holds it under "settings".
        field = exc.field or "settings"
        named = ("rules", "settings", "starting_totals")
        if field.partition("[")[0] not in named and not (field == "target" and "target" in body):
            field = f"settings.{field}"
        raise ApiError(exc.message, field) from None
    view_url = url_for("games.scoreboard", game_id=game_id, _external=True)
    response = {
        "id": game_id,
        "edit_key": key,
        "edit_url": url_for("games.edit_link", game_id=game_id, key=key, _external=True),
        "view_url": view_url,
    }
    return response, 201, {"Location": url_for("api.game", game_id=game_id, _external=True)}


@bp.get("/games")
def games():
    status = request.args.get("status")
    if status not in (None, "in_progress", "finished"):
        raise ApiError("status must be in_progress or finished", "status", 400)
    limit = _list_param("limit", 1, MAX_LISTED, DEFAULT_LISTED)
    before = _list_param("before", 1, db.MAX_ID, None)
    found = db.list_games(db.get_db(), status, limit=limit + 1, before=before)
    page, more = found[:limit], len(found) > limit
    # The next (older) page, when there is one: the same filters, before this page's last.
    following = (
        url_for("api.games", status=status, limit=limit, before=page[-1].id, _external=True)
        if more
        else None
    )
    return {"games": [_game_summary(g) for g in page], "next": following}


# How many games one GET /api/games lists, unless ``limit`` asks for another number.
DEFAULT_LISTED, MAX_LISTED = 50, 500


def _list_param(field: str, low: int, high: int, default: int | None) -> int | None:
    """A whole-number query parameter of the list, from ``low`` to ``high``."""
    value = request.args.get(field)
    if value is None:
        return default
    if (
        not value.isascii()
        or not value.isdigit()
        or len(value) > 19
        or not low <= int(value) <= high
    ):
        raise ApiError(f"{field} must be a whole number from {low} to {high}", field, 400)
    return int(value)


@bp.get("/games/<int:game_id>")
def game(game_id: int):
    found, hands = db.load_game_with_hands(db.get_db(), game_id)
    if found is None:
        raise db.NotFound(f"there is no game {game_id}", "id")
    progress = game_play.progress_of(found, hands)
    rules = game_of(found)
    finish = {"finished_after": found.finished_after} if rules.finish_now else {}
    return {
        "id": found.id,
        "game": game_of(found).key,
        "created_at": found.created_at,
        "name": found.name,
        "notes": found.notes,
        "players": list(found.players),
        "rules": found.rules,
        "rules_label": rules_label(found),
        "settings": found.settings.to_dict(),
        "first_dealer": found.first_dealer,
        "sides": [list(side) for side in rules.sides],
        "starting_totals": list(found.starting_totals or (0,) * len(rules.sides)),
        "substitutions": [change.to_dict() for change in found.changes],
        "seated": list(found.seated),
        "hands": [_hand_json(found, progress, h) for h in hands],
        **_state_json(rules, progress),
        **finish,
        "view_url": url_for("games.scoreboard", game_id=found.id, _external=True),
    }


DETAIL_FIELDS = {"name", "notes"}


@bp.patch("/games/<int:game_id>")
@edit_required
def update_game(found: db.Game):
    """Sets the game's name and notes; a field left out keeps its value, null clears it."""
    body = _body(DETAIL_FIELDS)
    name, notes = clean_game_details(body.get("name", found.name), body.get("notes", found.notes))
    db.set_game_details(db.get_db(), found.id, name, notes)
    return {"id": found.id, "name": name, "notes": notes}


@bp.get("/games/<int:game_id>/score")
def score(game_id: int):
    """A shortcut (README, "JSON API"): scores a hand given in the query string, in the
    parameters the game names, under the game's rules without saving anything, for a game
    that declares it (``ScoresFromQuery``). Every game's hand, in its own fields, is
    scored by ``/preview``; this answers 404 pointing there for the others."""
    found = _game(game_id)
    rules = game_of(found)
    if not isinstance(rules, ScoresFromQuery):
        message = f"{rules.key} hands are scored from a whole hand: POST it to /preview"
        raise ApiError(message, "id", 404)
    return rules.score_query(found.settings, request.args)


@bp.post("/games/<int:game_id>/preview")
def preview(game_id: int):
    """Scores a hand body (as ``POST .../hands`` takes it) under the game's rules without
    saving anything; like ``GET``, it needs no key."""
    found = _game(game_id)
    body = _body(hand_fields(game_of(found)))
    number = _whole_or_none(body, "number")
    # The hand at its place: the one ``number`` names, or else the next one.
    place = game_play.place_of(db.get_db(), found, number or found.hand_count + 1)
    rules = game_of(found)
    record = rules.read_at(found.settings, body, place)
    return rules.preview_at(found.settings, record, place)


# --- hands --------------------------------------------------------------------------------


def _written(found: db.Game, progress: Any, number: int, revision: int) -> dict[str, Any]:
    """The answer to a save, from the progress the save scored (it holds hand ``number``
    and the game's state after its last hand, not the hands before)."""
    replayed = game_play.replayed_hand(progress, number)
    return {
        "number": number,
        "points": list(replayed.points),
        **game_of(found).hand_result(replayed),
        "thrown_in": replayed.record.thrown_in,
        "revision": revision,
        "hand": _hand_json(found, progress, db.StoredHand(number, replayed.record, revision)),
        **_state_json(game_of(found), progress),
    }


@bp.post("/games/<int:game_id>/hands")
@edit_required
def add_hand(found: db.Game):
    body = _body(hand_fields(game_of(found)))
    number = _whole_or_none(body, "number")
    # Read at its place in the game (the cards dealt, the dealer, the score), in the save.
    stored_number, progress, revision = game_play.add_hand(db.get_db(), found.id, body, number)
    return _written(found, progress, stored_number, revision), 201


@bp.put("/games/<int:game_id>/hands/<int:number>")
@edit_required
def replace_hand(found: db.Game, number: int):
    body = _body(hand_fields(game_of(found)))
    given = _whole_or_none(body, "number")
    if given is not None and given != number:
        raise ApiError(f"the body names hand {given} but the URL hand {number}", "number")
    revision = _expected_revision(_whole_or_none(body, "revision"))
    progress, revision = game_play.replace_hand(db.get_db(), found.id, number, body, revision)
    return _written(found, progress, number, revision)


@bp.delete("/games/<int:game_id>/hands/<int:number>")
@edit_required
def delete_hand(found: db.Game, number: int):
    """Deletes the last hand; ``?revision=n``, a body ``{"revision": n}`` or ``If-Match:
    "n"`` refuses to delete it when it is no longer revision n."""
    given = _whole_or_none(_body({"revision"}), "revision") if request.content_length else None
    query = request.args.get("revision")
    if query is not None:
        if given is not None and str(given) != query:
            raise ApiError("the query and the body name different revisions", "revision")
        given = _whole_or_none({"revision": _whole_number(query)}, "revision")
    progress = game_play.delete_last_hand(db.get_db(), found.id, number, _expected_revision(given))
    return {"deleted": number, **_state_json(game_of(found), progress)}


@bp.post("/games/<int:game_id>/seats")
@edit_required
def change_seat(found: db.Game):
    """A player leaves and another takes the seat from the next hand on; the seat's total
    carries on. Needs the edit key. Body: ``{"seat": 0..3, "name": "Eve"}``."""
    body = _body({"seat", "name"})
    seat = parse_int(body.get("seat"), "seat", low=0, high=len(found.players) - 1)
    _before, change = seat_player(found, seat, body.get("name"))
    seated = db.load_game(db.get_db(), found.id).seated  # as stored, after any other phone's
    return {**change.to_dict(), "seated": list(seated)}, 201


@bp.post("/games/<int:game_id>/finish")
@edit_required
def finish_game(found: db.Game):
    """Ends the game now, for a game whose rules have "finish now" (Bid Whist): the side
    ahead wins, or, when the sides are level, the game plays on until one is ahead (its
    ``tie_at_top`` is then true). Needs the edit key; 409 when the game is over or its
    rules have no "finish now". The body, if any, is an empty object."""
    if request.content_length:
        _body(set())
    asked, progress = game_play.finish_game(db.get_db(), found.id)
    return {"finished_after": asked, **_state_json(game_of(found), progress)}


def _whole_number(text: str) -> int | str:
    """``text`` as an int when it is written as one, else unchanged (to be refused)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else text


def _expected_revision(given: int | None) -> int | None:
    """The revision a write expects the hand to have: ``given`` (from the body or query) or
    the ``If-Match`` header's ``"n"``; ``If-Match: *`` expects none in particular."""
    header = request.headers.get("If-Match")
    if header is None or request.if_match.star_tag:
        return given
    tags = request.if_match.as_set()
    tag = next(iter(tags)) if len(tags) == 1 else ""
    matched = _whole_number(tag)
    if not isinstance(matched, int) or matched < 1:
        raise ApiError('If-Match must be one revision in quotes, e.g. "2"', "If-Match")
    if given is not None and given != matched:
        raise ApiError("If-Match and revision name different revisions", "revision")
    return matched
