"""Helpers of tests/db/test_sealing.py."""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path

from scorekeeper import db
from scorekeeper.db import keys, phones
from scorekeeper.engine import get_game
from tests.support.app import SEAT_NAMES

FIXTURES = Path(__file__).parents[2] / "fixtures"


XOR_EXPECTED = json.loads((FIXTURES / "xor-sealed.json").read_text())


RULES = "standard"


SETTINGS = get_game("israeli-whist").preset(RULES)


def secrets_of(path: Path) -> Path:
    """The secrets folder beside the database file ``path``, as the README names it."""
    return path.parent / f"{path.name}-secrets"


def new_game(database, group_id: int) -> tuple[int, str]:
    return db.create_game(database, SEAT_NAMES, RULES, SETTINGS, 0, group_id=group_id)


def stored(path: Path, sql: str, params=()) -> list[tuple]:
    """Rows of the file as a copy of it (a nightly backup, a replica) holds them."""
    copy = sqlite3.connect(path)
    try:
        return copy.execute(sql, params).fetchall()
    finally:
        copy.close()


def sealed_bytes(value: str) -> bytes:
    """The bytes of a sealed value, whatever names its key or way before them."""
    return base64.b64decode(value.rpartition(":")[2])


def xor(*values: bytes) -> bytes:
    return bytes(a ^ b ^ c for a, b, c in zip(*values, strict=False))


def renewed_row(path: Path):
    """Two phones of a group keep a game's edit key; one leaves, so the game gets a new
    key, which the other phone picks up on its next request. Returns (the old key, the
    new key, the phone's kept row before and after: two versions of one row, as two
    nightly backups hold them)."""
    database = db.open_database(str(path))
    try:
        group, _key = db.create_group(database, "Thursday")
        game_id, old_key = new_game(database, group.id)
        stays, leaves = phones.new_phone(database), phones.new_phone(database)
        phones.join_group(database, stays[0], group.id, "Noa")
        left = phones.join_group(database, leaves[0], group.id, "Avi")
        for phone in (stays, leaves):
            phones.keep_key(database, *phone, game_id, old_key)
        row = "SELECT sealed FROM phone_keys WHERE phone_id = ? AND game_id = ?"
        [(before,)] = stored(path, row, [stays[0], game_id])
        phones.end_membership(database, left)
        new_key = phones.kept_key(database, *stays, game_id)
        [(after,)] = stored(path, row, [stays[0], game_id])
    finally:
        database.close()
    assert new_key is not None and new_key != old_key
    return old_key, new_key, before, after


def a_night(path: Path) -> dict:
    """A database with what a rotation must carry over: two groups' invite links, games'
    view links, phones keeping edit keys, a renewed key waiting for a phone in
    ``phone_rekeys``, a view link a phone opened."""
    database = db.open_database(str(path))
    try:
        thursday, _key = db.create_group(database, "Thursday")
        sunday, _key = db.create_group(database, "Sunday")
        games = {new_game(database, group.id) for group in (thursday, sunday, thursday)}
        (first, first_key), (second, second_key), (third, third_key) = sorted(games)
        made = {name: phones.new_phone(database) for name in ("Noa", "Avi", "Dana")}
        members = {
            name: phones.join_group(database, made[name][0], thursday.id, name) for name in made
        }
        for name in made:
            phones.keep_key(database, *made[name], first, first_key)
        phones.keep_key(database, *made["Noa"], third, third_key)
        phones.keep_key(database, *made["Avi"], second, second_key)
        phones.end_membership(database, members["Dana"])  # first's key renewed, waiting
        phones.keep_view(database, made["Noa"][0], first, db.load_game(database, first).view_token)
        night = {
            "phones": {name: made[name] for name in ("Noa", "Avi")},
            "invites": {g.id: db.load_group(database, g.id).invite for g in (thursday, sunday)},
            "views": {g: db.load_game(database, g).view_token for g in (first, second, third)},
            "kept": {"Noa": [first, third], "Avi": [first, second]},
            "first": first,
        }
    finally:
        database.close()
    assert len(stored(path, "SELECT * FROM phone_rekeys")) == 2
    return night


def links_open(app, night: dict) -> None:
    """Every invite and view link opens what it opened."""
    for invite in night["invites"].values():
        assert app.test_client().get(f"/join/{invite}").status_code == 200, invite
    for game_id, view in night["views"].items():
        answer = app.test_client().get(f"/view/{view}")
        assert answer.status_code == 302, game_id
        assert answer.headers["Location"] == f"/games/{game_id}"


def keys_open(app, night: dict) -> None:
    """Each phone's kept keys open its games' hand form (a renewed one waiting for it,
    too), and a view link a phone opened still lets it in."""
    for name, (_phone_id, token) in night["phones"].items():
        phone = app.test_client()
        with phone.session_transaction() as session:
            session["phone"] = token
        for game_id in night["kept"][name]:
            assert phone.get(f"/games/{game_id}/hands/new").status_code == 200, (name, game_id)
    database = db.open_database(app.config["DATABASE"])
    try:
        for name, (phone_id, token) in night["phones"].items():
            for game_id in night["kept"][name]:
                key = phones.kept_key(database, phone_id, token, game_id)
                assert key and keys.hash_key(key) == db.load_game(database, game_id).edit_key_hash
        noa = night["phones"]["Noa"][0]
        first = night["first"]
        assert phones.opened_view(database, noa, first, night["views"][first])
    finally:
        database.close()


def opens_everything(app, night: dict) -> None:
    """Every invite and view link opens, and each phone's kept keys open its games' hand
    form (a renewed one waiting for it, too)."""
    links_open(app, night)
    keys_open(app, night)


def stranger(app) -> int:
    """What a phone holding nothing gets on a hand form: the measure of 'opens nothing'."""
    return app.test_client().get("/games/1/hands/new").status_code


def xor_night() -> dict:
    """The fixture's links and phones in ``opens_everything``'s shape."""
    kept = XOR_EXPECTED["kept"]
    return {
        "phones": {
            name: (XOR_EXPECTED["phones"][name]["id"], XOR_EXPECTED["phones"][name]["token"])
            for name in kept
        },
        "invites": XOR_EXPECTED["groups"],
        "views": {int(g): token for g, token in XOR_EXPECTED["views"].items()},
        "kept": {name: [int(g) for g in games] for name, games in kept.items()},
        "first": 2,  # Noa opened game 2's view link
    }
