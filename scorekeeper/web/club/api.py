"""A club night in the JSON API (issue 45), with the group's key as ``Authorization:
Bearer``, as the group's other routes: its nights, a new night (its first series drawn),
a night with its tables, the next series, and the standings. Every refusal is
``{"error": message, "field": name}``: 401 without a key, 404 for another group's night or
a wrong key alike, 409 for a series the night cannot draw yet, 422 for a value refused.
"""

from __future__ import annotations

from typing import Any

from flask import request

from ... import db
from ...db import club as stored
from ...engine.club import night_rules
from ...engine.core.errors import EngineError
from ...names import clean_name
from ...transfer.club import ImportProblem
from ..api.errors import ApiError, group_key_required
from ..api.errors import body as json_body
from ..links import edit_url
from ..weight import heavy, light
from .blueprint import bp
from .errors import NightRefused
from .night_file import MAX_BYTES, import_text, night_json, standings_json
from .roles import organiser_url
from .service import check_next, draw_next, open_night, read_players, store_draw

NIGHT_FIELDS = {
    "game",
    "rules",
    "name",
    "series",
    "deals_per_player",
    "scoring",
    "target",
    "players",
}
MAX_NIGHT_NAME = 60

# Every refusal as the rest of the API words it: ``{"error": message, "field": name}``, and
# no cache keeps an answer (``errors.init_blueprint``, for every path under ``/api/``).


def _players(body: dict[str, Any]) -> list[str]:
    names = body.get("players")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise ApiError("players must be a list of the names present", "players")
    try:
        return read_players(names, "")
    except NightRefused as exc:
        raise ApiError(str(exc.message), exc.field) from None


def _night(group_id: int, night_id: int, whole: bool = True) -> stored.Night:
    found = group_key_required(group_id)
    night = stored.load_night(db.get_db(), night_id, found.id, whole)
    if night is None:
        raise db.NotFound(f"there is no club night {night_id} in group {group_id}", "id")
    return night


def _tables_made(made: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "edit_key": key, "edit_url": edit_url(game_id, key)}
        for game_id, key in made
    ]


@light
@bp.get("/api/groups/<int:group_id>/club")
def api_nights(group_id: int):
    """The group's club nights, newest first."""
    found = group_key_required(group_id)
    return {
        "nights": [
            {"id": night_id, "name": name, "game": game, "created_at": created}
            for night_id, name, game, created in stored.group_nights(db.get_db(), found.id)
        ]
    }


@heavy
@bp.post("/api/groups/<int:group_id>/club")
def api_start(group_id: int):
    """A new night (``name`` optional), its first series drawn: 201 with the night as
    ``GET`` shows it and each table's ``edit_key`` and ``edit_url``, shown only here (a
    player's phone that takes a table's recording later makes that table's key a new
    one: one phone a table)."""
    found = group_key_required(group_id)
    body = json_body(NIGHT_FIELDS)
    try:
        rules = night_rules(
            body.get("game"),
            body.get("rules"),
            body.get("series", 2),
            body.get("deals_per_player"),
            body.get("scoring", "points"),
            body.get("target"),
        )
    except EngineError as exc:
        raise ApiError(exc.message, exc.field or "game") from None
    present = _players(body)
    name = body.get("name")
    if name is not None and (not isinstance(name, str) or len(clean_name(name)) > MAX_NIGHT_NAME):
        raise ApiError(f"name must be text of at most {MAX_NIGHT_NAME} characters", "name")
    try:
        night_id, made = open_night(
            found.id, rules, present, None, clean_name(name or "") or None, keep_keys=False
        )
    except NightRefused as exc:
        raise ApiError(str(exc.message), exc.field) from None
    night = stored.load_night(db.get_db(), night_id, found.id)
    assert night is not None
    return _made(night, made)


def _made(night: stored.Night, made: list[tuple[int, str]]) -> tuple[dict[str, Any], int]:
    """201 for a night started or imported here: the night, each table's edit key, and
    the link that hands it to an organiser's phone."""
    return {
        **night_json(night),
        "keys": _tables_made(made),
        "organiser_url": organiser_url(night),
    }, 201


@heavy
@bp.post("/api/groups/<int:group_id>/club/import")
def api_import_night(group_id: int):
    """A night's file (its ``export.json``) as the body, stored in the group whole or not
    at all: 201 as ``POST /club``, each table's new edit key; 413 for a body larger than
    the import takes, 422 naming where, the field and the rule."""
    found = group_key_required(group_id)
    if (request.content_length or 0) > MAX_BYTES:
        raise ApiError(
            f"the file is larger than {MAX_BYTES >> 20} MB, the most a club night's import takes",
            "body",
            413,
        )
    try:
        night_id, made = import_text(found.id, request.get_data(), None)
    except ImportProblem as exc:
        raise ApiError(f"{exc.where}: {exc.message}", exc.field) from None
    night = stored.load_night(db.get_db(), night_id, found.id)
    assert night is not None
    return _made(night, made)


@light
@bp.post("/api/groups/<int:group_id>/club/<int:night_id>/organiser")
def api_organiser(group_id: int, night_id: int):
    """A new link for a member's phone to organise the night (the one ``POST /club``
    gave, lost): 201 ``{"organiser_url"}``; 409 once a phone organises it."""
    night = _night(group_id, night_id)
    link = organiser_url(night)
    if link is None:
        raise ApiError("the night has an organiser's phone already", "organiser", 409)
    return {"organiser_url": link}, 201


@heavy
@bp.get("/api/groups/<int:group_id>/club/<int:night_id>")
def api_night(group_id: int, night_id: int):
    """The night: its rules, players, every series' tables (players, totals, hands,
    status, who signed the list), who sat out and the disputes."""
    return night_json(_night(group_id, night_id))


@heavy
@bp.post("/api/groups/<int:group_id>/club/<int:night_id>/series")
def api_next_series(group_id: int, night_id: int):
    """The next series for ``{"players": [names present]}``: 201 as ``POST /club``; 409
    while a table of this series plays, or past the night's last series."""
    night = _night(group_id, night_id)
    present = _players(json_body({"players"}))
    games = stored.table_games(db.get_db(), night)
    try:
        check_next(night, games)
        drawn, settings = draw_next(night.rules, night, present, night.seed)
        made = store_draw(night.id, night.group_id, drawn, settings, None, keep_keys=False)
    except NightRefused as exc:
        raise ApiError(str(exc.message), exc.field, 409 if exc.field == "series" else 422) from None
    night = stored.load_night(db.get_db(), night.id, night.group_id)
    assert night is not None
    return _made(night, made)


@light
@bp.get("/api/groups/<int:group_id>/club/<int:night_id>/standings")
def api_standings(group_id: int, night_id: int):
    """The standings as the pages show them, with the tie rule."""
    return standings_json(_night(group_id, night_id, whole=False))


VIEWS = (
    api_nights,
    api_start,
    api_import_night,
    api_organiser,
    api_night,
    api_next_series,
    api_standings,
)
"""The API's views: they authenticate with the group's key as ``Authorization: Bearer``,
never with the browser's cookie, so CSRF does not apply to them (``create_app`` exempts
them)."""
