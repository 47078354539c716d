"""Every page and API route on a club's ten years of games (issue 12): p50, p99, queries per
request and peak RSS, with the page cache off.

    .venv/bin/python benchmarks/scale.py [--games 10000] [--hands 30] [--runs 100]
        [--groups 1] [--rebuild]

It builds once (later runs reuse the file) a database of ``--games`` Israeli Whist games of
``--hands`` hands among 200 players in overlapping groups of twelve, plus one game of 1,000
hands, all through the app's own data layer (``db.import_games``: every hand checked and
scored by the engine). Then it times each route through the Flask test client, the same
code a waitress thread runs, ``--runs`` times: server time per request (p50 and p99), the
process's CPU time per request (p50: on a machine shared with other work, a figure the
other work hardly changes), the SQL statements each request ran, and the process's peak
RSS at the end. A hand POST is timed on the 1,000-hand game (each posted hand is deleted
again, so the game stays the same size).

The database also holds, first (so the club's games keep their places in History), one long
game of each other kind a table plays in an evening, Spades, Oh Hell and the round sheet
(issue 20), and a short one of 10 hands of each, their hands from the game's own
simulation, under the game's long-game settings (``Game.lasting``). For each kind the hand
POST is timed on the short and on the long game, so a save's work is seen not to grow with
the hands before it (issue 20: a save stays O(1)), and the API game and the scoreboard on
the long one. Oh Hell's longest game is 100 hands (its ``hands`` knob allows no more): its
long game holds 99, and the hand posted is the 100th, which ends it (the DELETE reopens it).

Games belong to groups (issue 21) and a group's pages answer its members only. With
``--groups N`` the club's games are split among N groups (game i in group i mod N; the
other kinds' games in the first), so the club is timed as one group and as, say, 500
groups of 20 games. The test client is a member of every group whose pages or games it
times (its session holds the group's proof, as an invite link leaves it), History, the
players' pages and head-to-head are one group's (``/groups/<id>/...``), and the API's list
and group are read with the group's key. History's page 50 is timed when the group has
that many pages, else its page 2, else none (a note says so).

``--shared`` builds a layout of its own (issue 35), where one common name (``Noa``) sits in
every game of every group and each group has a rare name of its own, which sits in every
game of that group alone: in the group timed both have the same games, so their player
pages show the same figures, and differ only in what the name played in other groups
(10,000 games against the group's 20, as 500 groups of 20). A group's page must cost what
the group holds: the two pages are timed side by side (``player page, shared name`` and
``player page, rare name``). Run it as ``--groups 500 --shared`` and ``--groups 5000
--shared``.

An evening's page (issue 22) is timed on the evening of the club's middle game and on the
evening of Spades' short and long game (1,010 hands replayed). ``--only TEXT`` times only
the routes whose names contain TEXT.

The ratings page and a player's page with their rating chart (issue 22) need finished
games, and the club's here never finish (a target out of reach): they are timed on
``benchmarks/ratings.py``'s database of the same club whose games are finished round
sheets (built there, or here when missing, for the same ``--games`` and ``--hands``):
the ratings page of the round sheet, and the page of the player with the most rated games.

The club has its busiest player (issue 82), ``BUSIEST``, a ten-year regular who sits in
every ninth of the club's games (1,112 of 10,000, over nine years), in both databases:
``player page, busiest`` is the page of the group's player with the most games, and on the
rated club ``player page, rating chart`` is theirs too (the player with the most rated
games), its chart a thousand ratings long. ``scoreboard, 1,000 hands, after a write`` times
the long game's first view after a write: before each request a hand is saved (untimed), so
the page is of a version never drawn, and deleted again after it (and the page viewed
after the deletion, untimed, as a table's phones see each change).

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
from scorekeeper.cli.server import settle
from scorekeeper.engine.core.play import random_game
from scorekeeper.engine.israeli_whist import PRESETS
from scorekeeper.engine.registry import table_game
from scorekeeper.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_db import fresh_database, imported_game, random_hand  # noqa: E402  (a sibling: the same legal hands)

ROOT = Path(__file__).resolve().parent.parent
RULES = "pagat-german"
PLAYERS = [f"Player {n:03d}" for n in range(200)]
LONG_GAME_HANDS = 1000
TARGET_P99_MS, TARGET_P50_MS = 50.0, 10.0
# (game key, its name in the table, hands of its long game, a note on it): the kinds of
# issue 20. Oh Hell's ``hands`` knob ends a game at 100 hands at most, so its long game
# holds 99 and the hand posted is its last.
OTHER_KINDS = (
    ("spades", "Spades", 1000, ""),
    ("oh-hell", "Oh Hell", 99, " (its longest game is 100 hands: the hand posted ends it)"),
    ("any-game", "Any game", 1000, ""),
)
SHORT_GAME_HANDS = 10
# ``--shared``: the name that sits in every game of every group, and each group's own name.
COMMON_NAME = "Noa"
SEATS = 4
# The route timed on a game's first view after a write (issue 82).
AFTER_WRITE = "scoreboard, 1,000 hands, after a write"
WARM_UP_SAVES = 5
# The club's busiest player (issue 82): a ten-year regular who sits in every ``BUSIEST_EVERY``th
# of the club's games (1,112 of 10,000: a game every three days for nine years), the
# player with the most games, whose page reads the most.
BUSIEST = "Player 200"
BUSIEST_EVERY = 9


def other_kind(key: str, long_hands: int) -> tuple:
    """(settings, the long game's records, one more hand) of a game of ``key`` at four
    seats: its default preset under ``Game.lasting``, every hand one the game's simulation
    dealt (deal i by seat i mod 4, so the game starts with seat 0 dealing)."""
    game = table_game(key, SEATS)
    settings = game.preset(game.default_preset).with_changes(game.lasting(long_hands + 1))
    simulation = game.simulation
    if simulation.bots:
        deals = simulation.deals(settings, long_hands + 1, seed=20, bots=simulation.bots[0])
        records = [simulation.record_of(deal) for deal in deals]
    else:  # a game without bots (the round sheet): random hands, each at its place
        drawn = random_game(game, settings, long_hands + 1, seed=20, first_dealer=0)
        records = [placed.record for placed in drawn]
    return settings, records[:-1], records[-1]


def imported_kind(key: str, settings, records, players, created: datetime):
    """A game of ``key`` of ``records`` (seat 0 dealing first) as ``db.import_games`` takes
    it, checked and scored by the game's own replay, its hands four minutes apart."""
    return imported_game(settings, 0, records, players, created, table_game(key, len(players)))


def imported(rng: random.Random, number: int, players, hands: int, start: datetime):
    """One game of ``hands`` hands, all played (the target is out of reach), as
    ``db.import_games`` takes it."""
    settings = PRESETS[RULES].with_changes({"target": 100_000})
    records = [random_hand(rng, settings) for _ in range(hands)]
    created = start + timedelta(hours=number * 8)
    return imported_game(settings, rng.randrange(4), records, players, created)


# The rated club of benchmarks/ratings.py (and of the ratings pages timed here): the same
# club, whose games are round sheets that end at their last round, so all are rated.
SHEET = "any-game"


def finished_sheet(rng: random.Random, number: int, players, hands: int, start: datetime):
    """One round sheet of ``hands`` rounds, ended by its last round, as
    ``db.import_games`` takes it (in place of ``imported``'s Israeli Whist)."""
    game = table_game(SHEET, len(players))
    hands = min(hands, 999)  # the most rounds a sheet takes (the builder's long game: 999)
    settings = game.settings_from_dict({"goal": "rounds", "rounds": hands})
    records = [
        game.record_from_dict(settings, {"points": [rng.randint(-5, 25) for _ in players]})
        for _ in range(hands)
    ]
    created = start + timedelta(hours=number * 8)
    return imported_game(settings, rng.randrange(len(players)), records, players, created, game)


def rated_database_path(games: int, hands: int) -> Path:
    return ROOT / "build" / "bench" / f"ratings-{games}x{hands}-sheets-busiest.db"


def build_rated(path: Path, games: int, hands: int) -> None:
    """The rated club's database: ``build``'s, its club games finished round sheets."""
    build(path, games, hands, club_game=finished_sheet)


def group_names(groups: int) -> list[str]:
    """The club's groups' names: one group is the club, as a database from before groups
    becomes; more are the club's tables, each a group of its own."""
    return ["Club"] if groups == 1 else [f"Club {n + 1}" for n in range(groups)]


def rare_name(group: int) -> str:
    """``--shared``: the name that sits in every game of the group numbered ``group`` (from
    0) and in no other group."""
    return f"Rare {group + 1:04d}"


def build(
    path: Path,
    games: int,
    hands: int,
    groups: int = 1,
    seed: int = 12,
    shared: bool = False,
    club_game=imported,
) -> None:
    """``games`` games among 200 players who play in overlapping groups of twelve (each
    group shares four players with the next), then the 1,000-hand game, last. Before them
    all, the short and the long game of each of ``OTHER_KINDS``, so History's pages of the
    club's games are the same as without them. Game i (the 1,000-hand game's i is
    ``games``) is stored in group i mod ``groups``, the other kinds' games in the first;
    the games are the same whatever ``groups`` is (one random sequence). ``shared``: seat 0
    of each of the club's games is ``COMMON_NAME`` and seat 1 the group's ``rare_name``."""
    database = fresh_database(path)
    rng = random.Random(seed)
    start = datetime(2016, 1, 1, 18, tzinfo=UTC)
    began = time.perf_counter()
    ids = [db.create_group(database, name)[0].id for name in group_names(groups)]
    batch = []
    for number, (key, _, long_hands, _) in enumerate(OTHER_KINDS):
        settings, records, _ = other_kind(key, long_hands)
        created = start - timedelta(days=10 * (number + 1))
        for hands_ in (SHORT_GAME_HANDS, long_hands):
            batch.append(imported_kind(key, settings, records[:hands_], PLAYERS[:4], created))
    db.import_games(database, batch, ids[0])
    # Each group's games, in the order they were played; stored a group at a time (500
    # at a time in one group), so a group's games are neighbours in the file.
    by_group: list[list] = [[] for _ in ids]
    for number in range(games):
        pool = number % 25
        players = rng.sample([PLAYERS[(pool * 8 + i) % len(PLAYERS)] for i in range(12)], 4)
        if shared:
            players[:2] = [COMMON_NAME, rare_name(number % groups)]
        elif number % BUSIEST_EVERY == 0:
            players[rng.randrange(len(players))] = BUSIEST
        by_group[number % groups].append(club_game(rng, number, players, hands, start))
    by_group[games % groups].append(club_game(rng, games, PLAYERS[:4], LONG_GAME_HANDS, start))
    for group_id, group_games in zip(ids, by_group, strict=True):
        for first in range(0, len(group_games), 500):
            db.import_games(database, group_games[first : first + 500], group_id)
    database.close()
    print(
        f"built {games:,} games in {groups:,} group{'s' if groups > 1 else ''} + one of "
        f"{LONG_GAME_HANDS:,} hands + "
        + ", ".join(
            f"{name} of {SHORT_GAME_HANDS} and {n:,} hands" for _, name, n, _ in OTHER_KINDS
        )
        + (f"; {COMMON_NAME} in every game of every group" if shared else "")
        + f" in {time.perf_counter() - began:.0f} s: {path}"
    )


def database_path(games: int, hands: int, groups: int, shared: bool = False) -> Path:
    # Named apart from the file of the club's games alone (before issue 20), which lacks
    # the other kinds' games, and from the file from before the club was split in groups.
    # And from the file from before the club's busiest player (issue 82).
    layout = "-shared" if shared else "-busiest"
    return ROOT / "build" / "bench" / f"scale-{games}x{hands}-kinds-{groups}groups{layout}.db"


class Counter:
    """Counts the SQL statements a connection runs."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, _statement: str) -> None:
        self.count += 1


def percentile_99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def join(client, group_id: int) -> None:
    """Makes the test client's browser a member of the group, as its invite link does:
    the session holds the group's proof (``web.access``), as ``tests/support/stored.py`` does."""
    from scorekeeper.web.access import SESSION_GROUPS, membership_proof

    with client.application.test_request_context():
        group = db.load_group(db.get_db(), group_id)
        proof = membership_proof(group.id, group.member_epoch)
    with client.session_transaction() as session:
        session[SESSION_GROUPS] = {**session.get(SESSION_GROUPS, {}), str(group_id): proof}


def time_rating_pages(options, width: int) -> None:
    """Times the ratings page and a player's page with their rating chart on
    ``benchmarks/ratings.py``'s database (the club's games finished round sheets, rated),
    as the routes above are timed."""
    path = rated_database_path(options.games, options.hands)
    if not path.exists():
        build_rated(path, options.games, options.hands)
    app = create_app(
        {"DATABASE": str(path), "SECRET_KEY": "bench", "PAGE_CACHE_SIZE": 0}
        | {"WTF_CSRF_ENABLED": False}
    )
    settle()  # as `scorekeeper serve` does before its first request
    client = app.test_client()
    with app.app_context():
        database = db.get_db()
        group = database.execute("SELECT id FROM groups ORDER BY id").fetchone()[0]
        player, games = database.execute(
            "SELECT player, games FROM ratings WHERE group_id = ? AND game = ? "
            "ORDER BY games DESC, player LIMIT 1",
            [group, SHEET],
        ).fetchone()
        rated = database.execute(
            "SELECT count(*) FROM ratings WHERE group_id = ? AND game = ?",
            [group, SHEET],
        ).fetchone()[0]
    join(client, group)
    print(
        f"ratings (on {path.name}): group {group}, {rated} players rated in "
        f"{SHEET}; {player} has {games:,} rated games"
    )
    routes = [
        ("ratings page", f"/groups/{group}/ratings?game={SHEET}"),
        ("player page, rating chart", f"/groups/{group}/players/{player}"),
    ]
    for name, url in routes:
        if options.only and options.only not in name:
            continue
        client.get(url).close()  # once untimed: the templates compile
        times, cpu, queries = [], [], []
        for _ in range(options.runs):
            counter = Counter()
            with app.app_context():
                db.get_db().conn.set_trace_callback(counter)
                began, began_cpu = time.perf_counter(), time.process_time()
                response = client.get(url)
                times.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
                db.get_db().conn.set_trace_callback(None)
            queries.append(counter.count)
            if response.status_code >= 400:
                raise SystemExit(f"{name}: GET {url} answered {response.status_code}")
            if name.startswith("player") and b'id="rating-chart"' not in response.get_data():
                raise SystemExit(f"{name}: GET {url} has no rating chart")
            response.close()
        p50, p99 = statistics.median(times), percentile_99(times)
        mark = "" if p99 <= TARGET_P99_MS and p50 <= TARGET_P50_MS else "  ✗"
        print(
            f"{name:{width}} {p50:8.1f} {p99:8.1f} {statistics.median(cpu):8.1f} "
            f"{statistics.median(queries):8.0f}{mark}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument(
        "--groups", type=int, default=1, help="the club's games split among this many groups"
    )
    parser.add_argument(
        "--shared",
        action="store_true",
        help=f"the layout where {COMMON_NAME} plays in every group (time it with --groups 500)",
    )
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument(
        "--only", help="time only the routes whose names contain this text (as: evening)"
    )
    options = parser.parse_args()
    if options.groups < 1:
        parser.error("--groups must be at least 1")
    path = database_path(options.games, options.hands, options.groups, options.shared)
    if options.rebuild or not path.exists():
        build(path, options.games, options.hands, options.groups, shared=options.shared)
    app = create_app(
        {
            "DATABASE": str(path),
            "SECRET_KEY": "bench",
            "PAGE_CACHE_SIZE": 0,
            "WTF_CSRF_ENABLED": False,
        }
    )
    settle()  # as `scorekeeper serve` does before its first request
    client = app.test_client()
    with app.app_context():
        database = db.connect(str(path))
        first, last = database.execute(
            "SELECT min(id), max(id) FROM games WHERE game = 'israeli-whist'"
        ).fetchone()
        # The 1,000-hand game: the last one stored only when the club is one group (the
        # groups are stored one after another, and it is in group ``games`` mod N).
        long_game = database.execute(
            "SELECT id FROM games WHERE game = 'israeli-whist' AND hand_count = ?",
            [LONG_GAME_HANDS],
        ).fetchone()[0]
        # The club's middle game, the same one as in a database of the club's games alone
        # (when the club is one group).
        some_game = first - 1 + (last - first + 1) // 2
        key = db.replace_edit_key(database, long_game)
        group_of = {
            game_id: group_id
            for game_id, group_id in database.execute("SELECT id, group_id FROM games")
        }
        # The group whose pages are timed: the club itself when it is one group, else the
        # second group (the club's games 1, N + 1, ... of the players 8 to 19), which holds
        # none of the other kinds' games.
        groups = [row[0] for row in database.execute("SELECT id FROM groups ORDER BY id")]
        group = groups[min(1, len(groups) - 1)]
        group_key = db.replace_group_key(database, group)
        names = set(db.player_names(database, group))
        # ``--shared``: how many games the common name and the group's rare name have on
        # the server, and in the group timed.
        seats = {
            who: (
                db.player_record(database, who).games,
                db.player_record(database, who, group).games,
            )
            for who in (COMMON_NAME, rare_name(groups.index(group)))
            if options.shared
        }
        group_games = db.count_history(database, group_id=group)
        # The group's busiest player (issue 82): the name with the most games in it.
        busiest, busiest_games = database.execute(
            "SELECT p.name, count(DISTINCT p.game_id) AS n FROM players p "
            "JOIN games g ON g.id = p.game_id WHERE g.group_id = ? "
            "GROUP BY p.name ORDER BY n DESC, p.name LIMIT 1",
            [group],
        ).fetchone()
        # (name, long hands, note, short game, long game, edit keys, the hand posted) per kind.
        kinds = []
        for game_key, name, long_hands, note in OTHER_KINDS:
            short_id, long_id = (
                database.execute(
                    "SELECT id FROM games WHERE game = ? AND hand_count = ?", [game_key, n]
                ).fetchone()[0]
                for n in (SHORT_GAME_HANDS, long_hands)
            )
            keys = {g: db.replace_edit_key(database, g) for g in (short_id, long_id)}
            posted = other_kind(game_key, long_hands)[2].to_dict()
            kinds.append((name, long_hands, note, short_id, long_id, keys, posted))
        # Evenings (issue 22): the evening of the club's middle game (the club plays a game
        # every eight hours, so it is an evening of its own), and the evening of Spades'
        # short and long game, started together: 1,010 hands replayed.
        evening = db.evening_of(database, group_of[some_game], some_game)
        spades = next(kind for kind in kinds if kind[0] == "Spades")
        spades_evening = db.evening_of(database, group_of[spades[3]], spades[3])
        database.close()
    # A member of every group whose games or pages are timed (as a phone at those tables).
    timed = {group, group_of[some_game], group_of[long_game]}
    timed |= {group_of[g] for kind in kinds for g in kind[3:5]}
    for group_id in sorted(timed):
        join(client, group_id)
    players = [name for name in PLAYERS[8:20] if name in names][:8]
    h2h = "&".join(f"player={name}" for name in players)
    pages = -(-group_games // app.config["PAGE_SIZE"])
    history_page = 50 if pages >= 50 else 2 if pages >= 2 else None
    print(
        f"{options.groups:,} group{'s' if options.groups > 1 else ''}; the pages timed are "
        f"group {group}'s: {group_games:,} games, {pages:,} History page"
        f"{'s' if pages > 1 else ''}, {len(names)} players"
    )
    print(f"  the busiest player, {busiest}, has {busiest_games:,} games in group {group}")
    for who, (everywhere, here) in seats.items():
        print(f"  {who} has {everywhere:,} games on the server, {here:,} in group {group}")
    if history_page != 50:
        print(
            "  (no History page 50: "
            + (f"page {history_page} is timed)" if history_page else "there is no page 2)")
        )
    hand = {
        "declarer": 2,
        "bid": "7C",
        "frisch_rounds": 0,
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
    }
    at = f"/groups/{group}"
    # (name, method, url, the hand posted or None, the Authorization: Bearer key or None:
    # a game's edit key for a POST, the group's key for the group's API)
    routes = [
        ("home", "GET", "/", None, None),
        ("new game", "GET", "/games/new?game=israeli-whist", None, None),
        ("group", "GET", at, None, None),
        ("history", "GET", f"{at}/history", None, None),
    ]
    if history_page:
        url = f"{at}/history?page={history_page}"
        routes.append((f"history page {history_page}", "GET", url, None, None))
    routes += [
        ("players", "GET", f"{at}/players", None, None),
        ("player page", "GET", f"{at}/players/{players[1]}", None, None),
        ("player page, busiest", "GET", f"{at}/players/{busiest}", None, None),
        *(
            (f"player page, {kind} name", "GET", f"{at}/players/{who}", None, None)
            for kind, who in zip(("shared", "rare"), seats, strict=False)
        ),
        (
            "head-to-head 2",
            "GET",
            f"{at}/players?player={players[0]}&player={players[1]}",
            None,
            None,
        ),
        (f"head-to-head {len(players)}", "GET", f"{at}/players?{h2h}", None, None),
        ("scoreboard", "GET", f"/games/{some_game}", None, None),
        ("scoreboard, 1,000 hands", "GET", f"/games/{long_game}", None, None),
        # Issue 82: its first view after a write (a hand saved, untimed, before each
        # request and deleted after it): a new version, drawn afresh.
        (AFTER_WRITE, "GET", f"/games/{long_game}", hand, key),
        ("stats", "GET", f"/games/{some_game}/stats", None, None),
        ("print", "GET", f"/games/{some_game}/print", None, None),
        ("API game", "GET", f"/api/games/{some_game}", None, None),
        ("API game, 1,000 hands", "GET", f"/api/games/{long_game}", None, None),
        # Issue 35: a long game's pages cost their output. The API's page of 100 hands
        # (the last ones; the whole body above is the form kept for a client that asks),
        # with and without how each hand was scored; the statistics and the print.
        (
            "API game, 1,000 hands, page of 100",
            "GET",
            f"/api/games/{long_game}?hands_after={LONG_GAME_HANDS - 100}&limit=100",
            None,
            None,
        ),
        (
            "API game, 1,000 hands, page explained",
            "GET",
            f"/api/games/{long_game}?hands_after={LONG_GAME_HANDS - 100}&limit=100&explain=1",
            None,
            None,
        ),
        ("stats, 1,000 hands", "GET", f"/games/{long_game}/stats", None, None),
        ("print, 1,000 hands", "GET", f"/games/{long_game}/print", None, None),
        (
            "evening",
            "GET",
            f"/groups/{group_of[some_game]}/evenings/{evening.id}",
            None,
            None,
        ),
        (
            f"evening, Spades {len(spades_evening.games)} games",
            "GET",
            f"/groups/{group_of[spades[3]]}/evenings/{spades_evening.id}",
            None,
            None,
        ),
        ("API list", "GET", f"/api/games?group={group}", None, group_key),
        ("API group", "GET", f"/api/groups/{group}", None, group_key),
        ("hand POST, 1,000 hands", "POST", f"/api/games/{long_game}/hands", hand, key),
    ]
    compared = set()  # the saves timed on a short and a long game of a kind
    for name, long_hands, _, short_id, long_id, keys, posted in kinds:
        size = f"{long_hands:,} hands"
        compared |= {f"{name} hand POST, {SHORT_GAME_HANDS} hands", f"{name} hand POST, {size}"}
        routes += [
            (
                f"{name} hand POST, {SHORT_GAME_HANDS} hands",
                "POST",
                f"/api/games/{short_id}/hands",
                posted,
                keys[short_id],
            ),
            (
                f"{name} hand POST, {size}",
                "POST",
                f"/api/games/{long_id}/hands",
                posted,
                keys[long_id],
            ),
            (f"{name} API game, {size}", "GET", f"/api/games/{long_id}", None, None),
            (
                f"{name} API game, {size}, page of 100",
                "GET",
                f"/api/games/{long_id}?hands_after={max(0, long_hands - 100)}&limit=100",
                None,
                None,
            ),
            (f"{name} scoreboard, {size}", "GET", f"/games/{long_id}", None, None),
        ]
    if options.only:
        routes = [route for route in routes if options.only in route[0]]
    width = max(28, 0, *(len(route[0]) for route in routes))
    print(
        f"{'route':{width}} {'p50 ms':>8} {'p99 ms':>8} {'cpu ms':>8} {'queries':>8}  "
        f"target p50 <= "
        f"{TARGET_P50_MS:.0f} ms, p99 <= {TARGET_P99_MS:.0f} ms"
    )
    figures: dict[str, tuple[float, float]] = {}
    for name, method, url, body, edit_key in routes:
        auth = {"Authorization": f"Bearer {edit_key}"} if edit_key else {}
        hands_url = url.replace("/games/", "/api/games/") + "/hands"
        saved = None  # the hand saved before a view after a write, deleted after it
        if name == AFTER_WRITE:
            client.get(url).close()
        elif method == "GET":
            # Once untimed: the first request compiles the page's templates, as a server
            # does once at its first visitor, not on every request.
            client.get(url, headers=auth).close()
        elif name in compared:
            # A few saves untimed: a kind's first saves in the process are slower (its
            # caches fill), and would fall on the short game, timed first.
            for _ in range(WARM_UP_SAVES):
                number = client.post(url, json=body, headers=auth).get_json()["number"]
                client.delete(f"{url}/{number}", headers=auth).close()
        times, cpu, queries = [], [], []
        for _ in range(options.runs):
            if name == AFTER_WRITE:
                saved = client.post(hands_url, json=body, headers=auth).get_json()["number"]
            counter = Counter()
            with app.app_context():
                db.get_db().conn.set_trace_callback(counter)
                began, began_cpu = time.perf_counter(), time.process_time()
                if name == AFTER_WRITE:
                    response = client.get(url)
                elif method == "GET":
                    response = client.get(url, headers=auth)
                else:
                    response = client.post(url, json=body, headers=auth)
                times.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
                db.get_db().conn.set_trace_callback(None)
            queries.append(counter.count)
            if response.status_code >= 400:
                raise SystemExit(
                    f"{name}: {method} {url} answered {response.status_code}: "
                    f"{response.get_data(as_text=True)[:300]}"
                )
            if method == "POST" or saved is not None:
                number = response.get_json()["number"] if saved is None else saved
                target = url if saved is None else hands_url
                deleted = client.delete(f"{target}/{number}", headers=auth)
                if deleted.status_code >= 400:
                    raise SystemExit(f"{name}: DELETE hand {number} answered {deleted.status}")
                deleted.close()
                if saved is not None:
                    # The table's phones see each change (their live part polls it): the
                    # game after the deletion too, as after the save.
                    client.get(url).close()
            response.close()
        p50, p99 = statistics.median(times), percentile_99(times)
        figures[name] = (p50, statistics.median(queries))
        mark = "" if p99 <= TARGET_P99_MS and p50 <= TARGET_P50_MS else "  ✗"
        print(
            f"{name:{width}} {p50:8.1f} {p99:8.1f} {statistics.median(cpu):8.1f} "
            f"{statistics.median(queries):8.0f}{mark}"
        )
    if not options.only or any(
        options.only in name for name in ("ratings page", "player page, rating chart")
    ):
        time_rating_pages(options, width)
    if {"player page, shared name", "player page, rare name"} <= figures.keys():
        common, rare = figures["player page, shared name"], figures["player page, rare name"]
        print(
            f"the shared name's page against the rare name's, p50: {common[0]:.1f} ms / "
            f"{rare[0]:.1f} ms = x{common[0] / rare[0]:.2f}; queries {common[1]:.0f} and "
            f"{rare[1]:.0f}"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {rss:.0f} MB")
    print(f"a save, the long game against the short ({SHORT_GAME_HANDS} hands), p50 and queries:")
    for name, long_hands, note, *_ in kinds:
        if f"{name} hand POST, {SHORT_GAME_HANDS} hands" not in figures:
            continue  # not timed (--only)
        short = figures[f"{name} hand POST, {SHORT_GAME_HANDS} hands"]
        long = figures[f"{name} hand POST, {long_hands:,} hands"]
        print(
            f"  {name}: {long_hands:,} hands {long[0]:.1f} ms / {SHORT_GAME_HANDS} hands "
            f"{short[0]:.1f} ms = x{long[0] / short[0]:.2f}; queries {long[1]:.0f} and "
            f"{short[1]:.0f}{note}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
