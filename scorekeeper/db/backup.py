"""Copies of the database file, and the checks that tell a whole copy from a broken one.

``copy_database`` takes a consistent copy with SQLite's online backup API while the server
runs and phones save: a WAL reader sees one moment of the file, and writers never wait for
it. ``check_database`` reads any file and says what is wrong with it: SQLite's own
``integrity_check`` and ``foreign_key_check``, migrations the file has not had, and every
game replayed through its engine to the points and totals stored beside its hands.
``restore_database`` puts a checked copy in place of a database, keeping the file it
replaces. Every file made here is 0600 whatever the umask (see ``files``). The command
line's ``backup``, ``check`` and ``restore`` are these, and every upgrade of an existing
file starts with ``copy_database`` (see ``connection.migrate``).

Flask-free, as the rest of ``db`` is.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from ..engine.core.game import seat_values
from ..engine.registry import table_game
from ..problems import Problem
from .files import create_private, private_database
from .migrations import migrations

# Problems listed one by one before the rest are only counted, so that a badly broken
# file gives a report a person can read.
SHOWN_PROBLEMS = 20


class BackupFailed(Problem, sqlite3.DatabaseError):
    """A copy could not be taken or stored; nothing was changed. A Problem as every error
    of the app is, and an SQLite error to whoever opens a database (``serve`` names
    ``--db``)."""


@dataclass
class Report:
    """What ``check_database`` found: the problems (empty for a whole file), the
    migrations the file has not had, and what it holds."""

    path: str
    problems: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    groups: int = 0
    games: int = 0
    hands: int = 0
    replayed: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems and not self.pending

    def holds(self) -> str:
        return ", ".join(
            f"{count} {name}{'' if count == 1 else 's'}"
            for count, name in ((self.groups, "group"), (self.games, "game"), (self.hands, "hand"))
        )

    def lines(self) -> list[str]:
        """The report as the command line prints it."""
        found = [f"{self.path}: {self.holds()}"]
        if self.pending:
            found.append(
                f"migrations not applied: {', '.join(self.pending)} "
                "(`scorekeeper serve` applies them, after a copy of the file)"
            )
        shown = self.problems[:SHOWN_PROBLEMS]
        found += [f"problem: {problem}" for problem in shown]
        if len(self.problems) > len(shown):
            found.append(f"... and {len(self.problems) - len(shown)} more problems")
        if self.ok:
            found.append(f"ok: integrity, foreign keys, migrations; {self.replayed} games replayed")
        return found


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


def _open_existing(path: str | os.PathLike) -> sqlite3.Connection:
    """``path`` opened for reading and writing, never created: a missing file is an error
    rather than a new, empty database."""
    if not Path(path).is_file():
        raise BackupFailed(f"{path}: no such file")
    return sqlite3.connect(f"file:{Path(path).resolve()}?mode=rw", uri=True, timeout=10)


def copy_database(source: str | os.PathLike, target: str | os.PathLike) -> None:
    """Copies the database at ``source`` to the new file ``target`` with SQLite's online
    backup API: one consistent moment of it, however many phones write meanwhile (in WAL
    mode the copy is one read, which writers do not wait for). The copy is written beside
    ``target``, synced to disk and then renamed: ``target`` is never a half copy.

    Raises BackupFailed, leaving nothing behind, when it cannot be made."""
    target = Path(target)
    partial = target.with_name(target.name + ".partial")
    try:
        with contextlib.closing(_open_existing(source)) as reading:
            partial.unlink(missing_ok=True)
            create_private(partial)  # SQLite would make it 0644: see files.py
            with contextlib.closing(sqlite3.connect(partial)) as writing:
                reading.backup(writing)
                # The copy stands alone: no log beside it holds any of its pages.
                writing.execute("PRAGMA journal_mode = DELETE")
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
        _sync_folder(target.parent)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        if isinstance(exc, BackupFailed):
            raise
        raise BackupFailed(f"cannot copy {source} to {target}: {exc}") from exc


def _sync_folder(folder: Path) -> None:
    """Makes a rename in ``folder`` survive a power cut (where the system allows it)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def check_database(path: str | os.PathLike) -> Report:
    """Everything wrong with the database file at ``path``, without changing it: see the
    module's docstring. Never raises for a broken file: what breaks is a problem."""
    report = Report(str(path))
    try:
        connection = _open_existing(path)
    except (sqlite3.Error, OSError) as exc:
        report.problems.append(str(exc))
        return report
    database = Database(connection, recursive_triggers=False, execute_plugins=False)
    try:
        _check(database, report)
    except sqlite3.Error as exc:
        report.problems.append(f"the file cannot be read as a database: {exc}")
    finally:
        connection.close()
    return report


def _check(database: Database, report: Report) -> None:
    found = [row[0] for row in database.execute("PRAGMA integrity_check")]
    if found != ["ok"]:
        report.problems += [f"integrity: {line}" for line in found]
        return  # what a broken file's tables hold cannot be trusted to read
    for table, rowid, parent, _key in database.execute("PRAGMA foreign_key_check"):
        report.problems.append(
            f"foreign key: row {rowid} of {table} refers to a row of {parent} that is missing"
        )
    if not database["games"].exists():
        if database.table_names():
            report.problems.append("this is not a scorekeeper database (it has no games table)")
        report.pending = [migration.name for migration in migrations.pending(database)]
        return
    report.pending = [migration.name for migration in migrations.pending(database)]
    report.games = _count(database, "games")
    report.hands = _count(database, "hands")
    report.groups = _count(database, "groups") if database["groups"].exists() else 0
    if report.pending:
        return  # the game's data is read as the current schema stores it
    for problem in _replay_problems(database, report):
        report.problems.append(problem)


def _count(database: Database, table: str) -> int:
    return database.execute(f"SELECT count(*) FROM [{table}]").fetchone()[0]


def _replay_problems(database: Database, report: Report) -> Iterator[str]:
    """Every game replayed through its engine, from its stored hands, against the points
    and totals stored for each hand and seat, the players' totals and the game's count of
    hands and status."""
    from ..game_play import progress_of
    from .hands import load_game_with_hands, seat_rows

    game_ids = [row[0] for row in database.execute("SELECT id FROM games ORDER BY id")]
    for game_id in game_ids:
        try:
            game, hands = load_game_with_hands(database, game_id)
            assert game is not None
            rules = table_game(game.game, game.players)
            progress = progress_of(game, hands)
        except Exception as exc:  # noqa: BLE001 - a game that cannot be read is reported
            yield f"game {game_id}: cannot be replayed: {exc}"
            continue
        report.replayed += 1
        stored: dict[int, dict[int, tuple[int, int]]] = {}
        for number, seat, points, total in database.execute(
            "SELECT h.number, s.seat, s.points, s.total FROM hands h "
            "JOIN hand_seats s ON s.hand_id = h.id WHERE h.game_id = ?",
            [game_id],
        ):
            stored.setdefault(number, {})[seat] = (points, total)
        for replayed in progress.hands:
            seats = stored.get(replayed.number, {})
            for seat, points, total in seat_rows(rules, replayed):
                if seats.get(seat) != (points, total):
                    held = seats.get(seat)
                    was = "nothing" if held is None else f"points {held[0]}, total {held[1]}"
                    yield (
                        f"game {game_id}, hand {replayed.number}, seat {seat}: stored "
                        f"{was}; the rules give points {points}, total {total}"
                    )
        extra = sorted(set(stored) - {h.number for h in progress.hands})
        if extra:
            yield f"game {game_id}: seats stored for hands without a record: {extra}"
        totals = {
            seat: total
            for seat, total in database.execute(
                "SELECT seat, total FROM players WHERE game_id = ?", [game_id]
            )
        }
        expected = dict(enumerate(seat_values(rules, progress.totals)))
        if totals != expected:
            yield (
                f"game {game_id}: players' totals stored {_by_seat(totals)}; "
                f"the rules give {_by_seat(expected)}"
            )
        status, count = database.execute(
            "SELECT status, hand_count FROM games WHERE id = ?", [game_id]
        ).fetchone()
        if (status, count) != (progress.status, progress.next_number - 1):
            yield (
                f"game {game_id}: stored as {status} after {count} hands; the rules give "
                f"{progress.status} after {progress.next_number - 1}"
            )


def _set_aside_stale_log(target: Path) -> None:
    """A log left beside a database file that is gone (a WAL, its index) belongs to that
    file: SQLite would apply it to the one restored in its place. It is renamed out of the
    way (``NAME-wal.stale-TIME``), not deleted."""
    for suffix in ("-wal", "-shm"):
        log = Path(f"{target}{suffix}")
        if log.exists():
            log.rename(log.with_name(f"{log.name}.stale-{stamp()}"))


def _by_seat(totals: dict[int, int]) -> str:
    return ", ".join(f"seat {seat}: {total}" for seat, total in sorted(totals.items()))


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
            contextlib.closing(_open_existing(source)) as reading,
            contextlib.closing(sqlite3.connect(target, timeout=10)) as writing,
        ):
            reading.backup(writing)
    except sqlite3.Error as exc:
        raise BackupFailed(f"cannot restore {source} into {target}: {exc}") from exc
    return kept
