"""Who may see and who may change a game (issue 21), and who is a member (issue 29).

A game is seen by a member of its group, by a browser holding its edit key, and by a
browser that opened its view link; to anyone else it does not exist (404). It is changed
by the holder of its edit key, by edit link, session or Bearer header.

The session cookie carries only a random token naming this browser (a "phone") on the
server, where its edit keys (sealed with the token), the view links it opened and its
memberships are kept (``db.phones``): a copy of the cookie shows no key, and a
membership ended on the server (the phone left, or another member removed it) is ended
for every copy. A cookie from before that held keys and proofs of membership inside;
``adopt_old_session`` moves them to the server on its first request.

Whenever a phone gains a right (it joins a group, opens an edit or a view link, starts a
game or a night, takes one over), its token is renewed (``renew_session``) with a new
CSRF secret: a cookie planted in the browser beforehand (over plain http on a LAN) names
a phone that holds nothing the browser gained since.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import inspect
from collections.abc import Callable
from typing import Any, NoReturn

from flask import abort, current_app, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from werkzeug.exceptions import Forbidden

from ..db import (
    MAX_ID,
    Group,
    StoredGame,
    StoredHand,
    get_db,
    group_key_matches,
    key_matches,
    load_game,
    load_game_with_hands,
    load_group,
    phones,
)
from ..db import NotFound as NotStored
from ..db.groups import MAX_TOKEN_LENGTH
from ..engine.core.numbers import whole_or_none

# This browser's token (``db.phones``).
SESSION_PHONE = "phone"
# What a cookie from before issue 29 held inside itself: edit keys by game, proofs of
# membership by group, games opened by view link.
SESSION_KEYS = "edit_keys"
SESSION_GROUPS = "groups"
SESSION_VIEWS = "view_grants"
OLD_SESSION = (SESSION_KEYS, SESSION_GROUPS, SESSION_VIEWS)


def group_name(group: Group) -> str:
    """A group's name as pages show it: the default name ("Our table") in the page's
    language until the group is renamed. Here, below ``service`` (which the views
    take it from), for the notice of a removal."""
    return group.name if group.name is not None else _("Our table")


def _phone(create: bool = False) -> tuple[int, str] | None:
    """(this browser's phone id, its token), or None when it has none (made when
    ``create``). Looked up once per request."""
    found = g.get("phone")
    if found is None:
        token = session.get(SESSION_PHONE)
        phone_id = phones.phone_by_token(get_db(), token) if token else None
        found = g.phone = (phone_id, token) if phone_id is not None else ()
    if not found and create:
        found = g.phone = phones.new_phone(get_db())
        session[SESSION_PHONE] = found[1]
        session.permanent = True
    return found or None


def adopt_old_session() -> None:
    """Moves what a cookie from before issue 29 holds (edit keys, valid proofs of
    membership, view grants) to the server, and takes it out of the cookie: the phone
    keeps every right it had."""
    if not any(name in session for name in OLD_SESSION):
        return
    keys = session.pop(SESSION_KEYS, None)
    proofs = session.pop(SESSION_GROUPS, None)
    views = session.pop(SESSION_VIEWS, None)
    phone = _phone(create=True)
    assert phone is not None
    database = get_db()
    if isinstance(keys, dict):
        for game_id, key in list(keys.items())[-phones.MAX_PHONE_KEYS :]:
            kept_id = _an_id(game_id)
            if isinstance(key, str) and len(key) <= 200 and kept_id is not None:
                phones.keep_key(database, phone[0], phone[1], kept_id, key)
    if isinstance(proofs, dict):
        for group_id, proof in proofs.items():
            named = _an_id(group_id)
            group = load_group(database, named) if named is not None else None
            if (
                group is not None
                and isinstance(proof, str)
                and hmac.compare_digest(proof, membership_proof(group.id, group.member_epoch))
            ):
                phones.join_group(database, phone[0], group.id)
    if isinstance(views, list):
        for game_id in views[-phones.MAX_PHONE_VIEWS :]:
            named = _an_id(game_id)
            game = load_game(database, named) if named is not None else None
            if game is not None:
                phones.keep_view(database, phone[0], game.id, game.view_token)


def _an_id(value: Any) -> int | None:
    """``value`` (from an old cookie) as the id of a row, a whole number 1..MAX_ID; None
    for anything else."""
    return whole_or_none(value, low=1, high=MAX_ID)


def _navigation() -> bool:
    """True for a GET of a page the phone navigates to (not a live poll or a script's
    fetch); a browser that sends no ``Sec-Fetch-Mode`` is taken at its word."""
    return (
        request.method == "GET" and request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"
    )


# Set in the session when this phone left a group or learnt it was removed: the next page
# tells the service worker (static/sw.js) to forget the pages it kept.
SESSION_FORGET = "forget_pages"
FORGET_HEADER = "Scorekeeper-Forget-Pages"


def notice_removals() -> None:
    """Tells this phone, on its first page since, that it was removed from a group, and
    has its service worker forget the pages it kept (every copy of the cookie is out)."""
    if not _navigation() or request.endpoint in (None, "static") or request.blueprint == "api":
        return
    phone = _phone()
    if phone is None:
        return
    found = phones.untold_removals(get_db(), phone[0], mark=False)
    for group_id in found:
        group = load_group(get_db(), group_id)
        name = group_name(group) if group is not None else ""
        flash(_("Another member removed this phone from the group %(name)s.", name=name), "info")
        session[SESSION_FORGET] = True
    if found:
        # Told once the cookie holding the message is sent: an answer every cache may
        # keep (an engine file fetched by a browser that says nothing of Sec-Fetch-Mode)
        # carries no cookie, and the next page says it.
        on_session_saved(lambda: phones.told_of(get_db(), phone[0], found))


def on_session_saved(action: Callable[[], None]) -> None:
    """Runs ``action`` when this request's answer carries its session (``responses``'s
    SessionInterface): not on an answer a shared cache may keep, which carries none."""
    g.setdefault("on_session_saved", []).append(action)


def session_saved() -> None:
    """Called by the SessionInterface once it wrote (or had no need to write) the cookie."""
    for action in g.pop("on_session_saved", ()):
        action()


def tell_worker(response: Any) -> Any:
    """Puts FORGET_HEADER on the first page after this phone left or was removed from a
    group: its service worker then drops every page it kept."""
    if (
        session.get(SESSION_FORGET)
        and _navigation()
        and response.status_code == 200
        and response.mimetype == "text/html"
    ):
        session.pop(SESSION_FORGET)
        response.headers[FORGET_HEADER] = "1"
    return response


def csrf_secret_with_the_phone(response: Any) -> Any:
    """Gives a session its CSRF secret with its phone (or, a session from before, on its
    next request), not when its first form is drawn. Otherwise two answers drawn at once
    (the hand form, and the snapshot Keep fetches behind it) each made a secret of their
    own, the cookie kept the last one, and the other page's Save was refused as expired."""
    if session.get(SESSION_PHONE) and current_app.config["WTF_CSRF_FIELD_NAME"] not in session:
        generate_csrf()
    return response


# --- renewing the session when the phone gains a right ------------------------------------


def stale_session() -> bool:
    """True when this request's cookie holds a token renewed a moment ago (another
    answer gave the phone its new one): its answer must not write the cookie. Read in
    the database (``phones.renewed_lately``), where the renewal wrote it: under ``serve
    --workers`` the answer that renewed it may have come from another process."""
    if g.get("session_renewed"):
        return False
    token = session.get(SESSION_PHONE)
    if not token:
        return False
    if g.get("stale_token") == token:
        return True
    if phones.renewed_lately(get_db(), token):
        g.stale_token = token  # once renewed, it stays so: asked again, no second read
        return True
    return False


def renew_session() -> tuple[int, str]:
    """Gives this browser's phone a new token (or a new phone, when it has none) and the
    session a new CSRF secret, once per request, before the phone gains a right: whoever
    else holds the cookie it came with (planted beforehand) holds a phone without it. The
    phone keeps everything it had (``phones.renew_token``). Returns (phone id, token).

    A request still holding a token renewed a moment ago (the same button tapped twice:
    the first answer renewed it) is refused with 409 and writes no cookie, so the phone
    keeps the new one."""
    phone = _phone()
    if g.get("session_renewed"):
        assert phone is not None
        return phone
    if phone is None:
        if stale_session():
            _refuse_stale()
        found = phones.new_phone(get_db())
    else:
        token = phones.renew_token(get_db(), phone[0], phone[1])
        if token is None:  # another request renewed it since this one looked it up
            _refuse_stale()
        found = (phone[0], token)
    g.phone = found
    g.session_renewed = True
    session[SESSION_PHONE] = found[1]
    session.permanent = True
    field = current_app.config["WTF_CSRF_FIELD_NAME"]
    session.pop(field, None)
    g.pop(field, None)
    generate_csrf()
    return found


def _refuse_stale() -> NoReturn:
    abort(
        409,
        _(
            "This phone was given a new session by another tap a moment ago. Go back, "
            "reload the page and try again."
        ),
    )


def remember_key(game_id: int, key: str) -> None:
    """Keeps ``key`` as this browser's edit key of ``game_id`` (a right: the session is
    renewed)."""
    phone = renew_session()
    phones.keep_key(get_db(), phone[0], phone[1], game_id, key)


def remembered_key(game_id: int) -> str | None:
    phone = _phone()
    return phones.kept_key(get_db(), phone[0], phone[1], game_id) if phone else None


def forget_key(game_id: int) -> None:
    """Drops this browser's key for ``game_id``, e.g. one a new edit link replaced."""
    phone = _phone()
    if phone is not None:
        phones.drop_key(get_db(), phone[0], game_id)


def can_edit(game: StoredGame) -> bool:
    """True when this browser holds the game's edit key."""
    return key_matches(game, remembered_key(game.id))


def holds_replaced_key(game: StoredGame) -> bool:
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


def game_or_404(game_id: int) -> StoredGame:
    """The stored game when this browser may see it (``can_see``), or a 404 page (or JSON
    error under /api/), the same whether the game exists or not (``refuse``)."""
    game = load_game(get_db(), game_id)
    if game is None or not can_see(game):
        refuse(game, game_id)
    return game


def game_and_hands_or_404(game_id: int) -> tuple[StoredGame, list[StoredHand]]:
    """The stored game and its hands as of one moment, or a 404 (``game_or_404``)."""
    game, hands = load_game_with_hands(get_db(), game_id)
    if game is None or not can_see(game):
        refuse(game, game_id)
    return game, hands


def refuse(game: StoredGame | None, game_id: int) -> NoReturn:
    """Aborts for a game this browser may not see: 404, or for a phone that opened its
    edit link before a new one replaced it, 403 saying so (it knows the game is there),
    once: the replaced key is then forgotten."""
    if game is not None and holds_replaced_key(game):
        forget_key(game.id)
        abort(403, revoked_key_message())
    abort(404, no_game(game_id))


def revoked_key_message() -> str:
    return _(
        "The edit link this phone used was replaced by a new one, and this phone is not "
        "in the game's group. Ask the players for the new edit link."
    )


def require_edit(game: StoredGame) -> None:
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


def by_header() -> bool:
    """True for a request of the JSON API (under ``/api/``), which proves its rights by its
    ``Authorization: Bearer`` header alone: it is exempt from CSRF, so the browser's
    session (its cookie) never counts for it."""
    return request.path.startswith("/api/")


def editable(game_id: int) -> StoredGame:
    """The stored game ``game_id`` for a request that may change it, else the refusal: for
    a page, 404 (a game this browser may not see) or 403 (no edit key: ``require_edit``);
    for the API, the 404 of a game that does not exist to a request that may not read it
    (a stranger's write learns nothing of which ids exist), 403 to one that may."""
    if not by_header():
        game = game_or_404(game_id)
        require_edit(game)
        return game
    game = load_game(get_db(), game_id)
    if game is None or not key_matches(game, bearer_key()):
        if game is None or not may_read(game):
            raise NotStored(f"there is no game {game_id}", "id")
        refused = Forbidden(
            "changing a game needs its edit key: send 'Authorization: Bearer <edit_key>'"
        )
        refused.field = "authorization"  # type: ignore[attr-defined]  # the JSON error's
        raise refused
    return game


def edit_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view that changes a game (as flaskr's ``login_required``), a page's or the API's:
    it runs with the stored game as ``game`` (and its ``game_id``, when it takes one) for a
    request that may change the game (``editable``), and is refused otherwise."""
    takes_id = "game_id" in inspect.signature(view).parameters

    @functools.wraps(view)
    def wrapped(game_id: int, **kwargs: Any) -> Any:
        game = editable(game_id)
        if takes_id:
            kwargs["game_id"] = game_id
        return view(game=game, **kwargs)

    return wrapped


def tokens_match(given: str, stored: str | None) -> bool:
    """True when ``given`` is the stored token, compared in constant time."""
    if not stored or len(given) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), stored.encode())


def may_read(game: StoredGame) -> bool:
    """True when this request may read ``game`` through the API: it sends the game's edit
    key or its group's key as ``Authorization: Bearer``, or its view token as ``?view=``,
    or the browser holds the game's edit key or belongs to its group."""
    key = bearer_key()
    if key is not None and key_matches(game, key):
        return True
    group = load_group(get_db(), game.group_id)
    if group is None:
        return False
    if key is not None and group_key_matches(group, key):
        return True
    view = request.args.get("view")
    if view is not None and tokens_match(view, game.view_token):
        return True
    return can_edit(game) or member_of(group)


# --- groups: membership and view grants ----------------------------------------------------


def membership_proof(group_id: int, member_epoch: int) -> str:
    """What a member's cookie held for the group before issue 29: HMAC-SHA256 of the
    app's secret key over the group and its member epoch, in hex (read only to move it
    to the server: ``adopt_old_session``)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    message = f"member:{group_id}:{member_epoch}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def membership(group_id: int) -> phones.Member | None:
    """This browser's membership of the group while it lasts, else None."""
    phone = _phone()
    return phones.current_member(get_db(), phone[0], group_id) if phone else None


def member_of(group: Group) -> bool:
    """True when this browser is a member of ``group``."""
    return membership(group.id) is not None


def member_group(group_id: int) -> Group | None:
    """The group ``group_id`` when this browser is a member of it, else None."""
    if membership(group_id) is None:
        return None
    return load_group(get_db(), group_id)


def group_or_404(group_id: int) -> Group:
    """The group, for a member; a 404 for anyone else, as if there were no such group."""
    group = member_group(group_id)
    if group is None:
        abort(404, _("There is nothing at this address. Check the link."))
    return group


def join(group: Group, label: str | None = None) -> None:
    """Makes this browser a member of ``group``, under ``label`` (the name it gave): a
    right, so the session is renewed."""
    phone = renew_session()
    phones.join_group(get_db(), phone[0], group.id, label)


def leave(group_id: int) -> phones.Renewed | None:
    """This browser is no longer a member of the group (every copy of its cookie); other
    members stay. Returns what was renewed (``phones.end_membership``), or None when it
    was no member."""
    found = membership(group_id)
    if found is None:
        return None
    renewed = phones.end_membership(get_db(), found)
    session[SESSION_FORGET] = True
    return renewed


def my_groups() -> list[Group]:
    """The groups this browser is a member of, in the order it joined them."""
    phone = _phone()
    if phone is None:
        return []
    database = get_db()
    found = [load_group(database, group_id) for group_id in phones.phone_groups(database, phone[0])]
    return [group for group in found if group is not None]


def grant_view(game: StoredGame) -> None:
    """This browser opened the game's view link: it may see the game from now on, until
    the game gets a new view link. A right: the session is renewed."""
    phone = renew_session()
    phones.keep_view(get_db(), phone[0], game.id, game.view_token)


def holds_view(game: StoredGame) -> bool:
    phone = _phone()
    if phone is None:
        return False
    return phones.opened_view(get_db(), phone[0], game.id, game.view_token)


def can_see(game: StoredGame) -> bool:
    """True when this browser may see ``game``: it holds the game's edit key, opened its
    current view link, or is a member of its group. A key a new edit link replaced opens
    nothing (issue 42, finding 8): whoever it leaked to no longer reads the game, as the
    old view link no longer shows it."""
    return can_edit(game) or holds_view(game) or member_group(game.group_id) is not None


def chooser_or_redirect(endpoint: str, **values: Any) -> Any:
    """For an address from before groups (``/history``, ``/players``): the browser's one
    group's own page (with the query the address had), a choice among its groups, or a
    404 for a stranger."""
    query = {k: v for k, v in request.args.to_dict(flat=False).items() if k != "group_id"}
    values = {**query, **values}
    groups = my_groups()
    if not groups:
        abort(404)
    if len(groups) == 1:
        return redirect(url_for(endpoint, group_id=groups[0].id, **values))
    return render_template(
        "groups_choose.html",
        choices=[(group_name(g), url_for(endpoint, group_id=g.id, **values)) for g in groups],
    )
