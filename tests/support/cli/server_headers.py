"""Helpers of tests/cli/test_server_headers.py: a request of a given size or number of
header fields, written on a raw socket (http.client refuses to send more than 100 fields
and reads none of an answer that comes before its request is sent whole)."""

from __future__ import annotations

import contextlib
import socket

KB = 1024


def request_with(fields: int = 3, filler: int = 0) -> bytes:
    """A GET of ``/healthz`` with ``fields`` header fields in all (Host and Connection
    among them), the last holding ``filler`` bytes of value."""
    lines = [b"GET /healthz HTTP/1.1", b"Host: 127.0.0.1", b"Connection: close"]
    lines += [b"X-Field-%d: %d" % (n, n) for n in range(fields - 3)]
    lines.append(b"X-Filler: " + b"a" * filler)
    return b"\r\n".join(lines) + b"\r\n\r\n"


def status_of(port: int, request: bytes) -> int:
    """The status the server answers ``request`` with, on a connection of its own. A
    server that refuses the request may answer and close before all of it is sent: what
    is left unsent then goes unread, and the answer is read all the same."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            connection.sendall(request)
        received = b""
        try:
            while b"\r\n" not in received and (chunk := connection.recv(4096)):
                received += chunk
        except ConnectionResetError:
            pass
    assert received.startswith(b"HTTP/1."), received[:80]
    return int(received.split(b" ", 2)[1])
