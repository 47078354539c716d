"""The JSON API. Other tools call it, so its shape is fixed (see README "JSON API").

Writes need ``Authorization: Bearer <edit_key>``. A game is read with its edit key, its
group's key (``Authorization: Bearer <group key>``) or its view token (``?view=``), or by
a browser holding its edit key or its group's membership; a group's routes take the
group's key. Errors are ``{"error": message, "field": name}``: 400 for a body that is not
a JSON object, 422 for a value the engine or the shape check refuses, 401 for a group
route without a key, 403 for a write without the game's edit key, 404 for an unknown game
or hand, and for a game or group the request may not read (the same answer, so nobody
learns which ids exist), 409 when the write clashes with what is stored.

Every answer is ``Cache-Control: private, no-store``: each one carries a key, an invite
or a token, or was read with one.
"""

from __future__ import annotations

import functools
from typing import Any

import orjson
from flask import Blueprint, request, url_for

from ... import db, game_play
from ...engine import (
    DEFAULT_GAME,
    GAMES,
    EngineError,
    Game,
    get_game,
    parse_int,
    table_game,
)
from ...engine.core.game import HandPlace, side_values
from ...engine.core.numbers import whole_or_none
from ...engine.phone import standing
from ...lru import Lru
from ..access import bearer_key, edit_required, may_read
from ..forms import clean_game_details
from ..json_provider import OPTIONS as JSON_OPTIONS
from ..links import public_url
from ..service import change_seat as seat_player
from ..service import (
    game_of,
    rules_label,
    seat_empties,
    seat_joins,
    seats_taken,
    start_game,
    table_grows,
)
from ..throttle import allow, owner_required
from ..weight import light
from .errors import ApiError, group_key, group_key_required, init_blueprint
from .errors import body as json_body

bp = Blueprint("api", __name__, url_prefix="/api")

GAME_FIELDS = {
    "game",
    "players",
    "rules",
    "settings",
    "target",
    "first_dealer",
    "starting_totals",
    "group",
}
GROUP_FIELDS = {"name"}
# What a hand's body may carry besides the game's own fields (``game.hand.hand_fields``).
HAND_KEYS = {"number", "revision"}


def hand_fields(rules: Game) -> set[str]:
    """The keys a hand's body may carry in a game of ``rules``."""
    return HAND_KEYS | rules.hand.hand_fields


HAND_FIELDS = hand_fields(get_game())
"""The default game's (Israeli Whist's) hand fields."""


# --- errors: every refusal is ``{"error": message, "field": name}`` (``api.errors``) ------

init_blueprint(bp)


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


def _readable(game_id: int) -> db.StoredGame:
    """The stored game, for a request that may read it (``may_read``); 404 otherwise,
    the same as for a game that does not exist."""
    game = db.load_game(db.get_db(), game_id)
    if game is None or not may_read(game):
        raise db.NotFound(f"there is no game {game_id}", "id")
    return game


def view_url(game: db.StoredGame) -> str:
    """The game's view link, which carries its view token: anyone shown it may read the
    game."""
    return public_url(url_for("groups.view", token=game.view_token))


def join_url(group: db.Group) -> str:
    """The group's invite link: whoever opens it may join the group."""
    return public_url(url_for("groups.join_group", invite=group.invite))


def _group_json(group: db.Group, key: str) -> dict[str, Any]:
    return {"id": group.id, "key": key, "join_url": join_url(group)}


def _whole_or_none(body: dict[str, Any], field: str) -> int | None:
    """A whole number from 1 on, or None; raises ParseError naming ``field``."""
    value = body.get(field)
    return None if value is None else parse_int(value, field, low=1)


# --- shapes -------------------------------------------------------------------------------


def _hand_json(
    game: db.StoredGame,
    progress: Any,
    stored: db.StoredHand,
    explain: bool = True,
    rules: Game | None = None,
) -> dict[str, Any]:
    """A hand as the table wrote it down, with its dealer, its points and the running
    totals per side, and what the game shows beside them (its ``hand_result``), and with
    ``explain`` how each seat's points were worked out. ``progress`` holds the hand: a
    whole replay, or the one a save (or a page of hands) resumed. ``rules``: the game's
    (``game_of(game)``), when the caller has it already (a list of a thousand hands)."""
    rules = rules or game_of(game)
    replayed = game_play.replayed_hand(progress, stored.number)
    shown = {
        "number": stored.number,
        "revision": stored.revision,
        "dealer": replayed.dealer,
        **stored.record.to_dict(),
        "points": list(replayed.points),
        **rules.hand_result(replayed),
        "totals": list(replayed.totals),
    }
    if not explain:
        return shown
    # How each seat's points were worked out at the hand's place, in English as the API
    # speaks.
    shown["explain"] = _explained(
        game.game,
        len(game.players),
        progress.settings,
        stored.record,
        _place_before(rules, game, progress, replayed),
    )
    return shown


def _place_before(rules: Game, game: db.StoredGame, progress: Any, replayed: Any) -> HandPlace:
    """Where a replayed hand of ``progress`` fell: after the hand before it in
    ``progress``, or else after the state stored with that hand (one row read)."""
    first = progress.next_number - len(progress.hands)
    if replayed.number > first:
        earlier = game_play.replayed_hand(progress, replayed.number - 1)
        return HandPlace.after(earlier.state)
    return game_play.place_of(db.get_db(), game, replayed.number)


@functools.lru_cache(maxsize=8192)
def _explained_terms(
    game: str, seats: int, settings: Any, record: Any, place: HandPlace
) -> tuple[tuple[str, ...], ...]:
    terms = table_game(game, seats).explain(settings, record, place)
    return tuple(tuple(str(term) for term in seat) for seat in terms)


def _explained(
    game: str, seats: int, settings: Any, record: Any, place: HandPlace
) -> list[list[str]]:
    """How each seat's points were worked out at ``place``, in English as the API
    speaks: the game's ``explain`` at the hand's place, worked out once per (settings,
    hand, place). All are immutable, so a game's JSON asked for again explains only the
    hands it did not have before."""
    try:
        terms = _explained_terms(game, seats, settings, record, place)
    except TypeError:  # a game whose state is not hashable: explained every time
        terms = _explained_terms.__wrapped__(game, seats, settings, record, place)
    return [list(seat) for seat in terms]


def _game_summary(game: db.StoredGame) -> dict[str, Any]:
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
        "view_url": view_url(game),
    }


# --- games --------------------------------------------------------------------------------


@light
@bp.post("/games")
def create_game():
    body = json_body(GAME_FIELDS)
    try:
        chosen = get_game(body.get("game", DEFAULT_GAME))
    except EngineError as exc:
        raise ApiError(exc.message, "game") from None
    settings = body.get("settings", {})
    group_id = None
    if body.get("group") is not None:
        group_id = group_key_required(_group_id(body["group"])).id
    made: list[dict[str, Any]] = []
    try:
        game_id, key = start_game(
            body.get("players"),
            body.get("rules", chosen.default_preset),
            settings,
            body.get("target"),
            body.get("first_dealer"),
            chosen.key,
            body.get("starting_totals"),
            group_id,
            lambda group, group_key: made.append(_group_json(group, group_key)),
            owner_key=bearer_key(),
        )
    except EngineError as exc:
        # A knob's error names the knob; the body holds it under "settings".
        field = exc.field or "settings"
        named = ("rules", "settings", "starting_totals")
        if field.partition("[")[0] not in named and not (field == "target" and "target" in body):
            field = f"settings.{field}"
        raise ApiError(exc.message, field) from None
    response = {
        "id": game_id,
        "edit_key": key,
        "edit_url": url_for("games.edit_link", game_id=game_id, key=key, _external=True),
        "view_url": view_url(db.load_game(db.get_db(), game_id)),
    }
    if made:  # the game's own new group, with the key that lists its games
        response["group"] = made[0]
    return response, 201, {"Location": url_for("api.game", game_id=game_id, _external=True)}


def _group_id(value: Any, status: int = 422) -> int:
    """A group's id, given as a number or as its digits in a string (the body's or the
    query's ``group``); refused with ``status``."""
    number = whole_or_none(value, low=1, high=db.MAX_ID)
    if number is None:
        raise ApiError("group must be a group's id, a whole number from 1", "group", status)
    return number


@light
@bp.post("/groups")
def create_group():
    """Starts a group named ``name`` (none, or blank: the default name); no key is
    needed, as for starting a game, except on a server open only to invited groups (the
    owner's, as ``Authorization: Bearer``). The answer carries the group's key, which is
    shown only here, and its invite link."""
    body = json_body(GROUP_FIELDS)
    name = body.get("name")
    if name is not None and not isinstance(name, str):
        raise ApiError("name must be text", "name")
    owner_required(bearer_key())
    allow("group")
    group, key = db.create_group(db.get_db(), name)
    location = url_for("api.group", group_id=group.id, _external=True)
    return _group_json(group, key), 201, {"Location": location}


@light
@bp.post("/groups/<int:group_id>/key")
def new_group_key(group_id: int):
    """A new key for the group (its key as ``Authorization: Bearer``): the old one stops
    working at once, and the new one is shown only here."""
    found = group_key_required(group_id)
    return {"id": found.id, "key": db.replace_group_key(db.get_db(), found.id)}


@light
@bp.get("/groups/<int:group_id>")
def group(group_id: int):
    """The group (its key as ``Authorization: Bearer``): its name (null: the default
    name), its players' names and its games newest first, paged as ``/api/games`` is."""
    found = group_key_required(group_id)
    database = db.get_db()
    page, following = _games_page(found, "api.group", group_id=found.id)
    return {
        "id": found.id,
        "name": found.name,
        "players": db.player_names(database, found.id),
        "games": page,
        "next": following,
    }


@light
@bp.get("/groups/<int:group_id>/ratings")
def group_ratings(group_id: int):
    """The group's ratings in one game kind (``?game=<key>``; its key as ``Authorization:
    Bearer``), best first: each player's ``mu`` and ``sigma`` unrounded, the ``rating``
    shown (mu - 3 sigma, to one decimal), their rated ``games`` and whether the rating is
    still ``provisional`` (docs/rules/ratings.md)."""
    found = group_key_required(group_id)
    given = request.args.get("game")
    if given is None or not given.strip():
        raise ApiError(
            f"name the game to rate: ?game=<key>, one of {', '.join(GAMES)}", "game", 400
        )
    try:
        kind = get_game(given).key
    except EngineError as exc:
        raise ApiError(exc.message, "game", 400) from None
    table = db.ratings_table(db.get_db(), found.id, kind)
    return {"game": kind, "ratings": [row.to_dict() for row in table]}


def _games_page(
    found_group: db.Group, endpoint: str, **values: Any
) -> tuple[list[dict], str | None]:
    """The group's games as the list's query asks (``status``, ``limit``, ``before``),
    newest first, and the address of the next (older) page, or None."""
    status = request.args.get("status")
    if status not in (None, "in_progress", "finished"):
        raise ApiError("status must be in_progress or finished", "status", 400)
    limit = _list_param("limit", 1, MAX_LISTED, DEFAULT_LISTED)
    before = _list_param("before", 1, db.MAX_ID, None)
    found = db.list_games(
        db.get_db(), status, limit=limit + 1, before=before, group_id=found_group.id
    )
    page, more = found[:limit], len(found) > limit
    # The next (older) page, when there is one: the same filters, before this page's last.
    following = (
        url_for(endpoint, **values, status=status, limit=limit, before=page[-1].id, _external=True)
        if more
        else None
    )
    return [_game_summary(g) for g in page], following


@light
@bp.get("/games")
def games():
    """The games of one group (``?group=<id>``, its key as ``Authorization: Bearer``),
    newest first, paged; 401 without a key."""
    group_key()
    given = request.args.get("group")
    if given is None:
        raise ApiError("name the group whose games to list: ?group=<id>", "group", 400)
    found = group_key_required(_group_id(given, 400))
    page, following = _games_page(found, "api.games", group=found.id)
    return {"games": page, "next": following}


# How many games one GET /api/games lists, unless ``limit`` asks for another number.
DEFAULT_LISTED, MAX_LISTED = 50, 500


def _list_param(field: str, low: int, high: int, default: int | None) -> int | None:
    """A whole-number query parameter of the list, from ``low`` to ``high``."""
    value = request.args.get(field)
    if value is None:
        return default
    number = whole_or_none(value, low=low, high=high)
    if number is None:
        raise ApiError(f"{field} must be a whole number from {low} to {high}", field, 400)
    return number


# A page of a game's hands (``GET /api/games/<id>?hands_after=n&limit=k``): how many
# hands when ``limit`` is not given, and at most.
DEFAULT_HANDS_PAGE, MAX_HANDS_PAGE = 100, 500


def _explain_param(default: bool) -> bool:
    """``?explain=1`` or ``?explain=0``: whether each hand carries its ``explain``."""
    value = request.args.get("explain")
    if value is None:
        return default
    if value not in ("0", "1"):
        raise ApiError("explain must be 0 or 1", "explain", 400)
    return value == "1"


@light
@bp.get("/games/<int:game_id>")
def game(game_id: int):
    """The game: its head (players, settings, totals, state…) and its hands. With
    ``hands_after`` or ``limit``, a page of its hands (``hands_after`` from 0, ``limit``
    hands), resumed from the state stored after the hand before them, so its work is
    that of its own hands however long the game; the head is the whole game's, and
    ``next`` the address of the next page (null after the last). Without them, every
    hand, as before paging was. ``?explain=1`` gives each hand how its points were worked
    out, which the whole form always gives and a page does not unless asked."""
    paged = "hands_after" in request.args or "limit" in request.args
    after = _list_param("hands_after", 0, db.MAX_ID, 0) or 0
    limit = _list_param("limit", 1, MAX_HANDS_PAGE, DEFAULT_HANDS_PAGE) or DEFAULT_HANDS_PAGE
    explain = _explain_param(default=not paged)
    database = db.get_db()
    if paged:
        found, stored, page, progress = game_play.load_hands_page(database, game_id, after, limit)
    else:
        found = db.load_game(database, game_id)
    if found is None or not may_read(found):
        raise db.NotFound(f"there is no game {game_id}", "id")
    if paged:
        hands: Any = [_hand_json(found, page, h, explain, game_of(found)) for h in stored]
        standings = standing(game_of(found), progress)
    else:
        found, hands, standings = _whole_hands(found, explain)
    rules = game_of(found)
    finish = {"finished_after": found.finished_after} if rules.progression.finish_now else {}
    body = {
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
        "hands": hands,
        **standings,
        **finish,
        "view_url": view_url(found),
    }
    if paged:
        last = stored[-1].number if stored else max(after, found.hand_count)
        more = {"hands_after": last, "limit": limit}
        if "explain" in request.args:
            more["explain"] = int(explain)
        if "view" in request.args:
            more["view"] = request.args["view"]
        body |= {
            "hand_count": found.hand_count,
            "hands_after": after,
            "limit": limit,
            "next": url_for("api.game", game_id=found.id, **more, _external=True)
            if last < found.hand_count
            else None,
        }
    return body


# A game's hands as the whole form of ``GET /api/games/<id>`` gives them, encoded, and its
# standing, by the database file, the game, its version and whether explained: a long game
# read again (a phone that follows it, a spectator's) costs one row read, not a replay of
# every hand, until it next changes (every change bumps the version; another process's
# too, as it is read from the file). At most 32 games; a 1,000-hand game's is 360 KB.
WHOLE_HANDS = Lru(32)


def _whole_hands(
    found: db.StoredGame, explain: bool
) -> tuple[db.StoredGame, orjson.Fragment, dict[str, Any]]:
    """The game (as read with its hands when they were read), its hands' JSON and its
    standing: kept for the game's version, else read and replayed (the game and its hands
    in one read, so that what is kept is one version's)."""
    database = db.get_db()
    key = (db.database_path(database), found.id, found.version, explain)
    kept = WHOLE_HANDS.get(key)
    if kept is not None:
        return found, *kept
    read, stored = db.load_game_with_hands(database, found.id)
    if read is None:
        raise db.NotFound(f"there is no game {found.id}", "id")
    rules = game_of(read)
    progress = game_play.progress_of(read, stored)
    hands = [_hand_json(read, progress, h, explain, rules) for h in stored]
    kept = (orjson.Fragment(orjson.dumps(hands, option=JSON_OPTIONS)), standing(rules, progress))
    WHOLE_HANDS.put((db.database_path(database), read.id, read.version, explain), kept)
    return read, *kept


DETAIL_FIELDS = {"name", "notes"}


@light
@bp.patch("/games/<int:game_id>")
@edit_required
def update_game(game: db.StoredGame):
    """Sets the game's name and notes; a field left out keeps its value, null clears it."""
    body = json_body(DETAIL_FIELDS)
    name, notes = clean_game_details(body.get("name", game.name), body.get("notes", game.notes))
    db.set_game_details(db.get_db(), game.id, name, notes)
    return {"id": game.id, "name": name, "notes": notes}


@light
@bp.get("/games/<int:game_id>/score")
def score(game_id: int):
    """A shortcut (docs/api.md): scores a hand given in the query string, in the fields
    its schema names (``HandSchema.query``, each a list separated by commas), as the
    command line scores them, under the game's rules without saving anything. Every
    game's hand, in its own fields, is scored by ``/preview``; this answers 404 pointing
    there for a game whose schema names no query."""
    found = _readable(game_id)
    rules = game_of(found)
    schema = rules.hand
    if not schema.query:
        message = f"{rules.key} hands are scored from a whole hand: POST it to /preview"
        raise ApiError(message, "id", 404)
    given = {name: _listed(request.args.get(name)) for name in schema.query}
    scored = schema.typed(rules, found.settings, given)
    return dict(scored.preview or scored.result)


def _listed(text: str | None) -> list[str] | None:
    """A query parameter's list separated by commas, as the command line splits it."""
    return None if text is None else [part.strip() for part in text.split(",")]


@light
@bp.post("/games/<int:game_id>/preview")
def preview(game_id: int):
    """Scores a hand body (as ``POST .../hands`` takes it) under the game's rules without
    saving anything; it needs what ``GET`` needs, not the edit key."""
    found = _readable(game_id)
    body = json_body(hand_fields(game_of(found)))
    number = _whole_or_none(body, "number")
    # The hand at its place: the one ``number`` names, or else the next one.
    place = game_play.place_of(db.get_db(), found, number or found.hand_count + 1)
    rules = game_of(found)
    record = rules.record_from_dict(found.settings, body, place)
    return rules.preview(found.settings, record, place)


# --- hands --------------------------------------------------------------------------------


def _written(found: db.StoredGame, progress: Any, number: int, revision: int) -> dict[str, Any]:
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
        **standing(game_of(found), progress),
    }


@light
@bp.post("/games/<int:game_id>/hands")
@edit_required
def add_hand(game: db.StoredGame):
    body = json_body(hand_fields(game_of(game)))
    number = _whole_or_none(body, "number")
    # Read at its place in the game (the cards dealt, the dealer, the score), in the save.
    stored_number, progress, revision = game_play.add_hand(
        db.get_db(), game.id, body, number, rules=game.table
    )
    return _written(game, progress, stored_number, revision), 201


# Light, as the edit form: a table's correction never waits behind another's import.
@light
@bp.put("/games/<int:game_id>/hands/<int:number>")
@edit_required
def replace_hand(game: db.StoredGame, number: int):
    body = json_body(hand_fields(game_of(game)))
    given = _whole_or_none(body, "number")
    if given is not None and given != number:
        raise ApiError(f"the body names hand {given} but the URL hand {number}", "number")
    revision = _expected_revision(_whole_or_none(body, "revision"))
    progress, revision = game_play.replace_hand(
        db.get_db(), game.id, number, body, revision, rules=game.table
    )
    return _written(game, progress, number, revision)


@light
@bp.delete("/games/<int:game_id>/hands/<int:number>")
@edit_required
def delete_hand(game: db.StoredGame, number: int):
    """Deletes the last hand; ``?revision=n``, a body ``{"revision": n}`` or ``If-Match:
    "n"`` refuses to delete it when it is no longer revision n."""
    given = _whole_or_none(json_body({"revision"}), "revision") if request.content_length else None
    query = request.args.get("revision")
    if query is not None:
        if given is not None and str(given) != query:
            raise ApiError("the query and the body name different revisions", "revision")
        given = _whole_or_none({"revision": query}, "revision")
    progress = game_play.delete_last_hand(db.get_db(), game.id, number, _expected_revision(given))
    return {"deleted": number, **standing(game_of(game), progress)}


@light
@bp.post("/games/<int:game_id>/seats")
@edit_required
def change_seat(game: db.StoredGame):
    """A player leaves and another takes the seat from the next hand on; the seat's total
    carries on. Needs the edit key. Body: ``{"seat": 0..3, "name": "Eve"}``. At a table
    that grows and shrinks (Skat: three, or four), ``{"name": "Eve"}`` alone: Eve joins
    with nobody leaving; ``{"seat": 1, "leaves": true}``: the seat's player leaves with
    nobody taking the seat. The answer then also names who is ``at_table``."""
    body = json_body({"seat", "name", "leaves"})
    if body.get("leaves") not in (None, False, True):
        raise ApiError("leaves must be true or false", "leaves")
    if body.get("seat") is None and table_grows(game):
        change = seat_joins(game, body.get("name"))
        answer = change.to_dict()
    else:
        seat = parse_int(body.get("seat"), "seat", low=0, high=len(game.players) - 1)
        if body.get("leaves"):
            if "name" in body:
                raise ApiError("a player who leaves names nobody to take the seat", "name")
            seat_empties(game, seat)
            answer = {"from_hand": game.hand_count + 1, "seat": seat, "leaves": True}
        else:
            answer = seat_player(game, seat, body.get("name"))[1].to_dict()
    stored = db.load_game(db.get_db(), game.id)  # as stored, after any other phone's
    if table_grows(stored):
        answer["at_table"] = [stored.seated[s] for s in seats_taken(stored)]
    return {**answer, "seated": list(stored.seated)}, 201


@light
@bp.post("/games/<int:game_id>/finish")
@edit_required
def finish_game(game: db.StoredGame):
    """Ends the game now, for a game whose rules have "finish now" (Bid Whist): the side
    ahead wins, or, when the sides are level, the game plays on until one is ahead (its
    ``tie_at_top`` is then true). Needs the edit key; 409 when the game is over or its
    rules have no "finish now". The body, if any, is an empty object."""
    if request.content_length:
        json_body(set())
    asked, progress = game_play.finish_game(db.get_db(), game.id)
    return {"finished_after": asked, **standing(game_of(game), progress)}


def _expected_revision(given: int | None) -> int | None:
    """The revision a write expects the hand to have: ``given`` (from the body or query) or
    the ``If-Match`` header's ``"n"``; ``If-Match: *`` expects none in particular."""
    header = request.headers.get("If-Match")
    if header is None or request.if_match.star_tag:
        return given
    tags = request.if_match.as_set()
    tag = next(iter(tags)) if len(tags) == 1 else ""
    matched = whole_or_none(tag, low=1)
    if matched is None:
        raise ApiError('If-Match must be one revision in quotes, e.g. "2"', "If-Match")
    if given is not None and given != matched:
        raise ApiError("If-Match and revision name different revisions", "revision")
    return matched
