"""Helpers of tests/web/offline/test_kept_requests.py, which other tests use too."""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.registry import GAMES
from tests.support.phone_calls import GAME_KEYS, NAMES

RULES = GAMES[GAME_KEYS[0]]


SETTINGS = RULES.preset(RULES.default_preset)


SEATED = list(NAMES[: RULES.seats])


def new_game_request(call: str, **more: Any) -> dict[str, Any]:
    """A request ``call`` in English about a game of the first registered game before its
    first hand, under its default preset; ``more`` added or put instead."""
    state = RULES.replay(SETTINGS, 0, []).state.to_dict()
    asked = {"call": call, "game": RULES.key, "seats": RULES.seats, "settings": SETTINGS.to_dict()}
    return asked | {"state": state, "players": SEATED, "language": "en", **more}
