"""Five Crowns as a preset of the round sheet (docs/rules/any-game.md): eleven rounds from 3
cards to 13, each round's wild card named before it is dealt and on its row, the lowest
total winning; the worked game through the JSON API (a real SQLite file) and the pages, in
English and Hebrew; and a sheet stored before the ``wilds`` knob reads as it did."""

from __future__ import annotations

import html
import json
import re
import sqlite3

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.game import HandPlace
from tests.support.rules_docs import examples_of, numbers

GAME = get_game("any-game")
S = GAME.preset("five-crowns")
NAMES = ["Ann", "Bob", "Cat"]
(CROWNS,) = [example for example in examples_of("any-game") if example.label == "crowns"]
ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def test_the_preset_is_eleven_rounds_the_lowest_winning():
    assert (S.goal, S.rounds, S.wilds, S.round_total) == ("rounds_low", 11, "five_crowns", None)
    assert S.preset_of(GAME.presets) == "five-crowns"
    assert GAME.lowest_wins(S) and GAME.hand_limit(S) == 0
    assert S.with_changes({"dealer": False}).preset_of(GAME.presets) == "five-crowns"


@pytest.mark.parametrize(
    ("number", "words"),
    [(1, "Deal 3 cards; wild: 3"), (8, "Deal 10 cards; wild: 10"), (9, "Deal 11 cards; wild: Jack"),
     (11, "Deal 13 cards; wild: King")],
)  # fmt: skip
def test_each_round_names_its_cards_and_its_wild_card(number, words):
    assert str(GAME.deal_note(S, HandPlace(number, 0))) == words


def test_a_sheet_without_wilds_names_none():
    plain = GAME.preset("any-game")
    assert GAME.deal_note(plain, HandPlace(3, 0)) is None
    assert plain.wild_rank(3) is None


# --- through the JSON API, into the SQLite file --------------------------------------------


def new_game(client, rules="five-crowns", players=NAMES):
    body = {"game": "any-game", "players": players, "rules": rules, "first_dealer": 0}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def post(client, game_id, key, hand):
    return client.post(
        f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
    )


def page_text(client, path: str) -> str:
    text = re.sub(r"<[^>]+>", " ", client.get(path).get_data(as_text=True))
    return re.sub(r"\s+", " ", html.unescape(text).translate(ISOLATES))


def test_the_worked_game_through_the_api_ends_after_round_11(app, client):
    game_id, key = new_game(client)
    for row in CROWNS.rows:
        answer = post(client, game_id, key, row.hand()).get_json()
        assert tuple(answer["points"]) == numbers(row.cells["scored"])
        assert tuple(answer["totals"]) == numbers(row.cells["totals"])
    assert (answer["status"], answer["winner"]) == ("finished", 0)
    response = post(client, game_id, key, {"points": [0, 5, 5]})
    assert response.status_code in (409, 422)
    with sqlite3.connect(app.config["DATABASE"]) as database:
        assert database.execute("SELECT count(*) FROM hands").fetchone()[0] == 11


def test_the_scoreboard_and_the_print_name_each_rounds_wild_card(client):
    game_id, key = new_game(client)
    assert "Round 1: Ann deals · Deal 3 cards; wild: 3" in page_text(client, f"/games/{game_id}")
    for row in CROWNS.rows[:9]:
        post(client, game_id, key, row.hand())
    board = page_text(client, f"/games/{game_id}")
    assert "Deal 12 cards; wild: Queen" in board
    for words in ("wild: 3", "wild: 10", "wild: Jack"):
        assert words in board and words in page_text(client, f"/games/{game_id}/print")
    form = page_text(client, f"/games/{game_id}/hands/new")
    assert "Deal 12 cards; wild: Queen" in form


def test_the_wild_card_is_named_in_hebrew(client):
    game_id, key = new_game(client)
    for row in CROWNS.rows[:10]:
        post(client, game_id, key, row.hand())
    client.set_cookie("lang", "he")
    response = client.get(f"/games/{game_id}", headers={"Accept-Language": "he"})
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(True))))
    text = text.translate(ISOLATES)
    assert "לחלק 13 קלפים; ג׳וקר: מלך" in text and "ג׳וקר: נסיך" in text


def test_a_sheet_stored_before_the_wilds_knob_reads_as_before(app, client):
    """A Hearts game and a plain sheet whose stored settings have no ``wilds`` (as the code
    before Five Crowns wrote them) open and score as they did, no wild card named."""
    for rules in ("hearts", "any-game"):
        game_id, key = new_game(client, rules, ["Ann", "Bob", "Cat", "Dan"])
        with sqlite3.connect(app.config["DATABASE"]) as database:
            (stored,) = database.execute(
                "SELECT settings FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            settings = json.loads(stored)
            del settings["wilds"]
            database.execute(
                "UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id)
            )
        answer = post(client, game_id, key, {"points": [3, 13, 10, 0]}).get_json()
        assert answer["totals"] == [3, 13, 10, 0]
        board = client.get(f"/games/{game_id}")
        assert board.status_code == 200 and "wild:" not in page_text(client, f"/games/{game_id}")
        assert json.loads(client.get(f"/api/games/{game_id}").get_data())["settings"]["wilds"] in (
            None,
            "none",
        )
