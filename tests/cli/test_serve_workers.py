"""`scorekeeper serve --workers N`: several processes on one port and one database file,
under gunicorn's arbiter.

The real command runs in a child process. Every request goes on a new connection, so the
kernel hands them to whichever worker accepts first; the game must come out whole, and
stopping the server must stop every worker. Workers killed, hung or reloaded:
``test_worker_faults.py``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.games.israeli_whist.worked import WORKED_EXAMPLE as HAND
from tests.support.cli.serve_workers import keep_alive
from tests.support.serve_workers import (
    call,
    children_of,
    free_port,
    running,
    start_workers,
    wait_for,
)


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


def test_a_worker_that_dies_leaves_the_others_answering_and_is_replaced(tmp_path):
    """A worker killed outright (the OOM killer): the other answers every new phone, and
    the arbiter forks a worker in its place. The hand-written master never did: it ran
    on with one worker fewer until none was left."""
    port = free_port()
    process, workers = start_workers(tmp_path, port)
    phones = []
    try:
        phones = [keep_alive(port) for _ in range(2)]
        os.kill(workers[0], signal.SIGKILL)
        for _ in range(4):
            phones.append(keep_alive(port))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            now = [pid for pid in children_of(process.pid) if running(pid)]
            if len(now) == 2 and workers[0] not in now:
                break
            time.sleep(0.05)
        assert workers[1] in now and len(now) == 2, now
        assert process.poll() is None
    finally:
        for phone in phones:
            phone.close()
        process.terminate()
        process.communicate(timeout=60)


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
