"""What a stranger with nothing but the address can do to the server, and cannot (issue 29,
findings 1 to 3), over the real server: an import cannot choose the ids of other groups'
games; no request, however large a game or however many ``Host`` headers, keeps unbounded
memory; no address starts groups and games without end.

How long other groups wait meanwhile is measured by ``benchmarks/attack.py``, not here.
"""

from __future__ import annotations

import contextlib
import html
import http.client
import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator

import pytest
from flask import Flask
from waitress import wasyncore

from scorekeeper import db, game_play, transfer
from scorekeeper.cli.server import bind, make_server, serve_config, urls_for
from scorekeeper.engine import GAMES
from scorekeeper.transfer import formats
from scorekeeper.web import create_app
from scorekeeper.web.review import imports

from .conftest import SERVED, app_config, serving
from .test_app_conformance import simulated_hands
from .test_groups_privacy import GAME_ROUTES, Browser, call

NAMES = ["Noa", "Avi", "Dana", "Gil"]


def post_file(browser: Browser, path: str, body: bytes) -> tuple[int, str]:
    """Uploads ``body`` as the import form's file, with the form's CSRF token."""
    _, page = browser.get(path)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
        f"{token.group(1) if token else ''}\r\n".encode(),
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="games.json"'
        "\r\nContent-Type: application/json\r\n\r\n".encode(),
        body,
        f"\r\n--{boundary}--\r\n".encode(),
    ]
    request = urllib.request.Request(
        browser.base + path,
        data=b"".join(parts),
        method="POST",
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    try:
        with browser.opener.open(request, timeout=60) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def new_group(base: str) -> dict:
    """A new group through the API."""
    status, group = call(base, "POST", "/api/groups", {"name": "Ours"})
    assert status == 201, group
    return group


def joined(base: str, group: dict) -> Browser:
    """A phone that followed the group's invite link."""
    browser = Browser(base)
    path = urllib.parse.urlparse(group["join_url"]).path
    status, _page = browser.post_form(path, {})
    assert status == 200
    return browser


def played_game(base: str, group: dict, key: str = "israeli-whist", hands: int = 3) -> dict:
    game = GAMES[key]
    status, created = call(
        base,
        "POST",
        "/api/games",
        {
            "game": key,
            "players": NAMES[: game.seats] if game.seats <= 4 else [*NAMES, "Eve"][: game.seats],
            "first_dealer": 0,
            "group": str(group["id"]),
            "settings": game.lasting(10),
        },
        group["key"],
    )
    assert status == 201, created
    for hand in simulated_hands(game, hands, long=True):
        answer = call(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
        assert answer[0] == 201, answer
    return created


@pytest.fixture
def server(tmp_path) -> Iterator[str]:
    with serving(tmp_path) as base:
        yield base


@contextlib.contextmanager
def served(folder, **config) -> Iterator[tuple[str, Flask]]:
    """The app as ``scorekeeper serve`` configures it (``config`` added), served by the
    real waitress server of ``serve`` on a loopback port: yields its address and the app."""
    listening = bind("127.0.0.1", 0)
    port = listening[0].getsockname()[1]
    settings = serve_config(urls_for("127.0.0.1", port), port)
    app = create_app(app_config(folder, WTF_CSRF_ENABLED=True, TESTING=False, **settings, **config))
    server = make_server(app, threads=4, listening=listening)
    stop = threading.Event()

    def run() -> None:
        # waitress's own loop, a turn at a time, so that it ends before its sockets close.
        while not stop.is_set():
            wasyncore.loop(timeout=0.05, map=server._map, count=1)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    SERVED[base] = app.config["DATABASE"]
    try:
        yield base, app
    finally:
        SERVED.pop(base, None)
        stop.set()
        thread.join(10)
        # Its threads, then every socket it holds (phones' connections too).
        server.task_dispatcher.shutdown()
        wasyncore.close_all(server._map)
        for sock in listening:
            sock.close()


# --- finding 3: ids chosen by an importer -----------------------------------------------


def test_an_import_cannot_choose_the_ids_of_other_groups_games(server):
    stranger_group = new_group(server)
    played_game(server, stranger_group)
    database = db.open_database(SERVED[server])
    try:
        document = json.loads(transfer.export_json(database))
    finally:
        database.close()
    first = document["games"][0]
    document["games"] = [
        {**first, "id": 987654320},
        {**first, "id": 999999999999999999},
    ]
    stranger = joined(server, stranger_group)
    status, page = post_file(
        stranger, f"/groups/{stranger_group['id']}/import", json.dumps(document).encode()
    )
    assert status == 200, page
    assert "Imported 2 games" in page

    # Another group's next game: an id as small as the server's games are few.
    table_group = new_group(server)
    created = played_game(server, table_group, hands=3)
    assert created["id"] < 100
    member = joined(server, table_group)
    assert member.get(urllib.parse.urlparse(created["edit_url"]).path)[0] == 200
    # (A game in progress has no result card yet: 409, as for any game.)
    for route in [r for r in GAME_ROUTES if not r.endswith("/result")]:
        path = route.format(id=created["id"])
        status, text = member.get(path, {"Authorization": f"Bearer {created['edit_key']}"})
        assert status == 200, (path, status, text[:300])

    # Every id the import stored is small too, and the group's export imports again.
    status, exported = stranger.get(f"/groups/{stranger_group['id']}/export.json")
    assert status == 200
    ids = [game["id"] for game in json.loads(exported)["games"]]
    assert len(ids) == 3 and max(ids) < 100
    status, page = post_file(stranger, f"/groups/{stranger_group['id']}/import", exported.encode())
    assert status == 200, page
    assert "Imported 3 games" in page


# --- finding 1: memory ------------------------------------------------------------------


def get_as(browser: Browser, path: str, host: str) -> tuple[int, bytes]:
    """``path`` asked by ``browser`` (with its cookies) with the ``Host`` header ``host``."""
    connection = http.client.HTTPConnection(browser.base.removeprefix("http://"), timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host)
        connection.putheader("Cookie", "; ".join(f"{c.name}={c.value}" for c in browser.jar))
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def test_made_up_hosts_neither_multiply_the_pages_kept_nor_reach_the_links(tmp_path):
    with served(tmp_path) as (base, app):
        group = new_group(base)
        game = played_game(base, group, hands=3)
        member = joined(base, group)
        cache = app.extensions["scorekeeper.pages"]
        port = base.rsplit(":", 1)[1]
        for path in (f"/games/{game['id']}", f"/games/{game['id']}?all=1"):
            kept = None
            for number in range(8):
                host = f"evil{number}.example:{port}"
                status, body = get_as(member, path, host)
                assert status == 200
                assert b"evil" not in body
                assert f"http://127.0.0.1:{port}/view/".encode() in body
                kept = len(cache) if kept is None else kept
                assert len(cache) == kept, "a made-up Host made another page to keep"


def test_the_page_cache_holds_at_most_its_bytes(tmp_path):
    size = 200_000
    with served(tmp_path, PAGE_CACHE_SIZE=size) as (base, app):
        group = new_group(base)
        member = joined(base, group)
        cache = app.extensions["scorekeeper.pages"]
        for _ in range(6):
            game = played_game(base, group, hands=40)
            for path in (f"/games/{game['id']}", f"/games/{game['id']}?all=1"):
                assert member.get(path)[0] == 200
                assert 0 < cache.held <= size
        # Each scoreboard of 40 hands is kept (the newest ones), never all twelve.
        assert 2 < len(cache) < 6


def test_a_game_past_the_hands_limit_is_refused_naming_it(tmp_path, monkeypatch):
    monkeypatch.setattr(game_play, "MAX_HANDS", 3)
    with served(tmp_path) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, hands=3)
        hand = simulated_hands(GAMES["israeli-whist"], 4, long=True)[3]
        status, answer = call(
            base, "POST", f"/api/games/{game['id']}/hands", hand, game["edit_key"]
        )
        assert status == 409
        assert answer == {
            "error": "a game holds at most 3 hands: start a new game to play on",
            "field": "number",
        }


def test_an_import_past_its_limits_is_refused_naming_them(tmp_path, monkeypatch):
    with served(tmp_path) as (base, _app):
        group = new_group(base)
        played_game(base, group, hands=3)
        played_game(base, group, hands=3)
        member = joined(base, group)
        status, exported = member.get(f"/groups/{group['id']}/export.json")
        assert status == 200
        monkeypatch.setattr(imports, "IMPORT_MAX_GAMES", 1)
        status, page = post_file(member, f"/groups/{group['id']}/import", exported.encode())
        assert status == 422
        assert "one import takes at most 1 games" in html.unescape(page)
        monkeypatch.setattr(imports, "IMPORT_MAX_GAMES", 2)
        monkeypatch.setattr(imports, "IMPORT_MAX_HANDS", 5)
        status, page = post_file(member, f"/groups/{group['id']}/import", exported.encode())
        assert status == 422
        assert "at most 5 hands and saved revisions of hands" in html.unescape(page)
        # One game of more hands than a game holds.
        monkeypatch.setattr(formats, "MAX_HANDS", 2)
        monkeypatch.setattr(imports, "IMPORT_MAX_HANDS", 100)
        status, page = post_file(member, f"/groups/{group['id']}/import", exported.encode())
        assert status == 422
        assert "a game holds at most" in html.unescape(page)
        # Nothing was imported meanwhile.
        status, again = member.get(f"/groups/{group['id']}/export.json")
        assert len(json.loads(again)["games"]) == 2
