"""Import from the web: a file of ours or an IsraeliWhist-Scorekeeper export, stored whole in
one transaction or not at all, exactly as ``scorekeeper import`` does.

A group's members import into it (``/groups/<id>/import``); the old ``/import`` sends
a member of exactly one group there, and answers anyone else 404. Each imported game gets
a new edit key, which this browser keeps (as it does for a game it starts), so the phone
that imported a game can go on recording it. A refused file names the game, the field and
the rule.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf.file import FileField
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import SubmitField

from ... import db, transfer
from ...limits import IMPORT_MAX_GAMES, IMPORT_MAX_HANDS
from ..access import group_or_404, remember_key
from ..access import my_groups as member_groups
from ..errors import (
    http_error,  # every other page's 413, unchanged
    problem_text,
)
from ..forms import PageForm
from ..weight import heavy
from .blueprint import bp

# Export files are about 1 KB a hand: 5 MB holds thousands of games, and no more than one
# request should read into memory.
MAX_BYTES = 5 * 1024 * 1024
# Room for the form's other fields and the multipart headers around the file.
FORM_OVERHEAD = 64 * 1024
ENDPOINTS = frozenset({"review.import_games", "review.import_group"})


class ImportForm(PageForm):
    """The file to import."""

    file = FileField(_l("Export file (JSON)"))
    submit = SubmitField(_l("Import"))


def _too_large() -> str:
    return _(
        "The file is larger than %(size)d MB, the most one import takes. Export fewer games "
        "at a time, or use the command line: scorekeeper import FILE.",
        size=MAX_BYTES // (1024 * 1024),
    )


@heavy("POST")
@bp.route("/import", methods=["GET", "POST"])
def import_games():
    """The old address of the import: the import of this browser's group when it belongs
    to exactly one (a posted file goes along, 307), 404 otherwise."""
    groups = member_groups()
    if len(groups) != 1:
        abort(404)
    return redirect(url_for("review.import_group", group_id=groups[0].id), 307)


@heavy("POST")
@bp.route("/groups/<int:group_id>/import", methods=["GET", "POST"])
def import_group(group_id: int):
    """The upload form, for the group's members; a posted file is checked whole and
    stored in the group, or refused with why."""
    group = group_or_404(group_id)
    form = ImportForm()
    problem: str | None = None
    imported: list[dict[str, Any]] = []
    status = 200
    if form.validate_on_submit():
        upload = form.file.data
        text = b""
        if upload:
            with upload.stream:  # a file spooled to disk is closed at once
                text = upload.read(MAX_BYTES + 1)
        if not upload or not upload.filename:
            problem, status = _("Choose a file to import."), 422
        elif len(text) > MAX_BYTES:
            problem, status = _too_large(), 413
        else:
            try:
                stored = transfer.import_file(
                    db.get_db(), text, group.id, IMPORT_MAX_GAMES, IMPORT_MAX_HANDS
                )
            except transfer.ImportProblem as exc:
                problem, status = problem_text(exc), 422
            else:
                imported = _remember(stored)
                flash(
                    ngettext(
                        "Imported %(num)d game. This phone can record its hands.",
                        "Imported %(num)d games. This phone can record their hands.",
                        len(imported),
                    ),
                    "saved",
                )
    elif request.method == "POST":
        status = 400
    return render_template(
        "import.html", form=form, problem=problem, imported=imported, max_mb=MAX_BYTES >> 20
    ), status


def _remember(stored: list[tuple[int | None, int, str]]) -> list[dict[str, Any]]:
    """Keeps each new edit key in this browser, as for a game it starts; the games, linked."""
    games = []
    for _file_id, game_id, key in stored:
        remember_key(game_id, key)
        games.append({"id": game_id, "url": url_for("games.scoreboard", game_id=game_id)})
    return games


def init_app(app: Flask) -> None:
    """Lets the import page take files up to MAX_BYTES, while every other request keeps the
    app's small limit; registered before CSRFProtect, whose check reads the form first. A
    larger body is refused before it is read, on the import page, saying why."""

    @app.before_request
    def allow_large_upload() -> None:
        if request.endpoint in ENDPOINTS:
            request.max_content_length = MAX_BYTES + FORM_OVERHEAD

    def too_large(exc: RequestEntityTooLarge):
        if request.endpoint not in ENDPOINTS:
            return http_error(exc)
        page = render_template(
            "import.html",
            form=ImportForm(formdata=None),
            problem=_too_large(),
            imported=[],
            max_mb=MAX_BYTES >> 20,
        )
        return page, 413

    app.register_error_handler(RequestEntityTooLarge, too_large)
