"""A database written before a club night's organiser became a role (issue 68) opens with
nothing lost: ``tests/fixtures/club-night-before-roles.db`` was written by the code of
b95b3a38 (``make_club_night_fixture.py`` beside it): a Skat night of nine on its
organiser's phone, series 1 played and signed, a dispute settled and one open, a hand
corrected after signing, series 2 drawn and half played; and a night started through the
API, which no phone organises. After the upgrade every night, table, hand, total,
signature and dispute is as it was, the organiser still organises its night, its
standings are the Seeger-Fabian sums worked by hand, and a player's phone takes a table
drawn before the upgrade."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from scorekeeper import db
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.club_roles import (
    NINE,
    ClubNight,
    can_record,
    plain,
    seeger_fabian,
    standings_of,
)
from tests.support.db.club_upgrade import _rows

FIXTURE = Path(__file__).parents[1] / "fixtures" / "club-night-before-roles.db"


def test_a_night_written_before_the_roles_opens_with_nothing_lost(tmp_path):
    copy = tmp_path / "scorekeeper.db"
    shutil.copyfile(FIXTURE, copy)
    shutil.copytree(f"{FIXTURE}-secrets", f"{copy}-secrets")
    before = _rows(FIXTURE)
    app = create_app(app_config(tmp_path))  # opens the copy, and upgrades it in place
    assert _rows(copy) == before
    with sqlite3.connect(copy) as connection:
        roles = connection.execute(
            "SELECT second_organiser_id, second_accepted_at FROM club_nights"
        ).fetchall()
        assert roles == [(None, None), (None, None)]
        assert connection.execute("SELECT count(*) FROM club_log").fetchone() == (0,)
        [(group_id,)] = connection.execute("SELECT id FROM groups").fetchall()
    with app.app_context():
        invite = db.load_group(db.get_db(), group_id).invite
    club = ClubNight(app, group_id, "", invite, None, night_id=1)
    anna = club.join(NINE[0])
    page = plain(anna.get(club.base))
    assert "Organised by Spielleitung" in page and "Series 2" in page
    # Clara signed table 3's list before its hand 3 was corrected: she is asked again.
    clara = club.join("Clara Oberhaus")
    told = plain(clara.get(club.base))
    assert "Table 3's list (series 1) changed after you signed it: hand 3." in told
    # The standings: the Seeger-Fabian sums of the lists, worked by hand (the corrected
    # hand 3 was won either way, 80 card points or 70: the same 72).
    night, games = club.stored()
    expected: dict[str, int] = {}
    for table in night.tables:
        players = games[table.game_id].players
        for number in range(1, games[table.game_id].hand_count + 1):
            for seat, name in enumerate(players):
                points = seeger_fabian(number, seat, number % len(players), len(players))
                expected[name] = expected.get(name, 0) + points
    assert standings_of(anna, club) == expected
    # A table drawn before the upgrade, which keeps no key beside it, is taken by a player
    # (series 2's table 3, still playing).
    table = club.table_of(NINE[0])
    assert (table.series, table.number, games[table.game_id].status) == (2, 3, "in_progress")
    assert anna.post(f"/games/{table.game_id}/club/record").status_code == 302
    assert can_record(anna, table.game_id)


def test_signatures_written_before_they_were_marked_by_phone_keep_their_lines(tmp_path):
    """Migration m035 (issue 77) adds where a signature was made (``at_table``): every
    signature written before is kept, name, version and time, marked as on the player's
    own phone; the printed list shows each in the app, and a new one at the table's
    phone is marked so."""
    copy = tmp_path / "scorekeeper.db"
    shutil.copyfile(FIXTURE, copy)
    shutil.copytree(f"{FIXTURE}-secrets", f"{copy}-secrets")
    with sqlite3.connect(FIXTURE) as connection:
        before = connection.execute(
            "SELECT table_id, name, version, confirmed_at FROM club_confirmations ORDER BY 1, 2"
        ).fetchall()
        columns = [r[1] for r in connection.execute("PRAGMA table_info(club_confirmations)")]
    assert before and "at_table" not in columns  # the older code's file
    app = create_app(app_config(tmp_path))
    with sqlite3.connect(copy) as connection:
        after = connection.execute(
            "SELECT table_id, name, version, confirmed_at, at_table FROM club_confirmations "
            "ORDER BY 1, 2"
        ).fetchall()
    assert after == [(*row, 0) for row in before]
    with app.app_context():
        [group_id] = [g for (g,) in db.get_db().execute("SELECT id FROM groups")]
        invite = db.load_group(db.get_db(), group_id).invite
    club = ClubNight(app, group_id, "", invite, None, night_id=1)
    member = club.join(NINE[0])
    table_id, name = before[0][0], before[0][1]
    [(game_id,)] = club.query("SELECT game_id FROM club_tables WHERE id = ?", (table_id,))
    printed = plain(member.get(f"/games/{game_id}/club/print"))
    signed_now = club.query(
        "SELECT c.name FROM club_confirmations c JOIN club_tables t ON t.id = c.table_id "
        "JOIN games g ON g.id = t.game_id WHERE t.id = ? AND c.version = g.version",
        (table_id,),
    )
    assert printed.count("✓ signed in the app, ") == len(signed_now) > 0
    assert name in printed
