"""A club night's files, in and out (issue 45): the night downloaded whole (JSON, which
imports into a group again) or its standings (CSV), a night's file imported from the club
page, and the paper: each table's list printed for signing and the night's ranking, each
headed by the night's and the club's names. What the files hold is ``night_file``'s."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import db, game_play
from ...db import club as stored
from ...engine.core.display import total
from ...transfer import club as transfer_club
from ..access import game_and_hands_or_404, group_or_404, membership, remember_key
from ..errors import problem_text
from ..games.printed import game_paper
from ..i18n import isolate_ltr, translate
from ..responses import PRIVATE
from ..service import game_of
from ..weight import heavy
from .blueprint import bp
from .forms import ImportForm
from .night_file import MAX_BYTES, import_text, night_document, standings_csv, too_large
from .service import (
    PLACING_RULE,
    SETTLED_HOW,
    TIE_RULE,
    night_final,
    night_or_404,
    night_standings,
    night_title,
    open_matters,
    series_playing,
)

FORM_OVERHEAD = 64 * 1024
IMPORT_ENDPOINTS = frozenset({"club.import_night", "club.api_import_night"})


@bp.record_once
def _larger_bodies(state: Any) -> None:
    """Lets a night's import take files up to MAX_BYTES, while every other request keeps
    the app's small limit: a URL value preprocessor runs before every ``before_request``
    (CSRFProtect's, which reads the form, among them)."""

    @state.app.url_value_preprocessor
    def allow_night_files(endpoint: str | None, _values: Any) -> None:
        if endpoint in IMPORT_ENDPOINTS:
            request.max_content_length = MAX_BYTES + FORM_OVERHEAD


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
    return response


@heavy
@bp.post("/groups/<int:group_id>/club/import")
def import_night(group_id: int):
    """A night's file, uploaded by a member from the club page, stored in the group whole
    or not at all; the member's phone is its organiser and keeps every table's edit key.
    A refused file is said, naming where, the field and the rule."""
    found = group_or_404(group_id)
    form = ImportForm()
    if not form.validate_on_submit():
        abort(400, _("This request did not come from this site's own page."))
    upload = form.file.data
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
        except transfer_club.ImportProblem as exc:
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


# --- paper: each table's list for signing, and the ranking ----------------------------------


@heavy
@bp.get("/games/<int:game_id>/club/print")
def table_list(game_id: int):
    """A table's list printed for signing: the game's own score sheet (``sheets``: for
    Skat the Skat list) under the header a club's list carries (the night, its date and
    game, the series, the table, its players) and, for a Skat list kept under the
    extended Seeger system, the tournament list's foot (games won and lost, 50 for each
    won less 50 for each lost, 40 or 30 for each game another player lost, the game
    points, the sum), the table's disputed hands and how each was settled, then a
    signature line for each player, or the signature made in the app. For the group's members
    (a stranger or a removed member gets 404, as for the night); a game of no night's
    table, 404."""
    place = stored.table_of_game(db.get_db(), game_id)
    if place is None:  # a game of no night's table: it has the game's own sheet
        abort(404, _("There is nothing at this address. Check the link."))
    found, night = night_or_404(place.group_id, place.night_id)
    table = place.table
    game, hands = game_and_hands_or_404(table.game_id)
    progress = game_play.progress_of(game, hands)
    foot_of = game_of(game).paper.tournament_foot
    signed = stored.signatures(db.get_db(), [table.id])[table.id]
    html = render_template(
        "club_list.html",
        **game_paper(game, hands, progress),
        group=found,
        night=night,
        title=night_title(found, night),
        kind=translate(night.rules.kind.name),
        series=table.series,
        number=table.number,
        players=game.seated or game.players,
        deals=night.rules.deals(len(game.players)),
        foot=foot_of(progress) if foot_of else None,
        shown=lambda values: [isolate_ltr(total(v)) for v in values],
        # Signed in the app on the list as it stands: who, when and on which phone, in
        # place of the line to sign by hand; and the table's disputes, settled or open.
        signed={name: s for name, s in signed.items() if s.version == game.version},
        disputes=[d for d in stored.disputes(db.get_db(), night.id) if d.table_id == table.id],
        settled_how={key: translate(words) for key, words in SETTLED_HOW.items()},
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
        final=night_final(night, games),
        playing=series_playing(night, games),
        still_open=open_matters(night, games, counted=True),
        group=found,
        night=night,
        title=night_title(found, night),
        kind=translate(night.rules.kind.name),
        lines=night_standings(night),
        series=list(range(1, night.series + 1)),
        tie_rule=translate(TIE_RULE),
        placing_rule=translate(PLACING_RULE) if night.rules.scoring == "placing" else None,
        total=total,
    )
    return Response(page, mimetype="text/html")
