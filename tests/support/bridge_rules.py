"""Helpers of tests/games/bridge/test_rules.py, which other tests use too."""

from __future__ import annotations

import json
import sqlite3

from tests.support.new_games_refusals import new_game


def deal(declarer, contract, tricks, doubled=0, honours=None):
    """A deal's API body: ``contract`` as the pad writes it, "4S", "3NT"."""
    level, strain = int(contract[0]), contract[1:]
    return {
        "declarer": declarer,
        "level": level,
        "strain": strain,
        "doubled": doubled,
        "tricks": tricks,
        "honours": honours,
    }


PASSED = {"passed_out": True}


def post(client, game_id, key, hand):
    return client.post(
        f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
    )


def play(client, rules, deals, settings=None, first_dealer=0):
    """A new game of ``rules`` with ``deals`` posted: the answers, and the game's id, key."""
    extra = {"settings": settings} if settings else {}
    game_id, key = new_game(client, "bridge", rules=rules, first_dealer=first_dealer, **extra)
    answers = []
    for hand in deals:
        response = post(client, game_id, key, hand)
        assert response.status_code == 201, response.get_json()
        answers.append(response.get_json())
    return answers, game_id, key


def stored_hands(app) -> list[dict]:
    with sqlite3.connect(app.config["DATABASE"]) as database:
        rows = database.execute("SELECT record FROM hands ORDER BY id").fetchall()
    return [json.loads(row[0]) for row in rows]


RUBBER_7 = [
    deal(0, "4S", 10),
    deal(1, "3NT", 10),
    deal(0, "2H", 8),
    deal(1, "3C", 7, doubled=1),
    deal(0, "2S", 9),
]


def form_values(hand: dict) -> dict[str, str]:
    honours = hand["honours"]
    shown = "none" if honours is None else f"{honours['side']}{honours['points']}"
    values = {k: str(v) for k, v in hand.items() if k != "honours"}
    result = hand["tricks"] - hand["level"] - 6  # the form asks the result, not tricks
    values["tricks"] = f"{result:+d}" if result else "0"
    return {"save": "1", **values, "honours": shown}
