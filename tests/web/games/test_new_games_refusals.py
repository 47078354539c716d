"""Bad input for Spades, Oh Hell and the round sheet, through the hand form, the API and
the command line: each answer names the field and the rule, none is a 500, and nothing
saved changes (the game's JSON, and the games stored in the SQLite file, are the same
before and after). Also ``scorekeeper score --players N`` for a game whose table size
varies."""

from __future__ import annotations

import json
import re

import pytest

from tests.support.new_games_refusals import new_game, summary
from tests.support.web.games.new_games_refusals import form_values, game_json, run, stored_games

# The worked example of docs/rules/oh-hell.md ex. 1 as the table plays it: seat 3 deals five cards.
OH_HELL = {"max_cards": 5}
OH_HELL_HAND = {"trump": "H", "bids": [2, 0, 1, 3], "tricks": [2, 0, 2, 1]}
SPADES_HAND = {"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3]}


# (game, settings, other game fields, bad hand, API field, API words, form anchor, form words)
HANDS = {
    "oh-hell bid over the cards": (
        "oh-hell",
        OH_HELL,
        {"first_dealer": 3},
        {**OH_HELL_HAND, "bids": [6, 0, 1, 3]},
        "bids[0]",
        "bids[0] must be a whole number from 0 to 5, not 6",
        "bid_0",
        "Bid for Ann must be one of 0–5, not 6",
    ),
    "oh-hell the dealer's hook": (
        "oh-hell",
        OH_HELL,
        {"first_dealer": 3},
        {**OH_HELL_HAND, "bids": [2, 0, 1, 2]},
        "bids[3]",
        "may not bid 2: the bids would total the 5 cards dealt",
        "bid_3",
        "Dan may not bid 2: the bids would total the 5 cards dealt",
    ),
    "oh-hell tricks not totalling the cards": (
        "oh-hell",
        OH_HELL,
        {"first_dealer": 3},
        {**OH_HELL_HAND, "tricks": [2, 0, 2, 2]},
        "tricks",
        "tricks must add up to 5, not 6",
        "tricks",
        "Tricks must add up to 5, not 6.",
    ),
    "oh-hell cards that disagree with the game's": (
        "oh-hell",
        OH_HELL,
        {"first_dealer": 3},
        {**OH_HELL_HAND, "cards": 4},
        "cards",
        "cards is 4; this hand deals 5 cards",
        "deal",
        "Cards dealt must be 5, not 4",
    ),
    "spades tricks not totalling 13": (
        "spades",
        {},
        {},
        {**SPADES_HAND, "tricks": [5, 2, 3, 2]},
        "tricks",
        "tricks total 12; they must total 13",
        "taking",
        "The tricks taken total 12; a hand has 13",
    ),
    "spades blind nil never": (
        "spades",
        {"blind_nil": "never"},
        {},
        {"bids": [0, 2, 3, 3], "tricks": [0, 2, 3, 8], "blind_nil": [0]},
        "blind_nil",
        "blind nil is not played under these rules",
        # The form has no blind nil key at all: its bids are the rule.
        "bid_0",
        "Bid for Ann must be one of Nil, 1, 2,",
    ),
    "spades blind nil when not behind": (
        "spades",
        {},
        # docs/rules/spades.md ex. 6: A at 250 is only 50 behind B's 300.
        {"starting_totals": [250, 300]},
        {"bids": [0, 2, 5, 3], "tricks": [0, 2, 6, 5], "blind_nil": [0]},
        "bids[0]",
        "may not be a blind nil: the side stands at 250 against 300, and blind nil needs "
        "it 100 or more behind",
        # The form disables the key for this seat; posted anyway, the engine refuses it.
        "bid_0",
        "may not be a blind nil: the side stands at 250 against 300, and blind nil needs "
        "it 100 or more behind",
    ),
    "any-game a round that misses round_total": (
        "any-game",
        {"round_total": 26},
        {},
        {"points": [10, 10, 5, 0]},
        "points[3]",
        "the round totals 25, not 26: seat 4's points would have to be 1",
        "points_3",
        "The round totals 25, not 26: Dan's points would have to be +1",
    ),
}


@pytest.mark.parametrize("case", HANDS, ids=list(HANDS))
def test_a_bad_hand_is_refused_by_the_api_naming_the_field_and_the_rule(client, case):
    key, settings, fields, hand, field, words, _, _ = HANDS[case]
    game_id, edit_key = new_game(client, key, settings=settings, **fields)
    before = game_json(client, game_id)
    response = client.post(
        f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {edit_key}"}
    )
    assert response.status_code == 422, response.get_data(as_text=True)
    answer = response.get_json()
    assert answer["field"] == field
    assert words in answer["error"]
    assert game_json(client, game_id) == before


@pytest.mark.parametrize("case", HANDS, ids=list(HANDS))
def test_a_bad_hand_is_refused_by_the_form_naming_the_field_and_the_rule(client, case):
    key, settings, fields, hand, _, _, anchor, words = HANDS[case]
    game_id, _ = new_game(client, key, settings=settings, **fields)
    before = game_json(client, game_id)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    problems = summary(response)
    assert any(a == anchor and words in message for a, message in problems), problems
    assert game_json(client, game_id) == before


def test_the_same_hands_are_recorded_when_good(client):
    """The cases above refuse for their one fault: the hands they spoil are good ones."""
    oh_hell, _ = new_game(client, "oh-hell", settings=OH_HELL, first_dealer=3)
    response = client.post(f"/games/{oh_hell}/hands/new", data=form_values(OH_HELL_HAND))
    assert response.status_code == 302
    assert game_json(client, oh_hell)["hands"][0]["points"] == [12, 10, 0, 0]
    spades, key = new_game(client, "spades", starting_totals=[150, 300])
    worked = {"bids": [0, 2, 5, 3], "tricks": [0, 2, 6, 5], "blind_nil": [0]}  # spades.md ex. 6
    response = client.post(f"/games/{spades}/hands/new", data=form_values(worked))
    assert response.status_code == 302
    assert game_json(client, spades)["hands"][0]["points"][0] == 251


def test_the_spades_form_sends_the_seats_the_score_allows_a_blind_nil(client):
    """The form's ``allow`` rules disable the Blind nil key for the other seats (the
    browser tests tap it); the seats allowed ride in a hidden field."""
    hidden = re.compile(r'<input type="hidden" name="blind_seats" value="([^"]*)">')

    def sent(**body) -> list[str]:
        game_id, _ = new_game(client, "spades", **body)
        page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
        assert ('value="blind"' in page) == (body.get("settings") != {"blind_nil": "never"})
        return hidden.findall(page)

    assert sent(starting_totals=[150, 300]) == ["0,2"]
    assert sent(starting_totals=[300, 199]) == ["1,3"]
    assert sent(starting_totals=[250, 300]) == ["none"]
    assert sent() == ["none"]
    assert sent(settings={"blind_nil": "any_time"}) == []
    assert sent(settings={"blind_nil": "never"}, starting_totals=[0, 300]) == []


# --- a table the game does not seat ---------------------------------------------------------

SEATINGS = {
    "oh-hell 2": ("oh-hell", 2, "Oh Hell is played by 3 to 7 players, not 2"),
    "oh-hell 8": ("oh-hell", 8, "Oh Hell is played by 3 to 7 players, not 8"),
    "any-game 1": ("any-game", 1, "Any other game is played by 2 to 8 players, not 1"),
    "any-game 9": ("any-game", 9, "Any other game is played by 2 to 8 players, not 9"),
    "spades 3": ("spades", 3, "a game needs 4"),
}
PEOPLE = [f"Player {n}" for n in range(1, 10)]


@pytest.mark.parametrize("case", SEATINGS, ids=list(SEATINGS))
def test_a_table_the_game_does_not_seat_is_refused_by_the_api(app, client, case):
    key, count, words = SEATINGS[case]
    response = client.post(
        "/api/games", json={"game": key, "players": PEOPLE[:count], "rules": key}
    )
    assert response.status_code == 422
    assert response.get_json()["field"] == "players"
    assert words in response.get_json()["error"]
    assert stored_games(app) == 0


@pytest.mark.parametrize("case", SEATINGS, ids=list(SEATINGS))
def test_a_table_the_game_does_not_seat_is_refused_by_the_new_game_form(app, client, case):
    key, count, _ = SEATINGS[case]
    data = {f"player_{s}": name for s, name in enumerate(PEOPLE[:count])}
    response = client.post(f"/games/new?game={key}", data=data | {"rules": key})
    assert response.status_code == 422
    problems = summary(response)
    fewest = {"oh-hell": 3, "any-game": 2, "spades": 4}[key]
    if count < fewest:
        # The form has a box for every name the game needs: the first left blank.
        ordinal = {2: "2nd", 3: "3rd", 4: "4th"}[count + 1]
        assert (f"player_{count}", f"the {ordinal} player needs a name") in problems
    else:
        assert any(a.startswith("player_") and "players, not" in m for a, m in problems), problems
    assert stored_games(app) == 0


# --- the command line --------------------------------------------------------------------


CLI = {
    "oh-hell bid over the cards": (
        ["--game", "oh-hell", "--cards", "5", "--trump", "H"]
        + ["--bids", "6,0,1,3", "--tricks", "2,0,2,1"],
        "--bids: bids[0] is 6; only 5 cards are dealt",
    ),
    "oh-hell the hook": (
        ["--game", "oh-hell", "--cards", "5", "--trump", "H"]
        + ["--bids", "2,0,1,2", "--tricks", "2,0,2,1"],
        "--bids: bids total the 5 cards dealt; with the hook the dealer may not",
    ),
    "oh-hell tricks not totalling": (
        ["--game", "oh-hell", "--cards", "5", "--trump", "H"]
        + ["--bids", "2,0,1,3", "--tricks", "2,0,2,2"],
        "--tricks: tricks total 6; they must total the 5 cards dealt",
    ),
    "spades tricks not totalling": (
        ["--game", "spades", "--bids", "4,2,3,3", "--tricks", "5,2,3,2"],
        "--tricks: tricks total 12; they must total 13",
    ),
    "spades blind nil never": (
        ["--game", "spades", "--set", "blind_nil=never", "--bids", "0,2,3,3"]
        + ["--tricks", "0,2,3,8", "--blind-nil", "0"],
        "--blind-nil: blind nil is not played under these rules",
    ),
    "any-game round_total": (
        ["--game", "any-game", "--set", "round_total=26", "--points", "10,10,5,0"],
        "--points: the round totals 25, not 26: seat 4's points would have to be 1",
    ),
    "oh-hell 2 players": (
        ["--game", "oh-hell", "--players", "2", "--bids", "1,0", "--tricks", "1,0"],
        "--players: Oh Hell is played by 3 to 7 players, not 2",
    ),
    "oh-hell 8 players": (
        ["--game", "oh-hell", "--players", "8", "--bids", "1,0", "--tricks", "1,0"],
        "--players: Oh Hell is played by 3 to 7 players, not 8",
    ),
    "any-game 1 player": (
        ["--game", "any-game", "--players", "1", "--points", "5"],
        "--players: Any other game is played by 2 to 8 players, not 1",
    ),
    "any-game 9 players": (
        ["--game", "any-game", "--players", "9", "--points", "5"],
        "--players: Any other game is played by 2 to 8 players, not 9",
    ),
    "spades 3 players": (
        ["--game", "spades", "--players", "3", "--bids", "4,2,3", "--tricks", "5,5,3"],
        "--players: Spades is played by 4 players, not 3",
    ),
    "a count that is no number": (
        ["--game", "oh-hell", "--players", "many"],
        "Invalid value for '--players': --players must be a whole number, not 'many'",
    ),
    "oh-hell bids for another table than the usual": (
        ["--game", "oh-hell", "--trump", "H", "--bids", "2,0,1", "--tricks", "2,0,2"],
        "--bids: bids must be a list of 4 whole numbers, one per seat, not […]; for a "
        "table of 3 to 7 give --players N",
    ),
}


@pytest.mark.parametrize("case", CLI, ids=list(CLI))
def test_the_command_line_refuses_naming_the_option_and_the_rule(capsys, case):
    args, words = CLI[case]
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: ") and err.count("\n") == 1
    assert words in err


@pytest.mark.parametrize(
    ("players", "bids", "tricks", "points"),
    [
        (3, "2,0,1", "2,0,3", [12, 10, 0]),
        (4, "2,0,1,3", "2,0,2,1", [12, 10, 0, 0]),
        (7, "1,1,1,1,1,1,0", "1,1,1,1,1,1,1", [11, 11, 11, 11, 11, 11, 0]),
    ],
)
def test_players_scores_oh_hell_at_that_table(capsys, players, bids, tricks, points):
    args = ["--game", "oh-hell", "--players", str(players), "--trump", "none"]
    code, out, err = run(capsys, *args, "--bids", bids, "--tricks", tricks, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["points"] == points


def test_players_scores_a_round_sheet_at_that_table_and_names_its_seats(capsys):
    code, out, err = run(capsys, "--game", "any-game", "--players", "2", "--points", "7,-3")
    assert (code, err) == (0, "")
    rows = [line.split() for line in out.splitlines()[2:]]
    assert rows == [["A", "0", "+7"], ["B", "1", "-3"]]
    # The usual table of a game that seats one number only is that number, given or not.
    code, out, err = run(
        capsys, "--game", "spades", "--players", "4", "--bids", "4,2,3,3", "--tricks", "5,2,3,3"
    )
    assert (code, err) == (0, "")
    assert [line.split()[-1] for line in out.splitlines()[2:]] == ["+71", "+50"]


def test_help_names_players_and_the_table_sizes(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "--players N" in text and "Oh Hell 3–7" in text and "Any other game 2–8" in text
