"""Files and folders that hold a group's data, readable by the server's own user only,
whatever the umask (issue 42): the database and the log SQLite keeps beside it, copies of
it, exports, and the folders made for them.

A copy of the database holds every group's games and names; anyone on the machine who can
read it reads them. SQLite creates a new database file 0644 whatever the umask (and its
``-wal`` and ``-shm`` with the mode of the database file), so a database file is created
here first, empty and 0600, for SQLite to open; its logs then follow it. A file made by an
earlier version is narrowed to 0600 when the app opens it.

The folders a server keeps its own files in (its lock files, its secrets) are checked as
a careful daemon checks them when it starts (``own_folder``): never a symbolic link or
another user's, and narrowed to 0700 if a host widened them.

Flask-free, as the rest of ``db`` is.
"""

from __future__ import annotations

import contextlib
import os
import stat
import weakref
from pathlib import Path

from sqlite_utils import Database

from ..problems import CannotStart

PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
# What SQLite keeps beside a database file while it is open (and may leave after a crash).
LOGS = ("-wal", "-shm", "-journal")


def private_folder(path: str | os.PathLike) -> Path:
    """The folder ``path``, made with any missing parents, each made 0700 (an existing
    folder is left as its owner set it). Raises OSError when one cannot be made."""
    folder = Path(path)
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another process
            made.mkdir(mode=PRIVATE_FOLDER)
            os.chmod(made, PRIVATE_FOLDER)  # the umask narrows mkdir's mode; never widens it
    return Path(path)


def own_folder(path: str | os.PathLike, holds: str, field: str = "--db") -> Path:
    """The folder ``path``, this user's alone: made 0700 (with any missing parents) when
    missing, narrowed to 0700 when wider. Raises CannotStart naming it, and saying that
    it ``holds`` (the server's lock files, its secrets), when it is a symbolic link or
    not a folder, belongs to another user, or cannot be made or narrowed. Opened without
    following a link, and narrowed through what was opened: a folder swapped for a link
    meanwhile is refused, never followed."""
    folder = Path(path)
    try:
        private_folder(folder)
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as exc:
        if os.path.islink(folder):
            why = "is a symbolic link"
        elif folder.exists() and not folder.is_dir():
            why = "is not a folder"
        else:
            why = f"cannot be made: {exc.strerror or exc}"
        raise CannotStart(
            f"{folder} {why}; it {holds}, in a folder of the server's own (0700): remove "
            "what is there and start again (the server makes it)",
            field,
        ) from None
    try:
        found = os.fstat(descriptor)
        if found.st_uid != os.geteuid():
            raise CannotStart(
                f"{folder} belongs to another user (uid {found.st_uid}); it {holds}: give "
                f"it to the user the server runs as (chown), or remove it",
                field,
            )
        if stat.S_IMODE(found.st_mode) != PRIVATE_FOLDER:
            try:
                os.fchmod(descriptor, PRIVATE_FOLDER)
            except OSError as exc:
                raise CannotStart(
                    f"{folder} cannot be made private (0700): {exc.strerror or exc}; it {holds}",
                    field,
                ) from None
    finally:
        os.close(descriptor)
    return folder


def create_private(path: str | os.PathLike) -> None:
    """A new, empty file at ``path``, 0600, for SQLite or a writer to open; an existing
    file is made private instead (see :func:`make_private`)."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        make_private(path)
        return
    try:
        os.fchmod(descriptor, PRIVATE_FILE)
    finally:
        os.close(descriptor)


def make_private(path: str | os.PathLike) -> None:
    """Takes any reading or writing by group or others off the file ``path``, and off the
    logs SQLite keeps beside it. A file this user does not own, or that is gone, is left
    as it is: its owner decides."""
    for name in (str(path), *(f"{path}{log}" for log in LOGS)):
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(os.stat(name).st_mode)
            if mode & 0o077:
                os.chmod(name, mode & ~0o077)


def private_database(path: str) -> None:
    """Makes ready the database file ``path`` before SQLite opens it: its folder, made
    0700 if missing, and the file, created 0600 if missing or made private if not. Nothing
    for a database in memory or named by a URI."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    # A folder or file this user may not make: SQLite's own error then says so, as before.
    with contextlib.suppress(OSError):
        private_folder(Path(path).parent)
        create_private(path)


def open_private(path: str | os.PathLike, mode: str = "w", **options):
    """``open(path, mode)`` for writing a new file that holds a group's data: created 0600
    (or truncated and made private when it exists)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    try:
        os.fchmod(descriptor, PRIVATE_FILE)
        return os.fdopen(descriptor, mode, **options)
    except BaseException:
        os.close(descriptor)
        raise


def sync_folder(folder: Path) -> None:
    """Makes the entries of ``folder`` (a file made, renamed or removed) survive a power
    cut, where the system allows it."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


# The file of each connection asked: asked once a connection, not once a game read (a
# group's export reads its games one by one, each keyed by the file).
_PATH_OF: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()


def database_path(db: Database) -> str:
    """The file the connection reads ("" in memory), to key what a process keeps of one
    database apart from another's with the same ids (a test's, a restored backup)."""
    path = _PATH_OF.get(db)
    if path is None:
        path = _PATH_OF[db] = db.execute("PRAGMA database_list").fetchone()[2]
    return path
