"""Euchre's rules, as docs/rules/euchre.md gives them: the knobs and the preset, and every
worked example scored by the pure function, through the JSON API (a real SQLite file)
and through ``scorekeeper score --game euchre``; the refusals in the API's words, on the
command line, and on the hand form in the table's words (players by name)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidSettings, get_game
from scorekeeper.engine.euchre.settings import PRESETS, hand_points
from tests.support.browser import SCOREBOARD_URL, Taps, api
from tests.support.game_rules import post, stored_hands
from tests.support.games.euchre.rules import body, fits, form_values, options, summary_text
from tests.support.live import view_path
from tests.support.new_games_refusals import new_game, summary
from tests.support.ratings_play import Table, assert_matches
from tests.support.rtl_browser import game_on_a_small_phone, new_game_page_fits
from tests.support.rules_docs import single_hands

S = PRESETS["euchre"]
LONE_DEFENCE = {"defend_alone": True}
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_the_preset_is_the_published_game():
    assert S.to_dict() == {
        "target": 10,
        "stick_the_dealer": False,
        "defend_alone": False,
        "march": 2,
        "lone_march": 4,
        "euchre_points": 2,
        "lone_defender_euchre": 4,
    }
    assert [
        knob.name
        for knob in get_game("euchre").preset(get_game("euchre").default_preset).knobs_for_table()
    ] == list(S.to_dict())
    assert S.with_changes({"target": "15", "stick_the_dealer": "yes"}).target == 15
    assert get_game("euchre").preset("euchre") == S


@pytest.mark.parametrize(("knob", "value"), [("target", 0), ("march", "two"), ("defend_alone", 3)])
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({knob: value})
    assert refused.value.field == knob


# The worked examples of docs/rules/euchre.md, read from its tables: (settings, the hand,
# points of sides A and B); those from totals carried in are example 5's, below.
WORKED = {
    label: (hand.changes, hand.body, hand.scored)
    for label, hand in single_hands("euchre").items()
    if hand.before is None
}
FROM_TOTALS = {
    label: hand for label, hand in single_hands("euchre").items() if hand.before is not None
}


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score(case):
    changes, hand, points = WORKED[case]
    makers = "AB".index(hand["makers"])
    args = (makers, hand["alone"], hand["defender_alone"], hand["tricks"])
    assert hand_points(S.with_changes(changes), *args) == points


def test_the_knobs_set_the_points():
    rules = S.with_changes({"march": 3, "lone_march": 5, "euchre_points": 1})
    assert hand_points(rules, 1, False, False, 5) == (0, 3)
    assert hand_points(rules, 1, True, False, 5) == (0, 5)
    assert hand_points(rules, 1, False, False, 0) == (1, 0)


# --- through the JSON API, into the SQLite file --------------------------------------------


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_api(app, client, case):
    changes, hand, points = WORKED[case]
    game_id, key = new_game(client, "euchre", settings=changes)
    response = post(client, game_id, key, hand)
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer["points"] == list(points)
    assert answer["totals"] == list(points)
    assert stored_hands(app)[-1] == {**hand, "thrown_in": False}


@pytest.mark.parametrize("case", FROM_TOTALS)
def test_worked_example_5_the_first_side_to_the_target_wins(client, case):
    hand = FROM_TOTALS[case]
    game_id, key = new_game(client, "euchre", settings=hand.changes, starting_totals=hand.before)
    answer = post(client, game_id, key, hand.body).get_json()
    assert tuple(answer["totals"]) == hand.totals
    assert answer["status"] == ("in_progress" if hand.won_by == "—" else "finished")
    assert answer["winner"] == (None if hand.won_by == "—" else "AB".index(hand.won_by))


def test_a_thrown_in_deal_scores_nothing_and_the_deal_passes_on(client):
    game_id, key = new_game(client, "euchre")
    answer = post(client, game_id, key, {"thrown_in": True}).get_json()
    assert (answer["points"], answer["dealer"]) == ([0, 0], 1)


# (settings, the hand, the field refused, the API's words, the page's words)
REFUSED = {
    "6: six tricks": (
        {},
        body(tricks=6),
        "tricks",
        "tricks must be a whole number from 0 to 5, not",
        "Tricks the makers took must be one of 0–5, not 6.",
    ),
    "4: a lone defender against a maker not alone": (
        LONE_DEFENCE,
        body(defender_alone=True),
        "defender_alone",
        "a defender may go alone only against a maker who went alone",
        "Neither Ann nor Cat went alone: a defender may go alone only against a lone maker.",
    ),
    "4: a lone defender with defend_alone off": (
        {},
        body(alone=True, defender_alone=True),
        "defender_alone",
        "defender_alone is not part of this hand under these rules",
        None,  # the form does not ask it
    ),
    "trump named by a defender": (
        {},
        body(named_by=1),
        "named_by",
        "the player who named trump must be one of the makers",
        "Bob is not one of the makers: Ann or Cat named trump.",
    ),
    "a thrown-in deal when the dealer is stuck": (
        {"stick_the_dealer": True},
        {"thrown_in": True},
        "thrown_in",
        "with stick_the_dealer on, the dealer must name trump",
        None,  # the form has no Thrown in
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_through_the_api_name_the_field_and_save_nothing(app, client, case):
    changes, hand, field, words, _ = REFUSED[case]
    game_id, key = new_game(client, "euchre", settings=changes)
    response = post(client, game_id, key, hand)
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert words in response.get_json()["error"]
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", [c for c in REFUSED if REFUSED[c][4]])
def test_refusals_on_the_hand_form_are_in_the_tables_words(app, client, case):
    changes, hand, field, _, words = REFUSED[case]
    game_id, _ = new_game(client, "euchre", settings=changes)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    assert (field, words) in summary(response)
    assert stored_hands(app) == []


def test_the_form_asks_only_what_the_rules_allow(client):
    plain, _ = new_game(client, "euchre")
    page = client.get(f"/games/{plain}/hands/new").get_data(as_text=True)
    assert 'name="makers"' in page and 'name="thrown_in"' in page
    assert 'name="defender_alone"' not in page
    stuck, _ = new_game(client, "euchre", settings={"stick_the_dealer": True, **LONE_DEFENCE})
    page = client.get(f"/games/{stuck}/hands/new").get_data(as_text=True)
    assert 'name="defender_alone"' in page and 'name="thrown_in"' not in page


def test_a_hand_saved_through_the_form_is_scored(client):
    game_id, _ = new_game(client, "euchre", settings=LONE_DEFENCE)
    hand = body(makers="B", alone=True, defender_alone=True, tricks=1)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 302
    answer = client.get(f"/api/games/{game_id}").get_json()
    assert answer["hands"][0]["points"] == [4, 0]


# --- through the command line -------------------------------------------------------------


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_on_the_command_line(capsys, case):
    changes, hand, points = WORKED[case]
    knobs = [arg for name, value in changes.items() for arg in ("--set", f"{name}={value}")]
    code = entry(["score", "--game", "euchre", *knobs, *options(hand), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out)["points"] == list(points)


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_on_the_command_line_name_the_option_and_the_rule(capsys, case):
    changes, hand, _, words, _ = REFUSED[case]
    knobs = [arg for name, value in changes.items() for arg in ("--set", f"{name}={value}")]
    given = ["--thrown-in"] if hand.get("thrown_in") else options(hand)
    code = entry(["score", "--game", "euchre", *knobs, *given])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: ") and words in err


def test_a_hand_in_one_line_says_trump_who_went_alone_and_how_it_went(client):
    game_id, key = new_game(client, "euchre", settings=LONE_DEFENCE)
    post(client, game_id, key, body(alone=True, defender_alone=True, tricks=2))
    page = summary_text(client.get(f"/games/{game_id}/revisions"))
    assert "♥ alone against alone · euchred · Ann & Cat: 2" in page


# --- ratings: each side a team of two partners (docs/rules/) -----------------


def test_a_finished_game_rates_each_side_as_a_team_of_two_partners(client):
    table = Table(client)
    game_id = table.start("euchre", NAMES, rules="euchre", starting_totals=[8, 7])
    assert table.hand(game_id, body(makers="A", tricks=5))["status"] == "finished"  # 10–7
    ratings = table.by_player("euchre")
    assert_matches(ratings, [([["Ann", "Cat"], ["Bob", "Dan"]], [10, 7])])
    assert ratings["Ann"]["mu"] == ratings["Cat"]["mu"] > ratings["Bob"]["mu"]


# --- who named trump, and who went alone (issue 43, item 10) ---------------------------------

NAMED = body(makers="B", named_by=3, trump="S", alone=True, tricks=5)


def test_10_who_named_trump_is_kept_and_scores_as_the_side_alone():
    game = get_game("euchre")
    record = game.record_from_dict(S, NAMED)
    assert record.named_by == 3
    assert record.to_dict() == {**NAMED, "thrown_in": False}
    assert game.score_at(S, record, None) == game.score_at(
        S, game.record_from_dict(S, {k: v for k, v in NAMED.items() if k != "named_by"}), None
    )
    assert game.record_from_dict(S, {**NAMED, "named_by": None}).to_dict() == {
        k: v for k, v in {**NAMED, "thrown_in": False}.items() if k != "named_by"
    }


def test_10_a_hand_stored_without_it_reads_writes_and_shows_as_before():
    game = get_game("euchre")
    stored = {**body(makers="B", trump="S", alone=True, tricks=2), "thrown_in": False}
    record = game.record_from_dict(S, stored)
    assert record.named_by is None
    assert record.to_dict() == stored  # its JSON, key for key
    view = game.hand_views(game.replay(S, 0, [record]))[0]
    assert (str(view.bid), str(view.outcome)) == ("♠ alone", "euchred")


@pytest.mark.parametrize(
    ("hand", "row"),
    [
        (NAMED, "Dan named ♠, alone · march"),
        (body(named_by=2, trump="D", tricks=3), "Cat named ♦ · made"),
        (body(named_by=0, alone=True, defender_alone=True, tricks=1), None),
    ],
)
def test_10_the_row_names_who_named_trump_and_whether_alone(app, client, hand, row):
    changes = LONE_DEFENCE if hand["defender_alone"] else {}
    row = row or "Ann named ♥, alone against alone · euchred"
    game_id, key = new_game(client, "euchre", settings=changes)
    assert post(client, game_id, key, hand).status_code == 201
    assert stored_hands(app)[-1] == {**hand, "thrown_in": False}
    assert (
        client.get(f"/api/games/{game_id}").get_json()["hands"][0]["named_by"] == (hand["named_by"])
    )
    assert row in summary_text(client.get(f"/games/{game_id}"))
    assert row in summary_text(client.get(f"/games/{game_id}/print"))
    assert row in summary_text(client.get(f"/games/{game_id}/revisions"))


def test_10_the_form_asks_who_named_trump_optionally_and_saves_it(app, client):
    game_id, _ = new_game(client, "euchre")
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert '<input checked id="named_by-0" name="named_by" type="radio" value="none">' in page
    plain = body(makers="B", trump="S", tricks=3)
    assert client.post(f"/games/{game_id}/hands/new", data=form_values(plain)).status_code == 302
    named = form_values(NAMED) | {"named_by": "3"}
    assert client.post(f"/games/{game_id}/hands/new", data=named).status_code == 302
    stored = stored_hands(app)
    assert stored == [{**plain, "thrown_in": False}, {**NAMED, "thrown_in": False}]
    assert "Dan named ♠, alone · march" in summary_text(client.get(f"/games/{game_id}"))


def test_10_the_command_line_takes_who_named_trump(capsys):
    code = entry(["score", "--game", "euchre", *options(NAMED), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out)["points"] == [0, 4]


# --- on a phone --------------------------------------------------------------------------
# Euchre played through its pages on a small phone (360 px) in real Chromium, in English
# and Hebrew: the new-game form offers it, every tap of a hand is counted (Record, the
# keys, Save) and a plain hand held to the budget of 6 (it takes 5), the scoreboard
# shows the hands, and each page fits the phone. Screenshots are kept in ``test-artifacts/``.

PHONE_NAMES = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
TAP_BUDGET = 6


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "he"])
def test_euchre_through_its_pages(browser, live_server, language):
    body = {
        "game": "euchre",
        "players": PHONE_NAMES[language],
        "rules": "euchre",
        "first_dealer": 0,
    }
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        names = PHONE_NAMES[language]
        new_game_page_fits(page, "euchre", f"euchre-{language}-new-game", language)
        # Hand 1 as a table enters it: Record, makers, trump, tricks, Save.
        taps = Taps(page)
        taps(page.locator("#record"))
        fits(page, "hand-form", language)
        taps.key("makers", "A")
        # Who named trump is optional ("—" stays tapped), and only a maker may be tapped.
        named = 'input[name="named_by"][value="{}"]'
        assert page.locator(named.format("none")).is_checked()
        assert page.locator(named.format(1)).is_disabled()
        assert page.locator(named.format(2)).is_enabled()
        taps.key("trump", "H")
        taps.key("tricks", "5")
        taps.save()
        assert taps.count == 5 <= TAP_BUDGET
        # Hand 2: B's maker goes alone and is euchred (one tap more for "alone"); the table
        # also taps who named trump, Dan, which a plain hand need not.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("makers", "B")
        taps.key("named_by", 3)
        taps.key("trump", "S")
        taps.key("alone", "yes")
        taps.key("tricks", "2")
        taps.save()
        assert taps.count == 7
        # Hand 3: everyone passed twice: Record, Thrown in.
        page.locator("#record").click()
        page.locator("#thrown-in").click()
        page.wait_for_url(SCOREBOARD_URL)
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert [hand["points"] for hand in game["hands"]] == [[2, 0], [2, 0], [0, 0]]
        assert game["totals"] == [4, 0]
        scoreboard = page.locator("main").inner_text()
        assert names[0] in scoreboard and "♥" in scoreboard
        assert game["hands"][1]["named_by"] == 3 and "named_by" not in game["hands"][0]
        fits(page, "scoreboard", language)
