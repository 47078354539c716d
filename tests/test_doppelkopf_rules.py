"""Doppelkopf's rules, as RULES.md section 8 gives them: every worked example scored
through the JSON API (Flask test client, a real SQLite file) and the command line; the
Bock rounds carried and shown ahead; the money at the end; five at the table; impossible
hands refused in the API's words and, on the hand form's page, in the table's."""

from __future__ import annotations

import html
import json

import pytest

from scorekeeper.cli import entry
from scorekeeper.web import create_app

from .conftest import app_config
from .stored import viewed

NAMES = ["Ann", "Bob", "Cat", "Dan"]

EXAMPLE_1 = {
    "re": [0, 2],
    "solo": None,
    "re_points": 163,
    "re_announcement": "none",
    "kontra_announcement": "none",
    "re_extras": {"doppelkopf": 0, "fox_caught": 1, "charlie": 1},
    "kontra_extras": {"doppelkopf": 1, "fox_caught": 0, "charlie": 0},
    "hearts_trick": False,
}
SHORTHAND = {
    "re": [0, 2],
    "winner": "re",
    "loser_points": "60-89",
    "re_announcement": "re",
    "kontra_announcement": "none",
}


def normal(re, points, re_said="none", kontra_said="none"):
    return {
        "re": re,
        "re_points": points,
        "re_announcement": re_said,
        "kontra_announcement": kontra_said,
    }


def solo(seat, points, re_said="none", **more):
    return {"re": [seat], "solo": "queens", "re_points": points, "re_announcement": re_said} | more


# (hand, preset, points per seat): worked examples 1 to 5 and 9.
EXAMPLES = [
    (EXAMPLE_1, "ddv", [3, -3, 3, -3]),
    (EXAMPLE_1, "house", [3, -3, 3, -3]),
    (normal([1, 3], 80, kontra_said="kontra"), "ddv", [5, -5, 5, -5]),
    (normal([1, 3], 80, kontra_said="kontra"), "house", [6, -6, 6, -6]),
    (normal([1, 3], 120, kontra_said="kontra"), "ddv", [-3, 3, -3, 3]),
    (normal([0, 2], 130, "no_60"), "ddv", [-7, 7, -7, 7]),
    (normal([0, 2], 130, "no_60"), "house", [-10, 10, -10, 10]),
    (normal([0, 2], 130, "no_90"), "ddv", [-5, 5, -5, 5]),
    (normal([0, 2], 170, "no_60", "kontra"), "ddv", [-8, 8, -8, 8]),
    (normal([0, 2], 75, "no_90", "schwarz"), "ddv", [0, 0, 0, 0]),
    (normal([0, 2], 170, "no_60", "no_60"), "ddv", [3, -3, 3, -3]),
    (normal([0, 2], 57, "schwarz", "schwarz"), "ddv", [-5, 5, -5, 5]),
    (normal([0, 2], 211, "no_30", "no_60"), "ddv", [15, -15, 15, -15]),
    (solo(1, 130, "re"), "ddv", [-3, 9, -3, -3]),
    (solo(1, 100, "re"), "ddv", [3, -9, 3, 3]),
    (solo(1, 130, re_extras={"doppelkopf": 1}), "ddv", [-1, 3, -1, -1]),
    (SHORTHAND, "ddv", [4, -4, 4, -4]),
]


@pytest.fixture
def client(tmp_path):
    return create_app(app_config(tmp_path)).test_client()


def start(client, rules="ddv", names=NAMES, **body):
    created = client.post(
        "/api/games",
        json={"game": "doppelkopf", "players": names, "rules": rules, "first_dealer": 0, **body},
    )
    assert created.status_code == 201, created.get_json()
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302  # this phone edits
    return game_id, {"Authorization": f"Bearer {key}"}


def post(client, game_id, auth, hand):
    return client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)


@pytest.mark.parametrize(("hand", "rules", "points"), EXAMPLES)
def test_the_worked_examples_through_the_api(client, hand, rules, points):
    game_id, auth = start(client, rules)
    saved = post(client, game_id, auth, hand)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["points"] == points
    game = client.get(viewed(client, game_id)).get_json()
    assert game["totals"] == points and game["hands"][0]["bock"] == 1
    assert game["bock_hands"] == [] or rules == "house"  # a lost announcement: Bock


def cli(capsys, *args):
    code = entry(["score", "--game", "doppelkopf", *args])
    out, err = capsys.readouterr()
    return code, out, err


def options(hand):
    found = [f"--re={','.join(map(str, hand['re']))}"]
    for name in ("solo", "re_points", "winner", "loser_points"):
        if hand.get(name) is not None:
            found += [f"--{name.replace('_', '-')}", str(hand[name])]
    for name in ("re_announcement", "kontra_announcement"):
        found += [f"--{name.replace('_', '-')}", hand.get(name, "none")]
    for name in ("re_extras", "kontra_extras"):
        extras = hand.get(name, {})
        counts = [extras.get(k, 0) for k in ("doppelkopf", "fox_caught", "charlie")]
        found.append(f"--{name.replace('_', '-')}={','.join(map(str, counts))}")
    return found


@pytest.mark.parametrize(("hand", "rules", "points"), EXAMPLES)
def test_the_worked_examples_on_the_command_line(capsys, hand, rules, points):
    code, out, err = cli(capsys, "--rules", rules, *options(hand), "--json")
    assert (code, err) == (0, ""), err
    assert json.loads(out)["points"] == points


HAND_1 = normal([0, 3], 120)
HAND_2 = normal([0, 1], 130)
HAND_3 = normal([0, 2], 100, "re")
LATER = normal([1, 2], 125)


@pytest.mark.parametrize(
    ("rules", "settings", "points", "bock"),
    [
        (  # worked example 6: Bock rounds that overlap multiply
            "house",
            {},
            [[-2, 2, 2, -2], [2, 2, -2, -2], [-8, 8, -8, 8]]
            + [[-4, 4, 4, -4]] * 2
            + [[-2, 2, 2, -2]] * 2
            + [[-1, 1, 1, -1]],
            [1, 2, 2, 4, 4, 2, 2, 1],
        ),
        (  # queue: the second round runs after the first
            "house",
            {"bock_overlap": "queue"},
            [[-2, 2, 2, -2], [2, 2, -2, -2], [-8, 8, -8, 8]] + [[-2, 2, 2, -2]] * 5,
            [1, 2, 2, 2, 2, 2, 2, 2],
        ),
        (  # under ddv no Bock
            "ddv",
            {},
            [[-2, 2, 2, -2], [1, 1, -1, -1], [-4, 4, -4, 4]] + [[-1, 1, 1, -1]] * 5,
            [1] * 8,
        ),
    ],
)
def test_worked_example_6_bock_rounds_through_the_api(client, rules, settings, points, bock):
    game_id, auth = start(client, rules, settings=settings)
    for number, hand in enumerate([HAND_1, HAND_2, HAND_3] + [LATER] * 5):
        saved = post(client, game_id, auth, hand)
        assert saved.status_code == 201, saved.get_json()
        assert saved.get_json()["points"] == points[number], number + 1
    game = client.get(viewed(client, game_id)).get_json()
    assert [hand["bock"] for hand in game["hands"]] == bock
    assert game["bock_hands"] == ([2] if settings else [])


def test_the_bock_hands_to_come_are_shown_ahead_on_the_scoreboard_and_the_form(client):
    game_id, auth = start(client, "house")
    assert post(client, game_id, auth, HAND_1).status_code == 201
    assert client.get(viewed(client, game_id)).get_json()["bock_hands"] == [2, 2, 2, 2]
    page = said(client.get(f"/games/{game_id}"))
    assert "Bock ×2 · 4 Bock hands to come" in page
    form = said(client.get(f"/games/{game_id}/hands/new"))
    assert "Bock ×2 · 4 Bock hands to come" in form
    assert post(client, game_id, auth, HAND_2).status_code == 201
    assert "3 Bock hands to come" in said(client.get(f"/games/{game_id}"))


def test_worked_example_7_the_money_at_the_end(client):
    settings = {"cents_per_point": 5, "deals": 1}
    game_id, auth = start(client, starting_totals=[12, -4, -10, 2], settings=settings)
    zero = normal([0, 1], 120)  # Kontra 1 + against the Queens: -2 for Ann and Bob
    assert post(client, game_id, auth, zero).status_code == 201
    game = client.get(viewed(client, game_id)).get_json()
    assert game["status"] == "finished"
    assert game["totals"] == [10, -6, -8, 4]
    assert game["cents"] == [50, -30, -40, 20]
    page = said(client.get(f"/games/{game_id}"))
    assert "Money at 5 cents a point: Ann +0.50 · Bob −0.30 · Cat −0.40 · Dan +0.20" in page
    game_id, auth = start(client, starting_totals=[12, -4, -10, 2], settings={"cents_per_point": 5})
    assert client.get(viewed(client, game_id)).get_json()["cents"] == [60, -20, -50, 10]


def test_worked_example_8_five_players_the_dealer_sits_out(client):
    game_id, auth = start(client, names=[*NAMES, "Eve"], first_dealer=4)
    saved = post(client, game_id, auth, EXAMPLE_1)
    assert saved.get_json()["points"] == [3, -3, 3, -3, 0]
    # Ann deals hand 2 and sits out: she cannot be Re.
    refused = post(client, game_id, auth, EXAMPLE_1 | {"re": [0, 2]})
    assert refused.status_code == 422
    assert refused.get_json() == {"error": "re: seat 0 deals and sits out this hand", "field": "re"}
    # The form does not offer her: every player's key but hers.
    page = said(client.get(f"/games/{game_id}/hands/new"))
    assert 'name="re_0" type="radio" value="0"' not in page
    assert all(f'name="re_0" type="radio" value="{s}"' in page for s in (1, 2, 3, 4))


def test_a_game_of_n_hands_plays_the_bock_hands_still_owed(client):
    game_id, auth = start(client, "house", settings={"deals": 2})
    for hand in (HAND_2, HAND_1):
        assert post(client, game_id, auth, hand).status_code == 201
    game = client.get(viewed(client, game_id)).get_json()
    assert game["status"] == "in_progress" and game["bock_hands"] == [2, 2, 2, 2]
    for _ in range(4):
        assert post(client, game_id, auth, LATER).status_code == 201
    assert client.get(viewed(client, game_id)).get_json()["status"] == "finished"


# --- refusals: the API's words, and the table's on the page -------------------------------


def said(answer) -> str:
    return html.unescape(answer.get_data(as_text=True)).replace("\u2068", "").replace("\u2069", "")


def form(hand):
    """The hand form's values, as the keys tapped send them."""
    re = hand["re"]
    data = {"re_0": str(re[0]), "re_1": str(re[1]) if len(re) > 1 else "solo", "save": "1"}
    if hand.get("solo"):
        data["solo"] = hand["solo"]
    if hand.get("re_points") is not None:
        data["re_points"] = str(hand["re_points"])
    for name in ("re_announcement", "kontra_announcement"):
        data[name] = hand.get(name, "none")
    for name in ("re_extras", "kontra_extras"):
        for key, value in hand.get(name, {}).items():
            data[f"{name}_{key}"] = str(value)
    return data


@pytest.mark.parametrize(
    ("hand", "field", "api", "table"),
    [
        (
            EXAMPLE_1 | {"re_points": 250},
            "re_points",
            "re_points must be a whole number from 0 to 240, not 250",
            "Re's card points must be from 0 to 240, not 250.",
        ),
        (
            EXAMPLE_1 | {"re": [0, 1, 2]},
            "re",
            "re must be a list of two seats (or one, for a solo) from 0 to 3, not […]",
            None,
        ),
        (
            EXAMPLE_1 | {"re": [1]},
            "solo",
            "solo is missing",
            "Still missing: Solo.",
        ),
        (
            EXAMPLE_1 | {"re_extras": {"fox_caught": 2}, "kontra_extras": {"fox_caught": 1}},
            "re_extras",
            "re_extras: more than two foxes caught in all (there are two)",
            "There are only two foxes to catch.",
        ),
        (
            EXAMPLE_1 | {"kontra_extras": {"charlie": 1}},
            "kontra_extras",
            "kontra_extras: Charlie for both parties (one takes the last trick)",
            "Only one party wins the last trick with Charlie.",
        ),
        (
            SHORTHAND | {"re_announcement": "no_90"},
            "re_points",
            "re_points: with a refusal or Bock after 120:120 the card points are needed",
            None,
        ),
        (
            EXAMPLE_1 | {"re_announcement": "kontra"},
            "re_announcement",
            "re_announcement must be one of none, re, no_90, no_60, no_30, schwarz, not 'kontra'",
            None,
        ),
    ],
)
def test_impossible_hands_are_refused_in_the_apis_words_and_the_tables(
    client, hand, field, api, table
):
    game_id, auth = start(client)
    refused = post(client, game_id, auth, hand)
    assert refused.status_code == 422
    assert refused.get_json() == {"error": api, "field": field}
    if table is not None:
        page = client.post(f"/games/{game_id}/hands/new", data=form(hand))
        assert page.status_code == 422
        assert table in said(page)


def test_a_hand_entered_on_the_form_is_scored(client):
    game_id, _ = start(client)
    saved = client.post(f"/games/{game_id}/hands/new", data=form(EXAMPLE_1))
    assert saved.status_code == 302
    game = client.get(viewed(client, game_id)).get_json()
    assert game["hands"][0]["points"] == [3, -3, 3, -3]
    solo_hand = solo(1, 130, "re")
    assert client.post(f"/games/{game_id}/hands/new", data=form(solo_hand)).status_code == 302
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [0, 6, 0, -6]


def test_a_refusal_on_the_command_line(capsys):
    code, out, err = cli(capsys, "--re", "0,2", "--re-points", "241")
    assert code == 2 and "re_points must be a whole number from 0 to 240, not '241'" in err
