"""Phones and memberships (issue 29): what a browser holds, kept on the server behind the
random token its session cookie carries, and a group's members with their history.

A phone is found by the SHA-256 of its token; the token is never stored. The edit keys a
phone remembers are sealed with its token (AES-GCM, ``cryptography``'s, under a key
derived from the token by HKDF, so one of each phone's own, a random 96-bit nonce for
every value, the game as associated data), so that a copy of the file alone opens no
game, two versions of a row (a key renewed) tell nothing of each other, a changed or
moved value opens nothing, and the cookie holds no key at all. Keys sealed before issue
54 (XOR with an HMAC stream of the token and the game) are sealed again on the phone's
next request, the only time the server has its token (``phone_by_token``). A
membership is a row of ``members``; it ends (``left_at``) when the phone leaves or
another member removes it, and from then on no copy of the phone's cookie is a member.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlite_utils import Database

from ..names import look_alike_of
from .connection import MAX_ID, now, query, writing
from .keys import hash_key, new_edit_key, new_token
from .sealing import key_id, keyring, mixed, seal, token_hash, unseal

# What one phone keeps, at most: the oldest are let go first (as the cookie once did).
MAX_PHONE_KEYS = 200
MAX_PHONE_VIEWS = 200
MAX_PHONE_GROUPS = 16
MAX_MEMBER_LABEL_LENGTH = 40
MAX_PHONE_TOKEN_LENGTH = 200
# How long a renewed token is remembered (``renewed_lately``): a second tap of a button,
# or a request begun before the renewal answered, comes within it.
RENEWED_LATELY_SECONDS = 120
# How a kept key sealed since issue 54 begins (base64 has no ":"; one without it was
# sealed before, by XOR).
SEALED_PREFIX = "gcm:"
_NONCE = 12
_KEY_INFO = b"scorekeeper: a phone's kept edit keys, AES-GCM"


@dataclass(frozen=True, slots=True)
class Member:
    """A time a phone was in a group: ``left_at`` None while it still is."""

    id: int
    group_id: int
    phone_id: int
    label: str | None
    joined_at: str
    left_at: str | None
    removed_by: int | None


def new_phone(db: Database) -> tuple[int, str]:
    """Stores a new phone and returns (its id, its token)."""
    token = new_token()
    with writing(db):
        phone_id = db.execute(
            "INSERT INTO phones (token_hash, created_at) VALUES (?, ?)", [hash_key(token), now()]
        ).lastrowid
    assert phone_id is not None
    return phone_id, token


def phone_by_token(db: Database, token: Any) -> int | None:
    """The id of the phone whose token is ``token``, or None. Its kept keys still sealed
    as before issue 54 are sealed again now (``_seal_old_keys``)."""
    if not isinstance(token, str) or not token or len(token) > MAX_PHONE_TOKEN_LENGTH:
        return None
    row = query(
        db,
        "SELECT id, EXISTS (SELECT 1 FROM phone_keys k WHERE k.phone_id = phones.id "
        "AND k.sealed NOT LIKE ?) AS old FROM phones WHERE token_hash = ?",
        [SEALED_PREFIX + "%", hash_key(token)],
    ).fetchone()
    if row is None:
        return None
    if row["old"]:
        _seal_old_keys(db, row["id"], token)
    return row["id"]


def _seal_old_keys(db: Database, phone_id: int, token: str) -> None:
    """Seals again, as ``_seal`` does, the phone's kept keys sealed before issue 54, which
    migration m024 could not (the server has the token only while the phone asks)."""
    with writing(db):
        old = db.execute(
            "SELECT game_id, sealed FROM phone_keys WHERE phone_id = ? AND sealed NOT LIKE ?",
            [phone_id, SEALED_PREFIX + "%"],
        ).fetchall()
        for game_id, sealed in old:
            key = _legacy_unseal(token, game_id, sealed)
            where = "WHERE phone_id = ? AND game_id = ?"
            if key is None:  # no check in the old sealing: what does not read is no key
                db.execute(f"DELETE FROM phone_keys {where}", [phone_id, game_id])
                continue
            db.execute(
                f"UPDATE phone_keys SET sealed = ? {where}",
                [_seal(token, game_id, key), phone_id, game_id],
            )


def _aead(token: str) -> AESGCM:
    """The phone's own sealing key, derived from its token (which only the phone holds)."""
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_KEY_INFO)
    return AESGCM(derived.derive(token.encode("utf-8", "surrogatepass")))


def _bound(game_id: int) -> bytes:
    """What a sealed key is bound to: moved to another game's row, it opens nothing (and
    in another phone's row, under another phone's key, nothing either)."""
    return f"game {game_id}".encode()


def _seal(token: str, game_id: int, key: str) -> str:
    nonce = os.urandom(_NONCE)
    raw = key.encode("utf-8", "surrogatepass")
    sealed = nonce + _aead(token).encrypt(nonce, raw, _bound(game_id))
    return SEALED_PREFIX + base64.b64encode(sealed).decode("ascii")


def _unseal(token: str, game_id: int, sealed: str) -> str | None:
    """The key ``sealed`` holds, or None: sealed with another phone's token, for another
    game, or changed."""
    if not sealed.startswith(SEALED_PREFIX):
        return _legacy_unseal(token, game_id, sealed)
    try:
        data = base64.b64decode(sealed.removeprefix(SEALED_PREFIX), validate=True)
        nonce, body = data[:_NONCE], data[_NONCE:]
        raw = _aead(token).decrypt(nonce, body, _bound(game_id))
        return raw.decode("utf-8", "surrogatepass")
    except (InvalidTag, ValueError, binascii.Error, UnicodeDecodeError):
        return None


def _legacy_unseal(token: str, game_id: int, sealed: str) -> str | None:
    """A key sealed before issue 54 (XOR with an HMAC stream of the token and the game)."""
    try:
        raw = mixed(token.encode(), f"edit-key:{game_id}", base64.b64decode(sealed))
        return raw.decode("utf-8", "surrogatepass") or None
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None


def keep_key(db: Database, phone_id: int, token: str, game_id: int, key: str) -> None:
    """The phone remembers ``key`` as the edit key of ``game_id`` (the newest kept)."""
    with writing(db):
        db.execute(
            "INSERT OR REPLACE INTO phone_keys (phone_id, game_id, sealed, kept_at) "
            "VALUES (?, ?, ?, ?)",
            [phone_id, game_id, _seal(token, game_id, key), now()],
        )
        db.execute(
            "DELETE FROM phone_rekeys WHERE phone_id = ? AND game_id = ?", [phone_id, game_id]
        )
        _trim(db, "phone_keys", phone_id, MAX_PHONE_KEYS)


def _trim(db: Database, table: str, phone_id: int, most: int) -> None:
    """Lets go of the phone's oldest rows of ``table`` beyond ``most``."""
    db.execute(
        f"DELETE FROM {table} WHERE phone_id = ? AND game_id NOT IN (SELECT game_id FROM "
        f"{table} WHERE phone_id = ? ORDER BY kept_at DESC, game_id DESC LIMIT ?)",
        [phone_id, phone_id, most],
    )


def kept_key(db: Database, phone_id: int, token: str, game_id: int) -> str | None:
    """The edit key the phone remembers for ``game_id``, or None. A key renewed when
    another phone left the game's group (``end_membership``) replaces the one kept, if
    that is still the key it replaced."""
    if not 0 < game_id <= MAX_ID:
        return None
    row = query(
        db,
        "SELECT k.sealed, r.old_hash, r.new_hash, r.sealed AS renewed FROM phone_keys k "
        "LEFT JOIN phone_rekeys r ON r.phone_id = k.phone_id AND r.game_id = k.game_id "
        "WHERE k.phone_id = ? AND k.game_id = ?",
        [phone_id, game_id],
    ).fetchone()
    if row is None:
        return None
    key = _unseal(token, game_id, row["sealed"])
    if row["renewed"] is not None:
        new = unseal(db, "edit", row["new_hash"], row["renewed"])
        with writing(db):
            db.execute(
                "DELETE FROM phone_rekeys WHERE phone_id = ? AND game_id = ?", [phone_id, game_id]
            )
            if new is not None and key is not None and hash_key(key) == row["old_hash"]:
                db.execute(
                    "UPDATE phone_keys SET sealed = ? WHERE phone_id = ? AND game_id = ?",
                    [_seal(token, game_id, new), phone_id, game_id],
                )
                key = new
    return key


def drop_key(db: Database, phone_id: int, game_id: int) -> None:
    with writing(db):
        for table in ("phone_keys", "phone_rekeys"):
            db.execute(
                f"DELETE FROM {table} WHERE phone_id = ? AND game_id = ?", [phone_id, game_id]
            )


def renew_token(db: Database, phone_id: int, old_token: str) -> str | None:
    """Gives the phone a new token in place of ``old_token`` and returns it (None when
    ``old_token`` is no longer the phone's: another request renewed it first). The phone
    keeps everything it holds (its id, so its memberships and view links; its edit keys,
    sealed again with the new token in the same transaction), and from then on the old
    token names no phone: whoever else held it (a cookie planted before the phone gained
    a right) holds nothing.

    The old token's hash is kept a few minutes in ``renewed_tokens``, in the same
    transaction, for every process on the file (``renewed_lately``); the rows older
    than that are deleted then, so the table holds only the renewals of those minutes."""
    token = new_token()
    at = datetime.now(UTC)
    with writing(db):
        changed = db.execute(
            "UPDATE phones SET token_hash = ? WHERE id = ? AND token_hash = ?",
            [hash_key(token), phone_id, hash_key(old_token)],
        ).rowcount
        if not changed:
            return None
        db.execute("DELETE FROM renewed_tokens WHERE renewed_at < ?", [_renewed_since(at)])
        db.execute(
            "INSERT OR REPLACE INTO renewed_tokens (old_hash, phone_id, renewed_at) "
            "VALUES (?, ?, ?)",
            [hash_key(old_token), phone_id, at.isoformat(timespec="seconds")],
        )
        rows = db.execute(
            "SELECT game_id, sealed FROM phone_keys WHERE phone_id = ?", [phone_id]
        ).fetchall()
        for game_id, sealed in rows:
            key = _unseal(old_token, game_id, sealed)
            if key is None:
                db.execute(
                    "DELETE FROM phone_keys WHERE phone_id = ? AND game_id = ?",
                    [phone_id, game_id],
                )
                continue
            db.execute(
                "UPDATE phone_keys SET sealed = ? WHERE phone_id = ? AND game_id = ?",
                [_seal(token, game_id, key), phone_id, game_id],
            )
    return token


def renewed_lately(db: Database, token: Any) -> bool:
    """True when ``token`` was a phone's token until ``renew_token`` replaced it, in the
    last RENEWED_LATELY_SECONDS, by this process or another on the file: a request still
    holding it started before the renewal answered, or is a second tap of the button."""
    if not isinstance(token, str) or not token or len(token) > MAX_PHONE_TOKEN_LENGTH:
        return False
    row = query(
        db,
        "SELECT 1 FROM renewed_tokens WHERE old_hash = ? AND renewed_at >= ?",
        [hash_key(token), _renewed_since(datetime.now(UTC))],
    ).fetchone()
    return row is not None


def _renewed_since(at: datetime) -> str:
    """The oldest ``renewed_at`` still remembered at ``at`` (as ``now()`` writes times)."""
    return (at - timedelta(seconds=RENEWED_LATELY_SECONDS)).isoformat(timespec="seconds")


def keep_view(db: Database, phone_id: int, game_id: int, view_token: str) -> None:
    """The phone opened ``game_id``'s view link, whose token is ``view_token`` (kept as
    its keyed hash, as the game keeps it)."""
    with writing(db):
        db.execute(
            "INSERT OR REPLACE INTO phone_views (phone_id, game_id, view_hash, kept_at) "
            "VALUES (?, ?, ?, ?)",
            [phone_id, game_id, token_hash(db, "view", view_token), now()],
        )
        _trim(db, "phone_views", phone_id, MAX_PHONE_VIEWS)


def opened_view(db: Database, phone_id: int, game_id: int, view_token: str) -> bool:
    """True when the phone opened ``game_id``'s view link while its token was
    ``view_token`` (the game's token now: a new view link ends what the old one gave)."""
    if not 0 < game_id <= MAX_ID:
        return False
    row = query(
        db,
        "SELECT view_hash FROM phone_views WHERE phone_id = ? AND game_id = ?",
        [phone_id, game_id],
    ).fetchone()
    return row is not None and hmac.compare_digest(
        row["view_hash"], token_hash(db, "view", view_token)
    )


# --- members ------------------------------------------------------------------------------


def clean_label(label: Any) -> str | None:
    """A member's label with what shows nothing dropped and spaces collapsed, cut to
    MAX_MEMBER_LABEL_LENGTH characters; None when nothing is left."""
    from .groups import clean_group_name

    cleaned = clean_group_name(label)
    return cleaned[:MAX_MEMBER_LABEL_LENGTH].strip() or None if cleaned else None


def label_look_alike(
    db: Database, group_id: int, label: str | None, member_id: int | None = None
) -> str | None:
    """The name of the group's players, or of its members now but ``member_id``, that
    ``label`` (cleaned) looks like without being it ("Аnn" with a Cyrillic А, beside Ann),
    the most seated player first; None when it looks like none (or is none)."""
    from .games import group_player_names

    if label is None:
        return None
    labels = query(
        db,
        "SELECT label FROM members WHERE group_id = ? AND left_at IS NULL AND label IS NOT NULL "
        "AND id IS NOT ? ORDER BY id",
        [group_id, member_id],
    )
    known = [*group_player_names(db, group_id), *(row["label"] for row in labels)]
    return look_alike_of(label, known)


_MEMBER_COLUMNS = "id, group_id, phone_id, label, joined_at, left_at, removed_by"


def _member(row: Any) -> Member:
    return Member(**{name: row[name] for name in _MEMBER_COLUMNS.split(", ")})


def join_group(db: Database, phone_id: int, group_id: int, label: Any = None) -> Member:
    """Makes the phone a member of the group (with ``label``, cleaned), unless it is one
    already; returns its membership. A phone in MAX_PHONE_GROUPS groups leaves the one it
    joined longest ago."""
    with writing(db):
        found = current_member(db, phone_id, group_id)
        if found is not None:
            return found
        stamp = now()
        db.execute(
            "INSERT INTO members (group_id, phone_id, label, joined_at) VALUES (?, ?, ?, ?)",
            [group_id, phone_id, clean_label(label), stamp],
        )
        db.execute(
            "UPDATE members SET left_at = ? WHERE phone_id = ? AND left_at IS NULL AND id NOT IN "
            "(SELECT id FROM members WHERE phone_id = ? AND left_at IS NULL "
            "ORDER BY id DESC LIMIT ?)",
            [stamp, phone_id, phone_id, MAX_PHONE_GROUPS],
        )
        member = current_member(db, phone_id, group_id)
    assert member is not None
    return member


def current_member(db: Database, phone_id: int, group_id: int) -> Member | None:
    """The phone's membership of the group while it lasts, else None."""
    if not 0 < group_id <= MAX_ID:
        return None
    row = query(
        db,
        f"SELECT {_MEMBER_COLUMNS} FROM members "
        "WHERE phone_id = ? AND group_id = ? AND left_at IS NULL",
        [phone_id, group_id],
    ).fetchone()
    return _member(row) if row else None


def phone_groups(db: Database, phone_id: int) -> list[int]:
    """The groups the phone is a member of, in the order it joined them."""
    rows = query(
        db,
        "SELECT group_id FROM members WHERE phone_id = ? AND left_at IS NULL ORDER BY id",
        [phone_id],
    )
    return [row["group_id"] for row in rows]


def group_members(db: Database, group_id: int) -> list[Member]:
    """Every time a phone joined the group, the first first: its members now and before."""
    rows = query(
        db, f"SELECT {_MEMBER_COLUMNS} FROM members WHERE group_id = ? ORDER BY id", [group_id]
    )
    return [_member(row) for row in rows]


def count_members(db: Database, group_id: int) -> int:
    """How many phones are in the group now."""
    return query(
        db, "SELECT count(*) FROM members WHERE group_id = ? AND left_at IS NULL", [group_id]
    ).fetchone()[0]


@dataclass(frozen=True, slots=True)
class Renewed:
    """What the end of a membership renewed, so that nothing the phone held (or could have
    read) opens the group any more: the invite link, the view links of the group's games,
    the edit links of the games whose key it held (every game, when it made the group's
    API key, with which it could have started any), and that API key, revoked."""

    view_links: int
    edit_links: int
    api_key: bool


def end_membership(db: Database, member: Member, removed_by: int | None = None) -> Renewed | None:
    """Ends ``member``'s membership (by another member ``removed_by``, or by itself): the
    phone forgets the edit keys and view links of the group's games, and everything it
    held is renewed (``Renewed``), in the same transaction. The other members' phones
    keep recording: each that kept a game's edit key gets the new one on its next
    request (``kept_key``). Returns None when the membership had already ended."""
    # The new view links are sealed before the write (two HMACs each: a group of 2,000
    # games would otherwise hold every other group's saves for a large part of a second);
    # a game started meanwhile is sealed within it.
    view_links = {
        game_id: seal(db, "view", new_token())
        for (game_id,) in db.execute("SELECT id FROM games WHERE group_id = ?", [member.group_id])
    }
    with writing(db):
        changed = db.execute(
            "UPDATE members SET left_at = ?, removed_by = ?, told = ? "
            "WHERE id = ? AND left_at IS NULL",
            [now(), removed_by, int(removed_by is None), member.id],
        ).rowcount
        if not changed:
            return None
        # Sealed before a rotation that ended meanwhile (``keys.rotate_secret``): again.
        current = keyring(db).current
        view_links = {
            game_id: link for game_id, link in view_links.items() if key_id(link[1]) == current
        }
        group_games = "(SELECT id FROM games WHERE group_id = ?)"
        held = {
            row[0]
            for row in db.execute(
                f"SELECT game_id FROM phone_keys WHERE phone_id = ? AND game_id IN {group_games}",
                [member.phone_id, member.group_id],
            )
        }
        for table in ("phone_keys", "phone_views", "phone_rekeys"):
            db.execute(
                f"DELETE FROM {table} WHERE phone_id = ? AND game_id IN {group_games}",
                [member.phone_id, member.group_id],
            )
        db.execute(
            "UPDATE groups SET invite_hash = ?, invite_sealed = ? WHERE id = ?",
            [*seal(db, "invite", new_token()), member.group_id],
        )
        # Revoked: the hash of a key nobody is told.
        api_key = bool(
            db.execute(
                "UPDATE groups SET key_hash = ?, key_member_id = NULL "
                "WHERE id = ? AND key_member_id = ?",
                [hash_key(new_token()), member.group_id, member.id],
            ).rowcount
        )
        games = db.execute(
            "SELECT id, edit_key_hash FROM games WHERE group_id = ?", [member.group_id]
        ).fetchall()
        db.conn.executemany(
            "UPDATE games SET view_hash = ?, view_sealed = ?, version = version + 1 WHERE id = ?",
            [
                (*(view_links.get(game_id) or seal(db, "view", new_token())), game_id)
                for game_id, _old in games
            ],
        )
        edit_links = 0
        for game_id, old_hash in games:
            if api_key or game_id in held:
                _renew_edit_key(db, member.group_id, game_id, old_hash)
                edit_links += 1
    return Renewed(view_links=len(games), edit_links=edit_links, api_key=api_key)


def _renew_edit_key(db: Database, group_id: int, game_id: int, old_hash: str | None) -> None:
    """Gives the game a new edit key, within the caller's write, and keeps it for each
    member's phone that kept the old one, until that phone's next request."""
    key = new_edit_key()
    db.execute("UPDATE games SET edit_key_hash = ? WHERE id = ?", [hash_key(key), game_id])
    if old_hash is None:
        return
    new_hash, sealed = seal(db, "edit", key)
    # A club table keeps its game's current key for the phones its roles hand it to.
    db.execute(
        "UPDATE club_tables SET key_hash = ?, key_sealed = ? WHERE game_id = ?",
        [new_hash, sealed, game_id],
    )
    # A phone told of an earlier renewal it has not picked up yet keeps the old hash it
    # holds the key of; the newest key replaces the one waiting.
    db.execute(
        "INSERT INTO phone_rekeys (phone_id, game_id, old_hash, new_hash, sealed) "
        "SELECT k.phone_id, k.game_id, ?, ?, ? FROM phone_keys k JOIN members m "
        "ON m.phone_id = k.phone_id AND m.group_id = ? AND m.left_at IS NULL "
        "WHERE k.game_id = ? "
        "ON CONFLICT (phone_id, game_id) DO UPDATE SET new_hash = excluded.new_hash, "
        "sealed = excluded.sealed",
        [old_hash, new_hash, sealed, group_id, game_id],
    )


def name_member(db: Database, member: Member, label: Any) -> str | None:
    """Gives the membership the label ``label`` (cleaned; blank: none) and returns it."""
    cleaned = clean_label(label)
    with writing(db):
        db.execute("UPDATE members SET label = ? WHERE id = ?", [cleaned, member.id])
    return cleaned


def untold_removals(db: Database, phone_id: int, mark: bool = True) -> list[int]:
    """The groups the phone was removed from since its last request, marked told now
    (unless not ``mark``: then by ``told_of``, once the phone surely hears of it)."""
    found = [
        row["group_id"]
        for row in query(
            db, "SELECT group_id FROM members WHERE phone_id = ? AND told = 0", [phone_id]
        )
    ]
    if found and mark:
        told_of(db, phone_id, found)
    return found


def told_of(db: Database, phone_id: int, group_ids: list[int]) -> None:
    """Marks the phone told of its removal from ``group_ids``."""
    with writing(db):
        db.conn.executemany(
            "UPDATE members SET told = 1 WHERE phone_id = ? AND group_id = ? AND told = 0",
            [(phone_id, group_id) for group_id in group_ids],
        )
