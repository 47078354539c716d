"""An import's write transaction does not grow with its hands (issue 54, the import flood):
every other group's save waits for the writer lock while an import holds it, and a
10,000-hand night stored a statement per hand and per seat, each giving Python's GIL back,
so beside a flood of requests each row waited for the GIL again and the lock was held
0.9 s. The rows are now worked out and packed before the transaction, which stores each
kind of row in one statement: the statements it runs are the same for a night or a game
file of any length (counted here, never timed). The import stays one transaction: a
failure inside it stores nothing, and what it stores reads back as before."""

from __future__ import annotations

import sqlite3

import pytest

from scorekeeper import db
from scorekeeper.db import bulk
from scorekeeper.db import club as stored
from scorekeeper.transfer import club as night_files
from scorekeeper.transfer import formats
from tests.support.app import join_group
from tests.support.transfer.import_lock import _counts, _game_file, _import_statements, _night_file


@pytest.fixture
def group(client):
    made = client.post("/api/groups", json={"name": "Klub"}).get_json()
    join_group(client, group_id=made["id"])
    return made


def test_a_night_imports_in_statements_that_do_not_grow_with_its_hands(app, client, group):
    short, long = _night_file(client, group, 20), _night_file(client, group, 200)

    def importer(text):
        def store(database):
            night = night_files.read_night(text)
            stored.import_night(database, group["id"], night, None, "seed")

        return store

    few = _import_statements(app, importer(short), "club_nights")
    many = _import_statements(app, importer(long), "club_nights")
    # 2 tables of 200 hands and 4 seats each: a statement per row was over 400 more.
    assert many == few


def test_a_game_file_imports_in_statements_that_do_not_grow_with_its_hands(app, group):
    def importer(text):
        return lambda database: formats.import_file(database, text, group["id"])

    few = _import_statements(app, importer(_game_file(20)), "games")
    many = _import_statements(app, importer(_game_file(300)), "games")
    assert many == few


def test_a_night_that_fails_inside_its_transaction_stores_nothing(app, client, group, monkeypatch):
    text = _night_file(client, group, 50)
    before = _counts(app)

    def failing(database, game_ids):
        # The last step of the transaction, after every hand and seat was stored.
        assert database.execute("SELECT count(*) FROM hands").fetchone()[0] > before["hands"]
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(stored, "games_imported", failing)
    with app.test_request_context(), pytest.raises(RuntimeError):
        stored.import_night(db.get_db(), group["id"], night_files.read_night(text), None, "seed")
    assert _counts(app) == before
    with app.app_context():  # and nothing staged is left behind on the connection
        assert db.get_db().execute("SELECT count(*) FROM sqlite_temp_master").fetchone()[0] == 0
    monkeypatch.undo()
    # The next import stores the night whole, its hand ids after the highest there is.
    with app.test_request_context():
        _, tables = stored.import_night(
            db.get_db(), group["id"], night_files.read_night(text), None, "seed"
        )
    after = _counts(app)
    assert after["hands"] == before["hands"] + 2 * 50
    assert after["hand_seats"] == before["hand_seats"] + 2 * 50 * 4
    assert after["club_nights"] == before["club_nights"] + 1


def test_imported_hands_read_back_as_recorded(app, client, group):
    """The packed rows land in the right games, numbers, seats and totals: the imported
    game's page and JSON show every hand and the running totals the file's points give."""
    with app.test_request_context():
        ((game_id, key),) = bulk.import_games(
            db.get_db(), formats.read_file(_game_file(31)), group["id"]
        )
    game = client.get(f"/api/games/{game_id}").get_json()
    hands = game["hands"]
    assert [h["number"] for h in hands] == list(range(1, 32))
    assert [h["points"] for h in hands[:2]] == [[1, -1, 0, 0], [-1, 1, 0, 0]]
    assert game["totals"] == [1, -1, 0, 0]
    # A hand saved after the import is stored after the imported ones, as any save is.
    saved = client.post(
        f"/api/games/{game_id}/hands",
        json={"points": [2, -2, 0, 0]},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert saved.status_code == 201, saved.get_data(as_text=True)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["hands"][-1]["number"] == 32
    assert game["totals"] == [3, -3, 0, 0]


def test_staging_an_import_holds_no_lock_another_writer_waits_for(app, group, tmp_path):
    """While the import's rows are worked out and staged, another connection (another
    group's save) writes at once: only the copy in the write transaction holds the lock."""
    games = formats.read_file(_game_file(40))
    with app.test_request_context():
        database = db.get_db()
        with bulk.staged_rows(database, games) as staged:
            other = sqlite3.connect(app.config["DATABASE"], timeout=0, isolation_level=None)
            try:
                other.execute("BEGIN IMMEDIATE")
                other.execute("UPDATE groups SET name = 'Andere' WHERE id = ?", [group["id"]])
                other.execute("COMMIT")
            finally:
                other.close()
            assert staged.hands
        assert database.execute("SELECT count(*) FROM sqlite_temp_master").fetchone()[0] == 0
