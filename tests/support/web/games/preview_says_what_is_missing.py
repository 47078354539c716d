"""Helpers of tests/web/games/test_preview_says_what_is_missing.py."""

from __future__ import annotations

from tests.support.game_page_matrix import names_for

LANGUAGE = {"en": "en", "de": "de-DE", "he": "he-IL"}


def started(client, make_game, game) -> int:
    game_id, key = make_game(game=game.key, players=names_for(game), rules=game.default_preset)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    return game_id


def previewed(client, game_id: int, form: dict[str, str], language: str):
    """The preview's answer: None where the hand scores, else the sentence it says."""
    answer = client.post(
        f"/games/{game_id}/hands/preview",
        data={"number": "1", **form},
        headers={"Accept-Language": LANGUAGE[language]},
    )
    assert answer.status_code in (200, 422), answer.get_json()
    return answer.get_json()["problem"] if answer.status_code == 422 else None
