"""Edit keys and the other tokens (a group's key and invite, a game's view token), all
made here. Keys are stored only as their SHA-256 and compared in constant time. And the
rotation of the key that seals invite and view tokens (``rotate_secret``)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlite_utils import Database

from .connection import MAX_ID, writing
from .errors import NotFound
from .sealing import SEALED, new_key, new_lookup_key, retire_keys, seal, unseal


def new_token() -> str:
    """A fresh token (a group's key or invite, a game's view token): 144 random bits,
    URL-safe."""
    return secrets.token_urlsafe(18)


def new_edit_key() -> str:
    """Returns a fresh edit key: 144 random bits, URL-safe."""
    return new_token()


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def replace_edit_key(db: Database, game_id: int) -> str:
    """Gives the game a new edit key, which revokes the old one, and a new view token
    (whoever held the edit link could read the view link), and returns the key. The
    game's version is bumped, so no page made for the old key is served again.
    Raises NotFound for an unknown game."""
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    key = new_edit_key()
    with writing(db):
        changed = db.execute(
            "UPDATE games SET edit_key_hash = ?, view_hash = ?, view_sealed = ?, "
            "version = version + 1 WHERE id = ?",
            [hash_key(key), *seal(db, "view", new_token()), game_id],
        ).rowcount
        # A club table keeps its game's current key for the phones its roles hand it to.
        db.execute(
            "UPDATE club_tables SET key_hash = ?, key_sealed = ? WHERE game_id = ?",
            [*seal(db, "edit", key), game_id],
        )
    if not changed:
        raise NotFound(f"there is no game {game_id}")
    return key


def owner_key(db: Database) -> str:
    """The server owner's key (see migration ``m017_server_keys``), made the first time
    it is asked for."""
    row = db.execute("SELECT value FROM server_keys WHERE name = 'owner'").fetchone()
    if row is not None:
        return row[0]
    with writing(db):
        db.execute(
            "INSERT OR IGNORE INTO server_keys (name, value) VALUES ('owner', ?)", [new_token()]
        )
        return db.execute("SELECT value FROM server_keys WHERE name = 'owner'").fetchone()[0]


def is_owner_key(db: Database, key: str | None) -> bool:
    """True when ``key`` is the server owner's key, compared in constant time."""
    if not key or len(key) > 200:
        return False
    return hmac.compare_digest(hash_key(key), hash_key(owner_key(db)))


# Passes after the rotation's transaction, for values a running server sealed with the key
# before meanwhile (one finds them; more would mean a server that cannot see the folder).
SWEEPS = 5


@dataclass(frozen=True, slots=True)
class Rotated:
    """What a rotation did: the new key's id, how many values it sealed again, how many
    it found no key for (sealed with a secret this server never had: links already lost),
    and the old key files it removed."""

    key_id: int
    sealed: int
    lost: int
    removed: tuple[Path, ...]


def rotate_secret(db: Database) -> Rotated:
    """Makes a new sealing key and seals every invite and view token and every renewed
    key waiting for a phone again with it, in one transaction, then removes the older key
    files (``sealing.retire_keys``): a copy of the database taken after opens nothing
    with a key stolen before. The keyed hashes stay (the lookup key, ``tokens.key``, does
    not change), so every link keeps opening what it opened.

    The new key is written while this process holds the writer lock, so a server's write
    that seals a token either committed before (and is sealed again here) or seals with
    the new key. One still sealed with an old key (sealed outside its write, stored just
    after this one) is sealed again by the passes after, before any key is removed (none
    is, if one still comes after every pass: a link is never lost). The old values' bytes
    are overwritten with zeros (``secure_delete``) and the log is checkpointed, so the
    file keeps none of them."""
    secure = db.execute("PRAGMA secure_delete").fetchone()[0]
    db.execute("PRAGMA secure_delete = ON")
    try:
        with writing(db):
            key_id = new_key(db)
            sealed, lost = _seal_again(db, key_id)
        settled = False
        for _pass in range(SWEEPS):
            with writing(db):
                more, _lost = _seal_again(db, key_id)
            settled = not more
            if settled:
                break
            sealed += more
    finally:
        db.execute(f"PRAGMA secure_delete = {int(secure)}")
    # Still sealing with an old key after every pass: the old keys are kept, not a link lost.
    removed = tuple(retire_keys(db, keep=key_id)) if settled else ()
    with contextlib.suppress(sqlite3.Error):  # a reader holds the log: left for later
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return Rotated(key_id=key_id, sealed=sealed, lost=lost, removed=removed)


def _seal_again(db: Database, key_id: int) -> tuple[int, int]:
    """Seals every value not sealed with key ``key_id`` again with it (the current key),
    within the caller's write; returns (how many were, how many no key here opens)."""
    done = lost = 0
    for table, key, kind, hashed, sealed in SEALED:
        rows = db.execute(
            f"SELECT {key}, {hashed}, {sealed} FROM {table} "
            f"WHERE {sealed} IS NOT NULL AND {sealed} NOT LIKE ?",
            [f"k{key_id}:%"],
        ).fetchall()
        updates = []
        for *ids, stored_hash, stored in rows:
            token = unseal(db, kind, stored_hash, stored)
            if token is None:
                lost += 1
                continue
            # The keyed hash is the same (``unseal`` checked it under the lookup key).
            updates.append((seal(db, kind, token)[1], *ids))
        where = " AND ".join(f"{column} = ?" for column in key.split(", "))
        db.conn.executemany(f"UPDATE {table} SET {sealed} = ? WHERE {where}", updates)
        done += len(updates)
    return done, lost


@dataclass(frozen=True, slots=True)
class RenewedLost:
    """What ``renew_lost`` did: whether it wrote a new lookup key, and how many groups it
    gave a new invite link, games a new view link, and renewed edit keys waiting for a
    phone it let go of (that phone opens the game through its group)."""

    new_lookup: bool
    invites: int
    views: int
    dropped: int


def renew_lost(db: Database) -> RenewedLost:
    """For a database whose keys are lost for good (``scorekeeper secrets
    --renew-lost``): writes ``tokens.key`` if it has none, then, in one transaction,
    gives every group and game whose stored link no key beside it opens a new invite or
    view link, and lets go of each renewed edit key waiting for a phone, and each club
    table's kept edit key, that none opens.
    The links shared before open nothing; those that still open are left as they are.
    Key files that cannot be read are the caller's to set aside first
    (``sealing.set_aside_bad_keys``)."""
    with writing(db):
        new_lookup = new_lookup_key(db)
        renewed = {"groups": 0, "games": 0, "phone_rekeys": 0, "club_tables": 0}
        for table, key, kind, hashed, sealed in SEALED:
            rows = db.execute(
                f"SELECT {key}, {hashed}, {sealed} FROM {table} WHERE {sealed} IS NOT NULL"
            ).fetchall()
            where = " AND ".join(f"{column} = ?" for column in key.split(", "))
            for *ids, stored_hash, stored in rows:
                if unseal(db, kind, stored_hash, stored) is not None:
                    continue
                if table == "phone_rekeys":
                    db.execute(f"DELETE FROM {table} WHERE {where}", ids)
                elif table == "club_tables":
                    # The table's game's edit key, kept for an organiser to be handed: let
                    # go of (the table's own phone still holds it; a new one is kept when
                    # the game's key is next replaced).
                    db.execute(
                        f"UPDATE {table} SET {hashed} = NULL, {sealed} = NULL WHERE {where}", ids
                    )
                else:
                    # A game's pages kept in memory show its view link: bumped, as for a
                    # new edit link (replace_edit_key).
                    bump = ", version = version + 1" if table == "games" else ""
                    db.execute(
                        f"UPDATE {table} SET {hashed} = ?, {sealed} = ?{bump} WHERE {where}",
                        [*seal(db, kind, new_token()), *ids],
                    )
                renewed[table] += 1
    return RenewedLost(
        new_lookup=new_lookup,
        invites=renewed["groups"],
        views=renewed["games"],
        dropped=renewed["phone_rekeys"],
    )
