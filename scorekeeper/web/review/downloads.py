"""Export downloads: one game, or every game of a group as one file, as JSON or CSV
streamed a game at a time (the format itself is ``transfer``'s).

A group's export is for its members only, and has no cap: it is read in short read
transactions, a batch of games at a time (``transfer.group_games``), so a download of
any size never holds other phones up. The old export of everything answers a stranger
404, and sends a member of exactly one group to that group's export."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from flask import Response, abort, redirect, stream_with_context, url_for

from ... import db, transfer
from ..access import game_or_404, group_or_404
from ..access import my_groups as member_groups
from ..responses import PRIVATE
from ..weight import heavy
from .blueprint import bp

MEDIA = {"json": "application/json", "csv": "text/csv"}


def _download(file_format: str, first: int, last: int, filename: str) -> Response:
    """The export of the games with ids ``first`` to ``last`` as a download, sent as it is
    written, a game at a time."""
    return _stream(
        file_format,
        lambda: transfer.export_chunks(db.get_db(), file_format, first, last),
        filename,
    )


def _stream(
    file_format: str, chunks: Callable[[], Iterator[str]], filename: str, private: bool = False
) -> Response:
    """The text ``chunks()`` writes, as a download sent as it is written."""

    def body() -> Iterator[bytes]:
        # Runs after the view has returned and its connection was closed: the stream reads
        # through a connection of its own, closed when the stream ends.
        for chunk in chunks():
            yield chunk.encode()

    # Passed through untouched: gzipping it whole (see responses) would build the whole
    # file in memory first.
    response = Response(
        stream_with_context(body()), mimetype=MEDIA[file_format], direct_passthrough=True
    )
    if file_format == "csv":
        response.charset = "utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = PRIVATE if private else "private, no-cache"
    return response


@heavy
@bp.get("/groups/<int:group_id>/export.<any(json, csv):file_format>")
def export_group(group_id: int, file_format: str):
    """Every game of the group, as one file whatever its size; for its members only."""
    group = group_or_404(group_id)
    return _stream(
        file_format,
        lambda: transfer.group_export_chunks(db.get_db(), file_format, group.id),
        f"scorekeeper-group-{group.id}.{file_format}",
        private=True,
    )


@heavy
@bp.get("/games/<int:game_id>/export.<any(json, csv):file_format>")
def export_game(game_id: int, file_format: str):
    game_or_404(game_id)
    return _download(file_format, game_id, game_id, f"scorekeeper-game-{game_id}.{file_format}")


@heavy
@bp.get("/export.<any(json, csv):file_format>")
def export_all(file_format: str):
    """The old export of everything: the export of this browser's group when it belongs
    to exactly one, and 404 otherwise (nobody downloads every group's games)."""
    groups = member_groups()
    if len(groups) != 1:
        abort(404)
    return redirect(url_for("review.export_group", group_id=groups[0].id, file_format=file_format))
