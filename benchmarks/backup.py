"""Backups while phones save, and the disaster trials of `serve --replicate` (issue 31).

    .venv/bin/python benchmarks/backup.py [--games 2000] [--tables 30] [--seconds 10]
        [--backups 2] [--trials 10] [--interval 200ms] [--parts backup,disaster]

``backup``: a group's years (``--games`` games built as benchmarks/big_db.py builds them,
through the app's own data layer) served by ``scorekeeper serve``, and ``--tables``
tables each saving a hand every 100 ms (10 hands a second each) on one keep-alive
connection. First ``--seconds`` of saves alone; then the same load while ``scorekeeper
backup`` runs ``--backups`` times, one after another. Printed: the saves' count, p50 and
p99 without and during the backups (a save counts as during when it overlapped a backup
command); each backup's time (copy, then check), whether the copy passed `check`, and
how many saves acknowledged before it began are missing from it (must be 0).

``disaster``: ``--trials`` times, tests/transfer/test_replication.py's trial: phones save through
`serve --replicate file:///...` with Litestream syncing every ``--interval``; SIGKILL for
Litestream and the server at once; the database and its WAL and SHM deleted; `restore
--from-replica`; the server started on it. Printed per trial and in total: saves
acknowledged, those missing that were acknowledged more than 1.5 s before the kill
(must be 0), those missing from the last 1.5 s, the oldest lost save's age at the kill,
and whether every game replays to its stored totals.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_db import build  # noqa: E402
from proxy_load import Connection, serving  # noqa: E402
from web import Phone, new_game, percentile, sample_hand  # noqa: E402

POST_EVERY = 0.1


def table(port, game, stop, saves, lock) -> None:
    """A table's phone: a hand every POST_EVERY; each save as (began, ended, game, number)
    when acknowledged."""
    import json

    game_id, key = game
    phone = Connection(port)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {key}"}
    path = f"/api/games/{game_id}/hands"
    next_at, number = time.perf_counter(), 0
    mine = []
    while not stop.is_set():
        time.sleep(max(0.0, next_at - time.perf_counter()))
        next_at = max(next_at + POST_EVERY, time.perf_counter())
        began = time.perf_counter()
        try:
            status, _etag = phone.request("POST", path, json.dumps(sample_hand(number)), headers)
        except OSError:
            continue
        if status == 201:
            number += 1
            mine.append((began, time.perf_counter(), game_id, number))
    phone.close()
    with lock:
        saves.extend(mine)


def summary(durations: list[float]) -> str:
    if not durations:
        return "no saves"
    return (
        f"{len(durations)} saves, p50 {percentile(durations, 0.5) * 1000:.0f} ms, "
        f"p99 {percentile(durations, 0.99) * 1000:.0f} ms"
    )


def backup_part(args: argparse.Namespace, folder: str) -> None:
    from scorekeeper.database_check import check_database

    database = Path(folder) / "years.db"
    print(f"building {args.games} games ...")
    build(database, args.games)
    with serving(str(database), 1, 0) as port:
        setup = Phone(f"http://127.0.0.1:{port}")
        games = [new_game(setup)[:2] for _ in range(args.tables)]
        setup.close()
        saves: list = []
        lock, stop = threading.Lock(), threading.Event()
        threads = [
            threading.Thread(target=table, args=(port, game, stop, saves, lock)) for game in games
        ]
        for thread in threads:
            thread.start()
        time.sleep(args.seconds)
        windows, results = [], []
        for number in range(args.backups):
            copy = Path(folder) / f"copy-{number}.db"
            began = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "scorekeeper.cli", "backup", str(copy)]
                + ["--db", str(database)],
                capture_output=True,
                text=True,
                cwd=ROOT,
                check=False,
            )
            ended = time.perf_counter()
            windows.append((began, ended))
            results.append((copy, began, ended, done))
        time.sleep(1)
        stop.set()
        for thread in threads:
            thread.join()
    first_backup = windows[0][0]
    alone = [e - b for b, e, _g, _n in saves if e < first_backup]
    during = [e - b for b, e, _g, _n in saves if any(b < w1 and e > w0 for w0, w1 in windows)]
    print(f"backup: {args.tables} tables saving 10 hands/s each, {args.games} games stored")
    print(f"  without a backup: {summary(alone)}")
    print(f"  during a backup:  {summary(during)}")
    for copy, began, ended, done in results:
        acked = {(g, n) for _b, e, g, n in saves if e < began}
        with sqlite3.connect(copy) as reading:
            held = set(reading.execute("SELECT game_id, number FROM hands"))
        reading.close()
        report = check_database(copy)
        print(
            f"  backup {copy.name}: {ended - began:.1f} s (copy and check), exit "
            f"{done.returncode}, check {'passed' if report.ok else 'FAILED'} "
            f"({report.holds()}), acknowledged before it began: {len(acked)}, "
            f"missing from it: {len(acked - held)}"
        )
    from scorekeeper.db.backup import copy_database

    started = time.perf_counter()
    copy_database(database, Path(folder) / "quiet.db")
    copied = time.perf_counter()
    check_database(Path(folder) / "quiet.db")
    checked = time.perf_counter()
    print(
        f"  after the load, idle: the copy alone {copied - started:.2f} s, its check "
        f"{checked - copied:.2f} s ({database.stat().st_size / 1e6:.1f} MB)"
    )
    print(f"  load average: {os.getloadavg()[0]:.1f}")


def disaster_part(args: argparse.Namespace) -> None:
    from tests.support.replication import disaster

    print(f"disaster: {args.trials} trials, Litestream sync interval {args.interval}")
    totals = {"acked": 0, "missing": 0, "missing_recent": 0}
    worst, replays = 0.0, True
    for trial in range(args.trials):
        with tempfile.TemporaryDirectory() as folder:
            found = disaster(Path(folder), interval=args.interval)
        for name in totals:
            totals[name] += found[name]
        worst = max(worst, found["lost_window"])
        replays = replays and found["report"].ok
        print(
            f"  trial {trial + 1}: {found['acked']} saves acknowledged, missing "
            f"{found['missing']} older than 1.5 s, {found['missing_recent']} of the last "
            f"1.5 s; oldest lost acknowledged {found['lost_window'] * 1000:.0f} ms before the "
            "kill (below 0: its answer arrived as the server died); "
            f"check {'passed' if found['report'].ok else 'FAILED'}, /healthz {found['healthy']}"
        )
    print(
        f"  total: {totals['acked']} acknowledged, {totals['missing']} missing older than "
        f"1.5 s, {totals['missing_recent']} missing from the last 1.5 s before the kill; "
        f"oldest lost save {worst * 1000:.0f} ms before the kill; every game replays: "
        f"{replays}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--backups", type=int, default=2)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--interval", default="200ms")
    parser.add_argument("--parts", default="backup,disaster")
    args = parser.parse_args()
    parts = args.parts.split(",")
    if "backup" in parts:
        with tempfile.TemporaryDirectory() as folder:
            backup_part(args, folder)
    if "disaster" in parts:
        disaster_part(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
