"""French Tarot's rules, as docs/rules/french-tarot.md gives them: the preset and its knobs,
the FFT's tables (points needed by bouts, the contracts' multipliers, the primes), every
deal summing to zero at three, four and five, and every worked example of the docs scored
through the engine, the JSON API (a real SQLite file), the hand form and
``scorekeeper score --game french-tarot``; the refusals in the API's words, on the command
line and on the form in the table's words (players by name)."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidSettings, get_game
from scorekeeper.engine.core.game import seat_counts
from scorekeeper.engine.french_tarot.settings import PRESETS, Deal
from tests.support.french_tarot import KEY, form_values, new_game
from tests.support.game_rules import post, stored_hands, summary, text_of
from tests.support.games.french_tarot.rules import options
from tests.support.rules_docs import examples_of, single_hands

S = PRESETS["fft"]
GAME = get_game(KEY)


# --- the preset and the FFT's tables ------------------------------------------------------------


def test_the_preset_is_the_federations_game_and_its_knobs_are_the_house_rules():
    assert S.to_dict() == {
        "deals": 0,
        "petite": True,
        "called_king": True,
        "poignee_to": "winner",
        "poignee_scale": "fft",
        "half_point": "fft",
    }
    assert [knob.name for knob in GAME.preset(GAME.default_preset).knobs_for_table()] == list(
        S.to_dict()
    )
    assert list(seat_counts(GAME)) == [3, 4, 5]
    assert S.with_changes({"deals": "12", "petite": "no"}).deals == 12


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("deals", -1),
        ("poignee_to", "dealer"),
        ("petite", 3),
        ("poignee_scale", "10-20-30"),
        ("half_point", "round"),
        ("called_king", "maybe"),
    ],
)
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({knob: value})
    assert refused.value.field == knob


@pytest.mark.parametrize(("bouts", "needed"), [(3, 36), (2, 41), (1, 51), (0, 56)])
def test_the_points_needed_by_bouts(bouts, needed):
    """Just made at the points needed (25), failed one point under (−26)."""
    assert Deal(0, None, "petite", bouts, needed).unit(S) == 25
    assert Deal(0, None, "petite", bouts, needed - 1).unit(S) == -26


@pytest.mark.parametrize(
    ("contract", "multiplier"),
    [("petite", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)],
)
def test_the_contracts_multiply_the_deal_and_the_petit_au_bout_not_the_poignee(
    contract, multiplier
):
    assert Deal(0, None, contract, 2, 51).unit(S) == 35 * multiplier
    assert Deal(0, None, contract, 2, 51, "defence").unit(S) == 25 * multiplier
    assert Deal(0, None, contract, 2, 51, "taker", "triple").unit(S) == 45 * multiplier + 40
    assert Deal(0, None, contract, 2, 31, "taker", "double").unit(S) == -25 * multiplier - 30


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_deal_sums_to_zero_and_the_taker_scores_the_rest(players):
    table, rng = GAME.seated(players), random.Random(57)
    for _ in range(300):
        body = table.hand.random_body(table, S, table.context(S, None), rng)
        points = table.points(S, table.record_from_dict(S, body), None)
        assert sum(points) == 0
        if body.get("thrown_in"):
            continue
        side = {body["taker"], body.get("partner")}
        defenders = [points[seat] for seat in range(players) if seat not in side]
        unit = -defenders[0]
        assert defenders == [-unit] * len(defenders)
        alone = players < 5 or body["partner"] == "alone"
        assert points[body["taker"]] == (players - 1 if alone else 2) * unit
        if not alone:
            assert points[body["partner"]] == unit


# --- the worked examples of docs/rules/french-tarot.md ---------------------------------------

WORKED = single_hands(KEY)


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_api(app, client, case):
    hand = WORKED[case]
    game_id, key = new_game(client, hand.players or 4, hand.changes)
    response = post(client, game_id, key, hand.body)
    assert response.status_code == 201, response.get_json()
    assert tuple(response.get_json()["points"]) == hand.scored
    halves = {"card_points": float(str(hand.body["card_points"]).replace(",", "."))}
    assert stored_hands(app)[-1] == {
        **{k: "none" for k in ("petit_au_bout", "poignee", "poignee_defence", "chelem")},
        **hand.body,
        **halves,
        "thrown_in": False,
    }


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_through_the_form(client, case):
    hand = WORKED[case]
    game_id, _ = new_game(client, hand.players or 4, hand.changes)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand.body))
    assert response.status_code == 302, summary(response)
    assert (
        tuple(client.get(f"/api/games/{game_id}").get_json()["hands"][0]["points"]) == hand.scored
    )


@pytest.mark.parametrize("case", WORKED)
def test_worked_examples_score_on_the_command_line(capsys, case):
    hand = WORKED[case]
    knobs = [arg for name, value in hand.changes.items() for arg in ("--set", f"{name}={value}")]
    players = ["--players", str(hand.players)] if hand.players else []
    code = entry(["score", "--game", KEY, *players, *knobs, *options(hand.body), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert tuple(json.loads(out)["points"]) == hand.scored


def test_worked_example_10_a_passed_deal_does_not_count_toward_the_deals(client):
    (example,) = [e for e in examples_of(KEY) if e.label == "10"]
    game_id, key = new_game(client, 4, {"deals": 2})
    for row in example.rows:
        answer = post(client, game_id, key, row.hand()).get_json()
        assert answer["totals"] == [int(t) for t in row.cells["totals"].split(",")]
    assert (answer["status"], answer["winner"]) == ("finished", 0)


# (players, settings, the deal, the field refused, the API's words, the form's words): the
# deals issue 65 found saved, each refused on its field by the API, the form and the command
# line alike (every refused example of the docs is also played through the engine).
GARDE = {"taker": 0, "contract": "garde"}
REFUSED = {
    "the taker as their own partner": (
        5,
        {},
        GARDE | {"partner": 0, "king": "H", "bouts": 2, "card_points": 45},
        "partner",
        "partner: seat 1 called their own king: tap alone.",
        "Ann called their own king: tap alone.",
    ),
    "a Petite where it is not bid": (
        4,
        {"petite": False},
        {"taker": 1, "contract": "petite", "bouts": 1, "card_points": 51},
        "contract",
        "contract: Petite is not bid at this table: Garde is the lowest.",
        "Petite is not bid at this table: Garde is the lowest.",
    ),
    "fewer points than the bouts and a trick hold": (
        4,
        {},
        GARDE | {"bouts": 3, "card_points": 5},
        "card_points",
        "card_points: With 3 bouts and a trick to each side, the taker's side has 17 to 89.",
        "With 3 bouts and a trick to each side, the taker's side has 17 to 89.",
    ),
    "a chelem made with 50 points": (
        4,
        {},
        GARDE | {"bouts": 2, "card_points": 50, "chelem": "made"},
        "card_points",
        "card_points: With 2 bouts and every trick, the taker's side has 86.5 to 87.",
        "With 2 bouts and every trick, the taker's side has 86.5 to 87.",
    ),
    "a chelem made with 80 points and 1 bout": (
        4,
        {},
        GARDE | {"bouts": 1, "card_points": 80, "chelem": "announced"},
        "bouts",
        "bouts: With every trick the taker's side holds at least 2 bouts.",
        "With every trick the taker's side holds at least 2 bouts.",
    ),
    "the defence's chelem with the taker on 50": (
        4,
        {},
        GARDE | {"bouts": 0, "card_points": 50, "chelem": "defence"},
        "card_points",
        "card_points: With 0 bouts and not a trick, the taker's side has 3 to 19.",
        "With 0 bouts and not a trick, the taker's side has 3 to 19.",
    ),
    "petit au bout to a taker's side with no bout": (
        4,
        {},
        GARDE | {"bouts": 0, "card_points": 50, "petit_au_bout": "taker"},
        "petit_au_bout",
        "petit_au_bout: The taker's side has no bout or took no trick: no Petit at the end.",
        "The taker's side has no bout or took no trick: no Petit at the end.",
    ),
    "petit au bout to the defence against the three bouts": (
        3,
        {},
        GARDE | {"bouts": 3, "card_points": 50, "petit_au_bout": "defence"},
        "petit_au_bout",
        "petit_au_bout: The defence has no bout or took no trick: no Petit at the end.",
        "The defence has no bout or took no trick: no Petit at the end.",
    ),
    "a triple and a double poignée at four: 28 of the 22 trumps": (
        4,
        {},
        GARDE | {"bouts": 2, "card_points": 50, "poignee": "triple", "poignee_defence": "double"},
        "poignee_defence",
        "poignee_defence: Poignées of 15 + 13 trumps: the deck has 22.",
        "Poignées of 15 + 13 trumps: the deck has 22.",
    ),
    "a triple and a double poignée at five: 23 trumps": (
        5,
        {},
        GARDE
        | {"partner": 2, "king": "S", "bouts": 2, "card_points": 50}
        | {"poignee": "triple", "poignee_defence": "double"},
        "poignee_defence",
        "poignee_defence: Poignées of 13 + 10 trumps: the deck has 22.",
        "Poignées of 13 + 10 trumps: the deck has 22.",
    ),
    "87 points with 2 bouts at four": (
        4,
        {},
        GARDE | {"bouts": 2, "card_points": 87},
        "card_points",
        "card_points: With 2 bouts and a trick to each side, the taker's side has 13 to 85.",
        "With 2 bouts and a trick to each side, the taker's side has 13 to 85.",
    ),
    "a half point at four": (
        4,
        {},
        GARDE | {"bouts": 2, "card_points": "40,5"},
        "card_points",
        "card_points: At four the two piles come to whole points.",
        "At four the two piles come to whole points.",
    ),
    "a fraction that is not a half": (
        3,
        {},
        GARDE | {"bouts": 2, "card_points": "40,7"},
        "card_points",
        "card_points must be a whole number or a half (as 40.5), not '40,7'",
        "Points of the taker's side: 40,7 is neither a whole number nor a half "
        "(a half is written 40.5).",
    ),
    "no partner at five": (
        5,
        {},
        GARDE | {"bouts": 2, "card_points": 45},
        "partner",
        "partner",
        None,
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_refusals_through_the_api_name_the_field_and_save_nothing(app, client, case):
    players, changes, hand, field, words, _ = REFUSED[case]
    game_id, key = new_game(client, players, changes)
    response = post(client, game_id, key, hand)
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert words in response.get_json()["error"]
    assert stored_hands(app) == []
    # The same deal scored on its own, without saving, is refused alike.
    preview = client.post(f"/api/games/{game_id}/preview", json=hand)
    assert preview.get_json().get("field") == field


@pytest.mark.parametrize("case", [c for c in REFUSED if REFUSED[c][5]])
def test_refusals_on_the_form_are_in_the_tables_words(app, client, case):
    players, changes, hand, field, _, words = REFUSED[case]
    game_id, _ = new_game(client, players, changes)
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand))
    assert response.status_code == 422
    assert (field, words) in summary(response)
    assert stored_hands(app) == []


@pytest.mark.parametrize("case", [c for c in REFUSED if REFUSED[c][5]])
def test_refusals_on_the_command_line_name_the_rule(capsys, case):
    players, changes, hand, _, words, _ = REFUSED[case]
    knobs = [arg for name, value in changes.items() for arg in ("--set", f"{name}={value}")]
    code = entry(["score", "--game", KEY, "--players", str(players), *knobs, *options(hand)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("scorekeeper: error: ") and words in err


# --- the form and the sheet -------------------------------------------------------------------


def test_the_form_asks_the_called_partner_only_at_five_with_a_key_for_alone(client):
    four, _ = new_game(client, 4)
    page = client.get(f"/games/{four}/hands/new").get_data(as_text=True)
    assert 'name="taker"' in page and 'name="thrown_in"' in page
    assert 'name="partner"' not in page
    assert ">Passed out<" in page  # everyone passed: the one tap, as a Tarot table says it
    five, _ = new_game(client, 5)
    page = client.get(f"/games/{five}/hands/new").get_data(as_text=True)
    assert 'name="partner" type="radio" value="alone"' in page
    assert 'name="partner" type="radio" value="4"' in page


def test_a_deal_reads_on_the_sheet_as_a_tarot_player_writes_it(client):
    game_id, key = new_game(client, 5)
    deal = {"taker": 0, "partner": 2, "contract": "garde_sans", "bouts": 2, "card_points": 50}
    extras = {"petit_au_bout": "taker", "poignee": "simple"}
    assert post(client, game_id, key, deal | extras).status_code == 201
    result = "made by 9 · petit au bout · simple poignée"
    for page in ("", "/print", "/revisions"):
        text = text_of(client.get(f"/games/{game_id}{page}"))
        assert "Garde sans" in text and f"with Cat · {result}" in text, page
    assert post(client, game_id, key, {"thrown_in": True}).status_code == 201
    assert "Ann Bob Cat Dan Eve 1 Garde sans" in text_of(client.get(f"/games/{game_id}"))
    just = {"taker": 1, "partner": 3, "contract": "petite", "bouts": 3, "card_points": 36}
    assert post(client, game_id, key, just | {"poignee_defence": "double"}).status_code == 201
    assert "Petite with Dan · just made · double poignée (defence)" in text_of(
        client.get(f"/games/{game_id}")
    )
    assert " 2 passed out Bob 392 −196 196 −196 −196 " in text_of(client.get(f"/games/{game_id}"))


def test_the_saved_banner_names_the_called_partner_by_name(client):
    """After a deal at five is saved through the form, the scoreboard's banner says with whom
    the taker played by the partner's name, as the sheet does, never "with seat 3"."""
    game_id, _ = new_game(client, 5)
    deal = {"taker": 0, "partner": 2, "king": "D", "contract": "garde"}
    deal |= {"bouts": 2, "card_points": 50}
    saved = client.post(
        f"/games/{game_id}/hands/new", data=form_values(deal), follow_redirects=True
    )
    banner = re.search(r'<p class="flash saved"[^>]*>(.*?)</p>', saved.get_data(as_text=True), re.S)
    assert banner, "no banner after the save"
    said = html.unescape(banner.group(1)).translate(
        dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
    )
    assert "with Cat" in said and "seat" not in said, said


def test_the_sheet_prints_the_scale_and_the_end(client):
    game_id, _ = new_game(client, 4, {"deals": 12})
    text = text_of(client.get(f"/games/{game_id}/print"))
    assert "Points needed, 0 to 3 bouts 56 · 51 · 41 · 36" in text
    assert "Contracts Petite ×1 · Garde ×2 · Garde sans ×4 · Garde contre ×6" in text
    assert "Deals 12 deals" in text
    game_id, _ = new_game(client, 4, {"petite": False})
    text = text_of(client.get(f"/games/{game_id}/print"))
    assert "Contracts Garde ×2 ·" in text and "Deals until the table finishes" in text


def test_a_taker_who_calls_the_first_players_king_plays_with_them_on_the_sheet(client):
    """Seat 0 called is a partner like any other, not "alone" (a French evening showed
    Jean-Baptiste alone with Anne-Sophie's king)."""
    game_id, key = new_game(client, 5)
    deal = {"taker": 3, "partner": 0, "contract": "garde", "bouts": 2, "card_points": 45}
    assert post(client, game_id, key, deal).status_code == 201
    for page in ("", "/print"):
        text = text_of(client.get(f"/games/{game_id}{page}"))
        assert "Garde with Ann · made by 4" in text and "alone" not in text, page


def test_the_french_sheet_heads_the_contract_column_contrat_as_the_fft_does(client):
    game_id, key = new_game(client, 4)
    deal = {"taker": 0, "contract": "garde", "bouts": 2, "card_points": 49}
    assert post(client, game_id, key, deal).status_code == 201
    french = {"Accept-Language": "fr"}
    text = text_of(client.get(f"/games/{game_id}/print", headers=french))
    assert " Contrat " in text and "Contrats Petite ×1" in text and "Annonce" not in text
