"""Helpers of tests/web/test_words_by_number.py."""

from __future__ import annotations

from scorekeeper.engine import get_game


def finish_page(client, make_game, post_hand, game, players, hands, language) -> str:
    from tests.support.game_page_matrix import long_rules, simulated_hands

    rules = get_game(game)
    game_id, key = make_game(
        game=game, players=players, rules=rules.default_preset, settings=long_rules(rules)
    )
    for hand in simulated_hands(rules, hands, long=True):
        assert post_hand(game_id, key, hand).status_code == 201
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    page = client.get(f"/games/{game_id}/finish", headers={"Accept-Language": language})
    assert page.status_code == 200
    return page.get_data(as_text=True)
