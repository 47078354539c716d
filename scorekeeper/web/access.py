"""Who may see and who may change a game (issue 21).

A game is seen by a member of its group, by a browser holding its edit key, and by a
browser that opened its view link; to anyone else it does not exist (404). It is changed
by the holder of its edit key, by edit link, session or Bearer header.

The browser that creates a game, or opens its edit link, keeps the key in its signed
session cookie, so the same phone can record hands later without the link. A member of a
group keeps a proof of membership there too: HMAC-SHA256 of the app's secret key over the
group's id and member epoch, so that bumping the epoch drops every member.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from flask import abort, current_app, request, session
from flask_babel import gettext as _

from ..db import (
    Game,
    Group,
    StoredHand,
    get_db,
    key_matches,
    load_game,
    load_game_with_hands,
    load_group,
)

SESSION_KEYS = "edit_keys"
SESSION_GROUPS = "groups"
SESSION_VIEWS = "view_grants"
# A session cookie must stay well under 4 KB; the oldest games are forgotten first.
MAX_REMEMBERED = 40
# The groups a browser belongs to, at most (the one joined longest ago is let go first),
# and the games it was given view links of.
MAX_GROUPS = 16
MAX_VIEWS = 40


def remember_key(game_id: int, key: str) -> None:
    """Keeps ``key`` in this browser's session as the edit key of ``game_id``."""
    keys = dict(session.get(SESSION_KEYS) or {})
    keys.pop(str(game_id), None)
    keys[str(game_id)] = key
    while len(keys) > MAX_REMEMBERED:
        keys.pop(next(iter(keys)))
    session[SESSION_KEYS] = keys
    session.permanent = True


def remembered_key(game_id: int) -> str | None:
    keys = session.get(SESSION_KEYS)
    key = keys.get(str(game_id)) if isinstance(keys, dict) else None
    return key if isinstance(key, str) else None


def forget_key(game_id: int) -> None:
    """Drops this browser's key for ``game_id``, e.g. one a new edit link replaced."""
    keys = session.get(SESSION_KEYS)
    if isinstance(keys, dict) and str(game_id) in keys:
        session[SESSION_KEYS] = {k: v for k, v in keys.items() if k != str(game_id)}


def can_edit(game: Game) -> bool:
    """True when this browser holds the game's edit key."""
    return key_matches(game, remembered_key(game.id))


def holds_replaced_key(game: Game) -> bool:
    """True when this browser remembers a key for the game that is no longer its key: an
    editor made a new edit link, which revoked the old one."""
    key = remembered_key(game.id)
    return key is not None and not key_matches(game, key)


def replaced_key_message() -> str:
    return _(
        "The edit link this phone used was replaced by a new one, so this phone can only "
        "view the game now. Ask the players for the new edit link to record hands."
    )


def bearer_key() -> str | None:
    """The key in an ``Authorization: Bearer <key>`` header, or None."""
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" and key.strip() else None


def no_game(game_id: int) -> str:
    """The words of a game's 404: the same whether the game is missing or private, and
    saying how a game does open (its shared link, or its group's membership)."""
    return _(
        "There is no game %(game)d that this phone may open. A game opens from the link a "
        "player shared, or for the members of its group, who join by the group's invite link.",
        game=game_id,
    )


def game_or_404(game_id: int) -> Game:
    """The stored game when this browser may see it (``can_see``), or a 404 page (or JSON
    error under /api/), the same whether the game exists or not."""
    game = load_game(get_db(), game_id)
    if game is None or not can_see(game):
        abort(404, no_game(game_id))
    return game


def game_and_hands_or_404(game_id: int) -> tuple[Game, list[StoredHand]]:
    """The stored game and its hands as of one moment, or a 404 (``game_or_404``)."""
    game, hands = load_game_with_hands(get_db(), game_id)
    if game is None or not can_see(game):
        abort(404, no_game(game_id))
    return game, hands


def require_edit(game: Game) -> None:
    """Aborts with 403 unless this browser holds the game's edit key."""
    if holds_replaced_key(game):
        abort(403, replaced_key_message())
    if not can_edit(game):
        abort(
            403,
            _(
                "This phone has the view link only. Open the game's edit link to record or "
                "change hands."
            ),
        )


def edit_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view that changes a game (as flaskr's ``login_required``): it runs with the stored
    game as ``game`` beside its ``game_id``, for a browser holding the game's edit key;
    otherwise the answer is 404 (no such game) or 403 (no key)."""

    @functools.wraps(view)
    def wrapped(game_id: int, **kwargs: Any) -> Any:
        game = game_or_404(game_id)
        require_edit(game)
        return view(game_id=game_id, game=game, **kwargs)

    return wrapped


# --- groups: membership and view grants ----------------------------------------------------


def membership_proof(group_id: int, member_epoch: int) -> str:
    """What a member's session holds for the group: HMAC-SHA256 of the app's secret key
    over the group and its member epoch, in hex."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    message = f"member:{group_id}:{member_epoch}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _proofs() -> dict[str, str]:
    proofs = session.get(SESSION_GROUPS)
    return dict(proofs) if isinstance(proofs, dict) else {}


def member_of(group: Group) -> bool:
    """True when this browser holds a valid proof of membership of ``group``."""
    proof = _proofs().get(str(group.id))
    if not isinstance(proof, str):
        return False
    return hmac.compare_digest(proof, membership_proof(group.id, group.member_epoch))


def member_group(group_id: int) -> Group | None:
    """The group ``group_id`` when this browser is a member of it, else None. A browser
    with no proof for it costs no query."""
    if str(group_id) not in _proofs():
        return None
    group = load_group(get_db(), group_id)
    return group if group is not None and member_of(group) else None


def group_or_404(group_id: int) -> Group:
    """The group, for a member; a 404 for anyone else, as if there were no such group."""
    group = member_group(group_id)
    if group is None:
        abort(404, _("There is nothing at this address. Check the link."))
    return group


def join(group: Group) -> None:
    """Makes this browser a member of ``group`` (its proof kept in the session)."""
    proofs = _proofs()
    proofs.pop(str(group.id), None)
    proofs[str(group.id)] = membership_proof(group.id, group.member_epoch)
    while len(proofs) > MAX_GROUPS:
        proofs.pop(next(iter(proofs)))
    session[SESSION_GROUPS] = proofs
    session.permanent = True


def leave(group_id: int) -> None:
    """This browser is no longer a member of the group; other members stay."""
    proofs = _proofs()
    if str(group_id) in proofs:
        proofs.pop(str(group_id))
        session[SESSION_GROUPS] = proofs


def my_groups() -> list[Group]:
    """The groups this browser is a member of, in the order it joined them."""
    found = []
    for key in _proofs():
        if key.isdigit():
            group = member_group(int(key))
            if group is not None:
                found.append(group)
    return found


def grant_view(game: Game) -> None:
    """This browser opened the game's view link: it may see the game from now on."""
    views = [v for v in session.get(SESSION_VIEWS) or [] if isinstance(v, int) and v != game.id]
    views.append(game.id)
    session[SESSION_VIEWS] = views[-MAX_VIEWS:]
    session.permanent = True


def holds_view(game: Game) -> bool:
    views = session.get(SESSION_VIEWS)
    return isinstance(views, list) and game.id in views


def can_see(game: Game) -> bool:
    """True when this browser may see ``game``: it holds the game's edit key (or one a new
    edit link replaced, whose phone stays a viewer), opened its view link, or is a
    member of its group."""
    return (
        remembered_key(game.id) is not None
        or holds_view(game)
        or member_group(game.group_id) is not None
    )
