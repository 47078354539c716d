"""Helpers of tests/games/any_game/test_hearts_pages.py."""

from __future__ import annotations

import html
import re

from flask_babel import force_locale, gettext

from tests.support.new_games_refusals import NAMES, new_game
from tests.support.shared import ISOLATES


def text_of(response) -> str:
    """The page's text as read: tags dropped, entities and isolates undone."""
    page = response.get_data(as_text=True)
    page = re.sub(r"<(script|template)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).translate(ISOLATES).split())


def in_language(app, language: str, message: str, **params) -> str:
    with app.test_request_context(), force_locale(language):
        return gettext(message, **params)


def start(client, rules="hearts", players=NAMES, **body) -> tuple[int, str]:
    return new_game(client, "any-game", players=players, **{"rules": rules, **body})


def saved_line(client, game_id: int, values: dict[str, str], language: str) -> str:
    headers = {"Accept-Language": language}
    response = client.post(f"/games/{game_id}/hands/new", data=values, headers=headers)
    assert response.status_code == 302, text_of(response)
    board = client.get(f"/games/{game_id}", headers=headers)
    found = re.search(
        r'class="flash[^"]*saved[^"]*"[^>]*>(.*?)</', board.get_data(as_text=True), re.S
    )
    assert found, text_of(board)
    return html.unescape(found.group(1)).translate(ISOLATES)
