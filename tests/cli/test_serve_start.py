"""Starting several `scorekeeper serve` at once on one new database file (issue 18, item 12).

Real processes on a real file: two service units, or a restart script, may start two
servers in the same moment. Each must either serve or exit with one line that says why;
neither may die with a traceback. How often the old code crashed is counted by
``benchmarks/start_stop.py``; the race itself is pinned down, process against process, in
``test_processes.py``.
"""

from __future__ import annotations

import os
import sqlite3
import time

from tests.support.serve_start import START_TIMEOUT, answering_or_ended, start, stopped
from tests.support.serve_workers import free_port


def test_two_servers_started_at_once_on_a_new_file_both_serve(tmp_path):
    for trial in range(3):
        database = tmp_path / f"new-{trial}.db"
        ports = [free_port(), free_port()]
        processes = [start(port, database) for port in ports]
        try:
            served = [answering_or_ended(p, port) for p, port in zip(processes, ports, strict=True)]
        finally:
            errors = [stopped(process)[1] for process in processes]
        assert not any("Traceback" in text for text in errors), errors
        assert served == [True, True], errors
        conn = sqlite3.connect(database)
        try:
            names = [row[0] for row in conn.execute("SELECT name FROM _sqlite_migrations")]
        finally:
            conn.close()
        assert len(names) == len(set(names))  # migrated once


def test_two_servers_started_at_once_on_one_port_one_serves_one_says_why(tmp_path):
    port = free_port()
    processes = [start(port, tmp_path / "new.db") for _ in range(2)]
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while all(p.poll() is None for p in processes) and time.monotonic() < deadline:
            time.sleep(0.05)
        ended = [p for p in processes if p.poll() is not None]
        assert len(ended) == 1, "neither server stopped: both bound one port?"
        refused, serving = ended[0], next(p for p in processes if p is not ended[0])
        assert answering_or_ended(serving, port)
    finally:
        outputs = [stopped(process) for process in processes]
    _stdout, stderr = outputs[processes.index(refused)]
    assert refused.returncode == 2
    assert stderr.splitlines() == [
        f"scorekeeper: error: --port: {port} is already in use on 127.0.0.1: "
        "stop the server there or pick another"
    ]


def test_a_server_starting_while_another_writes_the_secret_key_gets_that_key(tmp_path, monkeypatch):
    """Without SCOREKEEPER_SECRET_KEY the first server writes a key into the instance
    folder. A second server starting at the moment the first writes it used to find the
    file already there and still empty, and signed sessions with an empty key (1 in 10
    to 1 in 50 pairs started at once). Here the second starts exactly then."""
    import scorekeeper.web

    instance = tmp_path / "instance"
    second: list[str] = []
    fdopen = os.fdopen

    def write_while_another_starts(fd, *args, **kwargs):
        monkeypatch.setattr(os, "fdopen", fdopen)  # the second server writes undisturbed
        second.append(scorekeeper.web._instance_secret(instance))
        return fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", write_while_another_starts)
    first = scorekeeper.web._instance_secret(instance)
    monkeypatch.undo()
    assert second and first and second[0] == first
    assert (instance / "secret_key").read_text() == first
    assert [p.name for p in instance.iterdir()] == ["secret_key"]  # nothing left behind
