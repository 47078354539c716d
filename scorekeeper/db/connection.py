"""Opening the database: the one way any part of the app opens one (``connect``, with
its settings), a connection for each request (``get_db``), kept for the next, and the
locks that queue writers (``writing``). Bringing a file up to date as it is opened is
``upgrade``'s."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from sqlite_utils import Database

from .files import database_path

try:
    import fcntl
except ImportError:  # Windows: writers of other processes wait in SQLite's busy handler
    fcntl = None  # type: ignore[assignment]

# SQLite integers are signed 64-bit; larger ids from a tampered URL can match nothing.
MAX_ID = 2**63 - 1
# SQLite lets one connection write at a time. Writers in this process queue on this lock
# instead of in SQLite's busy handler, which sleeps in growing steps (up to 100 ms) and so
# turns a wait of a few milliseconds into a long one.
_WRITERS = threading.Lock()
# Writers in other processes (``serve --workers``) queue on a lock file beside the
# database, ``<file>-writer``, for the same reason: a blocking flock wakes the moment the
# other process's write ends. The busy timeout still covers any writer that does not take
# it (an older version of the app).


@contextmanager
def writing(db: Database) -> Iterator[None]:
    """One write transaction: queued behind this process's other writers and then behind
    other processes', then atomic.

    It takes SQLite's write lock as it begins (BEGIN IMMEDIATE), before it reads. Begun
    deferred, its first read would fix the snapshot it sees, and a commit by a process
    that takes none of the locks above (Litestream, which writes to its own tables after
    each checkpoint) landing before its first write would make that write fail at once,
    "database is locked", without the busy wait: a save refused for nothing. Taking the
    lock first, the wait for Litestream's short write is SQLite's busy wait. Within a
    transaction the caller already holds, it is a savepoint of that transaction."""
    with _WRITERS, _other_processes_writing(db):
        if db.conn.in_transaction:
            with db.atomic():
                yield
            return
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.conn.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:  # a failed COMMIT or statement may have ended it
                db.conn.rollback()
            raise


@contextmanager
def _other_processes_writing(db: Database) -> Iterator[None]:
    """Holds the database's writer lock file (opened for this write alone, so that no
    descriptor is kept, or shared with a forked worker); nothing for a database without a
    file (in memory) or a system without flock."""
    path = database_path(db)
    lock = None
    if path and fcntl is not None:
        # In a folder this process may not write in, SQLite's busy handler does the waiting.
        with contextlib.suppress(OSError):
            lock = os.open(f"{path}-writer", os.O_RDWR | os.O_CREAT, 0o600)
    if lock is None:
        yield
        return
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
    finally:
        os.close(lock)  # which releases the lock


def now() -> str:
    """The time now, UTC, as every table stores it (``2024-05-01T19:30:00+00:00``)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def query(db: Database, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
    """Runs ``sql`` and returns its rows as ``sqlite3.Row``, read by column name."""
    cursor = db.conn.cursor()
    cursor.row_factory = sqlite3.Row
    return cursor.execute(sql, params)


# Seconds a statement waits for another connection's write lock (a save on another thread,
# a backup, a replica's snapshot) before SQLite says the database is locked; the app then
# answers 503 with Retry-After (web.errors), never a 500.
BUSY_SECONDS = 10.0


# Where ``connect`` opens a database that lives in memory alone, for as long as its
# connection (the migrations' schema worked out, a dry run of an upgrade).
IN_MEMORY = ":memory:"
# How ``connect`` opens a file: "create" makes it when it is missing; "write" opens one
# that exists, and never makes an empty database in place of a missing file; "read" opens
# one that exists, and refuses any write through this connection.
Access = Literal["create", "write", "read"]
_MODES: dict[str, str] = {"create": "rwc", "write": "rw", "read": "ro"}


def connect(location: str | os.PathLike[str], access: Access = "create") -> Database:
    """The database at ``location`` (a file's path, or ``IN_MEMORY``), opened as every
    part of the app opens one: the app's requests, the command line, the backups, the
    check, the migrations' schema. Every connection waits ``BUSY_SECONDS`` for another's
    write lock and has foreign keys on and full syncs; what a file keeps for every
    connection (WAL) is set once, by ``upgrade.migrate``. ``access`` says whether a
    missing file is made, and whether this connection may write (see ``Access``).

    Raises sqlite3.Error when the file cannot be opened so (a missing file, read or
    written, or a folder SQLite cannot write in)."""
    if location == IN_MEMORY:
        where, uri = IN_MEMORY, False
    else:  # a URI, for its mode: the path quoted, so no "?" or "#" in a name cuts it short
        where, uri = f"{Path(os.path.abspath(location)).as_uri()}?mode={_MODES[access]}", True
    # check_same_thread=False: waitress may run a request's teardown on another thread,
    # and each connection still belongs to exactly one request.
    conn = sqlite3.connect(where, uri=uri, timeout=BUSY_SECONDS, check_same_thread=False)
    # No triggers and no sqlite-utils plugins here: skip their set-up on every request.
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        # FULL: a write is on disk before the phone is told it is saved (201). Under WAL,
        # NORMAL only fsyncs at checkpoints, so a power cut could lose hands confirmed.
        db.execute("PRAGMA synchronous = FULL")
    except BaseException:
        conn.close()
        raise
    return db


def get_db() -> Database:
    """Returns this request's connection: one another request left idle in this process,
    or a new one."""
    from flask import current_app, g

    if "db" not in g:
        g.db = _idle_connection(current_app) or connect(current_app.config["DATABASE"])
    return g.db


# Connections kept idle between requests, at most this many a process. Opening one (with
# its PRAGMAs) and closing it cost about as much as a scoreboard's queries.
IDLE_CONNECTIONS = 16


def _idle(app) -> list[Database]:
    """This process's idle connections to the app's database. A worker forked from the
    process that created the app starts with none of its parent's."""
    pid, idle = app.extensions["scorekeeper.idle_connections"]
    if pid != os.getpid():
        idle = []
        app.extensions["scorekeeper.idle_connections"] = (os.getpid(), idle)
    return idle


def _idle_connection(app) -> Database | None:
    try:
        return _idle(app).pop()  # atomic: two threads never take the same one
    except IndexError:
        return None


def close_db(_exc: BaseException | None = None) -> None:
    """Ends the request's use of its connection: anything it left uncommitted is rolled
    back, and the connection waits for the next request (or is closed when enough do)."""
    from flask import current_app, g

    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except sqlite3.Error:
        db.close()
        return
    idle = _idle(current_app)
    if len(idle) < IDLE_CONNECTIONS:
        idle.append(db)
    else:
        db.close()


def _close_all(connections: list[Database]) -> None:
    while connections:
        connections.pop().close()


def keep_connections(app) -> None:
    """Ends each request's use of its connection (``close_db``), which then waits idle
    for the next request; those left idle are closed with the app."""
    idle: list[Database] = []
    app.extensions["scorekeeper.idle_connections"] = (os.getpid(), idle)
    weakref.finalize(app, _close_all, idle)
    app.teardown_appcontext(close_db)
