"""Wizard's rules, as docs/rules/wizard.md gives them: the rounds by table size, the score
of an exact bid and of a miss, the hook off, on and Canadian, no trump in the last round;
every worked example scored through the engine, the JSON API (Flask test client, a real
SQLite file), the hand form's page in the table's words, and the command line."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidHand, InvalidSettings
from scorekeeper.engine.core.bidding import BidScore, forbidden_bid, hook_problems
from scorekeeper.engine.core.form import fill_fixed
from scorekeeper.engine.wizard.game import GAME
from scorekeeper.engine.wizard.settings import rounds_of
from scorekeeper.web import create_app
from tests.support.app import app_config, into_group
from tests.support.browser import Taps, api, radio
from tests.support.games.rules import post
from tests.support.games.wizard.rules import (
    S,
    cli,
    fits,
    form,
    place,
    quiet,
    read,
    refusals,
    said,
    settings,
    start,
)
from tests.support.live import view_path
from tests.support.rtl_browser import game_on_a_small_phone, new_game_page_fits
from tests.support.shared import NAMES
from tests.support.stored import viewed

# --- the rules as functions ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_the_game_has_60_over_players_rounds(players, rounds):
    assert rounds_of(S, players) == rounds
    assert rounds_of(settings(rounds=7), players) == 7  # worked example 4


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(2, 2, 40), (0, 1, -10), (1, 1, 30), (0, 0, 20), (3, 0, -30), (1, 4, -30), (0, 1, -10)],
)
def test_exactly_the_bid_scores_20_and_10_a_trick_and_a_miss_10_a_trick_off(bid, tricks, points):
    assert BidScore(20, 10, 0, 10).points(bid, tricks) == points


def test_the_score_in_words():
    rule = BidScore(20, 10, 0, 10)
    assert str(rule.explain(2, 2)) == "bid 2, took 2: 20 + 20 = +40"
    assert str(rule.explain(0, 1)) == "bid 0, took 1: missed, 0 − 10 = −10"
    assert str(BidScore(10, 1, 0, 0).explain(3, 1)) == "bid 3, took 1: missed, 0"


def test_the_hook_forbids_the_bid_that_makes_the_total_and_canadian_allows_zero():
    assert forbidden_bid(5, 3) == 2  # worked example 1: 2 + 0 + 1, the dealer may not bid 2
    assert forbidden_bid(3, 3) == 0 and forbidden_bid(3, 3, zero_allowed=True) is None
    assert forbidden_bid(3, 2, zero_allowed=True) == 1  # worked example 3: 1 + 1 + 0
    assert forbidden_bid(3, 4) is None  # already over: nothing the dealer bids totals 3
    (refusal,) = hook_problems([2, 0, 1, 2], 5, dealer=3)
    assert refusal == (
        "bids[3]",
        "Seat 4 (the dealer) may not bid 2: the bids would total the 5 cards dealt",
    )
    assert str(refusal[1].table.template).startswith("%(name)s may not bid")
    assert hook_problems([1, 1, 1, 0], 3, dealer=3, zero_allowed=True) == []
    assert hook_problems([2, 0, 1, 1], 5, dealer=3) == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"rounds": 21}, "rounds"), ({"hook": "maybe"}, "hook"), ({"miss_step": -1}, "miss_step")],
)
def test_bad_settings_are_refused_naming_the_knob(changes, field):
    with pytest.raises(InvalidSettings) as refused:
        settings(**changes)
    assert refused.value.field == field


# --- the worked examples, through the engine ---------------------------------------------

EXAMPLE_1 = {"trump": "H", "bids": [2, 0, 1, 1], "tricks": [2, 1, 1, 1]}
EXAMPLE_2 = {"trump": "S", "bids": [0, 3, 1, 0], "tricks": [0, 0, 4, 1]}
CANADIAN = {"trump": "C", "bids": [1, 1, 1, 0], "tricks": [1, 1, 1, 0]}


def test_worked_example_1_and_the_hook_on():
    rules = settings()
    assert GAME.points(rules, read(EXAMPLE_1, place(5, 3)), place(5, 3)) == (40, -10, 30, 30)
    hooked = {**EXAMPLE_1, "bids": [2, 0, 1, 2]}
    assert refusals(hooked, place(5, 3), hook="on") == [
        ("bids[3]", "Seat 4 (the dealer) may not bid 2: the bids would total the 5 cards dealt")
    ]
    # With the hook off the dealer's 2 stands and, taking 1 trick, scores −10.
    assert GAME.points(rules, read(hooked, place(5, 3))) == (40, -10, 30, -10)
    assert [str(s[0]) for s in GAME.explain(rules, read(EXAMPLE_1, place(5, 3)))] == [
        "bid 2, took 2: 20 + 20 = +40",
        "bid 0, took 1: missed, 0 − 10 = −10",
        "bid 1, took 1: 20 + 10 = +30",
        "bid 1, took 1: 20 + 10 = +30",
    ]


def test_worked_example_2():
    record = read(EXAMPLE_2, place(5, 0))
    assert GAME.points(S, record) == (20, -30, -30, -10)


def test_worked_example_3_the_canadian_rule():
    ahead = place(3, 3, (150, 120, 100, 180))
    hooked = {**CANADIAN, "bids": [1, 1, 0, 1]}
    ((field, refusal),) = refusals(hooked, ahead, hook="canadian")
    assert (field, str(refusal)) == (
        "bids[3]",
        "Seat 4 (the dealer) may not bid 1: the bids would total the 3 cards dealt",
    )
    # Zero is always allowed: 1 + 1 + 1 + 0.
    record = read(CANADIAN, ahead, hook="canadian")
    assert GAME.points(S, record) == (30, 30, 30, 20)
    # Tied at the top, the dealer is not alone in the lead: no bid is forbidden.
    tied = place(3, 3, (180, 120, 100, 180))
    assert read({**hooked, "tricks": [1, 1, 0, 1]}, tied, hook="canadian").bids == (1, 1, 0, 1)
    # With the hook on, after 1, 1, 1 the dealer may not bid 0.
    assert [f for f, _ in refusals(CANADIAN, ahead, hook="on")] == ["bids[3]"]


def test_worked_example_4_fifteen_rounds_the_last_without_trump():
    last = {"trump": "H", "bids": [4, 4, 4, 4], "tricks": [3, 4, 4, 4]}
    ((field, refusal),) = refusals(last, place(15, 2))
    assert field == "trump" and "trump must be none" in refusal
    assert str(refusal.table % {"number": 15}) == "Round 15 deals every card: there is no trump."
    assert read({**last, "trump": None}, place(15, 2)).trump is None
    five = {"trump": "H", "bids": [0] * 5, "tricks": [3, 3, 3, 3, 0]}
    with pytest.raises(InvalidHand):  # five players: the last round is round 12
        GAME.seated(5).record_from_dict(S, five, place(12, 2))
    assert (
        GAME.seated(5).record_from_dict(S, {**five, "tricks": [3, 3, 3, 2, 0]}, place(11, 2)).trump
    )


@pytest.mark.parametrize(("rounds", "played"), [(0, 15), (7, 7)])
def test_the_game_ends_after_its_rounds_and_equal_totals_share(rounds, played):
    rules = settings(rounds=rounds)
    records = [
        read({"trump": None, "bids": [0] * 4, "tricks": [r, 0, 0, 0]}, place(r, 0))
        for r in range(1, played + 1)
    ]
    before = GAME.replay(rules, 0, records[:-1])
    assert before.status == "in_progress"
    assert GAME.progress_result(before) == {"cards": played, "hands_left": 1}
    over = GAME.replay(rules, 0, records)
    assert over.status == "finished" and over.winners == (1, 2, 3)
    assert GAME.progress_result(over) == {"cards": None, "hands_left": 0}
    with pytest.raises(ValueError):
        GAME.replay(rules, 0, [*records, records[0]])


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**EXAMPLE_1, "tricks": [2, 1, 1, 2]}, "tricks"),  # 6 tricks of 5 cards
        ({**EXAMPLE_1, "bids": [6, 0, 1, 1]}, "bids[0]"),  # a bid over the cards
        ({**EXAMPLE_1, "trump": "X"}, "trump"),
        ({**EXAMPLE_1, "bids": [2, 0, 1]}, "bids"),
        ({**EXAMPLE_1, "cards": 5}, None),  # the cards are never typed: not a field
    ],
)
def test_bad_rounds_are_refused_naming_the_field(body, field):
    if field is None:
        assert "cards" not in GAME.hand.hand_fields
        return
    assert field in [f for f, _ in refusals(body, place(5, 3))]


# --- through the JSON API, the hand form's page and the command line ----------------------


@pytest.fixture
def client(tmp_path):
    return create_app(app_config(tmp_path)).test_client()


def test_worked_examples_1_and_2_through_the_api(client):
    game_id, auth = start(client, 3, [quiet(n) for n in range(1, 5)])
    game = client.get(viewed(client, game_id)).get_json()
    assert (game["cards"], game["hands_left"], game["dealer"]) == (5, 11, 3)
    saved = post(client, game_id, auth, EXAMPLE_1)
    assert saved.status_code == 201 and saved.get_json()["points"] == [40, -10, 30, 30]
    game_id, auth = start(client, 0, [quiet(n) for n in range(1, 5)])
    assert post(client, game_id, auth, EXAMPLE_2).get_json()["points"] == [20, -30, -30, -10]


def test_the_hook_and_the_tricks_refused_through_the_api_and_on_the_page(client):
    game_id, auth = start(client, 3, [quiet(n) for n in range(1, 5)], settings={"hook": "on"})
    hooked = {**EXAMPLE_1, "bids": [2, 0, 1, 2]}
    refused = post(client, game_id, auth, hooked)
    assert refused.status_code == 422
    assert refused.get_json() == {
        "error": "Seat 4 (the dealer) may not bid 2: the bids would total the 5 cards dealt",
        "field": "bids[3]",
    }
    refused = post(client, game_id, auth, {**EXAMPLE_1, "tricks": [2, 1, 1, 2]})
    assert refused.get_json() == {"error": "tricks must add up to 5, not 6", "field": "tricks"}
    # The page: the cards shown, never asked; the refusals in the table's words.
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "Deal 5 cards" in page and 'name="cards"' not in page
    refused = client.post(f"/games/{game_id}/hands/new", data=form(hooked))
    page = said(refused)
    assert refused.status_code == 422
    assert "Dan may not bid 2: the bids would total the 5 cards dealt." in page
    page = client.post(
        f"/games/{game_id}/hands/new", data=form(EXAMPLE_1 | {"tricks": [2, 1, 1, 2]})
    )
    assert "Tricks must add up to 5, not 6." in page.get_data(as_text=True)
    saved = client.post(f"/games/{game_id}/hands/new", data=form(EXAMPLE_1))
    assert saved.status_code == 302
    assert client.get(viewed(client, game_id)).get_json()["hands"][-1]["points"] == [
        40,
        -10,
        30,
        30,
    ]


# Rounds 1 and 2 dealt by Bob and Cat, whose points bring the totals before round 3 to
# 150, 120, 100, 180 (worked example 3) from these starting totals.
BEFORE_3 = [
    {"trump": "H", "bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]},  # 20 20 20 30
    {"trump": "S", "bids": [0, 0, 0, 2], "tricks": [0, 0, 0, 2]},  # 20 20 20 40
]


def test_worked_example_3_the_canadian_rule_through_the_api_and_the_page(client):
    rules = {"settings": {"hook": "canadian"}, "starting_totals": [110, 80, 60, 110]}
    game_id, auth = start(client, 1, BEFORE_3, **rules)
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [150, 120, 100, 180]
    hooked = {**CANADIAN, "bids": [1, 1, 0, 1]}
    refused = post(client, game_id, auth, hooked)
    assert refused.get_json()["field"] == "bids[3]"
    assert "may not bid 1: the bids would total the 3 cards dealt" in refused.get_json()["error"]
    page = said(client.post(f"/games/{game_id}/hands/new", data=form(hooked)))
    assert "Dan may not bid 1: the bids would total the 3 cards dealt." in page
    assert post(client, game_id, auth, CANADIAN).get_json()["points"] == [30, 30, 30, 20]
    # Tied at the top before round 3: no bid is forbidden.
    tied = {"settings": {"hook": "canadian"}, "starting_totals": [140, 80, 60, 110]}
    game_id, auth = start(client, 1, BEFORE_3, **tied)
    assert client.get(viewed(client, game_id)).get_json()["totals"] == [180, 120, 100, 180]
    assert post(client, game_id, auth, {**hooked, "tricks": [1, 1, 0, 1]}).status_code == 201


def test_worked_example_4_no_trump_in_round_15_and_a_game_of_7_rounds(client):
    game_id, auth = start(client, 0, [quiet(n) for n in range(1, 15)])
    last = {"trump": "H", "bids": [4, 4, 4, 4], "tricks": [3, 4, 4, 4]}
    refused = post(client, game_id, auth, last)
    assert refused.get_json() == {
        "error": "round 15 deals all 60 cards, so no card is turned for trump: trump must be none",
        "field": "trump",
    }
    page = client.post(f"/games/{game_id}/hands/new", data=form(last)).get_data(as_text=True)
    assert "Round 15 deals every card: there is no trump." in page
    assert post(client, game_id, auth, {**last, "trump": None}).status_code == 201
    game = client.get(viewed(client, game_id)).get_json()
    assert game["status"] == "finished" and game["hands_left"] == 0 and game["cards"] is None
    game_id, auth = start(client, 0, [quiet(n) for n in range(1, 8)], settings={"rounds": 7})
    game = client.get(viewed(client, game_id)).get_json()
    assert game["status"] == "finished" and len(game["hands"]) == 7
    over = post(client, game_id, auth, quiet(8))
    assert over.status_code == 409 and "the game is over" in over.get_json()["error"]
    # Seven rounds are the first seven of a table's; four players play no more than 15.
    refused = client.post(
        "/api/games", json={"game": "wizard", "players": NAMES, "settings": {"rounds": 16}}
    )
    assert refused.get_json() == {
        "error": "rounds is 16; 4 players play 15 rounds",
        "field": "settings.rounds",
    }


@pytest.mark.parametrize(
    ("hand", "rules", "points"),
    [
        (EXAMPLE_1, [], [40, -10, 30, 30]),
        ({**EXAMPLE_1, "bids": [2, 0, 1, 2]}, [], [40, -10, 30, -10]),
        (EXAMPLE_2, [], [20, -30, -30, -10]),
        (CANADIAN, ["--set", "hook=canadian"], [30, 30, 30, 20]),
    ],
)
def test_the_worked_examples_on_the_command_line(capsys, hand, rules, points):
    listed = [
        f"--bids={','.join(map(str, hand['bids']))}",
        f"--tricks={','.join(map(str, hand['tricks']))}",
    ]
    code, out, err = cli(capsys, "--trump", hand["trump"], *listed, *rules, "--json")
    assert (code, err) == (0, ""), err
    assert json.loads(out)["points"] == points


def test_the_hook_refused_on_the_command_line(capsys):
    code, out, err = cli(
        capsys, "--trump", "H", "--bids", "2,0,1,2", "--tricks", "2,1,1,1", "--set", "hook=on"
    )
    assert code == 2 and out == ""
    assert "bids total the 5 cards dealt; with the hook the dealer may not" in err


def test_the_last_rounds_form_fills_in_no_trump_and_taps_two_a_player_and_one():
    names = NAMES
    last = GAME.hand_form(S, names, place(15, 2))
    values = {f.name: f.default for f in last.fields if f.default is not None}
    fill_fixed(last, values)
    assert values["trump"] == "none"  # asked nowhere: filled in, the suits disabled
    # A round: the trump, a bid each, the tricks but the last (filled in), and Save.
    spec = GAME.hand_form(S, names, place(5, 3))
    asked = [f for f in spec.fields if not (f.hidden_when_single and len(f.choices) == 1)]
    assert len(asked) - len(spec.rules["sum"]) + 1 == 2 * len(names) + 1
    assert spec.rules["order"][0]["speakers"] == {"3": [0, 1, 2, 3]}  # the dealer bids last


def test_a_file_the_rounds_places_refuse_is_refused_by_the_command_line_import(
    client, tmp_path, capsys
):
    rules = {"settings": {"hook": "canadian"}, "starting_totals": [110, 80, 60, 110]}
    game_id, _ = start(client, 1, [*BEFORE_3, CANADIAN], **rules)
    into_group(client, game_id)
    document = json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))
    path = tmp_path / "wizard.json"
    for hand, problem in (
        ({"bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 1]}, "may not bid 1"),  # Dan leads alone
        ({"tricks": [1, 1, 1, 1]}, "tricks must add up to 3, not 4"),
    ):
        tampered = json.loads(json.dumps(document))
        tampered["games"][0]["hands"][2] |= hand
        path.write_text(json.dumps(tampered), encoding="utf-8")
        code = entry(["import", str(path), "--db", str(tmp_path / "other.db")])
        err = capsys.readouterr().err
        assert code == 2 and "hand 3" in err and problem in err, err
    path.write_text(json.dumps(document), encoding="utf-8")
    assert entry(["import", str(path), "--db", str(tmp_path / "other.db")]) == 0


# --- the pad (issue 43, item 10) ---------------------------------------------------------


def test_10_the_pad_keeps_each_players_bid_then_score_and_total_in_one_cell():
    """As a Wizard pad: in each player's cell the bid, the round's score and the running
    total; no "bid/tricks" and no "over 4/3" beside the round."""
    rounds = [EXAMPLE_1, {"trump": "S", "bids": [0, 3, 1, 0], "tricks": [0, 0, 4, 1]}]
    records = [GAME.record_from_dict(S, body) for body in rounds]
    views = GAME.hand_views(GAME.replay(S, 3, records))
    cells = [[(seat.entry, seat.points, seat.total, seat.made) for seat in v.seats] for v in views]
    assert cells == [
        [(("2",), 40, 40, True), (("0",), -10, -10, False), (("1",), 30, 30, True)]
        + [(("1",), 30, 30, True)],
        [(("0",), 20, 60, True), (("3",), -30, -40, False), (("1",), -30, 0, False)]
        + [(("0",), -10, 20, False)],
    ]
    assert [(str(v.bid), str(v.outcome)) for v in views] == [("5", "♥"), ("5", "♠")]
    assert (views[0].outcome.css, views[1].outcome.css) == ("r", "")  # a red trump is red


def test_10_the_scoreboard_and_the_printed_pad_show_bid_score_and_total(client):
    game_id, auth = start(client, 3, [quiet(n) for n in range(1, 5)])
    assert post(client, game_id, auth, EXAMPLE_1).status_code == 201
    board = said(client.get(f"/games/{game_id}"))
    row = board[board.index('id="h5"') :].split("</tr>")[0]
    # Bob bid 0 and took 1: his cell reads his bid, then −10 and his total.
    cells = [cell.split("</td>")[0] for cell in row.split("<td")[1:]]
    assert '<span class="e">0</span> ' in cells[1] and "<i>−10</i>" in cells[1]
    assert '<span class="e">2</span> ' in cells[0] and "<i>+40</i>" in cells[0]
    assert "0/1" not in row and "under" not in row and "4/5" not in row
    printed = said(client.get(f"/games/{game_id}/print"))
    assert ">Tk<" not in printed and ">Bid<" in printed and ">Bids<" not in printed
    assert ">Cards<" in printed and ">Trump<" in printed
    assert "under 4/5" not in printed


# --- on a phone --------------------------------------------------------------------------
# Wizard played through its pages on a small phone (360 px) in real Chromium, in English
# and Hebrew: the new-game form offers it, every tap of a round is counted (Record, the
# trump, a bid each, the tricks but the last, Save: 2 × players + 2), the hook disables the
# dealer's one forbidden bid with the reason in the table's words, the scoreboard shows the
# rounds and the cards of the next, and each page fits the phone. Screenshots are kept in
# ``test-artifacts/``.

PHONE_NAMES = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
# The dealer's forbidden bid, as the form says it beside the dealer's bids (in Hebrew the
# sentence is the catalogue's; it names the dealer all the same).
FORBIDDEN = "{name} may not bid 1: the bids would total the 2 cards dealt."


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "he"])
def test_wizard_through_its_pages(browser, live_server, language):
    players = 4
    body = {
        "game": "wizard",
        "players": PHONE_NAMES[language],
        "rules": "wizard",
        "settings": {"hook": "on"},
        "first_dealer": 0,
    }
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        names = PHONE_NAMES[language]
        new_game_page_fits(page, "wizard", f"wizard-{language}-new-game", language)
        # Round 1, one card each, Ann deals: the bids run from Bob, Ann bids last. Record,
        # the trump, four bids, three tricks (Ann's fills itself in), Save.
        taps = Taps(page)
        taps(page.locator("#record"))
        fits(page, "hand-form", language)
        taps.key("trump", "H")
        for seat, bid in ((1, 1), (2, 0), (3, 1)):
            taps.key(f"bids_{seat}", bid)
        # The hook forbids none here: the bids total 2 already, more than the one card.
        assert not page.locator("#bids_0 input:disabled").count()
        taps.key("bids_0", 0)
        for seat, took in ((1, 1), (2, 0), (3, 0)):
            taps.key(f"tricks_{seat}", took)
        assert radio(page, "tricks_0", 0).is_checked()
        taps.save()
        assert taps.count == 2 * players + 2
        # Round 2, two cards, Bob deals: Cat, Dan and Ann bid 0, 1, 0, so Bob may not bid 1
        # (the bids would total the 2 cards); he bids 2 and misses by one.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("trump", "S")
        for seat, bid in ((2, 0), (3, 1), (0, 0)):
            taps.key(f"bids_{seat}", bid)
        assert radio(page, "bids_1", 1).is_disabled()
        why = page.locator("#bids_1 .why")
        assert why.is_visible()
        assert names[1] in why.inner_text()
        if language == "en":
            assert why.inner_text() == FORBIDDEN.format(name=names[1])
        fits(page, "hand-form-hook", language)
        taps.key("bids_1", 2)
        for seat, took in ((2, 0), (3, 1), (0, 0)):
            taps.key(f"tricks_{seat}", took)
        assert radio(page, "tricks_1", 1).is_checked()
        taps.save()
        assert taps.count == 2 * players + 2
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert [hand["points"] for hand in game["hands"]] == [
            [20, 30, 20, -10],
            [20, -10, 20, 30],
        ]
        assert game["totals"] == [40, 20, 40, 20]
        assert game["cards"] == 3 and game["hands_left"] == 13
        scoreboard = page.locator("main").inner_text()
        assert all(name in scoreboard for name in names) and "♠" in scoreboard
        fits(page, "scoreboard", language)
