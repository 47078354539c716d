"""Helpers of tests/db/test_database_busy.py."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def held(path: str) -> Iterator[None]:
    """Another process's write lock on the database: an exclusive transaction open."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def games(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as stored:
        return stored.execute("SELECT count(*) FROM games").fetchone()[0]
