"""Helpers of tests/web/club/test_lists.py."""

from __future__ import annotations

from scorekeeper import db
from tests.support.club_pages import WIN, sign_list
from tests.support.club_roles import NINE, club_night, edit_key_of


def member_named(app, group_id: int, label: str):
    """A phone that joined the group under ``label``, its name in the group."""
    with app.app_context():
        group = db.load_group(db.get_db(), group_id)
    phone = app.test_client()
    answer = phone.post(f"/join/{group.invite}", data={"label": label})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return phone


def correct_hand(club, phone, table, number: int = 2):
    """Hand ``number`` of the table's list corrected on ``phone`` (which records it),
    through the API with its edit key: an odd deal's win, 80 card points."""
    key = edit_key_of(phone, table.game_id)
    hand = {"declarer": 0, **WIN, "declarer_points": 80}
    answer = phone.put(
        f"/api/games/{table.game_id}/hands/{number}",
        json=hand,
        headers={"Authorization": f"Bearer {key}"},
    )
    assert answer.status_code == 200, answer.get_json()


def table_with_a_guest(club):
    """The first table of series 1 where a player has a phone of the group and another
    has none (a guest): (the table, the member, the guest), its list played through on
    the organiser's phone, which records it."""
    night, games = club.stored()
    for table in night.tables_of(1):
        players = games[table.game_id].players
        members = [n for n in players if n in club.phones]
        guests = [n for n in players if n not in club.phones]
        if members and guests:
            club.play(club.organiser, table, {})
            return table, members[0], guests[0]
    raise AssertionError("no table has both a member and a guest")


def signed_list(tmp_path):
    """A Skat night of nine whose organiser's phone records every table (Anna and Bruno
    have phones of the group), a table with a member and a guest played through, and
    its list signed by the member on their phone and the guest at the table's phone:
    (the night, the table, the member, the guest)."""
    club = club_night(tmp_path, tuple(NINE[:2]))
    club.start()
    table, member, guest = table_with_a_guest(club)
    assert sign_list(club.phones[member], table.game_id, member).status_code == 302
    assert sign_list(club.organiser, table.game_id, guest).status_code == 302
    return club, table, member, guest
