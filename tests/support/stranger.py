"""Helpers of tests/web/test_stranger.py, which other tests use too."""

from __future__ import annotations

import contextlib
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

from scorekeeper.cli.server import bind, make_server, serve_config, urls_for
from scorekeeper.engine import GAMES
from scorekeeper.web import create_app, throttle
from tests.support.app import app_config
from tests.support.game_page_matrix import simulated_hands
from tests.support.groups_privacy import Browser, call
from tests.support.live import SERVED, serving

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


def played_game(base: str, group: dict, key: str, hands: int = 3) -> dict:
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
            "settings": game.lasting(10) or {},
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
def served(folder, proxy: int = 0, **config) -> Iterator[tuple[str, Flask]]:
    """The app as ``scorekeeper serve`` configures it (``config`` added), served by the
    real waitress server of ``serve`` on a loopback port (behind ``proxy`` trusted
    proxies): yields its address and the app."""
    listening = bind("127.0.0.1", 0)
    port = listening[0].getsockname()[1]
    settings = serve_config(urls_for("127.0.0.1", port), port, proxy=proxy)
    settings["HEAVY_SLOTS"] = throttle.HEAVY_SLOTS
    app = create_app(
        app_config(folder, WTF_CSRF_ENABLED=True, TESTING=False, **(settings | config))
    )
    server = make_server(app, threads=4, listening=listening, proxy=proxy)
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


def ask(base: str, method: str, path: str, body=None, headers=None) -> tuple[int, dict, dict]:
    """A JSON request: (status, answer, headers)."""
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read()), dict(answer.headers)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read()), dict(error.headers)
