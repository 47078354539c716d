"""Load test of the table app on its real server (waitress), over loopback.

    .venv/bin/python benchmarks/web.py [--seconds 10] [--clients 8] [--workers 2] [--cache both]

It starts ``scorekeeper serve`` in its own process on a fresh database, creates a game with
60 hands and opens it as the phone that created it (edit links and all). Then, for the
given time, every client loops: it fetches that scoreboard four times and posts one hand,
to a game of its own that it replaces after 60 hands, as a table would. Printed: requests
per second, p50 and p99 latency for GET and POST, the scoreboard's HTML size gzipped, and
the bytes of a first load of the scoreboard (HTML, CSS and JS as sent).

It runs twice by default, with the page cache on and off (issue 12 asks for both), each on
a fresh server; ``--workers`` serves from that many processes (``serve --workers``).

Targets (issues 3 and 12): GET p99 <= 25 ms, POST p99 <= 50 ms, HTML <= 8 KB gzipped, first load
<= 50 KB.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper.engine.israeli_whist import PRESETS, forbidden_for_entry, last_bidder
from scorekeeper.limits import MOST_PHONES_PER_ADDRESS

TARGETS = {"get_p99_ms": 25.0, "post_p99_ms": 50.0, "html_gz": 8 * 1024, "first_load": 50 * 1024}
HANDS_PER_GAME = 60
BIDS = ("5C", "6D", "7H", "8S", "6NT", "7C", "5H", "9D", "6S", "8NT")


def sample_hand(index: int, rules: str = "pagat-german") -> dict[str, Any]:
    """A legal, varied hand for benchmarks and size tests; the engine names the forbidden
    contract, so the sample never breaks a rule. One hand in nine is thrown in."""
    settings = PRESETS[rules]
    if index % 9 == 8:
        return {"thrown_in": True, "frisch_rounds": settings.frisch_rounds}
    declarer = index % 4
    bid = BIDS[index % len(BIDS)]
    level = int(bid.rstrip("CDHSNT"))
    contracts = [(index + seat) % 4 for seat in range(4)]
    contracts[declarer] = level
    last = last_bidder(declarer)
    if contracts[last] == forbidden_for_entry(contracts, declarer):
        contracts[last] += 1
    # The declarer makes it on even hands; the others share the rest of the 13 tricks.
    tricks = [0, 0, 0, 0]
    tricks[declarer] = level if index % 2 == 0 else level - 1
    rest = 13 - tricks[declarer]
    others = [s for s in range(4) if s != declarer]
    for seat in others[:-1]:
        tricks[seat] = min(contracts[seat], rest)
        rest -= tricks[seat]
    tricks[others[-1]] = rest
    return {"declarer": declarer, "bid": bid, "contracts": contracts, "tricks": tricks}


# --- a tiny HTTP client -------------------------------------------------------------------


def keep_cookies(cookies: dict[str, str], response: http.client.HTTPResponse) -> None:
    """Keeps the cookies ``response`` sets in ``cookies``, as a browser would."""
    for header in response.headers.get_all("Set-Cookie") or []:
        name, _, rest = header.partition("=")
        cookies[name] = rest.split(";", 1)[0]


class Phone:
    """One keep-alive connection with the cookies the server set, like one browser."""

    def __init__(self, base: str) -> None:
        parts = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.view_url = ""  # the view link of the last game it made (new_game)
        self.group: dict[str, Any] | None = None  # the group of its first game (new_game)

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        key: str | None = None,
        gzip_ok: bool = False,
    ) -> tuple[int, bytes, http.client.HTTPResponse]:
        headers = {"Accept-Encoding": "gzip" if gzip_ok else "identity"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if key:
            headers["Authorization"] = f"Bearer {key}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        payload = response.read()
        keep_cookies(self.cookies, response)
        return response.status, payload, response

    def json(self, method: str, path: str, body: Any = None, key: str | None = None) -> Any:
        status, payload, _ = self.request(method, path, body, key)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {payload[:200]!r}")
        return json.loads(payload)

    def close(self) -> None:
        self.connection.close()


def new_game(phone: Phone, target: int = 100_000) -> tuple[int, str, str]:
    """A new game started by ``phone``: its first in a group of its own, the next ones in
    that group (with its key), as a table's games are, and as a server lets one address
    start many games but only a few groups."""
    body = {
        "players": ["Shira", "Wassim", "Noa", "Eitan"],
        "rules": "pagat-german",
        "first_dealer": 0,
        "target": target,
    }
    group = phone.group
    if group is not None:
        body["group"] = group["id"]
    created = phone.json("POST", "/api/games", body, group["key"] if group else None)
    phone.group = group or created["group"]
    phone.view_url = created["view_url"]  # the last game's, for a benchmark that needs it
    return created["id"], created["edit_key"], created["edit_url"]


def game_with_hands(base: str, count: int = HANDS_PER_GAME) -> tuple[int, Phone]:
    """A game of ``count`` hands, and a phone holding its edit link (as its creator would)."""
    phone = Phone(base)
    game_id, key, edit_url = new_game(phone)
    for index in range(count):
        phone.json("POST", f"/api/games/{game_id}/hands", sample_hand(index), key)
    phone.request("GET", urllib.parse.urlsplit(edit_url).path)
    return game_id, phone


def page_weight(phone: Phone, path: str) -> tuple[int, int, int]:
    """(HTML bytes, HTML bytes gzipped as sent, first load: HTML + CSS + JS as sent)."""
    _, raw, _ = phone.request("GET", path)
    status, sent, response = phone.request("GET", path, gzip_ok=True)
    if status != 200:
        raise RuntimeError(f"GET {path}: {status}")
    html_gz = (
        len(sent) if response.headers.get("Content-Encoding") == "gzip" else len(gzip.compress(raw))
    )
    total = len(sent)
    assets = re.findall(rb'<(?:link rel="stylesheet" href|script src)="([^"]+)"', raw)
    for asset in assets:
        _, body, _ = phone.request("GET", asset.decode(), gzip_ok=True)
        total += len(body)
    return len(raw), html_gz, total


# --- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running_server(
    database: str, threads: int | None = None, cache: bool = True, workers: int = 1
) -> Iterator[str]:
    """Runs ``scorekeeper serve`` (waitress) in a child process; yields its base URL.

    The server's output goes to a file: a pipe that nobody reads while the load runs
    would fill up with waitress's log and stall the server.
    """
    port = free_port()
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
    if threads:
        command += ["--threads", str(threads)]
    command += ["--workers", str(workers)]
    # Every phone of a benchmark comes from this machine's one address, as a club's do from
    # behind its venue's router: the server is told so, or the sixth new game's group is
    # refused (429) as a stranger's would be.
    command += ["--phones-per-address", str(MOST_PHONES_PER_ADDRESS)]
    env = {**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"}
    if not cache:
        env["SCOREKEEPER_PAGE_CACHE"] = "0"
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [*command, "--db", database], stdout=log, stderr=subprocess.STDOUT, env=env
        )
        try:
            _wait_for(port, process, log)
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            process.wait(10)


def _wait_for(port: int, process: subprocess.Popen, log) -> None:
    """Until the server answers its health check: with ``--workers`` the port takes
    connections before a worker serves them (a request then is reset)."""
    deadline = time.monotonic() + 60  # a loaded machine starts it slowly
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            try:
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    return
                raise OSError("not ready")
            finally:
                connection.close()
        except (OSError, http.client.HTTPException):
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError(f"the server did not start:\n{log.read().decode()}") from None
            time.sleep(0.05)


# --- the load -----------------------------------------------------------------------------


def load(base: str, path: str, cookies: dict[str, str], seconds: float, clients: int) -> dict:
    timings: dict[str, list[float]] = {"GET": [], "POST": []}
    failures: list[str] = []
    lock = threading.Lock()

    def client(number: int, ready: Callable[[], Any], running: Callable[[], bool]) -> None:
        phone = Phone(base)
        phone.cookies = dict(cookies)
        game_id, key, _ = new_game(phone)
        posted = 0
        mine: dict[str, list[float]] = {"GET": [], "POST": []}
        ready()
        step = number  # clients start at different points of the cycle
        while running():
            step += 1
            began = time.perf_counter()
            if step % 5 == 0:
                if posted == HANDS_PER_GAME:
                    game_id, key, _ = new_game(phone)
                    posted = 0
                    began = time.perf_counter()
                status, payload, _ = phone.request(
                    "POST", f"/api/games/{game_id}/hands", sample_hand(posted), key
                )
                kind, ok = "POST", status == 201
                posted += 1
            else:
                status, payload, _ = phone.request("GET", path, gzip_ok=True)
                kind, ok = "GET", status == 200
            mine[kind].append(time.perf_counter() - began)
            if not ok:
                with lock:
                    failures.append(f"{kind} {status} {payload[:120]!r}")
        phone.close()
        with lock:
            for kind in mine:
                timings[kind].extend(mine[kind])

    elapsed = run_clients(client, clients, seconds)
    return {"timings": timings, "failures": failures, "elapsed": elapsed}


def run_clients(
    client: Callable[[int, Callable[[], Any], Callable[[], bool]], None],
    clients: int,
    seconds: float,
) -> float:
    """Runs ``client(number, ready, running)`` in ``clients`` threads at once: each sets
    itself up, calls ``ready()`` (all start together), and works while ``running()``.
    Returns the seconds from the start to the last client's end."""
    start = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def running() -> bool:
        return time.perf_counter() < stop_at[0]

    threads = [
        threading.Thread(target=client, args=(n, start.wait, running)) for n in range(clients)
    ]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + seconds
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def run(args: argparse.Namespace, cache: bool) -> bool:
    """One load run against a fresh server; prints its table and says whether it met the
    targets."""
    with (
        tempfile.TemporaryDirectory() as folder,
        running_server(
            os.path.join(folder, "bench.db"), args.threads, cache=cache, workers=args.workers
        ) as base,
    ):
        game_id, phone = game_with_hands(base)
        path = f"/games/{game_id}"
        raw, html_gz, first_load = page_weight(phone, path)
        result = load(base, path, phone.cookies, args.seconds, args.clients)
        phone.close()
    print(
        f"scoreboard with {HANDS_PER_GAME} hands: HTML {raw} B, {html_gz} B gzipped "
        f"(target <= {TARGETS['html_gz']}); first load {first_load} B "
        f"(target <= {TARGETS['first_load']})"
    )
    print(
        f"{args.clients} clients for {result['elapsed']:.1f} s against waitress on loopback "
        f"({args.workers} worker process{'es' if args.workers > 1 else ''}), page cache "
        f"{'on' if cache else 'off'}; each client posts a hand after every 4 scoreboard fetches"
    )
    print(f"{'':6}{'requests':>10}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'target':>10}")
    ok = html_gz <= TARGETS["html_gz"] and first_load <= TARGETS["first_load"]
    for kind, target in (("GET", TARGETS["get_p99_ms"]), ("POST", TARGETS["post_p99_ms"])):
        times = result["timings"][kind]
        p50 = statistics.median(times) * 1000
        p99 = percentile(times, 0.99) * 1000
        ok = ok and p99 <= target
        print(
            f"{kind:6}{len(times):>10}{len(times) / result['elapsed']:>10.0f}"
            f"{p50:>10.1f}{p99:>10.1f}{'<= ' + str(int(target)):>10}"
        )
    total = sum(len(t) for t in result["timings"].values())
    print(f"all   {total:>10}{total / result['elapsed']:>10.0f}")
    if result["failures"]:
        print(f"{len(result['failures'])} failed requests, e.g. {result['failures'][0]}")
        ok = False
    print("targets met" if ok else "TARGETS MISSED")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="load duration per run")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients")
    parser.add_argument("--threads", type=int, help="the server's threads (default: serve's)")
    parser.add_argument(
        "--workers", type=int, default=1, help="the server's processes (serve --workers)"
    )
    parser.add_argument(
        "--cache",
        choices=("both", "on", "off"),
        default="both",
        help="the page cache: a run with it on, one with it off (every scoreboard rendered), "
        "or both",
    )
    args = parser.parse_args()
    runs = {"both": (True, False), "on": (True,), "off": (False,)}[args.cache]
    results = []
    for cache in runs:
        results.append(run(args, cache))
        print()
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
