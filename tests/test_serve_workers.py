"""`scorekeeper serve --workers N`: several processes on one port and one database file.

The real command runs in a child process. Every request goes on a new connection, so the
kernel hands them to whichever worker accepts first; the game must come out whole, and
stopping the server must stop every worker.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import WORKED_EXAMPLE as HAND


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # The parent pid is the second field after the command, which is in brackets.
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def call(port: int, method: str, path: str, body=None, key: str | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def wait_for(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"serve stopped: {process.stdout.read()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("serve did not start listening")


def sockets_of(pid: int) -> int:
    """How many sockets the process holds open (its listening socket and its connections)."""
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            count += os.readlink(fd).startswith("socket:")
    return count


def start_workers(tmp_path, port: int) -> tuple[subprocess.Popen, list[int]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--workers", "2", "--db", str(tmp_path / "workers.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
    )
    wait_for(port, process)
    deadline = time.monotonic() + 30  # listening starts before the workers are forked
    while len(workers := children_of(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(workers) == 2
    return process, workers


def test_two_workers_serve_one_game_and_stop_together(tmp_path):
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    try:
        players = {"players": ["A", "B", "C", "D"], "target": 1000}
        status, made = call(port, "POST", "/api/games", players)
        assert status == 201, made
        for number in range(1, 13):
            path = f"/api/games/{made['id']}/hands"
            status, body = call(port, "POST", path, HAND, made["edit_key"])
            assert (status, body.get("number")) == (201, number), body
        status, game = call(port, "GET", f"/api/games/{made['id']}", key=made["edit_key"])
        assert status == 200
        assert [hand["number"] for hand in game["hands"]] == list(range(1, 13))
        assert game["totals"] == [12 * p for p in game["hands"][0]["points"]]
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    assert "Serving on http://127.0.0.1:" in output
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text()


def keep_alive(port: int, connect_only: bool = False) -> http.client.HTTPConnection:
    """A phone's connection: one request answered, then kept open for the next."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.connect()
    if not connect_only:
        ask(connection)
    return connection


def ask(connection: http.client.HTTPConnection) -> None:
    # The API answers a listing without a group key 401 (issue 21): an answer all the same.
    connection.request("GET", "/api/games")
    response = connection.getresponse()
    response.read()
    assert response.status == 401


def test_phones_connections_spread_over_the_workers(tmp_path):
    """A keep-alive connection stays with the worker that accepted it. Six phones that
    connect at once (as a table's phones after the Wi-Fi comes back) are answered three by
    each worker: the workers take turns by how many they hold, where the first to wake
    used to take nearly all of them."""
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    phones = []
    try:
        before = {pid: sockets_of(pid) for pid in workers}
        phones = [keep_alive(port, connect_only=True) for _ in range(6)]
        for phone in phones:
            ask(phone)
        held = sorted(sockets_of(pid) - before[pid] for pid in workers)
        assert held == [3, 3]
    finally:
        for phone in phones:
            phone.close()
        process.terminate()
        process.communicate(timeout=30)


def test_a_worker_that_dies_leaves_the_others_accepting(tmp_path):
    """A worker killed outright leaves its count behind; the others must not wait for it
    to take its turn."""
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    phones = []
    try:
        phones = [keep_alive(port) for _ in range(2)]
        os.kill(workers[0], signal.SIGKILL)
        # Every new phone is answered by the one worker left, however many it holds.
        for _ in range(4):
            phones.append(keep_alive(port))
        survivor = workers[1]
        assert sockets_of(survivor) >= 5  # its listening socket and at least 4 phones
    finally:
        for phone in phones:
            phone.close()
        process.terminate()
        process.communicate(timeout=30)


def running(pid: int) -> bool:
    """Whether ``pid`` is alive: not gone, and not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_workers_stop_when_their_master_is_killed(tmp_path):
    """SIGKILL gives the master no chance to stop its workers (issue 18, item 11): they
    must see it gone by themselves and let go of the port, or they serve on as orphans
    and a new serve finds the address in use."""
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    phone = keep_alive(port)  # a phone's connection, open as the master dies
    again = None
    try:
        status, _made = call(port, "POST", "/api/games", {"players": ["A", "B", "C", "D"]})
        assert status == 201
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)  # not its output: orphans would hold that pipe open
        deadline = time.monotonic() + 15
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if running(pid)]
        again = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
            + ["--db", str(tmp_path / "again.db")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
        )
        wait_for(port, again)
        status, group = call(port, "POST", "/api/groups", {"name": "Again"})
        status, games = call(port, "GET", f"/api/groups/{group['id']}", key=group["key"])
        # The new server answers, from its own new database: its first group, no games.
        assert status == 200 and group["id"] == 1 and games["games"] == []
        assert again.poll() is None
    finally:
        phone.close()
        for pid in workers:  # orphans of a failed run: this test's own processes
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.stdout.close()
        if again is not None:
            again.terminate()
            again.communicate(timeout=30)


@pytest.mark.parametrize("sign", ["pipe closed", "parent changed"])
def test_a_worker_stops_on_either_sign_that_its_master_is_gone(tmp_path, sign):
    """The two signs a worker watches, each alone: EOF on the pipe whose write end only
    its master held, and (the fallback) a parent that is no longer its master. Either
    way it stops serving and lets go of the port."""
    from scorekeeper.cli import server
    from scorekeeper.web import create_app

    app = create_app({"DATABASE": str(tmp_path / "orphan.db"), "SECRET_KEY": "test"})
    watched, held = os.pipe()
    if sign == "pipe closed":
        master = os.getppid()  # still this process's parent
        os.close(held)
    else:
        master = os.getpid()  # never its own parent; the pipe stays open
    try:
        worker = server.make_server(app, threads=1, master=(master, watched))
        port = int(worker.effective_port)
        worker.run()  # returns at once instead of serving
        worker.close()
        with socket.socket() as probe, contextlib.suppress(OSError):
            probe.bind(("127.0.0.1", port))
            return
        raise AssertionError("the stopped worker still holds its port")
    finally:
        if sign != "pipe closed":
            os.close(held)
