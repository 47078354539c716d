"""Pinochle's rules, as docs/rules/pinochle.md gives them: the presets and their knobs,
every worked example of the docs through the JSON API (a real SQLite file), the hand form
and ``scorekeeper score --game pinochle``; the refusals in the API's words, on the command
line and on the form in the table's words (players by name); the sheet; and random hands
against two outside scorers whose scoring functions this file restates in a few lines:
lordjabez/pinochle-scoresheet (single deck in tens, Hand.java's ``getScore`` at commit
0490f901) and chwarner-solo/pinochle-scorer (double deck, api/src/domain/hand/hand.rs's
``record_meld`` and ``record_tricks`` at commit 457cae7a)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidSettings, get_game
from scorekeeper.engine.pinochle.settings import PRESETS
from tests.support.game_rules import post, stored_hands
from tests.support.games.pinochle.rules import (
    KEY,
    _dealt_melds,
    _random_hand,
    chwarner_score,
    form_values,
    knobs_of,
    lordjabez_score,
    new_game,
    options,
    summary,
    text_of,
)
from tests.support.rules_docs import examples_of, numbers, single_hands
from tests.support.shared import NAMES

GAME = get_game(KEY)
HEBREW = {"Accept-Language": "he"}


# --- the presets ---------------------------------------------------------------------------


def test_the_presets_are_the_single_deck_in_tens_or_points_and_the_double_deck():
    assert PRESETS["single-deck"].to_dict() == {
        "deck": "48",
        "count": "1",
        "min_bid": 25,
        "save_meld": 0,
        "min_meld": 0,
        "target": 150,
    }
    assert [knob.name for knob in GAME.preset(GAME.default_preset).knobs_for_table()] == list(
        PRESETS["single-deck"].to_dict()
    )
    assert [p.counters for p in PRESETS.values()] == [25, 250, 50]
    assert (PRESETS["single-deck-points"].min_bid, PRESETS["single-deck-points"].target) == (
        250,
        1500,
    )
    double = PRESETS["double-deck"]
    assert (double.min_bid, double.save_meld, double.min_meld, double.target) == (50, 20, 20, 500)


def test_each_preset_sets_its_target_and_another_target_is_the_tables_own():
    """The double deck plays to 500 (the Pinochle glossary: "The game is won by the first
    team to achieve a score of 500 or more"): choosing the preset sets it; a table that
    changes it plays house rules."""
    assert [p.target for p in PRESETS.values()] == [150, 1500, 500]
    assert type(GAME.preset(GAME.default_preset)).preset_aside == ()
    assert PRESETS["double-deck"].preset_of(GAME.presets) == "double-deck"
    assert PRESETS["double-deck"].with_changes({"target": 150}).preset_of(GAME.presets) is None


@pytest.mark.parametrize(
    ("knob", "value"), [("deck", "52"), ("count", "5"), ("min_bid", 0), ("target", -5)]
)
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        PRESETS["single-deck"].with_changes({knob: value})
    assert refused.value.field == knob


# --- the worked examples of docs/rules/pinochle.md ------------------------------------------

WORKED = single_hands(KEY)


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_api(app, client, case):
    hand = WORKED[case]
    game_id, key = new_game(client, hand.preset, hand.changes, hand.before)
    response = post(client, game_id, key, hand.body)
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert tuple(answer["points"]) == hand.scored
    assert tuple(answer["totals"]) == hand.totals
    if hand.won_by not in ("", "—"):
        assert (answer["status"], answer["winner"]) == ("finished", "AB".index(hand.won_by))
    assert stored_hands(app)[-1] == {"meld": list(answer["hand"]["meld"])} | hand.body


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_form(client, case):
    hand = WORKED[case]
    game_id, _ = new_game(client, hand.preset, hand.changes)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand.body))
    assert response.status_code == 302, summary(response)
    hands = client.get(f"/api/games/{game_id}").get_json()["hands"]
    assert tuple(hands[0]["points"]) == hand.scored


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_on_the_command_line(capsys, case):
    hand = WORKED[case]
    rules = ["--rules", hand.preset, *knobs_of(hand.changes)]
    code = entry(["score", "--game", KEY, *rules, *options(hand.body), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert tuple(json.loads(out)["points"]) == hand.scored


def test_worked_example_9_a_game_to_60_hand_by_hand(client):
    (example,) = [e for e in examples_of(KEY) if e.label == "9"]
    game_id, key = new_game(client, "single-deck", {"target": 60})
    for row in example.rows:
        answer = post(client, game_id, key, row.hand()).get_json()
        assert tuple(answer["totals"]) == numbers(row.cells["totals"])
    assert (answer["status"], answer["winner"]) == ("finished", 1)
    assert "Bob & Dan win with 63!" in text_of(client.get(f"/games/{game_id}"))


def test_worked_example_8a_the_bidding_side_out_first_wins_and_leads_the_sheet(client):
    hand = WORKED["8a"]
    game_id, key = new_game(client, before=hand.before)
    assert post(client, game_id, key, hand.body).status_code == 201
    board = text_of(client.get(f"/games/{game_id}"))
    assert "Ann & Cat 156 leading Bob & Dan 159" in board
    assert "Ann & Cat win with 156!" in board


# (rules, the hand, the field refused, the API's words, the form's words)
REFUSED = {
    "7a: counters that do not add up": (
        "single-deck",
        {"bidder": 0, "bid": 30, "meld": [10, 5], "counters": [15, 9]},
        "counters",
        "counters must add up to 25, not 24",
        "Counters must add up to 25, not 24.",
    ),
    "7b: a bid under the minimum": (
        "single-deck",
        {"bidder": 1, "bid": 24, "meld": [10, 5], "counters": [15, 10]},
        "bid",
        "bid must be a whole number from 25 to 500, not",
        "Bid must be from 25 to 500, not 24.",
    ),
    "7c: counting a counter 10, a bid that is no multiple of 10": (
        "single-deck-points",
        {"bidder": 0, "bid": 305, "meld": [100, 50], "counters": [150, 100]},
        "bid",
        "counting a counter 10, it is a multiple of 10",
        "Counting a counter 10, Bid is a multiple of 10.",
    ),
    "10c: a meld total the combinations do not make": (
        "single-deck",
        {
            "bidder": 0,
            "bid": 30,
            "meld": [20, 12],
            "melds": [{"run": 1, "pinochle": 1}, {"aces": 1, "marriage": 1}],
            "counters": [14, 11],
        },
        "meld[0]",
        "meld[0]: the items counted make 19",
        "Meld for Ann & Cat: the combinations entered make 19, not 20.",
    ),
    "10d: combinations the deck cannot hold": (
        "single-deck",
        {
            "bidder": 0,
            "bid": 30,
            "melds": [{"double_pinochle": 1}, {"double_pinochle": 1}],
            "counters": [14, 11],
        },
        "melds",
        "the deck holds 2, the combinations take 4",
        "The deck holds 2 of each Q♠ and J♦: the combinations take 4.",
    ),
    "dix in the double deck, which has no nines": (
        "double-deck",
        {"bidder": 0, "bid": 50, "melds": [{"dix": 1}, {}], "counters": [30, 20]},
        "melds[0]",
        "'dix' is none of",
        None,  # the form has no box for it
    ),
    "7e: a trick with no counter for a side that took counters": (
        "single-deck",
        {"bidder": 0, "bid": 30, "meld": [10, 5], "counters": [19, 6], "bare_trick": "A"},
        "bare_trick",
        "that side took counters",
        "Ann and Cat took counters: their meld is saved already.",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_through_the_api_name_the_field_and_save_nothing(app, client, case):
    rules, hand, field, words, _ = REFUSED[case]
    game_id, key = new_game(client, rules)
    response = post(client, game_id, key, hand)
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert words in response.get_json()["error"]
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", [c for c in REFUSED if REFUSED[c][4]])
def test_refusals_on_the_form_are_in_the_tables_words(app, client, case):
    rules, hand, field, _, words = REFUSED[case]
    game_id, _ = new_game(client, rules)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    # a total is said beside its step, a side's number beside its box
    anchor = {"counters": "play", "melds": "melding", "meld[0]": "meld_0"}.get(field, field)
    assert (anchor, words) in summary(response)
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_on_the_command_line_name_the_rule(capsys, case):
    rules, hand, _, words, _ = REFUSED[case]
    code = entry(["score", "--game", KEY, "--rules", rules, *options(hand)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: ") and words in err


# --- the form and the sheet -----------------------------------------------------------------


def test_the_form_asks_for_a_bare_trick_only_where_a_trick_saves_the_meld(client):
    game_id, _ = new_game(client)
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    for name in ("bidder", "bid", "meld_0", "meld_1", "counters_0", "counters_1"):
        assert f'name="{name}"' in page, name
    assert 'name="bare_trick" type="radio" value="B"' in page
    assert 'name="thrown_in"' not in page  # the dealer is stuck with the minimum bid
    game_id, _ = new_game(client, "double-deck")
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="bare_trick"' not in page and 'name="counters_1"' in page


def test_a_hand_reads_on_the_sheet_as_a_score_pad_writes_it(client):
    game_id, key = new_game(client)
    assert post(client, game_id, key, WORKED["1"].body).status_code == 201
    assert post(client, game_id, key, WORKED["2"].body).status_code == 201
    board = text_of(client.get(f"/games/{game_id}"))
    assert "1 30 made Ann Ann 12/19 +31 31 6/6 +12 12" in board
    assert "2 32 set Bob Bob 8/10 +18 49 (15)/15 −32 −20" in board  # lost with the bid
    printed = text_of(client.get(f"/games/{game_id}/print"))
    assert "Bidder Bid Result Ann & Cat Bob & Dan Meld Ctr Pts Tot Meld Ctr Pts Tot" in printed
    assert "1 Ann Ann 30 made 12 19 +31 31 6 6 +12 12" in printed
    assert "2 Bob Bob 32 set 8 10 +18 49 (15) 15 −32 −20" in printed
    text = text_of(client.get(f"/games/{game_id}/print"))
    assert "Counters in a deal, the last trick included 25" in text
    assert "To save its meld a trick" in text and "Target score 150" in text


def test_a_meld_that_did_not_count_is_in_brackets_and_the_why_page_says_why(client):
    """Example 11: A's 8 is under the double deck's 20; the why page counts each side's
    meld by its combinations, in English and in Hebrew."""
    game_id, key = new_game(client, "double-deck")
    assert post(client, game_id, key, WORKED["11"].body).status_code == 201
    board = text_of(client.get(f"/games/{game_id}"))
    assert "(8)/22 +22" in board and "27/28 +55" in board
    why = text_of(client.get(f"/games/{game_id}/hands/1/why"))
    for term in (
        "Meld 8",
        "2 × Common marriage: 4",
        "1 × Jacks around: 4",
        "not counted: under 20",
    ):
        assert term in why, term
    assert "Meld 27 1 × Run: 15 1 × Pinochle: 4 1 × Kings around: 8 Counters 28 Bid 55: made" in why
    hebrew = text_of(client.get(f"/games/{game_id}/hands/1/why", headers=HEBREW))
    assert "לא נספר: פחות מ־20" in hebrew and "הכרזה 55: התקיימה" in hebrew


def test_the_why_page_says_why_the_other_sides_counters_scored_nothing(client):
    """A double-deck evening in Chromium (issue 65): the side that did not bid took 19
    counters and scored 0, and its why page listed "Counters 19" with nothing saying that
    19 is under the 20 that save a side's points; now it says so, in each language."""
    game_id, key = new_game(client, "double-deck")
    deal = {"bidder": 0, "bid": 50, "meld": [30, 25], "counters": [31, 19]}
    assert post(client, game_id, key, deal).get_json()["totals"] == [61, 0]
    why = text_of(client.get(f"/games/{game_id}/hands/1/why"))
    assert (
        "Meld 25 not counted: not saved in the play Counters 19 not counted: under 20 counters"
        in why
    )
    assert why.count("not counted: under 20 counters") == 2  # Bob and Dan, not Ann and Cat
    french = text_of(client.get(f"/games/{game_id}/hands/1/why", headers={"Accept-Language": "fr"}))
    assert "Points de plis 19 ne compte pas : moins de 20 points de plis" in french
    deal = {"bidder": 1, "bid": 50, "meld": [30, 25], "counters": [20, 30]}
    assert post(client, game_id, key, deal).get_json()["totals"] == [111, 55]
    assert "under 20 counters" not in text_of(client.get(f"/games/{game_id}/hands/2/why"))


def test_the_form_fills_the_other_sides_counters_with_or_without_the_script(client):
    """The counters of both sides make the deal's: the engine's rule, a ``complement``
    table on the page, and the server's fill of a form posted without the script."""
    game_id, _ = new_game(client, "double-deck")
    spec = GAME.hand_form(PRESETS["double-deck"], NAMES)
    assert spec.rules["complement"] == [{"prefix": "counters", "sides": 2, "total": 50}]
    tally = spec.rules["tally"][0]
    assert (tally["into"], tally["weights"]["double_aces"]) == ("meld", 100)
    assert "dix" not in tally["weights"]  # no nines in the double deck
    hand = {"bidder": 1, "bid": 55, "meld": [8, 27], "counters": [22]}
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 302, summary(response)
    (stored,) = client.get(f"/api/games/{game_id}").get_json()["hands"]
    assert (stored["counters"], stored["points"]) == ([22, 28], [22, 55])


def test_the_meld_is_counted_from_the_combinations_on_the_form(client):
    game_id, _ = new_game(client, "double-deck")
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="melds_1_double_run"' in page and 'name="melds_0_dix"' not in page
    assert "Count the meld by combination" in page
    hand = {"bidder": 1, "bid": 55, "counters": [22, 28]}
    hand |= {"melds": [{"marriage": 2, "jacks": 1}, {"run": 1, "kings": 1, "pinochle": 1}]}
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 302, summary(response)
    (stored,) = client.get(f"/api/games/{game_id}").get_json()["hands"]
    assert (stored["meld"], stored["points"]) == ([8, 27], [22, 55])


@pytest.mark.parametrize(
    ("typed", "meld"),
    [
        ("A:run=1,pinochle=1;B:aces", (19, 10)),
        ("A:run=1;B:", (15, 0)),
        ("B:double_aces=1", (0, 100)),
    ],
)
def test_the_command_lines_combinations_read_as_the_apis(typed, meld):
    body = {"bidder": 0, "bid": 25, "melds": typed, "counters": [20, 5]}
    assert GAME.record_from_dict(PRESETS["single-deck"], body).meld == meld


def test_random_combinations_the_deck_can_hold_are_taken_and_counted():
    rng = random.Random(65)
    for preset in ("single-deck", "single-deck-points", "double-deck"):
        settings = PRESETS[preset]
        values = settings.meld_values()
        for _ in range(300):
            melds = _dealt_melds(rng, settings)
            ours = settings.step * rng.randint(0, settings.counters // settings.step)
            body = {"bidder": rng.randrange(4), "bid": settings.min_bid}
            body |= {"melds": melds, "counters": [ours, settings.counters - ours]}
            record = GAME.record_from_dict(settings, body)
            assert record.meld == tuple(sum(values[k] * n for k, n in s.items()) for s in melds)


# --- two outside scorers --------------------------------------------------------------------


def test_random_hands_agree_with_lordjabez_scoresheet_where_a_counter_saves_the_meld():
    settings, rng = PRESETS["single-deck"].with_changes({"save_meld": 1}), random.Random(57)
    agree = 0
    for _ in range(2000):
        body = _random_hand(rng, settings, 30)
        points = GAME.points(settings, GAME.record_from_dict(settings, body))
        side = body["bidder"] % 2
        theirs = tuple(
            lordjabez_score(side, body["bid"], body["meld"], body["counters"], t) for t in (0, 1)
        )
        agree += points[:2] == theirs
    assert agree == 2000


def test_random_hands_against_chwarner_scorer_disagree_only_where_it_does_not_play():
    settings, rng = PRESETS["double-deck"], random.Random(57)
    found = Counter()
    for _ in range(2000):
        body = _random_hand(rng, settings, 120)
        points = GAME.points(settings, GAME.record_from_dict(settings, body))
        theirs = chwarner_score(body["bidder"] % 2, body["bid"], body["meld"], body["counters"])
        found[
            "agree" if theirs == points[:2] else theirs if isinstance(theirs, str) else "differ"
        ] += 1
    assert found == {
        "agree": 443,
        "bidding side melded under 20: the hand is not played": 1139,
        "meld above the bid: bid − meld underflows": 418,
    }
