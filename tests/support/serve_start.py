"""Helpers of tests/cli/test_serve_start.py, which other tests use too."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from tests.support.serve_workers import call

START_TIMEOUT = 30


def start(port: int, database) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(database)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
    )


def answering_or_ended(process: subprocess.Popen, port: int) -> bool:
    """True once the server answers on ``port``, False if it exits first."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            # A listing needs a group's key (issue 21): the API's 401 is its answer.
            return call(port, "GET", "/api/games")[0] == 401
        except OSError:
            time.sleep(0.1)
    raise AssertionError("serve neither answered nor stopped")


def stopped(process: subprocess.Popen) -> tuple[str, str]:
    if process.poll() is None:
        process.terminate()
    return process.communicate(timeout=30)
