"""Looking back, what spans the review's pages: a game's name and notes through the API, no
new page changing anything, the chart's style and the scoreboard's chart, the scoreboard's
links. Each page's own tests are in the module named for its view (test_history.py,
test_stats_pages.py, test_players.py, test_notes.py, test_downloads.py).

Every figure on a page is checked against hands worked out by hand: GAME (in
tests/support/review.py, with the ``played`` fixture) is the game of
tests/games/israeli_whist/test_stats.py (its docstring has the table), so the numbers
here are the same.
"""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

from tests.support.pages import hand_form
from tests.support.review import (
    played,  # noqa: F401  (fixtures)
    text_of,
)
from tests.support.stored import viewed
from tests.support.web.review.review import chart_points, dump

# --- name and notes through the API ---------------------------------------------------------------


def test_api_patch_sets_name_and_notes(client, played):
    game_id, key = played[0], played[1]
    auth = {"Authorization": f"Bearer {key}"}
    response = client.patch(f"/api/games/{game_id}", json={"name": "Final"}, headers=auth)
    assert response.status_code == 200
    assert response.get_json() == {"id": game_id, "name": "Final", "notes": None}
    response = client.patch(f"/api/games/{game_id}", json={"notes": "Rematch"}, headers=auth)
    assert response.get_json() == {"id": game_id, "name": "Final", "notes": "Rematch"}
    state = client.get(viewed(client, game_id)).get_json()
    assert (state["name"], state["notes"]) == ("Final", "Rematch")
    response = client.patch(f"/api/games/{game_id}", json={"name": None}, headers=auth)
    assert response.get_json()["name"] is None


@pytest.mark.parametrize(
    ("body", "headers", "status", "field"),
    [
        ({"name": "x"}, {}, 403, "authorization"),
        ({"name": "x"}, {"Authorization": "Bearer wrong"}, 403, "authorization"),
        ({"name": "x" * 81}, None, 422, "name"),
        ({"notes": 7}, None, 422, "notes"),
        ({"name": ["x"]}, None, 422, "name"),
        ({"players": []}, None, 422, "players"),
        ([1, 2], None, 400, "body"),
    ],
)
def test_api_patch_refuses_bad_requests(client, played, body, headers, status, field):
    game_id, key = played[0], played[1]
    headers = {"Authorization": f"Bearer {key}"} if headers is None else headers
    response = client.patch(f"/api/games/{game_id}", json=body, headers=headers)
    assert response.status_code == status
    assert response.get_json()["field"] == field


def test_api_patch_of_an_unknown_game(client):
    response = client.patch("/api/games/999", json={"name": "x"})
    assert response.status_code == 404


# --- no GET changes anything --------------------------------------------------------------


def test_no_new_page_changes_anything(app, client, played):
    game_id = played[0]
    before = dump(app)
    for path in [
        "/history",
        "/history?player=Gil&from=2000-01-01&to=2100-01-01",
        "/history?from=bad",
        "/players",
        "/players?player=Dana&player=Gil",
        "/players/Dana",
        f"/games/{game_id}/stats",
        f"/games/{game_id}/details",
        f"/games/{game_id}/print",
        "/sheets/blank?rules=elhanani",
        f"/games/{game_id}/export.json",
        "/export.csv",
    ]:
        assert client.get(path).status_code < 500, path
    assert dump(app) == before


# --- the chart's style -------------------------------------------------------------------


def test_the_chart_style_is_allowed_by_the_content_security_policy(client, played):
    response = client.get("/players/Dana", follow_redirects=True)
    policy = response.headers["Content-Security-Policy"]
    style = re.search(r"<style>(.*?)</style>", text_of(response), re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy


# --- the scoreboard's chart ---------------------------------------------------------------


def test_the_scoreboard_charts_running_totals_and_follows_each_change(editor):
    client, game_id = editor
    assert 'class="skc"' not in text_of(client.get(f"/games/{game_id}"))
    client.post(f"/games/{game_id}/hands/new", data=hand_form(number=1))
    client.get(f"/games/{game_id}")  # the page with the message "saved", never cached
    first = text_of(client.get(f"/games/{game_id}"))
    assert chart_points(first) == [2, 2, 2, 2]
    assert text_of(client.get(f"/games/{game_id}")) == first  # served from the cache
    client.post(f"/games/{game_id}/hands/new", data=hand_form(number=2))
    assert chart_points(text_of(client.get(f"/games/{game_id}"))) == [3, 3, 3, 3]
    client.post(f"/games/{game_id}/details", data={"name": "Renamed", "notes": ""})
    assert "Renamed" in text_of(client.get(f"/games/{game_id}"))


def test_scoreboard_links_print_statistics_and_export(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    page = text_of(client.get(f"/games/{game_id}"))
    for path in ("print", "stats", "export.csv", "export.json"):
        assert f'href="/games/{game_id}/{path}"' in page
