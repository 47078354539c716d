"""Helpers of tests/browser/test_keep_by_itself_browser.py, which other tests use too."""

from __future__ import annotations

from scorekeeper.engine import GAMES
from tests.support.browser import api

GAME = GAMES["israeli-whist"]


NAMES = ["Noa", "Ben", "Dana", "Carl"]


HAND = {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]}


def started(base: str, hands: int = 1) -> dict:
    """A new game (the API's answer) with ``hands`` hands recorded."""
    body = {"game": GAME.key, "players": NAMES, "rules": GAME.default_preset, "first_dealer": 0}
    created = api(base, "POST", "/api/games", body)
    for _ in range(hands):
        api(base, "POST", f"/api/games/{created['id']}/hands", HAND, created["edit_key"])
    return created


# What keeping a game fetches: none of it before the phone may keep it.
KEEPING = ("/engine/", "keep.js", "/kept")


def fetched(context) -> list[str]:
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    return asked


def keeping(asked: list[str]) -> list[str]:
    return [url for url in asked if any(part in url for part in KEEPING)]


def opened(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    page.wait_for_load_state("networkidle")


def kept_here(page, game_id: int) -> bool:
    return page.evaluate(f"() => localStorage.getItem('scorekeeper:kept:{game_id}') === '1'")
