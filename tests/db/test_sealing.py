"""Sealing by ``cryptography`` (issue 54, finding 7): a phone's kept edit keys are AES-GCM
with a random nonce under a key derived from its token, the phone and the game as
associated data; invite and view links (and renewed keys waiting for a phone) are AES-SIV
under a key of the secrets folder whose id each value carries; ``scorekeeper secrets
--rotate`` seals them all with a new key in one transaction and removes the old one; and
migration m024 carries a database sealed the old way (XOR streams) over, losing nothing.

Real files throughout: a SQLite file read back as a backup would hold it, the real
command line in a process of its own, and the Flask test client opening the links.
"""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path

import pytest
from cryptography.exceptions import InvalidTag

from scorekeeper import db
from scorekeeper.db import keys, phones, sealing
from scorekeeper.problems import CannotStart
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.backup import scorekeeper
from tests.support.db.sealing import (
    FIXTURES,
    XOR_EXPECTED,
    a_night,
    links_open,
    new_game,
    opens_everything,
    renewed_row,
    sealed_bytes,
    secrets_of,
    stored,
    stranger,
    xor,
    xor_night,
)

XOR_DB = FIXTURES / "xor-sealed.db"


def test_two_versions_of_a_renewed_kept_key_and_the_old_key_reveal_nothing_of_the_new(
    tmp_path,
):
    """The attack of finding 7, tried: whoever held the old key (the member who left) and
    two copies of the phone's row XORs them together with the old key, at every
    alignment. With one keystream for every version of the row, that is the new key."""
    old_key, new_key, before, after = renewed_row(tmp_path / "scorekeeper.db")
    one, two = sealed_bytes(before), sealed_bytes(after)
    assert one != two
    new = new_key.encode()
    for skip in range(max(len(one), len(two))):
        for shifted_one, shifted_two in ((one[skip:], two), (one, two[skip:])):
            for at in range(max(len(shifted_one), len(shifted_two))):
                guess = xor(shifted_one, shifted_two, b"\0" * at + old_key.encode())
                assert new not in guess, (skip, at)
                assert new[:12] not in guess, (skip, at)


def test_a_kept_key_changed_or_moved_opens_nothing(tmp_path):
    """A kept key's value changed by one bit, or moved to another game's or phone's row,
    opens nothing (the old sealing, with no check, gave another key for it)."""
    path = tmp_path / "scorekeeper.db"
    database = db.open_database(str(path))
    try:
        group, _key = db.create_group(database, "Thursday")
        (first, first_key), (second, _second_key) = (new_game(database, group.id) for _ in "ab")
        phone = phones.new_phone(database)
        phones.keep_key(database, *phone, first, first_key)
        assert phones.kept_key(database, *phone, first) == first_key
        [(sealed,)] = stored(path, "SELECT sealed FROM phone_keys WHERE game_id = ?", [first])
        prefix, _, body = sealed.rpartition(":")
        raw = bytearray(base64.b64decode(body))
        raw[-20] ^= 1  # a bit of the key itself, not of the nonce or tag
        changed = (f"{prefix}:" if prefix else "") + base64.b64encode(bytes(raw)).decode()
        with db.connection.writing(database):
            database.execute("UPDATE phone_keys SET sealed = ?", [changed])
        assert phones.kept_key(database, *phone, first) is None
        with db.connection.writing(database):
            database.execute(
                "UPDATE phone_keys SET sealed = ?, game_id = ? WHERE game_id = ?",
                [sealed, second, first],
            )
        assert phones.kept_key(database, *phone, second) is None
        # In another phone's row (under another phone's key): nothing either.
        other = phones.new_phone(database)
        with db.connection.writing(database):
            database.execute("UPDATE phone_keys SET phone_id = ?, game_id = ?", [other[0], first])
        assert phones.kept_key(database, *other, first) is None
    finally:
        database.close()


def test_a_link_changed_or_moved_opens_nothing(tmp_path):
    path = tmp_path / "scorekeeper.db"
    database = db.open_database(str(path))
    try:
        group, _key = db.create_group(database, "Thursday")
        first, second = (new_game(database, group.id)[0] for _ in "ab")
        [(sealed,)] = stored(path, "SELECT invite_sealed FROM groups")
        prefix, _, body = sealed.rpartition(":")
        raw = bytearray(base64.b64decode(body))
        raw[-1] ^= 1
        with db.connection.writing(database):
            database.execute(
                "UPDATE groups SET invite_sealed = ?",
                [f"{prefix}:{base64.b64encode(bytes(raw)).decode()}"],
            )
            # The first game's view link sealed in the second game's row.
            database.execute(
                "UPDATE games SET view_sealed = (SELECT view_sealed FROM games WHERE id = ?) "
                "WHERE id = ?",
                [first, second],
            )
        assert db.load_group(database, group.id).invite == db.LOST_TOKEN
        assert db.load_game(database, second).view_token == db.LOST_TOKEN
        assert db.load_game(database, first).view_token != db.LOST_TOKEN
    finally:
        database.close()


def test_every_sealed_value_names_its_key(tmp_path):
    path = tmp_path / "scorekeeper.db"
    renewed_row(path)
    database = db.open_database(str(path))
    try:
        group, _key = db.create_group(database, "Sunday")
        new_game(database, group.id)
    finally:
        database.close()
    values = stored(
        path,
        "SELECT invite_sealed FROM groups UNION ALL SELECT view_sealed FROM games "
        "UNION ALL SELECT sealed FROM phone_rekeys",
    )
    assert len(values) >= 4
    for (value,) in values:
        assert re.fullmatch(r"k1:[A-Za-z0-9+/]+=*", value), value
    for (value,) in stored(path, "SELECT sealed FROM phone_keys"):
        assert value.startswith(phones.SEALED_PREFIX), value


# --- rotation ---------------------------------------------------------------------------


def test_a_rotation_through_the_real_cli_loses_no_link_and_the_old_key_opens_nothing_after(
    tmp_path,
):
    path = tmp_path / "scorekeeper.db"
    night = a_night(path)
    app = create_app(app_config(tmp_path))  # a server running through the rotations
    links_open(app, night)
    assert stranger(app) != 200
    folder = secrets_of(path)

    shown = scorekeeper("secrets", "--db", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "sealing key 1 (current)" in shown.stdout, shown.stdout
    assert "7 link(s) sealed with key 1" in shown.stdout, shown.stdout

    first = scorekeeper("secrets", "--rotate", "--db", str(path))
    assert first.returncode == 0, first.stdout + first.stderr
    assert "Sealed 7 link(s) again with key 2" in first.stdout, first.stdout
    assert sorted(p.name for p in folder.iterdir()) == ["tokens-2.key", "tokens.key"]
    links_open(app, night)
    stolen = (folder / "tokens-2.key").read_text()

    second = scorekeeper("secrets", "--rotate", "--db", str(path))
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Sealed 7 link(s) again with key 3" in second.stdout, second.stdout
    assert f"Removed the old key {folder / 'tokens-2.key'}" in second.stdout, second.stdout
    assert "7 link(s) sealed with key 3" in second.stdout, second.stdout
    assert sorted(p.name for p in folder.iterdir()) == ["tokens-3.key", "tokens.key"]

    # A copy taken now, with the key stolen before: nothing opens, every value says so.
    copy = tmp_path / "copy.db"
    shutil.copyfile(path, copy)
    old = sealing._siv(bytes.fromhex(stolen))
    values = stored(
        copy,
        "SELECT 'invite', invite_hash, invite_sealed FROM groups UNION ALL "
        "SELECT 'view', view_hash, view_sealed FROM games UNION ALL "
        "SELECT 'edit', new_hash, sealed FROM phone_rekeys",
    )
    assert len(values) == 7
    for kind, hashed, value in values:
        assert value.startswith("k3:"), value
        with pytest.raises(InvalidTag):
            old.decrypt(sealed_bytes(value), [kind.encode(), hashed.encode()])
    written = path.read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.glob("scorekeeper.db-*") if p.is_file()
    )
    assert b"k2:" not in written and b"k1:" not in written

    # Every link and kept key opens, on the server that ran through the rotations (the
    # renewals that waited through both reach their phones) and on a new one.
    opens_everything(app, night)
    opens_everything(create_app(app_config(tmp_path)), night)


def test_a_rotation_without_the_secrets_folder_is_refused_and_changes_nothing(tmp_path):
    path = tmp_path / "scorekeeper.db"
    a_night(path)
    shutil.rmtree(secrets_of(path))
    before = stored(path, "SELECT invite_sealed FROM groups")
    done = scorekeeper("secrets", "--rotate", "--db", str(path))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--rotate" in done.stderr and "holds no tokens.key" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not secrets_of(path).exists()
    assert stored(path, "SELECT invite_sealed FROM groups") == before


# --- m024: a database sealed the old way ------------------------------------------------


@pytest.fixture
def upgraded_xor(tmp_path) -> Path:
    """The fixture written by the code before issue 54 (XOR streams), with its secrets
    folder, copied beside the app's database path; the app's start upgrades it."""
    path = tmp_path / "scorekeeper.db"
    shutil.copyfile(XOR_DB, path)
    shutil.copytree(FIXTURES / "xor-sealed.db-secrets", secrets_of(path))
    secrets_of(path).chmod(0o700)
    return path


def test_the_fixture_is_sealed_the_old_way():
    sealed = stored(
        XOR_DB,
        "SELECT invite_sealed FROM groups UNION ALL SELECT view_sealed FROM games "
        "UNION ALL SELECT sealed FROM phone_rekeys UNION ALL SELECT sealed FROM phone_keys",
    )
    assert len(sealed) == 10
    assert all(":" not in value for (value,) in sealed)
    assert not stored(XOR_DB, "SELECT * FROM _sqlite_migrations WHERE name LIKE 'm024%'")


def test_m024_reseals_every_link_and_the_phones_keys_on_their_next_request(upgraded_xor, tmp_path):
    app = create_app(app_config(tmp_path))
    links = stored(
        upgraded_xor,
        "SELECT invite_sealed FROM groups UNION ALL SELECT view_sealed FROM games "
        "UNION ALL SELECT sealed FROM phone_rekeys",
    )
    assert len(links) == 6 and all(value.startswith("k1:") for (value,) in links), links
    # A phone's kept keys wait for its token: still there, sealed as before, until then.
    before = stored(upgraded_xor, "SELECT phone_id, game_id, sealed FROM phone_keys")
    assert len(before) == 4 and all(":" not in sealed for *_ids, sealed in before)

    night = xor_night()
    opens_everything(app, night)
    after = stored(upgraded_xor, "SELECT phone_id, game_id, sealed FROM phone_keys")
    assert [ids for *ids, _ in after] == [ids for *ids, _ in before]
    assert all(sealed.startswith(phones.SEALED_PREFIX) for *_ids, sealed in after), after
    # Noa's renewal, waiting since before the upgrade, was picked up.
    assert stored(upgraded_xor, "SELECT count(*) FROM phone_rekeys") == [(0,)]
    database = db.open_database(str(upgraded_xor))
    try:
        noa = XOR_EXPECTED["phones"]["Noa"]
        for game_id, key in XOR_EXPECTED["kept"]["Noa"].items():
            assert phones.kept_key(database, noa["id"], noa["token"], int(game_id)) == key
        # Dana left before the upgrade: the key she held opens nothing.
        ((game_id, key),) = XOR_EXPECTED["left"]["Dana"].items()
        assert keys.hash_key(key) != db.load_game(database, int(game_id)).edit_key_hash
    finally:
        database.close()
    dana = app.test_client()
    with dana.session_transaction() as session:
        session["phone"] = XOR_EXPECTED["phones"]["Dana"]["token"]
    assert dana.get("/games/1/hands/new").status_code != 200

    # And a rotation after the upgrade keeps it all.
    done = scorekeeper("secrets", "--rotate", "--db", str(upgraded_xor))
    assert done.returncode == 0, done.stdout + done.stderr
    opens_everything(app, night)


def test_without_its_secrets_folder_the_old_file_is_not_started_nor_changed(upgraded_xor, tmp_path):
    """A host who moved the file alone: the server does not start on it (issue 66),
    naming the folder, and leaves the file as it was (no upgrade ran); put back, the
    folder opens every link, through the upgrade."""
    folder = secrets_of(upgraded_xor)
    kept = tmp_path / "kept"
    folder.rename(kept)
    before = upgraded_xor.read_bytes()
    with pytest.raises(CannotStart, match=f"{folder} holds no tokens.key"):
        create_app(app_config(tmp_path))
    assert upgraded_xor.read_bytes() == before
    assert not folder.exists()
    kept.rename(folder)
    opens_everything(create_app(app_config(tmp_path)), xor_night())
