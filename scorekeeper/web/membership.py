"""Membership of a group, as the signed session holds it (issue 21): ``groups`` maps
str(group id) to a proof, HMAC-SHA256(SECRET_KEY, "member:<id>:<member epoch>") in hex,
checked in constant time. Joining stores the proof (the web pages do that); here it is
only read, for the routes that need a member: a group's export and import, and the API
read by a browser."""

from __future__ import annotations

import hashlib
import hmac

from flask import abort, current_app, session

from .. import db

SESSION_GROUPS = "groups"


def member_proof(group: db.Group) -> str:
    """The proof a member's session holds for ``group``."""
    secret = current_app.secret_key
    key = secret.encode() if isinstance(secret, str) else bytes(secret or b"")
    message = f"member:{group.id}:{group.member_epoch}".encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def _held() -> dict:
    held = session.get(SESSION_GROUPS)
    return held if isinstance(held, dict) else {}


def is_member(group: db.Group) -> bool:
    """True when this browser's session holds a valid proof for ``group``."""
    proof = _held().get(str(group.id))
    return isinstance(proof, str) and hmac.compare_digest(proof, member_proof(group))


def member_groups() -> list[db.Group]:
    """The groups this browser is a member of (an unknown id or a stale proof is none)."""
    database = db.get_db()
    found = []
    for group_id in _held():
        if not group_id.isascii() or not group_id.isdigit() or len(group_id) > 19:
            continue
        group = db.load_group(database, int(group_id))
        if group is not None and is_member(group):
            found.append(group)
    return found


def group_or_404(group_id: int) -> db.Group:
    """The group, for a member of it; a 404 otherwise, the same for an unknown group and
    for one this browser does not belong to, so nobody learns which ids exist."""
    group = db.load_group(db.get_db(), group_id)
    if group is None or not is_member(group):
        abort(404)
    return group
