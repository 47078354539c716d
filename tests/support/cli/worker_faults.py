"""Helpers of tests/cli/test_worker_faults.py."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import subprocess
import time
from collections.abc import Callable

from tests.support.serve_workers import call, children_of, running

PATIENCE = 30  # seconds any awaited change may take before the test gives up


def live_workers(process: subprocess.Popen) -> list[int]:
    return [pid for pid in children_of(process.pid) if running(pid)]


def answered(port: int) -> bool:
    try:
        # A listing needs a group's key (issue 21): the API's 401 is its answer.
        return call(port, "GET", "/api/games")[0] == 401
    except OSError:
        return False


def until(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` comes true within PATIENCE seconds, asked every 50 ms."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def stopped(process: subprocess.Popen, workers: list[int]) -> str:
    """Stops the server if it still runs, and any of ``workers`` that outlived it (this
    test's own processes); its output."""
    if process.poll() is None:
        process.terminate()
    try:
        return process.communicate(timeout=60)[0]
    finally:
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def new_group(port: int, client: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json", "X-Forwarded-For": client}
        connection.request("POST", "/api/groups", b"{}", headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()
