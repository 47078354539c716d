"""Helpers of tests/web/games/test_printed_rules_words.py."""

from __future__ import annotations

import html
import re

SKAT_PLAYERS = ["Anja", "Bernd", "Carla"]


def printed_rules(client, game_id: int, language: str) -> dict[str, str]:
    """The printed sheet's rules, label to value, as read."""
    page = client.get(f"/games/{game_id}/print", headers={"Accept-Language": language})
    assert page.status_code == 200
    section = page.get_data(as_text=True).split('<section class="rules">')[1].split("</section>")[0]
    pairs = re.findall(r'<th scope="row">(.*?)</th><td>(.*?)</td>', section, re.S)
    clean = lambda text: html.unescape(re.sub(r"<[^>]+>|[\u2066-\u2069]", "", text)).strip()  # noqa: E731
    return {clean(label): clean(value) for label, value in pairs}


def skat_game(make_game, **settings) -> int:
    game_id, _key = make_game(game="skat", rules="isko", players=SKAT_PLAYERS, settings=settings)
    return game_id
