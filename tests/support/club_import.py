"""Helpers of tests/transfer/test_club_import.py, which other tests use too."""

from __future__ import annotations

import json

import pytest

from scorekeeper import db
from tests.support.app import join_group
from tests.support.club_pages import (
    THIRTEEN,
    night_of,
    play_series,
    sign_list,
    start_night,
)

COUNTED = ("club_nights", "club_tables", "club_players", "games", "hands", "club_disputes")


def _counts(app) -> dict[str, int]:
    with app.app_context():
        database = db.get_db()
        return {t: database.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in COUNTED}


@pytest.fixture
def played(club):
    """A 13-player Skat night of two series played to the end, two signatures and a
    dispute on table 1 of series 2; returns (club, the night, its export as text)."""
    app, client, group_id, key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    present = "\n".join([n for n in THIRTEEN if n != "Spieler 5"] + ["Gast"])
    assert (
        client.post(
            f"/groups/{group_id}/club/{night.id}/next", data={"present": present, "confirmed": "1"}
        ).status_code
        == 302
    )
    night, games = night_of(app, group_id, night.id)
    play_series(client, night, games, 2)
    table = night.tables_of(2)[0]
    players = games[table.game_id].players
    for name in players[:2]:
        assert sign_list(client, table.game_id, name).status_code == 302
    body = {"action": "dispute", "name": players[3], "hand": "2", "note": "Pik, nicht Kreuz"}
    assert client.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    text = client.get(f"/groups/{group_id}/club/{night.id}/export.json").get_data(as_text=True)
    return club, night, text


def _fresh_group(app):
    client = app.test_client()
    made = client.post("/api/groups", json={"name": "Zweiter Klub"}).get_json()
    join_group(client, group_id=made["id"])
    return client, made["id"], {"Authorization": f"Bearer {made['key']}"}


def _upload(client, group_id, text, name="night.json"):
    """Posts ``text`` as the import form's file, the body built in memory (the test
    client's own builder spools a large one to a temporary file it leaves open)."""
    data = text.encode() if isinstance(text, str) else text
    boundary = "----club-test-boundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return client.post(
        f"/groups/{group_id}/club/import",
        data=body,
        content_type=f"multipart/form-data; boundary={boundary}",
    )


def _tampered(text: str, change) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)
