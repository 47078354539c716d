"""Fixtures only: a fresh app and SQLite file per test, a live server and real Chromium. What
they are made of is the support library (``tests/support/``); the hooks that schedule a
parallel run are its plugin ``tests/support/scheduling.py``."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from scorekeeper.web import create_app
from tests.support.app import SEAT_NAMES, app_config, into_group, join_group, new_app
from tests.support.live import (
    BROWSER_HELP,
    CHROMIUM,
    CHROMIUM_ARGS,
    no_browser,
    refusing_promises,
    serving,
    watched_page,
)

pytest_plugins = [
    "tests.support.compiled_once",
    "tests.support.scheduling",
    "tests.support.temp_in_memory",
    "tests.support.tracebacks",
]


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def make_game(client):
    """Creates a game of ``game`` (a registered game's key; ``rules``, one of its presets,
    else its first) through the API; returns (id, edit key). Every game a test makes
    this way is in one group (``into_group``), of which the client is a member: it sees
    the games without holding their keys."""

    def make(game: str, rules: str | None = None, players=SEAT_NAMES, first_dealer=0, **body):
        chosen = {"game": game} | ({"rules": rules} if rules is not None else {})
        response = client.post(
            "/api/games",
            json={"players": players, "first_dealer": first_dealer, **chosen, **body},
        )
        assert response.status_code == 201, response.get_json()
        game_id = response.get_json()["id"]
        into_group(client, game_id)
        return game_id, response.get_json()["edit_key"]

    return make


@pytest.fixture
def post_hand(client):
    """Records ``hand`` (its fields changed by ``changes``) through the API; returns the
    response."""

    def post(game_id, key, hand, **changes):
        return client.post(
            f"/api/games/{game_id}/hands",
            json={**hand, **changes},
            headers={"Authorization": f"Bearer {key}"},
        )

    return post


@pytest.fixture
def editor(client, make_game):
    """A browser session that created an Israeli Whist game under pagat-german: (client, game
    id)."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    return client, game_id


@pytest.fixture
def live_server(tmp_path) -> Iterator[str]:
    """The app with CSRF on, served by werkzeug on a random loopback port."""
    with serving(tmp_path) as base:
        yield base


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        no_browser(BROWSER_HELP)
    try:
        from playwright.sync_api import Page, sync_playwright
    except ImportError:
        no_browser("Playwright is not installed; run `pip install -e '.[test]'`.")

    refusing_promises(Page)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def axe():
    """axe-core, bundled in axe-playwright-python (nothing is fetched)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        no_browser("axe-playwright-python is not installed; run `pip install -e '.[test]'`.")
    return Axe()


@pytest.fixture
def page(browser, live_server):
    with watched_page(browser, live_server) as opened:
        yield opened


@pytest.fixture
def club(tmp_path):
    """A club night's group (issue 45; ``tests/web/club/``), made through the API
    (its key, to record hands as a table's phone does), and a client that joined it: the
    organiser. Returns (app, the organiser's client, the group's id, its key)."""
    app = create_app(app_config(tmp_path))
    organiser = app.test_client()
    made = organiser.post("/api/groups", json={"name": "Skatclub"}).get_json()
    join_group(organiser, group_id=made["id"])
    return app, organiser, made["id"], made["key"]
