"""A group's whole export, streamed, while other phones keep playing (issue 21).

    .venv/bin/python benchmarks/group_export.py [--games 10000] [--hands 30] [--clients 8]
                                                 [--rebuild]

It builds once (later runs reuse the file, under build/bench/) a database with one group
of ``--games`` Israeli Whist games of ``--hands`` hands (300,000 hands by default), through
the app's own data layer as ``scale.py`` builds its club. Then it starts the real server
(``scorekeeper serve``: waitress, its default threads) and downloads
``/groups/<id>/export.json`` as a member of the group, while ``--clients`` threads each
play a game of their own: GET its scoreboard, and every fifth request POST a hand.

It prints the export's time and size, the server process's peak RSS (``VmHWM``), and the
other clients' p50 and p99 during the export (GET and POST apart), beside the same clients
without an export running, for comparison.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from big_db import fresh_database  # noqa: E402
from scale import PLAYERS, imported  # noqa: E402
from web import Phone, _wait_for, free_port, new_game, percentile, sample_hand  # noqa: E402

from scorekeeper import db  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SECRET = "benchmark"
BATCH = 500


def build(path: Path, games: int, hands: int, seed: int = 21) -> None:
    """One group of ``games`` games of ``hands`` hands each, among 200 players."""
    database = fresh_database(path)
    rng = random.Random(seed)
    start = datetime(2016, 1, 1, 18, tzinfo=UTC)
    began = time.perf_counter()
    group = db.create_group(database, "Club")[0].id
    batch = []
    for number in range(games):
        batch.append(imported(rng, number, rng.sample(PLAYERS[:24], 4), hands, start))
        if len(batch) == BATCH:
            db.import_games(database, batch, group)
            batch = []
    if batch:
        db.import_games(database, batch, group)
    database.close()
    print(f"built {games:,} games of {hands} hands in {time.perf_counter() - began:.0f} s: {path}")


def member_cookie(group_id: int) -> tuple[str, str]:
    """The session cookie of a member of the group, signed with the server's secret key:
    what a phone holds after opening the group's invite link."""
    from scorekeeper.web import create_app
    from scorekeeper.web.access import SESSION_GROUPS, membership_proof

    app = create_app({"SECRET_KEY": SECRET, "DATABASE": ":memory:", "TESTING": True})
    with app.test_request_context():
        group = db.Group(group_id, None, "", "", 1, "")
        value = {SESSION_GROUPS: {str(group_id): membership_proof(group.id, group.member_epoch)}}
        signed = app.session_interface.get_signing_serializer(app).dumps(value)
    return app.config["SESSION_COOKIE_NAME"], signed


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def current_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Players:
    """``clients`` threads, each playing a game of its own until stopped: its scoreboard
    (as the phone that holds its edit link) and, every fifth request, a hand POSTed."""

    def __init__(self, base: str, clients: int) -> None:
        self.base = base
        self.clients = clients
        self.timings: list[tuple[float, str, float]] = []  # (start, kind, seconds)
        self.failures: list[str] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.ready = threading.Barrier(clients + 1)
        self.threads = [threading.Thread(target=self.play, args=(n,)) for n in range(clients)]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()
        self.ready.wait()

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()

    def play(self, number: int) -> None:
        phone = Phone(self.base)
        game_id, key, edit_url = new_game(phone)
        phone.request("GET", urllib.parse.urlsplit(edit_url).path)
        posted, step, mine = 0, number, []
        self.ready.wait()
        while not self.stop.is_set():
            step += 1
            began = time.perf_counter()
            if step % 5 == 0:
                status, payload, _ = phone.request(
                    "POST", f"/api/games/{game_id}/hands", sample_hand(posted), key
                )
                kind, ok = "POST", status == 201
                posted += 1
            else:
                status, payload, _ = phone.request("GET", f"/games/{game_id}", gzip_ok=True)
                kind, ok = "GET", status == 200
            mine.append((began, kind, time.perf_counter() - began))
            if not ok:
                with self.lock:
                    self.failures.append(f"{kind} {status} {payload[:120]!r}")
        phone.close()
        with self.lock:
            self.timings.extend(mine)

    def between(self, first: float, last: float, kind: str) -> list[float]:
        return [s for began, k, s in self.timings if k == kind and first <= began <= last]


def figures(times: list[float]) -> str:
    if not times:
        return "no requests"
    return (
        f"n={len(times):5d}  p50 {percentile(times, 0.5) * 1000:6.1f} ms  "
        f"p99 {percentile(times, 0.99) * 1000:6.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--baseline", type=float, default=10.0, help="seconds without export")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    path = ROOT / "build" / "bench" / f"group-export-{args.games}x{args.hands}.db"
    if args.rebuild or not path.exists():
        build(path, args.games, args.hands)
    connection = db.open_database(str(path))
    group = db.list_groups(connection)[0]
    games, hands = db.count_games(connection, group_id=group.id)
    connection.close()
    print(f"group {group.id}: {games:,} games, {hands:,} hands")
    cookie = "=".join(member_cookie(group.id))

    port = free_port()
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
    env = {**os.environ, "SCOREKEEPER_SECRET_KEY": SECRET}
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            [*command, "--db", str(path)], stdout=log, stderr=subprocess.STDOUT, env=env
        )
        try:
            _wait_for(port, server, log)
            base = f"http://127.0.0.1:{port}"
            players = Players(base, args.clients)
            players.start()
            time.sleep(args.baseline)
            rss_before = current_rss_mb(server.pid)
            export_began = time.perf_counter()
            size, status = download(base, f"/groups/{group.id}/export.json", cookie)
            export_ended = time.perf_counter()
            time.sleep(2)
            players.finish()
            peak = peak_rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    seconds = export_ended - export_began
    rate = size / seconds / 1e6
    print(f"export: HTTP {status}, {size:,} bytes in {seconds:.1f} s ({rate:.1f} MB/s)")
    print(f"server RSS before the export {rss_before:.0f} MB; peak RSS {peak:.0f} MB")
    for kind in ("GET", "POST"):
        during = players.between(export_began, export_ended, kind)
        baseline = players.between(0, export_began, kind)
        print(f"{args.clients} clients {kind:4s} without export: {figures(baseline)}")
        print(f"{args.clients} clients {kind:4s} during export:  {figures(during)}")
    if players.failures:
        print(f"{len(players.failures)} failed requests, e.g. {players.failures[0]}")
        return 1
    return 0 if status == 200 else 1


def download(base: str, path: str, cookie: str) -> tuple[int, int]:
    """Streams ``path`` to nowhere as a member would download it: (bytes, status)."""
    import http.client

    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    connection.request("GET", path, headers={"Cookie": cookie, "Accept-Encoding": "identity"})
    response = connection.getresponse()
    size = 0
    while chunk := response.read(1 << 16):
        size += len(chunk)
    connection.close()
    return size, response.status


if __name__ == "__main__":
    sys.exit(main())
