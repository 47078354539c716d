"""Helpers of tests/web/games/test_toy_game.py, which other tests use too."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import GAMES, Game
from tests.support.toy_game import GAME

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][: GAME.seats]


def text_of(response) -> str:
    return response.get_data(as_text=True)


@pytest.fixture
def toy(monkeypatch):
    """The toy registered beside the built-in games for one test."""
    monkeypatch.setitem(GAMES, GAME.key, GAME)
    assert isinstance(GAME, Game)
    return GAME


def csrf(page: str) -> str:
    """The page's CSRF token (the test app may run without one)."""
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    return found.group(1) if found else ""


def start(client, game=GAME, names=NAMES, first_dealer="0") -> int:
    """A new game of ``game`` (the toy, or a copy with other seats) through the page."""
    page = text_of(client.get(f"/games/new?game={game.key}"))
    response = client.post(
        f"/games/new?game={game.key}",
        data={
            "csrf_token": csrf(page),
            **{f"player_{s}": name for s, name in enumerate(names)},
            "first_dealer": first_dealer,
            "rules": "toy",
            "target": "",
            "points": "2",
        },
    )
    assert response.status_code == 302, text_of(response)
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def record(client, game_id: int, winner: int):
    page = text_of(client.get(f"/games/{game_id}/hands/new"))
    number = re.search(r'name="number" type="hidden" value="(\d+)"', page).group(1)
    return client.post(
        f"/games/{game_id}/hands/new",
        data={"csrf_token": csrf(page), "number": number, "winner": str(winner), "save": "1"},
    )
