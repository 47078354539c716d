"""A club night as files (issue 45): the night as JSON (its rules, players, every
series' tables with their lists, who sat out, the disputes, and the standings), as the
API answers it and a member downloads it, with each table's game whole (its hands, as a
group's export holds a game) so that the file imports into a group again
(``import_night``: the club page's form; the API's ``POST /club/import``); and the
standings as CSV for a spreadsheet or the printed ranking."""

from __future__ import annotations

import csv
import io
import json
import secrets
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import db, game_play
from ...db import club as stored
from ...engine.core.display import total
from ...transfer import club as night_file
from ...transfer.formats import game_document, spreadsheet_cell
from ..access import game_and_hands_or_404, group_or_404, membership, remember_key
from ..errors import problem_text
from ..forms import ConfirmForm
from ..games.printed import game_paper
from ..i18n import isolate_ltr, translate
from ..links import view_url
from ..responses import PRIVATE
from ..service import game_of
from ..throttle import allow
from ..weight import heavy
from .routes import (
    PLACING_RULE,
    TIE_RULE,
    night_or_404,
    night_over,
    night_standings,
    open_matters,
    series_playing,
)

bp = Blueprint("club_files", __name__)

MAX_BYTES = 5 * 1024 * 1024
"""The largest night file an import takes: 30 tables of four over three series of 48
deals is about 4 MB."""
FORM_OVERHEAD = 64 * 1024
IMPORT_ENDPOINTS = frozenset({"club_files.import_night", "club_api.import_night"})


@bp.record_once
def _larger_bodies(state) -> None:
    """Lets a night's import take files up to MAX_BYTES, while every other request keeps
    the app's small limit: a URL value preprocessor runs before every ``before_request``
    (CSRFProtect's, which reads the form, among them)."""

    @state.app.url_value_preprocessor
    def allow_night_files(endpoint: str | None, _values: Any) -> None:
        if endpoint in IMPORT_ENDPOINTS:
            request.max_content_length = MAX_BYTES + FORM_OVERHEAD


def night_json(night: stored.Night) -> dict[str, Any]:
    games = stored.table_games(db.get_db(), night)
    signed = stored.confirmations(db.get_db(), [table.id for table in night.tables])
    return {
        "id": night.id,
        "rules": night.rules.to_dict(),
        "series_drawn": night.series,
        "players": [
            {"name": p.name, "from_series": p.from_series, "left_after": p.left_after}
            for p in night.players
        ],
        "tables": [
            {
                "series": table.series,
                "number": table.number,
                "game_id": table.game_id,
                "view_url": view_url(games[table.game_id]),
                "players": list(games[table.game_id].players),
                "totals": list(games[table.game_id].totals),
                "hands": games[table.game_id].hand_count,
                "status": games[table.game_id].status,
                "signed_by": sorted(
                    name
                    for name, version in signed[table.id].items()
                    if version == games[table.game_id].version
                ),
            }
            for table in night.tables
        ],
        "sitting_out": {str(k): list(v) for k, v in night.sitting_out.items()},
        "disputes": [
            {
                "id": found.id,
                "game_id": next(t.game_id for t in night.tables if t.id == found.table_id),
                "hand": found.hand_number,
                "name": found.name,
                "note": found.note,
                "resolved": found.resolved_at is not None,
                "outcome": found.outcome,
            }
            for found in stored.disputes(db.get_db(), night.id)
        ],
    }


def standings_json(night: stored.Night) -> dict[str, Any]:
    """The standings, best first, with the tie rule in words."""
    return {
        "scoring": night.rules.scoring,
        "ties": str(TIE_RULE),
        "standings": [
            {
                "place": line.place,
                "name": line.name,
                "points": line.points,
                "series": {str(k): v for k, v in line.series.items()},
                "tables": line.tables,
                "hands": line.hands,
            }
            for line in night_standings(night)
        ],
    }


def standings_csv(night: stored.Night) -> str:
    """The standings as CSV: place, player, points, each series' points, tables, hands;
    a name a spreadsheet would run as a formula is quoted."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    series = list(range(1, night.series + 1))
    writer.writerow(
        ["place", "player", "points", *[f"series_{n}" for n in series], "tables", "hands"]
    )
    for line in night_standings(night):
        by_series = [line.series.get(n) for n in series]
        writer.writerow(
            [
                spreadsheet_cell(v)
                for v in (line.place, line.name, line.points, *by_series, line.tables, line.hands)
            ]
        )
    return out.getvalue()


@heavy
@bp.get("/groups/<int:group_id>/club/<int:night_id>/export.<any(json, csv):file_format>")
def export(group_id: int, night_id: int, file_format: str):
    """The night as a file, for the group's members: JSON whole, CSV its standings."""
    _found, night = night_or_404(group_id, night_id)
    if file_format == "json":
        body = json.dumps(night_document(night), ensure_ascii=False, indent=1)
        response = Response(body, mimetype="application/json")
    else:
        response = Response(standings_csv(night), mimetype="text/csv")
        response.charset = "utf-8"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="club-night-{night.id}.{file_format}"'
    )
    response.headers["Cache-Control"] = PRIVATE
    return response


def night_document(night: stored.Night) -> dict[str, Any]:
    """The night's file: the night as the API answers it, its standings, and each table's
    game whole, as a group's export holds it (what ``transfer.club.read_night`` reads)."""
    database = db.get_db()
    games = [
        game_document(exported)
        for table in night.tables
        for exported in db.iter_games(database, table.game_id, table.game_id)
    ]
    return {
        "format": night_file.FORMAT,
        "version": night_file.VERSION,
        "name": night.name,
        "created_at": night.created_at,
        **night_json(night),
        **standings_json(night),
        "games": games,
    }


def import_text(group_id: int, text: bytes, organiser_id: int | None) -> tuple[int, list]:
    """Checks a night's file whole and stores it in the group, in one transaction;
    returns the night's id and each table's (game id, edit key). Raises ImportProblem, or
    TooMany when its tables are more games than this client may start now (nothing
    stored)."""
    night = night_file.read_night(text)
    allow("game", len(night.games))  # each table a game started, as a drawn one is
    return stored.import_night(db.get_db(), group_id, night, organiser_id, secrets.token_hex(8))


@heavy
@bp.post("/groups/<int:group_id>/club/import")
def import_night(group_id: int):
    """A night's file, uploaded by a member from the club page, stored in the group whole
    or not at all; the member's phone is its organiser and keeps every table's edit key.
    A refused file is said, naming where, the field and the rule."""
    found = group_or_404(group_id)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400, _("This request did not come from this site's own page."))
    upload = request.files.get("file")
    text = b""
    if upload:
        with upload.stream:
            text = upload.read(MAX_BYTES + 1)
    problem, status = None, 422
    if not upload or not upload.filename:
        problem = _("Choose a club night's file (JSON) to import.")
    elif len(text) > MAX_BYTES:
        problem, status = too_large(), 413
    else:
        mine = membership(found.id)
        try:
            night_id, made = import_text(found.id, text, mine.id if mine else None)
        except night_file.ImportProblem as exc:
            problem = problem_text(exc)
        else:
            for game_id, key in made:
                remember_key(game_id, key)
            flash(
                ngettext(
                    "The club night is imported, with its %(num)d table.",
                    "The club night is imported, with its %(num)d tables.",
                    len(made),
                ),
                "saved",
            )
            return redirect(url_for("club.night", group_id=found.id, night_id=night_id))
    page = render_template("club_import.html", group=found, form=form, problem=problem)
    return page, status


def too_large() -> str:
    return _(
        "The file is larger than %(size)d MB, the most a club night's import takes.",
        size=MAX_BYTES // (1024 * 1024),
    )


# --- paper: each table's list for signing, and the ranking ----------------------------------


def _night_title(night: stored.Night) -> str:
    return night.name or _("Club night %(id)d", id=night.id)


@heavy
@bp.get("/games/<int:game_id>/club/print")
def table_list(game_id: int):
    """A table's list printed for signing: the game's own score sheet (``sheets``: for
    Skat the Skat list) under the header a club's list carries (the night, its date and
    game, the series, the table, its players) and, for a Skat list kept under the
    extended Seeger system, the tournament list's foot (games won and lost, 50 for each
    won less 50 for each lost, 40 or 30 for each game another player lost, the game
    points, the sum), then a signature line for each player. For the group's members
    (a stranger or a removed member gets 404, as for the night); a game of no night's
    table, 404."""
    place = stored.table_of_game(db.get_db(), game_id)
    if place is None:  # a game of no night's table: it has the game's own sheet
        abort(404, _("There is nothing at this address. Check the link."))
    found, night = night_or_404(place.group_id, place.night_id)
    table = place.table
    game, hands = game_and_hands_or_404(table.game_id)
    progress = game_play.progress_of(game, hands)
    foot_of = game_of(game).tournament_foot
    signed = stored.confirmations(db.get_db(), [table.id])[table.id]
    html = render_template(
        "club_list.html",
        **game_paper(game, hands, progress),
        group=found,
        night=night,
        title=_night_title(night),
        kind=translate(night.rules.kind.name),
        series=table.series,
        number=table.number,
        players=game.seated or game.players,
        deals=night.rules.deals(len(game.players)),
        foot=foot_of(progress) if foot_of else None,
        shown=lambda values: [isolate_ltr(total(v)) for v in values],
        signed={name for name, version in signed.items() if version == game.version},
    )
    response = Response(html, mimetype="text/html")
    response.headers["Cache-Control"] = PRIVATE
    return response


@heavy
@bp.get("/groups/<int:group_id>/club/<int:night_id>/ranking")
def ranking(group_id: int, night_id: int):
    """The night's ranking printed on its own: place, player, points, each series,
    tables and hands, the tie rule in words, the night's name, date and game; A4
    portrait, one page for 40 players. For the group's members."""
    found, night = night_or_404(group_id, night_id)
    games = stored.table_games(db.get_db(), night)
    page = render_template(
        "club_ranking.html",
        final=night_over(night, games),
        playing=series_playing(night, games),
        still_open=open_matters(night, games, counted=True),
        group=found,
        night=night,
        title=_night_title(night),
        kind=translate(night.rules.kind.name),
        lines=night_standings(night),
        series=list(range(1, night.series + 1)),
        tie_rule=translate(TIE_RULE),
        placing_rule=translate(PLACING_RULE) if night.rules.scoring == "placing" else None,
        total=total,
    )
    response = Response(page, mimetype="text/html")
    response.headers["Cache-Control"] = PRIVATE
    return response
