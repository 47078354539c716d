"""French Tarot's sheet on a phone (issue 56, item 7 leftover): the deal's sentence, which
names the called partner ("Garde avec Anne-Sophie Beaumont · fait de 4"), is a line of
its own across the row, as Skat's and Schafkopf's are, not squeezed into the row's narrow
first column, where at 360 px it broke the partner's name over three lines."""

from __future__ import annotations

import html
import re

import pytest

from tests.support.app import new_app

NAMES = [
    "Marie-Christine Dubois",
    "Jean-Baptiste Lefèvre",
    "Anne-Sophie Beaumont",
    "François-Xavier Morel",
    "Géraldine Vasseur-Roy",
]


@pytest.mark.parametrize("language", ["fr", "en", "he"])
def test_a_tarot_deals_sentence_runs_across_its_row_naming_the_partner_whole(tmp_path, language):
    client = new_app(tmp_path).test_client()
    made = client.post(
        "/api/games", json={"game": "french-tarot", "players": NAMES, "first_dealer": 0}
    ).get_json()
    hand = {"taker": 0, "partner": 2, "contract": "garde", "bouts": 2, "card_points": 45}
    key = {"Authorization": f"Bearer {made['edit_key']}"}
    assert client.post(f"/api/games/{made['id']}/hands", json=hand, headers=key).status_code == 201
    client.get(made["edit_url"])  # the phone that records the game
    page = client.get(f"/games/{made['id']}", headers={"Accept-Language": language})
    assert page.status_code == 200
    text = html.unescape(page.get_data(as_text=True))
    row = re.search(r'<tbody id="h1"[^>]*><tr class="about"><th colspan="5"[^>]*>(.*?)</th>', text)
    assert row, "the deal's sentence is no line across its row"
    assert NAMES[2] in row[1].replace("\u2068", "").replace("\u2069", "")
