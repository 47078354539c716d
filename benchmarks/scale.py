"""Every page and API route on a club's ten years of games (issue 12): p50, p99, queries per
request and peak RSS, with the page cache off.

    .venv/bin/python benchmarks/scale.py [--games 10000] [--hands 30] [--runs 100] [--rebuild]

It builds once (later runs reuse the file) a database of ``--games`` Israeli Whist games of
``--hands`` hands among 200 players in overlapping groups of twelve, plus one game of 1,000
hands, all through the app's own data layer (``db.import_games``: every hand checked and
scored by the engine). Then it times each route through the Flask test client, the same
code a waitress thread runs, ``--runs`` times: server time per request (p50 and p99), the
SQL statements each request ran, and the process's peak RSS at the end. A hand POST is
timed on the 1,000-hand game (each posted hand is deleted again, so the game stays the
same size).

Targets (issue 12): every route p99 <= 50 ms and p50 <= 10 ms.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper import db
from scorekeeper.engine.israeli_whist import PRESETS
from scorekeeper.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_db import fresh_database, imported_game, random_hand  # noqa: E402  (a sibling: the same legal hands)

ROOT = Path(__file__).resolve().parent.parent
RULES = "pagat-german"
PLAYERS = [f"Player {n:03d}" for n in range(200)]
LONG_GAME_HANDS = 1000
TARGET_P99_MS, TARGET_P50_MS = 50.0, 10.0


def imported(rng: random.Random, number: int, players, hands: int, start: datetime):
    """One game of ``hands`` hands, all played (the target is out of reach), as
    ``db.import_games`` takes it."""
    settings = PRESETS[RULES].with_changes({"target": 100_000})
    records = [random_hand(rng, settings) for _ in range(hands)]
    created = start + timedelta(hours=number * 8)
    return imported_game(settings, rng.randrange(4), records, players, created)


def build(path: Path, games: int, hands: int, seed: int = 12) -> None:
    """``games`` games among 200 players who play in overlapping groups of twelve (each
    group shares four players with the next), then the 1,000-hand game, last."""
    database = fresh_database(path)
    rng = random.Random(seed)
    start = datetime(2016, 1, 1, 18, tzinfo=UTC)
    began = time.perf_counter()
    batch = []
    for number in range(games):
        group = number % 25
        pool = [PLAYERS[(group * 8 + i) % len(PLAYERS)] for i in range(12)]
        batch.append(imported(rng, number, rng.sample(pool, 4), hands, start))
        if len(batch) == 500:
            db.import_games(database, batch)
            batch = []
    batch.append(imported(rng, games, PLAYERS[:4], LONG_GAME_HANDS, start))
    db.import_games(database, batch)
    database.close()
    print(
        f"built {games:,} games + one of {LONG_GAME_HANDS:,} hands in "
        f"{time.perf_counter() - began:.0f} s: {path}"
    )


class Counter:
    """Counts the SQL statements a connection runs."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, _statement: str) -> None:
        self.count += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--rebuild", action="store_true")
    options = parser.parse_args()
    path = ROOT / "build" / "bench" / f"scale-{options.games}x{options.hands}.db"
    if options.rebuild or not path.exists():
        build(path, options.games, options.hands)
    app = create_app(
        {
            "DATABASE": str(path),
            "SECRET_KEY": "bench",
            "PAGE_CACHE_SIZE": 0,
            "WTF_CSRF_ENABLED": False,
        }
    )
    client = app.test_client()
    with app.app_context():
        database = db.connect(str(path))
        long_game = database.execute("SELECT max(id) FROM games").fetchone()[0]
        some_game = long_game // 2
        key = db.replace_edit_key(database, long_game)
        database.close()
    players = PLAYERS[8:16]
    h2h = "&".join(f"player={name}" for name in players)
    routes = [
        ("home", "GET", "/"),
        ("new game", "GET", "/games/new?game=israeli-whist"),
        ("history", "GET", "/history"),
        ("history page 50", "GET", "/history?page=50"),
        ("players", "GET", "/players"),
        ("player page", "GET", f"/players/{PLAYERS[9]}"),
        ("head-to-head 2", "GET", f"/players?player={players[0]}&player={players[1]}"),
        ("head-to-head 8", "GET", f"/players?{h2h}"),
        ("scoreboard", "GET", f"/games/{some_game}"),
        ("scoreboard, 1,000 hands", "GET", f"/games/{long_game}"),
        ("stats", "GET", f"/games/{some_game}/stats"),
        ("print", "GET", f"/games/{some_game}/print"),
        ("API game", "GET", f"/api/games/{some_game}"),
        ("API game, 1,000 hands", "GET", f"/api/games/{long_game}"),
        ("API list", "GET", "/api/games"),
        ("hand POST, 1,000 hands", "POST", f"/api/games/{long_game}/hands"),
    ]
    hand = {
        "declarer": 2,
        "bid": "7C",
        "frisch_rounds": 0,
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
    }
    auth = {"Authorization": f"Bearer {key}"}
    print(
        f"{'route':28} {'p50 ms':>8} {'p99 ms':>8} {'queries':>8}  target p50 <= "
        f"{TARGET_P50_MS:.0f} ms, p99 <= {TARGET_P99_MS:.0f} ms"
    )
    for name, method, url in routes:
        if method == "GET":
            # Once untimed: the first request compiles the page's templates, as a server
            # does once at its first visitor, not on every request.
            client.get(url).close()
        times, queries = [], []
        for _ in range(options.runs):
            counter = Counter()
            with app.app_context():
                db.get_db().conn.set_trace_callback(counter)
                began = time.perf_counter()
                if method == "GET":
                    response = client.get(url)
                else:
                    response = client.post(url, json=hand, headers=auth)
                times.append((time.perf_counter() - began) * 1000)
                db.get_db().conn.set_trace_callback(None)
            queries.append(counter.count)
            if method == "POST":
                number = response.get_json()["number"]
                client.delete(f"/api/games/{long_game}/hands/{number}", headers=auth)
            response.close()
        times.sort()
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        mark = "" if p99 <= TARGET_P99_MS and statistics.median(times) <= TARGET_P50_MS else "  ✗"
        print(
            f"{name:28} {statistics.median(times):8.1f} {p99:8.1f} "
            f"{statistics.median(queries):8.0f}{mark}"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
