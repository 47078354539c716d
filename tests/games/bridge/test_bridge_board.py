"""The bridge board as a scorer keeps it (issue 56): before each deal it says who is
vulnerable (a rubber: the side that made a game; Chicago: by the deal's place in the
cycle), in English, German and Hebrew, by the players' names; the engine says it, the
board only shows it. A passed-out Chicago deal takes no number, so the last deal's
Delete link names it as the table counts it. Chicago is drawn as the scorer's grid of four
columns: the deal, who was vulnerable, We and They."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.language import words_in
from scorekeeper.engine.core.progress import first_state
from tests.support.games.bridge.bridge_board import deal, text_of, turn_of

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PASSED = {"passed_out": True}


@pytest.fixture
def played(client, make_game):
    """Plays ``deals`` of a new bridge game of ``rules``: its id."""

    def play(rules: str, deals: list[dict]) -> int:
        game_id, key = make_game(rules=rules, players=PLAYERS, game="bridge")
        for body in deals:
            response = client.post(
                f"/api/games/{game_id}/hands", json=body, headers={"Authorization": f"Bearer {key}"}
            )
            assert response.status_code == 201, response.get_json()
        assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302  # may edit
        return game_id

    return play


# --- who is vulnerable, on the board before each deal --------------------------------------


def test_a_rubber_board_says_who_is_vulnerable_once_a_side_made_a_game(client, played):
    game_id = played("rubber", [])
    assert turn_of(client, game_id) == "Ann deals and bids first · Neither side vulnerable"
    game_id = played("rubber", [deal(0, "4S", 10)])  # Ann & Cat make a game
    assert turn_of(client, game_id) == "Bob deals and bids first · Vulnerable: Ann & Cat"
    assert turn_of(client, game_id, "de") == "Bob gibt und reizt zuerst · In Gefahr: Ann & Cat"
    assert "פגיעים: Ann & Cat" in turn_of(client, game_id, "he")
    game_id = played("rubber", [deal(0, "4S", 10), deal(1, "3NT", 9)])  # and Bob & Dan
    assert turn_of(client, game_id).endswith("· Both sides vulnerable")


CHICAGO_TURNS = [
    "Ann deals and bids first · Deal 1 of 4 · Neither side vulnerable",
    "Bob deals and bids first · Deal 2 of 4 · Vulnerable: Bob & Dan",
    "Cat deals and bids first · Deal 3 of 4 · Vulnerable: Ann & Cat",
    "Dan deals and bids first · Deal 4 of 4 · Both sides vulnerable",
]


@pytest.mark.parametrize("played_deals", range(4))
def test_a_chicago_board_says_who_is_vulnerable_before_each_deal(client, played, played_deals):
    game_id = played("chicago", [deal(0, "2S", 8)] * played_deals)
    assert turn_of(client, game_id) == CHICAGO_TURNS[played_deals]


def test_a_passed_out_chicago_deal_keeps_the_deal_and_its_vulnerability(client, played):
    game_id = played("chicago", [deal(0, "2S", 8), PASSED])  # Bob deals deal 2 again
    assert turn_of(client, game_id) == CHICAGO_TURNS[1]
    hebrew = turn_of(client, game_id, "he")
    assert "יד 2 מתוך 4" in hebrew and "פגיעים: Bob & Dan" in hebrew
    german = turn_of(client, game_id, "de")
    assert "Spiel 2 von 4 · In Gefahr: Bob & Dan" in german


def test_the_deal_form_says_who_is_vulnerable_once_under_its_title(client, played):
    game_id = played("chicago", [deal(0, "2S", 8)])
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    title = text_of(re.search(r"<h1>(.*?)</h1>", page, re.S).group(1))
    assert title == "Next deal Bob deals · Deal 2 of 4 · Vulnerable: Bob & Dan"
    assert text_of(page).count("Vulnerable: Bob & Dan") == 1


@pytest.mark.parametrize("language", ("en", "de", "he"))
def test_the_engine_says_the_vulnerable_side_by_its_seats(language):
    """The rule is the engine's: the note names seats, which a page names by its players."""
    game = get_game("bridge")
    settings = game.preset("rubber")
    state = game.replay(settings, 0, [game.record_from_dict(settings, deal(1, "4S", 10))]).state
    note = game.deal_note(settings, HandPlace(2, 1, state))
    said = words_in(language).named(note, PLAYERS)
    assert "Bob" in said and "Dan" in said and "Ann" not in said
    assert game.deal_note(settings, HandPlace(1, 0, first_state(game, 0, None))) is not None


# --- a passed-out Chicago deal takes no number: Delete names the deal the table counts ----


def test_delete_names_the_chicago_deal_as_the_table_counts_it(client, played):
    # Row 2 passed out and dealt again: row 5 is the fourth deal of the Chicago.
    game_id = played("chicago", [deal(0, "2S", 8), PASSED, *[deal(1, "1NT", 7)] * 3][:5])
    board = text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Delete deal 4" in board and "Delete deal 5" not in board
    page = client.get(f"/games/{game_id}/hands/5/delete")
    asked = text_of(page.get_data(as_text=True))
    assert page.status_code == 200 and "Delete deal 4?" in asked and "deal 5" not in asked.lower()
    german = text_of(
        client.get(f"/games/{game_id}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    )
    assert "Spiel 4 löschen" in german


def test_a_passed_out_last_row_is_the_deal_it_was_dealt_for(client, played):
    game_id = played("chicago", [deal(0, "2S", 8), deal(1, "1NT", 7), PASSED])
    board = text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Delete deal 3" in board  # row 3, passed out: deal 3 is dealt again


def test_a_rubbers_deals_are_its_rows(client, played):
    game_id = played("rubber", [deal(0, "2S", 8), PASSED, deal(1, "1NT", 7)])
    assert "Delete deal 3" in text_of(client.get(f"/games/{game_id}").get_data(as_text=True))
