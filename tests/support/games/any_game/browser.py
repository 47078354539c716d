"""Helpers of tests/games/any_game/test_browser.py."""

from __future__ import annotations

from scorekeeper.engine.any_game import GAME
from tests.support.browser import api
from tests.support.shared import PLAYERS


def sheet(page, live_server, players=PLAYERS, **settings) -> int:
    """A round sheet made through the API and opened on its hand form."""
    created = api(
        live_server,
        "POST",
        "/api/games",
        {
            "game": GAME.key,
            "players": players,
            "rules": "any-game",
            "first_dealer": 0,
            "settings": settings,
        },
    )
    page.goto(created["edit_url"])
    page.goto(f"/games/{created['id']}/hands/new")
    return created["id"]


def unisolated(text: str) -> str:
    """Text as read: the isolates that keep names whole dropped."""
    return text.translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))


def box(page, seat: int):
    return page.locator(f"#points_{seat}")


def head(page):
    return page.locator("#round h2 output")


def totals(page) -> list[str]:
    return page.locator(".totals li b").all_inner_texts()
