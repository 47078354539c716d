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

import signal
import threading
import time
from pathlib import Path

import pytest

from scorekeeper.cli.hosting import replica_config
from scorekeeper.database_check import check_database
from tests.support.backup import hands_of, saving_tables, scorekeeper
from tests.support.replication import disaster, serving
from tests.support.serve_workers import children_of, free_port


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
