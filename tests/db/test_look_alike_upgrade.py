"""Upgrading a database written before issue 66: the names a group holds already
(m032), the Frisch rounds of deals thrown in (m030) and one shape for every hand (m031).

``tests/fixtures/names-look-alike.db`` was written by the code before (see
``make_look_alike_names_fixture.py`` beside it): a group listing seven players who all read
"Ann", a name of only a Hangul filler, look-alikes at one table and one night. The host
reads what the upgrade will do before it runs (``scorekeeper check``, the file untouched);
after it, spellings that are one name are one player, unless they sat together; names
that look alike are never merged but told apart; and the group's page says so once. Every
stored database of an earlier version opens with every hand, point, total and revision
as it was.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlite_utils import Database

from scorekeeper import db
from scorekeeper.cli import main
from scorekeeper.db.keys import renew_lost
from scorekeeper.db.migrations import migrations
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.db.look_alike_upgrade import kept, names_of

FIXTURES = Path(__file__).parents[1] / "fixtures"
FIXTURE = FIXTURES / "names-look-alike.db"
CYRILLIC, FULLWIDTH = "\u0410nn", "\uff21nn"
# This first migration, by its name's end (its number is its place).
FIRST_OF_MINE = next(
    m.name for m in migrations.pending(Database(memory=True)) if m.name.endswith("_thrown_in")
)


@pytest.fixture
def copy(tmp_path) -> Path:
    path = tmp_path / "old.db"
    shutil.copyfile(FIXTURE, path)
    return path


def test_check_says_what_the_upgrade_will_rename_and_changes_nothing(copy):
    before = hashlib.sha256(copy.read_bytes()).hexdigest()
    done = CliRunner().invoke(main, ["check", "--db", str(copy)])
    said = done.output
    assert "the upgrade will rename these players" in said
    assert "group 1: '\\u0410nn' looks like 'Ann', another player" in said
    assert "never merged" in said
    assert "group 1: 'Ann\\ufe0f' becomes 'Ann' (cleaned)" in said
    assert "group 1: '\\u3164' becomes '?' (blank)" in said
    assert "group 1: 'Ann\\u2800' sat beside 'Ann' at one table" in said
    assert hashlib.sha256(copy.read_bytes()).hexdigest() == before


def test_one_name_is_one_player_and_look_alikes_are_told_apart(copy, tmp_path):
    upgraded = db.migrate(str(copy))
    names = names_of(upgraded, 1)
    # The seven Anns: Ann (with the selector and filler spellings, which never sat beside
    # her), the braille and joiner spellings kept apart (they sat beside her), and the
    # Cyrillic and fullwidth ones renamed, never merged.
    assert "Ann" in names and "?" in names
    assert not [name for name in names if name != name.strip() or "\u3164" in name]
    anns = [
        name
        for name in names
        if name.replace(CYRILLIC, "Ann").replace(FULLWIDTH, "Ann").startswith("Ann")
    ]
    assert len(anns) == 5 and len(set(anns)) == 5
    assert {CYRILLIC, FULLWIDTH, "Ann\ufe0f", "Ann\u3164"}.isdisjoint(names)
    assert any(name.startswith(CYRILLIC + " (") for name in names)
    # No two names of the group look alike now; the other group's Аnn is told apart there.
    from scorekeeper.names import skeleton

    assert len({skeleton(name) for name in names}) == len(names)
    assert CYRILLIC not in names_of(upgraded, 2)
    # Ann's games are hers: the selector's and filler's games joined hers.
    seats = upgraded.execute(
        "SELECT count(*) FROM players WHERE group_id = 1 AND name = 'Ann'"
    ).fetchone()[0]
    assert seats == 3 + 2 + 1 + 1  # her own games, the two spellings, the club night's
    labels = [row[0] for row in upgraded.execute("SELECT label FROM members ORDER BY id")]
    assert labels == [None, "Dana"]
    assert upgraded.execute("SELECT offline_by FROM hands WHERE id = 1").fetchone()[0] == "Bob"
    # The fixture's links were sealed with a secret not kept: renewed, as its host would
    # (`scorekeeper secrets --renew-lost`), or no server starts on it (issue 66).
    renew_lost(upgraded)
    upgraded.close()

    # The group's page says it once; a player renamed plays again by the new name, and a
    # look-alike of Ann is refused.
    app = create_app(app_config(tmp_path, DATABASE=str(copy)))
    client = app.test_client()
    with app.app_context():
        invite = db.new_invite(db.get_db(), 1)  # the fixture's was sealed by a secret not kept
    assert client.post(f"/join/{invite}").status_code == 302
    page = client.get("/groups/1").get_data(as_text=True).replace("\u2068", "")
    page = page.replace("\u2069", "")
    assert "looked like Ann, another player of the group" in page
    assert "held only characters that show nothing" in page
    assert "looked like Ann" not in client.get("/groups/1").get_data(as_text=True)
    renamed = next(name for name in names if name.startswith(CYRILLIC + " ("))
    with app.app_context():
        key = db.replace_group_key(db.get_db(), 1)
    auth = {"Authorization": f"Bearer {key}"}
    body = {"game": "any-game", "players": [renamed, "Bob", "Cat"], "group": 1}
    assert client.post("/api/games", json=body, headers=auth).status_code == 201
    body["players"] = [CYRILLIC, "Bob", "Cat"]
    assert client.post("/api/games", json=body, headers=auth).status_code == 422


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("*.db")), ids=lambda path: path.name)
def test_every_earlier_database_opens_with_every_hand_total_and_revision(fixture, tmp_path):
    """Each stored database of an earlier version, upgraded to just before this issue's
    migrations and then through them: every hand, seat's points and total, revision and
    game as it was; only the Frisch rounds of a deal thrown in are added."""
    path = tmp_path / fixture.name
    shutil.copyfile(fixture, path)
    secrets = fixture.with_name(fixture.name + "-secrets")
    if secrets.exists():
        shutil.copytree(secrets, tmp_path / secrets.name)
    database = Database(sqlite3.connect(path))
    migrations.apply(database, stop_before=FIRST_OF_MINE)
    database.conn.commit()
    before = kept(database.conn)
    database.close()
    upgraded = db.migrate(str(path))
    assert kept(upgraded.conn) == before
    assert not migrations.pending(upgraded)
    upgraded.close()
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
