"""The ratings' pages (issue 22): a group's ratings page per game kind, the chances for a
seating and the fairest partnerships New game asks for, and a player's rating chart,
over every registered game; members only, a bad ``game`` refused naming it."""

from __future__ import annotations

import html as markup
import re
from urllib.parse import quote

import pytest

from scorekeeper import db
from scorekeeper.engine import GAMES
from scorekeeper.engine.ratings import has_partners
from scorekeeper.web.review import ratings as ratings_view
from scorekeeper.web.review.ratings import ratings_rows
from tests.support.app import join_group
from tests.support.ratings_play import Table
from tests.support.web.review.ratings import cells, finish_one

FOUR = ["Noa", "Avi", "Dana", "Gil"]


@pytest.fixture
def table(client):
    found = Table(client)
    join_group(client, group_id=found.id)
    return found


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_every_registered_games_ratings_page_chances_and_player_chart(table, game):
    players = finish_one(table, game)
    client = table.client
    page = client.get(f"/groups/{table.id}/ratings?game={game.key}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    api = client.get(f"/api/groups/{table.id}/ratings?game={game.key}", headers=table.auth)
    expected = api.get_json()["ratings"]
    rows = cells(html, "ratings")[1:]
    assert [row[1] for row in rows] == [r["player"] for r in expected]
    for row, rating in zip(rows, expected, strict=True):
        assert row[2].startswith(f"{rating['rating']:.1f}".replace("-", "−"))
        assert "provisional" in row[2]  # one game: under 5
        assert row[3] == "1"
        assert "± " in row[2]
    assert 'id="ratings-note"' in html
    assert "over the last game" in html

    # The chances for the seating as played, each side's, as the library predicts them.
    query = "&".join(f"player={quote(name)}" for name in players)
    answer = client.get(f"/groups/{table.id}/ratings/chances?game={game.key}&{query}")
    assert answer.status_code == 200, answer.get_json()
    assert answer.headers["Cache-Control"] == "private, no-store"
    found = answer.get_json()
    database = db.open_database(str(client.application.config["DATABASE"]))
    try:
        predicted = db.predict_win(database, table.id, game.key, players)
        fairest = (
            db.fairest_partnerships(database, table.id, game.key, players)
            if has_partners(game.key, len(players))
            else None
        )
    finally:
        database.close()
    assert [side["chance"] for side in found["sides"]] == pytest.approx(list(predicted))
    assert sum(side["chance"] for side in found["sides"]) == pytest.approx(1)
    sides = game.seated(len(players)).sides
    assert [side["players"] for side in found["sides"]] == [
        [players[seat] for seat in side] for side in sides
    ]
    if fairest is None:
        assert found["fairest"] is None
    else:
        assert found["fairest"]["seating"] == list(fairest.seating)
        assert [s["chance"] for s in found["fairest"]["sides"]] == pytest.approx(
            list(fairest.chances)
        )
    # The same, without JavaScript, on the ratings page from New game's own fields.
    fields = "&".join(f"player_{seat}={quote(name)}" for seat, name in enumerate(players))
    shown = client.get(f"/groups/{table.id}/ratings?game={game.key}&{fields}")
    assert shown.status_code == 200
    assert 'id="chances"' in shown.get_data(as_text=True)

    # The player's page charts their rating in this kind.
    player = client.get(f"/groups/{table.id}/players/{quote(players[0])}")
    assert player.status_code == 200
    text = player.get_data(as_text=True)
    chart = text.split('id="rating-chart"', 1)[1].split("</figure>", 1)[0]
    assert "<title>Rating after each game</title>" in chart
    assert chart.count("<polyline") == 2  # the line and its label's stub
    assert chart.count('<circle class="e"') == 1  # where the line ends
    summary = cells(text, "rating-summary")
    assert summary[1][1] == "1"
    mine = next(r for r in expected if r["player"] == players[0])
    assert summary[1][3] == f"{mine['rating']:.1f}".replace("-", "−")
    assert f"{summary[1][0]}: 1 game," in markup.unescape(chart)  # the chart's description
    # Its line is named by the game, whole in every language ("Israeli Whi…" before), on
    # lines broken between words.
    for language in ("en", "he", "de"):
        text = client.get(
            f"/groups/{table.id}/players/{quote(players[0])}",
            headers={"Accept-Language": language},
        ).get_data(as_text=True)
        chart = text.split('id="rating-chart"', 1)[1].split("</figure>", 1)[0]
        assert "…" not in chart, language
        label = re.search(r'<g class="l [^>]*>.*?(<text .*?</text>)</g>', chart).group(1)
        lines = [markup.unescape(line) for line in re.findall(r">([^<>]+)<", label)]
        kind = cells(text, "rating-summary")[1][0]
        letters = "".join("".join(lines).replace("\u200f", "").split())
        assert letters == "".join(kind.split()), language


def test_the_player_chart_has_a_line_per_kind_and_the_table_ranks_with_trend(table):
    for points in ([4, 3, 2, 1], [4, 3, 2, 1], [1, 2, 3, 4]):
        table.sheet(FOUR, points)
    finish_one(table, GAMES["spades"], FOUR)
    html = table.client.get(f"/groups/{table.id}/ratings?game=any-game").get_data(as_text=True)
    rows = cells(html, "ratings")[1:]
    assert [row[3] for row in rows] == ["3"] * 4
    trend = html.split('class="trend"', 2)[1]
    assert "over the last 3 games" in trend and "<svg" in trend
    # A game chooser among the kinds the group has ratings in.
    chooser = html.split('id="choose-kind"', 1)[1].split("</form>", 1)[0]
    assert re.findall(r'<option value="([^"]+)"', chooser) == ["spades", "any-game"]
    page = table.client.get(f"/groups/{table.id}/players/Noa").get_data(as_text=True)
    chart = page.split('id="rating-chart"', 1)[1].split("</figure>", 1)[0]
    assert chart.count('<g class="l ') == 2  # Spades and the round sheet
    assert len(cells(page, "rating-summary")) == 3


def test_the_ratings_lines_are_drawn_once_per_state_of_the_group(table, monkeypatch):
    # Issue 82: a club's ratings page has hundreds of lines, drawn once a state of the
    # group (its count of games and sum of versions), not on every view.
    for points in ([4, 3, 2, 1], [1, 2, 3, 4]):
        table.sheet(FOUR, points)
    url = f"/groups/{table.id}/ratings?game=any-game"
    first = table.client.get(url).get_data(as_text=True)
    assert [row[3] for row in cells(first, "ratings")[1:]] == ["2"] * 4
    drawn = []
    monkeypatch.setattr(
        ratings_view, "ratings_rows", lambda *a: drawn.append(a) or ratings_rows(*a)
    )
    assert table.client.get(url).get_data(as_text=True) == first
    assert drawn == []
    # Kept per language: the Hebrew lines are their own.
    hebrew = table.client.get(url, headers={"Accept-Language": "he"}).get_data(as_text=True)
    assert len(drawn) == 1 and hebrew != first
    assert table.client.get(url).get_data(as_text=True) == first
    # Another finished game is a new state: its lines are drawn again, at once.
    table.sheet(FOUR, [2, 4, 1, 3])
    changed = table.client.get(url).get_data(as_text=True)
    assert [row[3] for row in cells(changed, "ratings")[1:]] == ["3"] * 4
    assert len(drawn) == 2


def test_fairest_partnerships_seat_strong_with_weak(table):
    spades = GAMES["spades"]
    # After two games of the same partnerships, the fairest are at least as even.
    for _ in range(2):
        finish_one(table, spades, FOUR)
    answer = table.client.get(
        f"/groups/{table.id}/ratings/chances?game=spades&player=Noa&player=Avi"
        "&player=Dana&player=Gil"
    ).get_json()
    fairest = answer["fairest"]
    gap = lambda sides: abs(sides[0]["chance"] - sides[1]["chance"])  # noqa: E731
    assert gap(fairest["sides"]) <= gap(answer["sides"])
    assert sorted(fairest["seating"]) == sorted(["Noa", "Avi", "Dana", "Gil"])


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("game=chess", "game"),
        ("game=", "game"),
        ("game=spades&player=A&player=B", "player"),
        ("game=spades&player=A&player=A&player=B&player=C", "player"),
        ("game=spades&player=" + "x" * 200, "player"),
    ],
)
def test_bad_queries_are_400_naming_the_field(table, query, field):
    answer = table.client.get(f"/groups/{table.id}/ratings/chances?{query}")
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field
    if query.startswith("game=chess"):
        page = table.client.get(f"/groups/{table.id}/ratings?{query}")
        assert page.status_code == 400
        assert "Cannot show game: there is no game called chess" in page.get_data(as_text=True)


def test_no_ratings_yet_says_so(table):
    html = table.client.get(f"/groups/{table.id}/ratings").get_data(as_text=True)
    assert 'id="no-ratings"' in html


def test_links_from_the_group_history_and_players(table):
    for path in ("", "/history", "/players"):
        html = table.client.get(f"/groups/{table.id}{path}").get_data(as_text=True)
        assert f'href="/groups/{table.id}/ratings"' in html, path


def test_a_stranger_and_another_groups_member_get_404(app, table):
    table.sheet(FOUR, [4, 3, 2, 1])
    paths = [
        f"/groups/{table.id}/ratings?game=any-game",
        f"/groups/{table.id}/ratings/chances?game=any-game&player=Noa&player=Avi",
        f"/groups/{table.id}/players/Noa",
    ]
    stranger = app.test_client()
    other = app.test_client()
    elsewhere = Table(other)
    join_group(other, group_id=elsewhere.id)
    for client in (stranger, other):
        for path in paths:
            assert client.get(path).status_code == 404, path
    for path in paths:
        assert table.client.get(path).status_code == 200, path


@pytest.mark.parametrize("key", list(GAMES))
def test_new_game_asks_for_the_chances_only_where_the_group_has_ratings(table, key):
    new_game = f"/games/new?game={key}&group={table.id}"
    assert 'id="chances"' not in table.client.get(new_game).get_data(as_text=True)
    finish_one(table, GAMES[key])
    html = table.client.get(new_game).get_data(as_text=True)
    url = re.search(r'id="chances" data-url="([^"]+)"', html)[1]
    assert markup.unescape(url) == f"/groups/{table.id}/ratings/chances?game={key}"
    assert ('id="seat-fairest"' in html) == has_partners(key)
    # Without JavaScript, the form's own button shows the chances on the ratings page.
    button = re.search(r'<button[^>]*id="see-chances"[^>]*>', html)[0]
    assert f'formaction="/groups/{table.id}/ratings"' in button
    assert 'formmethod="get"' in button and f'value="{key}"' in button
