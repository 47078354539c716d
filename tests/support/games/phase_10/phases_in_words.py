"""Helpers of tests/games/phase_10/test_phases_in_words.py."""

from __future__ import annotations

import html
import re

from scorekeeper.engine import get_game
from scorekeeper.engine.core.game import HandPlace
from tests.support.shared import ISOLATES, NAMES

GAME = get_game("phase-10")


S = GAME.preset("phase-10")


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text)).translate(ISOLATES))


def _fields(state) -> dict:
    return {name: getattr(state, name) for name in state.__dataclass_fields__}


def place_at(phases: tuple[int, ...], game=GAME) -> HandPlace:
    """The first hand's place, each player going for the phase ``phases`` says."""
    progress = game.replay(S, 0, [])
    return HandPlace(1, 0, type(progress.state)(**{**_fields(progress.state), "phases": phases}))


def new_game(client) -> tuple[int, str]:
    body = {"game": "phase-10", "players": NAMES, "rules": "phase-10", "first_dealer": 0}
    created = client.post("/api/games", json=body).get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]
