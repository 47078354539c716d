"""Schafkopf's rules, as docs/rules/schafkopf.md gives them: the preset and its tariff as
knobs, every deal summing to zero, every worked example of the docs scored through the
engine, the JSON API (a real SQLite file), the hand form and ``scorekeeper score --game
schafkopf``; the refusals in the API's words and on the form in the table's words; the
list's money in euros and cents; and the engine against an outside scorer, openschafkopf's
settlement ported in ``openschafkopf.py``, on random deals."""

from __future__ import annotations

import json
import random
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidHand, InvalidSettings, get_game
from scorekeeper.engine.core.game import seat_counts
from tests.support.game_rules import post, stored_hands, summary
from tests.support.games.schafkopf.rules import (
    KEY,
    S,
    form_values,
    new_game,
    options,
    outside_case,
    text_of,
)
from tests.support.rules_docs import examples_of, single_hands
from tests.support.shared import NAMES

GAME = get_game(KEY)
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


# --- the preset and the tariff --------------------------------------------------------------


def test_the_preset_is_the_common_list_and_its_knobs_are_the_house_rules():
    assert S.to_dict() == {
        "deals": 0,
        "sauspiel": 10,
        "solo": 50,
        "extra": 10,
        "laufende": 3,
        "laufende_short": 2,
        "geier": False,
        "hochzeit": False,
        "bettel": 0,
        "klopfen": True,
        "stoesse": 2,
        "ramsch": 0,
        "jungfrau": True,
        "stock": 0,
    }
    assert [knob.name for knob in GAME.preset(GAME.default_preset).knobs_for_table()] == list(
        S.to_dict()
    )
    assert list(seat_counts(GAME)) == [4]
    assert S.with_changes({"sauspiel": "20", "geier": "yes"}).sauspiel == 20


@pytest.mark.parametrize(
    ("knob", "value"), [("solo", -1), ("laufende", 0), ("geier", 3), ("stoesse", 5)]
)
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({knob: value})
    assert refused.value.field == knob


def test_a_stock_beside_a_ramsch_is_refused_naming_the_stock(client):
    """All passed is a Ramsch or pays into the Stock, not both (schafkopfen-1.de: "Wenn
    zusammengeworfen wurde und kein Ramsch gespielt wird")."""
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({"ramsch": 20, "stock": 10})
    assert refused.value.field == "stock"
    body = {"game": KEY, "players": NAMES, "rules": KEY, "settings": {"ramsch": 20, "stock": 10}}
    answer = client.post("/api/games", json=body)
    assert answer.status_code in (400, 422) and "stock" in json.dumps(answer.get_json())


def test_every_deal_sums_to_zero_two_against_two_or_one_against_three():
    rules = S.with_changes({"geier": True, "hochzeit": True, "bettel": 30, "ramsch": 20})
    rng = random.Random(57)
    for _ in range(400):
        body = GAME.hand.random_body(GAME, rules, GAME.context(rules, None), rng)
        points = GAME.points(rules, GAME.record_from_dict(rules, body), None)
        assert sum(points) == 0, body
        if body.get("thrown_in"):
            continue
        unit = max(map(abs, points)) // (1 if body["contract"] in ("sauspiel", "hochzeit") else 3)
        if body["contract"] in ("sauspiel", "hochzeit"):
            assert sorted(map(abs, points)) == [unit] * 4
            assert points[body["declarer"]] == points[body["partner"]]
        else:
            one = body.get("declarer", body.get("loser"))
            assert abs(points[one]) == 3 * unit
            assert [p for s, p in enumerate(points) if s != one] == [-points[one] // 3] * 3


# --- the worked examples of docs/rules/schafkopf.md ------------------------------------------

WORKED = single_hands(KEY)


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_api(app, client, case):
    hand = WORKED[case]
    game_id, key = new_game(client, hand.changes)
    response = post(client, game_id, key, hand.body)
    assert response.status_code == 201, response.get_json()
    assert tuple(response.get_json()["points"]) == hand.scored
    assert stored_hands(app)[-1]["contract"] == hand.body["contract"]


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_form(client, case):
    hand = WORKED[case]
    game_id, _ = new_game(client, hand.changes)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand.body))
    assert response.status_code == 302, summary(response)
    points = client.get(f"/api/games/{game_id}").get_json()["hands"][0]["points"]
    assert tuple(points) == hand.scored


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_on_the_command_line(capsys, case):
    hand = WORKED[case]
    knobs = [arg for name, value in hand.changes.items() for arg in ("--set", f"{name}={value}")]
    code = entry(["score", "--game", KEY, *knobs, *options(hand.body), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert tuple(json.loads(out)["points"]) == hand.scored


def test_worked_example_7_an_evening_kept_as_a_list_in_euros(client):
    (example,) = [e for e in examples_of(KEY) if e.label == "7"]
    game_id, key = new_game(client, {"deals": 2})
    for row in example.rows:
        answer = post(client, game_id, key, row.hand()).get_json()
        assert answer["totals"] == [int(t) for t in row.cells["totals"].split(",")]
    assert (answer["status"], answer["winner"]) == ("finished", 1)
    sheet = text_of(client.get(f"/games/{game_id}", headers=GERMAN))
    assert "Geld −0,30 € +1,30 € −0,30 € −0,70 €" in sheet
    assert "Farbsolo" in sheet and "alle gepasst" in sheet
    english = text_of(client.get(f"/games/{game_id}/print"))
    assert "Money: Ann −€0.30 · Bob +€1.30 · Cat −€0.30 · Dan −€0.70" in english


# (settings, the deal, the field refused, the API's words, the form's words)
REFUSED = {
    "6a: the Spieler as their own Mitspieler": (
        {},
        {"contract": "sauspiel", "declarer": 0, "partner": 0, "won": "won"},
        "partner",
        "the partner is another player than the declarer",
        "Ann is the player: the partner is another player.",
    ),
    "6k: the Hochzeit's player as their own Mitspieler": (
        {"hochzeit": True},
        {"contract": "hochzeit", "declarer": 3, "partner": 3, "won": "won"},
        "partner",
        "the partner is another player than the declarer",
        "Dan is the player: the partner is another player.",
    ),
    "6f: a Farbsolo without its suit": (
        {},
        {"contract": "farbsolo", "declarer": 1, "won": "won"},
        "suit",
        "suit is missing",
        "Still missing: Trump suit.",
    ),
    "6g: a Hirsch where the table stops at Re": (
        {},
        {"contract": "sauspiel", "declarer": 0, "partner": 2, "won": "won", "kontra": "hirsch"},
        "kontra",
        "hirsch is not played under these rules",
        "Stoß must be one of —, Kontra, or Re, not hirsch.",
    ),
    "6h: won with 58 Augen": (
        {},
        {"contract": "sauspiel", "declarer": 0, "partner": 2, "won": "won", "augen": 58},
        "won",
        "won: not so with 58 Augen",
        "With 58 Augen the player's side has not won.",
    ),
    "6i: 95 Augen won, the others free of Schneider": (
        {},
        {"contract": "sauspiel", "declarer": 0, "partner": 2, "won": "won", "augen": 95},
        "schneider",
        "schneider: not so with 95 Augen",
        "With 95 Augen it is not free of Schneider.",
    ),
    "6j: lost Schwarz with 12 Augen": (
        {},
        {
            "contract": "sauspiel",
            "declarer": 0,
            "partner": 2,
            "won": "lost",
            "augen": 12,
            "schneider": "schwarz",
        },
        "schneider",
        "schneider: not so with 12 Augen",
        "With 12 Augen it is not Schwarz.",
    ),
    "6l: 121 Augen": (
        {},
        {"contract": "sauspiel", "declarer": 0, "partner": 2, "won": "won", "augen": 121},
        "augen",
        "augen must be a whole number from 0 to 120, not 121",
        "Augen of the player's side, if counted must be from 0 to 120, not 121.",
    ),
    "6b: more Laufende than a Wenz has": (
        {},
        {"contract": "wenz", "declarer": 1, "won": "won", "laufende": 5},
        "laufende",
        "a wenz has 4 at most",
        "A Wenz has 4 Laufende at most.",
    ),
    "6c: Schneider with a Tout": (
        {},
        {
            "contract": "farbsolo",
            "declarer": 1,
            "suit": "gras",
            "won": "won",
            "schneider": "schneider",
            "tout": True,
        },
        "schneider",
        "a Tout counts no Schneider or Schwarz",
        "A Tout is played Schwarz: leave Schneider and Schwarz out.",
    ),
    "3b: a Geier where the table plays none": (
        {},
        {"contract": "geier", "declarer": 1, "won": "won"},
        "contract",
        "geier is not played under these rules",
        "Game must be one of Sauspiel, Wenz, Farbsolo, or Sie, not geier.",
    ),
    "6d: all passed where the table plays a Ramsch": (
        {"ramsch": 20},
        {"thrown_in": True},
        "thrown_in",
        "when all pass this table plays a Ramsch",
        None,
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_through_the_api_name_the_field_and_save_nothing(app, client, case):
    changes, hand, field, words, _ = REFUSED[case]
    game_id, key = new_game(client, changes)
    response = post(client, game_id, key, hand)
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert words in response.get_json()["error"]
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", [c for c in REFUSED if REFUSED[c][4]])
def test_refusals_on_the_form_are_in_the_tables_words(app, client, case):
    changes, hand, field, _, words = REFUSED[case]
    game_id, _ = new_game(client, changes)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    assert (field, words) in summary(response)
    assert stored_hands(app) == []


# --- the form and the sheet -------------------------------------------------------------------


def test_the_form_offers_the_house_games_only_where_the_table_plays_them(client):
    plain, _ = new_game(client)
    page = client.get(f"/games/{plain}/hands/new").get_data(as_text=True)
    assert 'value="sauspiel"' in page and 'name="partner"' in page and 'value="sie"' in page
    for house in ("geier", "hochzeit", "ramsch", "passed", "hirsch"):
        assert f'value="{house}"' not in page, house
    assert 'name="thrown_in"' in page  # all passed: thrown in, one tap
    assert 'name="suit"' in page and 'name="augen"' in page
    assert 'name="klopfer" type="radio" value="4"' in page  # Klopfen: 0 to 4, 0 tapped
    assert re.search(r'<input checked id="klopfer-0" name="klopfer"', page)
    house, _ = new_game(client, {"geier": True, "hochzeit": True, "bettel": 30, "ramsch": 20})
    page = client.get(f"/games/{house}/hands/new").get_data(as_text=True)
    assert all(f'value="{g}"' in page for g in ("geier", "hochzeit", "bettel", "ramsch"))
    assert 'name="loser"' in page and 'name="jungfrau"' in page
    assert 'name="thrown_in"' not in page  # all passed: a Ramsch, not thrown in
    kept, _ = new_game(client, {"stock": 10, "stoesse": 4, "klopfen": False})
    page = client.get(f"/games/{kept}/hands/new").get_data(as_text=True)
    assert 'value="passed"' in page and 'name="thrown_in"' not in page  # into the Stock
    assert 'value="hirsch"' in page and 'value="sup"' in page
    assert 'name="klopfer"' not in page


def test_the_augen_may_stay_empty_and_are_never_still_missing(client):
    game_id, _ = new_game(client)
    deal = {"contract": "farbsolo", "declarer": 1, "won": "won", "suit": "eichel"}
    refused = client.post(f"/games/{game_id}/hands/new", data=form_values(deal | {"augen": "58"}))
    assert summary(refused) == [("won", "With 58 Augen the player's side has not won.")]
    saved = client.post(f"/games/{game_id}/hands/new", data=form_values(deal | {"augen": ""}))
    assert saved.status_code == 302, summary(saved)


def test_a_deal_reads_on_the_sheet_as_a_schafkopf_list_writes_it(client):
    game_id, key = new_game(client)
    deal = {"contract": "sauspiel", "declarer": 0, "partner": 2, "won": "won"}
    extras = {"schneider": "schneider", "laufende": 3, "kontra": "kontra", "klopfer": 1}
    assert post(client, game_id, key, deal | extras).status_code == 201
    for page in ("", "/print", "/revisions"):
        text = text_of(client.get(f"/games/{game_id}{page}", headers=GERMAN))
        assert "Sauspiel" in text, page
        said = "mit Cat · gewonnen · Schneider · 3 Laufende · Kontra · einmal geklopft"
        assert said in text, page
    tout = {"contract": "farbsolo", "suit": "herz", "declarer": 3, "won": "lost", "tout": True}
    assert post(client, game_id, key, tout).status_code == 201
    text = text_of(client.get(f"/games/{game_id}", headers=GERMAN))
    assert "Farbsolo Tout Herz" in text and "Geld +3,00 € −1,00 € +3,00 € −5,00 €" in text


def test_the_sheet_prints_the_tariff(client):
    game_id, _ = new_game(client, {"bettel": 30, "stoesse": 3})
    text = text_of(client.get(f"/games/{game_id}/print", headers=GERMAN))
    assert "Sauspiel 10" in text and "Solo 50" in text and "Bettel 30" in text
    assert "Stöße 3" in text and "Klopfen ja" in text
    assert "Tout ×2 · Sie ×4 · Stoß ×2 · Klopfen ×2" in text


def test_the_why_page_names_every_term_of_the_tariff(client):
    """The deal's working, term by term (the tariff's summands, each doubling, whom each
    player won or lost with), in German as the table says it."""
    game_id, key = new_game(client)
    deal = {"contract": "farbsolo", "suit": "schellen", "declarer": 3, "won": "lost"}
    extras = {"schneider": "schneider", "laufende": 4, "kontra": "re", "klopfer": 2}
    assert post(client, game_id, key, deal | extras).status_code == 201
    text = text_of(client.get(f"/games/{game_id}/hands/1/why", headers=GERMAN))
    for term in ("Farbsolo 50", "Schneider 10", "4 Laufende 40", "Re ×4", "2-mal geklopft ×4"):
        assert term in text, term
    assert "1600 ct je Spieler: (50 + 10 + 40) × 4 × 4" in text
    # Each Gegenspieler's side and tariff, then the deal as the sheet says it with their points.
    deal_said = "Farbsolo Schellen · verloren · Schneider · 4 Laufende · Re · 2-mal geklopft"
    assert text.count(f"Gegenspieler 1600 ct je Spieler {deal_said}: +1600") == 3
    assert f"{deal_said}: −4800" in text
    record = GAME.record_from_dict(S, deal | extras)
    said = GAME.explain(S, record)[3][-2]
    assert said.params["cents"] == 1600 and str(said.params["sum"]) == "(50 + 10 + 40) × 4 × 4"


def test_a_sie_pays_a_tout_doubled_again_with_its_eight_laufende():
    """openschafkopf's SPayoutDeciderSie: (solo + 8 × extra) × 4, the Stöße on top."""
    record = GAME.record_from_dict(S, {"contract": "sie", "declarer": 0, "kontra": "kontra"})
    assert GAME.points(S, record) == (3120, -1040, -1040, -1040)
    with pytest.raises(InvalidHand):  # a Sie is always won: nothing else to say
        GAME.record_from_dict(S, {"contract": "sie", "declarer": 0, "won": "lost"})


def test_worked_example_12_the_stock_fills_waits_doubles_and_is_won(client):
    (example,) = [e for e in examples_of(KEY) if e.label == "12"]
    game_id, key = new_game(client, {"stock": 10})
    stocks = []
    for row in example.rows:
        answer = post(client, game_id, key, row.hand()).get_json()
        assert answer["totals"] == [int(t) for t in row.cells["totals"].split(",")]
        board = text_of(client.get(f"/games/{game_id}", headers=GERMAN))
        stocks.append(re.search(r"Geld(?: · Stock ([0-9,]+ €))?", board).group(1))
    assert stocks == ["0,40 €", "0,80 €", "0,80 €", None]
    assert "in den Stock" in board and "Stock gewonnen" in board
    text = text_of(client.get(f"/games/{game_id}/hands/4/why", headers=GERMAN))
    assert text.count("Stock +40") == 2


def test_a_hand_and_a_state_stored_before_this_version_read_and_score_as_they_did():
    """Players' data is sacred: a deal stored without the fields added since (no suit,
    no Klopfen, no Augen) loads and scores as it did, and a game's state stored without
    the Stock reads as an empty Stock."""
    stored = {"contract": "farbsolo", "declarer": 1, "won": "won", "schneider": "none"}
    stored |= {"laufende": 3, "tout": False, "kontra": "kontra"}
    record = GAME.hand.load(GAME, stored)
    assert (record.suit, record.klopfer, record.augen) == (None, 0, None)
    assert GAME.points(S, record) == (-160, 480, -160, -160)
    old_state = {"number": 3, "totals": [10, -10, 10, -10], "dealer": 3, "scored": 3}
    old_state |= {"target_reached": False, "winners": [], "start": [0, 0, 0, 0]}
    assert GAME.state_from_dict(old_state).carried == 0


# --- against an outside scorer ----------------------------------------------------------------


def test_every_random_deal_settles_as_openschafkopf_settles_it():
    rng, agreed, cases = random.Random(1957), 0, 3000
    for _ in range(cases):
        rules, body, theirs = outside_case(rng)
        ours = GAME.points(rules, GAME.record_from_dict(rules, body), None)
        assert list(ours) == theirs, body
        agreed += 1
    assert agreed == cases
