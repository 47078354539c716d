"""Opening the database: the one way any part of the app opens one (``connect``, with
its settings), a connection for each request (``get_db``), kept for the next, and the
locks that queue writers (``writing``). Bringing a file up to date as it is opened is
``upgrade``'s."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
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
# database, ``<file>-writer``, for the same reason. The busy timeout still covers any
# writer that does not take it (an older version of the app, a backup, Litestream).
#
# A write waits at most ``BUSY_SECONDS`` in all, counted from when its request took its
# connection (``get_db``; for the command line, from the write's start): for this
# process's lock, the lock file and SQLite's busy wait together, each given what is left.
# Queued one behind another without that, of four writes sent 0.4 s apart while another
# process held the database for 21 s, the first answered 503 after 10 s and the others
# after about 20 s, while every server thread waited and no page was answered (issue 77).
WAITING_WRITERS = 2
"""Writes of this process that may wait for the one writing. Each holds a server thread
while it waits: a write that finds them all taken waits for a place only ``LEAST_WAIT``
(the writes ahead move on in milliseconds unless the database is held), then is answered
busy (503 with Retry-After), so that the server's other threads (4 by default) still
answer the pages, whose reads never wait for a writer (WAL)."""
LEAST_WAIT = 0.25
"""Seconds a write may wait for a moment: for a place in the queue, and for the locks
once its time is up (another process's commit), so that a write that spent its time
elsewhere is not refused for nothing."""


def _busy(why: str) -> sqlite3.OperationalError:
    """A write refused without waiting further (its wait is over, or too many wait ahead
    of it), said as SQLite says a lock held past its wait ("database is locked"), and so
    answered 503 with Retry-After as that is (``web.errors``)."""
    return sqlite3.OperationalError(f"database is locked: {why}")


class _Queue:
    """This process's writes: the one writing and those waiting for it."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self.count = 0

    def enter(self) -> bool:
        """A place in the queue, had within ``LEAST_WAIT``; False when none came free."""
        with self._changed:
            if not self._changed.wait_for(lambda: self.count <= WAITING_WRITERS, LEAST_WAIT):
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        with self._changed:
            self.count -= 1
            self._changed.notify()


_QUEUE = _Queue()


def _left(deadline: float) -> float:
    return max(deadline - time.monotonic(), LEAST_WAIT)


@contextmanager
def writing(db: Database) -> Iterator[None]:
    """One write transaction: queued behind this process's other writers and then behind
    other processes', then atomic; all within the write's wait (see ``WAITING_WRITERS``),
    or SQLite's "database is locked" (``_busy``).

    It takes SQLite's write lock as it begins (BEGIN IMMEDIATE), before it reads. Begun
    deferred, its first read would fix the snapshot it sees, and a commit by a process
    that takes none of the locks above (Litestream, which writes to its own tables after
    each checkpoint) landing before its first write would make that write fail at once,
    "database is locked", without the busy wait: a save refused for nothing. Taking the
    lock first, the wait for Litestream's short write is SQLite's busy wait. Within a
    transaction the caller already holds, it is a savepoint of that transaction."""
    deadline = getattr(db, "since", None) or time.monotonic()
    deadline += BUSY_SECONDS
    if not _QUEUE.enter():
        raise _busy(f"{WAITING_WRITERS} writes wait already")
    try:
        if not _WRITERS.acquire(timeout=_left(deadline)):
            raise _busy("the writes ahead took its wait")
        try:
            with _other_processes_writing(db, deadline):
                if db.conn.in_transaction:
                    with db.atomic():
                        yield
                    return
                _begin_by(db, deadline)
                try:
                    yield
                    db.conn.execute("COMMIT")
                except BaseException:
                    if db.conn.in_transaction:  # a failed COMMIT or statement may have ended it
                        db.conn.rollback()
                    raise
        finally:
            _WRITERS.release()
    finally:
        _QUEUE.leave()


def _begin_by(db: Database, deadline: float) -> None:
    """BEGIN IMMEDIATE, SQLite's busy wait cut to what is left of the write's wait."""
    db.conn.execute(f"PRAGMA busy_timeout = {int(_left(deadline) * 1000)}")
    try:
        db.conn.execute("BEGIN IMMEDIATE")
    finally:
        db.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")


@contextmanager
def _other_processes_writing(db: Database, deadline: float | None = None) -> Iterator[None]:
    """Holds the database's writer lock file (opened for this write alone, so that no
    descriptor is kept, or shared with a forked worker), had by ``deadline`` (a
    ``time.monotonic()``; None: however long it takes) or ``_busy``; nothing for a
    database without a file (in memory) or a system without flock."""
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
        if deadline is None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        elif not _flock_by(lock, deadline):
            raise _busy("another process's writes took its wait")
        yield
    finally:
        os.close(lock)  # which releases the lock


# Seconds between two tries of the writer lock file while another process's save holds it.
FLOCK_POLL = 0.00025


def _flock_by(lock: int, deadline: float) -> bool:
    """The lock file had by ``deadline``; False when it was not. flock cannot wait for a
    time, so it is tried again and again (by one thread of the process at most, the one
    holding ``_WRITERS``): every quarter millisecond while the wait is short, as another
    process's save is (a few ms: it starts within that of the other's end, as a blocking
    flock would), then less often, up to every 5 ms, through a long hold."""
    began = time.monotonic()
    while True:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        now = time.monotonic()
        if now > deadline + LEAST_WAIT:
            return False
        time.sleep(FLOCK_POLL if now - began < 0.02 else 0.005)


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
        g.db.since = time.monotonic()  # a write's wait counts from here (``writing``)
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
