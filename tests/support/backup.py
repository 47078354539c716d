"""Helpers of tests/transfer/test_backup.py, which other tests use too."""

from __future__ import annotations

import http.client
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.games.israeli_whist.worked import WORKED_EXAMPLE as HAND
from tests.support.serve_workers import call

FIXTURES = Path(__file__).parents[1] / "fixtures"


V4 = FIXTURES / "scorekeeper-v4.db"


ENV = {**os.environ, "SCOREKEEPER_SECRET_KEY": "test"}


def scorekeeper(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The real command line, in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=timeout,
        check=False,
    )


def write(path: Path, *statements: str) -> None:
    """Changes the file behind the app's back, foreign keys unenforced, as damage would."""
    with sqlite3.connect(path) as damaging:
        damaging.execute("PRAGMA foreign_keys = OFF")
        for statement in statements:
            damaging.execute(statement)
    damaging.close()


def hands_of(path: Path) -> set[tuple[int, int]]:
    with sqlite3.connect(path) as reading:
        found = set(reading.execute("SELECT game_id, number FROM hands"))
    reading.close()
    return found


def saving_tables(port: int, tables: int, stop: threading.Event) -> tuple[list, list, list]:
    """Threads, one per table, each saving hands of its own game until ``stop``; each
    acknowledged save goes into the list returned as (game id, hand number, time acked)."""
    acked: list[tuple[int, int, float]] = []
    failures: list[str] = []

    def table() -> None:
        game = {"players": list("ABCD"), "target": 100_000}
        status, made = call(port, "POST", "/api/games", game)
        if status != 201:
            failures.append(f"create: {status} {made}")
            return
        path = f"/api/games/{made['id']}/hands"
        while not stop.is_set():
            try:
                status, body = call(port, "POST", path, HAND, made["edit_key"])
            except (OSError, http.client.HTTPException) as exc:  # the server gone mid-answer
                failures.append(repr(exc))
                return
            if status != 201:
                failures.append(f"{status} {body}")
                return
            acked.append((made["id"], body["number"], time.monotonic()))

    threads = [threading.Thread(target=table, daemon=True) for _ in range(tables)]
    for thread in threads:
        thread.start()
    return threads, acked, failures
