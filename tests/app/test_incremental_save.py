"""A hand save does O(1) work (issue 12): it scores the new hand from the state stored
with the last one, and never replays the game. These tests hold the stored states to a
full replay from scratch, after any sequence of adds, edits, deletes, seat changes and
"finish now", in both games; count the statements of a save in a short and a long game;
and upgrade a database from before the states were stored.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import db, game_play
from scorekeeper.engine.registry import get_game
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config, game_in_new_group, trace_statements
from tests.support.incremental_save import (
    BW,
    IW,
    _pool,
    apply,
    check_against_replay,
    statements_of_a_save,
)
from tests.support.shared import NAMES

FIXTURES = Path(__file__).parents[1] / "fixtures"


# Small targets and limits, so that random games end, tie and get finished early.
IW_SETTINGS = {
    "play_on": IW.preset("standard").with_changes({"target": 150}),
    "shared": IW.preset("pagat-german").with_changes(
        {"target": 120, "hand_limit": 6, "tie_at_end": "shared"}
    ),
}
BW_SETTINGS = {
    "target": BW.preset("bid-whist").with_changes({"target": 21}),
    "deal_limit": BW.preset("bid-whist").with_changes({"target": 31, "deal_limit": 8}),
    "boston": BW.preset("bid-whist").with_changes({"target": 25, "boston": "wins_game"}),
}
POOLS = {
    ("israeli-whist", name): _pool(IW, s, seed=i) for i, (name, s) in enumerate(IW_SETTINGS.items())
} | {
    ("bid-whist", name): _pool(BW, s, seed=10 + i)
    for i, (name, s) in enumerate(BW_SETTINGS.items())
}
SETTINGS = {("israeli-whist", n): s for n, s in IW_SETTINGS.items()} | {
    ("bid-whist", n): s for n, s in BW_SETTINGS.items()
}


OPS = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 39)),
    st.tuples(st.just("add"), st.integers(0, 39)),
    st.tuples(st.just("add"), st.integers(0, 39)),
    st.tuples(st.just("edit"), st.integers(1, 30), st.integers(0, 39)),
    st.tuples(st.just("delete"), st.integers(0, 3)),
    st.tuples(st.just("seat"), st.integers(0, 3), st.integers(0, 3)),
    st.tuples(st.just("finish"), st.just(0)),
)


@pytest.mark.parametrize("kind", sorted(SETTINGS))
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    ops=st.lists(OPS, min_size=1, max_size=30),
    first_dealer=st.integers(0, 3),
    start=st.sampled_from([None, (5, -3)]),
)
def test_stored_states_equal_a_full_replay_after_any_changes(
    tmp_path_factory, kind, ops, first_dealer, start
):
    key, _name = kind
    rules = get_game(key)
    database = db.migrate(str(tmp_path_factory.mktemp("states") / "s.db"))
    try:
        starting = None if start is None else (start if len(rules.sides) == 2 else (*start, 0, 0))
        game_id, _ = game_in_new_group(
            database,
            NAMES,
            "custom",
            SETTINGS[kind],
            first_dealer,
            game=key,
            starting_totals=starting,
        )
        for op in ops:
            apply(database, game_id, POOLS[kind], op)
            check_against_replay(database, game_id)
    finally:
        database.close()


@pytest.mark.parametrize("kind", sorted(SETTINGS))
def test_resuming_from_any_hands_state_scores_the_rest_as_a_replay(kind):
    """The engine alone: from the state after hand k, the hands after k score exactly as
    in a replay of the whole game, and ``replay`` is resume from the start."""
    key, _name = kind
    rules, settings_ = get_game(key), SETTINGS[kind]
    pool = POOLS[kind]
    # The longest prefix of the pool the game takes before it ends.
    records: list = []
    for record in pool:
        records.append(record)
        if rules.replay(settings_, 1, records).status == "finished":
            break
    whole = rules.replay(settings_, 1, records)
    assert len(whole.hands) >= 3
    for k, replayed in enumerate(whole.hands):
        resumed = rules.resume(settings_, replayed.state.to_dict(), records[k + 1 :])
        assert resumed.hands == whole.hands[k + 1 :]
        assert resumed.state.to_dict() == whole.state.to_dict()
        assert (resumed.totals, resumed.status, resumed.winner, resumed.next_number) == (
            whole.totals,
            whole.status,
            whole.winner,
            whole.next_number,
        )
    start = rules.replay(settings_, 1, []).state.to_dict()
    assert rules.resume(settings_, start, records).hands == whole.hands
    if whole.status == "finished":
        with pytest.raises(ValueError, match="after the game ended"):
            rules.resume(settings_, whole.state.to_dict(), [pool[0]])


def test_a_state_the_game_did_not_write_is_refused():
    for rules in (IW, BW):
        settings_ = rules.preset(rules.default_preset)
        with pytest.raises(ValueError, match="state"):
            rules.resume(settings_, {"totals": [1, 2]}, [])


# --- the work of one save ------------------------------------------------------------------


def test_a_hand_posts_statements_do_not_grow_with_the_hands_before_it(tmp_path, monkeypatch):
    short = statements_of_a_save(tmp_path / "short", monkeypatch, 5)
    long = statements_of_a_save(tmp_path / "long", monkeypatch, 200)
    assert len(short) == len(long)
    assert [s.split()[0] for s in short] == [s.split()[0] for s in long]
    # Not one statement reads every hand of the game.
    assert not [s for s in long if "FROM hands h JOIN games" in s and "h.number = ?" not in s]


def test_the_form_save_reads_no_hand_before_the_new_one(tmp_path, monkeypatch):
    """The web form's save (GET the form, POST it) runs as many statements in a game of 5
    hands as in one of 60."""
    from scorekeeper.web import create_app
    from tests.support.pages import hand_form

    counts = []
    for hands in (5, 60):
        app = create_app(app_config(tmp_path / str(hands)))
        client = app.test_client()
        created = client.post(
            "/api/games", json={"players": NAMES, "rules": "pagat-german", "target": 10_000}
        ).get_json()
        game_id, key = created["id"], created["edit_key"]
        auth = {"Authorization": f"Bearer {key}"}
        for _ in range(hands):
            client.post(f"/api/games/{game_id}/hands", json=WORKED_EXAMPLE, headers=auth)
        client.get(f"/games/{game_id}/edit/{key}")
        statements = trace_statements(monkeypatch)
        assert client.get(f"/games/{game_id}/hands/new").status_code == 200
        response = client.post(f"/games/{game_id}/hands/new", data=hand_form(number=hands + 1))
        assert response.status_code == 302
        monkeypatch.undo()
        counts.append(len(statements))
    assert counts[0] == counts[1]


# --- a database from before the states were stored -----------------------------------------


def test_an_upgraded_database_fills_its_states_on_the_first_save(tmp_path):
    path = tmp_path / "v3.db"
    shutil.copy(FIXTURES / "scorekeeper-v3.db", path)
    database = db.migrate(str(path))
    try:
        games = [
            row[0]
            for row in database.execute(
                "SELECT id FROM games WHERE hand_count > 0 AND status = 'in_progress'"
            )
        ]
        assert games, "the fixture has a game in progress with hands"
        missing = database.execute("SELECT count(*) FROM hands WHERE state IS NULL").fetchone()[0]
        assert missing == database.execute("SELECT count(*) FROM hands").fetchone()[0] > 0
        game_id = games[0]
        game = db.load_game(database, game_id)
        before = game_play.progress_of(game, db.load_hands(database, game_id))
        number, progress, _revision = game_play.add_hand(database, game_id, before.hands[-1].record)
        assert number == game.hand_count + 1
        check_against_replay(database, game_id)
        assert (
            progress.totals
            == game_play.progress_of(
                db.load_game(database, game_id), db.load_hands(database, game_id)
            ).totals
        )
        # Only that game was replayed; the others keep their hands as they were.
        assert (
            database.execute(
                "SELECT count(*) FROM hands WHERE state IS NULL AND game_id = ?", [game_id]
            ).fetchone()[0]
            == 0
        )
        for other in database.execute("SELECT id FROM games").fetchall():
            if database.execute(
                "SELECT count(*) FROM hands WHERE game_id = ?", [other[0]]
            ).fetchone()[0]:
                game_play.fill_states(database, other[0])
                check_against_replay(database, other[0])
    finally:
        database.close()


def test_a_hand_without_a_state_is_filled_before_an_edit(tmp_path):
    """A state lost (or never written, as by an older version) is rebuilt by a replay, and
    the edit then resumes from it."""
    database = db.migrate(str(tmp_path / "lost.db"))
    try:
        settings_ = IW_SETTINGS["play_on"]
        game_id, _ = game_in_new_group(
            database,
            NAMES,
            "custom",
            settings_,
            2,
            game="israeli-whist",
        )
        for record in POOLS[("israeli-whist", "play_on")][:6]:
            game_play.add_hand(database, game_id, record)
        database.execute("UPDATE hands SET state = NULL WHERE game_id = ?", [game_id])
        database.conn.commit()
        game_play.replace_hand(database, game_id, 3, POOLS[("israeli-whist", "play_on")][20])
        check_against_replay(database, game_id)
    finally:
        database.close()


def test_a_state_column_is_plain_json_for_sql_readers(tmp_path):
    database = db.migrate(str(tmp_path / "plain.db"))
    try:
        game_id, _ = game_in_new_group(
            database,
            NAMES,
            "bid-whist",
            BW_SETTINGS["target"],
            0,
            game="bid-whist",
        )
        game_play.add_hand(database, game_id, POOLS[("bid-whist", "target")][0])
        database.close()
        conn = sqlite3.connect(tmp_path / "plain.db")
        try:
            totals = conn.execute(
                "SELECT json_extract(state, '$.totals') FROM hands WHERE number = 1"
            ).fetchone()[0]
        finally:
            conn.close()
        record = POOLS[("bid-whist", "target")][0]
        expected = BW.replay(BW_SETTINGS["target"], 0, [record]).totals
        assert json.loads(totals) == list(expected)
    finally:
        database.close()
