"""History: the games newest first, a page at a time, filtered by player and by the date
each started, folded under the evenings they were played in (issue 22), with the export
of every game."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import redirect, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from ... import db
from ...engine import get_game
from ...engine.core.display import total
from ..access import chooser_or_redirect, group_or_404
from ..i18n import translate
from ..service import game_of, kind_name, offered_games, rules_label, side_names
from ..weight import heavy, light
from .blueprint import bp
from .queries import (
    BadQuery,
    date_param,
    game_param,
    page_param,
    page_size,
    pages,
    player_param,
)


def duration_text(first: str | None, last: str | None) -> str:
    """Time from the first hand recorded to the last, as ``1 h 05 min``; a dash without hands."""
    if first is None or last is None:
        return "–"
    try:
        minutes = int(
            (datetime.fromisoformat(last) - datetime.fromisoformat(first)).total_seconds()
        )
    except (TypeError, ValueError):
        # A time stored by another tool that names no moment, or one without an offset
        # beside one with: no duration then, rather than a broken page.
        return "–"
    minutes //= 60
    if minutes < 60:
        return _("%(minutes)d min", minutes=minutes)
    return _("%(hours)d h %(minutes)02d min", hours=minutes // 60, minutes=minutes % 60)


@light
@bp.get("/history", defaults={"group_id": None})
@bp.get("/groups/<int:group_id>/history")
def history(group_id: int | None):
    """A group's games newest first, a page at a time, filtered by player and by the date
    it started; and the export of every game, as one file. For members
    only; ``/history`` (from before groups) leads to the browser's group."""
    if group_id is None:
        return chooser_or_redirect("review.history")
    group = group_or_404(group_id)
    database = db.get_db()
    names = db.player_names(database, group_id=group.id)
    problem: BadQuery | None = None
    count = page = 0
    game = None
    try:
        player = player_param("player", names)
        game = game_param("game")
        since, until = date_param("from"), date_param("to")
        if since and until and since > until:
            raise BadQuery(_("the end date is before the start date"), "to")
        count = db.count_history(database, player, since, until, game, group_id=group.id)
        page = page_param(count)
    except BadQuery as exc:
        problem, player, since, until, game, count = exc, None, None, None, None, 0
    size = page_size()
    listings = (
        []
        if problem
        else db.history(
            database,
            player,
            since,
            until,
            limit=size,
            offset=(page - 1) * size,
            game=game,
            group_id=group.id,
        )
    )
    filters = {"player": player, "from": since, "to": until, "game": game}
    return render_template(
        "history.html",
        group=group,
        names=names,
        offered=offered_games(),
        chosen=filters,
        problem=problem,
        evenings=_by_evening(database, group.id, [_listing(item) for item in listings]),
        filtered=any((player, since, until, game)),
        pages=pages(page, count, "review.history", group_id=group.id, **filters),
        kind=kind_name(get_game(game)) if game else None,
    ), (400 if problem else 200)


def _by_evening(database: Any, group_id: int, games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page's games (newest first) folded under their evenings: each run of games of
    one evening is one entry, with the evening's id, date and number of games (an evening
    a page break cuts, or whose other games the filters leave out, lists only those of
    its games on the page)."""
    evenings = db.evenings_of(database, group_id, [game["id"] for game in games])
    folded: list[dict[str, Any]] = []
    for game in games:
        evening = evenings.get(game["id"])
        key = evening.id if evening else -game["id"]
        if not folded or folded[-1]["key"] != key:
            folded.append(
                {
                    "key": key,
                    "id": evening.id if evening else None,
                    "date": (evening.began if evening else game["date"])[:10],
                    "count": len(evening.games) if evening else 1,
                    "games": [],
                }
            )
        folded[-1]["games"].append(game)
    return folded


@heavy
@bp.get("/history/export", defaults={"group_id": None})
@bp.get("/groups/<int:group_id>/history/export")
def export_parts(group_id: int | None):
    """The address of the old page of an export in parts, from before a group's export
    was one file of any size: History's export, which is that file now. For members
    only."""
    if group_id is None:
        return chooser_or_redirect("review.export_parts")
    group = group_or_404(group_id)
    return redirect(url_for("review.history", group_id=group.id, _anchor="export"))


@functools.lru_cache(maxsize=256)
def _rules_label(key: str, rules: str, settings: Any, _language: str) -> str:
    """``rules_label`` of a game, worked out once per preset, settings and language: a
    club plays the same few rules in thousands of games."""
    return rules_label(_Rules(key, rules, settings))


@dataclass(frozen=True)
class _Rules:
    """What ``rules_label`` reads of a game."""

    game: str
    rules: str
    settings: Any


def _listing(item: db.Listing) -> dict[str, Any]:
    game = item.game
    return {
        "id": game.id,
        "name": game.name,
        "game": translate(game_of(game).name),
        "date": game.created_at[:10],
        "duration": duration_text(item.first_hand_at, item.last_hand_at),
        "players": game.seated,
        "rules": _rules_label(game.game, game.rules, game.settings, str(get_locale())),
        "hands": game.hand_count,
        "winner": None if game.winner is None else side_names(game)[game.winner],
        "total": None if game.winner is None else total(game.totals[game.winner]),
    }
