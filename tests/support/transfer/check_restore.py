"""Helpers of tests/transfer/test_check_restore.py."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from scorekeeper import db
from scorekeeper.db import figures
from scorekeeper.engine.registry import GAMES
from scorekeeper.game_play import add_hand, delete_last_hand, replace_hand
from tests.support.backup import V4, write
from tests.support.play import long_settings, records

PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal")


def played(path: Path, keys=tuple(GAMES)) -> dict[str, int]:
    """A database holding one game of each of ``keys`` played through the app's write
    path; returns each game's id."""
    database = db.open_database(str(path))
    group, _invite = db.create_group(database, "Table")
    ids = {}
    for number, key in enumerate(keys):
        game = GAMES[key]
        settings = long_settings(game, 8)
        players, rules = PLAYERS[: game.seats], game  # registered at its default count
        game_id, _key = db.create_game(
            database,
            players,
            game.default_preset,
            settings,
            0,
            game=key,
            group_id=group.id,
        )
        ids[key] = game_id
        for record in records(rules, settings, 6, seed=number, first_dealer=0):
            add_hand(database, game_id, record)
        stored = db.load_game(database, game_id)
        if stored.hand_count >= 3:
            # Another first hand (of another game dealt first by the same seat).
            [other] = records(rules, settings, 1, seed=number + 100, first_dealer=0)
            replace_hand(database, game_id, 1, other)
            delete_last_hand(database, game_id, db.load_game(database, game_id).hand_count)
        stored = db.load_game(database, game_id)
        figures.game_figures(database, [game_id])
        figures.game_stats(database, stored)
    database.close()
    return ids


def hand_of(path: Path, game_id: int, number: int) -> str:
    return f"(SELECT id FROM hands WHERE game_id = {game_id} AND number = {number})"


def altered_state(path: Path, game_id: int, number: int, key: str) -> None:
    with sqlite3.connect(path) as reading:
        [text] = reading.execute(
            "SELECT state FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
        ).fetchone()
    reading.close()
    state = json.loads(text)
    was = state[key]
    state[key] = [value + 10 for value in was] if isinstance(was, list) else (was + 1) % 4
    write(
        path,
        f"UPDATE hands SET state = '{json.dumps(state, sort_keys=True)}' "
        f"WHERE game_id = {game_id} AND number = {number}",
    )


def empty_sqlite(path: Path) -> None:
    sqlite3.connect(path).close()
    with sqlite3.connect(path) as making:
        making.execute("PRAGMA user_version = 1")  # a header, and no table
    making.close()


def another_apps(path: Path) -> None:
    with sqlite3.connect(path) as making:
        making.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")
        making.execute("INSERT INTO games (title) VALUES ('chess')")
    making.close()


def without(table: str):
    def make(path: Path) -> None:
        shutil.copyfile(V4, path)
        db.open_database(str(path)).close()
        write(path, f"DROP TABLE {table}")

    return make


def without_column(path: Path) -> None:
    shutil.copyfile(V4, path)
    db.open_database(str(path)).close()
    write(path, "ALTER TABLE hands DROP COLUMN state")


def newer(path: Path) -> None:
    shutil.copyfile(V4, path)
    db.open_database(str(path)).close()
    write(
        path,
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
        "VALUES ('scorekeeper', 'm999_from_the_future', '2030-01-01')",
    )


def old_without(table: str):
    def make(path: Path) -> None:
        shutil.copyfile(V4, path)  # version 4: migrations pending
        write(path, f"DROP TABLE {table}")

    return make
