"""A long game's pages cost their output, not a replay (issue 35).

``GET /api/games/<id>`` pages over the hands (``?hands_after=n&limit=k``), the whole game's
head (totals, state) on every page, explanations on request (``?explain=1``); without
paging it answers the whole body as before. A game's statistics page is kept per game
version (``game_stats``, migration m016) and read, not replayed, while the game is
unchanged. Behaviour is asserted, never time: the pages join to the whole game exactly,
and a page reads only its own hands.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper import db
from scorekeeper.engine.registry import GAMES, table_game
from tests.support.app import trace_statements
from tests.support.stored import join
from tests.support.web.games.long_game_pages import assert_joins_to_whole, pages, stored_game

LONG = 1000


def test_a_thousand_hand_games_pages_join_to_the_whole_game(app, client, monkeypatch):
    game_id, group, _key = stored_game(app, "spades", LONG)
    join(client, group)
    whole = client.get(f"/api/games/{game_id}").get_json()
    assert len(whole["hands"]) == LONG and all("explain" in h for h in whole["hands"])
    assert "next" not in whole and "hands_after" not in whole
    assert whole["totals"] == whole["hands"][-1]["totals"] and whole["bags"]
    assert_joins_to_whole(whole, pages(client, game_id, 300, explain=True), 300, True)
    assert_joins_to_whole(whole, pages(client, game_id, 100, explain=False), 100, False)
    # A page reads its own hands only, whatever the game's length: 5 of 1,000.
    statements = trace_statements(monkeypatch)
    body = client.get(f"/api/games/{game_id}?hands_after=600&limit=5&explain=1").get_json()
    monkeypatch.undo()
    assert [h["number"] for h in body["hands"]] == [601, 602, 603, 604, 605]
    assert body["hands"] == whole["hands"][600:605]
    assert body["next"].endswith(f"/api/games/{game_id}?hands_after=605&limit=5&explain=1")
    reads = [s for s in statements if re.search(r"\bFROM hands h\b", s)]
    assert reads and all("BETWEEN 601 AND 605" in s for s in reads), reads


@pytest.mark.parametrize("key", list(GAMES))
def test_every_games_pages_join_to_the_whole_game(app, client, key):
    hands = 99 if key == "oh-hell" else 60
    game = table_game(key, 4)
    if game.lasting(hands + 1) is None:  # a game that cannot last: played to its end,
        # or (ended by play, with no limit: Phase 10) the few hands it always plays.
        hands = game.hand_limit(game.preset(game.default_preset)) or 5
    game_id, group, _key = stored_game(app, key, hands)
    join(client, group)
    whole = client.get(f"/api/games/{game_id}").get_json()
    assert len(whole["hands"]) == hands
    assert_joins_to_whole(whole, pages(client, game_id, 7, explain=True), 7, True)
    # Past the last hand: no hands, the head as ever, no next page.
    past = client.get(f"/api/games/{game_id}?hands_after={hands + 5}").get_json()
    assert past["hands"] == [] and past["next"] is None and past["totals"] == whole["totals"]
    # The whole form asked for without explanations.
    bare = client.get(f"/api/games/{game_id}?explain=0").get_json()
    assert bare["hands"] == [{k: v for k, v in h.items() if k != "explain"} for h in whole["hands"]]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("hands_after=-1", "hands_after"),
        ("hands_after=x", "hands_after"),
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("limit=1&explain=yes", "explain"),
        ("explain=2", "explain"),
    ],
)
def test_a_bad_page_is_refused_naming_its_field(app, client, query, field):
    game_id, group, _key = stored_game(app, "any-game", 3)
    join(client, group)
    answer = client.get(f"/api/games/{game_id}?{query}")
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field


def test_a_page_of_a_game_nobody_may_read_is_not_found(app, client):
    game_id, _group, _key = stored_game(app, "any-game", 3)
    for query in ("", "?hands_after=0&limit=2"):
        assert client.get(f"/api/games/{game_id}{query}").status_code == 404
    assert client.get(f"/api/games/{game_id + 1}?limit=2").status_code == 404


def test_a_games_statistics_are_kept_until_it_changes(app, client, monkeypatch):
    game_id, group, key = stored_game(app, "israeli-whist", 40)
    join(client, group)
    first = client.get(f"/games/{game_id}/stats").get_data(as_text=True)
    # Asked again, in this process or the next (its cache forgotten): the stored
    # statistics, the same page, and no hand read.
    for forget in (False, True):
        if forget:
            db.figures.clear_cache()
        statements = trace_statements(monkeypatch)
        again = client.get(f"/games/{game_id}/stats").get_data(as_text=True)
        monkeypatch.undo()
        assert again == first
        assert not [s for s in statements if "FROM hands" in s], statements
    # A change to the game is a new version: its statistics are worked out again, and
    # are those of the game as it is now, as worked out from nothing.
    gone = client.delete(
        f"/api/games/{game_id}/hands/40", headers={"Authorization": f"Bearer {key}"}
    )
    assert gone.status_code == 200, gone.get_json()
    changed = client.get(f"/games/{game_id}/stats").get_data(as_text=True)
    assert changed != first
    with app.app_context():
        database = db.get_db()
        assert database.execute("SELECT count(*) FROM game_stats").fetchone()[0] == 1
        database.execute("DELETE FROM game_stats")
        database.conn.commit()
    db.figures.clear_cache()
    assert client.get(f"/games/{game_id}/stats").get_data(as_text=True) == changed


def test_a_long_games_whole_body_is_kept_until_it_changes(app, client, monkeypatch):
    """``GET /api/games/<id>`` asked again reads the game's row, not its hands, while the
    game is at the same version (issue 66: a 1,000-hand game within 50 ms); the answer is
    the one worked out from nothing, byte for byte, and a change is seen at once."""
    from scorekeeper.web.api import routes

    game_id, group, key = stored_game(app, "israeli-whist", 60)
    join(client, group)
    url = f"/api/games/{game_id}"
    first = client.get(url).get_data()
    for explain in ("", "?explain=0"):
        client.get(url + explain)
    statements = trace_statements(monkeypatch)
    again = client.get(url).get_data()
    monkeypatch.undo()
    assert again == first
    assert not [s for s in statements if re.search(r"\bFROM hands\b", s)], statements
    routes.WHOLE_HANDS.clear()
    assert client.get(url).get_data() == first
    assert client.get(url + "?explain=0").get_json()["hands"][0].keys() == (
        {k for k in client.get(url).get_json()["hands"][0] if k != "explain"}
    )
    # A hand deleted: a new version, seen at once; a stranger still reads nothing.
    auth = {"Authorization": f"Bearer {key}"}
    assert client.delete(f"{url}/hands/60", headers=auth).status_code == 200
    changed = client.get(url).get_json()
    assert len(changed["hands"]) == 59
    assert changed["totals"] == changed["hands"][-1]["totals"]
    assert app.test_client().get(url).status_code == 404
