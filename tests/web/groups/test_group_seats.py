"""A group's pages cost what the group holds (issue 35): a name's seats are sought within
its group (``players.group_id`` and ``seat_changes.group_id``, indexed group first by
migration m016), never among every seat the name has on the server.

The plans are asserted, not timed: every statement a group's page of a name runs reads
the name's seats through the group's index, and the figures stay each group's own."""

from __future__ import annotations

import pytest

from scorekeeper import db
from tests.support.app import join_group, trace_statements
from tests.support.web.groups.group_seats import assert_seats_by_group, plans, seat_groups, start

COMMON = "Noa"


@pytest.fixture
def database(tmp_path):
    opened = db.migrate(str(tmp_path / "seats.db"))
    yield opened
    opened.close()


def test_every_seat_carries_its_games_group_as_it_is_written_and_moved(database):
    club = db.create_group(database, "Club")[0].id
    other = db.create_group(database, "Other")[0].id
    first = start(database, club, [COMMON, "Avi", "Dana", "Eli"])
    second = start(database, other, [COMMON, "Maya", "Omer", "Gil"])
    db.change_seat(database, second, 1, "Rina")
    rows = seat_groups(database)
    assert len(rows) == 9
    assert all(seat == game for _, _, seat, game in rows)
    assert {(game, seat) for _, game, seat, _ in rows} >= {(first, club), (second, other)}
    # A script moves a game to another group: its seats go with it.
    database.execute("UPDATE games SET group_id = ? WHERE id = ?", [club, second])
    assert all(seat == game == club for _, _, seat, game in seat_groups(database))


def test_a_common_names_figures_are_each_groups_own(database):
    club = db.create_group(database, "Club")[0].id
    other = db.create_group(database, "Other")[0].id
    ours = start(database, club, [COMMON, "Avi", "Dana", "Eli"])
    for _ in range(3):
        start(database, other, ["Maya", COMMON, "Omer", "Gil"])
    # Noa takes a seat mid-game in the other group, and leaves one in ours.
    substituted = start(database, other, ["Maya", "Omer", "Gil", "Rina"])
    db.change_seat(database, substituted, 3, COMMON)
    db.change_seat(database, ours, 0, "Tamar")
    assert db.player_record(database, COMMON, club).games == 1
    assert db.player_record(database, COMMON, other).games == 4
    assert db.player_record(database, COMMON).games == 5
    assert [g.id for g in db.player_games(database, COMMON, 10, group_id=club)] == [ours]
    assert len(db.player_games(database, COMMON, 10, group_id=other)) == 4
    assert db.latest_games(database, [COMMON], 1, 10_000, group_id=club).ids == [ours]
    assert db.latest_games(database, [COMMON, "Maya"], 2, 10_000, group_id=club).ids == []
    assert db.latest_games(database, [COMMON, "Maya"], 2, 10_000, group_id=other).total == 4
    assert [g.game.id for g in db.history(database, player=COMMON, group_id=club)] == [ours]
    assert db.count_history(database, player=COMMON, group_id=other) == 4
    assert db.count_history(database, player="Tamar", group_id=club) == 1


@pytest.mark.parametrize(
    "read",
    [
        lambda d, g: db.player_records(d, COMMON, g),
        lambda d, g: db.player_games(d, COMMON, 20, group_id=g),
        lambda d, g: db.latest_games(d, [COMMON, "Avi"], 2, 500, "israeli-whist", group_id=g),
        lambda d, g: db.history(d, player=COMMON, group_id=g, limit=20),
        lambda d, g: db.count_history(d, player=COMMON, group_id=g),
    ],
    ids=["records", "games", "latest", "history", "count"],
)
def test_a_groups_reads_of_a_name_seek_the_groups_seats(database, read):
    club = db.create_group(database, "Club")[0].id
    start(database, club, [COMMON, "Avi", "Dana", "Eli"])
    statements: list[str] = []
    database.conn.set_trace_callback(statements.append)
    read(database, club)
    database.conn.set_trace_callback(None)
    assert_seats_by_group(plans(database, statements))


def test_a_players_page_seeks_only_its_groups_seats(client, monkeypatch, app):
    with app.app_context():
        database = db.get_db()
        club = db.create_group(database, "Club")[0].id
        other = db.create_group(database, "Other")[0].id
        start(database, club, [COMMON, "Avi", "Dana", "Eli"])
        start(database, other, [COMMON, "Maya", "Omer", "Gil"])
    join_group(client, group_id=club)
    statements = trace_statements(monkeypatch)
    page = client.get(f"/groups/{club}/players/{COMMON}")
    monkeypatch.undo()
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Avi" in text and "Maya" not in text
    database = db.open_database(app.config["DATABASE"])
    try:
        assert_seats_by_group(plans(database, statements))
    finally:
        database.close()
