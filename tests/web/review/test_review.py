"""Looking back: history, statistics pages, head-to-head, name and notes, export links.

Every figure on a page is checked against hands worked out by hand: GAME below is the game
of tests/games/israeli_whist/test_stats.py (its docstring has the table), so the numbers
here are the same.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from babel.dates import format_date

from scorekeeper.db import get_db
from scorekeeper.web import create_app
from scorekeeper.web.review.history import duration_text
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config
from tests.support.pages import hand_form
from tests.support.review import MINUS, rows_of, text_of
from tests.support.stored import one_group, viewed

NAMES = ["Avi", "Bat", "Gil", "Dana"]
THROWN_IN = {"thrown_in": True, "frisch_rounds": 0}
GAME = [
    WORKED_EXAMPLE,
    THROWN_IN,
    {"declarer": 0, "bid": "5S", "contracts": [5, 4, 0, 3], "tricks": [5, 4, 0, 4]},
    {"declarer": 1, "bid": "6H", "contracts": [5, 6, 3, 0], "tricks": [6, 6, 1, 0]},
    {"declarer": 3, "bid": "8NT", "contracts": [5, 2, 1, 8], "tricks": [4, 1, 0, 8]},
    {"declarer": 0, "bid": "5D", "contracts": [5, 0, 0, 7], "tricks": [5, 2, 0, 6]},
]
# The second game: the worked example alone, target 15, so Dana (seat 1) wins with 19.
SECOND_SEATS = ["Bat", "Dana", "Avi", "Gil"]


# Figures a page may keep for the next one (db/figures.py): a cache of what the hands
# give, each row valid only for its game's version, never the players' data.
DERIVED_TABLES = {"game_figures", "game_stats"}


def dump(app) -> list:
    with app.app_context():
        database = get_db()
        return [
            list(database[t].rows)
            for t in sorted(database.table_names())
            if t not in DERIVED_TABLES
        ]


@pytest.fixture
def played(client, make_game, post_hand):
    """(GAME's id and key, the second game's id)."""
    first, key = make_game("israeli-whist", rules="pagat-german", players=NAMES, first_dealer=0)
    for hand in GAME:
        assert post_hand(first, key, hand).status_code == 201
    second, key2 = make_game("israeli-whist", rules="pagat-german", players=SECOND_SEATS, target=15)
    assert post_hand(second, key2, WORKED_EXAMPLE).status_code == 201
    return first, key, second


# --- one game's statistics ----------------------------------------------------------------


def test_game_statistics_show_each_figure(client, played):
    response = client.get(f"/games/{played[0]}/stats")
    assert response.status_code == 200
    figures = rows_of(response, "player-figures")
    assert figures["Figure"] == NAMES
    assert figures["Total"] == ["30", "41", "60", "44"]
    assert figures["Hands played"] == ["5"] * 4
    assert figures["Contracts made"] == ["2/5 (40%)", "3/5 (60%)", "2/5 (40%)", "2/5 (40%)"]
    assert figures["Zero bids made"] == ["–", "0/1 (0%)", "2/2 (100%)", "1/2 (50%)"]
    assert figures["Declarer contracts made"] == [
        "2/2 (100%)",
        "1/1 (100%)",
        "0/1 (0%)",
        "1/1 (100%)",
    ]
    assert figures["Average contract"] == ["4.4", "3.0", "2.2", "3.6"]
    assert figures["Average points per hand"] == ["+6.0", "+8.2", "+12.0", "+8.8"]
    assert figures["Best hand"] == ["+35 (hand 3)", "+46 (hand 4)", "+50 (hand 3)", "+74 (hand 5)"]
    assert figures["Worst hand"] == [
        f"{MINUS}20 (hand 1)",
        f"{MINUS}40 (hand 6)",
        f"{MINUS}20 (hand 4)",
        f"{MINUS}40 (hand 1)",
    ]
    assert figures["Last bidder"] == ["1", "1", "1", "2"]
    assert figures["Hurt by the forbidden number"] == ["0", "0", "0", "1"]


def test_game_statistics_show_the_over_under_split(client, played):
    summary = rows_of(client.get(f"/games/{played[0]}/stats"), "game-figures")
    assert summary["Hands"] == ["6 (5 played, 1 thrown in)"]
    assert summary["Over / under hands"] == ["2 / 3"]
    assert summary["Contracts made in over hands"] == ["3/8 (38%)"]
    assert summary["Contracts made in under hands"] == ["6/12 (50%)"]


def test_worked_example_statistics(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    response = client.get(f"/games/{game_id}/stats")
    figures = rows_of(response, "player-figures")
    assert figures["Total"] == [f"{MINUS}20", "19", f"{MINUS}10", f"{MINUS}40"]
    assert figures["Contracts made"] == ["0/1 (0%)", "1/1 (100%)", "0/1 (0%)", "0/1 (0%)"]
    assert rows_of(response, "game-figures")["Over / under hands"] == ["0 / 1"]


def test_a_game_without_hands_has_statistics_without_numbers(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    figures = rows_of(client.get(f"/games/{game_id}/stats"), "player-figures")
    assert figures["Contracts made"] == ["–"] * 4 and figures["Best hand"] == ["–"] * 4


# --- players ------------------------------------------------------------------------------


def test_player_page_shows_career_figures(client, played):
    response = client.get("/players/Dana", follow_redirects=True)
    assert response.status_code == 200
    career = rows_of(response, "career")
    assert career["Games"] == ["2"]
    assert career["Finished games won"] == ["1/1 (100%)"]
    assert career["Hands played"] == ["6"]
    assert career["Contracts made"] == ["3/6 (50%)"]
    assert career["Zero bids made"] == ["1/2 (50%)"]
    assert career["Declarer contracts made"] == ["1/1 (100%)"]
    assert career["Average contract"] == ["3.5"]
    assert career["Average points per hand"] == ["+10.5"]
    assert career["Best hand"] == [f"+74 (game {played[0]}, hand 5)"]
    assert career["Worst hand"] == [f"{MINUS}40 (game {played[0]}, hand 1)"]
    assert career["Last bidder"] == ["3"]
    assert career["Hurt by the forbidden number"] == ["1"]


def test_player_page_charts_the_latest_game(client, played):
    page = text_of(client.get("/players/Dana", follow_redirects=True))
    chart = re.search(r'<figure class="chart"><svg.*?</svg>', page, re.S).group(0)
    labels = re.findall(r"<text [^>]*>([A-Za-z]+)</text></g>", chart)
    assert labels == SECOND_SEATS  # the second game is the latest, one line per seat
    assert f'href="/games/{played[2]}"' in page


def test_player_names_with_spaces_and_slashes_have_pages(client, make_game):
    make_game("israeli-whist", rules="pagat-german", players=["Noa / Tel Aviv", "Bob", "Cy", "Dee"])
    listing = text_of(client.get("/players", follow_redirects=True))
    link = re.search(r'href="(/groups/\d+/players/Noa[^"]+)"', listing).group(1)
    assert client.get(link).status_code == 200


@pytest.mark.parametrize("name", ["Nobody", "avi", "x" * 300, "%00"])
def test_an_unknown_player_is_not_found(client, played, name):
    response = client.get(f"/players/{name}", follow_redirects=True)
    assert response.status_code == 404
    assert "Nobody called" in text_of(response)


def test_head_to_head(client, played):
    response = client.get("/players?player=Dana&player=Gil&player=Avi", follow_redirects=True)
    assert response.status_code == 200
    table = rows_of(response, "head-to-head")
    assert table["Player"] == ["vs Dana", "vs Gil", "vs Avi"]
    dana, gil = table["Dana"], table["Gil"]
    assert dana[0] == "–"
    assert dana[1] == "1–0 in 1 finished / hands 3–3 of 6 / average margin +59.0"
    assert gil[0] == f"0–1 in 1 finished / hands 3–3 of 6 / average margin {MINUS}59.0"
    # Avi (seat 0, then seat 2) against Dana: game 2 Avi -10, Dana 19.
    assert table["Avi"][0].startswith("0–1 in 1 finished")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("player=Dana", "choose from 2 to 8 players"),
        ("player=Dana&player=Dana", "choose each player once"),
        ("player=Dana&player=Zed", "nobody called \u2068Zed\u2069 has played here"),
        ("player=Dana&player=" + "y" * 500, "nobody called"),
    ],
)
def test_head_to_head_refuses_a_tampered_choice(client, played, query, message):
    response = client.get(f"/players?{query}", follow_redirects=True)
    assert response.status_code == 400
    assert message in text_of(response)
    assert "head-to-head" not in text_of(response)


# --- history ------------------------------------------------------------------------------


def test_history_lists_every_game_with_its_facts(client, played, make_game):
    house, _ = make_game(
        "israeli-whist",
        rules="pagat-german",
        players=["Ann", "Bob", "Cy", "Dee"],
        settings={"miss_step": 5},
    )
    page = text_of(client.get("/history", follow_redirects=True))
    # The day in the page's language (words69, issue 69): "Nov 28, 2026", not 2026-11-28.
    today = format_date(datetime.now(UTC).date(), "medium", locale="en")
    items = re.findall(r"<li>(.*?)</li>", page, re.S)
    assert len(items) == 3
    newest, second, first = items
    assert "<bdi>Ann</bdi> · <bdi>Bob</bdi> · <bdi>Cy</bdi> · <bdi>Dee</bdi>" in newest
    assert "+ house rules" in newest
    assert "0 hands" in newest and "In progress" in newest and "duration –" in newest
    assert "Winner: <bdi>Dana</bdi> 19" in second and "1 hand" in second
    assert "Pagat (German page)" in second and "house rules" not in second
    assert f"Game {played[0]} · {today} · duration 0 min" in first and "6 hands" in first
    assert "<bdi>Avi</bdi> · <bdi>Bat</bdi> · <bdi>Gil</bdi> · <bdi>Dana</bdi>" in first
    assert "In progress" in first
    said = {"Accept-Language": "he"}
    in_hebrew = text_of(client.get("/history", headers=said, follow_redirects=True))
    first = re.findall(r"<li>(.*?)</li>", in_hebrew, re.S)[-1]
    assert format_date(datetime.now(UTC).date(), "medium", locale="he") in first
    assert datetime.now(UTC).date().isoformat() not in first


def test_history_filters_by_player_and_date(client, played, make_game):
    make_game("israeli-whist", rules="pagat-german", players=["Ann", "Bob", "Cy", "Dee"])
    today = datetime.now(UTC).date()
    by_player = text_of(client.get("/history?player=Gil", follow_redirects=True))
    assert len(re.findall(r"<li>", by_player)) == 2 and "Ann" not in by_player.split("<ul")[-1]
    assert '<option value="Gil" selected>\u2068Gil\u2069</option>' in by_player
    same_day = text_of(client.get(f"/history?from={today}&to={today}", follow_redirects=True))
    assert len(re.findall(r"<li>", same_day)) == 3
    later = client.get(f"/history?from={today + timedelta(days=1)}", follow_redirects=True)
    assert later.status_code == 200 and "No games match these filters." in text_of(later)
    earlier = text_of(
        client.get(f"/history?to={today - timedelta(days=1)}&player=Ann", follow_redirects=True)
    )
    assert "No games match these filters." in earlier


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("from=2024-02-30", "2024-02-30 is not a date"),
        ("to=yesterday", "yesterday is not a date"),
        ("from=20240101", "20240101 is not a date"),
        ("from=2024-05-02&to=2024-05-01", "the end date is before the start date"),
        ("player=Zed", "nobody called \u2068Zed\u2069 has played here"),
        ("player=" + "z" * 5000, "nobody called"),
        ("from=%00", "is not a date"),
    ],
)
def test_history_refuses_tampered_filters_with_a_message(client, played, query, message):
    response = client.get(f"/history?{query}", follow_redirects=True)
    assert response.status_code == 400
    assert message in text_of(response)
    assert '<ul class="games' not in text_of(response)


@pytest.mark.parametrize(
    ("first", "last", "text"),
    [
        (None, None, "–"),
        ("2024-05-01T20:00:00+00:00", "2024-05-01T20:00:59+00:00", "0 min"),
        ("2024-05-01T20:00:00+00:00", "2024-05-01T20:45:00+00:00", "45 min"),
        ("2024-05-01T20:00:00+00:00", "2024-05-01T22:05:00+00:00", "2 h 05 min"),
        ("2024-05-01T23:30:00+00:00", "2024-05-02T01:00:00+00:00", "1 h 30 min"),
    ],
)
def test_duration_is_first_to_last_hand(app, first, last, text):
    with app.test_request_context():
        assert duration_text(first, last) == text


# --- name and notes -----------------------------------------------------------------------


def test_name_and_notes_need_the_edit_key(client, played):
    assert client.get(f"/games/{played[0]}/details").status_code == 403
    response = client.post(f"/games/{played[0]}/details", data={"name": "x"})
    assert response.status_code == 403


def test_name_and_notes_are_saved_and_shown(editor):
    client, game_id = editor
    form = client.get(f"/games/{game_id}/details")
    assert form.status_code == 200 and 'name="notes"' in text_of(form)
    response = client.post(
        f"/games/{game_id}/details",
        data={"name": "  Friday   at Noa's ", "notes": "She brought\r\nthe cards.\x07"},
    )
    assert response.status_code == 302
    history = text_of(client.get("/history", follow_redirects=True))
    assert "Friday at Noa&#39;s" in history
    export = json.loads(client.get(f"/games/{game_id}/export.json").data)
    assert export["games"][0]["notes"] == "She brought\nthe cards."


@pytest.mark.parametrize(
    ("data", "field"),
    [({"name": "x" * 81, "notes": ""}, "name"), ({"name": "", "notes": "y" * 2001}, "notes")],
)
def test_name_and_notes_lengths_are_checked(editor, data, field):
    client, game_id = editor
    response = client.post(f"/games/{game_id}/details", data=data)
    assert response.status_code == 422
    assert re.search(r'class="err">[^<]*at most', text_of(response))


def test_the_details_form_is_csrf_protected(tmp_path, make_game):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    client = app.test_client()
    created = client.post("/api/games", json={"players": NAMES, "rules": "standard"}).get_json()
    client.get(f"/games/{created['id']}/edit/{created['edit_key']}")
    response = client.post(f"/games/{created['id']}/details", data={"name": "forged"})
    assert response.status_code == 400
    assert client.get(viewed(client, created["id"])).get_json()["name"] is None


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


# --- export links -------------------------------------------------------------------------


def test_export_downloads(client, played):
    one = client.get(f"/games/{played[0]}/export.csv")
    assert one.status_code == 200 and one.mimetype == "text/csv"
    assert "attachment" in one.headers["Content-Disposition"]
    assert len(one.get_data(as_text=True).splitlines()) == 1 + 6 * 4
    group_id = one_group(client, played[0], played[2])
    every = client.get(f"/groups/{group_id}/export.json")
    assert every.mimetype == "application/json"
    assert [g["id"] for g in json.loads(every.data)["games"]] == [played[0], played[2]]
    every_csv = client.get(f"/groups/{group_id}/export.csv").get_data(as_text=True)
    assert len(every_csv.splitlines()) == 1 + 7 * 4


@pytest.mark.parametrize(
    "path",
    [
        "/games/999/export.json",
        "/games/1/export.xml",
        "/games/99999999999999999999999/export.csv",
        "/games/999/stats",
        "/games/999/print",
        "/games/999/details",
        "/export.xml",
    ],
)
def test_unknown_games_and_formats_are_not_found(client, played, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Traceback" not in text_of(response)


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


def chart_points(page: str) -> list[int]:
    """How many points each line of the scoreboard's chart has."""
    chart = re.search(r'<svg[^>]*class="skc".*?</svg>', page, re.S).group(0)
    return [
        len(points.split())
        for points in re.findall(r'<polyline points="([^"]+)"/><circle class="e"', chart)
    ]


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


def test_the_players_links_are_the_routes_own_addresses(app):
    """The players' list builds its links from one address (not url_for per name): the
    same as url_for gives, for names a route must quote, under a prefix too."""
    from flask import url_for

    from scorekeeper.web.review.players import _player_links

    names = ["Ann", "דנה כהן", "a/b", "x y?z#", "100%", "O'Neil & co", "=sum", "ü"]
    with app.test_request_context("/", base_url="http://host/sub"):
        assert _player_links(names, 7) == [
            (name, url_for("review.player", name=name, group_id=7)) for name in names
        ]
