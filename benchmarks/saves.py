"""How far one server goes: the hand saves per second it sustains, and how many tables that
serves (issue 12).

    .venv/bin/python benchmarks/saves.py [--seconds 10] [--clients 8] [--workers 1,2]

For each number of worker processes it starts that many ``scorekeeper serve`` (waitress)
processes on one fresh database file on disk, in WAL mode, with the app's own pragmas:
``synchronous=FULL`` (a hand is on disk before the phone is told it is saved). Clients
spread over the workers as a reverse proxy would, each one a table posting hands to its
own game (``POST /api/games/<id>/hands``, the real HTTP path) as fast as it is answered,
for ``--seconds``. A game is replaced after ``--hands`` hands (0: never), so the saves run
in games of every length up to it.

Printed per configuration: saves per second (201 answers), latency p50 and p99, failures,
and the tables one server carries at one hand every 4 minutes per table (a hand of Israeli
Whist or Bid Whist takes about that long to bid, play and write down). The clients run in
this process, on the same machine, and take some of its cores too: the figures are a floor.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import (  # noqa: E402
    Phone,
    new_game,
    percentile,
    run_clients,
    running_server,
    sample_hand,
)

from scorekeeper import db  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SECONDS_PER_HAND = 4 * 60  # one hand every 4 minutes per table


def pragmas(path: str) -> tuple[str, int]:
    """(journal mode, synchronous) as a connection of the app sets them on ``path``."""
    database = db.connect(path)
    try:
        journal = database.execute("PRAGMA journal_mode").fetchone()[0]
        synchronous = database.execute("PRAGMA synchronous").fetchone()[0]
    finally:
        database.close()
    return journal, synchronous


def run(workers: int, clients: int, seconds: float, hands: int, folder: Path) -> dict:
    path = str(folder / f"saves-{workers}-workers.db")
    db.migrate(path).close()  # created and in WAL before the workers start
    with ExitStack() as stack:
        bases = [stack.enter_context(running_server(path)) for _ in range(workers)]
        timings: list[float] = []
        failures: list[str] = []
        lock = threading.Lock()

        def table(number: int, ready, running) -> None:
            phone = Phone(bases[number % workers])
            game_id, key, _ = new_game(phone)
            posted, mine, problems = 0, [], []
            ready()
            while running():
                if hands and posted == hands:
                    game_id, key, _ = new_game(phone)
                    posted = 0
                began = time.perf_counter()
                status, payload, _ = phone.request(
                    "POST", f"/api/games/{game_id}/hands", sample_hand(posted), key
                )
                if status == 201:
                    mine.append(time.perf_counter() - began)
                    posted += 1
                else:
                    problems.append(f"{status} {payload[:120]!r}")
            phone.close()
            with lock:
                timings.extend(mine)
                failures.extend(problems)

        elapsed = run_clients(table, clients, seconds)
    journal, synchronous = pragmas(path)
    longest = db.connect(path)
    try:
        most = longest.execute("SELECT max(hand_count) FROM games").fetchone()[0]
    finally:
        longest.close()
    return {
        "workers": workers,
        "saves": len(timings),
        "rate": len(timings) / elapsed,
        "p50": statistics.median(timings) * 1000 if timings else float("nan"),
        "p99": percentile(timings, 0.99) * 1000 if timings else float("nan"),
        "failures": failures,
        "journal": journal,
        "synchronous": synchronous,
        "longest": most,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="load per configuration")
    parser.add_argument("--clients", type=int, default=8, help="tables posting at once")
    parser.add_argument(
        "--workers", default="1,2", help="worker processes to try, comma-separated (1,2,4)"
    )
    parser.add_argument(
        "--hands", type=int, default=0, help="hands after which a table starts a new game"
    )
    parser.add_argument("--dir", help="folder for the database files (default: build/bench)")
    args = parser.parse_args()
    folder = Path(args.dir) if args.dir else ROOT / "build" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    print(
        f"{args.clients} tables posting hands for {args.seconds:.0f} s each, over HTTP to "
        f"waitress on loopback; database on disk in {folder}"
    )
    print(
        f"{'workers':>7} {'saves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'failed':>6} "
        f"{'longest game':>12} {'tables at 1 hand / 4 min':>25}"
    )
    failed = False
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        for workers in (int(w) for w in args.workers.split(",")):
            result = run(workers, args.clients, args.seconds, args.hands, Path(scratch))
            tables = result["rate"] * SECONDS_PER_HAND
            print(
                f"{workers:>7} {result['rate']:>8.0f} {result['p50']:>7.1f} {result['p99']:>7.1f} "
                f"{len(result['failures']):>6} {result['longest']:>12} {tables:>25,.0f}"
            )
            for failure in result["failures"][:3]:
                print(f"        failed: {failure}")
            failed |= bool(result["failures"])
            assert result["synchronous"] == 2, "the app no longer sets synchronous=FULL"
            assert result["journal"] == "wal"
    print("pragmas: journal_mode=wal, synchronous=FULL (2), as scorekeeper/db/connection.py sets")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
