"""Idle connections never lock phones out of the real server (issue 8, item 9).

Each test runs waitress, as ``scorekeeper serve`` sets it up, in a child process on a free
loopback port, opens many connections from 127.0.0.1 that send half a request and then
nothing, and checks that a new connection still gets its page. How fast it comes is
measured by ``benchmarks/idle_sockets.py``; here a generous socket timeout only bounds
the wait, so a server that never answers fails instead of hanging the run.
"""

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

import pytest

from scorekeeper.cli import server
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


def test_a_new_phone_is_served_past_many_idle_connections_from_one_address(tmp_path):
    # More than waitress's default limit of 100 connections, all from one address.
    with running(tmp_path) as port, ExitStack() as stack:
        idle = half_sent(stack, port, 150)
        assert status_line(port).startswith(b"HTTP/1.1 200")
        # The address kept its share; its longest-idle connections made room.
        assert closed_by_server(idle[0])
        assert status_line(port).startswith(b"HTTP/1.1 200")


def test_a_full_server_closes_the_longest_idle_connection_for_a_new_one(tmp_path):
    # Even when no address is over its share, a full server makes room instead of waiting.
    with running(tmp_path, connection_limit=20, per_address=1000) as port, ExitStack() as stack:
        idle = half_sent(stack, port, 40)
        assert status_line(port).startswith(b"HTTP/1.1 200")
        assert closed_by_server(idle[0])


def test_serve_runs_the_fair_server(monkeypatch, tmp_path):
    made = {}
    bound = [socket.socket()]  # never bound: serve only closes it

    def fake_make_server(app, host="127.0.0.1", port=0, threads=4, **options):
        made.update(threads=threads, listening=options["listening"])

        class Server:
            def run(self):
                made["ran"] = True

        return Server()

    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    monkeypatch.setattr(
        server, "listening_sockets", lambda host, port: made.update(host=host, port=port) or bound
    )
    monkeypatch.setattr(server, "make_server", fake_make_server)
    server.serve("127.0.0.1", 8124, str(tmp_path / "g.db"), threads=4, echo=lambda _: None)
    assert made == {
        "host": "127.0.0.1",
        "port": 8124,
        "threads": 4,
        "listening": bound,
        "ran": True,
    }


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


def ask_as(phone: http.client.HTTPConnection, client: str) -> int:
    # A page every phone may ask for (GET /api/games needs a group's key since issue 21).
    phone.request("GET", "/manifest.webmanifest", headers={"X-Forwarded-For": client})
    response = phone.getresponse()
    response.read()
    return response.status


PHONES = server.CONNECTIONS_PER_ADDRESS + 8


def test_behind_a_proxy_its_address_is_not_capped_as_one_client(tmp_path):
    """Through one reverse proxy every phone has the proxy's address; capped as one client
    (issue 18, item 13) its 33rd connection closed the first phone's under it. With
    ``--proxy 1`` every phone keeps its connection and is answered on it again."""
    with serving(tmp_path, "--proxy", "1") as port, ExitStack() as stack:
        phones = phones_through_one_address(stack, port, PHONES)
        statuses = [ask_as(phone, f"10.0.0.{n + 1}") for n, phone in enumerate(phones)]
        assert statuses == [200] * PHONES


def test_without_proxy_a_forwarded_address_changes_nothing(tmp_path):
    """A client that claims other addresses in X-Forwarded-For is still one address: it
    keeps its share, and its longest-idle connections make room for its new ones."""
    with serving(tmp_path) as port, ExitStack() as stack:
        phones = phones_through_one_address(stack, port, PHONES)
        with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
            ask_as(phones[0], "10.0.0.1")
        assert ask_as(phones[-1], f"10.0.0.{PHONES}") == 200


@pytest.mark.parametrize(
    ("options", "root"),
    [((), "http://127.0.0.1:{port}/"), (("--proxy", "1"), "https://scores.example.org/")],
)
def test_links_follow_the_forwarded_scheme_and_host_only_behind_a_proxy(tmp_path, options, root):
    with serving(tmp_path, *options) as port:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            headers = {"Content-Type": "application/json"} | {
                "X-Forwarded-For": "203.0.113.9",
                "X-Forwarded-Proto": "https",
                "X-Forwarded-Host": "scores.example.org",
            }
            body = json.dumps({"players": ["A", "B", "C", "D"]})
            connection.request("POST", "/api/games", body, headers)
            response = connection.getresponse()
            made = json.loads(response.read())
        finally:
            connection.close()
    assert response.status == 201
    # The view link carries the game's view token, not its id alone (issue 21).
    assert made["view_url"].startswith(root.format(port=port) + "view/")
