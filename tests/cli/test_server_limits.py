"""Idle connections never lock phones out of the real server (issue 8, item 9).

Each test runs waitress, as ``scorekeeper serve`` sets it up, in a child process on a free
loopback port, opens many connections from 127.0.0.1 that send half a request and then
nothing, and checks that a new connection still gets its page. How fast it comes is
measured by ``benchmarks/idle_sockets.py``; here a generous socket timeout only bounds
the wait, so a server that never answers fails instead of hanging the run.
"""

from __future__ import annotations

import http.client
import json
import socket
from contextlib import ExitStack

import pytest

from scorekeeper.cli import server
from tests.support.cli.server_limits import (
    ask_as,
    closed_by_server,
    half_sent,
    phones_through_one_address,
    running,
    serving,
    status_line,
)


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
