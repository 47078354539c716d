"""``GET /healthz``, for an uptime monitor: 200 when the database answers and has had every
migration, 503 otherwise. It says nothing of what the database holds, needs no key or
session, and is never cached."""

from __future__ import annotations

import sqlite3

from flask import Response

from .. import db
from ..db.migrations import pending
from .responses import PRIVATE
from .weight import light


@light
def healthz() -> Response:
    try:
        database = db.get_db()
        database.execute("SELECT 1").fetchone()
        healthy = not pending(database)
    except sqlite3.Error:
        healthy = False
    response = Response(
        "ok\n" if healthy else "unavailable\n",
        status=200 if healthy else 503,
        mimetype="text/plain",
    )
    # Never kept by a cache, as every other answer of the app (``responses.PRIVATE``).
    response.headers["Cache-Control"] = PRIVATE
    return response
