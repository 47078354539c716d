"""A long game's scoreboard: the last hands, and every hand on request (issue 12).

A game of a thousand hands must not hand every phone a thousand-row table at each
update, so the scoreboard shows the last ``RECENT_HANDS`` and links to all of them.
"""

from __future__ import annotations

import re

from scorekeeper import game_play
from scorekeeper.engine.core.display import signed
from scorekeeper.web.games.routes import RECENT_HANDS
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.web.games.long_game import HANDS, long_game, row_numbers


def test_the_scoreboard_shows_the_last_hands_and_links_to_all(client, make_game, post_hand):
    game_id = long_game(client, make_game, post_hand)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert row_numbers(html) == list(range(HANDS - RECENT_HANDS + 1, HANDS + 1))
    assert f"Hands 1–{HANDS - RECENT_HANDS} are not shown." in html
    assert f'href="/games/{game_id}?all=1#h1">Show all {HANDS} hands' in html
    # The running totals and the last hand's delete link are the whole game's.
    assert f"Delete hand {HANDS}" in html
    assert f'data-live="/games/{game_id}/live"' in html
    # Each row's links are the hand's own routes (built once for the rows, not per row).
    assert f'<a href="/games/{game_id}/hands/{HANDS}/edit">{HANDS}</a>' in html
    assert f'href="/games/{game_id}/hands/{HANDS}/why#s3"' in html

    every = client.get(f"/games/{game_id}?all=1").get_data(as_text=True)
    assert row_numbers(every) == list(range(1, HANDS + 1))
    assert f"Show only the last {RECENT_HANDS} hands" in every
    assert f'data-live="/games/{game_id}/live?all=1"' in every
    live = client.get(f"/games/{game_id}/live?all=1").get_data(as_text=True)
    assert row_numbers(live) == list(range(1, HANDS + 1))
    assert row_numbers(client.get(f"/games/{game_id}/live").get_data(as_text=True)) == list(
        range(HANDS - RECENT_HANDS + 1, HANDS + 1)
    )


def test_a_game_within_the_window_shows_every_hand_and_no_link(client, make_game, post_hand):
    game_id = long_game(client, make_game, post_hand, hands=3)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert row_numbers(html) == [1, 2, 3]
    assert "are not shown" not in html and "Show all" not in html
    assert "Show only the last" not in client.get(f"/games/{game_id}?all=1").get_data(as_text=True)


def test_the_two_views_are_cached_apart(client, make_game, post_hand):
    game_id = long_game(client, make_game, post_hand)
    client.get(f"/games/{game_id}")  # shows the edit link's message once, never cached
    first = client.get(f"/games/{game_id}")
    every = client.get(f"/games/{game_id}?all=1")
    assert first.headers["ETag"] != every.headers["ETag"]
    assert len(row_numbers(client.get(f"/games/{game_id}").get_data(as_text=True))) == RECENT_HANDS


def test_the_scoreboard_reads_stored_totals_and_states_as_a_replay_gives_them(tmp_path):
    """Every game of a database from before the states were stored (both games, thrown-in
    deals, finish-now, edits): the chart's stored totals, and the last hands resumed from
    the state before them, are what a full replay gives."""
    import itertools
    import shutil
    from pathlib import Path

    from scorekeeper import db

    path = tmp_path / "v3.db"
    shutil.copy(Path(__file__).parents[2] / "fixtures" / "scorekeeper-v3.db", path)
    database = db.migrate(str(path))
    try:
        ids = [row[0] for row in database.execute("SELECT id FROM games ORDER BY id")]
        assert {db.load_game(database, i).game for i in ids} == {"israeli-whist", "bid-whist"}
        # The last 2 hands of games of 1 and 3 hands (totals read from the progress when
        # it holds every hand, from the stored rows when it does not), and every hand.
        for game_id, last in itertools.product(ids, (2, None)):
            game, progress, totals = game_play.load_scoreboard(database, game_id, last=last)
            whole = game_play.progress_of(game, db.load_hands(database, game_id))
            assert totals == [hand.totals for hand in whole.hands]
            assert progress.hands == whole.hands[-(last or len(whole.hands)) :]
            assert (progress.totals, progress.status, progress.winner, progress.next_number) == (
                whole.totals,
                whole.status,
                whole.winner,
                whole.next_number,
            )
    finally:
        database.close()


def test_a_hands_own_pages_read_that_hand_not_the_game(client, make_game, post_hand, monkeypatch):
    """The "why" page (behind every points cell), the edit and delete pages and a stale
    edit's 409 read the hand they are about (the 409 also the hands after it), not every
    hand of the game; and they show what the whole game gives."""
    from scorekeeper.db import hands as stored

    game_id, key = make_game("israeli-whist", rules="pagat-german", target=100_000)
    for _ in range(30):
        assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    whole = client.get(f"/api/games/{game_id}").get_json()
    read = []
    parse = stored.stored_hand
    monkeypatch.setattr(stored, "stored_hand", lambda row: read.append(row["number"]) or parse(row))

    why = client.get(f"/games/{game_id}/hands/5/why").get_data(as_text=True)
    assert read == [5]
    assert [signed(p) for p in whole["hands"][4]["points"]] == re.findall(
        r'</bdi></b> <span dir="ltr">([^<]+)</span>', why
    )

    read.clear()
    edit = client.get(f"/games/{game_id}/hands/5/edit").get_data(as_text=True)
    assert read == [5]
    dealer = whole["players"][whole["hands"][4]["dealer"]]
    assert f"\u2068{dealer}\u2069 deals" in edit

    read.clear()
    assert client.get(f"/games/{game_id}/hands/30/delete").status_code == 200
    assert read == [30]

    read.clear()
    hand = {k: whole["hands"][27][k] for k in ("declarer", "bid", "contracts", "tricks")}
    stale = client.put(
        f"/api/games/{game_id}/hands/28",
        json={**hand, "revision": 7},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert stale.status_code == 409
    assert stale.get_json()["hand"] == whole["hands"][27]
    # The save reads hands 28 on to check the edit; the answer hand 28 and, to resume, 28 on.
    assert sorted(read) == [28, 28, 28, 29, 29, 30, 30]
