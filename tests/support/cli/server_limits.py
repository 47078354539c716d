"""Helpers of tests/cli/test_server_limits.py."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from tests.support.serve_workers import free_port, wait_for

HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: half-sent\r\n"


ANSWER_TIMEOUT = 30  # seconds; waitress's own default would hold a new phone for 120


CHILD = """
import json, sys
from scorekeeper.web import create_app
from scorekeeper.cli.server import make_server
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "test"})
options = json.loads(sys.argv[2])
server = make_server(app, "127.0.0.1", 0, **options)
print(server.effective_port, flush=True)
server.run()
"""


@contextmanager
def running(tmp_path, **options) -> Iterator[int]:
    """The real server in a child process; yields its port."""
    process = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path / "limits.db"), json.dumps(options)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        port = int(process.stdout.readline())
        yield port
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()


def half_sent(stack: ExitStack, port: int, count: int) -> list[socket.socket]:
    """``count`` connections that each send half a request and then nothing."""
    idle = []
    for _ in range(count):
        conn = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=10))
        conn.sendall(HALF_REQUEST)
        idle.append(conn)
    return idle


def status_line(port: int) -> bytes:
    """The first line of the home page's answer on a new connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_TIMEOUT) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return conn.makefile("rb").readline()


def closed_by_server(conn: socket.socket) -> bool:
    conn.settimeout(ANSWER_TIMEOUT)
    try:
        return conn.recv(1) == b""
    except ConnectionResetError:
        return True


@contextmanager
def serving(tmp_path, *options: str) -> Iterator[int]:
    """``scorekeeper serve`` itself, with ``options``, in a child process; yields its port."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), *options]
        + ["--db", str(tmp_path / "proxied.db")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
    )
    try:
        wait_for(port, process)
        yield port
    finally:
        process.terminate()
        process.wait(30)


def ask_as(phone: http.client.HTTPConnection, client: str) -> int:
    # A page every phone may ask for (GET /api/games needs a group's key since issue 21).
    phone.request("GET", "/manifest.webmanifest", headers={"X-Forwarded-For": client})
    response = phone.getresponse()
    response.read()
    return response.status


def phones_through_one_address(stack: ExitStack, port: int, count: int) -> list:
    """``count`` phones' keep-alive connections, all from 127.0.0.1 (one proxy, or one
    NAT), each asking once with its own forwarded address."""
    phones = []
    for number in range(count):
        phone = stack.enter_context(
            contextlib.closing(http.client.HTTPConnection("127.0.0.1", port, timeout=30))
        )
        ask_as(phone, f"10.0.{number // 250}.{number % 250 + 1}")
        phones.append(phone)
    return phones
