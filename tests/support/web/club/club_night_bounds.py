"""Helpers of tests/web/club/test_club_night_bounds.py."""

from __future__ import annotations

from scorekeeper import db
from scorekeeper.web import create_app
from scorekeeper.web.throttle import Rate
from tests.support.app import app_config, join_group
from tests.support.club_import import _counts, _fresh_group, _upload


def _both_refuse(app, text: str, field: str, says: str, where: str | None = None) -> None:
    """The club page's import and the API's both answer 422 naming ``field`` (and the
    place ``where``) with ``says``, and nothing is stored."""
    fresh, fresh_id, auth = _fresh_group(app)
    before = _counts(app)
    page = _upload(fresh, fresh_id, text)
    assert page.status_code == 422
    shown = page.get_data(as_text=True)
    assert "Nothing was imported." in shown and f"field {field}:" in shown, shown[-1200:]
    assert says in shown.replace("&#39;", "'").replace("\u2068", "").replace("\u2069", "")
    api = fresh.post(
        f"/api/groups/{fresh_id}/club/import",
        data=text,
        headers={**auth, "Content-Type": "application/json"},
    )
    assert api.status_code == 422, api.get_json()
    assert api.get_json()["field"] == field
    assert says in api.get_json()["error"]
    if where is not None:
        assert api.get_json()["error"].startswith(where)
    assert _counts(app) == before


def _many_disputes(count: int):
    def change(document):
        document["disputes"] = [dict(document["disputes"][0]) for _ in range(count)]

    return change


def _limited_club(tmp_path, burst: int):
    """A club's group on a server whose clients may start ``burst`` games at once, then one
    every ten minutes (groups unlimited); (app, the organiser's client, group id, key)."""
    app = create_app(app_config(tmp_path, RATE_LIMITS={"game": Rate(burst=burst, every=600)}))
    organiser = app.test_client()
    made = organiser.post("/api/groups", json={"name": "Skatclub"}).get_json()
    join_group(organiser, group_id=made["id"])
    return app, organiser, made["id"], made["key"]


def _games(app) -> int:
    with app.app_context():
        return db.get_db().execute("SELECT count(*) FROM games").fetchone()[0]
