"""The secret that keeps a copy of the database from opening anything (issue 42).

Invite and view tokens open a group or a game to whoever holds them, and the app must
show their links again, so they cannot be stored as plain hashes as keys are. Each is
stored twice, and neither opens anything without the secret kept outside the database:

- its keyed hash (HMAC-SHA256 of the secret), by which a link finds its group or game;
- the token sealed with the secret (XOR with an HMAC-SHA256 stream of it, drawn from the
  keyed hash), from which the app shows the link again. Unsealing checks the result
  against the keyed hash, so a wrong secret gives None, never a wrong link.

The secret is 32 random bytes in ``<database>-secrets/tokens.key``: a file of mode 0600
in a folder of mode 0700 (whatever the umask), made the first time a token is stored or
looked up. A database copied without it (a backup, a replica, a stolen file) finds no
group or game by any token, and shows no link. To move a server, the host keeps the
file with the database (README, "Moving to a new machine").

This module imports nothing of the rest of ``db`` but ``files`` (which imports nothing), so
that a migration can use it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import secrets
import tempfile
import threading
import weakref
from pathlib import Path

from sqlite_utils import Database

from .files import PRIVATE_FOLDER, private_folder

SECRETS_FOLDER = "-secrets"
# What a row's token reads as when this database's secret is not the one that sealed it:
# its link then opens nothing (and says so), as any unknown token.
LOST_TOKEN = "lost"
TOKENS_KEY = "tokens.key"

# The secret of each database file this process opened, by the file's path.
_KNOWN: dict[str, bytes] = {}
_LOCK = threading.Lock()
# The file of each connection asked (a page asks for many games' links: one look-up).
_PATH_OF: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()
# A database in memory dies with the process: one secret for them all, never written.
_IN_MEMORY = secrets.token_bytes(32)


def secret_file(database: str | os.PathLike[str]) -> Path:
    """Where the secret of the database file ``database`` is kept."""
    path = Path(database)
    return path.parent / (path.name + SECRETS_FOLDER) / TOKENS_KEY


def token_secret(db: Database, make: bool = False) -> bytes:
    """The secret of the database ``db``, read from its file (written there first when
    ``make``: a token is being stored).

    Without the file, and not to make it (a token looked up or shown in a copy, which
    must never gain a secret of its own), or unreadable: a secret for this moment alone,
    by which no stored token opens or shows. A secret that cannot be written raises
    OSError: a token sealed with a secret nobody keeps would be lost."""
    path = _PATH_OF.get(db)
    if path is None:
        path = _PATH_OF[db] = db.execute("PRAGMA database_list").fetchone()[2]
    if not path:
        return _IN_MEMORY
    found = _KNOWN.get(path)
    if found is None:
        with _LOCK:
            found = _KNOWN.get(path)
            if found is None:
                try:
                    found = _read_or_write(secret_file(path), make)
                except OSError:
                    if make:
                        raise
                    found = None
                if found is None:
                    return secrets.token_bytes(32)
                _KNOWN[path] = found
    return found


def _private_folder(folder: Path) -> None:
    """Makes ``folder`` (mode 0700, whatever the umask), or narrows it to 0700: the
    secret's own folder is never left open, even if a host widened it."""
    private_folder(folder)
    if folder.stat().st_mode & 0o777 != PRIVATE_FOLDER:
        folder.chmod(PRIVATE_FOLDER)


def _read_or_write(path: Path, make: bool) -> bytes | None:
    """The secret in ``path``, written there first if missing and ``make`` (else None): to
    a file of its own, then linked to its name (as ``web._instance_secret``), so that two
    processes starting at once never read a half-written secret and both end up with the
    same one."""
    if path.exists():
        return _secret_in(path)
    if not make:
        return None
    _private_folder(path.parent)
    fd, draft = tempfile.mkstemp(prefix=".tokens-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            os.fchmod(handle.fileno(), 0o600)  # whatever the umask took from mkstemp's
            handle.write(secrets.token_hex(32))
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileExistsError):  # another process wrote it first
            os.link(draft, path)
    finally:
        os.unlink(draft)
    return _secret_in(path)


def _secret_in(path: Path) -> bytes:
    """The 32 bytes written in ``path`` as hex; OSError naming the file otherwise."""
    try:
        secret = bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (ValueError, UnicodeDecodeError):
        secret = b""
    if len(secret) != 32:
        raise OSError(f"{path} does not hold a secret: 64 hexadecimal digits")
    return secret


def _hash(secret: bytes, kind: str, token: str) -> str:
    message = f"{kind}:".encode() + token.encode("utf-8", "surrogatepass")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def token_hash(db: Database, kind: str, token: str) -> str:
    """The keyed hash of ``token`` (an ``invite`` or a ``view`` token, as ``kind`` says),
    by which it is stored and looked up."""
    return _hash(token_secret(db), kind, token)


def mixed(key: bytes, label: str, data: bytes) -> bytes:
    """``data`` XOR an HMAC-SHA256 stream of ``key`` over ``label`` (blocks ``label:0``,
    ``label:1``, ...): sealed, or unsealed again with the same key and label. A phone's
    kept edit keys are sealed this way too (``phones``), with the phone's token."""
    blocks = b"".join(
        hmac.new(key, f"{label}:{i}".encode(), hashlib.sha256).digest()
        for i in range(len(data) // 32 + 1)
    )
    return bytes(a ^ b for a, b in zip(data, blocks, strict=False))


def seal(db: Database, kind: str, token: str) -> tuple[str, str]:
    """(the keyed hash of ``token``, the token sealed), as a row stores them."""
    secret = token_secret(db, make=True)
    hashed = _hash(secret, kind, token)
    raw = token.encode("utf-8", "surrogatepass")
    return hashed, base64.b64encode(mixed(secret, f"seal:{hashed}", raw)).decode("ascii")


def unseal(db: Database, kind: str, hashed: str | None, sealed: str | None) -> str | None:
    """The token a row stores as (``hashed``, ``sealed``), or None when this database's
    secret is not the one it was sealed with (or the row holds none)."""
    if not hashed or not sealed:
        return None
    secret = token_secret(db)
    try:
        raw = mixed(secret, f"seal:{hashed}", base64.b64decode(sealed, validate=True))
        token = raw.decode("utf-8", "surrogatepass")
    except (ValueError, UnicodeDecodeError):
        return None
    # Both sides come from the file, neither from a request: no timing to hide, and the
    # request's own key is still the only thing ``hmac.compare_digest`` sees.
    return token if _hash(secret, kind, token) == hashed else None
