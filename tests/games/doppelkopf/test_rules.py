"""Doppelkopf's rules, as docs/rules/doppelkopf.md gives them: every worked example scored
through the JSON API (Flask test client, a real SQLite file) and the command line; the
Bock rounds carried and shown ahead; the money at the end; five at the table; impossible
hands refused in the API's words and, on the hand form's page, in the table's."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.games.doppelkopf.rules import (
    cli,
    form,
    married,
    normal,
    options,
    rows,
    said,
    solo,
    start,
)
from tests.support.games.rules import post
from tests.support.rules_docs import single_hands
from tests.support.shared import NAMES
from tests.support.stored import viewed

GERMAN = {"Accept-Language": "de"}
HEBREW = {"Accept-Language": "he"}

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


# (hand, preset, points per seat): the one-hand worked examples of docs/rules/doppelkopf.md
# at a table of four, read from its tables (1 to 5 and 9).
EXAMPLES = [
    (hand.body, hand.preset, list(hand.scored))
    for hand in single_hands("doppelkopf").values()
    if hand.players is None and not hand.changes
]


@pytest.fixture
def client(tmp_path):
    return create_app(app_config(tmp_path)).test_client()


@pytest.mark.parametrize(("hand", "rules", "points"), EXAMPLES)
def test_the_worked_examples_through_the_api(client, hand, rules, points):
    game_id, auth = start(client, rules)
    saved = post(client, game_id, auth, hand)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["points"] == points
    game = client.get(viewed(client, game_id)).get_json()
    assert game["totals"] == points and game["hands"][0]["bock"] == 1
    assert game["bock_hands"] == [] or rules == "house"  # a lost announcement: Bock


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
    assert "Money at 5 cents a point: Ann +€0.50 · Bob −€0.30 · Cat −€0.40 · Dan +€0.20" in page
    # Each language writes money its own way: a German table reads "−0,40 €".
    # (a no-break space keeps the € with its amount)
    german = said(client.get(f"/games/{game_id}", headers=GERMAN)).replace("\u00a0", " ")
    assert "Ann +0,50 € · Bob −0,30 € · Cat −0,40 € · Dan +0,20 €" in german
    hebrew = said(client.get(f"/games/{game_id}", headers=HEBREW)).replace("\u00a0", " ")
    assert "Ann \u2066+0.50 € · Bob \u2066−0.30 €" in hebrew  # kept left to right
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
    assert code == 2 and "re_points must be a whole number from 0 to 240, not 241" in err


# --- a row the table can check (issue 43, item 5) --------------------------------------

EVENING = [
    HAND_1,  # 120 : 120 under the house rules: Kontra wins, and a Bock round follows
    normal([0, 2], 163, "re")
    | {"re_extras": {"fox_caught": 1, "charlie": 1}, "kontra_extras": {"doppelkopf": 1}},
    solo(1, 130, "re") | {"kontra_announcement": "kontra"},
]


def test_each_row_says_who_won_what_was_said_the_extra_points_and_bock(client):
    game_id, auth = start(client, "house")
    for hand in EVENING:
        assert post(client, game_id, auth, hand).status_code == 201
    assert rows(said(client.get(f"/games/{game_id}"))) == [
        "Re: Ann & Dan · Re 120, Kontra 120 · Kontra won · 1 won + 1 against the Queens = 2"
        " · a Bock round follows (120 : 120)",
        "Bock hand ×2 · Re: Ann & Cat · Re 163, Kontra 77 · Re won · announced: Re · 1 won"
        " + 1 under 90 + 1 Fox caught (Re) + 1 Charlie (Re) − 1 Doppelkopf (Kontra) = 3"
        " × 2 Re = 6 × 2 Bock = 12",
        "Bock hand ×2 · Queens solo: Bob · Re 130, Kontra 110 · the soloist won · announced: Re,"
        " Kontra · 1 won = 1 × 2 Re = 2 × 2 Kontra = 4 × 2 Bock = 8 × 3 soloist = 24"
        " · a Bock round follows (an announcement lost)",
    ]
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [2, 14, 6, -22]
    german = rows(said(client.get(f"/games/{game_id}", headers=GERMAN)))
    assert german[1] == (
        "Bockspiel ×2 · Re: Ann & Cat · Re 163, Kontra 77 · Re gewonnen · angesagt: Re · 1 gewonnen"
        " + 1 unter 90 + 1 Fuchs gefangen (Re) + 1 Karlchen (Re) − 1 Doppelkopf (Kontra) = 3"
        " × 2 Re = 6 × 2 Bock = 12"
    )
    assert german[0].endswith("· Bockrunde folgt (120 : 120)")
    hebrew = rows(said(client.get(f"/games/{game_id}", headers=HEBREW)))
    assert all(re.search("[\u05d0-\u05ea]", line) for line in hebrew)
    # The printed sheet carries the same lines, across the table under each hand.
    printed = rows(said(client.get(f"/games/{game_id}/print")))
    assert printed == rows(said(client.get(f"/games/{game_id}")))


def test_a_ddv_row_adds_two_for_each_announcement(client):
    game_id, auth = start(client, "ddv")
    assert post(client, game_id, auth, normal([0, 2], 130, "no_60")).status_code == 201
    assert rows(said(client.get(f"/games/{game_id}"))) == [
        "Re: Ann & Cat · Re 130, Kontra 110 · Kontra won · announced: Re keine 60 · 1 won"
        " + 1 (90 against keine 60) + 1 Re keine 90 + 1 Re keine 60 + 2 Re"
        " + 1 against the Queens = 7"
    ]


def test_when_nobody_wins_each_term_names_its_party(client):
    game_id, auth = start(client, "ddv")  # worked example 4: both "schwarz", 57 : 183
    assert post(client, game_id, auth, normal([0, 2], 57, "schwarz", "schwarz")).status_code == 201
    assert rows(said(client.get(f"/games/{game_id}"))) == [
        "Re: Ann & Cat · Re 57, Kontra 183 · nobody won · announced: Re schwarz, Kontra schwarz"
        " · 1 Re (30 against schwarz) − 1 Re under 90 − 1 Re under 60"
        " − 1 Kontra (120 against keine 90) − 1 Kontra (90 against keine 60)"
        " − 1 Kontra (60 against keine 30) − 1 Kontra (30 against schwarz) = −5"
    ]


def test_the_preview_works_the_value_out_at_the_hands_place(client):
    game_id, auth = start(client, "house")
    assert post(client, game_id, auth, HAND_1).status_code == 201
    preview = client.post(f"/games/{game_id}/hands/preview", data=form(HAND_2))
    result = preview.get_json()["result"]
    assert re.sub("[\u2068\u2069]", "", result).replace("\u00a0", " ") == (
        "Bock hand ×2 · Re: Ann & Bob · Re 130, Kontra 110 · Re won · 1 won = 1 × 2 Bock = 2"
    )
    assert preview.get_json()["points"] == [2, 2, -2, -2]


def test_finish_now_says_the_bock_hands_still_owed_and_finishes_once_confirmed(client):
    game_id, auth = start(client, "house")
    assert post(client, game_id, auth, HAND_1).status_code == 201
    asked = said(client.get(f"/games/{game_id}/finish"))
    assert "4 Bock hands are still owed. Finish anyway?" in asked
    assert "Finish anyway</button>" in asked
    german = said(client.get(f"/games/{game_id}/finish", headers=GERMAN))
    assert "Noch 4 Bockspiele stehen aus. Trotzdem beenden?" in german
    assert client.post(f"/games/{game_id}/finish").status_code == 302
    assert client.get(viewed(client, game_id)).get_json()["status"] == "finished"
    game_id, auth = start(client, "ddv")  # no Bock: nothing owed, nothing said
    assert post(client, game_id, auth, HAND_1).status_code == 201
    assert "still owed" not in said(client.get(f"/games/{game_id}/finish"))


def test_the_printed_rules_say_after_which_hands_bock_follows_in_words(client):
    game_id, _ = start(client, "house")
    printed = said(client.get(f"/games/{game_id}/print"))
    assert "120 : 120, an announcement lost" in printed and "tie_120" not in printed
    german = said(client.get(f"/games/{game_id}/print", headers=GERMAN))
    assert "120 : 120, Ansage verloren" in german


def test_the_bock_knobs_are_headed_bock_rounds(client):
    page = said(client.get("/games/new?game=doppelkopf", headers=GERMAN))
    assert ">Bockrunden<" in page


# --- Karlchen gefangen (Charlie caught), a house rule ----------------------------------

CAUGHT = normal([0, 2], 163) | {"re_extras": {"charlie_caught": 1}}


@pytest.mark.parametrize(
    ("settings", "hand", "points"),
    [
        # Re wins (1 + under 90) and caught Kontra's Charlie in the last trick: 3.
        ({"charlie_caught": True}, CAUGHT, [3, -3, 3, -3]),
        # Kontra caught Re's Charlie, Re still wins: 2 − 1 = 1.
        (
            {"charlie_caught": True},
            normal([0, 2], 163) | {"kontra_extras": {"charlie_caught": 1}},
            [1, -1, 1, -1],
        ),
        # Both of Kontra's ♣J fell to Re's Charlie in the last trick: 2 + 1 + 2 = 5.
        (
            {"charlie_caught": True},
            normal([0, 2], 163) | {"re_extras": {"charlie": 1, "charlie_caught": 1}},
            [4, -4, 4, -4],
        ),
        # Re and Kontra double the hand, extra points included: (2 + 1) × 2 = 6.
        (
            {"charlie_caught": True, "announcements": "double"},
            CAUGHT | {"re_announcement": "re"},
            [6, -6, 6, -6],
        ),
    ],
)
def test_charlie_caught_scores_through_the_api_the_form_and_the_command_line(
    client, capsys, settings, hand, points
):
    game_id, auth = start(client, settings=settings)
    saved = post(client, game_id, auth, hand)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["points"] == points
    game_id, _ = start(client, settings=settings)
    assert client.post(f"/games/{game_id}/hands/new", data=form(hand)).status_code == 302
    assert client.get(viewed(client, game_id)).get_json()["hands"][0]["points"] == points
    knobs = [f"--set={name}={str(value).lower()}" for name, value in settings.items()]
    extras = [
        f"--{name.replace('_', '-')}="
        + ",".join(
            str(hand.get(name, {}).get(k, 0))
            for k in ("doppelkopf", "fox_caught", "charlie", "charlie_caught")
        )
        for name in ("re_extras", "kontra_extras")
    ]
    basic = [o for o in options(hand) if not o.startswith(("--re-extras", "--kontra-extras"))]
    code, out, err = cli(capsys, *knobs, *basic, *extras, "--json")
    assert (code, err) == (0, ""), err
    assert json.loads(out)["points"] == points


def test_charlie_caught_is_named_in_the_row_and_asked_only_where_played(client):
    game_id, auth = start(client, settings={"charlie_caught": True})
    assert post(client, game_id, auth, CAUGHT).status_code == 201
    assert "+ 1 Charlie caught (Re) = 3" in rows(said(client.get(f"/games/{game_id}")))[0]
    assert 'name="re_extras_charlie_caught"' in said(client.get(f"/games/{game_id}/hands/new"))
    game_id, auth = start(client)  # the DDV's rules: not asked, and refused
    assert 'name="re_extras_charlie_caught"' not in said(client.get(f"/games/{game_id}/hands/new"))
    refused = post(client, game_id, auth, CAUGHT)
    assert refused.status_code == 422
    assert refused.get_json() == {
        "error": "re_extras.charlie_caught: Charlie caught is not counted under these rules "
        "(charlie_caught is off)",
        "field": "re_extras",
    }


@pytest.mark.parametrize(
    ("re_extras", "kontra_extras", "field", "table"),
    [
        (
            {"charlie_caught": 1},
            {"charlie": 1},
            "kontra_extras",
            "Only one party wins the last trick.",
        ),
        (
            {"charlie_caught": 1},
            {"charlie_caught": 1},
            "kontra_extras",
            "Only one party wins the last trick.",
        ),
        ({"charlie": 1, "charlie_caught": 2}, {}, "re_extras", "There are only two ♣J."),
    ],
)
def test_charlie_caught_that_cannot_happen_is_refused(
    client, re_extras, kontra_extras, field, table
):
    game_id, auth = start(client, settings={"charlie_caught": True})
    hand = normal([0, 2], 163) | {"re_extras": re_extras, "kontra_extras": kontra_extras}
    refused = post(client, game_id, auth, hand)
    assert refused.status_code == 422 and refused.get_json()["field"] == field
    page = client.post(f"/games/{game_id}/hands/new", data=form(hand))
    assert page.status_code == 422 and table in said(page)


def test_a_stored_hand_of_today_reads_and_scores_as_before(client):
    """A hand stored before Charlie caught has three kinds of extra points: it reads, its
    JSON keeps its three keys, and it scores as it did."""
    game_id, auth = start(client)
    assert post(client, game_id, auth, EXAMPLE_1).status_code == 201
    hand = client.get(viewed(client, game_id)).get_json()["hands"][0]
    assert hand["points"] == [3, -3, 3, -3]
    assert set(hand["re_extras"]) == {"doppelkopf", "fox_caught", "charlie"}


# --- the marriage (Hochzeit) with its partner (issue 43) -------------------------------

# Ann (seat 0) announces the marriage; Cat (seat 2) wins the clarifying trick and is her
# partner: the hand is a normal game of Ann and Cat against Bob and Dan.
MARRIAGE = EXAMPLE_1 | {"marriage": 0}


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        # Worked example 1's hand, played as a marriage: scored as the normal game it is.
        (MARRIAGE, [3, -3, 3, -3]),
        # Kontra wins with 140 against the marriage: 1 won + 1 against the Queens (a
        # marriage is a normal game, so the Queens' point counts).
        (normal([0, 2], 100) | {"marriage": 2}, [-2, 2, -2, 2]),
        # Nobody took a trick of the marriage: Ann plays alone, a solo (×3, no Queens).
        ({"re": [0], "solo": "marriage_alone", "re_points": 130}, [3, -1, -1, -1]),
    ],
)
def test_a_marriage_scores_through_the_api_the_form_and_the_command_line(
    client, capsys, hand, points
):
    game_id, auth = start(client)
    saved = post(client, game_id, auth, hand)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["points"] == points
    assert saved.get_json()["hand"].get("marriage") == hand.get("marriage")
    game_id, _ = start(client)
    data = form(hand) | (married(hand) if "marriage" in hand else {})
    assert client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    stored = client.get(viewed(client, game_id)).get_json()["hands"][0]
    assert (stored["points"], stored.get("marriage")) == (points, hand.get("marriage"))
    marriage = [f"--marriage={hand['marriage']}"] if "marriage" in hand else []
    code, out, err = cli(capsys, *options(hand), *marriage, "--json")
    assert (code, err) == (0, ""), err
    assert json.loads(out)["points"] == points


def test_the_marriage_row_names_who_announced_it_and_the_partner(client):
    game_id, auth = start(client)
    assert post(client, game_id, auth, MARRIAGE).status_code == 201
    assert post(client, game_id, auth, normal([1, 3], 130) | {"marriage": 3}).status_code == 201
    english = rows(said(client.get(f"/games/{game_id}")))
    assert english[0].startswith("Marriage: Ann with Cat · Re 163, Kontra 77 · Re won · ")
    assert english[1].startswith("Marriage: Dan with Bob · Re 130, Kontra 110 · Re won · ")
    german = rows(said(client.get(f"/games/{game_id}", headers=GERMAN)))
    assert german[0].startswith("Hochzeit: Ann mit Cat · Re 163, Kontra 77 · Re gewonnen · ")
    hebrew = rows(said(client.get(f"/games/{game_id}", headers=HEBREW)))
    assert hebrew[0].startswith("חתונה: Ann עם Cat · ")
    assert rows(said(client.get(f"/games/{game_id}/print")))[0] == english[0]


def test_the_form_asks_who_announced_the_marriage_only_beside_a_partner(client):
    game_id, _ = start(client)
    page = said(client.get(f"/games/{game_id}/hands/new", headers=GERMAN))
    assert 'name="marriage_0"' in page and ">Hochzeit<" in page
    spec = client.post(f"/games/{game_id}/hands/preview", data=form(MARRIAGE) | married(MARRIAGE))
    assert spec.get_json()["points"] == [3, -3, 3, -3]
    assert spec.get_json()["result"].startswith("Marriage: \u2068Ann\u2069 with \u2068Cat\u2069")
    # A solo tapped: the marriage is not asked, and a stale key is not sent on.
    solo_hand = solo(1, 130) | {"solo": "queens"}
    data = form(solo_hand) | {"marriage_1": "1"}
    assert client.post(f"/games/{game_id}/hands/new", data=data).status_code == 302
    assert "marriage" not in client.get(viewed(client, game_id)).get_json()["hands"][0]


@pytest.mark.parametrize(
    ("hand", "api", "table"),
    [
        (
            MARRIAGE | {"marriage": 1},
            "marriage: seat 1 is not Re (who announced the marriage is one of re)",
            "Bob is not Re: the marriage is announced by one of the Re players.",
        ),
        (
            MARRIAGE | {"marriage": "Ann"},
            "marriage must be the seat (0 to 3) of the Re player who announced the marriage, "
            "or null, not 'Ann'",
            None,
        ),
        (
            {"re": [0], "solo": "marriage_alone", "re_points": 130, "marriage": 0},
            "marriage: a marriage that found no partner is the solo marriage_alone; leave "
            "marriage out",
            None,
        ),
    ],
)
def test_a_marriage_that_cannot_be_is_refused_naming_the_field(client, hand, api, table):
    game_id, auth = start(client)
    refused = post(client, game_id, auth, hand)
    assert refused.status_code == 422
    assert refused.get_json() == {"error": api, "field": "marriage"}
    if table is not None:
        page = client.post(f"/games/{game_id}/hands/new", data=form(hand) | married(hand))
        assert page.status_code == 422 and table in said(page)


def test_a_stored_hand_of_today_has_no_marriage_and_reads_as_before(client):
    game_id, auth = start(client)
    assert post(client, game_id, auth, EXAMPLE_1).status_code == 201
    hand = client.get(viewed(client, game_id)).get_json()["hands"][0]
    assert "marriage" not in hand and hand["points"] == [3, -3, 3, -3]
    assert rows(said(client.get(f"/games/{game_id}")))[0].startswith("Re: Ann & Cat · ")


# --- the sheets' small leftovers (issue 43) ---------------------------------------------


def test_the_home_tables_rules_with_a_change_say_house_rules_once(client):
    game_id, _ = start(client, "house", settings={"charlie_caught": True})
    german = said(client.get(f"/games/{game_id}/print", headers=GERMAN))
    assert "Regeln: Hausrunde + Hausregeln" in german
    assert "Hausregeln + Hausregeln" not in german
    assert "Home table + house rules" in said(client.get(f"/games/{game_id}/print"))


def test_a_zero_on_the_rules_lines_says_what_it_means(client):
    game_id, _ = start(client, "house")
    german = re.sub(r"<[^>]+>", " ", said(client.get(f"/games/{game_id}/print", headers=GERMAN)))
    german = " ".join(german.split())
    assert "Bockspiele eine Runde" in german and "Cent pro Punkt keine" in german
    assert "Bockspiele 0" not in german and "Cent pro Punkt 0" not in german


def test_the_printed_list_has_no_result_column_the_line_under_each_hand_fills(client):
    game_id, auth = start(client, "house")
    assert post(client, game_id, auth, HAND_1).status_code == 201
    printed = said(client.get(f"/games/{game_id}/print"))
    assert '<col class="ou' not in printed and ">Result<" not in printed
    first = re.search(r"<tbody>\s*<tr>(.*?)</tr>", printed, re.S).group(1)
    # #, dealer, player, solo, then each player's party, points and total.
    assert first.count("<td") == 4 + 4 * 3
    assert re.search(r'<tr class="outcome-line"><td colspan="16">', printed)
    # The blank sheet keeps the column: the pencil writes the result in it.
    blank = said(client.get("/sheets/blank?game=doppelkopf"))
    assert '<col class="ou' in blank and ">Result<" in blank


def test_the_saved_line_says_who_scored_what_not_the_working(client):
    game_id, _ = start(client, "house")
    saved = client.post(f"/games/{game_id}/hands/new", data=form(EXAMPLE_1), follow_redirects=True)
    page = said(saved)
    assert "Hand 1: Ann +3 · Bob −3 · Cat +3 · Dan −3" in page
    assert "Hand 1 (" not in page
