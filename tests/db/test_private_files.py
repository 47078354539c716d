"""Every file the project makes that holds a group's data is 0600, every folder it makes
for them 0700, whatever the umask it is started with (issue 42, finding 3).

The real command line in processes of their own, each started under the umask of a
careless host (022, the usual one, and 000): `serve` with its Litestream replica while a
phone saves, `backup`, `restore` and the copy it keeps, `export`, and the instance folder
the app makes for its database and key.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import db
from tests.support.backup import ENV, V4
from tests.support.db.private_files import mode, open_to_others, scorekeeper
from tests.support.private_files import save_until
from tests.support.replication import call_health
from tests.support.serve_workers import free_port, wait_for

UMASKS = pytest.mark.parametrize("umask", [0o022, 0o000], ids=["umask022", "umask000"])


@UMASKS
def test_serve_and_its_replica_make_every_file_private(tmp_path, umask):
    """The database, its -wal and -shm while the server runs, the folder made for it,
    Litestream's own files beside it and the replica's files."""
    port = free_port()
    data = tmp_path / "made" / "data"
    replica = tmp_path / "replica"
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(data / "live.db"), "--replicate", f"file://{replica}"]
        + ["--replicate-interval", "100ms"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
        umask=umask,
    )
    try:
        wait_for(port, server)
        assert call_health(port) == 200
        acked, failures = save_until(port, lambda: any(replica.rglob("*.ltx")))
        assert acked and not failures, failures
        for suffix in ("-wal", "-shm"):
            assert Path(f"{data / 'live.db'}{suffix}").exists()
        assert any(replica.rglob("*.ltx")), "nothing was replicated"
        during = {**open_to_others(tmp_path / "made"), **open_to_others(replica)}
    finally:
        server.terminate()
        log = server.communicate(timeout=60)[0]
    assert during == {}, log
    assert open_to_others(tmp_path / "made") == {}
    assert open_to_others(replica) == {}


@UMASKS
def test_backup_restore_and_export_make_every_file_private(tmp_path, umask):
    live = tmp_path / "live.db"
    shutil.copyfile(V4, live)
    db.open_database(str(live)).close()
    os.chmod(live, 0o644)  # as an earlier version left it
    copies = tmp_path / "copies"
    copies.mkdir(mode=0o700)
    scorekeeper(umask, "backup", str(copies), "--db", str(live))
    scorekeeper(umask, "backup", str(copies / "named.db"), "--db", str(live))
    [dated] = copies.glob("live-backup-*.db")
    restored = tmp_path / "new" / "place" / "restored.db"
    scorekeeper(umask, "restore", str(dated), "--db", str(restored))
    scorekeeper(umask, "restore", str(copies / "named.db"), "--db", str(restored), "--force")
    [kept] = restored.parent.glob("restored-replaced-*.db")
    for file_format in ("json", "csv"):
        scorekeeper(
            umask,
            "export",
            "--format",
            file_format,
            "-o",
            str(copies / f"all.{file_format}"),
            "--db",
            str(live),
        )
        scorekeeper(
            umask,
            "export",
            "--group",
            "1",
            "--format",
            file_format,
            "-o",
            str(copies / f"group.{file_format}"),
            "--db",
            str(live),
        )
    assert kept.is_file() and (copies / "group.csv").is_file()
    # export opened the earlier version's file: it is the server's own now.
    assert mode(live) == "0o600"
    assert open_to_others(copies) == {}
    assert open_to_others(tmp_path / "new") == {}


@UMASKS
def test_the_instance_folder_and_its_files_are_private(tmp_path, umask):
    """The folder Flask finds for the app's data, with the database and the session key
    the app writes there when it is given neither."""
    instance = tmp_path / "var" / "scorekeeper-instance"
    program = (
        "import flask, sys\n"
        "flask.Flask.auto_find_instance_path = lambda self: sys.argv[1]\n"
        "from scorekeeper.web import create_app\n"
        "create_app()\n"
    )
    env = {
        name: value
        for name, value in ENV.items()
        if name not in ("SCOREKEEPER_SECRET_KEY", "SCOREKEEPER_DATABASE")
    }
    done = subprocess.run(
        [sys.executable, "-c", program, str(instance)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
        umask=umask,
    )
    assert done.returncode == 0, done.stderr
    assert {path.name for path in instance.iterdir()} >= {"scorekeeper.db", "secret_key"}
    assert open_to_others(tmp_path / "var") == {}


def test_an_earlier_versions_database_and_its_logs_are_made_private(tmp_path):
    live = tmp_path / "live.db"
    shutil.copyfile(V4, live)
    for log in ("-wal", "-shm"):
        Path(f"{live}{log}").write_bytes(b"")
    for path in tmp_path.iterdir():
        os.chmod(path, 0o644)
    db.open_database(str(live)).close()
    # The upgrade also makes the links' secret beside the database: a folder, 0700.
    assert {path.name: mode(path) for path in tmp_path.iterdir()} == {
        path.name: "0o700" if path.is_dir() else "0o600" for path in tmp_path.iterdir()
    }
    assert (tmp_path / "live.db-secrets").is_dir()


def test_the_log_restore_sets_aside_is_made_private(tmp_path):
    """A WAL left by a lost database file (made 0644 by an earlier version) holds saves:
    set aside by `restore`, it is the server's user's alone."""
    whole = tmp_path / "whole.db"
    shutil.copyfile(V4, whole)
    db.open_database(str(whole)).close()
    lost = tmp_path / "data" / "lost.db"
    lost.parent.mkdir()
    log = Path(f"{lost}-wal")
    log.write_bytes(b"saves of the lost file")
    os.chmod(log, 0o644)
    scorekeeper(0o022, "restore", str(whole), "--db", str(lost))
    [stale] = lost.parent.glob("lost.db-wal.stale-*")
    assert mode(stale) == mode(lost) == "0o600"
