"""The lock files beside the database (``<database>-locks/``: the heavy-work slots and the
rate tables' locks) kept as a careful daemon keeps them (issue 66), against the real
``serve`` on its real port: a folder left open by a host, a symbolic link planted for a
lock file, a process stopped while it holds a lock, a careless umask.

Before: a folder made 0777 beforehand stayed 0777; with ``heavy-0`` or
``rates-game-0`` a symbolic link, an export and a new game answered 500 with a
traceback; while a stopped process held the groups' rate lock, new groups from one
address went through uncounted after a second's wait (the limit failed open).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.web import throttle
from tests.support.db.lock_files import mode
from tests.support.serve_workers import answer
from tests.support.served_log import refused, serving

LOCKS = ("heavy-0", "waiting-0", "rates-group-0", "rates-game-0")
# A process that holds a lock file until killed, saying when it does.
HOLDER = (
    "import fcntl, os, sys, time\n"
    "fd = os.open(sys.argv[1], os.O_RDONLY | os.O_CREAT, 0o600)\n"
    "fcntl.flock(fd, fcntl.LOCK_EX)\n"
    "print('held', flush=True)\n"
    "time.sleep(600)\n"
)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``serve`` under umask 000, its lock folder made 0777 beforehand; the modes of the
    folder and its files once it answers."""
    database = tmp_path_factory.mktemp("locks") / "locks.db"
    folder = Path(f"{database}-locks")
    folder.mkdir()
    folder.chmod(0o777)
    (folder / "heavy-0").touch()
    (folder / "heavy-0").chmod(0o666)
    with serving(database, umask=0) as server:
        modes = {path.name: mode(path) for path in folder.iterdir()} | {"": mode(folder)}
        yield server, folder, modes
        said = server.said()
    assert "Traceback" not in said, said


def test_the_folder_and_its_files_are_the_servers_alone_whatever_was_there(served):
    _server, _folder, modes = served
    assert modes.pop("") == 0o700
    assert set(LOCKS) <= set(modes)
    assert modes == dict.fromkeys(modes, 0o600)


def test_a_planted_link_is_refused_with_503_and_logged_once_naming_it(served, tmp_path):
    server, folder, _modes = served
    target = tmp_path / "elsewhere"
    target.write_text("")
    for name in ("heavy-0", "rates-game-0"):
        (folder / name).unlink(missing_ok=True)
        (folder / name).symlink_to(target)
    try:
        for _ in range(2):
            export = answer(server.port, "GET", "/export.json")
            game = answer(server.port, "POST", "/api/games", {"players": list("ABCD")})
            for refusal in (export, game):
                assert refusal.status == 503, refusal
                assert int(refusal.headers["Retry-After"]) > 0
        assert "try again" in game.body["error"].lower()
    finally:
        for name in ("heavy-0", "rates-game-0"):
            (folder / name).unlink()
    said = server.said()
    for name in ("heavy-0", "rates-game-0"):
        lines = [line for line in said.splitlines() if str(folder / name) in line]
        assert len(lines) == 1, said
        assert "symbolic link" in lines[0]
    assert target.read_text() == ""
    # The link gone, the server makes the file again and goes on.
    assert answer(server.port, "GET", "/export.json").status == 404  # no group here
    assert answer(server.port, "POST", "/api/games", {"players": list("ABCD")}).status == 201
    assert mode(folder / "heavy-0") == mode(folder / "rates-game-0") == 0o600


def test_a_stopped_process_holding_the_rate_lock_lets_nothing_through(served):
    server, folder, _modes = served
    lock = folder / "rates-group-0"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline() == "held\n"
        os.kill(holder.pid, signal.SIGSTOP)
        burst = throttle.RATES["group"].burst
        tries = [answer(server.port, "POST", "/api/groups", {}) for _ in range(burst + 1)]
    finally:
        holder.kill()
        holder.wait(10)
        holder.stdout.close()
    assert [a.status for a in tries] == [503] * (burst + 1), tries
    assert all(int(a.headers["Retry-After"]) > 0 for a in tries)
    lines = [line for line in server.said().splitlines() if str(lock) in line]
    assert len(lines) == 1 and "held for more than" in lines[0], lines
    # Let go (the holder killed): counted again.
    assert answer(server.port, "POST", "/api/groups", {}).status == 201


@pytest.mark.parametrize("planted", ["folder link", "folder file", "lock link", "lock fifo"])
def test_the_server_does_not_start_on_lock_files_it_cannot_keep(tmp_path, planted):
    database = tmp_path / "start.db"
    folder = Path(f"{database}-locks")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if planted == "folder link":
        folder.symlink_to(elsewhere)
        named = folder
    elif planted == "folder file":
        folder.write_text("")
        named = folder
    elif planted == "lock link":
        folder.mkdir(mode=0o700)
        (folder / "heavy-0").symlink_to(elsewhere / "target")
        named = folder / "heavy-0"
    else:  # opened to read, a FIFO would hold the start until something wrote to it
        folder.mkdir(mode=0o700)
        os.mkfifo(folder / "rates-game-0")
        named = folder / "rates-game-0"
    status, said = refused(database)
    assert status != 0, said
    assert str(named) in said and "remove" in said, said
    assert "Traceback" not in said, said
    assert list(elsewhere.iterdir()) == []  # nothing made through the link
