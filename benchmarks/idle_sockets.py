"""Idle connections against the real server: are other phones still served?

    .venv/bin/python benchmarks/idle_sockets.py [--idle 200] [--requests 10] [--original]

It starts the table app on its real server in a child process, on a free loopback port and
a fresh database: ``scorekeeper serve`` by default, or, with ``--original``, waitress as
``serve`` ran it before issue 8 (``waitress.serve`` with its defaults: at most 100
connections, idle ones closed after 120 s). Then one client opens ``--idle`` connections
from 127.0.0.1 and sends each the start of a request that it never finishes, as a phone
with a dying connection or a misbehaving device would. A separate client then makes
``--requests`` requests for the home page, each on a new connection as a new phone would,
and the time each one takes to be answered is printed (or that none came within
``--timeout`` seconds).

Target (issue 8, item 9): with 200 idle sockets from one address, other phones are served
within 1 s.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import _wait_for, free_port  # noqa: E402

TARGET_SECONDS = 1.0
HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: half-sent\r\n"
# How waitress was started before issue 8: its defaults, four threads.
ORIGINAL = (
    "import sys, waitress; from scorekeeper import create_app; "
    "waitress.serve(create_app({'DATABASE': sys.argv[1]}), host='127.0.0.1', "
    "port=int(sys.argv[2]), threads=4, ident='scorekeeper')"
)


def start_server(database: str, port: int, original: bool, log) -> subprocess.Popen:
    if original:
        command = [sys.executable, "-c", ORIGINAL, database, str(port)]
    else:
        command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        command += ["--db", database]
    env = {**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"}
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)


def open_idle(port: int, count: int) -> list[socket.socket]:
    """``count`` connections, each holding a request that is never finished."""
    idle = []
    for _ in range(count):
        conn = socket.create_connection(("127.0.0.1", port), timeout=5)
        conn.sendall(HALF_REQUEST)
        idle.append(conn)
    return idle


def timed_request(port: int, timeout: float) -> float | None:
    """Seconds until the home page's status line arrives on a new connection; None if it
    did not arrive within ``timeout``."""
    began = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            conn.settimeout(max(0.01, timeout - (time.perf_counter() - began)))
            first = conn.recv(64)
    except OSError:
        return None
    return time.perf_counter() - began if first.startswith(b"HTTP/1.1 200") else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=200, help="half-sent connections to open")
    parser.add_argument("--requests", type=int, default=10, help="timed requests (≤ 100)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per request")
    parser.add_argument("--original", action="store_true", help="waitress as before issue 8")
    args = parser.parse_args()
    if not 0 <= args.idle <= 500 or not 1 <= args.requests <= 100:
        parser.error("--idle must be 0..500 and --requests 1..100")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        process = start_server(str(Path(folder) / "idle.db"), port, args.original, log)
        idle: list[socket.socket] = []
        try:
            _wait_for(port, process, log)
            warm = timed_request(port, args.timeout)
            idle = open_idle(port, args.idle)
            time.sleep(0.5)  # let the server accept what it will
            timings = [timed_request(port, args.timeout) for _ in range(args.requests)]
        finally:
            for conn in idle:
                conn.close()
            process.terminate()
            process.wait(10)
    server = "waitress as before (defaults)" if args.original else "scorekeeper serve"
    answered = [t for t in timings if t is not None]
    print(f"server: {server}; idle half-sent connections from 127.0.0.1: {args.idle}")
    print(f"before the idle connections: {warm:.3f} s" if warm else "no answer even before")
    print(f"answered {len(answered)} of {len(timings)} requests within {args.timeout:.0f} s")
    if answered:
        print(
            f"seconds per answered request: median {statistics.median(answered):.3f}, "
            f"slowest {max(answered):.3f}"
        )
    met = len(answered) == len(timings) and max(answered) <= TARGET_SECONDS
    verdict = "met" if met else "NOT met"
    print(f"target: every request answered within {TARGET_SECONDS:.0f} s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
