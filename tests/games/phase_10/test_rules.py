"""Phase 10's rules, as docs/rules/phase-10.md gives them: the knob and the preset; every
worked example played hand by hand through the JSON API (a real SQLite file), its single
hands through ``scorekeeper score --game phase-10``; the refusals in the API's words and on
the hand form in the table's words (players by name); each player's phase on the sheet; and
whole games against an outside scorer, gamesscorer/phase10-scorer (script.js at commit
088f4c3f), whose rules this file restates in a few lines (``outside_scorer``)."""

from __future__ import annotations

import json
import random
import re

import pytest

from scorekeeper.cli import entry
from scorekeeper.engine import InvalidSettings, get_game
from tests.support.game_rules import post, stored_hands
from tests.support.games.phase_10.rules import (
    NAMES,
    error_summary,
    form_values,
    new_game,
    outside_scorer,
    page_text,
    random_evening,
    setup_of,
)
from tests.support.rules_docs import examples_of, numbers, single_hands

GAME = get_game("phase-10")
S = GAME.preset("phase-10")
EXAMPLES = {example.label: example for example in examples_of("phase-10")}


def test_the_preset_is_mattels_game():
    assert S.to_dict() == {"phases": 10}
    assert [knob.name for knob in GAME.preset(GAME.default_preset).knobs_for_table()] == ["phases"]
    assert S.with_changes({"phases": "5"}).phases == 5
    assert S.lowest_wins and GAME.seat_range == (2, 6)


@pytest.mark.parametrize("value", [0, 11, "ten"])
def test_a_bad_phases_knob_is_refused_naming_it(value):
    with pytest.raises(InvalidSettings) as refused:
        S.with_changes({"phases": value})
    assert refused.value.field == "phases"


# --- through the JSON API, into the SQLite file --------------------------------------------


@pytest.mark.parametrize("label", EXAMPLES)
def test_every_worked_example_through_the_api(app, client, label):
    """Each row as the API takes it: scored rows answer their points, totals and winner,
    refused rows the field, and a refused hand stores nothing."""
    example = EXAMPLES[label]
    settings, players, dealer, extra = setup_of(example)
    game_id, key = new_game(client, players, settings, dealer, **extra)
    saved = 0
    for row in example.rows:
        cells = row.cells
        response = post(client, game_id, key, row.hand())
        if cells.get("refused"):
            assert response.status_code == 422
            assert response.get_json()["field"] == cells["refused"]
            assert len(stored_hands(app)) == saved
            continue
        assert response.status_code == 201, response.get_json()
        saved += 1
        answer = response.get_json()
        assert tuple(answer["points"]) == numbers(cells["scored"])
        assert tuple(answer["totals"]) == numbers(cells["totals"])
        won = cells["won by"]
        assert answer["winner"] == (None if won in ("—", "") else int(won))
        assert answer["status"] == ("finished" if won not in ("—", "") else "in_progress")


def test_the_api_says_each_players_phase_and_who_replays_a_tie(client):
    """Example 4: seats 0 and 1 tie on the fewest points completing the last phase, and
    replay it; seat 2, who finished with more points, is done."""
    example = EXAMPLES["4"]
    settings, players, dealer, extra = setup_of(example)
    game_id, key = new_game(client, players, settings, dealer, **extra)
    post(client, game_id, key, example.rows[0].hand())
    answer = client.get(f"/api/games/{game_id}").get_json()
    assert answer["phases"] == [1, 1, 2] and answer["replaying"] == [0, 1]
    assert answer["status"] == "in_progress"


def test_a_game_after_its_end_takes_no_hand(client):
    game_id, key = new_game(client, NAMES[:2], {"phases": 1})
    assert post(client, game_id, key, {"completed": [0], "left": [0, 50]}).status_code == 201
    response = post(client, game_id, key, {"completed": [1], "left": [50, 0]})
    assert response.status_code in (409, 422)


# --- the hand form, in the table's words --------------------------------------------------


FORM_REFUSED = {
    "two players out": (
        {"completed": [0, 1], "left": [0, 0, 65, 100]},
        "One player goes out and has 0 points; the others have cards left.",
    ),
    "points not in fives": (
        {"completed": [0, 1], "left": [0, 25, 52, 100]},
        "Cat, without the phase, holds 10 cards of 5, 10, 15 or 25 points: 50 to 230 in all, "
        "not 52.",
    ),
    "out without the phase": (
        {"completed": [1], "left": [0, 25, 65, 100]},
        "Ann, without the phase, holds 10 cards of 5, 10, 15 or 25 points: 50 to 230 in all, "
        "not 0.",
    ),
    "under 50 without the phase": (
        {"completed": [0, 1], "left": [0, 25, 45, 100]},
        "Cat, without the phase, holds 10 cards of 5, 10, 15 or 25 points: 50 to 230 in all, "
        "not 45.",
    ),
    "more than four cards after phase 1": (
        {"completed": [0, 1], "left": [0, 205, 65, 100]},
        "Bob completed phase 1 and so keeps 4 cards at most, of 5, 10, 15 or 25 points: they "
        "cannot make 205 (100 at most).",
    ),
    "more than the pack holds": (
        {"completed": [0], "left": [0, 230, 230, 60]},
        "The points left add up to 520, which the cards still held cannot make from one pack "
        "of 8 Wilds and 4 Skips (440 at most).",
    ),
}


@pytest.mark.parametrize("case", FORM_REFUSED)
def test_refusals_on_the_hand_form_name_the_player(app, client, case):
    hand, words = FORM_REFUSED[case]
    game_id, _ = new_game(client, NAMES[:4])
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand, 4))
    assert response.status_code == 422
    assert words in [text for _, text in error_summary(response)]
    assert stored_hands(app) == []


def test_the_form_refuses_a_phase_after_the_last(app, client):
    game_id, key = new_game(client, NAMES[:3], {"phases": 1}, starting_totals=[20, 0, 0])
    post(client, game_id, key, {"completed": [0, 1, 2], "left": [0, 20, 40]})
    hand = {"completed": [0, 2], "left": [0, 50, 5]}
    response = client.post(f"/games/{game_id}/hands/new", data=form_values(hand, 3))
    assert response.status_code == 422
    words = "Cat has completed phase 1 already: there is no phase after it."
    assert words in [text for _, text in error_summary(response)]
    assert len(stored_hands(app)) == 1


def test_a_hand_saved_through_the_form_is_scored_and_stored(app, client):
    game_id, _ = new_game(client, NAMES[:4])
    hand = {"completed": [0, 1], "left": [0, 25, 65, 100]}
    assert client.post(f"/games/{game_id}/hands/new", data=form_values(hand, 4)).status_code == 302
    assert stored_hands(app) == [hand]
    answer = client.get(f"/api/games/{game_id}").get_json()
    assert answer["totals"] == [0, 25, 65, 100] and answer["phases"] == [2, 2, 1, 1]


def test_the_form_asks_yes_or_no_then_the_points_with_the_cards_worth(client):
    game_id, _ = new_game(client, NAMES[:4])
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert all(f'name="made_{s}"' in page and f'name="left_{s}"' in page for s in range(4))
    assert "Points left in hand: 1–9: 5 · 10–12: 10 · Skip: 15 · Wild: 25" in page


def test_the_sheet_shows_each_players_phase(client):
    """Example 5: the scoreboard's foot row and the printed sheet say the phase each player
    plays next, the winner's done (✓)."""
    example = EXAMPLES["5"]
    settings, players, dealer, extra = setup_of(example)
    game_id, key = new_game(client, players, settings, dealer, **extra)
    for row in example.rows[:2]:
        post(client, game_id, key, row.hand())
    assert "Phase 3 1" in page_text(client, f"/games/{game_id}")
    assert "Phase: Ann 3 · Bob 1" in page_text(client, f"/games/{game_id}/print")
    post(client, game_id, key, example.rows[2].hand())
    printed = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    assert "✓" in printed


def test_the_scoreboard_leads_by_phase_before_points(client):
    """Bob is a phase ahead with more points: he leads, not the lowest total."""
    game_id, key = new_game(client, NAMES[:2])
    post(client, game_id, key, {"completed": [1], "left": [50, 0]})
    post(client, game_id, key, {"completed": [0, 1], "left": [0, 40]})
    answer = client.get(f"/api/games/{game_id}").get_json()
    assert answer["totals"] == [50, 40] and answer["phases"] == [2, 3]
    progress = GAME.seated(2).replay(
        S, 0, [GAME.seated(2).record_from_dict(S, {"completed": [0], "left": [0, 50]})]
    )
    assert progress.leaders == (0,)


# --- on the command line ------------------------------------------------------------------


SINGLE = single_hands("phase-10")


@pytest.mark.parametrize("label", SINGLE)
def test_single_hands_score_on_the_command_line(capsys, label):
    hand = SINGLE[label]
    body = hand.body
    args = ["--completed", ",".join(map(str, body["completed"]))]
    args += ["--left", ",".join(map(str, body["left"]))]
    code = entry(["score", "--game", "phase-10", "--players", str(hand.players), *args, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert tuple(json.loads(out)["points"]) == hand.scored


def test_a_refusal_on_the_command_line_names_the_rule(capsys):
    args = ["--completed", "0,1", "--left", "0,0,65,100"]
    code = entry(["score", "--game", "phase-10", *args])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert "One player goes out and has 0 points" in err


# --- against the outside scorer -----------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_whole_games_agree_with_the_outside_scorer(seed):
    """Random legal evenings of 2 to 6 players to the end: the same totals, the same
    phases, the same winner; where the outside scorer shows a shared win, the rules have
    the tied players replay, and the engine says so (no winner yet, both replaying)."""
    rng = random.Random(seed)
    players = 2 + seed % 5
    hands = random_evening(rng, players)
    game = GAME.seated(players)
    progress = game.replay(S, 0, [game.record_from_dict(S, hand) for hand in hands])
    totals, phases, winners = outside_scorer(players, hands)
    assert list(progress.totals) == totals
    if len(winners) == 1:
        assert list(progress.state.phases) == phases
        assert (progress.status, progress.winner) == ("finished", winners[0])
    else:
        assert progress.status == "in_progress"
        assert list(progress.state.replaying) == winners


# --- the printed sheet and the Hebrew pages, as a whole evening at 360 px showed them ----------


def test_the_printed_sheets_column_of_phases_made_is_headed_by_one_short_word(client):
    """A narrow printed column broke "Phases made" inside its words ("Phase s made")."""
    game_id, key = new_game(client, NAMES[:4])
    assert (
        post(client, game_id, key, {"completed": [0, 1], "left": [0, 20, 55, 60]}).status_code
        == 201
    )
    for language, head in (("en", "Made"), ("he", "הצליח")):
        page = client.get(f"/games/{game_id}/print", headers={"Accept-Language": language})
        cells = re.findall(r"<th[^>]*>(.*?)</th>", page.get_data(as_text=True))
        heads = [re.sub(r"<[^>]*>", "", cell) for cell in cells]  # a heading's own text
        assert head in heads and len(head.split()) == 1, heads


def test_in_hebrew_the_cards_ranges_read_left_to_right(client):
    """In a right-to-left line "1–9" and "10–12" read "9–1" and "12–10" unless isolated."""
    game_id, _ = new_game(client, NAMES[:4])
    for page in (f"/games/{game_id}/hands/new", f"/games/{game_id}/print"):
        text = client.get(page, headers={"Accept-Language": "he"}).get_data(as_text=True)
        assert "\u20661–9\u2069:\u00a05 · \u206610–12\u2069:\u00a010 · " in text, page
