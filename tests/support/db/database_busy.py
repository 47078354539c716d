"""Helpers of tests/db/test_database_busy.py."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
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


# What Litestream commits after each checkpoint (its own table, a write of its own that
# takes none of the app's writer locks), every millisecond or so.
OTHER_WRITER = """
import sqlite3, sys, time
other = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
other.execute("CREATE TABLE IF NOT EXISTS _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)")
print("writing", flush=True)
while True:
    other.execute(
        "INSERT INTO _litestream_seq (id, seq) VALUES (1, 1) "
        "ON CONFLICT (id) DO UPDATE SET seq = seq + 1"
    )
    time.sleep(0.001)  # a commit a millisecond or so: saves get the lock in between
"""


@contextmanager
def another_process_writing(path: str) -> Iterator[None]:
    """A process committing to its own table of the database over and over, as Litestream
    does to ``_litestream_seq``, for as long as the block runs."""
    writer = subprocess.Popen(
        [sys.executable, "-c", OTHER_WRITER, path], stdout=subprocess.PIPE, text=True
    )
    try:
        assert writer.stdout.readline().strip() == "writing"
        yield
    finally:
        writer.kill()
        writer.communicate(timeout=10)
