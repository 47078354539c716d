"""What the ``offline`` area's views share (its service): a game's snapshot as a phone
keeps it (the sync's ``GET``, and a save on the hand form of a game the phone keeps), the
kept page's views drawn by the server as the phone's engine draws them, and a clash's two
versions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import get_template_attribute
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf

from ... import db, game_play
from ...engine.pages import kept as kept_pages
from ...engine.phone import standing
from ...lru import Lru
from ...names import MAX_NAME_LENGTH
from ...pages import phone
from ..access import membership
from ..i18n import current_language
from ..service import game_of

# Sent with a save by the hand form of a game the phone keeps (static/draft.js): the save's
# answer then carries the game's snapshot.
KEPT_HEADER = "X-Scorekeeper-Kept"


def snapshot_of(game_id: int, removed: int | None = None) -> dict[str, Any]:
    """What a phone needs to go on recording hands alone, as of one moment: the game's
    key, players and settings as the API gives them, every hand's body with its number,
    the game's ``version`` (a hand queued offline names it as ``after``), the state after
    the last hand (what the phone's engine resumes from) and before ``shown_from``, the
    first hand the kept scoreboard shows (``shown_state``, from which the phone draws its
    hands: every one, however long the game, as the server's page of all hands does:
    issue 44), where the game stands, the session's CSRF token for sending the hands
    back, and, asked with ``removed`` (the hands the phone's copy holds taken off its
    queue), the kept page's scoreboard and next hand's form drawn from it (``drawn``:
    ``drawn_views``, shown at once offline while the phone's engine starts: issue
    69). A save on the hand form answers with it too, for a phone that keeps the game
    (``games.hands``), without the drawn views: the scoreboard it goes to asks for them,
    and the save is not held for their drawing."""
    found, hands = db.load_game_with_hands(db.get_db(), game_id)
    if found is None:
        raise db.NotFound(f"there is no game {game_id}", "id")
    rules = game_of(found)
    progress = game_play.progress_of(found, hands)
    shown_from = 1
    kept = {
        "id": found.id,
        "game": rules.key,
        "seats": len(found.players),
        "players": list(found.players),
        "seated": list(found.seated),
        "substitutions": [change.to_dict() for change in found.changes],
        "rules": found.rules,
        "settings": found.settings.to_dict(),
        "first_dealer": found.first_dealer,
        "sides": [list(side) for side in rules.sides],
        "starting_totals": list(found.starting_totals or (0,) * len(rules.sides)),
        "hands": [stored_json(stored) for stored in hands],
        "version": found.version,
        # "Finish now" on another phone: the kept board shows the game over, as the server.
        "finished_after": found.finished_after,
        "state": progress.state.to_dict(),
        # The hands the kept scoreboard shows (all of them: a table without the network
        # has no page of the earlier ones to go to), and the state before the first.
        "shown_from": shown_from,
        "shown_state": game_play.state_after(db.get_db(), found, shown_from - 1),
        **standing(rules, progress),
        # The name this phone has at the table, if the server knows it: the phone keeps
        # the game without asking whose it is (issue 56), and asks only when it has none.
        "phone": member_name(found),
        "csrf_token": generate_csrf(),
    }
    return kept if removed is None else kept | {"drawn": drawn_views(kept, removed)}


def member_name(game: db.StoredGame) -> str | None:
    """The name this phone goes by in the game's group (the member's own label, cut to a
    player's name's length) while it is a member; None for a phone that is none, or was
    removed from the group, or gave no name: its hands are never marked with a member's
    name it no longer has (issue 56)."""
    found = membership(game.group_id) if game.group_id else None
    label = found.label[:MAX_NAME_LENGTH].strip() if found and found.label else ""
    return label or None


def stored_json(stored: db.StoredHand) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "number": stored.number,
        "revision": stored.revision,
        "hand": stored.record.to_dict(),
    }
    if stored.offline_by is not None:
        shown["offline_by"] = stored.offline_by
    return shown


# --- the hands sent back --------------------------------------------------------------------


def clash_html(answer: dict[str, Any]) -> str:
    """Both versions of a queued hand the server holds another of (the 409 of
    ``offline.send_hands``), drawn by the server with the template the phone's engine
    draws them with (``_kept.html``'s clash): the phone shows them at once, without
    waiting for its engine, which a page opened offline may still be starting."""
    return str(get_template_attribute("_kept.html", "clash")(kept_pages.clash(answer)))


# The views drawn, by database, game, version, language and hands removed: every phone that
# keeps a game asks for them after each change (a live update), and drawing a long game's
# board takes a few times a snapshot's own reading.
DRAWN = Lru(32)


def drawn_views(snapshot: Mapping[str, Any], removed: int = 0) -> dict[str, Any]:
    """The kept page's scoreboard and the form for the next hand, as the engine in the
    phone draws them from ``snapshot`` with no hand queued and ``removed`` hands in this
    phone's copy (``static/keep.js``'s ``board`` and ``entry``: the same calls of
    ``pages.phone``, the same templates), in the page's language: a phone that loses the
    network shows them the moment its kept page loads, while its engine starts (issue 69;
    ``static/keep-drawn.js``). Answers ``{"language", "removed", "board", "form"}``, a
    view the engine refuses (no hand to enter in a game over) left out."""
    language = current_language()
    key = (db.database_path(db.get_db()), snapshot["id"], snapshot["version"], language, removed)
    found = DRAWN.get(key)
    if found is None:
        found = _drawn(snapshot, removed, language)
        DRAWN.put(key, found)
    return found


def _drawn(snapshot: Mapping[str, Any], removed: int, language: str) -> dict[str, Any]:
    table = {
        "game": snapshot["game"],
        "seats": snapshot["seats"],
        "settings": snapshot["settings"],
        "players": snapshot["seated"],
        "language": language,
        "finished_after": snapshot["finished_after"],
    }
    first, known = snapshot["shown_from"], len(snapshot["hands"])
    board = table | {
        "call": "sheet",
        "state": snapshot["shown_state"],
        "hands": [shown["hand"] for shown in snapshot["hands"] if shown["number"] >= first],
        "seating": {"players": snapshot["players"], "changes": snapshot["substitutions"]},
        "pending": known,
        "pending_mark": _("not yet on the server"),  # kept.html's "kept-pending"
        "earlier": first - 1,
        "refused": None,
        "copy": {"queued": 0, "removed": removed},
    }
    form = table | {"call": "form", "state": snapshot["state"], "hands": [], "values": {}}
    form |= {"problems": [], "said": []}
    sheet, entry = json.loads(phone.batch(json.dumps([board, form])))
    views: dict[str, Any] = {"language": language, "removed": removed}
    if "error" not in sheet:
        views["board"] = {"html": sheet["html"]}
    if "error" not in entry:
        views["form"] = {"html": entry["html"] + entry["back_html"], "state": entry["state"]}
    return views
