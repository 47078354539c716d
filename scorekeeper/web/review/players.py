"""Players: everyone who has played, one player's career and games, and head-to-head.

Career and head-to-head figures replay at most ``FIGURES_MAX_HANDS`` hands, the latest
games first, and say so when capped.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import abort, current_app, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ... import db, game_play
from ...engine import DEFAULT_GAME, GAMES, get_game
from ...engine.core.display import mean_figure, total
from ...engine.core.seating import sum_rivalries
from ...lru import Lru
from ...names import nfc
from ..access import chooser_or_redirect, group_or_404
from ..chart import game_chart
from ..forms import MAX_NAME_LENGTH
from ..i18n import current_language, isolate, shown_ltr, translate
from ..service import game_of, kind_name, offered_games
from ..weight import light
from .blueprint import bp
from .queries import BadQuery, game_param, page_param, page_size, pages, unknown_player
from .service import figure_rows, rating_chart

MAX_COMPARED = 8


def figures_max_hands() -> int:
    """How many hands a page replays at most for career and head-to-head figures: enough
    for years of games, few enough that the page never holds a server thread for long."""
    return current_app.config["FIGURES_MAX_HANDS"]


@light
@bp.get("/players", defaults={"group_id": None})
@bp.get("/groups/<int:group_id>/players")
def players(group_id: int | None):
    """Everyone who has played in the group, and the form that picks players for
    head-to-head. For members only; ``/players`` leads to the browser's group."""
    if group_id is None:
        return chooser_or_redirect("review.players")
    group = group_or_404(group_id)
    database = db.get_db()
    names = db.player_names(database, group_id=group.id)
    chosen = [nfc(name) for name in request.args.getlist("player")]
    problem: BadQuery | None = None
    table = None
    key = DEFAULT_GAME
    try:
        key = game_param("game") or DEFAULT_GAME
        if chosen:
            table = _head_to_head(database, names, chosen, key, group.id)
    except BadQuery as exc:
        problem = exc
    return render_template(
        "players.html",
        group=group,
        names=names,
        links=_player_links(names, group.id),
        chosen=chosen,
        chosen_game=key,
        kind=kind_name(get_game(key)) if chosen else None,
        offered=offered_games(),
        problem=problem,
        table=table,
    ), (400 if problem else 200)


def _player_links(names: Sequence[str], group_id: int) -> list[tuple[str, str]]:
    """(name, address of the name's page in the group) for each name: the route's address
    built once and each name quoted by the route's own converter, as ``url_for`` would,
    without building the route again for every one of a club's players."""
    prefix = url_for("review.player", name="_", group_id=group_id)[:-1]
    to_url = current_app.url_map.converters["path"](current_app.url_map).to_url
    return [(name, prefix + to_url(name)) for name in names]


def _head_to_head(
    database, names: Sequence[str], chosen: list[str], key: str, group_id: int
) -> dict[str, Any]:
    """How ``chosen`` fared against each other in the games of ``key`` (a game's games
    are compared only with its own: Bid Whist's sides apart from Israeli Whist's seats)."""
    for name in chosen:
        if len(name) > MAX_NAME_LENGTH or name not in names:
            raise unknown_player(name)
    if len(set(chosen)) != len(chosen):
        raise BadQuery(_("choose each player once"), "player")
    if not 2 <= len(chosen) <= MAX_COMPARED:
        raise BadQuery(_("choose from 2 to %(most)d players", most=MAX_COMPARED), "player")
    latest = db.latest_games(database, chosen, 2, figures_max_hands(), key, group_id=group_id)
    # The game's own table of no games, to which each game's rivalries add, oldest first.
    table = get_game(key).figures.head_to_head([], chosen)
    each_game = db.game_figures(database, latest.ids)
    summed = sum_rivalries(table.rivalries, (r for f in each_game for r in f.rivalries.values()))
    sums = {(r.player, r.opponent): r for r in summed}
    # Each cell's words, looked up once for the table (gettext gives the template
    # itself when given no values) and filled in per cell, as gettext would fill them.
    games_text = _("%(ahead)d–%(behind)d in %(finished)d finished")
    hands_text = _("hands %(ahead)d–%(behind)d of %(hands)d")
    margin_text = _("average margin %(margin)s")
    cells = {}
    for a in chosen:
        for b in chosen:
            if a == b:
                continue
            rivalry = sums[(a, b)]
            cells[(a, b)] = {
                "games": games_text
                % {"ahead": rivalry.ahead, "behind": rivalry.behind, "finished": rivalry.finished},
                "hands": hands_text
                % {
                    "ahead": rivalry.hands_ahead,
                    "behind": rivalry.hands_behind,
                    "hands": rivalry.hands,
                },
                "margin": margin_text
                % {"margin": shown_ltr(mean_figure(rivalry.average_margin, sign=True))},
                "together": rivalry.games,
            }
    note = (
        _(
            "From the latest %(games)d of the %(total)d games in which two or more of them played.",
            games=len(latest.ids),
            total=latest.total,
        )
        if latest.capped
        else None
    )
    return {"players": chosen, "cells": cells, "note": note}


@dataclass(frozen=True, slots=True)
class Career:
    """A player's career in one game, as stored: its record, the figures of its latest
    games added up, and which those games are."""

    key: str
    record: db.PlayerRecord
    figures: Any
    latest: db.LatestGames


@dataclass(frozen=True, slots=True)
class PlayerData:
    """What a player's page reads over all their games: their careers, the most played
    first, their rating histories by game kind and their games' ids, newest first (the
    pages of their games)."""

    careers: tuple[Career, ...]
    ratings: dict[str, list[db.HistoryPoint]]
    game_ids: tuple[int, ...]


# A player's page's reads over all their games (a thousand in a club's years), kept per
# database file, group, name and the group's state (``db.group_state``: its count of games
# and sum of versions, which any write to it changes): while nothing in the group changes,
# the page reads one index instead of every game and rating the player has.
PLAYER_DATA = Lru(256)


def _data_key(database, name: str, group_id: int) -> tuple:
    """What the player's data in the group is kept under: the file, group, name, budget
    of hands and the group's state."""
    return (
        db.database_path(database),
        group_id,
        name,
        figures_max_hands(),
        db.group_state(database, group_id),  # read first: what follows is at least as new
    )


def _player_data(database, key: tuple) -> PlayerData | None:
    """The player's data kept under ``key`` (``_data_key``), read when it is not (None:
    never played in the group)."""
    found = PLAYER_DATA.get(key)
    if found is None:
        _path, group_id, name, _budget, _state = key
        records = db.player_records(database, name, group_id=group_id)
        if not records:
            return None
        found = PlayerData(
            tuple(_career(database, name, k, record, group_id) for k, record in records.items()),
            db.player_rating_histories(database, group_id, name, tuple(GAMES)),
            tuple(db.player_game_ids(database, name, group_id)),
        )
        PLAYER_DATA.put(key, found)
    return found


@dataclass(frozen=True, slots=True)
class PlayerShown:
    """What a player's page shows of their data in one language: each career's rows, the
    rating chart and the chart of their latest game, with that game."""

    careers: list[dict[str, Any]]
    rating: dict[str, Any] | None
    latest: db.StoredGame
    chart: Markup


# A player's page as drawn from their data (``PLAYER_DATA``), kept under the same key and
# the page's language and root (issue 82): a ten-year regular's rating chart draws a
# thousand ratings, drawn once a state of the group, not on every view.
PLAYER_SHOWN = Lru(256)


def player_shown(
    database, name: str, group_id: int
) -> tuple[tuple, PlayerData, PlayerShown] | None:
    """The key the named player's data in the group is kept under, the data and what
    their page shows of it in the page's language (None: never played there), both kept
    for the group's state."""
    key = _data_key(database, name, group_id)
    data = _player_data(database, key)
    if data is None:
        return None
    which = (*key, current_language(), request.script_root)
    shown = PLAYER_SHOWN.get(which)
    if shown is None:
        careers = [_career_shown(name, career) for career in data.careers]
        latest, hands = db.load_game_with_hands(database, max(c["latest"] for c in careers))
        game = game_of(latest)
        progress = game_play.progress_of(latest, hands)
        shown = PlayerShown(
            careers,
            rating_chart(group_id, name, data.ratings),
            latest,
            Markup(game_chart(progress, latest.seated, game, title=_("Running totals"))),
        )
        PLAYER_SHOWN.put(which, shown)
    return key, data, shown


def _career(database, name: str, key: str, record: db.PlayerRecord, group_id: int) -> Career:
    """The named player's career in one game (``key``, where ``record`` is theirs): the
    figures of their latest games, added up oldest first as ``careers`` does."""
    latest = db.latest_games(database, [name], 1, figures_max_hands(), key, group_id=group_id)
    # (A game without hands gives no figures: a player with no others is replayed.)
    per_game = [f.players[name] for f in db.game_figures(database, latest.ids) if name in f.players]
    if per_game:
        figures = functools.reduce(operator.add, per_game)
    else:
        found = db.load_games_with_hands(database, game_ids=latest.ids)
        figures = get_game(key).figures.careers(db.recorded(g, h) for g, h in found)[name].figures
    return Career(key, record, figures, latest)


def _career_shown(name: str, career: Career) -> dict[str, Any]:
    """A career as the page shows it: its figure rows in the page's language, and the note
    on how many games they come from."""
    game, record, latest = get_game(career.key), career.record, career.latest
    lines = game.figures.career_lines(
        name, record.games, record.finished, record.wins, career.figures
    )
    note = (
        _(
            "Figures per hand are from the latest %(games)d of %(total)d games.",
            games=len(latest.ids),
            total=latest.total,
        )
        if latest.capped
        else None
    )
    return {
        "key": career.key,
        "title": translate(game.name),
        "kind": game.name,  # for a sentence to put it in its place ("Career in Skat")
        "rows": figure_rows(lines),
        "note": note,
        "latest": latest.ids[-1],
    }


# A page of a player's games as drawn (``_player_games.html``), kept under their data's key,
# the page's language and root and the page's number (issue 82): twenty games read and drawn
# once a state of the group, however many the player has.
PLAYER_GAMES = Lru(256)


def _games_shown(database, key: tuple, data: PlayerData, page: int) -> Markup:
    """Page ``page`` of the games of the player whose data ``data`` is (kept under
    ``key``), newest first, as the page draws them."""
    size = page_size()
    which = (*key, current_language(), request.script_root, page, size)
    found = PLAYER_GAMES.get(which)
    if found is None:
        name = key[2]
        several = len(data.careers) > 1
        games = [
            {
                "id": g.id,
                "name": g.name,
                "date": g.created_at[:10],
                "players": g.seated,
                "game": translate(game_of(g).name),
                "total": total(g.totals[g.seat_of(name)]),
                # A win is the winning side's, for whoever sat in it at the end.
                "won": g.winner is not None
                and g.seated[g.seat_of(name)] == name
                and g.seat_of(name) in game_of(g).sides[g.winner],
                "status": g.status,
            }
            # The page's games from the ids kept with the data: twenty games read,
            # however many the player has.
            for g in db.games_by_id(database, data.game_ids[(page - 1) * size : page * size])
        ]
        draw = current_app.jinja_env.get_template("_player_games.html").module.game_list
        found = Markup(draw(games, several))
        PLAYER_GAMES.put(which, found)
    return found


@light
@bp.get("/players/<path:name>", defaults={"group_id": None})
@bp.get("/groups/<int:group_id>/players/<path:name>")
def player(name: str, group_id: int | None):
    """A player's career figures in the group, the chart of their latest game and their
    games, newest first, a page at a time. Games and wins count every game; the figures
    per hand come from the latest games, up to ``FIGURES_MAX_HANDS`` hands, and say so
    when capped. For members only; ``/players/<name>`` leads to the browser's group."""
    if group_id is None:
        return chooser_or_redirect("review.player", name=name)
    name = nfc(name)
    group = group_or_404(group_id)
    database = db.get_db()
    found = player_shown(database, name, group.id) if len(name) <= 200 else None
    if found is None:
        abort(404, _("Nobody called %(name)s has played here.", name=isolate(name[:200])))
    key, data, shown = found
    try:
        games = sum(career.record.games for career in data.careers)
        page = page_param(games)
    except BadQuery as exc:
        abort(400, _("Cannot show %(field)s: %(message)s.", field=exc.field, message=exc.message))
    return render_template(
        "player.html",
        group=group,
        name=name,
        careers=shown.careers,
        several=len(shown.careers) > 1,
        latest=shown.latest,
        rating=shown.rating,
        chart=shown.chart,
        games_html=_games_shown(database, key, data, page),
        pages=pages(page, games, "review.player", name=name, group_id=group.id),
    )
