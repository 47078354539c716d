"""The ratings' pages (issue 22, docs/rules/ratings.md): a group's ratings in one game kind,
each player's chances for a seating before a game (a page, and JSON for New game's
script) with the fairest partnerships of a partnership game, and a player's rating
history as a chart. For members only. The ratings and chances are ``db.ratings``'s and
``engine.ratings``'s; this module only turns them into the strings a page prints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import current_app, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from ... import db
from ...engine import DEFAULT_GAME, GAMES, EngineError, get_game
from ...engine.core.game import title_of
from ...engine.core.language import decimal_text
from ...engine.ratings import PROVISIONAL_UNDER, TREND_GAMES, has_partners
from ...lru import Lru
from ...names import nfc
from ..access import group_or_404
from ..chart import sparkline_svg
from ..forms import MAX_NAME_LENGTH
from ..i18n import current_language, is_rtl, translate
from ..responses import PRIVATE
from ..weight import light
from .blueprint import bp
from .queries import BadQuery, game_param

MAX_SEATS = 8  # the most names a seating may have: the largest table of any game


def percent(chance: float) -> str:
    return _("%(percent)d%%", percent=round(chance * 100))


CHANGE = "\x00"  # where the trend's words take the change, filled in per line


def _trend_words(sign: int, games: int) -> str:
    """The trend in words, for screen readers (the page shows an arrow and a sparkline):
    up, down or unchanged over the last ``games`` games, the change as ``CHANGE``."""
    if sign > 0:
        return ngettext(
            "up %(change)s over the last game",
            "up %(change)s over the last %(num)d games",
            games,
            change=CHANGE,
        )
    if sign < 0:
        return ngettext(
            "down %(change)s over the last game",
            "down %(change)s over the last %(num)d games",
            games,
            change=CHANGE,
        )
    return ngettext("unchanged over the last game", "unchanged over the last %(num)d games", games)


def _player_prefix(group_id: int):
    """A function from a name to its player page in the group, the route built once."""
    prefix = url_for("review.player", name="_", group_id=group_id)[:-1]
    to_url = current_app.url_map.converters["path"](current_app.url_map).to_url
    return lambda name: prefix + to_url(name)


@dataclass(frozen=True, slots=True)
class RatingLine:
    """A line of the ratings page as the template prints it: attributes, which Jinja
    reads at once (a dict's keys it finds only after an attribute lookup fails, hundreds
    of times a page)."""

    rank: int
    player: str
    url: str
    rating: str
    games: int
    provisional: bool
    spread: str
    arrow: str
    change: str
    trend: str
    spark: Markup


def ratings_rows(table: Sequence[db.RatingRow], group_id: int) -> list[RatingLine]:
    """Each line of the ratings page, every figure a string (numbers already kept left
    to right on a right-to-left page; the trend's words looked up once per kind of
    change and number of games: a club's page has hundreds of lines)."""
    link = _player_prefix(group_id)
    ltr = (lambda text: f"\u2066{text}\u2069") if is_rtl() else (lambda text: text)
    language = current_language()  # looked up once: four figures a line

    def one_decimal(value: float, sign: bool = False) -> str:
        return decimal_text(value, 1, language, sign)

    words: dict[tuple[int, int], str] = {}
    rows = []
    for row in table:
        change = row.trend
        sign = (change > 0) - (change < 0)
        if (sign, len(row.recent)) not in words:
            words[(sign, len(row.recent))] = _trend_words(sign, len(row.recent))
        rows.append(
            RatingLine(
                rank=row.rank,
                player=row.player,
                url=link(row.player),
                rating=ltr(one_decimal(row.rating)),
                games=row.games,
                provisional=row.provisional,
                spread=ltr(one_decimal(2 * row.sigma)),
                arrow="▲" if sign > 0 else "▼" if sign < 0 else "▬",
                change=ltr(one_decimal(change, sign=True)),
                trend=words[(sign, len(row.recent))].replace(CHANGE, one_decimal(abs(change))),
                spark=Markup(sparkline_svg(row.recent)),
            )
        )
    return rows


def seating_param() -> list[str]:
    """The names of a seating, seat by seat: ``player`` repeated, or New game's own
    fields ``player_0``… (its form sent here without JavaScript), blank ones left out."""
    names = request.args.getlist("player")
    if not names:
        names = [request.args.get(f"player_{seat}", "") for seat in range(MAX_SEATS)]
    names = [nfc(name.strip()) for name in names if name.strip()]
    for name in names:
        if len(name) > MAX_NAME_LENGTH:
            raise BadQuery(
                _("a name has at most %(most)d characters", most=MAX_NAME_LENGTH), "player"
            )
    if len(names) > MAX_SEATS:
        raise BadQuery(_("give at most %(most)d names", most=MAX_SEATS), "player")
    if len(set(names)) != len(names):
        raise BadQuery(_("choose each player once"), "player")
    return names


def chances(group_id: int, kind: str, names: Sequence[str]) -> dict[str, Any]:
    """Each side's chance to win for the seating ``names`` and, in a partnership game,
    the fairest partnerships of the names. Raises BadQuery (``player``) for a number of
    names the game cannot seat."""
    database = db.get_db()
    try:
        predicted = db.predict_win(database, group_id, kind, names)
        fairest = (
            db.fairest_partnerships(database, group_id, kind, names)
            if has_partners(kind, len(names))
            else None
        )
    except EngineError as exc:
        raise BadQuery(exc.message, "player") from None
    rated = {row.player for row in db.ratings_table(database, group_id, kind)}
    if not rated & set(names):  # nobody at the table has a history: no made-up 50%
        return {"game": kind, "seating": list(names), "sides": [], "fairest": None}
    game = get_game(kind).seated(len(names))
    sides = [[names[seat] for seat in side] for side in game.sides]
    return {
        "game": kind,
        "seating": list(names),
        "sides": [
            {"players": side, "chance": chance, "shown": percent(chance)}
            for side, chance in zip(sides, predicted, strict=True)
        ],
        "fairest": None
        if fairest is None
        else {
            "seating": list(fairest.seating),
            "sides": [
                {"players": list(side), "chance": chance, "shown": percent(chance)}
                for side, chance in zip(fairest.sides, fairest.chances, strict=True)
            ],
        },
    }


@light
@bp.get("/groups/<int:group_id>/ratings")
def ratings(group_id: int):
    """The group's ratings in one game kind (``?game=<key>``; none: the first kind it has
    ratings in), best first. With names (``player`` repeated, or New game's fields), each
    side's chances for that seating too. For members only."""
    group = group_or_404(group_id)
    database = db.get_db()
    kinds = db.rated_kinds(database, group.id, tuple(GAMES))
    problem: BadQuery | None = None
    key = kinds[0] if kinds else DEFAULT_GAME
    seating = None
    try:
        key = game_param("game") or key
        names = seating_param()
        if names:
            seating = chances(group.id, key, names)
    except BadQuery as exc:
        problem = exc
    rated = rated_kind(group.id, key)  # its presets read once, for the heading and sentences
    rows = rating_lines(database, group.id, key)
    return render_template(
        "ratings.html",
        group=group,
        key=key,
        kind=translate(rated),
        rated=rated,
        kinds=[(k, rated_kind_name(group.id, k)) for k in kinds],
        rows=rows is not None,
        rows_html=rows,
        problem=problem,
        seating=seating,
        provisional_under=PROVISIONAL_UNDER,
        trend_games=TREND_GAMES,
    ), (400 if problem else 200)


# The ratings page's lines drawn (``_ratings_rows.html``), by database file, group, game
# kind, the group's state (``db.group_state``: its count of games and sum of versions,
# which any write to it changes), the page's language and the app's root (issue 82): a
# club's page has hundreds of lines, drawn once a state of the group, not on every view.
RATING_LINES = Lru(64)


def rating_lines(database, group_id: int, key: str) -> Markup | None:
    """The group's lines of the ratings in ``key`` as the page draws them (None: nobody
    is rated in it), kept for the group's state. The group's pending games are rated
    first (``db.rated_kinds``, which the page reads before)."""
    which = (
        db.database_path(database),
        group_id,
        key,
        db.group_state(database, group_id),  # read first: what follows is at least as new
        current_language(),
        request.script_root,
    )
    found = RATING_LINES.get(which)
    if found is None:
        table = db.ratings_table(database, group_id, key)
        draw = current_app.jinja_env.get_template("_ratings_rows.html").module.rating_rows
        found = (Markup(draw(ratings_rows(table, group_id))) if table else None,)
        RATING_LINES.put(which, found)
    return found[0]


def rated_kind_name(group_id: int, key: str) -> str:
    """The name of the ratings in the game ``key`` in the page's language (``rated_kind``)."""
    return translate(rated_kind(group_id, key))


def rated_kind(group_id: int, key: str) -> Any:
    """The name of the ratings in the game ``key`` as the engine says it (a Message): the
    name of what the group played, its preset's where every rated game of it started from
    one preset that names it (Hearts), else the game's; for a sentence to put it in its
    place ("Ratings in %(game)s": the template's ``game_at``)."""
    game = get_game(key)
    presets = db.rated_presets(db.get_db(), group_id, key) if key in GAMES else []
    if len(presets) == 1 and presets[0] in game.preset_titles:
        return title_of(game, presets[0])
    return game.name


@light
@bp.get("/groups/<int:group_id>/ratings/chances")
def ratings_chances(group_id: int):
    """JSON for New game's script: each side's chance to win for the seating given
    (``?game=<key>&player=…`` a name per seat) and, in a partnership game, the fairest
    partnerships of the names. For members only; never cached."""
    group = group_or_404(group_id)
    try:
        if not request.args.get("game", "").strip():
            raise BadQuery(_("name the game: ?game=<key>"), "game")
        key = game_param("game")
        names = seating_param()
        answer = chances(group.id, key, names)
        status = 200
    except BadQuery as exc:
        answer = {"error": exc.message, "field": exc.field}
        status = 400
    response = jsonify(answer)
    response.status_code = status
    response.headers["Cache-Control"] = PRIVATE
    return response
