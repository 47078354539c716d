"""`serve --replicate sftp://...` over a real SFTP server (issue 42, finding 5): the saves
go only to the host whose key the host gave; `serve` refuses an sftp:// replica without
one, saying how to give it; and the password is in no command line and no log.

The SFTP server is AsyncSSH's (``tests/support/sftp_server.py``) on the loopback, with a host key
of its own and a password; `scorekeeper serve` and Litestream are the real ones.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.backup import ENV
from tests.support.private_files import save_until
from tests.support.replication import call_health
from tests.support.serve_workers import children_of, free_port, wait_for
from tests.support.transfer.sftp_replica import command_line, sent, serve, settled

asyncssh = pytest.importorskip("asyncssh", reason="the SFTP tests need asyncssh (test extra)")

PASSWORD = "s3cret-Pa55"  # noqa: S105 - the test server's own


@pytest.fixture
def sftp(tmp_path):
    """A running SFTP server: yields (port, its files' folder, its host key, another key)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    key.write_private_key(tmp_path / "host_key")
    other = asyncssh.generate_private_key("ssh-ed25519")
    root = tmp_path / "sftp"
    root.mkdir()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.support.sftp_server", str(port), str(root)]
        + [str(tmp_path / "host_key"), "keeper", PASSWORD],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert server.stdout.readline().strip() == "listening"
        public = key.export_public_key("openssh").decode().split()
        wrong = other.export_public_key("openssh").decode().split()
        yield port, root, " ".join(public[:2]), " ".join(wrong[:2])
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_replicas_go_to_the_host_with_its_key_and_no_password_shows(tmp_path, sftp):
    port, root, host_key, _wrong = sftp
    url = f"sftp://keeper:{PASSWORD}@127.0.0.1:{port}/replica"
    env = {**ENV, "SCOREKEEPER_REPLICA": url, "SCOREKEEPER_REPLICA_HOST_KEY": host_key}
    server = serve(tmp_path, env)
    try:
        wait_for(server.port, server)
        assert call_health(server.port) == 200
        children = children_of(server.pid)
        lines = {pid: command_line(pid) for pid in [server.pid, *children]}
        acked, failures = save_until(server.port, lambda: any(root.rglob("*.ltx")))
        sent = list(root.rglob("*.ltx"))
    finally:
        server.terminate()
        log = server.communicate(timeout=60)[0]
    assert acked and not failures, failures
    assert sent, log  # the saves reached the host
    assert len(lines) == 2 and any("litestream" in line for line in lines.values()), lines
    assert not [line for line in lines.values() if PASSWORD in line], lines
    assert PASSWORD not in log, log
    assert f"Replicating every save to sftp://keeper:***@127.0.0.1:{port}/replica" in log, log
    assert "host key not verified" not in log, log


def test_a_host_that_shows_another_key_gets_nothing_and_serve_says_why(tmp_path, sftp):
    port, root, _host_key, wrong = sftp
    url = f"sftp://keeper:{PASSWORD}@127.0.0.1:{port}/replica"
    env = {**ENV, "SCOREKEEPER_REPLICA": url, "SCOREKEEPER_REPLICA_HOST_KEY": wrong}
    server = serve(tmp_path, env)
    log = server.communicate(timeout=90)[0]
    assert server.returncode == 2, log
    assert "--replicate: Litestream did not start replicating" in log
    assert "host key mismatch" in log
    assert PASSWORD not in log
    assert list(root.rglob("*")) == []


@pytest.mark.parametrize("given", ["environment", "command line"])
def test_serve_refuses_an_sftp_replica_without_the_hosts_key(tmp_path, given):
    url = f"sftp://keeper:{PASSWORD}@backup.example.org/replica"
    env = {name: value for name, value in ENV.items() if "REPLICA" not in name}
    more: tuple[str, ...] = ()
    if given == "environment":
        env["SCOREKEEPER_REPLICA"] = url
    else:  # without its password, which the command line never takes
        more = ("--replicate", url.replace(f":{PASSWORD}@", "@"))
    server = serve(tmp_path, env, *more)
    log = server.communicate(timeout=60)[0]
    assert server.returncode == 2, log
    assert "--replicate: an sftp:// replica needs the host's key" in log
    assert "SCOREKEEPER_REPLICA_HOST_KEY" in log and "ssh-keyscan" in log
    assert PASSWORD not in log
    assert not (tmp_path / "live.db").exists()


def test_restore_from_an_sftp_replica_takes_the_url_from_the_environment(tmp_path, sftp):
    """What `serve` sent, brought back by `restore --from-replica` alone: the URL and its
    password from the environment, the host checked by its key."""
    port, root, host_key, _wrong = sftp
    url = f"sftp://keeper:{PASSWORD}@127.0.0.1:{port}/replica"
    env = {**ENV, "SCOREKEEPER_REPLICA": url, "SCOREKEEPER_REPLICA_HOST_KEY": host_key}
    server = serve(tmp_path, env)
    began = time.monotonic()
    try:
        wait_for(server.port, server)
        # Saves go on for a second and a half at least, and until the host holds some.
        acked, failures = save_until(
            server.port, lambda: time.monotonic() - began > 1.5 and sent(root)
        )
        settled(root)  # the replica has caught up: this test is about restoring it
    finally:
        server.terminate()
        log = server.communicate(timeout=60)[0]
    assert acked and not failures, log
    assert sent(root), log
    back = tmp_path / "back.db"
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "restore", "--from-replica"]
        + ["--db", str(back)],
        capture_output=True,
        text=True,
        env={**env, "SCOREKEEPER_DATABASE": str(back)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr + log
    assert PASSWORD not in done.stdout + done.stderr
    assert f"1 game, {len(acked)} hand" in done.stdout
    assert oct(os.stat(back).st_mode & 0o777) == "0o600"
