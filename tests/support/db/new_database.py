"""Helpers of tests/db/test_new_database.py."""

import sqlite3

from sqlite_utils import Database

from scorekeeper.db.migrations import _order
from scorekeeper.db.migrations import migrations as schema


def shape(path) -> dict:
    """Everything a database file holds but the times its migrations were applied: every
    schema object with its text, each table's columns, indexes and foreign keys, each
    index's columns, every row, SQLite's sequences and the header's numbers."""
    with sqlite3.connect(path) as conn:
        master = sorted(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
        tables = [name for kind, name, _, _ in master if kind == "table"]
        indexes = [name for kind, name, _, _ in master if kind == "index"]
        found = {
            "master": master,
            "version": conn.execute("PRAGMA user_version").fetchall(),
            "application": conn.execute("PRAGMA application_id").fetchall(),
            "integrity": conn.execute("PRAGMA integrity_check").fetchall(),
            "foreign keys broken": conn.execute("PRAGMA foreign_key_check").fetchall(),
        }
        for table in tables:
            found[f"columns of {table}"] = conn.execute(f'PRAGMA table_xinfo("{table}")').fetchall()
            found[f"indexes of {table}"] = conn.execute(f'PRAGMA index_list("{table}")').fetchall()
            found[f"keys of {table}"] = conn.execute(
                f'PRAGMA foreign_key_list("{table}")'
            ).fetchall()
            cursor = conn.execute(f'SELECT * FROM "{table}" ORDER BY {_order(conn, table)}')
            names = [column[0] for column in cursor.description]
            found[f"rows of {table}"] = [
                {
                    name: value
                    for name, value in zip(names, row, strict=True)
                    if name != "applied_at"
                }
                for row in cursor
            ]
        for index in indexes:
            found[f"columns of {index}"] = conn.execute(f'PRAGMA index_xinfo("{index}")').fetchall()
    return found


def one_by_one(path) -> None:
    """The file at ``path`` made by running every migration in turn, as before."""
    conn = sqlite3.connect(path)
    made = Database(conn, recursive_triggers=False, execute_plugins=False)
    made.execute("PRAGMA foreign_keys = ON")
    schema.apply(made)
    conn.close()
