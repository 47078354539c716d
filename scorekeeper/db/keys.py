"""Edit keys and the other tokens (a group's key and invite, a game's view token), all
made here. Keys are stored only as their SHA-256 and compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlite_utils import Database

from .connection import MAX_ID, writing
from .errors import NotFound
from .sealing import seal


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
