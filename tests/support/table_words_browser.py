"""Helpers of tests/browser/test_table_words_browser.py."""

from __future__ import annotations

from tests.support.browser import api

NAMES = ["אלכסנדרה", "Christopher", "נועה", "Marcus"]


def started(page, live_server, game: str) -> int:
    created = api(
        live_server, "POST", "/api/games", {"game": game, "players": NAMES, "first_dealer": 0}
    )
    page.goto(created["edit_url"])
    return created["id"]


def key(page, name: str, value: str):
    return page.locator(f'label.key:has(input[name="{name}"][value="{value}"])')
