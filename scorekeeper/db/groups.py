"""Groups (issue 21): the friends who play together, to whom their games belong. A group
has a name (None: the default name, shown translated as "Our table"), a key (for the API,
``Authorization: Bearer``; stored only as its SHA-256, as edit keys are), an invite token
(stored as its keyed hash and sealed, ``db.sealing``: the app shows the invite link again,
a copy of the file alone opens nothing) and a member epoch (bumped to drop every member).
A game's view token lets anyone shown its view link read it; it is stored as invites are."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..names import clean_name
from .connection import MAX_ID, now, query, writing
from .errors import NotFound
from .games import GAME_QUERY, StoredGame, games_from_rows
from .keys import hash_key, new_token
from .sealing import LOST_TOKEN, seal, token_hash, unseal

MAX_GROUP_NAME_LENGTH = 60
# Tokens are made here at 24 characters (144 bits); anything far longer is no token of
# ours, and is refused before it reaches an index.
MAX_TOKEN_LENGTH = 200


@dataclass(frozen=True, slots=True)
class Group:
    """A stored group. ``name`` None is the default name ("Our table", translated)."""

    id: int
    name: str | None
    invite: str
    """The invite token (unsealed; ``LOST_TOKEN`` without this database's secret)."""
    key_hash: str
    member_epoch: int
    created_at: str


def clean_group_name(name: Any) -> str | None:
    """A group's name with what shows nothing dropped (``names.clean_name``: control
    characters, variation selectors, blank fillers...), spaces collapsed and cut to
    MAX_GROUP_NAME_LENGTH characters; None (the default name) when nothing is left."""
    if name is None:
        return None
    cleaned = clean_name(name)[:MAX_GROUP_NAME_LENGTH].strip()
    return cleaned or None


_GROUP_COLUMNS = "id, name, invite_hash, invite_sealed, key_hash, member_epoch, created_at"


def _group(db: Database, row: Any) -> Group:
    return Group(
        id=row["id"],
        name=row["name"],
        invite=unseal(db, "invite", row["invite_hash"], row["invite_sealed"]) or LOST_TOKEN,
        key_hash=row["key_hash"],
        member_epoch=row["member_epoch"],
        created_at=row["created_at"],
    )


def create_group(db: Database, name: str | None) -> tuple[Group, str]:
    """Stores a new group named ``name`` (cleaned: ``clean_group_name``) with a fresh
    invite and key, and returns (the group, its key). The key is never stored."""
    with writing(db):
        return insert_group(db, name)


def insert_group(db: Database, name: str | None) -> tuple[Group, str]:
    """``create_group`` within a write the caller holds (an import stores its group and
    its games in one transaction)."""
    key = new_token()
    invite = new_token()
    stamp = now()
    cleaned = clean_group_name(name)
    group_id = db.execute(
        "INSERT INTO groups (name, key_hash, invite_hash, invite_sealed, member_epoch, "
        "created_at) VALUES (?, ?, ?, ?, 1, ?)",
        [cleaned, hash_key(key), *seal(db, "invite", invite), stamp],
    ).lastrowid
    assert group_id is not None
    return Group(group_id, cleaned, invite, hash_key(key), 1, stamp), key


def load_group(db: Database, group_id: int) -> Group | None:
    """The group, or None when there is no such id."""
    if not 0 < group_id <= MAX_ID:
        return None
    row = query(db, f"SELECT {_GROUP_COLUMNS} FROM groups WHERE id = ?", [group_id]).fetchone()
    return _group(db, row) if row else None


def group_by_invite(db: Database, invite: str | None) -> Group | None:
    """The group whose invite token is ``invite``, or None (an old invite, since replaced,
    finds none)."""
    if not invite or not isinstance(invite, str) or len(invite) > MAX_TOKEN_LENGTH:
        return None
    row = query(
        db,
        f"SELECT {_GROUP_COLUMNS} FROM groups WHERE invite_hash = ?",
        [token_hash(db, "invite", invite)],
    ).fetchone()
    return _group(db, row) if row else None


def list_groups(db: Database) -> list[Group]:
    """Every group, oldest first (for the person who runs the server)."""
    rows = query(db, f"SELECT {_GROUP_COLUMNS} FROM groups ORDER BY id")
    return [_group(db, row) for row in rows]


def _update(db: Database, group_id: int, sql: str, params: list[Any]) -> None:
    """Runs ``sql`` (an UPDATE of the group, ``WHERE id = ?`` last) in a write; raises
    NotFound for an unknown group."""
    if not 0 < group_id <= MAX_ID:
        raise NotFound(f"there is no group {group_id}")
    with writing(db):
        changed = db.execute(sql, [*params, group_id]).rowcount
    if not changed:
        raise NotFound(f"there is no group {group_id}")


def rename_group(db: Database, group_id: int, name: str | None) -> str | None:
    """Renames the group (cleaned: ``clean_group_name``; None or blank gives back the
    default name) and returns the name stored. Raises NotFound for an unknown group."""
    cleaned = clean_group_name(name)
    _update(db, group_id, "UPDATE groups SET name = ? WHERE id = ?", [cleaned])
    return cleaned


def new_invite(db: Database, group_id: int) -> str:
    """Gives the group a new invite token and returns it: the old invite link stops
    working, members who joined stay (the member epoch is kept). Raises NotFound."""
    invite = new_token()
    _update(
        db,
        group_id,
        "UPDATE groups SET invite_hash = ?, invite_sealed = ? WHERE id = ?",
        list(seal(db, "invite", invite)),
    )
    return invite


def replace_group_key(db: Database, group_id: int, made_by: int | None = None) -> str:
    """Gives the group a new key, so the old one stops working, and returns it (the only time
    it is seen: the database keeps its hash). ``made_by`` is the membership that asked for
    it (None: the API or the command line): the key is revoked when it ends
    (``phones.end_membership``). Raises NotFound for an unknown group."""
    key = new_token()
    _update(
        db,
        group_id,
        "UPDATE groups SET key_hash = ?, key_member_id = ? WHERE id = ?",
        [hash_key(key), made_by],
    )
    return key


def group_key_matches(group: Group, key: str | None) -> bool:
    """True when ``key`` is the group's key, compared in constant time."""
    if not key or not isinstance(key, str) or len(key) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(hash_key(key), group.key_hash)


def game_by_view_token(db: Database, token: str | None) -> StoredGame | None:
    """The game whose view link carries ``token``, or None."""
    if not token or not isinstance(token, str) or len(token) > MAX_TOKEN_LENGTH:
        return None
    rows = query(
        db,
        GAME_QUERY + "WHERE g.id = (SELECT id FROM games WHERE view_hash = ?) ORDER BY p.seat",
        [token_hash(db, "view", token)],
    ).fetchall()
    return games_from_rows(rows, db)[0] if rows else None
