"""Schafkopf's rules, as docs/rules/schafkopf.md gives them: the preset and its tariff as
knobs, every deal summing to zero, every worked example of the docs scored through the
engine, the JSON API (a real SQLite file), the hand form and ``scorekeeper score --game
schafkopf``; the refusals in the API's words and on the form in the table's words; the
list's money in euros and cents; and the engine against an outside scorer, openschafkopf's
settlement ported in ``openschafkopf.py``, on random deals."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidSettings, get_game
from scorekeeper.engine.schafkopf.settings import PRESETS
from tests.games.schafkopf import openschafkopf as outside
from tests.support.game_rules import post, stored_hands, summary
from tests.support.rules_docs import examples_of, single_hands

KEY = "schafkopf"
S = PRESETS[KEY]
NAMES = ["Ann", "Bob", "Cat", "Dan"]
GAME = get_game(KEY)
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def new_game(client, settings=None):
    body = {"game": KEY, "players": NAMES, "rules": KEY, "first_dealer": 0}
    response = client.post("/api/games", json=body | {"settings": settings or {}})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert client.get(f"/games/{created['id']}/edit/{created['edit_key']}").status_code == 302
    return created["id"], created["edit_key"]


def text_of(response) -> str:
    """A page's text as a reader sees it: tags, isolates and runs of blanks aside."""
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    text = html.unescape(text).translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    return re.sub(r"\s+", " ", text.replace("\xa0", " "))


def form_values(hand: dict) -> dict[str, str]:
    """A deal as the form posts it: the plain answers already tapped, as the page has them."""
    tapped = {"schneider": "none", "laufende": "0", "kontra": "none", "tout": "no"}
    written = {name: str(value).lower() for name, value in hand.items()}
    return {"save": "1", **tapped, **{k: {"true": "yes"}.get(v, v) for k, v in written.items()}}


def options(hand: dict) -> list[str]:
    found = []
    for name, value in hand.items():
        flag = f"--{name.replace('_', '-')}"
        found += [flag] if value is True else [flag, str(value)]
    return found


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
        "bettel": 0,
        "ramsch": 0,
        "jungfrau": True,
    }
    assert [knob.name for knob in GAME.knobs] == list(S.to_dict())
    assert list(GAME.seat_counts) == [4]
    assert S.with_changes({"sauspiel": "20", "geier": "yes"}).sauspiel == 20


@pytest.mark.parametrize(("knob", "value"), [("solo", -1), ("laufende", 0), ("geier", 3)])
def test_a_bad_knob_is_refused_naming_it(knob, value):
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({knob: value})
    assert refused.value.field == knob


def test_every_deal_sums_to_zero_two_against_two_or_one_against_three():
    rules = S.with_changes({"geier": True, "bettel": 30, "ramsch": 20})
    rng = random.Random(57)
    for _ in range(400):
        body = GAME.hand.random_body(GAME, rules, GAME.context(rules, None), rng)
        points = GAME.points(rules, GAME.record_from_dict(rules, body), None)
        assert sum(points) == 0, body
        if body.get("thrown_in"):
            continue
        unit = max(map(abs, points)) // (1 if body["contract"] == "sauspiel" else 3)
        if body["contract"] == "sauspiel":
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
        "the partner held the called Ace",
        "Ann called an Ace they did not hold: the partner is another player.",
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
        "Game must be one of Sauspiel, Wenz, or Farbsolo, not geier.",
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
    assert 'value="sauspiel"' in page and 'name="partner"' in page
    assert 'value="geier"' not in page and 'value="ramsch"' not in page
    assert 'name="thrown_in"' in page  # all passed: thrown in, one tap
    house, _ = new_game(client, {"geier": True, "bettel": 30, "ramsch": 20})
    page = client.get(f"/games/{house}/hands/new").get_data(as_text=True)
    assert all(f'value="{g}"' in page for g in ("geier", "bettel", "ramsch"))
    assert 'name="loser"' in page and 'name="jungfrau"' in page
    assert 'name="thrown_in"' not in page  # all passed: a Ramsch, not thrown in


def test_a_deal_reads_on_the_sheet_as_a_schafkopf_list_writes_it(client):
    game_id, key = new_game(client)
    deal = {"contract": "sauspiel", "declarer": 0, "partner": 2, "won": "won"}
    extras = {"schneider": "schneider", "laufende": 3, "kontra": "kontra"}
    assert post(client, game_id, key, deal | extras).status_code == 201
    for page in ("", "/print", "/revisions"):
        text = text_of(client.get(f"/games/{game_id}{page}", headers=GERMAN))
        assert "Sauspiel" in text, page
        assert "mit Cat · gewonnen · Schneider · 3 Laufende · Kontra" in text, page
    tout = {"contract": "wenz", "declarer": 3, "won": "lost", "tout": True}
    assert post(client, game_id, key, tout).status_code == 201
    text = text_of(client.get(f"/games/{game_id}", headers=GERMAN))
    assert "Wenz Tout" in text and "Geld +2,00 € 0,00 € +2,00 € −4,00 €" in text


def test_the_sheet_prints_the_tariff(client):
    game_id, _ = new_game(client, {"bettel": 30})
    text = text_of(client.get(f"/games/{game_id}/print", headers=GERMAN))
    assert "Sauspiel 10" in text and "Solo 50" in text and "Bettel 30" in text
    assert "Kontra ×2 · Re ×4 · Tout ×2" in text


def test_the_how_it_was_scored_line_shows_the_tariff_worked_out():
    deal = {"contract": "farbsolo", "declarer": 3, "won": "lost", "schneider": "schneider"}
    record = GAME.record_from_dict(S, deal | {"laufende": 4, "kontra": "re"})
    said = GAME.explain(S, record)[3][0]
    assert said.params["cents"] == 400 and str(said.params["sum"]) == "(50 + 10 + 40) × 4"


# --- against an outside scorer ----------------------------------------------------------------

GAMES = ("sauspiel", "wenz", "farbsolo", "geier", "bettel", "ramsch")


def outside_case(rng: random.Random) -> tuple[object, dict, list[int]]:
    """A random finished deal: the tariff, what the cards did, openschafkopf's settlement,
    and the body the table writes for it (won or lost, Schneider or Schwarz by the docs'
    rule: the Spieler's side won with 91 or more, or lost with 30 or fewer)."""
    tariff = {
        "sauspiel": rng.choice((5, 10, 20)),
        "solo": rng.choice((20, 50, 100)),
        "extra": rng.choice((5, 10, 20)),
        "laufende": rng.choice((2, 3, 4)),
        "laufende_short": rng.choice((1, 2)),
        "geier": True,
        "bettel": rng.choice((30, 50)),
        "ramsch": rng.choice((10, 20)),
        "jungfrau": False,
    }
    rules = S.with_changes(tariff)
    game, declarer = rng.choice(GAMES), rng.randrange(4)
    if game == "ramsch":
        cuts = sorted(rng.sample(range(1, 120), 3))
        points = [b - a for a, b in zip([0, *cuts], [*cuts, 120], strict=True)]
        if points.count(max(points)) > 1:
            return outside_case(rng)
        loser = points.index(max(points))
        return rules, {"contract": game, "loser": loser}, outside.ramsch(rules.ramsch, points)
    partner = rng.choice([s for s in range(4) if s != declarer]) if game == "sauspiel" else None
    side = {declarer, partner}
    is_party = side.__contains__
    multiplier = (
        (lambda epi: 1) if partner is not None else (lambda epi: 3 if epi == declarer else 1)
    )
    tricks = rng.choice((0, 8, rng.randint(0, 8)))
    stiche = [True] * tricks + [False] * (8 - tricks)
    card_points = 0 if tricks == 0 else 120 if tricks == 8 else rng.randint(0, 120)
    stoss = rng.choice((0, 0, 1, 2))
    body = {"contract": game, "declarer": declarer, "kontra": ("none", "kontra", "re")[stoss]}
    if game == "bettel":
        body["won"] = "won" if tricks == 0 else "lost"
        raw = outside.bettel(rules.bettel, tricks, is_party, multiplier)
        return rules, body, outside.stoss_doubling(raw, stoss)
    short = game in ("wenz", "geier")
    laufende = rng.randint(0, 4 if short else 14)
    base = rules.sauspiel if game == "sauspiel" else rules.solo
    lbound = rules.laufende_short if short else rules.laufende
    params = (base, rules.extra, rules.extra, lbound)
    body |= {"laufende": laufende} | ({"partner": partner} if partner is not None else {})
    if game != "sauspiel" and rng.random() < 0.3:
        body |= {"tout": True, "won": "won" if tricks == 8 else "lost"}
        raw = outside.tout(params, stiche, laufende, is_party, multiplier)
        return rules, body, outside.stoss_doubling(raw, stoss)
    won = card_points >= 61
    schwarz = tricks in (0, 8)
    schneider = card_points > 90 if won else card_points <= 30
    body |= {"won": "won" if won else "lost"}
    body |= {"schneider": "schwarz" if schwarz else "schneider" if schneider else "none"}
    raw = outside.point_based(params, card_points, stiche, laufende, is_party, multiplier)
    return rules, body, outside.stoss_doubling(raw, stoss)


def test_every_random_deal_settles_as_openschafkopf_settles_it():
    rng, agreed, cases = random.Random(1957), 0, 3000
    for _ in range(cases):
        rules, body, theirs = outside_case(rng)
        ours = GAME.points(rules, GAME.record_from_dict(rules, body), None)
        assert list(ours) == theirs, body
        agreed += 1
    assert agreed == cases
