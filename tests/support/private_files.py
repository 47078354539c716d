"""Helpers of tests/db/test_private_files.py, which other tests use too."""

from __future__ import annotations

import threading
import time

from tests.support.backup import saving_tables


def save_until(port: int, replicated, seconds: float = 20) -> tuple[list, list]:
    """A phone saves hands on the server at ``port`` until ``replicated()`` holds (after
    one save at least) or ``seconds`` pass; returns (saves acknowledged, failures)."""
    stop = threading.Event()
    threads, acked, failures = saving_tables(port, 1, stop)
    deadline = time.monotonic() + seconds
    while not (acked and replicated()) and time.monotonic() < deadline:
        time.sleep(0.1)
    stop.set()
    for thread in threads:
        thread.join(30)
    return acked, failures
