"""A new database file is given at once what every migration makes of an empty one
(``migrations._made_at_once``); a file of an earlier version still runs the migrations it
lacks, one by one (``tests/db/test_upgrade.py`` and the seed games' upgrade tests, from
each version's fixture file)."""

import sqlite3
from datetime import datetime

import pytest

from scorekeeper import db
from scorekeeper.db.migrations import migrations as schema
from tests.support.db.new_database import one_by_one, shape


def test_a_new_file_holds_what_every_migration_makes_one_by_one(tmp_path):
    at_once, by_steps = tmp_path / "at-once.db", tmp_path / "one-by-one.db"
    db.migrate(str(at_once)).close()
    one_by_one(by_steps)
    made, expected = shape(at_once), shape(by_steps)
    assert made.keys() == expected.keys()
    for part, held in expected.items():
        assert made[part] == held, part
    assert made["integrity"] == [("ok",)]
    applied = [m.name for m in schema._migrations]
    assert [row["name"] for row in made["rows of _sqlite_migrations"]] == applied
    with sqlite3.connect(at_once) as conn:  # stamped when this file had them
        stamps = [
            datetime.fromisoformat(row[0])
            for row in conn.execute("SELECT applied_at FROM _sqlite_migrations")
        ]
    assert all(stamp.tzinfo is not None for stamp in stamps)
    reopened = db.migrate(str(at_once))  # nothing left to apply
    assert not schema.pending(reopened)
    assert reopened.journal_mode == "wal"
    reopened.close()


def test_a_file_that_holds_anything_runs_each_migration_in_turn(tmp_path, monkeypatch):
    """Not given the final schema at once: a file already holding a table (of an earlier
    version, or another program's) has each migration applied, as before."""
    path = tmp_path / "earlier.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute("INSERT INTO notes VALUES ('kept')")
    ran = []

    def on_the_file(name, fn):
        def run(database):
            ran.append((name, database.execute("PRAGMA database_list").fetchone()[2]))
            fn(database)

        return run

    for each in schema._migrations:
        monkeypatch.setattr(each, "fn", on_the_file(each.name, each.fn))
    db.migrate(str(path)).close()
    assert ran == [(m.name, str(path)) for m in schema._migrations]
    assert shape(path)["rows of notes"] == [{"text": "kept"}]


def test_a_changed_list_of_migrations_is_made_again(tmp_path, monkeypatch):
    """The schema made at once follows the migrations the process has: one added (as a
    test adds one) is in the next new file, and one that fails leaves it empty."""
    db.migrate(str(tmp_path / "first.db")).close()

    def m999_notes(database):
        database.execute("CREATE TABLE notes_m999 (text TEXT)")

    added = schema._Migration("m999_notes", m999_notes)
    monkeypatch.setattr(schema, "_migrations", [*schema._migrations, added])
    made = db.migrate(str(tmp_path / "second.db"))
    assert "notes_m999" in made.table_names()
    made.close()

    def m999_fails(database):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(
        schema, "_migrations", [*schema._migrations[:-1], schema._Migration("m999", m999_fails)]
    )
    path = tmp_path / "third.db"
    with pytest.raises(RuntimeError, match="disk on fire"):
        db.migrate(str(path))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
