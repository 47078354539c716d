"""Pages in Hebrew and German: their words, the engine's errors beside the fields, numbers
left as numbers, and a JSON API that stays English."""

import json
import re

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.pages import sizes_dropped
from tests.support.stored import viewed
from tests.support.web.languages import hand_form, page_text
from tests.support.web.shared import errors_in

HEBREW = {"Accept-Language": "he-IL,he;q=0.9"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"


@pytest.fixture
def game_with_a_hand(editor):
    client, game_id = editor
    assert client.post(f"/games/{game_id}/hands/new", data=hand_form()).status_code == 302
    return client, game_id


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        (HEBREW, ["רישום יד 2", "היסטוריית גרסאות", "אנדר", "ויסט ישראלי"]),
        (GERMAN, ["Spiel 2 eintragen", "Versionen", "unterboten", "Israelisches Whist"]),
    ],
)
def test_the_scoreboard_speaks_the_language(game_with_a_hand, headers, words):
    client, game_id = game_with_a_hand
    text = page_text(client.get(f"/games/{game_id}", headers=headers))
    for word in words:
        assert word in text
    assert "Record hand" not in text and "Revisions" not in text


def test_hebrew_pages_are_right_to_left_and_keep_numbers_left_to_right(game_with_a_hand):
    client, game_id = game_with_a_hand
    html = client.get(f"/games/{game_id}", headers=HEBREW).get_data(as_text=True)
    assert '<html lang="he" dir="rtl">' in html
    # The next dealer's name is isolated in the sentence; the totals are plain numbers.
    assert "יד 2: <b><bdi>West</bdi></b> מחלק, <b><bdi>West</bdi></b> פותח" in html
    assert [b for b in re.findall(r"<b>([^<]*)</b>", html) if re.fullmatch(r"[−\d]+", b)][:4] == [
        "−20",
        "19",
        "−10",
        "−40",
    ]
    home = sizes_dropped(client.get("/", headers=HEBREW).get_data(as_text=True))
    # "Leading: West 19", whole in RTL
    assert f'<bdi class="nm" dir="auto">West</bdi> {LRI}19{PDI}' in home


def test_a_saved_hand_is_reported_in_the_language_with_its_points(editor):
    client, game_id = editor
    client.post("/language", data={"language": "de", "next": "/"})
    response = client.post(f"/games/{game_id}/hands/new", data=hand_form(), follow_redirects=True)
    assert (
        f"Spiel 1 (unterboten): {FSI}South{PDI} −20 · {FSI}West{PDI} +19 · {FSI}North{PDI} −10 · "
        f"{FSI}East{PDI} −40"
    ) in page_text(response)


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        (HEBREW, "לקיחות: הסכום חייב להיות 13, לא 12."),
        (GERMAN, "Stiche: Die Summe muss 13 sein, nicht 12."),
    ],
)
def test_engine_errors_beside_the_fields_are_translated(editor, headers, message):
    client, game_id = editor
    response = client.post(
        f"/games/{game_id}/hands/new", headers=headers, data=hand_form(tricks=[0, 3, 8, 1])
    )
    assert response.status_code == 422
    assert message in errors_in(response)


def test_a_seat_field_error_names_the_player_in_the_language(editor):
    client, game_id = editor
    response = client.post(
        f"/games/{game_id}/hands/new",
        headers=GERMAN,
        data={"number": 1, "declarer": 2, "level": 7, "denomination": "C", "save": 1},
    )
    # North declared: East names the first contract, and is named, once, for all seven.
    assert errors_in(response) == [
        "Es fehlt noch: Ansage von \u2068East\u2069, und 6 weitere Einträge."
    ]


@pytest.mark.parametrize(
    ("headers", "changes", "message"),
    [
        (GERMAN, {"miss_step": "5000"}, "Abzug je Fehlstich: muss zwischen 0 und 1000 liegen"),
        (HEBREW, {"miss_step": "5000"}, "קנס לכל לקיחה: צריך להיות בין 0 ל-1000, לא 5000"),
        (HEBREW, {"player_2": ""}, "שחקן שלישי: חסר שם"),
        (GERMAN, {"player_3": "south"}, f"Zwei Spieler heißen {FSI}south{PDI}; unterscheidet sie"),
        (GERMAN, {"target": "lots"}, "Zielpunktzahl: muss eine ganze Zahl sein, nicht"),
        (HEBREW, {"target": "٣"}, "צריך להיות מספר שלם"),
    ],
)
def test_new_game_errors_are_translated(client, headers, changes, message):
    data = {
        **{f"player_{s}": name for s, name in enumerate(SEAT_NAMES)},
        "first_dealer": "0",
        "rules": "standard",
        "target": "100",
        **changes,
    }
    response = client.post("/games/new", data=data, headers=headers)
    assert response.status_code == 422
    assert any(message in error for error in errors_in(response)), errors_in(response)


def test_knob_help_and_preset_values_are_translated(client):
    text = page_text(client.get("/games/new?game=israeli-whist", headers=GERMAN))
    assert "Wer das Bieten eröffnet: der Geber oder der Spieler links vom Geber" in text
    assert "Regelsatz: links vom Geber" in text  # the standard preset's opener, in words
    assert "Regelsatz: ja" in text


def test_the_script_gets_its_words_from_the_page(editor):
    client, game_id = editor
    html = client.get(f"/games/{game_id}/hands/new", headers=HEBREW).get_data(as_text=True)
    assert '<template id="sum-count">{sum} מתוך {total}</template>' in html
    assert '<template id="word-over">אובר</template>' in html
    new_game = client.get("/games/new?game=israeli-whist", headers=HEBREW).get_data(as_text=True)
    words = re.search(r'<script type="application/json" id="words">(.*?)</script>', new_game)
    assert json.loads(words.group(1))["true"] == "כן"


def test_error_pages_are_translated(client):
    response = client.get("/games/99", headers=GERMAN)
    assert response.status_code == 404
    assert "Es gibt keine Partie 99, die dieses Handy öffnen darf." in page_text(response)
    assert "Einladungslink" in page_text(response)


def test_the_json_api_answers_in_english_whatever_the_browser_asks(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    response = client.post(
        f"/api/games/{game_id}/hands",
        json={**WORKED_EXAMPLE, "tricks": [0, 3, 8, 1]},
        headers={"Authorization": f"Bearer {key}", **HEBREW},
    )
    assert response.status_code == 422
    assert response.get_json() == {
        "error": "tricks must add up to 13, not 12",
        "field": "tricks",
    }
    assert client.get(viewed(client, game_id), headers=GERMAN).get_json()["rules_label"] == (
        "Pagat (German page)"
    )
