"""A club night under load (issue 45): the standings' latency while every table saves a
hand every 20 s, and a table's save latency beside the same table's saves alone.

    .venv/bin/python benchmarks/club_standings.py [--tables 30] [--interval 20] [--seconds 60]

Starts ``scorekeeper serve`` (waitress) on a fresh database file, starts a Skat night of
``4 × --tables`` players through the JSON API (tables of four), then:

1. **alone**: one table saves a hand every ``--interval`` / ``--tables`` seconds (as often
   as the whole room saves, from one table) for ``--seconds`` / 3: its save p50 and p99;
   then the ``--readers`` read the standings with no table saving, for ``--seconds`` / 3:
   the standings' p50 and p99 alone;
2. **the night**: every table saves a hand every ``--interval`` seconds (staggered), while
   ``--readers`` clients read the standings (``GET /api/groups/<id>/club/<night>/standings``,
   the same reading as the page's), each every ``--read-every`` seconds, for
   ``--seconds``: the standings' p50 and p99, and the tables' save p50 and p99.

Printed: the machine's load average before and after (``os.getloadavg``: on a shared
machine the figures say how busy it was), the figures and whether the night met the issue's
targets (standings p99 ≤ 50 ms; a table's save p99 no worse than alone). The clients run
in this process on the same machine: on a shared machine the figures are a ceiling, not a
quiet server's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import Phone, percentile, running_server  # noqa: E402

from scorekeeper import db  # noqa: E402

WIN = {"game": "spades", "matadors": 1, "bid": 22, "declarer_points": 70}
LOSE = {"game": "hearts", "matadors": 1, "bid": 20, "declarer_points": 55}


def skat_hand(number: int) -> dict:
    """Deal ``number`` (1-based) at a table of four: the dealer sits out, so the declarer
    is the next seat; won and lost in turn."""
    return {"declarer": number % 4, **(WIN if number % 2 else LOSE)}


class Table:
    """A table's phone: its game, edit key and the deals it has saved."""

    def __init__(self, base: str, game_id: int, key: str) -> None:
        self.phone = Phone(base)
        self.game_id = game_id
        self.key = key
        self.saved = 0

    def save(self) -> float:
        self.saved += 1
        began = time.perf_counter()
        status, payload, _ = self.phone.request(
            "POST", f"/api/games/{self.game_id}/hands", skat_hand(self.saved), self.key
        )
        took = time.perf_counter() - began
        if status != 201:
            raise RuntimeError(f"save: {status} {payload[:200]!r}")
        return took


def start_night(base: str, tables: int) -> tuple[str, list[Table], str]:
    """A group, and a Skat night of 4 × ``tables`` players: (the standings' path, the
    tables, the group's key)."""
    phone = Phone(base)
    group = phone.json("POST", "/api/groups", {"name": "Benchmark club"})
    players = [f"Spieler {n:03d}" for n in range(1, 4 * tables + 1)]
    night = phone.json(
        "POST",
        f"/api/groups/{group['id']}/club",
        {"game": "skat", "players": players, "deals_per_player": 40},
        key=group["key"],
    )
    found = [Table(base, made["game_id"], made["edit_key"]) for made in night["keys"]]
    assert all(len(t["players"]) == 4 for t in night["tables"]), "tables of four"
    path = f"/api/groups/{group['id']}/club/{night['id']}/standings"
    return path, found, group["key"]


def every(period: float, seconds: float, action, offset: float = 0.0) -> list[float]:
    """Runs ``action()`` every ``period`` seconds (from ``offset``) for ``seconds``;
    returns what each call returned (its latency)."""
    took = []
    began = time.perf_counter()
    next_at = began + offset
    while True:
        now = time.perf_counter()
        if now - began >= seconds:
            return took
        if now < next_at:
            time.sleep(min(next_at - now, 0.05))
            continue
        took.append(action())
        next_at += period


def ms(values: list[float], fraction: float) -> str:
    return f"{percentile(values, fraction) * 1000:.1f} ms" if values else "-"


def read_alone(base: str, path: str, key: str, args) -> list[float]:
    """The standings read by ``--readers`` clients while no table saves, for a third of
    ``--seconds``: each read's latency."""
    reads: list[float] = []
    lock = threading.Lock()

    def reader() -> None:
        phone = Phone(base)
        for _ in every(args.read_every or 0.001, args.seconds / 3, lambda: None):
            began = time.perf_counter()
            status, payload, _ = phone.request("GET", path, key=key)
            if status != 200:
                raise RuntimeError(f"standings: {status} {payload[:200]!r}")
            with lock:
                reads.append(time.perf_counter() - began)

    threads = [threading.Thread(target=reader) for _ in range(args.readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return reads


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument(
        "--interval", type=float, default=20.0, help="seconds between a table's saves"
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--readers", type=int, default=2, help="clients reading the standings")
    parser.add_argument(
        "--read-every",
        type=float,
        default=0.2,
        help="seconds between a reader's reads (0: back to back); 2 readers at 0.2 s are 10 "
        "reads a second, more than 120 phones and a projector reloading every 20 s",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "club.db")
        db.migrate(path).close()
        with running_server(path) as base:
            standings_path, tables, key = start_night(base, args.tables)
            load_before = os.getloadavg()
            alone = every(args.interval / args.tables, args.seconds / 3, tables[0].save)
            saves: list[float] = []
            reads: list[float] = []
            lock = threading.Lock()
            stop = threading.Event()
            quiet = read_alone(base, standings_path, key, args)

            def table_loop(table: Table, offset: float) -> None:
                took = every(args.interval, args.seconds, table.save, offset)
                with lock:
                    saves.extend(took)

            def reader() -> None:
                phone = Phone(base)
                while not stop.is_set():
                    began = time.perf_counter()
                    status, payload, _ = phone.request("GET", standings_path, key=key)
                    if status != 200:
                        raise RuntimeError(f"standings: {status} {payload[:200]!r}")
                    with lock:
                        reads.append(time.perf_counter() - began)
                    stop.wait(args.read_every)

            threads = [
                threading.Thread(target=table_loop, args=(t, n * args.interval / len(tables)))
                for n, t in enumerate(tables)
            ]
            readers = [threading.Thread(target=reader) for _ in range(args.readers)]
            for thread in [*threads, *readers]:
                thread.start()
            for thread in threads:
                thread.join()
            stop.set()
            for thread in readers:
                thread.join()
            load_after = os.getloadavg()
    standings_p99 = percentile(reads, 0.99)
    print(f"club night: {args.tables} tables of four, a hand every {args.interval:g} s each")
    print(
        f"  a table alone      saves {len(alone):4d}  p50 {ms(alone, 0.5)}  p99 {ms(alone, 0.99)}"
    )
    print(
        f"  the night's tables saves {len(saves):4d}  p50 {ms(saves, 0.5)}  p99 {ms(saves, 0.99)}"
    )
    print(
        f"  standings alone    reads {len(quiet):4d}  p50 {ms(quiet, 0.5)}  p99 {ms(quiet, 0.99)}"
    )
    print(
        f"  standings          reads {len(reads):4d}  p50 {ms(reads, 0.5)}  p99 {ms(reads, 0.99)}"
    )
    print(
        "  load average (1, 5, 15 min) before "
        + ", ".join(f"{v:.2f}" for v in load_before)
        + " · after "
        + ", ".join(f"{v:.2f}" for v in load_after)
        + f" · {os.cpu_count()} cores"
    )
    met = standings_p99 <= 0.050 and percentile(saves, 0.99) <= percentile(alone, 0.99) * 1.1
    print(
        "  targets (standings p99 <= 50 ms; saves p99 no worse than alone):",
        "met" if met else "NOT met",
    )
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
