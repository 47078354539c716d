"""A player's page reads over all their games once per state of the group (issue 66): their
careers and rating histories are kept for the group's count of games and sum of versions
(``db.group_state``), so a page read again while nothing changed reads one index, not every
game and rating the player has; any change in the group (a hand, a new game) is seen at
once, and the page is the one worked out from nothing. What the page draws of them (the
rating chart, a page of games) is kept so too (issue 82)."""

from __future__ import annotations

from datetime import timedelta

from scorekeeper import db
from scorekeeper.web.review import players, service
from tests.support.app import trace_statements
from tests.support.evenings import NAMES, START, sheet, store_in
from tests.support.web.review.player_page_kept import page_text

FINISHED = [[10, 5, 0], [20, 0, 5], [30, 10, 0]]


def test_a_players_page_is_read_once_per_state_of_the_group(client, monkeypatch):
    games = [sheet(FINISHED, NAMES[:3], START + timedelta(days=day)) for day in range(6)]
    group_id, ids = store_in(client, *games)
    url = f"/groups/{group_id}/players/{NAMES[0]}"
    first = page_text(client, url)
    assert "|Games|6|Finished games won|6/6 (100%)|" in first
    assert "Any other game: 6 games" in first
    statements = trace_statements(monkeypatch)
    again = page_text(client, url)
    monkeypatch.undo()
    assert again == first
    over_games = [s for s in statements if "count(DISTINCT g.id)" in s or "rating_history" in s]
    assert over_games == [], over_games
    # Forgotten, the page is worked out again alike.
    players.PLAYER_DATA.clear()
    assert page_text(client, url) == first
    # A new finished game in the group is a new state: seen at once.
    database = db.open_database(client.application.config["DATABASE"])
    try:
        before = db.group_state(database, group_id)
        later = sheet(FINISHED, NAMES[:3], START + timedelta(days=9))
        db.import_games(database, [later], group_id)
        assert db.group_state(database, group_id) != before
    finally:
        database.close()
    changed = page_text(client, url)
    assert "|Games|7|Finished games won|7/7 (100%)|" in changed
    assert "Any other game: 7 games" in changed


def test_a_players_chart_and_games_are_drawn_once_per_state_of_the_group(client, monkeypatch):
    # Issue 82: a ten-year regular's rating chart draws a thousand ratings, and their page
    # of games read the games; both are drawn once a state of the group, not every view.
    games = [sheet(FINISHED, NAMES[:3], START + timedelta(days=day)) for day in range(25)]
    group_id, ids = store_in(client, *games)
    url = f"/groups/{group_id}/players/{NAMES[0]}"
    first = client.get(url).get_data(as_text=True)
    assert first.count("Game ") >= 20 and f"Game {ids[-1]}" in first
    assert f"Game {ids[4]}" not in first  # the sixth oldest is on page 2
    second_page = client.get(f"{url}?page=2").get_data(as_text=True)
    assert f"Game {ids[4]}" in second_page and f"Game {ids[5]}" not in second_page
    charts = []
    monkeypatch.setattr(service, "ratings_svg", lambda *a, **k: charts.append(a) or "")
    statements = trace_statements(monkeypatch)
    assert client.get(url).get_data(as_text=True) == first
    assert client.get(f"{url}?page=2").get_data(as_text=True) == second_page
    assert charts == []
    read_games = [s for s in statements if "FROM games g JOIN players p" in s]
    assert read_games == [], read_games
    # Kept per language: the Hebrew page is its own, and the English one stays English.
    hebrew = client.get(url, headers={"Accept-Language": "he"}).get_data(as_text=True)
    assert hebrew != first and 'lang="he"' in hebrew
    assert client.get(url).get_data(as_text=True) == first
    monkeypatch.undo()
    # A new game in the group is a new state: its chart and games are drawn again.
    database = db.open_database(client.application.config["DATABASE"])
    try:
        later = sheet(FINISHED, NAMES[:3], START + timedelta(days=40))
        (newest, _key), *_ = db.import_games(database, [later], group_id)
    finally:
        database.close()
    changed = client.get(url).get_data(as_text=True)
    assert f"Game {newest}" in changed and changed != first
    assert page_text(client, url).count("|26|") >= 1  # its games, and its rated games
