"""A database another process holds locked past a statement's wait (a backup, a replica's
first snapshot on a loaded machine) answers 503 with Retry-After and changes nothing,
for the API and the pages alike, and the log says so in a line without a traceback.

Before: a new game asked while a replica's snapshot held the database on a loaded machine
answered 500 "Something went wrong" with a traceback in the server's log
(tests/transfer/test_sftp_replica.py, once in a full run)."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from scorekeeper.db import connection, upgrade
from tests.support.db.database_busy import another_process_writing, games, held

GAME = {"game": "israeli-whist", "players": ["Ann", "Bob", "Cat", "Dov"], "first_dealer": 0}


@pytest.fixture
def short_wait(monkeypatch):
    monkeypatch.setattr(connection, "BUSY_SECONDS", 0.2)


def test_a_locked_database_answers_the_api_503_with_retry_after_and_changes_nothing(
    app, client, short_wait, caplog
):
    client.get("/")  # the database made and migrated before another process holds it
    before = games(app)
    with caplog.at_level(logging.WARNING), held(app.config["DATABASE"]):
        answer = client.post("/api/games", json=GAME)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "5"
    assert "busy" in answer.get_json()["error"]
    assert games(app) == before
    said = [r for r in caplog.records if "locked past its wait" in r.getMessage()]
    assert said and all(r.exc_info is None for r in said)
    assert not [r for r in caplog.records if r.exc_info]
    assert client.post("/api/games", json=GAME).status_code == 201  # once it is free


def test_a_locked_database_answers_a_page_503_in_the_pages_language(app, client, short_wait):
    client.get("/")
    with held(app.config["DATABASE"]):
        page = client.post("/groups", data={}, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "5"
    text = page.get_data(as_text=True)
    assert "Something went wrong" not in text
    assert 'lang="de"' in text


def test_a_write_holds_the_lock_from_its_start_so_no_commit_comes_between_its_reads_and_writes(
    tmp_path,
):
    """Another process's commit (Litestream's to its own table after a checkpoint) between
    a save's first read and its first write made that write fail at once, "database is
    locked", without waiting (a deferred transaction cannot move its snapshot forward):
    the 503 of tests/transfer/test_sftp_replica.py, 1.5 s after the server started. The
    save now holds the write lock from its start: the other process waits its turn."""
    path = str(tmp_path / "busy.db")
    upgrade.migrate(path).close()
    saving = connection.connect(path)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)")
    other.execute("CREATE TABLE saved (what TEXT)")
    with connection.writing(saving):
        assert saving.execute("SELECT count(*) FROM saved").fetchone()[0] == 0
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("INSERT INTO _litestream_seq VALUES (1, 1)")
        saving.execute("INSERT INTO saved VALUES ('a hand')")
    other.execute("INSERT INTO _litestream_seq VALUES (1, 1)")  # its turn, once saved
    assert other.execute("SELECT what FROM saved").fetchall() == [("a hand",)]
    saving.close()
    other.close()


def test_new_games_are_saved_while_another_process_commits_to_its_own_table(app, client):
    """Forty games started through the API, each in a group of its own (whose invitation is
    sealed with a key read from the database before the group is written), while another
    process commits every millisecond or so, as Litestream does to its table: every one saved,
    none refused as busy."""
    answers = []
    with another_process_writing(app.config["DATABASE"]):
        for _ in range(40):
            answers.append(client.post("/api/games", json=GAME).status_code)
    assert answers == [201] * 40
    assert games(app) == 40


def test_another_database_error_is_still_unexpected(app, client, monkeypatch):
    """Only a lock held too long is "busy": a broken statement is a 500 with its traceback
    logged, as every unexpected error is (kept here, out of the suite's check of the logs,
    which fails the run on any traceback a test did not ask for)."""

    def broken(*args, **kwargs):
        raise sqlite3.OperationalError("no such table: games")

    kept: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = kept.append  # type: ignore[method-assign]
    monkeypatch.setattr(app.logger, "propagate", False)
    monkeypatch.setattr("scorekeeper.web.api.routes.start_game", broken)
    app.logger.addHandler(handler)
    try:
        assert client.post("/api/games", json=GAME).status_code == 500
    finally:
        app.logger.removeHandler(handler)
    assert any(record.exc_info for record in kept)
