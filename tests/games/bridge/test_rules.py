"""Bridge's rules, as docs/rules/bridge.md gives them: the presets and knobs, every worked
example through the JSON API (a real SQLite file) and through ``scorekeeper score --game
bridge``, the rubber and Chicago played deal by deal with the pad's figures (below and
above the line, games, part-scores, vulnerability) in the game's JSON, and the refusals
in the API's words, on the command line, and on the hand form in the table's words."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidSettings, get_game
from scorekeeper.engine.bridge.settings import PRESETS
from tests.support.bridge_rules import PASSED, RUBBER_7, deal, form_values, play, post, stored_hands
from tests.support.games.bridge.rules import options
from tests.support.new_games_refusals import new_game, summary

RUBBER, CHICAGO = PRESETS["rubber"], PRESETS["chicago"]


def test_the_presets_are_the_tables_of_section_10():
    assert RUBBER.to_dict() == {
        "rubbers": 1,
        "deals": None,
        "honours": "count",
        "insult_redoubled": 100,
        "undertricks": "laws",
        "unfinished_partscore": 100,
        "chicago_vulnerable": "dealer",
        "fourth_deal_bonus": None,
        "duplicate": False,
    }
    assert (CHICAGO.rubbers, CHICAGO.deals, CHICAGO.honours) == (None, 4, "ignore")
    assert (CHICAGO.chicago_vulnerable, CHICAGO.fourth_deal_bonus) == ("dealer", 100)
    assert CHICAGO.unfinished_partscore is None
    assert [
        knob.name
        for knob in get_game("bridge").preset(get_game("bridge").default_preset).knobs_for_table()
    ] == list(RUBBER.to_dict())
    assert get_game("bridge").preset("chicago") == CHICAGO


@pytest.mark.parametrize(("knob", "value"), [("deals", 6), ("rubbers", -1), ("honours", "all")])
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        CHICAGO.with_changes({knob: value})
    assert refused.value.field == knob


# A side's first game makes it vulnerable in a rubber: B (seat 1) makes 4♠ first.
VULNERABLE_B = [deal(1, "4S", 10)]

# The worked examples of one deal: (the deals before it, its settings, the deal, its
# below, its above; points per side A, B). Seat 0 is A, seat 1 B.
WORKED = {
    "1: 4♠ with an overtrick": ([], {}, deal(0, "4S", 11), [120, 0], [30, 0]),
    "2: 3NT doubled vulnerable, three down": (
        VULNERABLE_B, {}, deal(1, "3NT", 6, doubled=1), [0, 0], [800, 0]),
    "2: 3NT doubled, three down": ([], {}, deal(1, "3NT", 6, doubled=1), [0, 0], [500, 0]),
    "2: 3NT redoubled, three down": ([], {}, deal(1, "3NT", 6, doubled=2), [0, 0], [1000, 0]),
    "2: 4♥ doubled, four down": ([], {}, deal(1, "4H", 6, doubled=1), [0, 0], [800, 0]),
    "2: 4♥ doubled, four down, pre-1987": (
        [], {"undertricks": "pre_1987"}, deal(1, "4H", 6, doubled=1), [0, 0], [700, 0]),
    "2: 3♣ vulnerable, two down": (VULNERABLE_B, {}, deal(1, "3C", 7), [0, 0], [200, 0]),
    "3: 2♥ redoubled with an overtrick": ([], {}, deal(1, "2H", 9, doubled=2), [0, 240], [0, 300]),
    "3: the older redoubled insult": (
        [], {"insult_redoubled": 50}, deal(1, "2H", 9, doubled=2), [0, 240], [0, 250]),
    # B's second game: the slam's 750 and the rubber bonus, 700 (A won no game)
    "4: 6♦ vulnerable": (VULNERABLE_B, {}, deal(1, "6D", 12), [0, 120], [0, 750 + 700]),
    "4: 7NT": ([], {}, deal(0, "7NT", 13), [220, 0], [1000, 0]),
    "5: 2♣ doubled": ([], {}, deal(0, "2C", 8, doubled=1), [80, 0], [50, 0]),
    "5: 1NT doubled vulnerable, two overtricks": (
        VULNERABLE_B, {}, deal(1, "1NT", 9, doubled=1), [0, 80], [0, 450]),
    "6: four trump honours to the declarer": (
        [], {}, deal(0, "4H", 10, honours={"side": "A", "points": 100}), [120, 0], [100, 0]),
    "6: four aces to a defender at NT": (
        [], {}, deal(0, "3NT", 9, honours={"side": "B", "points": 150}), [100, 0], [0, 150]),
}  # fmt: skip


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_api(app, client, case):
    before, settings, hand, below, above = WORKED[case]
    answers, _, _ = play(client, "rubber", [*before, hand], settings)
    answer = answers[-1]
    assert (answer["below"], answer["above"]) == (below, above)
    assert answer["points"] == [b + a for b, a in zip(below, above, strict=True)]
    assert stored_hands(app)[-1] == {**hand, "thrown_in": False}


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_on_the_command_line(capsys, case):
    before, settings, hand, below, above = WORKED[case]
    if before:  # the declarer vulnerable, as after a game won; no rubber is won alone
        side = hand["declarer"] % 2
        above = [a - 700 * (hand["level"] == 6 and s == side) for s, a in enumerate(above)]
    knobs = [arg for name, value in settings.items() for arg in ("--set", f"{name}={value}")]
    vulnerable = ["--vulnerable"] if before else []
    code = entry(["score", "--game", "bridge", *knobs, *options(hand), *vulnerable, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "points": [b + a for b, a in zip(below, above, strict=True)],
        "below": below,
        "above": above,
    }


# --- worked example 7: a rubber ----------------------------------------------------------


def test_worked_example_7_a_rubber_won_two_games_to_one(client):
    answers, game_id, _ = play(client, "rubber", RUBBER_7)
    assert [a["below"] for a in answers] == [[120, 0], [0, 100], [60, 0], [0, 0], [60, 0]]
    assert [a["above"] for a in answers] == [[0, 0], [0, 30], [0, 0], [500, 0], [530, 0]]
    assert answers[-1]["totals"] == [1270, 130]
    assert (answers[-1]["status"], answers[-1]["winner"]) == ("finished", 0)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert (game["games"], game["part_scores"], game["rubbers"]) == ([0, 0], [0, 0], 1)


def test_worked_example_7_a_rubber_two_games_to_none(client):
    answers, _, _ = play(client, "rubber", [deal(0, "4S", 10), deal(0, "3NT", 9)])
    assert answers[-1]["totals"] == [920, 0] and answers[-1]["status"] == "finished"


def test_the_games_json_carries_games_part_scores_and_vulnerability(client):
    _, game_id, _ = play(client, "rubber", RUBBER_7[:3])
    game = client.get(f"/api/games/{game_id}").get_json()
    assert (game["games"], game["part_scores"], game["vulnerable"]) == (
        [1, 1],
        [60, 0],
        [True, True],
    )


@pytest.mark.parametrize(
    ("deals", "totals"),
    [
        (RUBBER_7[:3], [280, 130]),  # a game each, A's lone part-score: 100
        ([deal(0, "4S", 10), deal(1, "1C", 7)], [420, 120]),  # A's only game 300, B's 100
    ],
)
def test_worked_example_7_finish_now_on_an_unfinished_rubber(client, deals, totals):
    _, game_id, key = play(client, "rubber", deals)
    response = client.post(
        f"/api/games/{game_id}/finish", headers={"Authorization": f"Bearer {key}"}
    )
    assert response.status_code == 200, response.get_json()
    game = client.get(f"/api/games/{game_id}").get_json()
    assert (game["totals"], game["status"], game["winner"]) == (totals, "finished", 0)


# --- worked example 8: Chicago -----------------------------------------------------------

CHICAGO_8 = [deal(0, "2S", 8), deal(1, "1NT", 7), deal(0, "2C", 8), deal(1, "2H", 8)]


def test_worked_example_8_chicago_four_deals(client):
    answers, _, _ = play(client, "chicago", CHICAGO_8)
    assert [a["points"] for a in answers] == [[60, 0], [0, 40], [540, 0], [0, 160]]
    assert answers[-1]["totals"] == [600, 200]
    assert (answers[-1]["status"], answers[-1]["winner"]) == ("finished", 0)


def test_worked_example_8_the_other_side_vulnerable_by_agreement(client):
    settings = {**CHICAGO.to_dict(), "chicago_vulnerable": "non_dealer"}
    answers, _, _ = play(client, "chicago", CHICAGO_8[:3], settings)
    assert answers[-1]["points"] == [340, 0]


@pytest.mark.parametrize(("before", "points"), [(CHICAGO_8[:3], 620), ([], 420)])
def test_worked_example_8_a_game_on_the_fourth_deal_and_on_the_first(client, before, points):
    answers, _, _ = play(client, "chicago", [*before, deal(0, "4H", 10)])
    assert answers[-1]["points"][0] == points


def test_worked_example_8_a_passed_out_deal_is_dealt_again_and_does_not_count(client):
    answers, game_id, _ = play(client, "chicago", [PASSED, *CHICAGO_8])
    assert answers[0]["points"] == [0, 0] and answers[0]["dealer"] == 0  # the next dealer
    assert answers[-1]["totals"] == [600, 200] and answers[-1]["status"] == "finished"


def test_a_passed_out_rubber_deal_passes_the_deal_on(client):
    answers, _, _ = play(client, "rubber", [PASSED, deal(1, "1C", 7)])
    assert [a["dealer"] for a in answers] == [1, 2]  # the next deal's dealer


def test_on_the_command_line_the_fourth_chicago_deal_and_vulnerability(capsys):
    base = ["score", "--game", "bridge", "--rules", "chicago", "--json"]
    hand = ["--declarer", "0", "--level", "2", "--strain", "H", "--tricks", "8"]
    assert entry([*base, *hand, "--fourth-deal"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == [160, 0]
    game = ["--declarer", "0", "--level", "4", "--strain", "H", "--tricks", "10"]
    assert entry([*base, *game, "--vulnerable"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == [620, 0]


# --- refusals ---------------------------------------------------------------------------

# (the hand, the field refused, the API's words, the page's words)
REFUSED = {
    "14 tricks": (
        deal(0, "4S", 14),
        "tricks",
        "tricks must be a whole number from 0 to 13, not 14",
        "That result would give the declarer's side 14 tricks: check the level and the result.",
    ),
    "a contract at level 8": (
        {**deal(0, "4S", 10), "level": 8},
        "level",
        "level must be a whole number from 1 to 7, not 8",
        "Level must be one of 1–7, not 8.",
    ),
    "100 honours at no trump": (
        deal(0, "3NT", 9, honours={"side": "A", "points": 100}),
        "honours",
        "at no trump only the four aces in one hand count, 150",
        "At no trump only four aces in one hand count: 150.",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_through_the_api_name_the_field_and_save_nothing(app, client, case):
    hand, field, words, _ = REFUSED[case]
    game_id, key = new_game(client, "bridge", rules="rubber")
    response = post(client, game_id, key, hand)
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert words in response.get_json()["error"]
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_on_the_hand_form_are_in_the_tables_words(app, client, case):
    hand, field, _, words = REFUSED[case]
    game_id, _ = new_game(client, "bridge", rules="rubber")
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    assert (field, words) in summary(response)
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_on_the_command_line_name_the_option_and_the_rule(capsys, case):
    hand, _, words, _ = REFUSED[case]
    words = words.split(", not")[0]  # the command line gives the value as typed
    code = entry(["score", "--game", "bridge", *options(hand)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: ") and words in err


def test_the_form_says_who_is_vulnerable_and_saves_a_deal(client):
    _, game_id, _ = play(client, "rubber", [deal(1, "4S", 10)])
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    page = page.translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    assert "Vulnerable: Bob &amp; Dan" in page and "Passed out" in page
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(deal(2, "3NT", 9)))
    assert response.status_code == 302
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][1]["points"] == [100, 0]


def test_the_printed_sheet_shows_the_pad_and_the_rules_in_the_tables_words(client):
    _, game_id, _ = play(client, "rubber", RUBBER_7[:2])
    page = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    page = page.translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    for words in ("Below", "Above", "Played by", "4♠", "3NT", "made +1", "game", "Honours"):
        assert words in page, words
    assert "counted" in page and "laws since 1987" in page
    german = client.get(f"/games/{game_id}/print", headers={"Accept-Language": "de"})
    text = german.get_data(as_text=True)
    assert "Alleinspieler" in text and "Unter" in text and "Partie" in text


def test_an_edit_that_clears_the_honours_taps_none(client):
    hand = deal(0, "4H", 10, honours={"side": "A", "points": 100})
    _, game_id, _ = play(client, "rubber", [hand])
    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert '<input checked id="honours-1" name="honours" type="radio" value="A100">' in page
    plain = {**hand, "strain": "NT", "level": 3, "tricks": 9, "honours": None}
    assert get_game("bridge").hand.form_values(plain)["honours"] == "none"
    response = client.post(f"/games/{game_id}/hands/1/edit", data=form_values(plain))
    assert response.status_code == 302
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][0]["points"] == [100, 0]


def test_a_chicago_form_asks_no_honours_and_saves_a_deal(client):
    game_id, _ = new_game(client, "bridge", rules="chicago")
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert '<input type="hidden" name="honours" value="none">' in page
    assert "Neither side vulnerable" in page and 'value="A100"' not in page
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(deal(0, "4H", 10)))
    assert response.status_code == 302
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][0]["points"] == [420, 0]
