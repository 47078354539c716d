"""French Tarot's pages in the table's language: a half point entered on the form in French,
English, Hebrew and German (the line that says how, the number kept as typed and shown in
the page's decimal sign, another fraction refused as it was typed), the deal worked out term
by term on the why page and the print, the takers' and partners' statistics, the sheet's
rules lines, and the phone's engine refusing a deal the cards cannot give as the server does."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.engine import phone
from tests.support.app import into_group
from tests.support.french_tarot import KEY, form_values, new_game
from tests.support.game_rules import ISOLATES, post, stored_hands, summary, text_of
from tests.support.games.french_tarot.pages import _imported
from tests.support.stored import game_count

HALF = {"fr": "40,5", "de": "40,5", "en": "40.5", "he": "40.5"}
HOW = {
    "fr": "Un demi-point s'écrit 40,5 (de 0 à 91).",
    "de": "Ein halber Punkt wird 40,5 geschrieben (von 0 bis 91).",
    "en": "A half point is written 40.5 (from 0 to 91).",
    "he": "חצי נקודה נכתבת 40.5 (בין 0 ל־91).",
}
AT_FIVE = {"taker": 0, "partner": 2, "king": "H", "contract": "garde", "bouts": 2}
# A Garde contre failed by 6 with the taker's poignée (docs example 5): 186, and 206 with it.
FAILED = {"taker": 0, "contract": "garde_contre", "bouts": 1, "card_points": 45}
FAILED |= {"poignee": "simple"}


@pytest.mark.parametrize("language", HALF)
def test_a_half_point_is_entered_as_the_table_writes_it(app, client, language):
    """The box takes the page's decimal sign (a number box sent 405 for 40,5) and says how;
    the deal is saved as 40.5 and shown in the page's decimal sign; another fraction is
    refused as it was typed, with the other entries kept."""
    game_id, _ = new_game(client, 5)
    said = {"Accept-Language": language}
    form = client.get(f"/games/{game_id}/hands/new", headers=said).get_data(as_text=True)
    box = re.search(r'<input[^>]*id="card_points"[^>]*>', form).group(0)
    assert 'type="text"' in box and 'inputmode="decimal"' in box and "pattern" not in box
    assert HOW[language] in form.translate(ISOLATES)
    typed = form_values(AT_FIVE | {"card_points": HALF[language]})
    wrong = client.post(f"/games/{game_id}/hands/new", data=typed | {"card_points": "40,7"})
    assert wrong.status_code == 422 and stored_hands(app) == []
    ((field, message),) = summary(wrong)
    assert field == "card_points" and "40,7" in message and "405" not in message
    kept = re.search(r'<input[^>]*id="card_points"[^>]*>', wrong.get_data(as_text=True))
    assert 'value="40,7"' in kept.group(0)  # as typed, for the table to correct
    saved = client.post(f"/games/{game_id}/hands/new", data=typed, headers=said)
    assert saved.status_code == 302, summary(saved)
    assert stored_hands(app)[-1]["card_points"] == 40.5
    board = text_of(client.get(f"/games/{game_id}", headers=said))
    assert f" {HALF[language]} " in board and "Garde ♥" in board
    why = text_of(client.get(f"/games/{game_id}/hands/1/why", headers=said))
    assert f": {HALF[language]} " in why  # the deal's line names the card points so too


def test_the_why_page_says_each_term_of_the_deal(client):
    """186 → 206 is the poignée: each term named, in the table's words, the true minus sign;
    "1 bout" and "2 bouts" as French says them."""
    game_id, key = new_game(client, 4)
    assert post(client, game_id, key, FAILED).status_code == 201
    assert post(client, game_id, key, FAILED | {"bouts": 2, "card_points": 50}).status_code == 201
    french = {"Accept-Language": "fr"}
    first = text_of(client.get(f"/games/{game_id}/hands/1/why", headers=french))
    for term in (
        "45 avec 1 bout, 51 à réaliser : chuté de 6",
        "Garde contre : (25 + 6) × 6 = −186",
        "poignée simple : −20",
        "la donne : −186 − 20 = −206, payée à chaque défenseur",
        "preneur : 3 × −206 = −618",
        "défenseur : +206",
    ):
        assert term in first, term
    assert "-206" not in first and "-618" not in first
    second = text_of(client.get(f"/games/{game_id}/hands/2/why", headers=french))
    assert "50 avec 2 bouts, 41 à réaliser : fait de 9" in second
    assert "la donne : +204 + 20 = +224, payée par chaque défenseur" in second
    hebrew = client.get(f"/games/{game_id}/hands/1/why", headers={"Accept-Language": "he"})
    assert "\u2066(25 + 6) × 6 = −186\u2069" in hebrew.get_data(as_text=True)
    workings = text_of(client.get(f"/games/{game_id}/print?explain=1"))
    assert "simple poignée: −20; the deal: −186 − 20 = −206, paid to each defender" in workings


def test_the_statistics_count_the_takers_and_the_called_partners(client):
    game_id, key = new_game(client, 5)
    deals = [
        AT_FIVE | {"card_points": 45},  # Ann with Cat, a Garde made
        AT_FIVE | {"card_points": 35},  # and failed
        {
            "taker": 1,
            "partner": 0,
            "king": "S",
            "contract": "petite",
            "bouts": 1,
            "card_points": 60,
        },
        {"taker": 3, "partner": "alone", "contract": "garde_sans", "bouts": 3, "card_points": 50},
        {"thrown_in": True},
    ]
    for deal in deals:
        assert post(client, game_id, key, deal).status_code == 201
    text = text_of(client.get(f"/games/{game_id}/stats"))
    # Ann, Bob, Cat, Dan, Eve: each line one value per player, in seat order.
    assert "Deals taken 2/4 (50%) 1/4 (25%) 0/4 (0%) 1/4 (25%) 0/4 (0%)" in text
    assert "Taken and made 1/2 (50%) 1/1 (100%) – 1/1 (100%) –" in text
    assert "Garde made 1/2 (50%) – – – –" in text
    assert "Petite made – 1/1 (100%) – – –" in text
    assert "Garde sans made – – – 1/1 (100%) –" in text
    assert "Called as partner: made 1/1 (100%) – 1/2 (50%) – –" in text
    four, key = new_game(client, 4)
    assert post(client, four, key, FAILED).status_code == 201
    assert "Called as partner" not in text_of(client.get(f"/games/{four}/stats"))
    # A career adds them up: Ann took two at five and the one Garde contre at four.
    into_group(client, game_id)
    group = into_group(client, four)
    career = text_of(client.get(f"/groups/{group}/players/Ann"))
    assert "Deals taken 3/5 (60%)" in career and "Garde contre made 0/1 (0%)" in career


def test_the_sheet_prints_the_poignee_at_its_table_and_the_chelem_with_a_true_minus(client):
    game_id, _ = new_game(client, 5, {"poignee_scale": "old"})
    text = text_of(client.get(f"/games/{game_id}/print"))
    assert "Poignée: trumps shown, points 8: 20 · 10: 40 · 13: 60" in text
    assert "Chelem announced 400, not announced 200, failed −200" in text
    hebrew = client.get(f"/games/{game_id}/print", headers={"Accept-Language": "he"})
    assert "נכשל \u2066−200\u2069" in hebrew.get_data(as_text=True)


def test_the_phones_engine_refuses_what_the_cards_cannot_give(client):
    """A phone without the network reads a deal with the same engine: a chelem made with 50
    points is refused on its field, a half at five read as the server reads it."""
    game_id, _ = new_game(client, 5)
    kept = client.get(f"/games/{game_id}/offline").get_json()
    request = {"game": KEY, "seats": 5, "settings": kept["settings"], "state": kept["state"]}
    deal = AT_FIVE | {"card_points": 50, "chelem": "made"}
    refused = json.loads(phone.read(json.dumps(request | {"hand": deal})))
    assert refused["field"] == "card_points", refused
    taken = json.loads(
        phone.read(json.dumps(request | {"hand": AT_FIVE | {"card_points": "40,5"}}))
    )
    assert taken["hand"]["card_points"] == 40.5


def test_a_half_point_goes_out_and_comes_back_and_a_file_of_impossible_deals_imports_nothing(
    client,
):
    """The CSV and JSON exports write 40.5; the JSON file imports with it; a file whose deal
    the cards cannot give (a chelem made with 50 points) is refused naming the field, and
    nothing is imported."""
    game_id, key = new_game(client, 5)
    assert post(client, game_id, key, AT_FIVE | {"card_points": "40,5"}).status_code == 201
    assert ",40.5," in client.get(f"/games/{game_id}/export.csv").get_data(as_text=True)
    document = client.get(f"/games/{game_id}/export.json").get_json()
    assert document["games"][0]["hands"][0]["card_points"] == 40.5
    before = game_count(client)
    assert _imported(client, document)[0] == 200 and game_count(client) == before + 1
    document["games"][0]["hands"][0] |= {"card_points": 50, "chelem": "made"}
    status, page = _imported(client, document)
    assert status == 422 and "card_points" in page and game_count(client) == before + 1
