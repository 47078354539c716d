"""Helpers of tests/games/bridge/test_bridge_board.py."""

from __future__ import annotations

import html
import re


def deal(declarer: int, contract: str, tricks: int) -> dict:
    """A deal's API body: ``contract`` as the pad writes it, "4S", "3NT"."""
    return {
        "declarer": declarer,
        "level": int(contract[0]),
        "strain": contract[1:],
        "doubled": 0,
        "tricks": tricks,
        "honours": None,
    }


def text_of(page: str) -> str:
    """A piece of a page as read: no tags, no isolates, spaces folded."""
    page = html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\xa0", " ")
    page = page.translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    return re.sub(r"\s+", " ", page).strip()


def turn_of(client, game_id: int, language: str = "en") -> str:
    """The board's line before the next deal (who deals, and what that deal needs)."""
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": language})
    found = re.search(r'<p class="turn">(.*?)</p>', page.get_data(as_text=True), re.S)
    assert found, "the board says nothing before the next deal"
    return text_of(found.group(1))
