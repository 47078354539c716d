"""Helpers of tests/db/test_database_held.py: the database held by another process, and
requests sent to a real server at set moments, each timed from its own sending."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tests.support.serve_workers import answer

# Another process that takes the database's write lock (BEGIN IMMEDIATE), as a backup or
# a replica's snapshot on a loaded machine may, and holds it until told to let go.
HOLDER = """
import sqlite3, sys
held = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=0)
held.execute("BEGIN IMMEDIATE")
print("held", flush=True)
sys.stdin.readline()
held.execute("ROLLBACK")
"""


@contextmanager
def held_by_another_process(path) -> Iterator[None]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.communicate("let go\n", timeout=30)


@dataclass
class Sent:
    """A request sent on a thread of its own: its answer, once there, the seconds it took
    from its sending, and the order in which answers came."""

    method: str
    path: str
    body: object = None
    key: str | None = None
    status: int | None = None
    retry_after: str | None = None
    seconds: float | None = None
    answered: int | None = None

    def send(self, port: int, order: list[Sent]) -> threading.Thread:
        def run() -> None:
            began = time.monotonic()
            try:
                got = answer(port, self.method, self.path, self.body, self.key)
            except OSError:  # no answer in the connection's 30 s: status stays None
                return
            self.seconds = time.monotonic() - began
            self.status, self.retry_after = got.status, got.headers.get("Retry-After")
            order.append(self)

        thread = threading.Thread(target=run)
        thread.start()
        return thread
