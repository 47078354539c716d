"""Looking back: the history of games, statistics per game and per player, head-to-head,
a game's name and notes, and export downloads.

Every figure comes from the engine's statistics (``engine.stats``) over the stored hands;
this module only turns figures into the strings a page prints, so templates never compute.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from . import db, transfer
from .access import game_and_hands_or_404, game_or_404, require_edit
from .chart import game_chart
from .engine.israeli_whist.stats import (
    CareerStats,
    GameStats,
    HandPick,
    PlayerFigures,
    Rate,
    RecordedGame,
    careers,
    game_stats,
    head_to_head,
)
from .forms import MAX_NAME_LENGTH, FieldProblem, GameDetailsForm, clean_game_details
from .games import rules_label
from .i18n import isolate, isolate_ltr, translate
from .scoreboard import signed, total

bp = Blueprint("review", __name__)

MAX_COMPARED = 8


class BadQuery(ValueError):
    """A query parameter a page cannot use: the field and what is wrong, for the page."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def recorded(game: db.Game, hands: Sequence[db.StoredHand]) -> RecordedGame:
    """A stored game as the engine's statistics take it."""
    return RecordedGame(
        game.settings, game.first_dealer, game.players, tuple(h.record for h in hands), game.id
    )


# --- formatting: figures to the strings a page shows --------------------------------------


def rate_text(rate: Rate) -> str:
    """``3/5 (60%)``, or a dash when nothing was attempted (unknown, not 0%)."""
    if rate.percent is None:
        return "–"
    return _(
        "%(made)d/%(attempted)d (%(percent)d%%)",
        made=rate.made,
        attempted=rate.attempted,
        percent=round(rate.percent),
    )


def average_text(value: float | None, sign: bool = False) -> str:
    if value is None:
        return "–"
    text = f"{abs(value):.1f}"
    if value < 0 and text != "0.0":
        text = "\u2212" + text
    elif sign and text != "0.0":
        text = "+" + text
    return isolate_ltr(text)


def pick_text(pick: HandPick | None, with_game: bool = False) -> str:
    if pick is None:
        return "–"
    if with_game:
        return _(
            "%(points)s (game %(game)s, hand %(hand)d)",
            points=isolate_ltr(signed(pick.points)),
            game=pick.game,
            hand=pick.hand,
        )
    return _("%(points)s (hand %(hand)d)", points=isolate_ltr(signed(pick.points)), hand=pick.hand)


def revoke_text(figures: PlayerFigures) -> str:
    """Caught revokes and the points they cost, ``2 (−200)``; a plain ``0`` without any."""
    if not figures.revokes:
        return "0"
    return _(
        "%(revokes)d (%(penalty)s)",
        revokes=figures.revokes,
        penalty=isolate_ltr(signed(-figures.revoke_penalty)),
    )


@dataclass(frozen=True, slots=True)
class FigureRow:
    """One line of a figures table: what it is, and one value per column."""

    label: str
    values: tuple[str, ...]


def figure_rows(figures: Sequence[PlayerFigures], with_game: bool = False) -> list[FigureRow]:
    """The per-player figures of the issue, one row each, one column per player."""
    rows = [
        (_("Hands played"), [str(f.hands) for f in figures]),
        (_("Contracts made"), [rate_text(f.contracts) for f in figures]),
        (_("Zero bids made"), [rate_text(f.zeros) for f in figures]),
        (_("Declarer contracts made"), [rate_text(f.declarer) for f in figures]),
        (_("Average contract"), [average_text(f.average_contract) for f in figures]),
        (_("Average points per hand"), [average_text(f.average_points, True) for f in figures]),
        (_("Best hand"), [pick_text(f.best, with_game) for f in figures]),
        (_("Worst hand"), [pick_text(f.worst, with_game) for f in figures]),
        (_("Last bidder"), [str(f.last_bidder) for f in figures]),
        (_("Hurt by the forbidden number"), [str(f.forbidden_hurt) for f in figures]),
        (_("Revokes (penalty)"), [revoke_text(f) for f in figures]),
    ]
    return [FigureRow(label, tuple(values)) for label, values in rows]


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


# --- history ------------------------------------------------------------------------------


def _date_param(field: str) -> str | None:
    value = request.args.get(field, "").strip()
    if not value:
        return None
    try:
        parsed = date.fromisoformat(value) if len(value) == 10 else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise BadQuery(field, _("%(value)s is not a date; use YYYY-MM-DD", value=value[:40]))
    return parsed.isoformat()


def _player_param(field: str, known: Sequence[str]) -> str | None:
    value = request.args.get(field, "").strip()
    if not value:
        return None
    if len(value) > MAX_NAME_LENGTH or value not in known:
        raise BadQuery(
            field,
            _("nobody called %(name)s has played here", name=isolate(value[: MAX_NAME_LENGTH + 1])),
        )
    return value


def _page_param(total: int) -> int:
    """The page asked for (1 when none is): a whole number from 1 to the last page."""
    value = request.args.get("page", "").strip()
    if not value:
        return 1
    last = max(1, -(-total // page_size()))
    if not re.fullmatch(r"[0-9]{1,9}", value):
        raise BadQuery("page", _("%(value)s is not a page number", value=value[:40]))
    if not 1 <= int(value) <= last:
        raise BadQuery(
            "page", _("there is no page %(page)s; the last is %(last)d", page=value, last=last)
        )
    return int(value)


def page_size() -> int:
    return current_app.config["PAGE_SIZE"]


def _pages(page: int, total: int, endpoint: str, **args: Any) -> dict[str, Any]:
    """Where page ``page`` of ``total`` items is, and links to the newer and older pages
    that keep every other query parameter."""
    last = max(1, -(-total // page_size()))

    def link(number: int) -> str | None:
        if not 1 <= number <= last:
            return None
        return url_for(endpoint, **args, page=number if number > 1 else None)

    return {"page": page, "last": last, "newer": link(page - 1), "older": link(page + 1)}


@bp.get("/history")
def history():
    """The games newest first, a page at a time, filtered by player and by the date it
    started; and the export of every game, in parts when they are many."""
    database = db.get_db()
    names = db.player_names(database)
    problem: BadQuery | None = None
    total = page = 0
    try:
        player = _player_param("player", names)
        since, until = _date_param("from"), _date_param("to")
        if since and until and since > until:
            raise BadQuery("to", _("the end date is before the start date"))
        total = db.count_history(database, player, since, until)
        page = _page_param(total)
    except BadQuery as exc:
        problem, player, since, until, total = exc, None, None, None, 0
    size = page_size()
    listings = (
        []
        if problem
        else db.history(database, player, since, until, limit=size, offset=(page - 1) * size)
    )
    filters = {"player": player, "from": since, "to": until}
    return render_template(
        "history.html",
        names=names,
        chosen=filters,
        problem=problem,
        games=[_listing(item) for item in listings],
        filtered=any((player, since, until)),
        pages=_pages(page, total, "review.history", **filters),
        export_parts=[
            {"first": part.first, "last": part.last, "games": part.games}
            for part in db.split_games(database, export_max_hands())
        ],
    ), (400 if problem else 200)


def _listing(item: db.Listing) -> dict[str, Any]:
    game = item.game
    return {
        "id": game.id,
        "name": game.name,
        "date": game.created_at[:10],
        "duration": duration_text(item.first_hand_at, item.last_hand_at),
        "players": game.players,
        "rules": rules_label(game),
        "hands": game.hand_count,
        "winner": None if game.winner is None else game.players[game.winner],
        "total": None if game.winner is None else total(game.totals[game.winner]),
    }


# --- one game's statistics ----------------------------------------------------------------


def game_summary_rows(stats: GameStats) -> list[tuple[str, str]]:
    """The game-wide figures: hands, the over/under split, contracts made over vs under."""
    return [
        (
            _("Hands"),
            _(
                "%(hands)d (%(played)d played, %(thrown)d thrown in)",
                hands=stats.hands,
                played=stats.played,
                thrown=stats.thrown_in,
            ),
        ),
        (_("Over / under hands"), f"{stats.over} / {stats.under}"),
        (_("Contracts made in over hands"), rate_text(stats.made_in_over)),
        (_("Contracts made in under hands"), rate_text(stats.made_in_under)),
    ]


@bp.get("/games/<int:game_id>/stats")
def game_statistics(game_id: int):
    game, hands = game_and_hands_or_404(game_id)
    stats = game_stats(recorded(game, hands))
    return render_template(
        "game_stats.html",
        game=game,
        rules=rules_label(game),
        summary=game_summary_rows(stats),
        players=game.players,
        totals=[isolate_ltr(total(p.total)) for p in stats.players],
        winner=stats.winner,
        rows=figure_rows([p.figures for p in stats.players]),
    )


# --- players ------------------------------------------------------------------------------


def career_rows(career: CareerStats) -> list[FigureRow]:
    head = [
        FigureRow(_("Games"), (str(career.games),)),
        FigureRow(_("Finished games won"), (rate_text(career.win_rate),)),
    ]
    return head + figure_rows([career.figures], with_game=True)


@bp.get("/players")
def players():
    """Everyone who has played, and the form that picks players for head-to-head."""
    database = db.get_db()
    names = db.player_names(database)
    chosen = request.args.getlist("player")
    problem: BadQuery | None = None
    table = None
    if chosen:
        try:
            table = _head_to_head(database, names, chosen)
        except BadQuery as exc:
            problem = exc
    return render_template(
        "players.html", names=names, chosen=chosen, problem=problem, table=table
    ), (400 if problem else 200)


def _head_to_head(database, names: Sequence[str], chosen: list[str]) -> dict[str, Any]:
    for name in chosen:
        if len(name) > MAX_NAME_LENGTH or name not in names:
            raise BadQuery(
                "player",
                _(
                    "nobody called %(name)s has played here",
                    name=isolate(name[: MAX_NAME_LENGTH + 1]),
                ),
            )
    if len(set(chosen)) != len(chosen):
        raise BadQuery("player", _("choose each player once"))
    if not 2 <= len(chosen) <= MAX_COMPARED:
        raise BadQuery("player", _("choose from 2 to %(most)d players", most=MAX_COMPARED))
    latest = db.latest_games(database, chosen, 2, figures_max_hands())
    games = [recorded(g, h) for g, h in db.load_games_with_hands(database, game_ids=latest.ids)]
    table = head_to_head(games, chosen)
    cells = {}
    for a in chosen:
        for b in chosen:
            if a == b:
                continue
            rivalry = table.rivalry(a, b)
            cells[(a, b)] = {
                "games": _(
                    "%(ahead)d–%(behind)d in %(finished)d finished",
                    ahead=rivalry.ahead,
                    behind=rivalry.behind,
                    finished=rivalry.finished,
                ),
                "hands": _(
                    "hands %(ahead)d–%(behind)d of %(hands)d",
                    ahead=rivalry.hands_ahead,
                    behind=rivalry.hands_behind,
                    hands=rivalry.hands,
                ),
                "margin": _(
                    "average margin %(margin)s",
                    margin=average_text(rivalry.average_margin, sign=True),
                ),
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


def figures_max_hands() -> int:
    """How many hands a page replays at most for career and head-to-head figures: enough
    for years of games, few enough that the page never holds a server thread for long."""
    return current_app.config["FIGURES_MAX_HANDS"]


@bp.get("/players/<path:name>")
def player(name: str):
    """A player's career figures, the chart of their latest game and their games, newest
    first, a page at a time. Games and wins count every game; the figures per hand come
    from the latest games, up to ``FIGURES_MAX_HANDS`` hands, and say so when capped."""
    database = db.get_db()
    record = db.player_record(database, name) if len(name) <= 200 else None
    if not record or not record.games:
        abort(404, _("Nobody called %(name)s has played here.", name=isolate(name[:200])))
    try:
        page = _page_param(record.games)
    except BadQuery as exc:
        abort(400, _("Cannot show %(field)s: %(message)s.", field=exc.field, message=exc.message))
    latest = db.latest_games(database, [name], 1, figures_max_hands())
    found = db.load_games_with_hands(database, game_ids=latest.ids)
    figures = careers(recorded(g, h) for g, h in found)[name].figures
    career = CareerStats(name, record.games, record.finished, record.wins, figures)
    latest_game, latest_hands = found[-1]
    progress = db.progress_of(latest_game, latest_hands)
    size = page_size()
    return render_template(
        "player.html",
        name=name,
        rows=career_rows(career),
        note=(
            _(
                "Figures per hand are from the latest %(games)d of %(total)d games.",
                games=len(latest.ids),
                total=latest.total,
            )
            if latest.capped
            else None
        ),
        latest=latest_game,
        chart=Markup(game_chart(progress, latest_game.players, title=_("Running totals"))),
        games=[
            {
                "id": g.id,
                "name": g.name,
                "date": g.created_at[:10],
                "players": g.players,
                "total": total(g.totals[g.players.index(name)]),
                "won": g.winner is not None and g.players[g.winner] == name,
                "status": g.status,
            }
            for g in db.player_games(database, name, size, (page - 1) * size)
        ],
        pages=_pages(page, record.games, "review.player", name=name),
    )


# --- a game's name and notes ---------------------------------------------------------------


@bp.route("/games/<int:game_id>/details", methods=["GET", "POST"])
def details(game_id: int):
    """The game's name and notes; only a phone with the edit key may change them."""
    game = game_or_404(game_id)
    require_edit(game)
    form = GameDetailsForm(data={"name": game.name or "", "notes": game.notes or ""})
    if form.validate_on_submit():
        try:
            name, notes = clean_game_details(form.name.data, form.notes.data)
        except FieldProblem as exc:
            form[exc.field].errors = [*form[exc.field].errors, translate(exc.message)]
        else:
            try:
                db.set_game_details(db.get_db(), game_id, name, notes)
            except db.NotFound:
                abort(404, _("There is no game %(id)d.", id=game_id))
            flash(_("Saved the game's name and notes."), "info")
            return redirect(url_for("games.scoreboard", game_id=game_id))
    return render_template("game_details.html", game=game, form=form), (422 if form.errors else 200)


# --- export downloads ----------------------------------------------------------------------


MEDIA = {"json": "application/json", "csv": "text/csv"}


def export_max_hands() -> int:
    """How many hands one export file holds at most, so that writing it never holds a
    server thread for long; a longer game is a file of its own."""
    return current_app.config["EXPORT_MAX_HANDS"]


def _download(file_format: str, first: int, last: int, filename: str) -> Response:
    """The export of the games with ids ``first`` to ``last`` as a download, sent as it is
    written, a game at a time."""

    def body() -> Iterator[bytes]:
        # Runs after the view has returned and its connection was closed: the stream reads
        # through a connection of its own, closed when the stream ends.
        for chunk in transfer.export_chunks(db.get_db(), file_format, first, last):
            yield chunk.encode()

    # Passed through untouched: gzipping it whole (see responses) would build the whole
    # file in memory first.
    response = Response(
        stream_with_context(body()), mimetype=MEDIA[file_format], direct_passthrough=True
    )
    if file_format == "csv":
        response.charset = "utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.get("/games/<int:game_id>/export.<any(json, csv):file_format>")
def export_game(game_id: int, file_format: str):
    game_or_404(game_id)
    return _download(file_format, game_id, game_id, f"scorekeeper-game-{game_id}.{file_format}")


def _game_id_param(field: str) -> int:
    value = request.args.get(field, "").strip()
    if not re.fullmatch(r"[0-9]{1,19}", value) or not 1 <= int(value) <= db.MAX_ID:
        raise BadQuery(field, _("%(value)s is not a game number", value=value[:40]))
    return int(value)


@bp.get("/export.<any(json, csv):file_format>")
def export_all(file_format: str):
    """Every game, or (``?first=&last=``) the games with ids in a range: one part of the
    export of everything, as History lists them. A file holds at most about
    ``EXPORT_MAX_HANDS`` hands; a tenth more is let through, so that a part listed a
    moment ago still downloads after a few more hands were recorded."""
    database = db.get_db()
    whole = "first" not in request.args and "last" not in request.args
    first, last = 1, db.MAX_ID
    if not whole:
        try:
            first, last = _game_id_param("first"), _game_id_param("last")
            if first > last:
                raise BadQuery("last", _("the last game is before the first"))
        except BadQuery as exc:
            abort(
                400,
                _("Cannot export by %(field)s: %(message)s.", field=exc.field, message=exc.message),
            )
    games, hands = db.count_games(database, first, last)
    if games > 1 and hands > export_max_hands() * 11 // 10:
        abort(
            400,
            _(
                "These games hold %(hands)d hands, more than one file holds: download them "
                "in parts from History.",
                hands=hands,
            ),
        )
    part = "" if whole else f"-{first}-{last}"
    return _download(file_format, first, last, f"scorekeeper-games{part}.{file_format}")
