"""Opening the database: a connection for each request (``get_db``), kept for the next,
or a file opened directly (``open_database``, for the command line, which builds no web
app), and the locks that queue writers (``writing``)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from .backup import BackupFailed, beside, copy_database
from .files import database_path, private_database
from .migrations import apply_migrations, pending

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


def connect(path: str) -> Database:
    """Opens the database with foreign keys on; WAL is set once by ``migrate``."""
    # check_same_thread=False: waitress may run a request's teardown on another thread,
    # and each connection still belongs to exactly one request.
    conn = sqlite3.connect(path, timeout=BUSY_SECONDS, check_same_thread=False)
    # No triggers and no sqlite-utils plugins here: skip their set-up on every request.
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    db.execute("PRAGMA foreign_keys = ON")
    # FULL: a write is on disk before the phone is told it is saved (201). Under WAL,
    # NORMAL only fsyncs at checkpoints, so a power cut could lose hands already confirmed.
    db.execute("PRAGMA synchronous = FULL")
    return db


def migrate(path: str) -> Database:
    """Opens the database at ``path``, applies pending migrations and switches it to WAL.

    The pending migrations run in one transaction, and WAL is switched on only after they
    succeed: a migration that fails leaves the file exactly as it was. Before any migration
    changes a file that already holds a database, a copy of it is taken beside it
    (``<name>-before-upgrade-<time>.db``, see :func:`backup_before_upgrade`); when the copy
    cannot be made, nothing is migrated and BackupFailed says why.

    Processes that start at once on one file (two ``serve``, or ``serve`` and ``import``)
    take turns on the writer lock file for both steps: the second waits, however long the
    first's migrations take, and then finds nothing left to do. A file already up to date
    and in WAL is opened without any lock, as a read-only one can be.

    A new file is created 0600, and a file of an earlier version is made so with its logs
    (see ``files.private_database``): SQLite alone makes them 0644.
    """
    private_database(path)
    db = connect(path)
    try:
        if pending(db) or db.journal_mode != "wal":
            with _other_processes_writing(db):
                upgraded = None
                if pending(db):  # not already applied by a process that held the lock
                    upgraded = backup_before_upgrade(db)
                apply_migrations(db)
                db.enable_wal()
                if upgraded:
                    # A file already in WAL holds its pages from before the upgrade (such
                    # as tokens stored raw before m020) until a checkpoint: now, not later.
                    # (On a connection of its own: this one may still hold a statement open.)
                    with contextlib.closing(sqlite3.connect(database_path(db))) as other:
                        other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    except BaseException:
        db.close()
        raise
    return db


def backup_before_upgrade(db: Database) -> str | None:
    """Copies the database file of ``db`` beside it before its migrations run; returns the
    copy's path, or None for a new, empty file (or one in memory), which has nothing to
    lose. Raises BackupFailed, naming the file and the reason, when the copy fails."""
    path = database_path(db)
    if not path or not db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        return None
    copy = beside(path, "before-upgrade")
    try:
        copy_database(path, copy)
    except BackupFailed as exc:
        raise BackupFailed(
            f"{path} was not upgraded: a copy of it is taken before any upgrade, "
            f"and that copy failed ({exc}). Make room or fix the folder's permissions, "
            "then start again."
        ) from None
    return str(copy)


def open_database(path: str) -> Database:
    """The database file at ``path``, created or upgraded, without the web app: what the
    command line's import and export use, so no instance folder or secret key is made."""
    return migrate(path)


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


def init_app(app) -> None:
    """Creates or upgrades the database file, and ends each request's use of its
    connection (``close_db``).

    The connection that ran the migrations stays open, unused, while the app lives. In WAL
    mode the last connection to close checkpoints the log into the database and deletes
    it; with this one open, no request's connection is ever the last, so closing one is
    cheap (a hand saves in about half the time). It is closed with the app, as are the
    connections left idle.
    """
    keeper = migrate(app.config["DATABASE"])
    app.extensions["scorekeeper.wal_keeper"] = keeper
    weakref.finalize(app, keeper.close)
    idle: list[Database] = []
    app.extensions["scorekeeper.idle_connections"] = (os.getpid(), idle)
    weakref.finalize(app, _close_all, idle)
    app.teardown_appcontext(close_db)
