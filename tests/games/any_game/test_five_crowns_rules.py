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

from scorekeeper.engine import InvalidHand, get_game
from scorekeeper.engine.core.game import HandPlace
from tests.support.games.any_game.five_crowns_rules import new_game, page_text, post
from tests.support.rules_docs import examples_of, numbers
from tests.support.shared import ISOLATES

GAME = get_game("any-game")
S = GAME.preset("five-crowns")
(CROWNS,) = [example for example in examples_of("any-game") if example.label == "crowns"]
PLAYED = [row for row in CROWNS.rows if not row.cells.get("refused")]  # the eleven rounds


def test_the_preset_is_eleven_rounds_the_lowest_winning():
    assert (S.goal, S.rounds, S.wilds, S.round_total) == ("rounds_low", 11, "five_crowns", None)
    assert S.preset_of(GAME.presets) == "five-crowns"
    assert S.lowest_wins and GAME.hand_limit(S) == 11  # the rounds end it
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


def test_the_worked_game_through_the_api_ends_after_round_11(app, client):
    game_id, key = new_game(client)
    for row in CROWNS.rows:
        if row.cells.get("refused"):
            refused = post(client, game_id, key, row.hand())
            assert (refused.status_code, refused.get_json()["field"]) == (422, row.cells["refused"])
            continue
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
    for row in PLAYED[:9]:
        post(client, game_id, key, row.hand())
    board = page_text(client, f"/games/{game_id}")
    assert "Deal 12 cards; wild: Queen" in board
    for words in ("wild: 3", "wild: 10", "wild: Jack"):
        assert words in board and words in page_text(client, f"/games/{game_id}/print")
    form = page_text(client, f"/games/{game_id}/hands/new")
    assert "Deal 12 cards; wild: Queen" in form


def test_the_wild_card_is_named_in_hebrew(client):
    game_id, key = new_game(client)
    for row in PLAYED[:10]:
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


# --- rounds no deal gives (issue 65) ----------------------------------------------------------

# (round, a player's points left, whether a hand left after that round counts so): round r
# deals r + 2 cards, that rank wild (20), Jokers 50, every other card its face (3 to 13); a
# player who did not go out keeps all r + 2 cards, or 1 to r − 1 after going down.
LEFT = [
    (1, 12, True),  # three 4s (3s are wild)
    (1, 11, False),
    (1, 9, False),
    (1, 150, True),  # three Jokers
    (1, 151, False),
    (2, 3, True),  # one 3 kept
    (2, 4, False),  # a 4 is wild: 20
    (2, 1, False),
    (2, 2, False),
    (11, 440, True),  # 6 Jokers and 7 wild Kings
    (11, 441, False),
]


@pytest.mark.parametrize(("number", "left", "accepted"), LEFT)
def test_points_left_against_the_cards_a_round_deals(number, left, accepted):
    game = GAME.seated(3)
    place = HandPlace(number, 0, game.replay(S, 0, []).state)
    try:
        game.record_from_dict(S, {"points": [0, left, 13 if number > 1 else 12]}, place)
    except InvalidHand as refused:
        assert not accepted and refused.errors[0][0] == "points[1]", refused.errors
    else:
        assert accepted


def test_a_round_nobody_went_out_of_is_refused_on_the_sheet_alone_too():
    with pytest.raises(InvalidHand) as refused:
        GAME.seated(3).record_from_dict(S, {"points": [5, 3, 7]})
    assert refused.value.errors[0][0] == "points"
    plain = GAME.preset("any-game")  # the sheet without Five Crowns' cards takes any points
    assert GAME.seated(3).record_from_dict(plain, {"points": [5, -3, 2]}).points == (5, -3, 2)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Bob: no hand left after round 1 counts 9 (3 cards dealt; each card 3 to 13, "
         "a wild card 20, a Joker 50)."),
        ("he", "Bob: אף יד שנשארה אחרי סבב 1 לא שווה 9 (חולקו 3 קלפים; כל קלף 3 עד 13, "
         "הג׳וקר של הסבב 20, ג׳וקר 50)."),
    ],
)  # fmt: skip
def test_the_form_refuses_naming_the_player(app, client, language, words):
    game_id, key = new_game(client)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    form = {"points_0": "0", "points_1": "9", "points_2": "20", "save": "1"}
    response = client.post(
        f"/games/{game_id}/hands/new", data=form, headers={"Accept-Language": language}
    )
    assert response.status_code == 422
    text = html.unescape(response.get_data(as_text=True)).translate(ISOLATES)
    assert words in text
    with sqlite3.connect(app.config["DATABASE"]) as database:
        assert database.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
