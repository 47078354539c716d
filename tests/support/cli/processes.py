"""Helpers of tests/cli/test_processes.py."""

from __future__ import annotations

from scorekeeper import db, game_play
from scorekeeper.engine.israeli_whist import PRESETS, record_from_dict
from tests.games.israeli_whist.worked import WORKED_EXAMPLE

PAGAT = PRESETS["pagat-german"].with_changes({"target": 10_000})


# Two different hands, so the stored one tells which process won the race.
HANDS = [
    WORKED_EXAMPLE,
    {"declarer": 0, "bid": "5S", "contracts": [5, 1, 3, 3], "tricks": [5, 0, 4, 4]},
]


ROUNDS = 12


def racer(path: str, game_id: int, which: int, barrier, results) -> None:
    """One server process: its own connection, saving hand n of the game in every round,
    released together with the other process; reports what it was told."""
    database = db.connect(path)
    record = record_from_dict(PAGAT, HANDS[which])
    told = []
    try:
        for number in range(1, ROUNDS + 1):
            barrier.wait(timeout=60)
            try:
                stored, _progress, revision = game_play.add_hand(database, game_id, record, number)
            except db.Conflict as exc:
                told.append((number, "conflict", exc.message, exc.field))
            else:
                told.append((number, "stored", stored, revision))
    finally:
        database.close()
        results.put((which, told))


def holder(path: str, inside, release) -> None:
    """Another server process in the middle of a write: it holds ``writing`` until told."""
    database = db.connect(path)
    try:
        with db.connection.writing(database):
            inside.set()
            release.wait(timeout=60)
    finally:
        database.close()


def migrator(path: str, barrier, results) -> None:
    """A server process starting on ``path``: it opens (and so migrates) the file the moment
    the other process does; reports what it got, an error's text or the schema it saw."""
    barrier.wait(timeout=60)
    try:
        database = db.migrate(path)
    except Exception as exc:  # noqa: BLE001 - the error is what the test reports
        results.put(f"{type(exc).__name__}: {exc}")
        return
    try:
        results.put(sorted(m.name for m in db.migrations.applied(database)))
    finally:
        database.close()
