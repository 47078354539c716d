"""The "why" page (``/games/<id>/hands/<n>/why``) and the print's workings draw every game's
terms one way (``web.games.scoreboard.terms_said``), once per language here: the term in
the page's language with its number in the catalogue's plural form ("1 book", "1 Stich",
"1 levée", "לקיחה אחת"), the true minus sign, and on the Hebrew page every signed number
kept left to right. That each game's terms say so is held for every registered game in
tests/games/test_why_terms.py."""

from __future__ import annotations

import html
import re

import pytest

ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
SET_WITH_ONE = {"bidder": 0, "bid": "4U", "trump": "H", "books": 1, "reneges": [0, 0]}
SAID = {
    "en": ("set with 1 book, 10 needed: −4 = −4", "Nothing scored in this hand."),
    "de": ("gesetzt mit 1 Stich, 10 nötig: −4 = −4", None),
    "fr": ("chuté avec 1 levée, 10 nécessaires\u00a0: −4 = −4", None),
    "he": ("סט עם לקיחה אחת, נדרשו 10: \u2066−4\u2069 = \u2066−4\u2069", None),
}


@pytest.fixture
def bid_whist_hand(client, make_game, post_hand):
    game_id, key = make_game("bid-whist", rules="bid-whist", players=["Ann", "Bob", "Cat", "Dan"])
    assert post_hand(game_id, key, SET_WITH_ONE).status_code == 201
    return game_id


@pytest.mark.parametrize("language", list(SAID))
def test_the_why_page_says_each_term_in_the_language(client, bid_whist_hand, language):
    page = client.get(
        f"/games/{bid_whist_hand}/hands/1/why", headers={"Accept-Language": language}
    ).get_data(as_text=True)
    term, nothing = SAID[language]
    items = [html.unescape(item) for item in re.findall(r"<li>([^<]*)</li>", page)]
    assert items.count(term) == 2, items  # Ann and Cat, partners
    assert page.count('<span dir="ltr">−4</span>') == 2
    assert not re.search(r"(?<![\w-])-\d", html.unescape(re.sub(r"<[^>]+>", "", page)))
    if nothing:
        assert page.count(nothing) == 2  # Bob and Dan scored nothing


def test_the_prints_workings_keep_signed_numbers_left_to_right_in_hebrew(client, bid_whist_hand):
    page = client.get(f"/games/{bid_whist_hand}/print?explain=1", headers={"Accept-Language": "he"})
    text = html.unescape(page.get_data(as_text=True))
    workings = re.findall(r'<li value="\d+">(.*?)</li>', text, re.S)
    assert workings and all(SAID["he"][0] in item for item in workings), workings
    assert all("−4" not in item.replace("\u2066−4\u2069", "") for item in workings)
