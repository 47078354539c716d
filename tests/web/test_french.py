"""French, the fourth language (issue 57): a French browser gets every page in French, in
the table's words, French typography included; the engine says its sentences in French on
the server and in the phone alike."""

import html

import pytest

from scorekeeper.engine.core.language import AND_LISTS, OR_LISTS, words_in
from scorekeeper.engine.core.messages import msg, nmsg
from tests.support.app import SEAT_NAMES, join_group
from tests.support.web.french import page_text, whist_hand
from tests.support.web.shared import errors_in

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
FSI, PDI = "\u2068", "\u2069"
NBSP, NNBSP = "\u00a0", "\u202f"  # before ":" and before ";", "!", "?"


@pytest.fixture
def whist(client, make_game):
    """A French phone that started an Israeli Whist game and recorded its first hand."""
    client.post("/language", data={"language": "fr", "next": "/"})
    game_id, key = make_game(game="israeli-whist", rules="pagat-german")
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    saved = client.post(f"/games/{game_id}/hands/new", data=whist_hand(), follow_redirects=True)
    return client, game_id, saved


@pytest.fixture
def skat(client):
    """A Skat list at three, one Grand recorded, opened by its edit link."""
    created = client.post(
        "/api/games",
        json={"game": "skat", "players": ["Anne", "Bruno", "Chloé"], "rules": "isko"},
    ).get_json()
    game_id, key = created["id"], created["edit_key"]
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    hand = {
        "declarer": 1,
        "game": "grand",
        "matadors": 2,
        "hand": False,
        "schneider_announced": False,
        "schwarz_announced": False,
        "ouvert": False,
        "bid": 48,
        "declarer_points": 75,
        "no_trick": None,
    }
    answer = client.post(
        f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
    )
    assert answer.status_code == 201, answer.get_json()
    return client, game_id


def test_a_french_browser_gets_french_pages_left_to_right(client):
    home = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert '<html lang="fr" dir="ltr">' in home
    assert "Commencer une partie" in home
    assert "Start a game" not in home
    # The language buttons name French in itself, beside the others.
    assert "Français" in home


def test_the_scoreboard_speaks_french_with_the_tables_words(whist):
    client, game_id, _saved = whist
    page = client.get(f"/games/{game_id}")
    assert '<html lang="fr" dir="ltr">' in page.get_data(as_text=True)
    text = page_text(page)
    for words in ("Noter la donne 2", "Versions", "Whist israélien", "under"):
        assert words in text, words
    assert "Record hand" not in text and "Revisions" not in text


def test_a_saved_hand_is_reported_in_french_with_a_no_break_space_before_the_colon(whist):
    _client, _game_id, saved = whist
    assert (
        f"Donne 1 (under){NBSP}: {FSI}South{PDI} −20 · {FSI}West{PDI} +19 · "
        f"{FSI}North{PDI} −10 · {FSI}East{PDI} −40"
    ) in page_text(saved)


def test_engine_errors_beside_the_fields_are_french(whist):
    client, game_id, _saved = whist
    wrong = {**whist_hand(tricks=[0, 3, 8, 1]), "number": 2}
    response = client.post(f"/games/{game_id}/hands/new", data=wrong)
    assert response.status_code == 422
    assert f"Plis{NBSP}: le total doit faire 13, pas 12." in errors_in(response)


def test_new_game_errors_are_french(client):
    data = {
        **{f"player_{s}": name for s, name in enumerate(SEAT_NAMES)},
        "first_dealer": "0",
        "rules": "standard",
        "target": "lots",
    }
    response = client.post("/games/new?game=israeli-whist", data=data, headers=FRENCH)
    assert response.status_code == 422
    errors = " ".join(errors_in(response))
    assert f"Score à atteindre{NBSP}: doit être un nombre entier, pas" in html.unescape(errors)


def test_the_skat_list_and_its_form_keep_the_german_names_in_french(skat):
    client, game_id = skat
    sheet = client.get(f"/games/{game_id}", headers=FRENCH)
    assert '<html lang="fr" dir="ltr">' in sheet.get_data(as_text=True)
    text = page_text(sheet)
    assert "avec 2, jeu 3, × 24 = 72" in text.replace(FSI, "").replace(PDI, "")
    form = client.get(f"/games/{game_id}/hands/new", headers=FRENCH)
    assert '<html lang="fr" dir="ltr">' in form.get_data(as_text=True)
    words = page_text(form)
    for said in ("Le déclarant", "Grand", "Null", "Matadors", "Schneider annoncé", "Ouvert"):
        assert said in words, said
    assert "Points de cartes" in words and "Redonne" in words
    assert "declarer" not in words.lower() and "Card points" not in words


def test_the_bridge_form_says_the_bridge_words_in_french(client):
    created = client.post(
        "/api/games",
        json={"game": "bridge", "players": SEAT_NAMES, "rules": "rubber"},
    ).get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    words = page_text(client.get(f"/games/{created['id']}/hands/new", headers=FRENCH))
    for said in ("Contrat", "Déclarant", "surcontré", "Honneurs", "Passe générale", "SA"):
        assert said in words, said


@pytest.mark.parametrize("game", ["skat", "bridge", "israeli-whist", "doppelkopf"])
def test_the_rules_pages_are_french(client, game):
    answer = client.get(f"/rules/{game}", headers=FRENCH)
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert '<html lang="fr" dir="ltr">' in page
    text = page_text(answer)
    assert "Règles maison" in text and "House rules" not in text


def test_the_group_page_and_the_printed_sheet_are_french(whist):
    client, game_id, _saved = whist
    group = join_group(client, game_id)
    page = client.get(f"/groups/{group.id}")
    assert '<html lang="fr" dir="ltr">' in page.get_data(as_text=True)
    assert "Inviter quelqu'un" in page_text(page) or "Lien d'invitation" in page_text(page)
    printed = client.get(f"/games/{game_id}/print")
    assert '<html lang="fr" dir="ltr">' in printed.get_data(as_text=True)
    assert "Whist israélien" in page_text(printed)


def test_the_engine_says_its_sentences_in_french_without_flask():
    """The phone's words (``words_in``): the same catalogue, French plurals (0 and 1 are
    singular), Babel's French list words."""
    french = words_in("fr")
    assert french.shown(msg("Round %(number)d", number=4)) == "Tour 4"
    assert french.shown(nmsg("%(num)d hand", "%(num)d hands", 1)) == "1 donne"
    assert french.shown(nmsg("%(num)d hand", "%(num)d hands", 0)) == "0 donne"
    assert french.shown(nmsg("%(num)d hand", "%(num)d hands", 2)) == "2 donnes"
    assert AND_LISTS["fr"] == ("{0} et {1}", "{0} et {1}")
    assert OR_LISTS["fr"] == ("{0} ou {1}", "{0} ou {1}")
