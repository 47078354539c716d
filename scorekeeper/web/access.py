"""Who may change a game: the holder of its edit key, by edit link, session or Bearer header.

The browser that creates a game, or opens its edit link, keeps the key in its signed
session cookie, so the same phone can record hands later without the link.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import abort, request, session
from flask_babel import gettext as _

from ..db import Game, StoredHand, get_db, key_matches, load_game, load_game_with_hands

SESSION_KEYS = "edit_keys"
# A session cookie must stay well under 4 KB; the oldest games are forgotten first.
MAX_REMEMBERED = 40


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


def game_or_404(game_id: int) -> Game:
    """The stored game, or a 404 page (or JSON error under /api/)."""
    game = load_game(get_db(), game_id)
    if game is None:
        abort(404, _("There is no game %(game)d.", game=game_id))
    return game


def game_and_hands_or_404(game_id: int) -> tuple[Game, list[StoredHand]]:
    """The stored game and its hands as of one moment, or a 404."""
    game, hands = load_game_with_hands(get_db(), game_id)
    if game is None:
        abort(404, _("There is no game %(game)d.", game=game_id))
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
