"""Helpers of tests/browser/test_keep_unasked_browser.py."""

from __future__ import annotations

from tests.support.shared import GAME

NAMES = ["Noa", "Ben", "Dana", "Carl"]


HAND = {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]}


def api(page, method: str, path: str, body: dict, key: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    answer = page.request.fetch(path, method=method, data=body, headers=headers)
    assert answer.ok, answer.text()
    return answer.json()


def started(page, hands: int) -> dict:
    body = {"game": GAME.key, "players": NAMES, "rules": GAME.default_preset, "first_dealer": 0}
    created = api(page, "POST", "/api/games", body)
    for _ in range(hands):
        api(page, "POST", f"/api/games/{created['id']}/hands", HAND, created["edit_key"])
    return created


def entry():
    from tests.support.game_page_matrix import entry_of

    return entry_of(GAME, HAND, NAMES)
