"""Helpers of tests/web/test_private_pages.py."""

from __future__ import annotations

import re
import threading
import urllib.request
from contextlib import contextmanager

from scorekeeper import db
from scorekeeper.cli.server import trust_proxies
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.groups_privacy import Browser
from tests.support.live import SERVED


def headers_of(browser: Browser, path: str) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(browser.base + path)
    try:
        with browser.opener.open(request, timeout=30) as answer:
            answer.read()
            return answer.status, dict(answer.headers)
    except urllib.error.HTTPError as error:
        error.read()
        return error.code, dict(error.headers)


def posted(browser: Browser, path: str) -> dict[str, str]:
    """POSTs the form of the page at ``path`` (its CSRF token only); the headers of the
    page the answer ends on."""
    _, page = browser.get(path)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    data = urllib.parse.urlencode({"csrf_token": token}).encode()
    with browser.opener.open(urllib.request.Request(browser.base + path, data), timeout=30) as a:
        a.read()
        return dict(a.headers)


def values_for(base: str, group: dict, game: dict) -> dict[str, str]:
    database = db.open_database(SERVED[base])
    try:
        stored = db.load_game(database, game["id"])
        found = db.load_group(database, group["id"])
        ben = [m for m in db.phones.group_members(database, found.id) if m.label == "Ben"][0]
    finally:
        database.close()
    return {
        "game_id": str(game["id"]),
        "group_id": str(group["id"]),
        "evening_id": str(game["id"]),
        "night_id": "1",
        "dispute_id": "1",
        "number": "1",
        "member_id": str(ben.id),
        "name": "Ann",
        "key": game["edit_key"],
        "game": "skat",
        "invite": found.invite,
        "token": stored.view_token,
        "file_format": "json",
        "filename": "app.css",
        "version": "0.28.3",
        "digest": "0" * 16,
        "language": "he",
    }


@contextmanager
def behind_proxy(folder):
    """The app as ``serve --proxy 1`` runs it, behind a trusted proxy."""
    from werkzeug.serving import make_server

    app = create_app(app_config(folder, WTF_CSRF_ENABLED=True, TESTING=False))
    server = make_server("127.0.0.1", 0, trust_proxies(app, 1), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()
