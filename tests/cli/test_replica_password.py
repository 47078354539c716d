"""A replica's password is never taken from the command line (issue 54, finding 10): every
user of the machine reads a process's words in /proc/<pid>/cmdline, so `serve --replicate`
and `restore --from-replica` refuse a URL holding one there, naming the option and saying
where it belongs; the same URL in $SCOREKEEPER_REPLICA is taken. The real command line, in
a process of its own."""

from __future__ import annotations

import pytest

from tests.support.cli.replica_password import CLEAN, run
from tests.support.serve_workers import free_port

PASSWORD = "s3cret-Pa55"  # noqa: S105 - no server has it
URLS = [
    f"sftp://keeper:{PASSWORD}@backup.example.org/replica",
    f"sftp://keeper:{PASSWORD}@127.0.0.1:2222/replica",
    f"s3://AKIDEXAMPLE:{PASSWORD}@bucket/replica",
]


@pytest.mark.parametrize("url", URLS)
def test_serve_refuses_a_password_on_the_command_line_and_says_where_it_goes(tmp_path, url):
    database = tmp_path / "live.db"
    done = run("serve", "--port", str(free_port()), "--db", str(database), "--replicate", url)
    assert done.returncode == 2, done.stdout + done.stderr
    said = " ".join(done.stderr.split())
    assert "--replicate: " in said, said
    assert "holds a password" in said and "/proc/<pid>/cmdline" in said, said
    assert "SCOREKEEPER_REPLICA" in said, said
    assert "Traceback" not in done.stderr
    assert PASSWORD not in done.stdout + done.stderr  # not even when refusing it
    assert not database.exists()  # refused before anything started


@pytest.mark.parametrize("url", URLS)
def test_restore_refuses_a_password_on_the_command_line(tmp_path, url):
    database = tmp_path / "back.db"
    done = run("restore", "--from-replica", url, "--db", str(database))
    assert done.returncode == 2, done.stdout + done.stderr
    said = " ".join(done.stderr.split())
    assert "--from-replica: " in said and "holds a password" in said, said
    assert "SCOREKEEPER_REPLICA" in said, said
    assert PASSWORD not in done.stdout + done.stderr
    assert not database.exists()


def test_the_same_url_in_the_environment_is_taken(tmp_path):
    """From $SCOREKEEPER_REPLICA the password is no refusal: `serve` goes on to its next
    check (this sftp:// replica has no host key, which it then asks for)."""
    env = {**CLEAN, "SCOREKEEPER_REPLICA": URLS[0]}
    done = run("serve", "--port", str(free_port()), "--db", str(tmp_path / "x.db"), env=env)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "holds a password" not in done.stderr
    assert "--replicate: an sftp:// replica needs the host's key" in done.stderr
    back = run("restore", "--from-replica", "--db", str(tmp_path / "y.db"), env=env)
    assert back.returncode == 2, back.stdout + back.stderr
    assert "holds a password" not in back.stderr
    assert "--from-replica: an sftp:// replica needs the host's key" in back.stderr


def test_a_url_without_a_password_on_the_command_line_is_no_refusal(tmp_path):
    done = run(
        "serve", "--port", str(free_port()), "--db", str(tmp_path / "x.db"),
        "--replicate", "sftp://keeper@backup.example.org/replica",
    )  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    assert "holds a password" not in done.stderr
    assert "needs the host's key" in done.stderr
