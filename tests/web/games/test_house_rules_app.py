"""The house rules other scorekeepers play, at the table: a pass round through the plain
hand form and the API, a shared win, the score explained in the API, the new knobs on the
new-game page and on the command line."""

import json
import re

from scorekeeper.cli import entry
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.stored import game_count, viewed
from tests.support.web.games.house_rules_app import finished_game

PASSING = {"all_pass": "pass_round"}
MINUS = "\u2212"


def test_a_pass_round_through_the_plain_hand_form(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", settings=PASSING)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    # A pass round is a yes of the form's first step, which hides the auction.
    assert 'name="pass_round"' in page and 'id="thrown-in"' not in page
    form = {f"tricks_{seat}": str(t) for seat, t in enumerate([0, 3, 4, 6])}
    form |= {"number": "1", "pass_round": "yes", "revokes_1": "1"}
    answer = client.post(f"/games/{game_id}/hands/new", data=form)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    game = client.get(viewed(client, game_id)).get_json()
    hand = game["hands"][0]
    assert hand["pass_round"] is True and hand["tricks"] == [0, 3, 4, 6]
    assert hand["points"] == [50, -130, -40, -60]
    assert hand["explain"][1] == [
        f"3 tricks in a pass round: {MINUS}10 × 3 = {MINUS}30",
        f"1 revoke: {MINUS}100",
    ]
    # A pass round is a scored hand: the deal moves on (pagat-german: the dealer opens).
    assert game["dealer"] == 1
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "pass round" in board
    edit = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    checked = re.findall(r"<input[^>]*>", edit)
    assert any('name="tricks_3"' in i and 'value="6"' in i and "checked" in i for i in checked)


def test_a_pass_round_needs_its_tricks_to_total_thirteen(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", settings=PASSING)
    client.get(f"/games/{game_id}/edit/{key}")
    form = {f"tricks_{seat}": str(t) for seat, t in enumerate([0, 3, 4, 5])}
    answer = client.post(f"/games/{game_id}/hands/new", data={**form, "pass_round": "yes"})
    assert answer.status_code == 422
    assert "Tricks must add up to 13, not 12." in answer.get_data(as_text=True)
    assert client.get(viewed(client, game_id)).get_json()["hands"] == []


def test_a_pass_round_through_the_api_and_refused_where_the_rules_throw_in(
    client, make_game, post_hand
):
    game_id, key = make_game("israeli-whist", rules="pagat-german", settings=PASSING)
    answer = post_hand(game_id, key, {"pass_round": True, "tricks": [0, 3, 4, 6]})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["points"] == [50, -30, -40, -60]
    other, other_key = make_game("israeli-whist", rules="pagat-german")
    refused = post_hand(other, other_key, {"pass_round": True, "tricks": [0, 3, 4, 6]})
    assert refused.status_code == 422
    assert refused.get_json()["field"] == "pass_round"


def test_tied_leaders_share_the_win_at_the_hand_limit(client, make_game, post_hand):
    game_id, key = make_game(
        "israeli-whist", rules="pagat-german", settings={"hand_limit": 1, "tie_at_end": "shared"}
    )
    # Seats 0 and 1 both make 6 (46 each) in the only hand the game has.
    both = {
        "declarer": 0,
        "bid": "6C",
        "contracts": [6, 6, 1, 1],
        "tricks": [6, 6, 1, 0],
    }
    assert post_hand(game_id, key, both).status_code == 201
    game = client.get(viewed(client, game_id)).get_json()
    assert game["status"] == "finished"
    assert game["winners"] == [0, 1] and game["winner"] is None
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "share the win with" in board and 'id="record"' not in board
    again = post_hand(game_id, key, WORKED_EXAMPLE)
    assert again.status_code == 409
    assert "the win is shared" in again.get_json()["error"]
    # The printed sheet says so too, never "Not finished." (in the table's language).
    printed = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    result = re.search(r'<p class="result" id="winner">(.*?)</p>', printed).group(1)
    assert result.startswith("The win is shared: ") and "Not finished" not in printed
    seated = client.get(viewed(client, game_id)).get_json()["players"]
    assert all(name in result for name in seated[:2]) and seated[2] not in result
    hebrew = client.get(f"/games/{game_id}/print", headers={"Accept-Language": "he"})
    assert "הניצחון משותף: " in hebrew.get_data(as_text=True)


def test_the_new_knobs_are_on_the_new_game_page_in_groups(client):
    page = client.get("/games/new?game=israeli-whist").get_data(as_text=True)
    for knob in ("miss_steps", "failed_zero_first_over", "all_pass", "hand_limit", "tie_at_end"):
        assert f'data-knob="{knob}"' in page
    for group in ("Auction", "Scoring", "Zero bids", "End of the game"):
        assert f"<legend>{group}</legend>" in page


def test_a_game_starts_with_house_rules_from_the_form(client):
    form = {
        **{f"player_{s}": name for s, name in enumerate(["Ann", "Ben", "Cat", "Dan"])},
        "first_dealer": "0",
        "rules": "pagat-german",
        "miss_steps": "5,5,5,5,10,15,20,20,20,20,20,20,20",
        "failed_zero_first_over": "30",
        "tie_at_end": "shared",
        "made_squared": "no",
    }
    answer = client.post("/games/new", data=form)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    game_id = int(answer.headers["Location"].rstrip("/").split("/")[-1])
    settings = client.get(viewed(client, game_id)).get_json()["settings"]
    assert settings["miss_steps"] == [5, 5, 5, 5, 10, 15, 20, 20, 20, 20, 20, 20, 20]
    assert settings["failed_zero_first_over"] == 30
    assert settings["tie_at_end"] == "shared" and settings["made_squared"] is False


def test_a_bad_knob_on_the_form_is_named_beside_its_field(client):
    form = {
        **{f"player_{s}": name for s, name in enumerate(["Ann", "Ben", "Cat", "Dan"])},
        "first_dealer": "0",
        "rules": "standard",
        "miss_steps": "5,5,5",
    }
    answer = client.post("/games/new", data=form)
    assert answer.status_code == 422
    assert "13 whole numbers" in answer.get_data(as_text=True)


def test_the_command_line_scores_a_pass_round_and_the_declarers_miss(capsys):
    assert entry(
        ["score", "--set", "all_pass=pass_round", "--pass-round", "--tricks", "0,3,4,6", "--json"]
    ) in (0, None)
    assert json.loads(capsys.readouterr().out) == {  # as POST /preview answers the hand
        "points": [50, -30, -40, -60],
        "over_under": None,
        "contracts_total": 0,
        "void": False,
    }
    code = entry(
        [
            "score",
            "--set",
            "declarer_miss_factor=2",
            "--contracts",
            "2,3,7,0",
            "--tricks",
            "0,3,8,2",
        ]
    )
    assert code == 2
    assert "--declarer: declarer is missing" in capsys.readouterr().err
    entry(
        [
            "score",
            "--rules",
            "pagat-german",
            "--set",
            "declarer_miss_factor=2",
            "--declarer",
            "2",
            "--contracts",
            "2,3,7,0",
            "--tricks",
            "0,3,8,2",
            "--json",
        ]
    )
    assert json.loads(capsys.readouterr().out)["points"] == [-20, 19, -20, -40]


def test_same_players_again_in_one_tap(client, make_game, post_hand):
    game_id, key = finished_game(client, make_game, post_hand, settings={"miss_step": 5})
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="rematch"' in board
    answer = client.post(f"/games/{game_id}/rematch", headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status_code == 302
    new_id = int(answer.headers["Location"].rstrip("/").split("/")[-1])
    old = client.get(viewed(client, game_id)).get_json()
    new = client.get(viewed(client, new_id)).get_json()
    assert new_id != game_id and new["hands"] == [] and new["status"] == "in_progress"
    assert new["players"] == old["players"] and new["settings"] == old["settings"]
    assert new["rules"] == old["rules"] and new["game"] == old["game"]
    # Two hands were dealt by seats 0 and 1: the next game's first deal is seat 2's.
    assert old["dealer"] == 2 and new["dealer"] == 2
    # This phone may record the new game at once.
    assert 'id="record"' in client.get(f"/games/{new_id}").get_data(as_text=True)


def test_a_rematch_needs_the_edit_key_a_finished_game_and_this_site(client, make_game, post_hand):
    game_id, key = finished_game(client, make_game, post_hand)
    same_site = {"Sec-Fetch-Site": "same-origin"}
    assert client.post(f"/games/{game_id}/rematch", headers=same_site).status_code == 403
    client.get(f"/games/{game_id}/edit/{key}")
    other_site = {"Sec-Fetch-Site": "cross-site"}
    assert client.post(f"/games/{game_id}/rematch", headers=other_site).status_code == 403
    playing, playing_key = make_game("israeli-whist", rules="pagat-german")
    client.get(f"/games/{playing}/edit/{playing_key}")
    before = game_count(client)
    answer = client.post(f"/games/{playing}/rematch", headers=same_site)
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/games/{playing}")
    assert game_count(client) == before


def test_every_points_cell_explains_itself(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    for seat in range(4):
        assert f'href="/games/{game_id}/hands/1/why#s{seat}"' in board
    page = client.get(f"/games/{game_id}/hands/1/why").get_data(as_text=True)
    assert '<li id="s1">' in page
    assert "3 made: 10 + 3\u00b2 = +19" in page
    assert "zero failed with 2 tricks" in page
    hebrew = client.get(
        f"/games/{game_id}/hands/1/why", headers={"Accept-Language": "he"}
    ).get_data(as_text=True)
    assert 'dir="rtl"' in hebrew and "3 made" not in hebrew
    # Formulas and points keep left to right inside the Hebrew sentence.
    assert "הימור 3 הצליח: \u206610 + 3\u00b2\u2069 = \u2066+19\u2069" in hebrew
    assert client.get(f"/games/{game_id}/hands/2/why").status_code == 404
