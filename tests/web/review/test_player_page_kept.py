"""A player's page reads over all their games once per state of the group (issue 66): their
careers and rating histories are kept for the group's count of games and sum of versions
(``db.group_state``), so a page read again while nothing changed reads one index, not every
game and rating the player has; any change in the group (a hand, a new game) is seen at
once, and the page is the one worked out from nothing."""

from __future__ import annotations

from datetime import timedelta

from scorekeeper import db
from scorekeeper.web.review import players
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
