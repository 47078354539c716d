"""One way to open a database (issue 81, the seam of issue 78): ``connection.connect``, for
a file made when missing, a file that must exist, one read only, or one in memory, each
with the same settings; and no other function of the app opens one.

Before: nine calls of ``sqlite3.connect`` (serve's first start, the secrets' check, the
backups, the migrations' schema, the check), each with its own settings: a backup or a
read of the secrets waited 5 s for a lock where a request waits 10, without foreign keys."""

from __future__ import annotations

import sqlite3

import pytest

from scorekeeper.db import connection
from scorekeeper.db.connection import IN_MEMORY, connect
from tests.support.db.connection import (
    CALLERS,
    EVERY_CONNECTION,
    PACKAGE,
    openers,
    read_only,
    seen,
    settings,
    watching,
)


def test_one_function_of_the_app_opens_a_database():
    assert openers() == ["scorekeeper/db/connection.py:connect"]


def test_the_search_finds_each_way_of_opening_one(tmp_path):
    """What the test above relies on, on a package made for it."""
    package = tmp_path / "scorekeeper"
    package.mkdir()
    (package / "a.py").write_text(
        "import sqlite3\nfrom sqlite_utils import Database\n"
        "def raw(path):\n    return sqlite3.connect(path)\n"
        "def wrapped(path):\n    return Database(path)\n"
        "def outer():\n    def inner():\n        return sqlite_utils.Database(memory=True)\n"
        "def other(x):\n    return x.connect()\n"
    )
    assert openers(package) == [
        "scorekeeper/a.py:inner",
        "scorekeeper/a.py:raw",
        "scorekeeper/a.py:wrapped",
    ]
    assert PACKAGE.name == "scorekeeper"


@pytest.fixture
def stored(tmp_path):
    path = tmp_path / "a #1?.db"  # a URI's "#" and "?" in the name, read as the name's
    made = connect(path)
    made.execute("CREATE TABLE seats (name TEXT)")
    made.execute("INSERT INTO seats VALUES ('Ann')")
    made.conn.commit()
    made.close()
    return path


@pytest.mark.parametrize("access", ["create", "write", "read", IN_MEMORY])
def test_every_connection_has_the_same_settings(stored, access):
    opened = connect(IN_MEMORY) if access == IN_MEMORY else connect(stored, access)
    try:
        assert settings(opened.conn) == EVERY_CONNECTION
    finally:
        opened.close()


def test_a_database_opened_to_read_cannot_be_written(stored):
    reading = connect(stored, "read")
    try:
        assert reading.execute("SELECT name FROM seats").fetchall() == [("Ann",)]
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            reading.execute("INSERT INTO seats VALUES ('Bob')")
    finally:
        reading.close()
    writing = connect(stored, "write")
    try:
        writing.execute("INSERT INTO seats VALUES ('Bob')")
        writing.conn.commit()
    finally:
        writing.close()
    assert stored.parent.joinpath(stored.name).is_file()


@pytest.mark.parametrize("access", ["write", "read"])
def test_a_missing_file_is_not_made_unless_asked(tmp_path, access):
    missing = tmp_path / "missing.db"
    with pytest.raises(sqlite3.OperationalError, match="unable to open"):
        connect(missing, access)
    assert not missing.exists()
    connect(missing).close()
    assert missing.is_file()


def test_the_wait_for_a_lock_is_the_apps(monkeypatch, stored):
    monkeypatch.setattr(connection, "BUSY_SECONDS", 0.25)
    opened = connect(stored)
    try:
        assert settings(opened.conn)["busy_timeout"] == 250
    finally:
        opened.close()


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_each_caller_opens_with_the_apps_settings(tmp_path, monkeypatch, caller):
    opened = watching(monkeypatch)
    CALLERS[caller](tmp_path)
    try:
        assert opened
        assert seen(opened) == [EVERY_CONNECTION] * len(opened)
    finally:
        for each in opened:
            each.close()


@pytest.mark.parametrize("caller", ["serve's first start", "secrets examined"])
def test_what_only_looks_opens_to_read_only(tmp_path, monkeypatch, caller):
    """``serve`` asks whether this start upgrades the file before it upgrades it, and
    ``secrets --check`` counts the links each key seals: neither changes the file."""
    opened = watching(monkeypatch)
    before = (tmp_path / "scorekeeper.db").exists()
    CALLERS[caller](tmp_path)
    assert not before
    assert [read_only(each) for each in opened] == [True]
