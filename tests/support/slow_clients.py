"""Strangers who send slowly, against a server on its real port (issue 66): connections
that send nothing, header lines one a second, or a body a byte a second; and the probe a
phone's next request is. ``tests/cli/test_serve_slow_clients.py`` and
``benchmarks/slow_clients.py`` use them."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

HEALTH = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
HEADER_LINE = b"X-Slow: a header line a second\r\n"
BODY_HEAD = (
    b"POST /api/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Content-Length: 60000\r\n\r\n"
)


def probe(port: int, timeout: float) -> float | None:
    """Seconds until ``/healthz`` answers 200 on a new connection; None when it does not
    within ``timeout`` seconds (or answers otherwise)."""
    began = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(HEALTH)
            conn.settimeout(max(0.01, timeout - (time.perf_counter() - began)))
            first = conn.recv(64)
    except OSError:
        return None
    return time.perf_counter() - began if first.startswith(b"HTTP/1.1 200") else None


class Attack:
    """``count`` connections from 127.0.0.1, each sent ``first`` on connecting and then
    ``each`` every second (nothing, when empty) by one thread, until the block ends. One
    the server closes is opened again: the stranger keeps at it."""

    def __init__(self, port: int, count: int, first: bytes, each: bytes) -> None:
        self.port, self.count, self.first, self.each = port, count, first, each
        self.stop = threading.Event()
        self.sockets: list[socket.socket] = []
        self.thread = threading.Thread(target=self._feed, name="slow client", daemon=True)

    def __enter__(self) -> Attack:
        for _ in range(self.count):
            self._open()
        self.thread.start()
        return self

    def _open(self) -> None:
        with contextlib.suppress(OSError):
            conn = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            if self.first:
                conn.sendall(self.first)
            self.sockets.append(conn)

    def _feed(self) -> None:
        while not self.stop.wait(1.0):
            if not self.each:
                continue
            for conn in list(self.sockets):
                try:
                    conn.sendall(self.each)
                except OSError:
                    self.sockets.remove(conn)
                    conn.close()
                    self._open()

    def __exit__(self, *_exc) -> None:
        self.stop.set()
        self.thread.join(5)
        for conn in self.sockets:
            conn.close()


def attack(port: int, kind: str, count: int) -> Attack:
    """``count`` slow clients of one ``kind``: ``idle`` (connected, nothing sent),
    ``headers`` (a request's header lines, one a second, never their end) or ``body`` (a
    POST's headers whole, then its body a byte a second)."""
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    first, each = {
        "idle": (b"", b""),
        "headers": (head, HEADER_LINE),
        "body": (BODY_HEAD, b"{"),
    }[kind]
    return Attack(port, count, first, each)
