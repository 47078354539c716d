"""Groups in the data layer (issue 21): a group's key, invite and name; every game in a
group, with its own view token; the lists the web shows, scoped to a group."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace

import pytest

from scorekeeper import db, game_play, transfer
from scorekeeper.engine.core.seating import SeatChange
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.db.groups_db import bits, start
from tests.support.groups_db import (
    database,  # noqa: F401  (fixtures)
    kept_names,
    recounted,
)
from tests.support.shared import IW

PAGAT = IW.preset("pagat-german")


# --- groups -----------------------------------------------------------------------------


def test_a_new_database_has_no_group(database):
    assert db.list_groups(database) == []


def test_a_new_group_has_its_name_a_key_and_an_invite(database):
    group, key = db.create_group(database, "  Thursday   night\u200e ")
    assert group.name == "Thursday night"
    assert group.member_epoch == 1 and group.created_at
    assert bits(key) >= 128 and bits(group.invite) >= 128 and key != group.invite
    assert db.load_group(database, group.id) == group
    assert db.group_by_invite(database, group.invite) == group
    assert db.list_groups(database) == [group]
    # The key is kept only as its hash.
    stored = database.execute("SELECT * FROM groups").fetchone()
    assert key not in stored and group.key_hash in stored


def test_a_group_name_is_cleaned_and_may_be_the_default(database):
    assert db.create_group(database, None)[0].name is None
    assert db.create_group(database, "   ")[0].name is None
    assert db.create_group(database, "\x00\t")[0].name is None
    long = db.create_group(database, "א" * 100)[0]
    assert long.name == "א" * db.MAX_GROUP_NAME_LENGTH == "א" * 60
    assert db.clean_group_name("a" * 59 + " b") == "a" * 59


def test_the_group_key_matches_only_itself(database):
    group, key = db.create_group(database, "Club")
    other, other_key = db.create_group(database, "Club")
    assert db.group_key_matches(group, key)
    assert not db.group_key_matches(group, other_key)
    assert not db.group_key_matches(other, key)
    for wrong in (None, "", key[:-1], key + "x", "x" * 10_000, group.key_hash, group.invite):
        assert not db.group_key_matches(group, wrong)


def test_a_new_group_key_revokes_the_old_one(database):
    group, key = db.create_group(database, "Club")
    new_key = db.replace_group_key(database, group.id)
    renewed = db.load_group(database, group.id)
    assert new_key != key and bits(new_key) >= 128
    assert db.group_key_matches(renewed, new_key)
    assert not db.group_key_matches(renewed, key)
    assert renewed.invite == group.invite  # members and invites are not the key's business


def test_a_new_invite_stops_the_old_one_and_keeps_the_members(database):
    group, _key = db.create_group(database, "Club")
    invite = db.new_invite(database, group.id)
    assert invite != group.invite and bits(invite) >= 128
    assert db.group_by_invite(database, group.invite) is None
    renewed = db.group_by_invite(database, invite)
    assert renewed.id == group.id
    assert renewed.member_epoch == group.member_epoch  # phones that joined stay
    assert renewed.key_hash == group.key_hash


def test_invites_that_are_no_invite_find_nothing(database):
    db.create_group(database, "Club")
    for invite in (None, "", "x", "%", "a" * 10_000, 12):
        assert db.group_by_invite(database, invite) is None


def test_renaming_a_group(database):
    group, _key = db.create_group(database, "Club")
    assert db.rename_group(database, group.id, "  The   club ") == "The club"
    assert db.load_group(database, group.id).name == "The club"
    assert db.rename_group(database, group.id, "") is None  # back to "Our table"
    assert db.load_group(database, group.id).name is None


@pytest.mark.parametrize("group_id", [0, -1, 99, 2**63])
def test_an_unknown_group_is_not_found(database, group_id):
    db.create_group(database, "Club")
    assert db.load_group(database, group_id) is None
    with pytest.raises(db.NotFound):
        db.rename_group(database, group_id, "x")
    with pytest.raises(db.NotFound):
        db.new_invite(database, group_id)
    with pytest.raises(db.NotFound):
        db.replace_group_key(database, group_id)


def test_invites_are_unique(database):
    group, _key = db.create_group(database, "A")
    other, _key = db.create_group(database, "B")
    with pytest.raises(sqlite3.IntegrityError), database.conn:
        database.execute(
            "UPDATE groups SET invite_hash = (SELECT invite_hash FROM groups WHERE id = ?) "
            "WHERE id = ?",
            [group.id, other.id],
        )


# --- games in groups --------------------------------------------------------------------


def test_a_game_is_in_its_group_with_its_own_view_token(database):
    group, _key = db.create_group(database, "Club")
    first = db.load_game(database, start(database, group.id))
    second = db.load_game(database, start(database, group.id))
    assert first.group_id == second.group_id == group.id
    assert first.view_token != second.view_token
    assert bits(first.view_token) >= 128 and bits(second.view_token) >= 128
    assert db.game_by_view_token(database, first.view_token) == first
    assert db.game_by_view_token(database, second.view_token).id == second.id


def test_a_view_token_that_is_no_token_finds_nothing(database):
    group, _key = db.create_group(database, "Club")
    game = db.load_game(database, start(database, group.id))
    for token in (None, "", game.view_token[:-1], "1", str(game.id), "x" * 10_000, 5):
        assert db.game_by_view_token(database, token) is None


def test_a_game_needs_a_group_that_exists(database):
    with pytest.raises(TypeError):
        db.create_game(database, SEAT_NAMES, "pagat-german", PAGAT, 0)  # no group_id
    with pytest.raises(sqlite3.IntegrityError):
        db.create_game(database, SEAT_NAMES, "pagat-german", PAGAT, 0, group_id=7)
    assert db.list_games(database) == []


def test_the_view_token_survives_every_write_but_a_new_edit_link_and_export_leaves_it_out(
    database,
):
    group, _key = db.create_group(database, "Club")
    game_id = start(database, group.id)
    token = db.load_game(database, game_id).view_token
    game_play.add_hand(database, game_id, WORKED_EXAMPLE)
    db.set_game_details(database, game_id, "Friday", "notes")
    game = db.load_game(database, game_id)
    assert (game.view_token, game.group_id, game.hand_count) == (token, group.id, 1)
    # A new edit link makes a new view link too (issue 29): whoever held the edit link
    # could read the view link.
    db.replace_edit_key(database, game_id)
    game = db.load_game(database, game_id)
    assert game.view_token != token and (game.group_id, game.hand_count) == (group.id, 1)
    token = game.view_token
    exported = transfer.export_json(database)
    assert token not in exported and group.invite not in exported
    assert "group" not in json.loads(exported)["games"][0]
    assert token not in transfer.export_csv(database)


# --- import ------------------------------------------------------------------------------


def test_an_import_goes_into_a_new_group_of_its_own_or_the_one_given(database, tmp_path):
    club, _key = db.create_group(database, "Club")
    start(database, club.id)
    start(database, club.id, ["נועה", "דוד", "מיכל", "יוסי"])
    text = transfer.export_json(database)

    other = db.migrate(str(tmp_path / "other.db"))
    try:
        stored = transfer.import_file(other, text)
        groups = db.list_groups(other)
        assert len(groups) == 1 and groups[0].name is None
        assert {db.load_game(other, new).group_id for _, new, _ in stored} == {groups[0].id}
        again = transfer.import_file(other, text)
        assert len(db.list_groups(other)) == 2
        second = {db.load_game(other, new).group_id for _, new, _ in again}
        assert len(second) == 1 and second != {groups[0].id}
        into, _key = db.create_group(other, "Into")
        chosen = transfer.import_file(other, text, into.id)
        assert {db.load_game(other, new).group_id for _, new, _ in chosen} == {into.id}
        assert len(db.list_groups(other)) == 3
        tokens = [g.view_token for g in db.list_games(other, limit=100)]
        assert len(set(tokens)) == len(tokens) == 6
    finally:
        other.close()


def test_an_import_into_an_unknown_group_stores_nothing(database):
    club, _key = db.create_group(database, "Club")
    start(database, club.id)
    text = transfer.export_json(database)
    with pytest.raises(db.NotFound):
        transfer.import_file(database, text, 99)
    assert len(db.list_games(database)) == 1
    assert db.list_groups(database) == [club]


def test_a_failed_import_leaves_no_group_behind(database):
    club, _key = db.create_group(database, "Club")
    start(database, club.id)
    game = transfer.read_file(transfer.export_json(database))[0]
    # The second game names one seat change twice (which no file passes: read_file
    # refuses it): it fails in the import's transaction, after the import's new group and
    # the first game were stored.
    change = SeatChange(from_hand=2, seat=1, name="Eve")
    twice = [game, replace(game, changes=(change, change))]
    with pytest.raises(sqlite3.IntegrityError):
        db.import_games(database, twice)
    assert db.list_groups(database) == [club]
    assert len(db.list_games(database)) == 1


# --- lists scoped to a group -------------------------------------------------------------


@pytest.fixture
def two_groups(database):
    """Group A: two games of Ann, Bob, Cy and Dee (one finished by hand), Eve in one of
    them from hand 2; group B: one game of Ann, Zed, Yael and Xu."""
    a, _key = db.create_group(database, "A")
    b, _key = db.create_group(database, "B")
    target = PAGAT.with_changes({"target": 15})
    first, _ = db.create_game(database, ["Ann", "Bob", "Cy", "Dee"], "p", target, 0, group_id=a.id)
    game_play.add_hand(database, first, WORKED_EXAMPLE)  # reaches 15: finished
    second = start(database, a.id, ["Ann", "Bob", "Cy", "Dee"])
    game_play.add_hand(database, second, WORKED_EXAMPLE)
    db.change_seat(database, second, 3, "Eve")
    third = start(database, b.id, ["Ann", "Zed", "Yael", "Xu"])
    game_play.add_hand(database, third, WORKED_EXAMPLE)
    return a.id, b.id, (first, second, third)


def test_list_games_is_scoped_to_a_group(database, two_groups):
    a, b, (first, second, third) = two_groups
    assert [g.id for g in db.list_games(database)] == [third, second, first]
    assert [g.id for g in db.list_games(database, group_id=a)] == [second, first]
    assert [g.id for g in db.list_games(database, group_id=b)] == [third]
    assert [g.id for g in db.list_games(database, group_id=a, limit=1)] == [second]
    assert [g.id for g in db.list_games(database, group_id=a, before=second)] == [first]
    assert db.load_game(database, first).status == "finished"
    assert [g.id for g in db.list_games(database, "finished", group_id=a)] == [first]
    assert [g.id for g in db.list_games(database, "in_progress", group_id=a)] == [second]
    assert db.list_games(database, "finished", group_id=b) == []
    assert db.list_games(database, group_id=99) == []


def test_the_group_scoped_list_reads_the_group_index(database, two_groups):
    a, _b, _games = two_groups
    plan = database.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM games WHERE group_id = ? AND id < ? "
        "ORDER BY id DESC LIMIT 20",
        [a, db.MAX_ID],
    ).fetchall()
    assert any("idx_games_group_id" in row[-1] for row in plan), plan


def test_names_and_history_are_scoped_to_a_group(database, two_groups):
    a, b, (first, second, third) = two_groups
    assert db.player_names(database) == ["Ann", "Bob", "Cy", "Dee", "Eve", "Xu", "Yael", "Zed"]
    assert db.player_names(database, a) == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert db.player_names(database, b) == ["Ann", "Xu", "Yael", "Zed"]
    assert db.player_names(database, 99) == []
    # kept names follow a new game in the group
    start(database, b, ["Wim", "Zed", "Yael", "Xu"])
    assert db.player_names(database, b) == ["Ann", "Wim", "Xu", "Yael", "Zed"]
    assert db.player_names(database, a) == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert set(db.known_player_names(database, group_id=a)) == {"Ann", "Bob", "Cy", "Dee", "Eve"}
    assert db.known_player_names(database, group_id=b)[0] in {"Wim", "Zed", "Yael", "Xu"}
    assert "Bob" not in db.known_player_names(database, group_id=b)
    assert [x.game.id for x in db.history(database, group_id=a)] == [second, first]
    assert [x.game.id for x in db.history(database, player="Ann", group_id=b)] == [third]
    assert db.history(database, player="Bob", group_id=b) == []
    assert db.count_history(database, group_id=a) == 2
    assert db.count_history(database, player="Ann") == 3
    assert db.count_history(database, player="Ann", group_id=b) == 1
    assert db.count_history(database, group_id=b) == 2


def test_a_players_record_and_games_are_scoped_to_a_group(database, two_groups):
    a, b, (first, second, third) = two_groups
    everywhere = db.player_record(database, "Ann")
    assert everywhere.games == 3
    assert db.player_record(database, "Ann", a).games == 2
    assert db.player_record(database, "Ann", a).finished == 1
    assert db.player_record(database, "Ann", b) == db.PlayerRecord(1, 0, 0)
    assert db.player_records(database, "Bob", b) == {}
    assert db.player_records(database, "Eve", a)["israeli-whist"].games == 1
    assert [g.id for g in db.player_games(database, "Ann", 10)] == [third, second, first]
    assert [g.id for g in db.player_games(database, "Ann", 10, group_id=a)] == [second, first]
    assert [g.id for g in db.player_games(database, "Ann", 1, 1, group_id=a)] == [first]
    assert [g.id for g in db.player_games(database, "Eve", 10, group_id=a)] == [second]
    assert db.player_games(database, "Eve", 10, group_id=b) == []


def test_the_latest_games_of_names_are_scoped_to_a_group(database, two_groups):
    a, b, (first, second, third) = two_groups
    assert db.latest_games(database, ["Ann", "Bob"], 1, 10_000).ids == [first, second, third]
    assert db.latest_games(database, ["Ann", "Bob"], 1, 10_000, group_id=a).ids == [
        first,
        second,
    ]
    assert db.latest_games(database, ["Ann"], 1, 10_000, group_id=b).ids == [third]
    assert db.latest_games(database, ["Ann", "Bob"], 2, 10_000, group_id=b).total == 0


def test_the_export_queries_are_scoped_to_a_group(database, two_groups):
    a, b, (first, second, third) = two_groups
    edited = {**WORKED_EXAMPLE, "tricks": [1, 3, 7, 2]}
    game_play.replace_hand(database, third, 1, edited)  # a second revision, in group B
    assert db.count_games(database) == (3, 3)
    assert db.count_games(database, group_id=a) == (2, 2)
    assert db.count_games(database, first, first, group_id=b) == (0, 0)
    assert db.game_kinds(database, group_id=b) == {"israeli-whist"}
    assert db.game_kinds(database, group_id=99) == set()
    assert [(p.first, p.last, p.games) for p in db.split_games(database, 1, a)] == [
        (first, first, 1),
        (second, second, 1),
    ]
    assert [(p.first, p.last, p.games) for p in db.split_games(database, 10, b)] == [
        (third, third, 1)
    ]
    everything = {e.game.id: e for e in db.iter_games(database)}
    in_a = list(db.iter_games(database, group_id=a))
    in_b = list(db.iter_games(database, group_id=b))
    assert [e.game.id for e in in_a] == [first, second]
    assert [e.game.id for e in in_b] == [third]
    for exported in in_a + in_b:
        assert exported == everything[exported.game.id]
    assert len(in_b[0].revisions) == 2 and len(in_b[0].hands) == 1
    assert list(db.iter_games(database, third, third, group_id=a)) == []


# --- each group's names, kept by the seats' triggers (m012) ---------------------------------


def test_each_group_s_names_follow_every_seat_written_and_removed(database, two_groups):
    a, b, (_first, second, third) = two_groups
    assert kept_names(database) == recounted(database)
    assert ("Eve" in db.player_names(database, a)) and "Eve" not in db.player_names(database, b)
    # A seat change for the next hand, then replaced before it: Fay in, Gil replaces her.
    db.change_seat(database, third, 2, "Fay")
    assert "Fay" in db.player_names(database, b) and kept_names(database) == recounted(database)
    db.change_seat(database, third, 2, "Gil")
    names = db.player_names(database, b)
    assert "Gil" in names and "Fay" not in names
    assert kept_names(database) == recounted(database)
    # Gil plays the third game's next hand, which is then undone.
    game_play.add_hand(database, third, WORKED_EXAMPLE)
    assert "Gil" in db.player_names(database, b)
    game_play.delete_last_hand(database, third, db.load_game(database, third).hand_count)
    assert kept_names(database) == recounted(database)
    # An import into a group counts its seats there, in the import's transaction.
    text = transfer.export_json(database, second)  # Eve sits in from hand 2
    transfer.import_file(database, text, b)
    assert {"Bob", "Eve"} <= set(db.player_names(database, b))
    assert kept_names(database) == recounted(database)
    # A game moved to another group (a script's doing) takes its names along.
    with db.writing(database):
        database.execute("UPDATE games SET group_id = ? WHERE id = ?", [a, third])
    assert "Zed" in db.player_names(database, a) and "Zed" not in db.player_names(database, b)
    assert kept_names(database) == recounted(database)
    # The newest game carrying a name leads the suggestions.
    newest = start(database, a, ["Hila", "Bob", "Cy", "Dee"])
    assert db.known_player_names(database, group_id=a)[0] in {"Hila", "Bob", "Cy", "Dee"}
    assert dict((r[1], r[3]) for r in kept_names(database) if r[0] == a)["Hila"] == newest
    assert kept_names(database) == recounted(database)


def test_the_name_suggestions_read_the_group_s_names_not_its_seats(database, two_groups):
    a, _b, _games = two_groups
    plan = database.execute(
        "EXPLAIN QUERY PLAN SELECT name FROM group_names WHERE group_id = ? "
        "ORDER BY last_game DESC, name LIMIT 200",
        [a],
    ).fetchall()
    details = " ".join(row[-1] for row in plan)
    assert "group_names" in details and "players" not in details and "SCAN" not in details, plan


def test_a_players_game_ids_are_their_games_newest_first_in_the_group(database, two_groups):
    # Issue 82: a player's page keeps their games' ids and reads a page of them by id.
    a, b, (first, second, third) = two_groups
    assert db.player_game_ids(database, "Ann") == [third, second, first]
    assert db.player_game_ids(database, "Ann", a) == [second, first]
    assert db.player_game_ids(database, "Eve", a) == [second]
    assert db.player_game_ids(database, "Eve", b) == []
    every = db.player_games(database, "Ann", 10)
    assert db.games_by_id(database, [first, third]) == [every[0], every[2]]
    assert db.games_by_id(database, [second, 10**9]) == [every[1]]
    assert db.games_by_id(database, []) == []
