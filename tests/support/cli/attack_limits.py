"""Helpers of tests/cli/test_attack_limits.py."""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator

from scorekeeper import db
from tests.support.live import SERVED
from tests.support.serve_workers import children_of, free_port, wait_for
from tests.support.stranger import ask

PLAYERS = ["Noa", "Avi", "Dana", "Gil"]


def _json(text: bytes):
    try:
        return json.loads(text)
    except ValueError:
        return {"text": text.decode("utf-8", "replace")}


class Phone:
    """A phone's browser: its own cookies (the edit key it opened), and the CSRF token of
    its session once it took a game's snapshot."""

    def __init__(self, base: str) -> None:
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.token = ""

    def open(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, dict]:
        request = urllib.request.Request(
            self.base + path,
            data=None if body is None else json.dumps(body).encode(),
            method=method,
            headers={"Content-Type": "application/json", "Accept": "application/json"}
            | ({"X-CSRFToken": self.token} if self.token else {})
            | (headers or {}),
        )
        try:
            with self.opener.open(request, timeout=60) as answer:
                text = answer.read()
                return answer.status, _json(text), dict(answer.headers)
        except urllib.error.HTTPError as error:
            with error:
                return error.code, _json(error.read()), dict(error.headers)

    def snapshot(self, game_id: int) -> dict:
        status, answer, _headers = self.open("GET", f"/games/{game_id}/offline")
        assert status == 200, answer
        self.token = answer["csrf_token"]
        return answer

    def send(self, game_id: int, hands: list[dict], **headers) -> tuple[int, dict, dict]:
        body = {"by": "Noa's phone", "hands": hands}
        return self.open("POST", f"/games/{game_id}/offline/hands", body, headers)


def editing_phone(base: str) -> tuple[Phone, int, str]:
    """A round-sheet game in a group of its own, and a phone that opened its edit link and
    took its snapshot: (the phone, the game's id, its edit key)."""
    status, group, _headers = ask(base, "POST", "/api/groups", {"name": "Ours"})
    assert status == 201, group
    body = {
        "game": "any-game",
        "players": PLAYERS,
        "settings": {"goal": "open"},
        "first_dealer": 0,
        "group": str(group["id"]),
    }
    auth = {"Authorization": f"Bearer {group['key']}"}
    status, game, _headers = ask(base, "POST", "/api/games", body, auth)
    assert status == 201, game
    phone = Phone(base)
    phone.open("GET", urllib.parse.urlsplit(game["edit_url"]).path)
    phone.snapshot(game["id"])
    return phone, game["id"], game["edit_key"]


def hand(number: int, seed: int = 0) -> dict:
    return {"points": [number % 7 + seed, 3, -(number % 5), seed]}


def queued(first: int, last: int, after: int = 0, seed: int = 0) -> list[dict]:
    return [{"number": n, "after": after, "hand": hand(n, seed)} for n in range(first, last + 1)]


def stored_hands(base: str, game_id: int) -> list[tuple[int, int, str]]:
    """(number, revision, hand) of every stored hand of the game."""
    database = db.open_database(SERVED[base])
    try:
        rows = database.execute(
            "SELECT number, revision FROM hands WHERE game_id = ? ORDER BY number", [game_id]
        ).fetchall()
        hands = {h.number: h.record.to_dict() for h in db.load_hands(database, game_id, 1)}
    finally:
        database.close()
    return [(number, revision, json.dumps(hands[number])) for number, revision in rows]


@contextlib.contextmanager
def serve(tmp_path, *options: str, env: dict[str, str] | None = None) -> Iterator[int]:
    """``scorekeeper serve`` with its real limits and ``options``; yields its port once
    every worker it forks is running."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), *options]
        + ["--db", str(tmp_path / "limits.db")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test", **(env or {})},
    )
    try:
        wait_for(port, process)
        workers = int(options[options.index("--workers") + 1]) if "--workers" in options else 0
        deadline = 30
        while workers and len(children_of(process.pid)) < workers and deadline:
            threading.Event().wait(0.2)
            deadline -= 1
        yield port
    finally:
        process.terminate()
        process.wait(30)


def new_group(connection: http.client.HTTPConnection) -> int:
    connection.request(
        "POST", "/api/groups", body=b"{}", headers={"Content-Type": "application/json"}
    )
    response = connection.getresponse()
    response.read()
    return response.status
