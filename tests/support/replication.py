"""Helpers of tests/transfer/test_replication.py, which other tests use too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorekeeper.database_check import check_database
from tests.support.backup import ENV, hands_of, saving_tables, scorekeeper
from tests.support.serve_workers import children_of, free_port, wait_for

INTERVAL = "200ms"


# Acknowledged this long before the kill, a save must be in the replica: two intervals
# (Litestream's look at the log, then its send) and a margin for a busy machine.
SAFE_AFTER = 1.5


@contextmanager
def serving(database: Path, *more: str) -> Iterator[tuple[int, subprocess.Popen]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(database), *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
        # Ctrl+C reaches it as in a terminal or under systemd, even when this runs in a
        # background job (which ignores SIGINT, and a child inherits that).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        wait_for(port, process)
        # Listening begins before the app and Litestream start: a request waits for them.
        assert call_health(port) == 200
        yield port, process
    finally:
        if process.poll() is None:
            process.terminate()
        process.communicate(timeout=60)


def kill_server_and_replication(process: subprocess.Popen) -> None:
    """SIGKILL for Litestream and the server in the same moment, as a machine lost would
    end them: no last sync."""
    for pid in [*children_of(process.pid), process.pid]:
        os.kill(pid, signal.SIGKILL)
    process.wait(30)


def disaster(
    tmp_path: Path,
    saving_for: float = 3.0,
    tables: int = 3,
    interval: str = INTERVAL,
    safe_after: float = SAFE_AFTER,
) -> dict:
    """One trial: ``tables`` phones save for ``saving_for`` seconds, then the kill, with
    Litestream syncing every ``interval``. Returns what it counted; ``missing`` counts the
    saves acknowledged more than ``safe_after`` seconds before the kill that were lost."""
    database = tmp_path / "live.db"
    replica = f"file://{tmp_path / 'replica'}"
    stop = threading.Event()
    with serving(database, "--replicate", replica, "--replicate-interval", interval) as (
        port,
        process,
    ):
        litestream = children_of(process.pid)
        assert len(litestream) == 1, "Litestream is not running beside the server"
        threads, acked, failures = saving_tables(port, tables, stop)
        time.sleep(saving_for)
        killed = time.monotonic()
        kill_server_and_replication(process)
        stop.set()
        for thread in threads:
            thread.join(30)
        log = process.stdout.read()
    assert "Replicating every save to" in log, log
    assert "litestream: " in log, log  # its output is in the server's log
    assert not [f for f in failures if "201" in f], failures
    for suffix in ("", "-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)

    restored = scorekeeper("restore", "--from-replica", replica, "--db", str(database))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    kept = hands_of(database)
    lost = [killed - at for game, number, at in acked if (game, number) not in kept]
    old = {(game, number) for game, number, at in acked if at < killed - safe_after}
    recent = {(game, number) for game, number, at in acked if at >= killed - safe_after}
    report = check_database(database)
    with serving(database) as (port, _process):
        healthy = call_health(port)
    return {
        "acked": len(old) + len(recent),
        "old": len(old),
        "missing": len(old - kept),
        "missing_recent": len(recent - kept),
        # How long before the kill the oldest lost save was acknowledged, in seconds.
        "lost_window": max(lost, default=0.0),
        "report": report,
        "healthy": healthy,
    }


def call_health(port: int) -> int:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status
    finally:
        connection.close()
