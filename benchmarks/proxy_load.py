"""Many phones behind one address, a reverse proxy's or a NAT's (issue 18, item 13).

    .venv/bin/python benchmarks/proxy_load.py [--seconds 10] [--tables 30] [--viewers 90]
        [--modes direct,proxy,trusted] [--workers 1]

Each of ``--tables`` tables posts a hand to its own game every 100 ms (``POST
/api/games/<id>/hands``), and ``--viewers`` phones (spread over the tables) poll their
table's live view every 1.5 s with the ETag they hold, as static/app.js does (``GET
/games/<id>/live``, mostly answered 304). Every phone keeps one keep-alive connection, as
a browser does, and every one comes from 127.0.0.1. Modes, each on a fresh server and
database:

``direct``   straight to ``scorekeeper serve``: all the phones behind one NAT.
``proxy``    through a small reverse proxy in this script (threaded, one connection to
             the server per phone's connection, X-Forwarded-For/-Proto/-Host added, a
             502 when the server drops its connection, never a retry), to ``serve``
             without ``--proxy``: the server sees one client, as before issue 18.
``trusted``  the same proxy, to ``serve --proxy 1``.

Printed per mode and method: requests sent; resets, a phone's connection closed or reset
under a request, and (through the proxy) 502 answers for a server connection that was;
any other unexpected answer; and p50 and p99 in ms of the requests answered as they
should be (201; 200 or 304). A phone that loses its connection opens a new one for its
next request and does not send the lost one again, so each reset is one lost poll or
save. The phones, the proxy and the server share this machine's cores: latencies are a
floor, and the proxy's own cost is in the proxied figures.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import (  # noqa: E402
    Phone,
    _wait_for,
    free_port,
    keep_cookies,
    new_game,
    percentile,
    sample_hand,
)

ROOT = Path(__file__).resolve().parent.parent
POST_EVERY = 0.1  # seconds between a table's hands
POLL_EVERY = 1.5  # static/app.js: PERIOD
# Errors that mean the connection was closed or reset under the request.
RESETS = (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine)
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
    "content-length",
}


# --- the reverse proxy --------------------------------------------------------------------


class ProxyHandler(BaseHTTPRequestHandler):
    """One phone's connection to the proxy, and the proxy's own connection to the server
    for it (opened again after the server drops it), as nginx with upstream keep-alive."""

    protocol_version = "HTTP/1.1"
    upstream_port = 0

    def setup(self) -> None:
        super().setup()
        self.upstream: http.client.HTTPConnection | None = None

    def finish(self) -> None:
        if self.upstream is not None:
            self.upstream.close()
        super().finish()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base's name
        pass

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.forward()

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.forward()

    def forward(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
        earlier = self.headers.get("X-Forwarded-For")
        client = self.client_address[0]
        headers["X-Forwarded-For"] = f"{earlier}, {client}" if earlier else client
        headers["X-Forwarded-Proto"] = "http"
        headers["X-Forwarded-Host"] = self.headers.get("Host", "")
        if body is not None:
            headers["Content-Length"] = str(len(body))
        try:
            if self.upstream is None:
                self.upstream = http.client.HTTPConnection(
                    "127.0.0.1", self.upstream_port, timeout=30
                )
            self.upstream.request(self.command, self.path, body, headers)
            response = self.upstream.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            if self.upstream is not None:
                self.upstream.close()
            self.upstream = None
            self.send_response_only(502)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response_only(response.status)
        for name, value in response.getheaders():
            if name.lower() not in HOP_BY_HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)
        if response.will_close:
            self.upstream.close()
            self.upstream = None


class ProxyServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


def run_proxy(port: int, upstream_port: int, ready) -> None:
    """The proxy's process: serves on ``port`` until killed."""
    handler = type("Handler", (ProxyHandler,), {"upstream_port": upstream_port})
    with ProxyServer(("127.0.0.1", port), handler) as proxy:
        ready.set()
        proxy.serve_forever()


@contextmanager
def proxying(upstream_port: int) -> Iterator[int]:
    """The reverse proxy in its own process (so that the phones' threads in this one do
    not slow it); yields its port."""
    port = free_port()
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    process = context.Process(target=run_proxy, args=(port, upstream_port, ready), daemon=True)
    process.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the proxy did not start")
        yield port
    finally:
        process.terminate()
        process.join(10)


# --- the server ---------------------------------------------------------------------------


@contextmanager
def serving(database: str, workers: int, proxy: int) -> Iterator[int]:
    """``scorekeeper serve`` (from this checkout) in a child process; yields its port."""
    port = free_port()
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
    command += ["--db", database, "--workers", str(workers)]
    if proxy:
        command += ["--proxy", str(proxy)]
    env = {**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"}
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        try:
            _wait_for(port, process, log)
            yield port
        finally:
            process.terminate()
            process.wait(30)


# --- the phones ---------------------------------------------------------------------------


@dataclass
class Tally:
    """What the phones saw, per method: requests sent, the time of each one answered as
    it should be (201; 200 or 304), resets, 502s and any other answer."""

    sent: dict[str, int] = field(default_factory=lambda: {"GET": 0, "POST": 0})
    timings: dict[str, list[float]] = field(default_factory=lambda: {"GET": [], "POST": []})
    resets: dict[str, int] = field(default_factory=lambda: {"GET": 0, "POST": 0})
    bad_gateway: dict[str, int] = field(default_factory=lambda: {"GET": 0, "POST": 0})
    other: dict[str, list[str]] = field(default_factory=lambda: {"GET": [], "POST": []})
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ask(self, phone: Connection, method: str, path: str, expected, body=None, headers=None):
        """Sends one request on ``phone`` and counts what came of it; returns the ETag of
        an expected answer, else None."""
        self.sent[method] += 1
        began = time.perf_counter()
        try:
            status, etag = phone.request(method, path, body, headers)
        except RESETS:
            self.resets[method] += 1
            return None
        if status in expected:
            self.timings[method].append(time.perf_counter() - began)
            return etag or ""
        if status == 502:
            self.bad_gateway[method] += 1
        else:
            self.other[method].append(str(status))
        return None

    def add(self, mine: Tally) -> None:
        with self.lock:
            for method in ("GET", "POST"):
                self.sent[method] += mine.sent[method]
                self.timings[method] += mine.timings[method]
                self.resets[method] += mine.resets[method]
                self.bad_gateway[method] += mine.bad_gateway[method]
                self.other[method] += mine.other[method]


class Connection:
    """A phone's one keep-alive connection, opened again after it is lost."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.http: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}  # as a browser keeps them (a view link's grant)

    def request(self, method: str, path: str, body: str | None = None, headers=None):
        """(status, ETag) of the answer; raises one of RESETS when the connection is lost."""
        if self.http is None:
            self.http = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            self.http.request(method, path, body, headers)
            response = self.http.getresponse()
            response.read()
        except RESETS:
            self.close()
            raise
        keep_cookies(self.cookies, response)
        if response.will_close:
            self.close()
        return response.status, response.getheader("ETag")

    def close(self) -> None:
        if self.http is not None:
            self.http.close()
            self.http = None


def table(port: int, game: tuple[int, str, str], start, running, tally: Tally) -> None:
    """A table's phone: a hand every POST_EVERY, whatever came of the last."""
    game_id, key, _view = game
    phone = Connection(port)
    mine = Tally()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {key}"}
    path = f"/api/games/{game_id}/hands"
    start()
    next_at = time.perf_counter() + random.uniform(0, POST_EVERY)
    number = 0
    while running():
        time.sleep(max(0.0, next_at - time.perf_counter()))
        next_at = max(next_at + POST_EVERY, time.perf_counter())
        hand = json.dumps(sample_hand(number))
        if mine.ask(phone, "POST", path, (201,), hand, headers) is not None:
            number += 1
    phone.close()
    tally.add(mine)


def viewer(port: int, game: tuple[int, str, str], start, running, tally: Tally) -> None:
    """A phone on the scoreboard: it opens the game's view link (which lets it see the
    game, a private group's; counted among the GETs, and asked again at its next turn
    when lost), then polls the live part every POLL_EVERY, with its ETag."""
    game_id, _key, view = game
    phone = Connection(port)
    mine = Tally()
    etag = None
    granted = False
    start()
    next_at = time.perf_counter() + random.uniform(0, POLL_EVERY)
    while running():
        time.sleep(max(0.0, next_at - time.perf_counter()))
        if not running():
            break
        next_at += POLL_EVERY
        if not granted:
            granted = mine.ask(phone, "GET", view, (302,)) is not None
            continue
        headers = {"If-None-Match": etag} if etag else {}
        etag = mine.ask(phone, "GET", f"/games/{game_id}/live", (200, 304), None, headers) or etag
    phone.close()
    tally.add(mine)


def load(port: int, games: list[tuple[int, str, str]], viewers: int, seconds: float) -> Tally:
    """Every phone at once for ``seconds``, through ``port``."""
    tally = Tally()
    phones = len(games) + viewers
    barrier = threading.Barrier(phones + 1)
    stop_at = [0.0]

    def running() -> bool:
        return time.perf_counter() < stop_at[0]

    threads = [
        threading.Thread(target=table, args=(port, game, barrier.wait, running, tally))
        for game in games
    ] + [
        threading.Thread(
            target=viewer, args=(port, games[n % len(games)], barrier.wait, running, tally)
        )
        for n in range(viewers)
    ]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + seconds
    barrier.wait()
    for thread in threads:
        thread.join()
    return tally


MODES = {"direct": (False, 0), "proxy": (True, 0), "trusted": (True, 1)}


def tables(port: int, count: int) -> list[tuple[int, str, str]]:
    """``count`` new games on the server at ``port``: each one's id, edit key and view
    link's path."""
    setup = Phone(f"http://127.0.0.1:{port}")
    games = []
    for _ in range(count):
        game_id, key, _ = new_game(setup)
        games.append((game_id, key, urllib.parse.urlsplit(setup.view_url).path))
    setup.close()
    return games


def run(mode: str, args: argparse.Namespace, folder: str) -> Tally:
    behind_proxy, trusted = MODES[mode]
    database = os.path.join(folder, f"{mode}.db")
    with serving(database, args.workers, trusted) as server_port:
        games = tables(server_port, args.tables)
        if not behind_proxy:
            return load(server_port, games, args.viewers, args.seconds)
        with proxying(server_port) as proxy_port:
            return load(proxy_port, games, args.viewers, args.seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="load per mode")
    parser.add_argument("--tables", type=int, default=30, help="tables posting a hand each 100 ms")
    parser.add_argument("--viewers", type=int, default=90, help="phones polling the live view")
    parser.add_argument("--modes", default="direct,proxy,trusted", help="comma-separated")
    parser.add_argument("--workers", type=int, default=1, help="serve --workers")
    args = parser.parse_args()
    modes = args.modes.split(",")
    if not set(modes) <= set(MODES):
        parser.error(f"--modes: choose from {', '.join(MODES)}")
    if not (1 <= args.tables <= 200 and 0 <= args.viewers <= 500):
        parser.error("--tables must be 1..200 and --viewers 0..500")
    print(
        f"{args.tables} tables posting a hand every {POST_EVERY * 1000:.0f} ms, {args.viewers} "
        f"viewers polling the live view every {POLL_EVERY} s with ETags, all from 127.0.0.1, "
        f"for {args.seconds:.0f} s per mode; serve --workers {args.workers}; checkout {ROOT}"
    )
    print(
        f"{'mode':<8}{'method':<7}{'requests':>9}{'resets':>8}{'502':>6}{'other':>7}"
        f"{'p50 ms':>9}{'p99 ms':>9}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for mode in modes:
            tally = run(mode, args, folder)
            for method in ("POST", "GET"):
                times = tally.timings[method]
                p50 = statistics.median(times) * 1000 if times else float("nan")
                p99 = percentile(times, 0.99) * 1000 if times else float("nan")
                print(
                    f"{mode:<8}{method:<7}{tally.sent[method]:>9}{tally.resets[method]:>8}"
                    f"{tally.bad_gateway[method]:>6}{len(tally.other[method]):>7}"
                    f"{p50:>9.1f}{p99:>9.1f}"
                )
                if tally.other[method]:
                    print(f"        other answers, e.g. {tally.other[method][:5]}")
    print(
        "resets: the phone's connection closed or reset under a request (the request is "
        "lost); 502: the proxy's connection to the server was"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
