"""A copy of the database alone opens no group, game or link (issue 42, finding 3's
tokens), over the real waitress server of ``serve``: invite and view tokens are stored as
their keyed hash and sealed with the secret kept beside the database
(``db.sealing``); the links already shared keep working through the upgrade; and a host
who keeps what docs/hosting.md says restores on a new machine with every link working.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import stat
import urllib.error
import urllib.parse
import urllib.request

import pytest

from scorekeeper import db
from scorekeeper.db import migrations
from scorekeeper.problems import CannotStart
from scorekeeper.web import create_app
from tests.support.app import app_config, join_group
from tests.support.backup import scorekeeper
from tests.support.cli.copy_opens_nothing import (
    copy_of,
    opens,
    sealed_values,
    stored_bytes,
    tokens_of,
)
from tests.support.groups_privacy import Browser
from tests.support.stranger import new_group, played_game, served
from tests.support.upgrade import FIXTURES


def test_a_copy_of_the_database_without_its_secret_opens_no_invite_or_view_link(tmp_path):

    live = tmp_path / "live"
    with served(live) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, "israeli-whist")
        invite, view = tokens_of(group, game)
        assert opens(base, invite, view) == (200, 302)
        copy_of(live / "scorekeeper.db", tmp_path / "stolen" / "scorekeeper.db")
        # Neither token is anywhere in the database's files, the live ones or the copy.
        for folder in (live, tmp_path / "stolen"):
            written = stored_bytes(folder)
            assert invite.encode() not in written and view.encode() not in written
    stolen = tmp_path / "stolen" / "scorekeeper.db"
    # The server does not start on the copy (issue 66): its links need keys it lacks.
    with pytest.raises(CannotStart, match="holds no tokens.key"):
        create_app(app_config(tmp_path / "stolen"))
    before = sealed_values(stolen)
    # Whoever holds the copy can only start it over: new links, none of the old.
    renewed = scorekeeper("secrets", "--renew-lost", "--db", str(stolen))
    assert renewed.returncode == 0, renewed.stdout + renewed.stderr
    assert not set(sealed_values(stolen)) & set(before)
    with served(tmp_path / "stolen") as (base, _app):
        assert opens(base, invite, view) == (404, 404)
        # Nor does any value the copy holds, tried as either token.
        with sqlite3.connect(tmp_path / "stolen" / "scorekeeper.db") as copy:
            values = [
                value
                for table in ("groups", "games")
                for row in copy.execute(f"SELECT * FROM {table}")
                for value in row
                if isinstance(value, str) and value
            ]
        copy.close()
        # A stored hash may hold "/", which reaches the server as "//" (answered 308):
        # try one such value every run, not only when a random hash happens to.
        values.append("/" + values[0])
        for value in values:
            quoted = urllib.parse.quote(value, safe="")
            assert opens(base, quoted, quoted) == (404, 404), value
        # A member of nothing there, a phone sees neither the group nor the game.
        stranger = Browser(base)
        assert stranger.get(f"/groups/{group['id']}")[0] == 404
        assert stranger.get(f"/games/{game['id']}")[0] == 404


@pytest.mark.parametrize("mask", [0o022, 0o000, 0o077, 0o277])
def test_the_secret_is_0600_in_a_0700_folder_whatever_the_umask(tmp_path, mask):

    before = os.umask(mask)
    try:
        database = db.open_database(str(tmp_path / "scorekeeper.db"))
        try:
            db.create_group(database, "Ours")
        finally:
            database.close()
    finally:
        os.umask(before)
    secret = db.sealing.secret_file(tmp_path / "scorekeeper.db")
    assert stat.S_IMODE(secret.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert len(bytes.fromhex(secret.read_text())) == 32


def test_a_folder_left_open_is_narrowed_to_its_owner(tmp_path):

    secret = db.sealing.secret_file(tmp_path / "scorekeeper.db")
    secret.parent.mkdir(mode=0o755)
    secret.parent.chmod(0o755)
    database = db.open_database(str(tmp_path / "scorekeeper.db"))
    try:
        db.create_group(database, "Ours")
    finally:
        database.close()
    assert stat.S_IMODE(secret.parent.stat().st_mode) == 0o700


@pytest.mark.parametrize(
    "fixture", sorted(FIXTURES.glob("scorekeeper-v*.db")), ids=lambda p: p.stem
)
def test_links_shared_before_the_upgrade_keep_opening_over_the_real_server(tmp_path, fixture):
    """An older file brought up to the version before m020 (its tokens stored as they
    are, as they were given out), then served: the server's upgrade keeps every invite
    and view link opening, and leaves none of them in the file."""
    folder = tmp_path / "server"
    folder.mkdir()
    path = folder / "scorekeeper.db"
    shutil.copyfile(fixture, path)
    database = db.connect(str(path))
    try:
        database.conn.execute("BEGIN IMMEDIATE")
        migrations.apply(database, stop_before="m020_tokens_sealed")
        database.conn.commit()
        invites = [row[0] for row in database.execute("SELECT invite FROM groups")]
        views = dict(database.execute("SELECT id, view_token FROM games").fetchall())
    finally:
        database.close()
    assert invites and views, "the fixture has games, so m011 gave them a group"
    with served(folder) as (base, _app):
        for game_id, view in views.items():
            assert opens(base, invites[0], view) == (200, 302), game_id
            viewer = Browser(base)
            viewer.get(f"/view/{view}")
            assert viewer.get(f"/games/{game_id}")[0] == 200
    written = stored_bytes(folder)
    for token in [*invites, *views.values()]:
        assert token.encode() not in written


def test_a_backup_restored_on_a_new_machine_as_the_readme_says_opens_every_link(tmp_path):
    """docs/hosting.md's "Moving to a new machine": the nightly backup and the secrets folder
    are all that is carried over; ``restore`` puts the database beside the secret."""

    old = tmp_path / "old-machine"
    with served(old) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, "israeli-whist")
        invite, view = tokens_of(group, game)
    backups = tmp_path / "backups"
    backups.mkdir()
    made = scorekeeper("backup", str(backups), "--db", str(old / "scorekeeper.db"))
    assert made.returncode == 0, made.stderr
    (backup,) = backups.iterdir()
    # Carried to the new machine: the backup, and the secrets folder beside the database.
    new = tmp_path / "new-machine"
    new.mkdir()
    carried = tmp_path / "carried"
    shutil.copytree(db.sealing.secret_file(old / "scorekeeper.db").parent, carried / "secrets")
    shutil.copyfile(backup, carried / backup.name)
    shutil.copytree(carried / "secrets", new / "scorekeeper.db-secrets")
    done = scorekeeper("restore", "--db", str(new / "scorekeeper.db"), str(carried / backup.name))
    assert done.returncode == 0, done.stdout + done.stderr
    with served(new) as (base, _app):
        assert opens(base, invite, view) == (200, 302)
    # Without the secrets folder, the same backup is restored with a warning, and the
    # server does not start on it (issue 66), naming the folder to put back.
    bare = tmp_path / "bare-machine"
    bare.mkdir()
    done = scorekeeper("restore", "--db", str(bare / "scorekeeper.db"), str(carried / backup.name))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{bare / 'scorekeeper.db-secrets'} holds no tokens.key" in done.stdout, done.stdout
    with pytest.raises(CannotStart, match="put the folder back from your backups"):
        create_app(app_config(bare))


def test_tokens_sealed_with_another_secret_read_as_a_link_that_opens_nothing(tmp_path):

    database = db.open_database(str(tmp_path / "a.db"))
    try:
        hashed, sealed = db.sealing.seal(database, "view", "abc")
        assert db.sealing.unseal(database, "view", hashed, sealed) == "abc"
        assert db.sealing.unseal(database, "invite", hashed, sealed) is None
    finally:
        database.close()
    other = db.open_database(str(tmp_path / "b.db"))
    try:
        assert db.sealing.unseal(other, "view", hashed, sealed) is None
    finally:
        other.close()


def test_a_group_whose_secrets_go_missing_while_served_says_so_and_writes_no_new_key(
    tmp_path, monkeypatch
):
    """The secrets folder moved away under a running server: the members still see their
    group; its invite page shows no dead link and says why; a new link is refused (503)
    rather than sealed with a new key, which would leave every link shared before
    unopenable for good (issue 66); put back, the folder opens them all again."""
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    member = app.test_client()
    created = member.post("/api/groups", json={"name": "Ours"}).get_json()
    group = join_group(member, group_id=created["id"])
    secret = db.sealing.secret_file(tmp_path / "scorekeeper.db")
    secret.parent.rename(tmp_path / "elsewhere")
    monkeypatch.setattr(db.sealing, "_KNOWN", {})  # as a new process would read it
    page = member.get(f"/groups/{group.id}/invite?show=1").get_data(as_text=True)
    assert 'id="invite-lost"' in page and "/join/" not in page
    assert member.get(f"/join/{group.invite}").status_code == 404
    asked = member.get(f"/groups/{group.id}/invite/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', asked).group(1)
    made = member.post(f"/groups/{group.id}/invite/new", data={"csrf_token": token})
    assert made.status_code == 503 and int(made.headers["Retry-After"]) > 0
    assert "keys" in made.get_data(as_text=True)
    assert not secret.parent.exists()  # no new key written
    (tmp_path / "elsewhere").rename(secret.parent)
    assert app.test_client().get(f"/join/{group.invite}").status_code == 200
