"""The secrets that keep a copy of the database from opening anything (issues 42 and 54).

Invite and view tokens open a group or a game to whoever holds them, and the app must
show their links again, so they cannot be stored as plain hashes as keys are. Each is
stored twice, and neither opens anything without the secrets kept outside the database:

- its keyed hash (HMAC-SHA256 of the lookup key), by which a link finds its group or game;
- the token sealed (AES-SIV, ``cryptography``'s, with the kind and the keyed hash as
  associated data), from which the app shows the link again, written ``k<id>:<base64>``:
  the id of the key that sealed it. A value changed by a single bit, moved to another row
  or sealed with a key this server no longer has unseals to None, never to a wrong link.
  AES-SIV is deterministic, which is safe here: the same token under the same key gives
  the same value, and nothing else (the lookup is the keyed hash, not this).

A renewed edit key waiting for a member's phone (``phone_rekeys``) is sealed the same way.
A phone's own kept keys are ``phones``' (AES-GCM under its token).

The secrets folder, ``<database>-secrets/`` (mode 0700 whatever the umask, each file
0600), holds:

- ``tokens.key``: 32 random bytes as hex, made the first time a token is stored. It is
  the lookup key, which never changes (a stored hash must keep finding its row while
  phones hold the link), and key 1 of the sealing keys (derived from it by HKDF).
  A lookup key alone reveals nothing: an HMAC of a 144-bit random token gives nothing of
  the token; only the sealing shows links, and the sealing is what rotates.
- ``tokens-<id>.key`` for ``id`` 2 and up: the sealing keys made by ``scorekeeper secrets
  --rotate`` (``keys.rotate_secret``), the newest of which seals everything new. A
  rotation re-seals every row with a new key in one transaction and then removes the
  older ``tokens-<id>.key`` files: a thief's copy of an old key opens nothing of a copy of
  the database taken after.

Each process reads the folder again whenever it changed (one ``stat`` per look-up), so a
rotation run beside a running server is seen at its next token. A database copied without
the folder (a backup, a replica, a stolen file) finds no group or game by any token and
shows no link. To move a server, the host keeps the folder with the database.

A server does not start on a database whose stored links need a key it cannot read
(issue 66, ``check_secrets``): the folder forgotten in a restore, a key file corrupt or
unreadable, an older folder that lacks the newest sealing key. Before, it started, wrote
a new ``tokens.key`` at the first new link, and every link shared before answered 404
for good. Nor does a running one write a lookup key while the database holds links
sealed with another (``SecretsProblem``, which the app answers 503). The way out when the
keys are lost for good is the host's to take: ``scorekeeper secrets --renew-lost``
(``keys.renew_lost``).

Values sealed before issue 54 (XOR with an HMAC-SHA256 stream of the secret, no key id:
``legacy_unseal``) are still read, checked against their keyed hash, until migration
m024 has re-sealed them.

This module imports nothing of the rest of ``db`` but ``files`` (which imports nothing), so
that a migration can use it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import re
import secrets
import sqlite3
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESSIV
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlite_utils import Database

from ..problems import CannotStart, Problem
from .connection import connect
from .files import PRIVATE_FOLDER, database_path, private_folder, sync_folder

SECRETS_FOLDER = "-secrets"
# What a row's token reads as when this database's secrets are not the ones that sealed
# it: its link then opens nothing (and says so), as any unknown token.
LOST_TOKEN = "lost"
TOKENS_KEY = "tokens.key"
# The lookup key and sealing key 1 (``tokens.key``), and each later sealing key.
_KEY_FILE = re.compile(r"^tokens(?:-([1-9][0-9]{0,8}))?\.key$")
# A value sealed with a key: its id, then the sealed bytes in base64 (which has no ":").
_SEALED = re.compile(r"^k([1-9][0-9]{0,8}):([A-Za-z0-9+/=]+)$")
_TICK = 50_000_000  # nanoseconds
_SIV_INFO = b"scorekeeper: invite, view and renewed edit tokens, AES-SIV"

# What is sealed with these keys: (table, its key columns, the token's kind, the keyed
# hash's column, the sealed value's column). A phone's kept keys are sealed with its own
# token (``phones``), not with these keys.
SEALED = (
    ("groups", "id", "invite", "invite_hash", "invite_sealed"),
    ("games", "id", "view", "view_hash", "view_sealed"),
    ("phone_rekeys", "phone_id, game_id", "edit", "new_hash", "sealed"),
    ("club_tables", "id", "edit", "key_hash", "key_sealed"),
)
# Where a refusal sends the host: docs/hosting.md's section on the secrets, and the way
# out when they are lost for good.
RESTORE = (
    "put the folder back from your backups, owned by the server's user (docs/hosting.md, "
    '"What to keep besides the database"); if its keys are lost for good, '
    "`scorekeeper secrets --renew-lost --db {database}` gives every link they sealed a "
    "new one (the old links then open nothing)"
)


NOT_A_KEY = "does not hold a key (64 hexadecimal digits)"


class SecretsProblem(Problem):
    """The database's keys cannot be used: one is missing, unreadable or corrupt, or a
    new lookup key would leave the links already stored unopenable. ``field`` is the
    file or folder to put right."""


@dataclass(frozen=True, slots=True)
class Keyring:
    """A database's secrets as read from its folder: the lookup key, and the sealing keys
    by id (``current`` seals what is stored now)."""

    lookup: bytes
    keys: dict[int, AESSIV]
    current: int


# What this process read of each database file's folder, by the file's path: the folder's
# (inode, mtime) when read, and its keyring.
_KNOWN: dict[str, tuple[tuple[int, int], Keyring]] = {}
_LOCK = threading.Lock()


def _siv(secret: bytes) -> AESSIV:
    """Sealing key 1 from ``tokens.key`` (which is also the lookup key, so derived apart
    from it), or any other key file's."""
    derived = HKDF(algorithm=hashes.SHA256(), length=64, salt=None, info=_SIV_INFO)
    return AESSIV(derived.derive(secret))


def _one_off() -> Keyring:
    """A keyring for this moment alone, by which no stored token opens or shows."""
    secret = secrets.token_bytes(32)
    return Keyring(lookup=secret, keys={1: _siv(secret)}, current=1)


# A database in memory dies with the process: one keyring for them all, never written.
_IN_MEMORY = _one_off()


def secrets_folder(database: str | os.PathLike[str]) -> Path:
    """The folder beside the database file ``database`` that holds its secrets."""
    path = Path(database)
    return path.parent / (path.name + SECRETS_FOLDER)


def secret_file(database: str | os.PathLike[str]) -> Path:
    """Where the lookup key (and sealing key 1) of the database file ``database`` is kept."""
    return secrets_folder(database) / TOKENS_KEY


def key_name(key_id: int) -> str:
    """The name of sealing key ``key_id``'s file."""
    return TOKENS_KEY if key_id == 1 else f"tokens-{key_id}.key"


def key_file(database: str | os.PathLike[str], key_id: int) -> Path:
    """Where sealing key ``key_id`` of the database file ``database`` is kept."""
    return secrets_folder(database) / key_name(key_id)


def keyring(db: Database, make: bool = False) -> Keyring:
    """The secrets of the database ``db``, read from its folder (the lookup key written
    there first when ``make``: a token is being stored).

    Without the lookup key, and not to make it (a token looked up or shown in a copy,
    which must never gain a secret of its own): a keyring for this moment alone, by which
    no stored token opens or shows. Raises SecretsProblem naming the file for a key file
    that cannot be read or holds no key, for a key that cannot be written (a token sealed
    with a key nobody keeps would be lost), and for a lookup key to make beside links
    sealed with another (see ``_first_key``)."""
    path = database_path(db)
    if not path:
        return _IN_MEMORY
    try:
        seen = os.stat(path + SECRETS_FOLDER)  # the folder, as ``secrets_folder`` names it
        stamp = (seen.st_ino, seen.st_mtime_ns)
    except OSError:
        stamp = None
    known = _KNOWN.get(path)
    if known is not None and stamp is not None and known[0] == stamp:
        return known[1]
    folder = secrets_folder(path)
    with _LOCK:
        try:
            if make and not (folder / TOKENS_KEY).exists():
                _first_key(db, folder)
                seen = folder.stat()
                stamp = (seen.st_ino, seen.st_mtime_ns)
            read_at = time.time_ns()
            found = _read_folder(folder) if stamp is not None else None
        except OSError as exc:
            # A key file unreadable or corrupt (or one that cannot be written): the host's
            # to put right, never a copy's missing folder, so it is said, not hidden.
            said = f"{exc.filename}: {exc.strerror}" if exc.strerror else str(exc)
            raise SecretsProblem(said, str(folder)) from None
        if found is None:
            if make:
                raise SecretsProblem(f"{folder / TOKENS_KEY} could not be written", str(folder))
            return _one_off()
        # Kept only when read well after the folder's last change: a file system stamps
        # changes with a clock that ticks in milliseconds, and a change made in the same
        # tick as the one read would carry the same stamp and go unseen.
        if stamp is not None and read_at - stamp[1] > _TICK:
            _KNOWN[path] = (stamp, found)
        return found


def _first_key(db: Database, folder: Path) -> None:
    """Writes the lookup key ``tokens.key`` of a database that has none. Raises
    SecretsProblem when the database already holds links sealed with keys: a new lookup
    key would leave every one of them unopenable for good (issue 66), where the folder
    put back opens them all."""
    stored = sum(sealed_by_key(db).values())
    if stored:
        raise SecretsProblem(
            f"{folder} holds no {TOKENS_KEY}, and the database holds {stored} link(s) "
            "sealed with its keys: no new key is written over them",
            str(folder),
        )
    _write_key(folder / TOKENS_KEY)


def sealed_by_key(db: Database | sqlite3.Connection) -> dict[int, int]:
    """How many stored values each key id seals (a value of before issue 54, sealed the
    old way with ``tokens.key``: key 1). A table or column not there yet (a database
    before its migrations) holds none."""
    counts: dict[int, int] = {}
    for table, _key, _kind, _hashed, sealed in SEALED:
        try:
            rows = db.execute(f"SELECT {sealed} FROM {table} WHERE {sealed} IS NOT NULL").fetchall()
        except sqlite3.OperationalError:  # no such table or column
            continue
        for (value,) in rows:
            found = key_id(value) or 1
            counts[found] = counts.get(found, 0) + 1
    return counts


@dataclass(frozen=True, slots=True)
class Examined:
    """What the secrets folder beside a database holds, and what its stored links need:
    the key files that read well (by key id), those that do not (and why), how many
    values each key id seals, and the problems, each naming its file or folder."""

    folder: Path
    keys: dict[int, Path]
    bad: dict[Path, str]
    sealed: dict[int, int]
    problems: tuple[str, ...]


def examine(database: str | os.PathLike[str]) -> Examined:
    """The secrets of the database file ``database`` examined (see ``Examined``): every
    key file read, and the stored links counted by the key that sealed them, reading the
    file only."""
    folder = secrets_folder(database)
    keys: dict[int, Path] = {}
    bad: dict[Path, str] = {}
    problems: list[str] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except FileNotFoundError:
        entries = []
    except OSError as exc:
        entries = []
        problems.append(f"{folder} cannot be read: {exc.strerror or exc}")
    for entry in entries:
        named = _KEY_FILE.match(entry.name)
        if named is None:
            continue
        try:
            _secret_in(Path(entry.path))
        except OSError as exc:
            unreadable = f"cannot be read: {exc.strerror}"
            bad[Path(entry.path)] = unreadable if exc.strerror else NOT_A_KEY
            continue
        keys[int(named[1] or 1)] = Path(entry.path)
    problems += [f"{path} {why}" for path, why in bad.items()]
    sealed = _stored_in(database)
    for needed, count in sorted(sealed.items()):
        path = key_file(database, needed)
        if needed not in keys and path not in bad:
            problems.append(f"{folder} holds no {path.name}, which seals {count} stored link(s)")
    return Examined(folder, keys, bad, sealed, tuple(problems))


def _stored_in(database: str | os.PathLike[str]) -> dict[int, int]:
    """``sealed_by_key`` of the file ``database``, opened to read only (none when it is
    not there, or not a database SQLite reads: opening it says why)."""
    if not os.path.isfile(database):
        return {}
    try:
        opened = connect(database, "read")
    except sqlite3.Error:
        return {}
    try:
        return sealed_by_key(opened)
    except sqlite3.Error:
        return {}
    finally:
        opened.close()


def check_secrets(database: str) -> None:
    """Raises CannotStart, naming the folder or file and the way to restore it, when the
    secrets beside the database file ``database`` cannot serve what it stores (see
    ``examine``): a server must not start on it. Nothing for a database in memory."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    found = examine(database)
    if not found.problems:
        return
    more = len(found.problems) - 1
    also = (
        f" ({more} more problem(s): `scorekeeper secrets --db {database}` lists them)"
        if more
        else ""
    )
    raise CannotStart(
        f"{found.problems[0]}{also}: {RESTORE.format(database=database)}",
        "--db",
    )


def _read_folder(folder: Path) -> Keyring | None:
    """The keys in ``folder``; None without a lookup key."""
    lookup = None
    keys: dict[int, AESSIV] = {}
    for entry in os.scandir(folder):
        named = _KEY_FILE.match(entry.name)
        if named is None:
            continue
        secret = _secret_in(Path(entry.path))
        if named[1] is None:
            lookup = secret
            keys[1] = _siv(secret)
        else:
            keys[int(named[1])] = _siv(secret)
    if lookup is None:
        return None
    return Keyring(lookup=lookup, keys=keys, current=max(keys))


def _private_folder(folder: Path) -> None:
    """Makes ``folder`` (mode 0700, whatever the umask), or narrows it to 0700: the
    secret's own folder is never left open, even if a host widened it."""
    private_folder(folder)
    if folder.stat().st_mode & 0o777 != PRIVATE_FOLDER:
        folder.chmod(PRIVATE_FOLDER)


def _write_key(path: Path, exclusive: bool = False) -> None:
    """Writes 32 random bytes as hex to ``path``: to a file of its own, then linked to its
    name (as ``web._instance_secret``), so that two processes starting at once never read
    a half-written key and both end up with the same one. ``exclusive``: FileExistsError
    when ``path`` is there already (two rotations at once)."""
    _private_folder(path.parent)
    fd, draft = tempfile.mkstemp(prefix=".tokens-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            os.fchmod(handle.fileno(), 0o600)  # whatever the umask took from mkstemp's
            handle.write(secrets.token_hex(32))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(draft, path)
        except FileExistsError:  # another process wrote it first
            if exclusive:
                raise
    finally:
        os.unlink(draft)
    sync_folder(path.parent)


def _secret_in(path: Path) -> bytes:
    """The 32 bytes written in ``path`` as hex; OSError naming the file otherwise."""
    try:
        secret = bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (ValueError, UnicodeDecodeError):
        secret = b""
    if len(secret) != 32:
        raise OSError(f"{path} {NOT_A_KEY}")
    return secret


def new_key(db: Database) -> int:
    """Writes a new sealing key for ``db`` (``tokens-<id>.key``, the next id) and returns
    its id: from now on, every process seals with it. FileExistsError when another
    rotation made that id at the same moment."""
    ring = keyring(db, make=True)
    key_id = max(ring.keys) + 1
    _write_key(key_file(database_path(db), key_id), exclusive=True)
    _KNOWN.pop(database_path(db), None)
    return key_id


def set_aside_bad_keys(database: str | os.PathLike[str]) -> list[Path]:
    """Renames every key file of the database file ``database`` that cannot be read or
    holds no key to ``<name>.unreadable-<time>`` beside it (kept, not deleted: it may yet
    be mended); returns the new names."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    moved = []
    for path in examine(database).bad:
        aside = path.with_name(f"{path.name}.unreadable-{stamp}")
        os.rename(path, aside)
        moved.append(aside)
    if moved:
        sync_folder(secrets_folder(database))
        _KNOWN.pop(str(database), None)
    return moved


def new_lookup_key(db: Database) -> bool:
    """Writes the lookup key ``tokens.key`` of ``db`` when it has none, whatever the
    database holds: ``keys.renew_lost``'s first step, which then gives every link it
    cannot open a new one. True when it was written."""
    path = database_path(db)
    if secret_file(path).exists():
        return False
    _write_key(secret_file(path))
    _KNOWN.pop(path, None)
    return True


def retire_keys(db: Database, keep: int) -> list[Path]:
    """Removes every sealing key file of ``db`` but ``tokens.key`` (the lookup key) and
    key ``keep``; returns the files removed."""
    folder = secrets_folder(database_path(db))
    removed = []
    for entry in os.scandir(folder):
        named = _KEY_FILE.match(entry.name)
        if named is not None and named[1] is not None and int(named[1]) != keep:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    sync_folder(folder)
    _KNOWN.pop(database_path(db), None)
    return removed


def _hash(secret: bytes, kind: str, token: str) -> str:
    message = f"{kind}:".encode() + token.encode("utf-8", "surrogatepass")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def token_hash(db: Database, kind: str, token: str) -> str:
    """The keyed hash of ``token`` (an ``invite``, a ``view`` or an ``edit`` token, as
    ``kind`` says), by which it is stored and looked up."""
    return _hash(keyring(db).lookup, kind, token)


def seal(db: Database, kind: str, token: str) -> tuple[str, str]:
    """(the keyed hash of ``token``, the token sealed with the current key), as a row
    stores them."""
    ring = keyring(db, make=True)
    hashed = _hash(ring.lookup, kind, token)
    raw = token.encode("utf-8", "surrogatepass")
    sealed = ring.keys[ring.current].encrypt(raw, [kind.encode(), hashed.encode()])
    return hashed, f"k{ring.current}:{base64.b64encode(sealed).decode('ascii')}"


def key_id(sealed: str | None) -> int | None:
    """The id of the key ``sealed`` was sealed with; None for a value of before issue 54
    (or none)."""
    found = _SEALED.match(sealed) if sealed else None
    return int(found[1]) if found else None


def unseal(db: Database, kind: str, hashed: str | None, sealed: str | None) -> str | None:
    """The token a row stores as (``hashed``, ``sealed``), or None when this database's
    secrets are not the ones it was sealed with, or the value was changed (or the row
    holds none)."""
    if not hashed or not sealed:
        return None
    found = _SEALED.match(sealed)
    if found is None:
        return legacy_unseal(db, kind, hashed, sealed)
    ring = keyring(db)
    key = ring.keys.get(int(found[1]))
    if key is None:
        return None
    try:
        data = base64.b64decode(found[2], validate=True)
        raw = key.decrypt(data, [kind.encode(), hashed.encode()])
        token = raw.decode("utf-8", "surrogatepass")
    except (InvalidTag, ValueError, binascii.Error, UnicodeDecodeError):
        return None
    # Both sides come from the file, neither from a request: no timing to hide.
    return token if _hash(ring.lookup, kind, token) == hashed else None


def mixed(key: bytes, label: str, data: bytes) -> bytes:
    """``data`` XOR an HMAC-SHA256 stream of ``key`` over ``label`` (blocks ``label:0``,
    ``label:1``, ...): how values were sealed before issue 54, kept only to read them
    until they are sealed again (m024; a phone's kept keys on its next request)."""
    blocks = b"".join(
        hmac.new(key, f"{label}:{i}".encode(), hashlib.sha256).digest()
        for i in range(len(data) // 32 + 1)
    )
    return bytes(a ^ b for a, b in zip(data, blocks, strict=False))


def legacy_unseal(db: Database, kind: str, hashed: str, sealed: str) -> str | None:
    """The token of a value sealed before issue 54 (XOR with a stream of ``tokens.key``),
    or None: checked against its keyed hash, which a changed value fails."""
    secret = keyring(db).lookup
    try:
        raw = mixed(secret, f"seal:{hashed}", base64.b64decode(sealed, validate=True))
        token = raw.decode("utf-8", "surrogatepass")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    return token if _hash(secret, kind, token) == hashed else None
