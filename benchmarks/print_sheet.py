"""Time to draw a game's printed sheet (``/games/<id>/print``), cold and from the page cache.

    .venv/bin/python benchmarks/print_sheet.py [--hands 101] [--repeat 15] [--games a,b]

For each game (Israeli Whist, Skat, French Tarot, Bridge, the round sheet and Phase 10 by
default) a game of ``--hands`` hands from the game's own simulation is stored through the
API; then its print is asked for in English, Hebrew, German and French, ``--repeat``
times each: **cold** by an app whose page cache keeps nothing (every request draws the
sheet), **cached** by an app with the page cache on (the sheet drawn once, then sent as it
was kept), and the print **with workings** (``?explain=1``) cold. Printed per game and
language: the median wall-clock and CPU milliseconds of a request (the test client, in this
process: CPU is the request's own), and the first request of the process (the templates
compiled), so that the figures of two trees compare on a loaded machine by their CPU.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.engine import get_game  # noqa: E402
from scorekeeper.web import create_app  # noqa: E402
from tests.support.app import app_config  # noqa: E402
from tests.support.game_page_matrix import long_rules, simulated_hands  # noqa: E402

GAMES = ("israeli-whist", "skat", "french-tarot", "bridge", "any-game", "phase-10")
LANGUAGES = ("en", "he", "de", "fr")
NAMES = ["Maximiliane Oberhauser", "אלכסנדרה בן-שמעון", "Bob", "Friederike", "נועה", "Dov"]


def stored_games(folder: Path, keys: list[str], hands: int) -> dict[str, tuple[int, str]]:
    """A game of each of ``keys`` with ``hands`` simulated hands, by key: its id and the
    path of its edit link."""
    app = create_app(app_config(folder))
    client = app.test_client()
    made = {}
    for key in keys:
        game = get_game(key)
        body = {
            "game": key,
            "players": NAMES[: game.seats],
            "first_dealer": 0,
            "settings": long_rules(game),
        }
        created = client.post("/api/games", json=body).get_json()
        auth = {"Authorization": f"Bearer {created['edit_key']}"}
        for hand in simulated_hands(game, hands, long=True):
            answer = client.post(f"/api/games/{created['id']}/hands", json=hand, headers=auth)
            assert answer.status_code == 201, answer.get_json()
        made[key] = created["id"], created["edit_url"].split("//", 1)[-1].split("/", 1)[1]
    return made


def timed(client, path: str, language: str, repeat: int) -> tuple[float, float, float]:
    """The median wall-clock and CPU ms of ``repeat`` requests for ``path``, and the least
    CPU ms of one (on a loaded machine, the figure that varies least from run to run)."""
    walls, cpus = [], []
    headers = {"Accept-Language": language}
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        answer = client.get(path, headers=headers)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
        assert answer.status_code == 200, (path, answer.status_code)
    return statistics.median(walls), statistics.median(cpus), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=101)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--games", default=",".join(GAMES))
    options = parser.parse_args()
    keys = options.games.split(",")
    with tempfile.TemporaryDirectory(prefix="print-bench-") as name:
        folder = Path(name)
        made = stored_games(folder, keys, options.hands)
        cold = create_app(app_config(folder, PAGE_CACHE_SIZE=0)).test_client()
        cached = create_app(app_config(folder)).test_client()
        for client in (cold, cached):  # a phone of the game's group, by its edit link
            for game_id, edit in made.values():
                assert client.get("/" + edit).status_code == 302
                # The scoreboard shows what the link flashed: a page with a flash to show
                # is drawn for its request alone, never cached.
                assert client.get(f"/games/{game_id}").status_code == 200
        first = next(iter(made.values()))[0]
        wall, cpu, _least = timed(cold, f"/games/{first}/print", "en", 1)
        print(f"first print of the process (templates compiled): {wall:.1f} ms, {cpu:.1f} ms CPU")
        print(f"{options.hands} hands, median of {options.repeat}; wall ms / CPU ms")
        print(f"{'game':14} {'lang':4} {'cold':>13} {'cached':>13} {'workings, cold':>15}")
        totals: dict[str, list[float]] = {"cold": [], "cached": [], "workings": []}
        least: dict[str, list[float]] = {"cold": [], "cached": [], "workings": []}
        for key, (game_id, _edit) in made.items():
            path = f"/games/{game_id}/print"
            for language in LANGUAGES:
                figures = {
                    "cold": timed(cold, path, language, options.repeat),
                    "cached": timed(cached, path, language, options.repeat),
                    "workings": timed(cold, path + "?explain=1", language, options.repeat),
                }
                for kind, (_wall, used, fewest) in figures.items():
                    totals[kind].append(used)
                    least[kind].append(fewest)
                print(
                    f"{key:14} {language:4}"
                    + "".join(
                        f" {figures[k][0]:6.1f} /{figures[k][1]:5.1f}"
                        for k in ("cold", "cached", "workings")
                    )
                )
        print(
            "median CPU ms over every game and language: "
            + ", ".join(f"{kind} {statistics.median(v):.2f}" for kind, v in totals.items())
        )
        print(
            "least CPU ms, summed over every game and language: "
            + ", ".join(f"{kind} {sum(v):.1f}" for kind, v in least.items())
        )


if __name__ == "__main__":
    main()
