"""Helpers of tests/cli/test_serve_workers.py, which other tests use too."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


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


def _request(port: int, method: str, path: str, body=None, key: str | None = None):
    """One request on a new connection: (its status, headers, body's bytes)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        connection.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def call(port: int, method: str, path: str, body=None, key: str | None = None):
    status, _headers, raw = _request(port, method, path, body, key)
    return status, json.loads(raw or b"null")


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: object


def answer(port: int, method: str, path: str, body=None, key: str | None = None) -> Answer:
    """One request on a new connection: its status, headers and body (JSON when it is,
    else its bytes)."""
    status, headers, raw = _request(port, method, path, body, key)
    try:
        return Answer(status, headers, json.loads(raw))
    except ValueError:
        return Answer(status, headers, raw)


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


def start_workers(tmp_path, port: int, *options: str) -> tuple[subprocess.Popen, list[int]]:
    """``serve --workers 2`` with ``options``, once it listens and both workers run."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), *options]
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


def running(pid: int) -> bool:
    """Whether ``pid`` is alive: not gone, and not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
