"""`serve --replicate` and `restore --from-replica` (issue 31): the disaster test.

Real processes: `scorekeeper serve --replicate file:///...` with Litestream as its child,
phones saving hands over HTTP, then SIGKILL for Litestream and the server at once, the
database file and its WAL and SHM deleted, `scorekeeper restore --from-replica`, and the
server started on what came back. Every save acknowledged more than Litestream's sync
interval (plus a margin) before the kill must be there, and every game must replay to its
stored totals. benchmarks/backup.py runs the same trial ten times and counts, too, the
saves acknowledged in the last interval that were lost.
"""

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

import pytest

from scorekeeper.cli.hosting import replica_config
from scorekeeper.database_check import check_database
from tests.app.test_backup import ENV, hands_of, saving_tables, scorekeeper
from tests.app.test_serve_workers import children_of, free_port, wait_for

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


def test_a_lost_database_comes_back_from_the_replica_with_every_acknowledged_save(tmp_path):
    found = disaster(tmp_path)
    assert found["old"] >= 10, found  # saves old enough that the replica must hold them
    assert found["missing"] == 0, found
    assert found["report"].ok, found["report"].lines()
    assert found["report"].replayed == found["report"].games > 0
    assert found["healthy"] == 200


def test_replica_config_is_litestreams_own(monkeypatch):
    config = replica_config("/srv/scorekeeper.db", "s3://bucket/scorekeeper", "1s")
    assert config == {
        "dbs": [
            {
                "path": "/srv/scorekeeper.db",
                "monitor-interval": "1s",
                "replica": {"url": "s3://bucket/scorekeeper", "sync-interval": "1s"},
            }
        ]
    }
    # The log is read at least every second, however seldom it is sent.
    for interval, monitor in [("200ms", "200ms"), ("1s", "1s"), ("1.5s", "1s"), ("2m", "1s")]:
        [database] = replica_config("/srv/s.db", "file:///r", interval)["dbs"]
        assert (database["monitor-interval"], database["replica"]["sync-interval"]) == (
            monitor,
            interval,
        )
    # An SFTP replica's SSH key, which a URL cannot carry, and its host's key (issue 42).
    monkeypatch.setenv("SCOREKEEPER_REPLICA_SSH_KEY", "/etc/scorekeeper/id_ed25519")
    monkeypatch.setenv("SCOREKEEPER_REPLICA_HOST_KEY", "backup.example.org ssh-ed25519 AAAAkey")
    [database] = replica_config("/srv/s.db", "sftp://me@backup.example.org/s", "1s")["dbs"]
    assert database["replica"]["key-path"] == "/etc/scorekeeper/id_ed25519"
    assert database["replica"]["host-key"] == "ssh-ed25519 AAAAkey"
    # A password goes into the configuration (a private file), out of the URL.
    [database] = replica_config("/srv/s.db", "sftp://me:p%40ss@backup.example.org/s", "1s")["dbs"]
    assert database["replica"]["url"] == "sftp://me@backup.example.org/s"
    assert database["replica"]["password"] == "p@ss"
    [database] = replica_config("/srv/s.db", "s3://bucket/s", "1s")["dbs"]
    assert "key-path" not in database["replica"]


def test_a_bad_interval_is_refused_before_anything_starts(tmp_path):
    done = scorekeeper(
        "serve", "--db", str(tmp_path / "x.db"), "--replicate", "file:///tmp/x",
        "--replicate-interval", "soon",
    )  # fmt: skip
    assert done.returncode == 2
    assert "--replicate-interval" in done.stderr
    assert not (tmp_path / "x.db").exists()


def test_litestream_that_cannot_replicate_stops_serve_with_its_reason(tmp_path):
    done = scorekeeper(
        "serve", "--port", str(free_port()), "--db", str(tmp_path / "x.db"),
        "--replicate", "nosuch://place",
    )  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--replicate: Litestream did not start replicating" in done.stderr


def test_restore_from_an_empty_replica_says_so_and_changes_nothing(tmp_path):
    done = scorekeeper(
        "restore", "--from-replica", f"file://{tmp_path / 'none'}", "--db", str(tmp_path / "x.db")
    )
    assert done.returncode == 2
    assert "cannot restore from file://" in done.stderr
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("given", [[], ["copy.db", "--from-replica", "file:///x"]])
def test_restore_takes_a_file_or_a_replica(tmp_path, given):
    if given:
        (tmp_path / "copy.db").write_bytes(b"")
        given = [str(tmp_path / "copy.db"), *given[1:]]
    done = scorekeeper("restore", *given, "--db", str(tmp_path / "x.db"))
    assert done.returncode == 2
    assert "give the copy to restore, PATH, or --from-replica URL" in done.stderr


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_server_stopped_sends_its_last_saves_before_litestream_ends(tmp_path, stop):
    """Ctrl+C (systemd's stop, as deploy/ sets it), or SIGTERM:
    with a sync interval far longer than the test, the saves reach the replica only
    through Litestream's last sync as it stops with the server."""
    database = tmp_path / "live.db"
    replica = f"file://{tmp_path / 'replica'}"
    stopped = threading.Event()
    with serving(database, "--replicate", replica, "--replicate-interval", "10m") as (
        port,
        process,
    ):
        threads, acked, failures = saving_tables(port, 2, stopped)
        time.sleep(1.0)
        stopped.set()
        for thread in threads:
            thread.join(30)
        time.sleep(3.0)  # Litestream reads the log every second (a busy machine: later)
        [litestream] = children_of(process.pid)
        process.send_signal(stop)
        process.wait(60)
        deadline = time.monotonic() + 30
        while Path(f"/proc/{litestream}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not Path(f"/proc/{litestream}").exists(), "Litestream outlived its server"
    assert not failures, failures
    assert acked
    for suffix in ("", "-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    restored = scorekeeper("restore", "--from-replica", replica, "--db", str(database))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert {(game, number) for game, number, _at in acked} <= hands_of(database)
    assert check_database(database).ok
