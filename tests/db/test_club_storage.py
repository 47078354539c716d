"""A club night's storage (issue 45): migration m022 on the files of every older version
(nothing lost), and a series stored all or nothing, each table an ordinary game of the
group."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper import db
from scorekeeper.db import club as stored
from scorekeeper.db.migrations import migrations
from scorekeeper.engine.club import draw_series
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.db.club_storage import THIRTEEN, _night
from tests.support.offline_sync import every_row

FIXTURES = Path(__file__).parents[1] / "fixtures"
CLUB_TABLES = (
    "club_nights",
    "club_players",
    "club_tables",
    "club_sitting_out",
    "club_confirmations",
    "club_disputes",
)


@pytest.mark.parametrize("version", ["v1", "v2", "v3", "v4"])
def test_m022_upgrades_every_older_file_with_nothing_lost(tmp_path, version):
    path = tmp_path / f"{version}.db"
    shutil.copyfile(FIXTURES / f"scorekeeper-{version}.db", path)
    database = db.connect(str(path))
    try:
        migrations.apply(database, stop_before="m022_club_nights")
        before = every_row(database)
        assert before["games"] and before["hands"]
        assert not set(CLUB_TABLES) & set(before)
        # m022 alone: the migrations after it add tables of their own (m026 renewed_tokens).
        migrations.apply(database, stop_before="m023_skat_states_with_the_lists_foot")
        after = every_row(database)
    finally:
        database.close()
    for table in CLUB_TABLES:
        assert after.pop(table) == [], table
    assert after == before
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    with app.app_context():
        assert db.list_games(db.get_db(), None, limit=100)


@pytest.fixture
def database(tmp_path):
    app = create_app(app_config(tmp_path))
    with app.app_context():
        yield db.get_db()


def test_a_series_is_stored_as_games_of_the_group(database):
    group, night = _night(database)
    drawn = draw_series(night.rules.kind, THIRTEEN, night.seed, 1)
    settings = {len(t): night.rules.table_settings(len(t)) for t in drawn.tables}
    made = stored.store_series(database, night, drawn, settings)
    night = stored.load_night(database, night.id, group.id)
    assert night.series == 1 and len(night.tables) == 4 == len(made)
    games = stored.table_games(database, night)
    assert [games[t.game_id].players for t in night.tables] == list(drawn.tables)
    assert all(games[t.game_id].group_id == group.id for t in night.tables)
    assert [games[t.game_id].settings.deals for t in night.tables] == [4, 3, 3, 3]
    in_group = {g.id for g in db.list_games(database, "in_progress", 50, group_id=group.id)}
    assert {t.game_id for t in night.tables} <= in_group


def test_a_failed_series_stores_nothing(database):
    group, night = _night(database)
    drawn = draw_series(night.rules.kind, THIRTEEN, night.seed, 1)
    games_before = database.execute("SELECT count(*) FROM games").fetchone()[0]
    # The settings of a table of three are missing: the third table fails to store.
    with pytest.raises(KeyError):
        stored.store_series(database, night, drawn, {4: night.rules.table_settings(4)})
    assert database.execute("SELECT count(*) FROM games").fetchone()[0] == games_before
    again = stored.load_night(database, night.id, group.id)
    assert again.series == 0 and again.tables == ()


def test_a_series_drawn_twice_at_once_is_stored_once(database):
    group, night = _night(database)
    drawn = draw_series(night.rules.kind, THIRTEEN, night.seed, 1)
    settings = {len(t): night.rules.table_settings(len(t)) for t in drawn.tables}
    stored.store_series(database, night, drawn, settings)
    with pytest.raises(stored.SeriesTaken):
        stored.store_series(database, night, drawn, settings)  # the same reading: series 0
    assert len(stored.load_night(database, night.id, group.id).tables) == 4


def test_late_arrivals_and_leavers_are_kept_by_series(database):
    group, night = _night(database)
    drawn = draw_series(night.rules.kind, THIRTEEN, night.seed, 1)
    settings = {n: night.rules.table_settings(n) for n in (3, 4)}
    stored.store_series(database, night, drawn, settings)
    night = stored.load_night(database, night.id, group.id)
    present = [name for name in THIRTEEN if name != "Spieler 5"] + ["Gast"]
    stored.store_series(database, night, draw_series(night.rules.kind, present, "s", 2), settings)
    night = stored.load_night(database, night.id, group.id)
    by_name = {p.name: p for p in night.players}
    assert by_name["Spieler 5"].left_after == 1
    assert by_name["Gast"].from_series == 2 and by_name["Gast"].left_after is None
    assert sorted(night.present()) == sorted(present)


def test_another_groups_night_is_none_of_this_groups(database):
    group, night = _night(database)
    other, _key = db.create_group(database, "Andere")
    assert stored.load_night(database, night.id, other.id) is None
    assert stored.load_night(database, 10**30, group.id) is None
