"""Ratings on a club's ten years of finished games (issue 22, docs/rules/ratings.md): a full
re-rating of a group of 10,000 games, the rating of one more finished game, a re-rating
from the middle, and the reads the pages make.

    .venv/bin/python benchmarks/ratings.py [--games 10000] [--hands 30] [--runs 100]
        [--rebuild]

It builds once (later runs reuse the file) a database the way ``benchmarks/scale.py``
does, with its own builder (``scale.build``: the same players in overlapping groups of
twelve, the same other kinds' games first, the club one group), except that each of the
club's games is a round sheet (``any-game``) of ``--hands`` rounds that ends at its last
round, so every one of them is finished and rated; ``scale.py``'s own club games are
Israeli Whist with a target out of reach, never finished, so they have no ratings to
time. Every game goes in through ``db.import_games``, which rates it as it is stored.

Then it prints:

- the full re-rating of the club (``scorekeeper ratings --rebuild --group``,
  ``db.rebuild_ratings``), ``--full`` times;
- a finishing save: one round recorded that ends a game (the save, the game's status
  and its one rating event, in one transaction), against a save that does not end one,
  ``--runs`` times each, p50 and p99;
- deleting that last round again (the game no longer finished: its event taken out);
- an edit of the round of the game in the middle of the order (every later event of the
  kind rated again: half the group's);
- the ratings table (``db.ratings_table``, what the ratings page and the API read), a
  player's rating history, the fairest partnerships of four names, and ``GET
  /api/groups/<id>/ratings`` through the Flask test client, p50 and p99.

No timed assertion: the figures are for the closing note.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from scorekeeper import db, game_play
from scorekeeper.engine.registry import table_game
from scorekeeper.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent))
import scale  # noqa: E402  (a sibling: its builder)

SHEET = scale.SHEET
database_path = scale.rated_database_path
build = scale.build_rated


def p50_p99(times: list[float]) -> str:
    return (
        f"p50 {statistics.median(times) * 1000:7.2f} ms  "
        f"p99 {scale.percentile_99(times) * 1000:7.2f} ms"
    )


def timed(call, runs: int) -> list[float]:
    return timed_each(lambda _: call(), range(runs))


def timed_each(call, items) -> list[float]:
    """The time of ``call(item)`` for each of ``items``."""
    times = []
    for item in items:
        began = time.perf_counter()
        call(item)
        times.append(time.perf_counter() - began)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--full", type=int, default=3, help="full re-ratings timed")
    parser.add_argument("--rebuild", action="store_true", help="build the database again")
    options = parser.parse_args()
    path = database_path(options.games, options.hands)
    if options.rebuild or not path.exists():
        began = time.perf_counter()
        build(path, options.games, options.hands)
        print(f"built (and rated as imported) in {time.perf_counter() - began:.0f} s")
    database = db.connect(str(path))
    group = database.execute("SELECT id FROM groups ORDER BY id").fetchone()[0]
    events = database.execute(
        "SELECT count(*) FROM rating_games WHERE group_id = ? AND game = ?", [group, SHEET]
    ).fetchone()[0]
    players = database.execute(
        "SELECT count(*) FROM ratings WHERE group_id = ? AND game = ?", [group, SHEET]
    ).fetchone()[0]
    print(f"group {group}: {events:,} finished {SHEET} games rated, {players} players")

    # The full re-rating, as `scorekeeper ratings --rebuild --group` runs it.
    full = []
    for _ in range(options.full):
        began = time.perf_counter()
        rated = db.rebuild_ratings(database, group)
        full.append(time.perf_counter() - began)
    print(
        f"full re-rating of the group ({rated:,} events, every kind): "
        + ", ".join(f"{t:.2f} s" for t in full)
        + f" (best {min(full):.2f} s)"
    )

    # One more finished game: a save that ends it (and rates it) against one that does not.
    names = [
        row[0]
        for row in database.execute(
            "SELECT player FROM ratings WHERE group_id = ? AND game = ? ORDER BY player LIMIT 4",
            [group, SHEET],
        )
    ]
    game = table_game(SHEET, 4)
    settings = game.settings_from_dict({"goal": "rounds", "rounds": 2})
    rng = random.Random(5)

    def new_game() -> int:
        return db.create_game(database, names, SHEET, settings, 0, SHEET, group_id=group)[0]

    def round_() -> dict:
        return {"points": [rng.randint(0, 20) for _ in names]}

    game_ids = [new_game() for _ in range(options.runs)]
    middle_saves = timed_each(lambda g: game_play.add_hand(database, g, round_()), game_ids)
    finishing = timed_each(lambda g: game_play.add_hand(database, g, round_()), game_ids)
    assert all(db.load_game(database, g).status == "finished" for g in game_ids[:3])
    print(f"a save that does not end the game:           {p50_p99(middle_saves)}")
    print(f"a save that ends it, with its rating event:  {p50_p99(finishing)}")
    print(
        "  the rating's share (p50 of the difference): "
        f"{(statistics.median(finishing) - statistics.median(middle_saves)) * 1000:.2f} ms"
    )
    undone = timed_each(
        lambda g: game_play.delete_last_hand(database, g, 2), list(reversed(game_ids))
    )
    print(f"deleting its last round (event taken out):   {p50_p99(undone)}")

    # An edit of the game in the middle of the order: half the group's events again.
    middle = database.execute(
        "SELECT game_id FROM rating_games WHERE group_id = ? AND game = ? ORDER BY position "
        "LIMIT 1 OFFSET ?",
        [group, SHEET, events // 2],
    ).fetchone()[0]
    stored = db.load_game(database, middle)
    hand = db.load_hand(database, middle, stored.hand_count)
    changed = {"points": [p + 1 for p in hand.record.to_dict()["points"]]}
    began = time.perf_counter()
    game_play.replace_hand(database, middle, stored.hand_count, changed)
    print(
        f"an edit of the middle game's last round (re-rates ~{events - events // 2:,} events): "
        f"{time.perf_counter() - began:.2f} s"
    )

    # What the pages read.
    table = db.ratings_table(database, group, SHEET)
    best = table[0].player
    reads = {
        f"ratings table ({len(table)} players)": lambda: db.ratings_table(database, group, SHEET),
        f"rating history ({len(db.rating_history(database, group, SHEET, best)):,} games)": (
            lambda: db.rating_history(database, group, SHEET, best)
        ),
        "histories in every kind": lambda: db.player_rating_histories(database, group, best),
        "fairest partnerships (spades)": lambda: db.fairest_partnerships(
            database, group, "spades", [row.player for row in table[:4]]
        ),
    }
    for name, read in reads.items():
        print(f"{name + ':':45}{p50_p99(timed(read, options.runs))}")
    # The API's answer, through the Flask test client (the code a server thread runs).
    key = db.replace_group_key(database, group)
    client = create_app(
        {"DATABASE": str(path), "SECRET_KEY": "bench", "PAGE_CACHE_SIZE": 0}
    ).test_client()
    address = f"/api/groups/{group}/ratings?game={SHEET}"
    auth = {"Authorization": f"Bearer {key}"}
    assert client.get(address, headers=auth).status_code == 200
    print(
        f"{'GET ' + address + ':':45}"
        f"{p50_p99(timed(lambda: client.get(address, headers=auth), options.runs))}"
    )
    database.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
