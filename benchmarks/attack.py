"""A stranger's attack on the real server while a table plays on (issues 29, 42 and 54).

    .venv/bin/python benchmarks/attack.py [--quick] [--seconds 15] [--workers N]
    .venv/bin/python benchmarks/attack.py --attack heavy [--seconds 20] [--hands 2000]
        [--server-python /work/main/.venv/bin/python --server-root /work/main]
    .venv/bin/python benchmarks/attack.py --attack batch [--replacements 100]

The default, ``--attack floods`` (issue 54), starts ``scorekeeper serve --host 127.0.0.1
--port P`` (``--workers N`` added when given) on a fresh database in a temporary folder. A
victim group plays a round sheet: a phone saves a hand through the API every 100 ms, and
another loads the group's page and the game's page in turn, one every 100 ms. Each phase
lasts ``--seconds`` (every loop bounded in count too, and stopped at the phase's end):

- baseline: the victim alone;
- import flood: a stranger, in a group of its own, imports a 10,000-hand club night
  (five tables of 2,000 hands) from 4 threads at once through ``POST
  /api/groups/<id>/club/import``, and a 2,000-hand game file through the group's import
  page from one more;
- print flood: 6 threads print 2,000 hands with their workings, half a table of the
  night through ``/games/<id>/club/print?explain=1``, half a game imported from a file
  through ``/games/<id>/print?explain=1``;
- club-night flood: 4 threads draw nights of 240 players (60 tables) through ``POST
  /api/groups/<id>/club``;
- bodies of zeros: 4 JSON bodies of 5 MB of zeros (``[0,0,...]``) posted at once to the
  club import, 3 rounds; the server's peak RSS (VmHWM, reset first where the kernel lets
  it) above its RSS before.

It prints, for each phase, the victim's save and page p50/p99 (ms) and what the stranger
was answered (by status). Targets (issue 54): under each flood, save p99 <= 250 ms and
pages p99 <= 500 ms; a 5 MB body costs <= 50 MB. ``--quick``: 5 s phases.

``--attack heavy`` (issue 29) starts ``scorekeeper serve`` (waitress, its default threads,
one worker) on a fresh database on 127.0.0.1 only. A table's group plays a round sheet:
one phone saves a hand every 100 ms and reads the group's page and the game's scoreboard
between saves. Meanwhile
a stranger, with nothing but the address, runs for ``--seconds`` (bounded in time, and
each loop in count):

- imports, into a group of its own, a file of one game of ``--hands`` hands (the most a
  game holds), over and over;
- asks for that game's whole print with explanations and its every-hand scoreboard
  (``?all=1``), each time with another made-up ``Host`` header;
- starts groups and games in a loop through the API.

With ``--attack batch`` (issue 42, finding 1) the stranger instead starts, in a group of
its own, ``--games`` games (5) of ``--game-hands`` hands (400), recorded through the
offline batch route as a phone back online sends them; then from as many threads at once,
one per game, it sends offline batches each replacing hand 1 ``--replacements`` times (100)
with two bodies in turn, each with the revision it will replace (as a phone that was shown
it would), over and over.

It prints the table's hand-save and page p50/p99 (ms) during the attack, what the stranger
was answered (by status), and the server's RSS: idle (after setup), peak during the attack
(sampled every 50 ms) and the peak above idle. Targets: save p99 <= 250 ms, pages p99 <=
500 ms, RSS within 150 MB above idle.

``--server-python`` and ``--server-root`` run another checkout's server (its own venv and
code), e.g. the code before issue 29, on the same attack.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web import _wait_for, free_port, percentile  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Shira", "Wassim", "Noa", "Eitan"]
SAVE_EVERY = 0.1  # seconds between the table's hand saves
STRANGER_LOOPS = 10_000  # each loop of the stranger's, at most


class Phone:
    """One keep-alive connection with its cookies; a new connection after an error."""

    def __init__(self, base: str) -> None:
        self.parts = urllib.parse.urlsplit(base)
        self.cookies: dict[str, str] = {}
        self.connection = self._connect()

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.parts.hostname, self.parts.port, timeout=120)

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:
        sent = {"Accept-Encoding": "gzip", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        host = sent.pop("Host", None)
        try:
            self.connection.putrequest(method, path, skip_host=host is not None)
            if host is not None:
                self.connection.putheader("Host", host)
            for name, value in sent.items():
                self.connection.putheader(name, value)
            if body is not None:
                self.connection.putheader("Content-Length", str(len(body)))
            self.connection.endheaders(body)
            response = self.connection.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = self._connect()
            return 0, b""
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return response.status, payload

    def json(self, method: str, path: str, body: Any = None, key: str | None = None):
        headers = {"Content-Type": "application/json", "Accept-Encoding": "identity"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        data = None if body is None else json.dumps(body).encode()
        status, payload = self.request(method, path, data, headers)
        return status, (json.loads(payload) if payload[:1] in (b"{", b"[") else None)

    def json_body(self, path: str, content: bytes, key: str) -> tuple[int, Any]:
        """POSTs ``content`` as it is (a file's JSON) with the group's key."""
        headers = {
            "Content-Type": "application/json",
            "Accept-Encoding": "identity",
            "Authorization": f"Bearer {key}",
        }
        status, payload = self.request("POST", path, content, headers)
        try:
            return status, json.loads(payload) if payload[:1] in (b"{", b"[") else None
        except ValueError:
            return status, None

    def token(self, path: str) -> str:
        _, page = self.request("GET", path, headers={"Accept-Encoding": "identity"})
        found = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page)
        return found.group(1).decode() if found else ""

    def join(self, join_url: str) -> None:
        path = urllib.parse.urlsplit(join_url).path
        data = urllib.parse.urlencode({"csrf_token": self.token(path)}).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        self.request("POST", path, data, headers)

    def upload(self, path: str, content: bytes) -> int:
        boundary = uuid.uuid4().hex
        body = b"".join(
            [
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                f"{self.token(path)}\r\n".encode(),
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                'filename="games.json"\r\nContent-Type: application/json\r\n\r\n'.encode(),
                content,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.request("POST", path, body, headers)[0]


def big_file(hands: int) -> bytes:
    """An export file of one round-sheet game of ``hands`` rounds (played open-ended)."""
    stamp = "2026-01-01T20:00:00+00:00"
    game = {
        "id": 1,
        "game": "any-game",
        "rules": "any-game",
        "settings": {"goal": "open"},
        "first_dealer": 0,
        "players": PLAYERS,
        "created_at": stamp,
        "updated_at": stamp,
        "hands": [
            {"number": n, "points": [n % 7, 3, -(n % 5), 1], "created_at": stamp}
            for n in range(1, hands + 1)
        ],
    }
    return json.dumps({"format": "scorekeeper", "version": 2, "games": [game]}).encode()


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def server_process(python: str, root: Path, database: str, port: int, log):
    env = {**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"}
    env.pop("PYTHONPATH", None)
    command = [python, "-m", "scorekeeper.cli", "serve", "--port", str(port), "--db", database]
    return subprocess.Popen(command, cwd=root, stdout=log, stderr=subprocess.STDOUT, env=env)


def round_sheet(group: dict) -> dict[str, Any]:
    """A new round-sheet game of PLAYERS, played open-ended, in ``group``."""
    return {
        "game": "any-game",
        "players": PLAYERS,
        "settings": {"goal": "open"},
        "first_dealer": 0,
        "group": str(group["id"]),
    }


def table_game(base: str) -> tuple[Phone, dict, dict]:
    """The table's group and its round-sheet game, and its phone (a member)."""
    phone = Phone(base)
    status, group = phone.json("POST", "/api/groups", {"name": "Table"})
    assert status == 201, (status, group)
    status, game = phone.json("POST", "/api/games", round_sheet(group), group["key"])
    assert status == 201, (status, game)
    phone.join(group["join_url"])
    return phone, group, game


def offline_games(base: str, own: dict, games: int, hands: int) -> list[tuple[Phone, int, str]]:
    """The stranger's ``games`` games of ``hands`` hands in its own group, each recorded in
    batches of 100 through the offline route: (the phone holding its edit key, its id, the
    CSRF token of that phone's session)."""
    found = []
    for number in range(games):
        phone = Phone(base)
        status, game = phone.json("POST", "/api/games", round_sheet(own), own["key"])
        assert status == 201, (status, game)
        phone.request("GET", urllib.parse.urlsplit(game["edit_url"]).path)
        status, snapshot = phone.json("GET", f"/games/{game['id']}/offline")
        assert status == 200, (status, snapshot)
        token = snapshot["csrf_token"]
        for first in range(1, hands + 1, 100):
            items = [
                {"number": n, "after": 0, "hand": {"points": [n % 7, 3, -(n % 5), number]}}
                for n in range(first, min(hands, first + 99) + 1)
            ]
            status, answer = batch(phone, game["id"], token, items)
            assert status == 200, (status, answer)
        found.append((phone, game["id"], token))
    return found


def batch(phone: Phone, game_id: int, token: str, items: list[dict]) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json", "X-CSRFToken": token}
    body = json.dumps({"by": "Stranger", "hands": items}).encode()
    status, payload = phone.request("POST", f"/games/{game_id}/offline/hands", body, headers)
    return status, (json.loads(payload) if payload[:1] == b"{" else None)


def replacements(revision: int, count: int) -> list[dict]:
    """``count`` replacements of hand 1, two bodies in turn, each naming the revision it
    replaces: the first ``revision``, each next one the one before it made."""
    bodies = [{"points": [9, -9, 0, 0]}, {"points": [-9, 9, 0, 0]}]
    return [
        {
            "number": 1,
            "after": 0,
            "hand": bodies[k % 2],
            "replace": True,
            "revision": revision + k,
        }
        for k in range(count)
    ]


def run(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    content = big_file(args.hands)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        process = server_process(
            args.server_python, Path(args.server_root), f"{folder}/attack.db", port, log
        )
        try:
            _wait_for(port, process, log)
            table, table_group, game = table_game(base)
            stranger = Phone(base)
            status, own = stranger.json("POST", "/api/groups", {"name": "Mine"})
            assert status == 201, (status, own)
            stranger.join(own["join_url"])
            assert stranger.upload(f"/groups/{own['id']}/import", content) == 200
            _, listed = stranger.json("GET", f"/api/groups/{own['id']}", key=own["key"])
            big = listed["games"][0]["id"]
            if args.attack == "batch":
                big = offline_games(base, own, args.games, args.game_hands)
            # Warm both phones' pages once, then let the server settle before "idle".
            table.request("GET", f"/games/{game['id']}")
            time.sleep(1.0)
            idle = rss_kb(process.pid)
            found = (table, table_group, game, own, big, content)
            return attack(args, base, process.pid, idle, *found)
        finally:
            process.terminate()
            process.wait(30)


def attack(args, base, pid, idle, table, table_group, game, own, big, content) -> dict:
    stop = threading.Event()
    answered: Counter[str] = Counter()
    saves: list[float] = []
    pages: list[float] = []
    peak = [idle]
    lock = threading.Lock()

    def note(kind: str, status: int) -> None:
        with lock:
            answered[f"{kind} {status}"] += 1

    def importer() -> None:
        phone = Phone(base)
        phone.cookies = dict(stranger_cookies)
        for _ in range(STRANGER_LOOPS):
            if stop.is_set():
                return
            note("import", phone.upload(f"/groups/{own['id']}/import", content))

    def printer(path: str, kind: str) -> None:
        phone = Phone(base)
        phone.cookies = dict(stranger_cookies)
        for number in range(STRANGER_LOOPS):
            if stop.is_set():
                return
            status, _ = phone.request("GET", path, headers={"Host": f"h{number}.example:{port}"})
            note(kind, status)

    def founder() -> None:
        phone = Phone(base)
        for number in range(STRANGER_LOOPS):
            if stop.is_set():
                return
            status, made = phone.json("POST", "/api/groups", {"name": f"G{number}"})
            note("new group", status)
            body = {"players": PLAYERS, "first_dealer": 0}
            status, _ = phone.json("POST", "/api/games", body)
            note("new game", status)

    def replacer(phone: Phone, game_id: int, token: str) -> None:
        _, snapshot = phone.json("GET", f"/games/{game_id}/offline")
        revision = snapshot["hands"][0]["revision"]
        for _ in range(STRANGER_LOOPS):
            if stop.is_set():
                return
            status, answer = batch(phone, game_id, token, replacements(revision, args.replacements))
            note("batch", status)
            saved = (answer or {}).get("saved") or []
            if saved:
                revision = saved[-1]["revision"]
            elif (answer or {}).get("conflict"):
                revision = answer["conflict"]["server"].get("revision", revision)
            elif status == 0:
                phone.connection.close()
                phone.connection = phone._connect()

    def sampler() -> None:
        while not stop.is_set():
            kb = rss_kb(pid)
            with lock:
                peak[0] = max(peak[0], kb)
            time.sleep(0.05)

    def player() -> None:
        number = 0
        while not stop.is_set():
            number += 1
            began = time.perf_counter()
            status, _ = table.json(
                "POST",
                f"/api/games/{game['id']}/hands",
                {"points": [number % 9, -2, 1, 0]},
                game["edit_key"],
            )
            saves.append(time.perf_counter() - began)
            note("table save", status)
            for path in (f"/groups/{table_group['id']}", f"/games/{game['id']}"):
                began = time.perf_counter()
                status, _ = table.request("GET", path)
                pages.append(time.perf_counter() - began)
                note("table page", status)
            time.sleep(max(0.0, SAVE_EVERY - (time.perf_counter() - began)))

    port = urllib.parse.urlsplit(base).port
    stranger_cookies = dict(stranger_cookies_of(base, own))
    parts = {
        "import": threading.Thread(target=importer),
        "print": threading.Thread(target=printer, args=(f"/games/{big}/print?explain=1", "print")),
        "all": threading.Thread(target=printer, args=(f"/games/{big}?all=1", "all=1")),
        "found": threading.Thread(target=founder),
    }
    if args.attack == "batch":
        parts = {
            f"batch {n}": threading.Thread(target=replacer, args=found)
            for n, found in enumerate(big)
        }
    threads = [thread for name, thread in parts.items() if name not in args.skip]
    threads += [threading.Thread(target=sampler), threading.Thread(target=player)]
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(180)
    return {
        "save": (percentile(saves, 0.5) * 1000, percentile(saves, 0.99) * 1000, len(saves)),
        "page": (percentile(pages, 0.5) * 1000, percentile(pages, 0.99) * 1000, len(pages)),
        "rss": (idle / 1024, peak[0] / 1024, (peak[0] - idle) / 1024),
        "answered": dict(sorted(answered.items())),
    }


def stranger_cookies_of(base: str, own: dict) -> dict[str, str]:
    """A fresh member of the stranger's own group: its cookies."""
    phone = Phone(base)
    phone.join(own["join_url"])
    return phone.cookies


# --- issue 54: floods beside a victim, phase by phase ----------------------------------------

NIGHT_TABLES = 5  # of four players, 2,000 hands each: a 10,000-hand night
TABLE_HANDS = 2000
CLUB_PLAYERS = 240  # the most a night has: 60 tables drawn at once
ZERO_BYTES = 5 * 1024 * 1024 - 64  # just under the club import's 5 MB
ZERO_ROUNDS = 3
PHASE_JOIN = 180  # seconds a flood's thread may take to finish its last request


def hwm_kb(pid: int) -> int:
    """The process's peak RSS so far (VmHWM), in kB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def reset_hwm(pid: int) -> bool:
    """Resets the process's VmHWM to its RSS now (``clear_refs`` 5); False where the
    kernel or our rights do not let it."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        return False
    return True


def floods_server(args, database: str, port: int, log) -> subprocess.Popen:
    env = {**os.environ, "SCOREKEEPER_SECRET_KEY": "benchmark"}
    env.pop("PYTHONPATH", None)
    command = [args.server_python, "-m", "scorekeeper.cli", "serve"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--db", database]
    if args.workers:
        command += ["--workers", str(args.workers)]
    return subprocess.Popen(
        command, cwd=args.server_root, stdout=log, stderr=subprocess.STDOUT, env=env
    )


def night_file(stranger: Phone, own: dict) -> tuple[bytes, int]:
    """A club night's file of NIGHT_TABLES round-sheet tables of TABLE_HANDS hands, made
    from a night the server itself draws and exports (so its rules and table settings are
    the server's own), its lists' totals and standings left out (the import works them
    out); and the id of a table's game to print."""
    players = [f"Spieler {n}" for n in range(1, 4 * NIGHT_TABLES + 1)]
    body = {"game": "any-game", "players": players, "series": 1, "deals_per_player": 0}
    status, night = stranger.json("POST", f"/api/groups/{own['id']}/club", body, own["key"])
    assert status == 201, (status, night)
    path = f"/groups/{own['id']}/club/{night['id']}/export.json"
    status, payload = stranger.request("GET", path, headers={"Accept-Encoding": "identity"})
    assert status == 200, (status, payload[:300])
    document = json.loads(payload)
    for table in document["tables"]:
        for key in ("totals", "hands", "status", "signed_by"):
            table.pop(key, None)
    document.pop("standings", None)
    stamp = document["created_at"]
    for game in document["games"]:
        for key in ("totals", "status", "winner"):
            game.pop(key, None)
        # Points that never reach the round sheet's target: the table plays all its hands.
        game["hands"] = [
            {"number": n, "points": [1, -1, 0, 0] if n % 2 else [-1, 1, 0, 0], "created_at": stamp}
            for n in range(1, TABLE_HANDS + 1)
        ]
    content = json.dumps(document).encode()
    status, made = stranger.json_body(f"/api/groups/{own['id']}/club/import", content, own["key"])
    if status == 201:
        return content, made["tables"][0]["game_id"]
    # A server that bounds a night below this one refuses it (issue 54, finding 4): the
    # flood then meets that refusal, and the prints a table of the night drawn above.
    print(f"setup: the {NIGHT_TABLES * TABLE_HANDS}-hand night was refused: {status} {made}")
    return content, night["tables"][0]["game_id"]


def floods(args: argparse.Namespace) -> list[tuple[str, dict[str, Any]]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as log:
        process = floods_server(args, f"{folder}/attack.db", port, log)
        try:
            _wait_for(port, process, log)
            table, table_group, game = table_game(base)
            stranger = Phone(base)
            status, own = stranger.json("POST", "/api/groups", {"name": "Mine"})
            assert status == 201, (status, own)
            stranger.join(own["join_url"])
            night, printed = night_file(stranger, own)
            game_file = big_file(TABLE_HANDS)
            # The game print's game: a 2,000-hand game imported from a file.
            status = stranger.upload(f"/groups/{own['id']}/import", game_file)
            assert status == 200, status
            _, listed = stranger.json("GET", f"/api/groups/{own['id']}", key=own["key"])
            sheet = max(listed["games"], key=lambda found: found["id"])["id"]
            table.request("GET", f"/games/{game['id']}")
            time.sleep(1.0)
            # The victim's pages are read from a second phone of its group, so that a save
            # held up does not hold up the pages' figures too (and the other way round).
            reader = Phone(base)
            reader.join(table_group["join_url"])
            victim = (table, table_group, game, reader)
            key = own["key"]
            # A member's phone of the stranger's group for each attacking thread: an upload
            # may renew a phone's session, which a phone shared between threads would lose.
            members = [Phone(base) for _ in range(6)]
            for member in members:
                member.join(own["join_url"])

            def club_import(phone: Phone) -> int:
                return phone.json_body(f"/api/groups/{own['id']}/club/import", night, key)[0]

            def game_import(phone: Phone) -> int:
                return phone.upload(f"/groups/{own['id']}/import", game_file)

            def club_print(phone: Phone) -> int:
                return phone.request("GET", f"/games/{printed}/club/print?explain=1")[0]

            def game_print(phone: Phone) -> int:
                return phone.request("GET", f"/games/{sheet}/print?explain=1")[0]

            everyone = [f"Gast {n}" for n in range(1, CLUB_PLAYERS + 1)]
            drawing = {"game": "skat", "players": everyone, "series": 1}

            def club_night(phone: Phone) -> int:
                return phone.json("POST", f"/api/groups/{own['id']}/club", drawing, key)[0]

            phases = [
                ("baseline", []),
                (
                    "import flood",
                    [("club import", club_import)] * 4 + [("game import", game_import)],
                ),
                ("print flood", [("club print", club_print), ("print", game_print)] * 3),
                ("club-night flood", [("club night", club_night)] * 4),
            ]
            found = []
            for name, attackers in phases:
                found.append((name, phase(args, victim, members, attackers)))
                time.sleep(1.0)  # what a flood left queued drains before the next
            found.append(("5 MB of zeros", zeros(base, process.pid, own)))
            return found
        finally:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def phase(args, victim, members: list[Phone], attackers) -> dict[str, Any]:
    """The victim plays for ``args.seconds`` beside ``attackers`` (each a thread running
    its (kind, request) in a loop on a phone of its own, of ``members``); returns its
    saves' and pages' figures and the attackers' answers."""
    table, table_group, game, pages_phone = victim
    stop = threading.Event()
    answered: Counter[str] = Counter()
    saves: list[float] = []
    pages: list[float] = []
    lock = threading.Lock()

    def attacker(kind: str, ask, phone: Phone) -> None:
        for _ in range(STRANGER_LOOPS):
            if stop.is_set():
                return
            status = ask(phone)
            with lock:
                answered[f"{kind} {status}"] += 1

    def saver() -> None:
        for number in range(1, STRANGER_LOOPS):
            if stop.is_set():
                return
            began = time.perf_counter()
            status, _ = table.json(
                "POST",
                f"/api/games/{game['id']}/hands",
                {"points": [number % 9, -2, 1, 0]},
                game["edit_key"],
            )
            saves.append(time.perf_counter() - began)
            with lock:
                answered[f"victim save {status}"] += 1
            time.sleep(max(0.0, SAVE_EVERY - (time.perf_counter() - began)))

    def reader() -> None:
        for _ in range(STRANGER_LOOPS):
            for path in (f"/groups/{table_group['id']}", f"/games/{game['id']}"):
                if stop.is_set():
                    return
                began = time.perf_counter()
                status, _ = pages_phone.request("GET", path)
                pages.append(time.perf_counter() - began)
                with lock:
                    answered[f"victim page {status}"] += 1
                time.sleep(max(0.0, SAVE_EVERY - (time.perf_counter() - began)))

    threads = [
        threading.Thread(target=attacker, args=(kind, ask, phone))
        for (kind, ask), phone in zip(attackers, members, strict=False)
    ]
    threads += [threading.Thread(target=saver), threading.Thread(target=reader)]
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(PHASE_JOIN)
    return {
        "save": (percentile(saves, 0.5) * 1000, percentile(saves, 0.99) * 1000, len(saves)),
        "page": (percentile(pages, 0.5) * 1000, percentile(pages, 0.99) * 1000, len(pages)),
        "answered": dict(sorted(answered.items())),
    }


def zeros(base: str, pid: int, own: dict) -> dict[str, Any]:
    """4 bodies of 5 MB of zeros posted at once, ZERO_ROUNDS times: the server's peak RSS
    above its RSS before."""
    body = b"[" + b"0," * ((ZERO_BYTES - 3) // 2) + b"0]"
    time.sleep(1.0)
    before = rss_kb(pid)
    reset = reset_hwm(pid)
    high = hwm_kb(pid)
    answered: Counter[str] = Counter()
    lock = threading.Lock()

    def poster() -> None:
        phone = Phone(base)
        status = phone.json_body(f"/api/groups/{own['id']}/club/import", body, own["key"])[0]
        with lock:
            answered[f"zeros {status}"] += 1

    for _ in range(ZERO_ROUNDS):
        threads = [threading.Thread(target=poster) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(PHASE_JOIN)
    peak = hwm_kb(pid)
    return {
        "rss": (before / 1024, peak / 1024, (peak - (before if reset else high)) / 1024, reset),
        "size": len(body) / 1024 / 1024,
        "answered": dict(sorted(answered.items())),
    }


def print_floods(args, found: list[tuple[str, dict[str, Any]]]) -> None:
    workers = f", --workers {args.workers}" if args.workers else ""
    print(f"{args.label or args.server_root}: phases of {args.seconds:.0f} s{workers}")
    for name, figures in found:
        print(f"  {name}:")
        if "save" in figures:
            save, page = figures["save"], figures["page"]
            print(
                f"    victim saves: {save[2]}, p50 {save[0]:.1f} ms, p99 {save[1]:.1f} ms (<= 250)"
            )
            print(
                f"    victim pages: {page[2]}, p50 {page[0]:.1f} ms, p99 {page[1]:.1f} ms (<= 500)"
            )
        if "rss" in figures:
            before, peak, above, reset = figures["rss"]
            since = "" if reset else " (VmHWM could not be reset: above the peak before)"
            print(
                f"    server RSS: {before:.0f} MB before, peak {peak:.0f} MB, "
                f"+{above:.0f} MB for 4 x {figures['size']:.1f} MB at once (<= 50){since}"
            )
        print("    answers:", ", ".join(f"{k}: {v}" for k, v in figures["answered"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, help="of each phase (floods: 15), or of the attack (20)"
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands of the imported game")
    parser.add_argument("--server-python", default=sys.executable)
    parser.add_argument("--server-root", default=str(ROOT))
    parser.add_argument("--label", default="")
    parser.add_argument(
        "--attack",
        choices=("floods", "heavy", "batch"),
        default="floods",
        help="floods: a victim alone, then beside import, print and club-night floods, and "
        "bodies of zeros (issue 54); heavy: imports, prints and new groups (issue 29); batch: "
        "offline batches of replacements (issue 42)",
    )
    parser.add_argument("--quick", action="store_true", help="floods: 5 s phases")
    parser.add_argument(
        "--workers", type=int, default=0, help="floods: serve --workers N (0: not given)"
    )
    parser.add_argument("--games", type=int, default=5, help="--attack batch: its games")
    parser.add_argument("--game-hands", type=int, default=400, help="--attack batch: their hands")
    parser.add_argument(
        "--replacements", type=int, default=100, help="--attack batch: of hand 1, per batch"
    )
    parser.add_argument(
        "--skip",
        default="",
        type=lambda text: set(filter(None, text.split(","))),
        help="parts of the attack left out, to see what costs what: import,print,all,found",
    )
    args = parser.parse_args()
    if args.attack == "floods":
        if args.seconds is None:
            args.seconds = 5.0 if args.quick else 15.0
        print_floods(args, floods(args))
        return
    if args.seconds is None:
        args.seconds = 20.0
    found = run(args)
    save, page, rss = found["save"], found["page"], found["rss"]
    what = (
        f"{args.games} games of {args.game_hands}, batches of {args.replacements} replacements"
        if args.attack == "batch"
        else f"game of {args.hands}"
    )
    print(f"{args.label or args.server_root}: {args.seconds:.0f} s of attack, {what}")
    print(f"  table hand saves: {save[2]}, p50 {save[0]:.1f} ms, p99 {save[1]:.1f} ms (<= 250)")
    print(f"  table pages:      {page[2]}, p50 {page[0]:.1f} ms, p99 {page[1]:.1f} ms (<= 500)")
    print(f"  server RSS: idle {rss[0]:.0f} MB, peak {rss[1]:.0f} MB, +{rss[2]:.0f} MB (<= 150)")
    print("  answers:", ", ".join(f"{k}: {v}" for k, v in found["answered"].items()))


if __name__ == "__main__":
    main()
