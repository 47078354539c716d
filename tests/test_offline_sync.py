"""The server's half of issue 34, "The game goes on without the network": a phone that may
edit a game takes a snapshot of it (``GET /games/<id>/offline``), records hands alone, and
sends them back (``POST /games/<id>/offline/hands``). Each hand sent is saved as any
hand is, with the phone named (``offline_by``, migration m019), in order; a hand another
phone recorded meanwhile comes back with both versions until the phone sends it again
with ``replace``; a hand the rules refuse is refused in the API's words and the table's.
The scoreboard marks such hands, the revisions say it, export and import carry it.

Every test that is about hands runs for every registered game, with legal hands drawn as
the other suites draw them (``tests/play.py``), on a real SQLite file through the real
Flask test client.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper import db
from scorekeeper.db.migrations import migrations
from scorekeeper.web import create_app

from .conftest import app_config

FIXTURES = Path(__file__).parent / "fixtures"


# --- migration m019 on the files of older versions ---------------------------------------------


def every_row(database) -> dict[str, list[dict]]:
    """Every table's rows (their columns by name), in rowid order."""
    tables = [
        row[0]
        for row in database.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name != '_sqlite_migrations'"
        )
    ]
    found = {}
    for table in tables:
        cursor = database.execute(f"SELECT * FROM [{table}]")
        names = [column[0] for column in cursor.description]
        found[table] = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    return found


@pytest.mark.parametrize("version", ["v1", "v2", "v3", "v4"])
def test_m019_upgrades_every_older_file_with_nothing_lost_and_no_hand_offline(tmp_path, version):
    path = tmp_path / f"{version}.db"
    shutil.copyfile(FIXTURES / f"scorekeeper-{version}.db", path)
    database = db.connect(str(path))
    try:
        migrations.apply(database, stop_before="m019_offline_hands")
        before = every_row(database)
        assert before["hands"] and before["hand_revisions"]
        db.apply_migrations(database)
        after = every_row(database)
    finally:
        database.close()
    for table in ("hands", "hand_revisions"):
        assert {row.pop("offline_by") for row in after[table]} == {None}, table
    assert after == before
    # And the file, opened as the app opens it, serves its games with no mark.
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    with app.app_context():
        games = db.list_games(db.get_db(), None, limit=100)
        assert games
        for game in games:
            assert db.offline_hands(db.get_db(), game.id) == {}
