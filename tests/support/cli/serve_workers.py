"""Helpers of tests/cli/test_serve_workers.py."""

from __future__ import annotations

import http.client


def ask(connection: http.client.HTTPConnection) -> None:
    # The API answers a listing without a group key 401 (issue 21): an answer all the same.
    connection.request("GET", "/api/games")
    response = connection.getresponse()
    response.read()
    assert response.status == 401


def keep_alive(port: int, connect_only: bool = False) -> http.client.HTTPConnection:
    """A phone's connection: one request answered, then kept open for the next."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.connect()
    if not connect_only:
        ask(connection)
    return connection
