"""A database file brought up to date as it is opened (``migrate``): a copy of it kept
beside it first, then its pending migrations, then WAL; for the command line
(``open_database``) and for the app, whose file is upgraded as it starts (``init_app``).
Opening a connection is ``connection``'s; this is the step above it.

Flask-free, as the rest of ``db`` is (``init_app`` is handed the app).
"""

from __future__ import annotations

import contextlib
import weakref

from sqlite_utils import Database

from . import connection
from .backup import BackupFailed, beside, copy_database
from .files import database_path, private_database
from .migrations import apply_migrations, pending


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
    db = connection.connect(path)
    try:
        if pending(db) or db.journal_mode != "wal":
            with connection._other_processes_writing(db):
                upgraded = None
                if pending(db):  # not already applied by a process that held the lock
                    upgraded = backup_before_upgrade(db)
                apply_migrations(db)
                db.enable_wal()
                if upgraded:
                    # A file already in WAL holds its pages from before the upgrade (such
                    # as tokens stored raw before m020) until a checkpoint: now, not later.
                    # (On a connection of its own: this one may still hold a statement open.)
                    with contextlib.closing(connection.connect(path, "write")) as other:
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
    connection.keep_connections(app)
