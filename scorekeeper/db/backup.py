"""Copies of the database file.

``copy_database`` takes a consistent copy with SQLite's online backup API while the server
runs and phones save: a WAL reader sees one moment of the file, and writers never wait for
it. ``restore_database`` puts a checked copy in place of a database, keeping the file it
replaces. Every file made here is 0600 whatever the umask (see ``files``). The command
line's ``backup`` and ``restore`` are these, and every upgrade of an existing file starts
with ``copy_database`` (see ``upgrade.migrate``). The check of a copy, which replays
every game through its rules, is ``scorekeeper.database_check``'s: above ``game_play``,
as the data layer is below it.

Flask-free, as the rest of ``db`` is.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from ..problems import Problem
from .connection import connect
from .files import create_private, make_private, private_database, sync_folder


class BackupFailed(Problem, sqlite3.DatabaseError):
    """A copy could not be taken or stored; nothing was changed. A Problem as every error
    of the app is, and an SQLite error to whoever opens a database (``serve`` names
    ``--db``)."""


def stamp() -> str:
    """Now, UTC, as file names take it: ``20240501T193000Z``."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def beside(path: str | os.PathLike, label: str) -> Path:
    """A new file's name beside ``path``: ``scorekeeper-<label>-<time>.db``, never one that
    exists."""
    original = Path(path)
    base = original.with_name(f"{original.stem}-{label}-{stamp()}")
    found, number = base.with_suffix(".db"), 1
    while found.exists():
        number += 1
        found = base.with_name(f"{base.name}-{number}").with_suffix(".db")
    return found


def open_existing(path: str | os.PathLike) -> Database:
    """``path`` opened for reading and writing, never created: a missing file is an error
    (BackupFailed, naming it) rather than a new, empty database."""
    if not Path(path).is_file():
        raise BackupFailed(f"{path}: no such file")
    return connect(path, "write")


def copy_database(source: str | os.PathLike, target: str | os.PathLike) -> None:
    """Copies the database at ``source`` to the new file ``target`` with SQLite's online
    backup API: one consistent moment of it, however many phones write meanwhile (in WAL
    mode the copy is one read, which writers do not wait for). The copy is written beside
    ``target``, synced to disk and then renamed: ``target`` is never a half copy.

    Raises BackupFailed, leaving nothing behind, when it cannot be made."""
    target = Path(target)
    partial = target.with_name(target.name + ".partial")
    try:
        with contextlib.closing(open_existing(source)) as reading:
            partial.unlink(missing_ok=True)
            create_private(partial)  # SQLite would make it 0644: see files.py
            with contextlib.closing(connect(partial)) as writing:
                reading.conn.backup(writing.conn)
                # The copy stands alone: no log beside it holds any of its pages.
                writing.execute("PRAGMA journal_mode = DELETE")
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
        sync_folder(target.parent)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        if isinstance(exc, BackupFailed):
            raise
        raise BackupFailed(f"cannot copy {source} to {target}: {exc}") from exc


def _set_aside_stale_log(target: Path) -> None:
    """A log left beside a database file that is gone (a WAL, its index) belongs to that
    file: SQLite would apply it to the one restored in its place. It is renamed out of the
    way (``NAME-wal.stale-TIME``), not deleted."""
    for suffix in ("-wal", "-shm"):
        log = Path(f"{target}{suffix}")
        if log.exists():
            stale = log.with_name(f"{log.name}.stale-{stamp()}")
            log.rename(stale)
            make_private(stale)  # it holds saves, and an earlier version made it 0644


def restore_database(source: str | os.PathLike, target: str | os.PathLike) -> Path | None:
    """Puts the database at ``source`` in place of ``target``; returns where the file it
    replaced was kept (None when there was none).

    The replaced file is kept first, by the backup API (a consistent copy, with whatever
    its log held), beside it (``<name>-replaced-<time>.db``). The source then goes in
    through the backup API too: one transaction on the target, so a process that has it
    open sees the old database or the new one, never a mix. Checking ``source`` first is
    the caller's part. Raises BackupFailed when either copy fails: the target is then as
    it was."""
    target = Path(target)
    kept = None
    if target.exists() and target.stat().st_size:
        kept = beside(target, "replaced")
        copy_database(target, kept)
    else:
        _set_aside_stale_log(target)
    try:
        private_database(str(target))
        with (
            contextlib.closing(open_existing(source)) as reading,
            contextlib.closing(connect(target)) as writing,
        ):
            reading.conn.backup(writing.conn)
    except sqlite3.Error as exc:
        raise BackupFailed(f"cannot restore {source} into {target}: {exc}") from exc
    return kept
