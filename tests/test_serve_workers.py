"""`scorekeeper serve --workers N`: several processes on one port and one database file.

The real command runs in a child process. Every request goes on a new connection, so the
kernel hands them to whichever worker accepts first; the game must come out whole, and
stopping the server must stop every worker.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

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


def test_two_workers_serve_one_game_and_stop_together(tmp_path):
    port, workers = free_port(), []
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--workers", "2", "--db", str(tmp_path / "workers.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
    )
    try:
        wait_for(port, process)
        deadline = time.monotonic() + 30  # listening starts before the workers are forked
        while len(workers := children_of(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) == 2
        players = {"players": ["A", "B", "C", "D"], "target": 1000}
        status, made = call(port, "POST", "/api/games", players)
        assert status == 201, made
        for number in range(1, 13):
            path = f"/api/games/{made['id']}/hands"
            status, body = call(port, "POST", path, HAND, made["edit_key"])
            assert (status, body.get("number")) == (201, number), body
        status, game = call(port, "GET", f"/api/games/{made['id']}")
        assert status == 200
        assert [hand["number"] for hand in game["hands"]] == list(range(1, 13))
        assert game["totals"] == [12 * p for p in game["hands"][0]["points"]]
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    assert "Serving on http://127.0.0.1:" in output
    for pid in workers:
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text()
