"""Whether a database file is whole: the command line's ``check``, and the check before
``restore`` (issue 31).

``check_database`` reads any file and says what is wrong with it: SQLite's own
``integrity_check`` and ``foreign_key_check``, migrations the file has not had, and every
game replayed through its engine (``game_play.progress_of``) to the points and totals
stored beside its hands. It sits above ``game_play`` and ``db``, which it reads through:
the data layer never replays a game.

Flask-free, as ``db`` and ``game_play`` are.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from .db import figures
from .db.backup import open_existing
from .db.connection import IN_MEMORY, connect, query
from .db.hands import hand_values, load_game_with_hands, seat_row_values
from .db.look_alike_names import plan
from .db.migrations import migrations
from .engine.core.game import seat_values
from .game_play import progress_of

# Problems listed one by one before the rest are only counted, so that a badly broken
# file gives a report a person can read.
SHOWN_PROBLEMS = 20


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
    upgrade: list[str] = field(default_factory=list)

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
        if self.upgrade:
            found.append("the upgrade will rename these players (nothing merged but one name):")
            found += [f"  {line}" for line in self.upgrade]
        shown = self.problems[:SHOWN_PROBLEMS]
        found += [f"problem: {problem}" for problem in shown]
        if len(self.problems) > len(shown):
            found.append(f"... and {len(self.problems) - len(shown)} more problems")
        if self.ok:
            found.append(f"ok: integrity, foreign keys, migrations; {self.replayed} games replayed")
        return found


def check_database(path: str | os.PathLike) -> Report:
    """Everything wrong with the database file at ``path``, without changing it: see the
    module's docstring. Never raises for a broken file: what breaks is a problem."""
    report = Report(str(path))
    try:
        database = open_existing(path)
    except (sqlite3.Error, OSError) as exc:
        report.problems.append(str(exc))
        return report
    try:
        _check(database, report)
    except sqlite3.Error as exc:
        report.problems.append(f"the file cannot be read as a database: {exc}")
    finally:
        database.close()
    return report


def _check(database: Database, report: Report) -> None:
    found = [row[0] for row in database.execute("PRAGMA integrity_check")]
    if found != ["ok"]:
        report.problems += [f"integrity: {line}" for line in found]
        return  # what a broken file's tables hold cannot be trusted to read
    not_ours = _not_scorekeeper(database)
    if not_ours:
        report.problems.append(f"this is not a scorekeeper database: {not_ours}")
        return
    for table, rowid, parent, _key in database.execute("PRAGMA foreign_key_check"):
        report.problems.append(
            f"foreign key: row {rowid} of {table} refers to a row of {parent} that is missing"
        )
    report.pending = [migration.name for migration in migrations.pending(database)]
    report.games = _count(database, "games")
    report.hands = _count(database, "hands")
    report.groups = _count(database, "groups") if database["groups"].exists() else 0
    if report.pending:
        report.upgrade = _names_upgrade(database, report.pending)
        return  # the game's data is read as the current schema stores it
    for problem in _replay_problems(database, report):
        report.problems.append(problem)


def _names_upgrade(database: Database, pending: list[str]) -> list[str]:
    """What the pending upgrade of players' names (m032, ``db.look_alike_names``) will do,
    worked out on a copy in memory upgraded to just before it: the dry run a host reads
    before ``serve`` upgrades the file."""
    # By its name's end: the number is its place, which a merge may move.
    names = next((m for m in pending if m.endswith("_names_that_show_nothing_or_look_alike")), "")
    if not names:
        return []
    upgraded = connect(IN_MEMORY)
    try:
        database.conn.backup(upgraded.conn)
        migrations.apply(upgraded, stop_before=names)
        return [change.line() for change in plan(upgraded)]
    except Exception as exc:  # noqa: BLE001 - an earlier upgrade that needs the file itself
        return [f"(not worked out ahead of the upgrades before it: {exc})"]
    finally:
        upgraded.close()


def _not_scorekeeper(database: Database) -> str | None:
    """Why the file is not a scorekeeper database with all its tables (None when it is):
    an empty file, another program's, one with a migration this version does not know
    (a newer version's), or one whose tables or columns are not all there for the
    migrations it records."""
    tables = set(database.table_names())
    if not tables:
        return "it has no tables (an empty file)"
    had = [migration.name for migration in migrations.applied(database)]
    if not had:
        return "it records none of scorekeeper's migrations (another program's file?)"
    known = _migration_names()
    unknown = [name for name in had if name not in known]
    if unknown:
        return (
            f"it has migrations this version does not know ({', '.join(unknown)}): "
            "a newer version wrote it"
        )
    # The tables of the migrations it had in a row from the first; any it lacks after a
    # gap are pending, and `serve` applies them. A table or column that a later migration
    # it had renamed or dropped (m020 renamed the tokens' columns) is not asked of it.
    in_a_row = next((n for n, name in enumerate(known) if name not in had), len(known))
    last = max(known.index(name) for name in had) + 1
    since = _schema_after(last)
    for table, columns in _schema_after(in_a_row).items():
        if table not in since:
            continue
        if table not in tables:
            return f"its {table} table is missing"
        present = database[table].columns_dict
        missing = [name for name in columns if name in since[table] and name not in present]
        if missing:
            return f"its {table} table has no {', '.join(missing)} column"
    return None


def _migration_names() -> list[str]:
    """Every migration of this version, in the order they run."""
    with contextlib.closing(connect(IN_MEMORY)) as empty:
        return [migration.name for migration in migrations.pending(empty)]


@functools.cache
def _schema_after(applied: int) -> dict[str, tuple[str, ...]]:
    """The tables, with their columns, that the first ``applied`` migrations make: they
    run on an empty database in memory."""
    with contextlib.closing(connect(IN_MEMORY)) as database:
        migrations.apply(database, stop_before=_migration_names()[applied : applied + 1] or None)
        return {
            table.name: tuple(table.columns_dict)
            for table in database.tables
            if not table.name.startswith("_sqlite")
        }


def _count(database: Database, table: str) -> int:
    return database.execute(f"SELECT count(*) FROM [{table}]").fetchone()[0]


def _replay_problems(database: Database, report: Report) -> Iterator[str]:
    """Every game replayed through its engine from its stored hands, against everything
    the pages read from what is stored beside them: each hand's row (its dealer, its state
    after the hand, its record and the game's flat values) and its seats' rows (points,
    running totals and the game's values per seat), the players' totals, the game's
    status, winner and count of hands, and the game's figures and statistics kept for
    its current version. Each problem names the game, the hand and what differs."""
    game_ids = [row[0] for row in database.execute("SELECT id FROM games ORDER BY id")]
    for game_id in game_ids:
        try:
            game, hands = load_game_with_hands(database, game_id)
            assert game is not None
            rules = game.table
            progress = progress_of(game, hands)
        except Exception as exc:  # noqa: BLE001 - a game that cannot be read is reported
            yield f"game {game_id}: cannot be replayed: {exc}"
            continue
        report.replayed += 1
        stored_hands = {
            row["number"]: dict(row)
            for row in query(database, "SELECT * FROM hands WHERE game_id = ?", [game_id])
        }
        stored_seats: dict[int, dict[int, dict]] = {}
        for row in query(
            database,
            "SELECT h.number, s.* FROM hands h JOIN hand_seats s ON s.hand_id = h.id "
            "WHERE h.game_id = ?",
            [game_id],
        ):
            stored_seats.setdefault(row["number"], {})[row["seat"]] = dict(row)
        for replayed in progress.hands:
            place = f"game {game_id}, hand {replayed.number}"
            held = stored_hands.get(replayed.number)
            if held is None:
                yield f"{place}: no row in hands"
                continue
            for name, value in hand_values(database, rules, replayed).items():
                if name == "state" and held.get(name) is None:
                    continue  # not stored yet: worked out when first read (store_states)
                if not _same(name, held.get(name), value):
                    yield f"{place}: stored {_differs(name, held.get(name), value)}"
            seats = stored_seats.get(replayed.number, {})
            for row in seat_row_values(database, rules, replayed):
                seat = row["seat"]
                if seat not in seats:
                    yield (
                        f"{place}, seat {seat}: stored nothing; the rules give points "
                        f"{row['points']}, total {row['total']}"
                    )
                    continue
                if (seats[seat]["points"], seats[seat]["total"]) != (row["points"], row["total"]):
                    yield (
                        f"{place}, seat {seat}: stored points {seats[seat]['points']}, total "
                        f"{seats[seat]['total']}; the rules give points {row['points']}, "
                        f"total {row['total']}"
                    )
                for name, value in row.items():
                    if name not in ("seat", "points", "total") and seats[seat].get(name) != value:
                        differs = _differs(name, seats[seat].get(name), value)
                        yield f"{place}, seat {seat}: stored {differs}"
        extra = sorted((set(stored_hands) | set(stored_seats)) - {h.number for h in progress.hands})
        if extra:
            yield f"game {game_id}: hands stored without a record the rules replay: {extra}"
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
        status, winner, count = database.execute(
            "SELECT status, winner, hand_count FROM games WHERE id = ?", [game_id]
        ).fetchone()
        if (status, count) != (progress.status, progress.next_number - 1):
            yield (
                f"game {game_id}: stored as {status} after {count} hands; the rules give "
                f"{progress.status} after {progress.next_number - 1}"
            )
        if winner != progress.winner:
            yield f"game {game_id}: stored winner {winner}; the rules give {progress.winner}"
        yield from _kept_figures_problems(database, game, hands)


def _kept_figures_problems(database: Database, game, hands) -> Iterator[str]:
    """The figures and statistics kept for the game's current version (the pages read
    them instead of replaying), against those its hands give."""
    row = database.execute(
        "SELECT figures FROM game_figures WHERE game_id = ? AND version = ? AND format = ?",
        [game.id, game.version, figures.FORMAT],
    ).fetchone()
    if row is not None:
        try:
            kept = figures.from_text(game.id, game.version, row[0])
        except (ValueError, TypeError, KeyError):
            kept = None
        if kept != figures.compute(game, hands):
            yield (
                f"game {game.id}: the figures kept for its players (game_figures) are not "
                "those its hands give"
            )
    row = database.execute(
        "SELECT stats FROM game_stats WHERE game_id = ? AND version = ? AND format = ?",
        [game.id, game.version, figures.STATS_FORMAT],
    ).fetchone()
    if row is not None:
        try:
            kept = figures._decode(json.loads(row[0]))
        except (ValueError, TypeError, KeyError):
            kept = None
        rules = game.table
        if kept != rules.figures.game_stats(figures.recorded(game, hands)):
            yield (
                f"game {game.id}: the statistics kept for it (game_stats) are not those its "
                "hands give"
            )


def _same(name: str, held: Any, value: Any) -> bool:
    """Whether a stored value is the one the rules give; JSON columns compared as what
    they hold, not as text."""
    if name in ("state", "record") and isinstance(held, str):
        try:
            return json.loads(held) == json.loads(value)
        except ValueError:
            return False
    return held == value


def _differs(name: str, held: Any, value: Any) -> str:
    """What differs in a column, as ``check`` says it: for a JSON column (the state
    after a hand), the keys that differ."""
    if name in ("state", "record") and isinstance(held, str):
        with contextlib.suppress(ValueError):
            was, given = json.loads(held), json.loads(value)
            if isinstance(was, dict) and isinstance(given, dict):
                keys = sorted(k for k in was.keys() | given.keys() if was.get(k) != given.get(k))
                return "; ".join(
                    f"{name} {key} {was.get(key)!r}, the rules give {given.get(key)!r}"
                    for key in keys
                )
    return f"{name} {held!r}; the rules give {value!r}"


def _by_seat(totals: dict[int, int]) -> str:
    return ", ".join(f"seat {seat}: {total}" for seat, total in sorted(totals.items()))
