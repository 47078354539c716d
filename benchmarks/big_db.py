"""The heavy pages on a database of 64,000 games: how long each request holds a thread.

    .venv/bin/python benchmarks/big_db.py [--games 64000] [--db PATH] [--rebuild]

It builds (once; later runs reuse the file) a database of ``--games`` finished and
unfinished games among twelve players, through the app's own data layer: every hand is
checked and scored by the engine and stored by ``db.import_games``, a thousand games to a
transaction, so the file is exactly what the app would have stored. Then it times, through
the Flask test client (the same code a waitress thread runs), every page of issue 8 item
10: pages of the history, a player's page, head-to-head of four and of eight players, and
the exports of every game (at once, and the parts History offers). Printed per request:
seconds, status, bytes sent and, with ``--memory``, the peak memory it allocated.

Target (issue 8, item 10): no request holds a thread for more than 2 s on 64,000 games.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import tracemalloc
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper import db
from scorekeeper.engine import get_game
from scorekeeper.engine.core.schema import Hand
from scorekeeper.engine.israeli_whist import (
    PRESETS,
    forbidden_for_entry,
    record_from_dict,
)
from scorekeeper.web import create_app

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = ROOT / "build" / "bench" / "big-64000.db"
NAMES = (
    *("Noa", "Avi", "Dana", "Yossi", "Tamar", "Eli"),
    *("Maya", "Omer", "Shira", "Gil", "Rina", "Ben"),
)
RULES = "pagat-german"
TARGET_SECONDS = 2.0
BATCH = 1000


def random_hand(rng: random.Random, settings) -> Hand:
    """A legal hand of varied shape; the engine checks it, so a sample never breaks a rule."""
    while True:
        if rng.random() < 0.08:
            body = {"thrown_in": True, "frisch_rounds": settings.frisch_rounds}
        else:
            declarer = rng.randrange(4)
            level = rng.choice((5, 5, 5, 6, 6, 7, 8))
            contracts = [rng.choice((0, 1, 1, 2, 2, 3, 3, 4)) for _ in range(4)]
            contracts[declarer] = level
            last = (declarer + 3) % 4
            if contracts[last] == forbidden_for_entry(contracts, declarer):
                contracts[last] += 1 if contracts[last] == 0 or rng.random() < 0.5 else -1
            tricks = [max(0, c + rng.choice((-1, 0, 0, 0, 1))) for c in contracts]
            while sum(tricks) != 13:
                seat = rng.randrange(4)
                if sum(tricks) < 13:
                    tricks[seat] += 1
                elif tricks[seat]:
                    tricks[seat] -= 1
            body = {
                "declarer": declarer,
                "bid": f"{level}{rng.choice(('C', 'D', 'H', 'S', 'NT'))}",
                "contracts": contracts,
                "tricks": tricks,
            }
        try:
            return record_from_dict(settings, body)
        except ValueError:
            continue


def random_game(rng: random.Random, number: int, start: datetime, finish: bool):
    """One game as ``db.import_games`` takes it: hands up to its end (or fewer, unfinished)."""
    settings = PRESETS[RULES]
    first_dealer = rng.randrange(4)
    records = [random_hand(rng, settings) for _ in range(80)]
    # The longest prefix the engine accepts ends with the hand that decided the game.
    low, high = 1, len(records)
    while low < high:
        middle = (low + high + 1) // 2
        try:
            get_game("israeli-whist").replay(settings, first_dealer, records[:middle])
            low = middle
        except ValueError:
            high = middle - 1
    records = records[:low] if finish else records[: rng.randrange(1, max(2, low))]
    created = start + timedelta(hours=number * 3)
    return imported_game(settings, first_dealer, records, rng.sample(NAMES, 4), created)


def imported_game(settings, first_dealer: int, records, players, created: datetime, game=None):
    """A game of ``records`` as ``db.import_games`` takes it, its hands four minutes apart
    from ``created``, each recorded once: Israeli Whist, or ``game`` (a registered game
    seated at the table's size), scored by its own replay."""
    if game is None:
        key, rules = "israeli-whist", RULES
        progress = get_game("israeli-whist").replay(settings, first_dealer, records)
    else:
        key, rules = game.key, game.default_preset
        progress = game.replay(settings, first_dealer, records)
    stamps = [
        (created + timedelta(minutes=4 * i)).isoformat(timespec="seconds")
        for i in range(len(records) + 1)
    ]
    hands = tuple(
        db.ImportedHand(i, record, 1, stamps[i], stamps[i]) for i, record in enumerate(records, 1)
    )
    revisions = tuple(
        db.Revision(h.number, 1, "recorded", h.record.to_dict(), h.created_at) for h in hands
    )
    return db.ImportedGame(
        id=None,
        created_at=stamps[0],
        updated_at=stamps[-1],
        name=None,
        notes=None,
        game=key,
        rules=rules,
        settings=settings,
        first_dealer=first_dealer,
        players=tuple(players),
        hands=hands,
        progress=progress,
        revisions=revisions,
    )


def fresh_database(path: Path):
    """A new, empty, migrated database at ``path``, any earlier file (and its WAL) gone."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return db.migrate(str(path))


def build(path: Path, games: int, seed: int = 8) -> None:
    """Writes ``games`` games to a new database at ``path``."""
    database = fresh_database(path)
    rng = random.Random(seed)
    start = datetime(2001, 1, 1, 18, tzinfo=UTC)
    # The club is one group, as a database from before groups becomes.
    club = db.create_group(database, "Club")[0].id
    began = time.perf_counter()
    for first in range(0, games, BATCH):
        batch = [
            # The newest twentieth of the games are still being played.
            random_game(rng, number, start, finish=number < games * 0.95)
            for number in range(first, min(games, first + BATCH))
        ]
        db.import_games(database, batch, club)
        done = first + len(batch)
        print(f"\r  built {done}/{games} games ({time.perf_counter() - began:.0f} s)", end="")
    print()
    database.close()


def requests(client) -> Iterator[tuple[str, str]]:
    """(label, path) of every request measured. The export parts are the ones History
    links to; a server without parts (before issue 8) exports everything at once."""
    history = client.get("/history").get_data(as_text=True)
    yield "history, first page", "/history"
    yield "history, page 1000", "/history?page=1000"
    yield "history, one player's games", f"/history?player={NAMES[0]}"
    yield "player page", f"/players/{NAMES[0]}"
    yield "player page, page 200", f"/players/{NAMES[0]}?page=200"
    yield "head-to-head of four", "/players?" + "&".join(f"player={n}" for n in NAMES[:4])
    yield "head-to-head of eight", "/players?" + "&".join(f"player={n}" for n in NAMES[:8])
    for file_format in ("csv", "json"):
        parts = re.findall(rf'href="(/export\.{file_format}\?first=\d+&amp;last=\d+)"', history)
        if not parts:
            yield f"export of every game, {file_format}", f"/export.{file_format}"
            continue
        yield f"export of every game, {file_format}", f"/export.{file_format}"
        for label, path in (("first", parts[0]), ("middle", parts[len(parts) // 2])):
            yield (
                f"export, {label} of {len(parts)} parts, {file_format}",
                path.replace("&amp;", "&"),
            )


def measure(client, path: str) -> tuple[float, int, int, int]:
    """(seconds, status, bytes, peak bytes allocated) of one request, body read to the end."""
    tracemalloc.start()
    began = time.perf_counter()
    response = client.get(path, buffered=False)
    size = sum(len(chunk) for chunk in response.response)
    response.close()
    seconds = time.perf_counter() - began
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, response.status_code, size, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64_000)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--memory", action="store_true", help="also the peak memory allocated")
    args = parser.parse_args()
    path = args.db or DEFAULT_DB.with_name(f"big-{args.games}.db")
    if args.rebuild or not path.exists():
        print(f"Building {args.games} games in {path}")
        build(path, args.games)
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "benchmark", "TESTING": True})
    client = app.test_client()
    database = db.connect(str(path))
    games, hands = database.execute("SELECT count(*), sum(hand_count) FROM games").fetchone()
    database.close()
    print(f"{games} games, {hands} hands in {path}")
    worst = 0.0
    for label, path_ in requests(client):
        began = time.perf_counter()
        response = client.get(path_, buffered=False)
        size = sum(len(chunk) for chunk in response.response)
        response.close()
        seconds, status = time.perf_counter() - began, response.status_code
        worst = max(worst, seconds)
        line = f"{label:34} {seconds:6.2f} s  {status}  {size / 1e6:7.2f} MB"
        if args.memory:
            # Measured again: tracemalloc slows the request several times over.
            line += f"  peak {measure(client, path_)[3] / 1e6:6.1f} MB allocated"
        print(line, flush=True)
    verdict = "met" if worst <= TARGET_SECONDS else "NOT met"
    print(f"slowest request {worst:.2f} s; target <= {TARGET_SECONDS:.0f} s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
