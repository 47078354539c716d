"""Export downloads: one game, every game, or the games with ids in a range, as JSON or CSV
streamed a game at a time (the format itself is ``transfer``'s)."""

from __future__ import annotations

from collections.abc import Iterator

from flask import Response, abort, current_app, request, stream_with_context
from flask_babel import gettext as _

from ... import db, transfer
from ..access import game_or_404
from .blueprint import bp
from .queries import BadQuery, game_id_param

MEDIA = {"json": "application/json", "csv": "text/csv"}


def export_max_hands() -> int:
    """How many hands one export file holds at most, so that writing it never holds a
    server thread for long; a longer game is a file of its own."""
    return current_app.config["EXPORT_MAX_HANDS"]


def _download(file_format: str, first: int, last: int, filename: str) -> Response:
    """The export of the games with ids ``first`` to ``last`` as a download, sent as it is
    written, a game at a time."""

    def body() -> Iterator[bytes]:
        # Runs after the view has returned and its connection was closed: the stream reads
        # through a connection of its own, closed when the stream ends.
        for chunk in transfer.export_chunks(db.get_db(), file_format, first, last):
            yield chunk.encode()

    # Passed through untouched: gzipping it whole (see responses) would build the whole
    # file in memory first.
    response = Response(
        stream_with_context(body()), mimetype=MEDIA[file_format], direct_passthrough=True
    )
    if file_format == "csv":
        response.charset = "utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/games/<int:game_id>/export.<any(json, csv):file_format>")
def export_game(game_id: int, file_format: str):
    game_or_404(game_id)
    return _download(file_format, game_id, game_id, f"scorekeeper-game-{game_id}.{file_format}")


@bp.get("/export.<any(json, csv):file_format>")
def export_all(file_format: str):
    """Every game, or (``?first=&last=``) the games with ids in a range: one part of the
    export of everything, as History lists them. A file holds at most about
    ``EXPORT_MAX_HANDS`` hands; a tenth more is let through, so that a part listed a
    moment ago still downloads after a few more hands were recorded."""
    database = db.get_db()
    whole = "first" not in request.args and "last" not in request.args
    first, last = 1, db.MAX_ID
    if not whole:
        try:
            first, last = game_id_param("first"), game_id_param("last")
            if first > last:
                raise BadQuery(_("the last game is before the first"), "last")
        except BadQuery as exc:
            abort(
                400,
                _("Cannot export by %(field)s: %(message)s.", field=exc.field, message=exc.message),
            )
    games, hands = db.count_games(database, first, last)
    if games > 1 and hands > export_max_hands() * 11 // 10:
        abort(
            400,
            _(
                "These games hold %(hands)d hands, more than one file holds: download them "
                "in parts from History.",
                hands=hands,
            ),
        )
    part = "" if whole else f"-{first}-{last}"
    return _download(file_format, first, last, f"scorekeeper-games{part}.{file_format}")
