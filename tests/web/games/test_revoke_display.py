"""A caught revoke is shown as a mark with its penalty, apart from the contract's points.

docs/rules/israeli-whist.md's example 1 under pagat-german, West caught revoking once: West made
3/3 for +19, and the revoke costs 100, so West scores −81 for the hand. The scoreboard,
the print sheet, the statistics and the CSV all show the +19 as made and the −100 apart.
"""

from __future__ import annotations

import csv
import io
import re

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.israeli_whist import preset, record_from_dict, score_hand
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.review import rows_of
from tests.support.web.games.revoke_display import cell

PAGAT = preset("pagat-german")
ELHANANI = preset("elhanani")
MINUS = "\u2212"
ONE_REVOKE = {**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]}


# --- the engine ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "contracts", "tricks", "revokes", "earned", "penalties", "points"),
    [
        # The worked example: West's made 3/3 keeps its +19; the revoke is apart.
        (PAGAT, [2, 3, 7, 0], [0, 3, 8, 2], [0, 1, 0, 0], (-20, 19, -10, -40), (0, 100, 0, 0),
         (-20, -81, -10, -40)),
        (PAGAT, [2, 3, 7, 0], [0, 3, 8, 2], [2, 0, 0, 1], (-20, 19, -10, -40), (200, 0, 0, 100),
         (-220, 19, -10, -140)),
        # A void hand (nobody made it under elhanani) scores 0; the revoke still costs.
        (ELHANANI, [2, 3, 7, 0], [1, 4, 6, 2], [1, 0, 0, 0], (0, 0, 0, 0), (100, 0, 0, 0),
         (-100, 0, 0, 0)),
        (PAGAT, [2, 3, 7, 0], [0, 3, 8, 2], None, (-20, 19, -10, -40), (0, 0, 0, 0),
         (-20, 19, -10, -40)),
    ],
)  # fmt: skip
def test_a_score_keeps_the_contract_points_and_the_penalty_apart(
    settings, contracts, tricks, revokes, earned, penalties, points
):
    score = score_hand(settings, contracts, tricks, revokes)
    assert score.contract_points == earned
    assert score.revoke_penalties == penalties
    assert score.points == points
    assert score.to_dict() == {"points": list(points), "over_under": "under", "contracts_total": 12}


def test_statistics_count_revokes_and_their_penalty_per_player():
    played = dict(declarer=2, bid="7C", contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 2])
    hands = (
        record_from_dict(PAGAT, {**played, "revokes": [0, 1, 0, 0]}),
        record_from_dict(PAGAT, {**played, "revokes": [0, 2, 0, 1]}),
    )
    whist = get_game("israeli-whist")
    game = whist.figures.recorded(PAGAT, 0, ("Avi", "Bat", "Gil", "Dana"), hands, key=1)
    figures = [p.figures for p in whist.figures.game_stats(game).players]
    assert [f.revokes for f in figures] == [0, 3, 0, 1]
    assert [f.revoke_penalty for f in figures] == [0, 300, 0, 100]
    # The penalty still counts in the points: they add up to the total.
    assert figures[1].points_sum == 2 * 19 - 300
    assert figures[1].contracts.made == 2
    # A career adds them up over games.
    again = whist.figures.recorded(PAGAT, 0, game.players, hands[:1], key=2)
    career = whist.figures.careers([game, again])["Bat"]
    assert (career.figures.revokes, career.figures.revoke_penalty) == (4, 400)


# --- the pages ----------------------------------------------------------------------------


@pytest.fixture
def revoked(client, make_game, post_hand):
    """The worked example with West caught revoking once, and a second hand with two
    revokes for East; returns the game's id."""
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=1000)
    assert post_hand(game_id, key, ONE_REVOKE).status_code == 201
    assert post_hand(game_id, key, WORKED_EXAMPLE, revokes=[0, 0, 0, 2]).status_code == 201
    return game_id


def test_the_scoreboard_shows_a_made_contract_and_the_revoke_apart(client, revoked):
    html = client.get(f"/games/{revoked}").get_data(as_text=True)
    west = cell(html, 1, 1)
    assert west == (
        f'<td class="m"><span class="e">3/3</span> '
        f'<a class="why" href="/games/{revoked}/hands/1/why#s1"><i>+19</i></a>'
        '<span class="rv"><span aria-hidden="true">R '
        f'<span class="n">{MINUS}100</span></span><span class="vh">1 revoke: {MINUS}100</span>'
        f"</span><b>{MINUS}81</b></td>"
    )
    assert "rv" not in cell(html, 1, 0)
    east = cell(html, 2, 3)
    assert f'R×2 <span class="n">{MINUS}200</span>' in east
    assert f'<span class="vh">2 revokes: {MINUS}200</span>' in east
    assert '<span class="rv">R</span> revoke and its penalty' in html


def test_a_scoreboard_without_revokes_has_no_revoke_legend(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="rv"' not in html
    assert "<i>+19</i></a><b>19</b></td>" in html


def test_the_print_sheet_shows_the_revoke_apart(client, revoked):
    html = client.get(f"/games/{revoked}/print").get_data(as_text=True)
    first = re.findall(r"<tbody>(.*?)</tbody>", html, re.S)[0].split("</tr>")[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", first)
    west = cells[5 + 4 : 5 + 8]
    assert west[:2] == ["3", "3"]
    assert west[2] == (
        f'+19<span class="rv"><span aria-hidden="true">R <span class="n">{MINUS}100</span></span>'
        f'<span class="vh">1 revoke: {MINUS}100</span></span>'
    )
    assert west[3] == f"{MINUS}81"
    assert "R a caught revoke and its penalty, apart from the contract's points." in html


def test_statistics_show_revokes_and_penalties_per_player(client, revoked):
    figures = rows_of(client.get(f"/games/{revoked}/stats"), "player-figures")
    assert figures["Revokes (penalty)"] == ["0", f"1 ({MINUS}100)", "0", f"2 ({MINUS}200)"]
    career = rows_of(client.get("/players/East", follow_redirects=True), "career")
    assert career["Revokes (penalty)"] == [f"2 ({MINUS}200)"]


def test_hebrew_pages_show_the_mark_in_hebrew_and_the_penalty_left_to_right(client, revoked):
    html = client.get(f"/games/{revoked}", headers={"Accept-Language": "he"}).get_data(True)
    assert f'רנ׳ <span class="n">{MINUS}100</span>' in cell(html, 1, 1)
    # The penalty keeps left to right inside the Hebrew words: "−100", never "100−".
    assert f'<span class="vh">רנונס אחד: \u2066{MINUS}100\u2069</span>' in cell(html, 1, 1)


def test_the_csv_adds_contract_points_and_revoke_penalty_at_the_end(client, revoked):
    text = client.get(f"/games/{revoked}/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[-4:] == ["points", "total", "contract_points", "revoke_penalty"]
    first = [r for r in rows if r["hand"] == "1"]
    assert [r["points"] for r in first] == ["-20", "-81", "-10", "-40"]
    assert [r["contract_points"] for r in first] == ["-20", "19", "-10", "-40"]
    assert [r["revoke_penalty"] for r in first] == ["0", "100", "0", "0"]
    assert [r["revokes"] for r in first] == ["0", "1", "0", "0"]
    for row in rows:
        assert int(row["points"]) == int(row["contract_points"]) - int(row["revoke_penalty"])


def test_the_csv_of_a_thrown_in_deal_scores_nothing(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    assert post_hand(game_id, key, {"thrown_in": True, "frisch_rounds": 0}).status_code == 201
    text = client.get(f"/games/{game_id}/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {(r["contract_points"], r["revoke_penalty"], r["points"]) for r in rows} == {
        ("0", "0", "0")
    }
