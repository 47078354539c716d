"""A club night's pages (issue 45), for a group's members: start a night (the game, its
rules, the players present, the series and the deals), the draw of each series (each
table with its players and a link and QR code to its game; printable), the next series
(drawn again, with late arrivals and leavers), and the standings, live, for a projector
and for a phone.

Who may see it is the group's business (``access.group_or_404``: a stranger or a
removed member gets 404, as on every group page); who may draw is the organiser, the
membership that started the night. Each table is an ordinary game of the group: its
phones record it through its own edit link, offline as any game.
"""

from __future__ import annotations

import secrets
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
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from itsdangerous import BadSignature, URLSafeTimedSerializer

from ... import db
from ...db import club as stored
from ...db import phones
from ...engine.club import (
    SCORINGS,
    TOURNAMENT_RULES,
    Draw,
    NightRules,
    TableList,
    draw_series,
    length_knob,
    night_rules,
    pairs_met,
    standings,
)
from ...engine.core.display import total
from ...engine.core.errors import EngineError
from ...engine.core.messages import msg
from ...engine.core.numbers import whole_or_none
from ...limits import CLUB_MAX_DISPUTES_PER_TABLE, CLUB_MAX_PLAYERS
from ...lru import Lru
from ...names import MAX_NAME_LENGTH, FieldProblem, clean_name
from ...problems import Problem
from ..access import (
    can_edit,
    game_or_404,
    group_or_404,
    holds_replaced_key,
    membership,
    remember_key,
    remembered_key,
    renew_session,
    require_edit,
)
from ..forms import ConfirmForm, preset_label
from ..games.scoreboard import describe
from ..i18n import translate
from ..links import edit_url, public_root, qr_markup, view_url
from ..responses import PRIVATE
from ..service import game_of, offered_game, offered_games, refuse_look_alikes_in_group
from ..throttle import allow
from ..weight import heavy, light

bp = Blueprint("club", __name__)

MOST_PLAYERS = CLUB_MAX_PLAYERS
"""Players a night may have: 60 tables of four."""

STANDINGS_REFRESH = 20
"""Seconds between the standings page's reloads (the ``Refresh`` header: no script)."""
PROJECTOR_ROWS = 8
"""Lines of the standings a projector or a TV shows at a time: 8 fit a 1280 × 720 screen
in type read from across the room, with the headings."""
PROJECTOR_SECONDS = 10
"""Seconds a projector's page of the standings stays before the next."""

TIE_RULE = msg(
    "Players level on points are ranked by their best single series; level on that too, "
    "they share the place."
)
PLACING_RULE = msg(
    "Places at a table: at a table of n players the first scores n points, the second "
    "n − 1, and so on; players level at a table share the better place."
)
DRAW_RULES = (
    msg(
        "Tables are as near the tournament's size as the players present allow, the larger "
        "first, within the seats the game has."
    ),
    msg(
        "Of many random draws, the one with the fewest table-mates who already sat "
        "together is kept."
    ),
    msg(
        "When the players present cannot all be seated, the fewest possible sit out: "
        "those who have sat out least, then by lot."
    ),
)


class NightRefused(Problem):
    """A request the night refuses: ``field`` and the message, in the table's words."""


def night_or_404(group_id: int, night_id: int, whole: bool = True) -> tuple[db.Group, stored.Night]:
    found = group_or_404(group_id)
    night = stored.load_night(db.get_db(), night_id, found.id, whole)
    if night is None:
        abort(404, _("There is nothing at this address. Check the link."))
    return found, night


def _organiser(night: stored.Night) -> bool:
    mine = membership(night.group_id)
    return mine is not None and mine.id == night.organiser_id


def _organiser_or_403(night: stored.Night) -> None:
    if not _organiser(night):
        abort(
            403,
            _("Only the organiser, the phone that started this club night, may draw its tables."),
        )


def read_players(checked: list[str], guests: str) -> list[str]:
    """The players present: the names ticked and the guests typed one to a line, each
    cleaned. Raises NightRefused naming ``players`` for a name too long, a name given twice
    (a player sits at one table only) or too many."""
    names: list[str] = []
    seen: dict[str, str] = {}
    for raw in [*checked, *guests.splitlines()]:
        name = clean_name(raw)
        if not name:
            continue
        if len(name) > MAX_NAME_LENGTH:
            raise NightRefused(
                _(
                    "%(name)s is too long: names are at most %(limit)d characters.",
                    name=name[:MAX_NAME_LENGTH] + "…",
                    limit=MAX_NAME_LENGTH,
                ),
                "players",
            )
        if name.casefold() in seen:
            raise NightRefused(
                _(
                    "%(name)s is named twice: a player sits at one table only.",
                    name=name,
                ),
                "players",
            )
        seen[name.casefold()] = name
        names.append(name)
    if len(names) > MOST_PLAYERS:
        raise NightRefused(_("A night has at most %(most)d players.", most=MOST_PLAYERS), "players")
    try:
        refuse_look_alikes_in_group(names, "players")  # "Аnn" with a Cyrillic А, beside Ann
    except FieldProblem as exc:
        raise NightRefused(translate(exc.message), exc.field) from None
    return names


def draw_next(
    rules: NightRules, night: stored.Night | None, present: list[str], seed: str
) -> tuple[Draw, dict[int, Any]]:
    """The next series' draw for ``present`` and each table size's settings, each table
    counted as a game this client starts (``throttle.allow``); raises NightRefused naming
    the field, or TooMany naming the limit, before anything is stored."""
    series = night.series + 1 if night else 1
    games = stored.table_games(db.get_db(), night) if night else {}
    met = pairs_met(games[t.game_id].players for t in night.tables) if night else None
    sat_out: dict[str, int] = {}
    for names in night.sitting_out.values() if night else ():
        for name in names:
            sat_out[name] = sat_out.get(name, 0) + 1
    try:
        drawn = draw_series(rules.kind, present, seed, series, met, sat_out)
        settings = {len(t): rules.table_settings(len(t)) for t in drawn.tables}
    except EngineError as exc:
        raise NightRefused(translate(exc.message), exc.field or "players") from None
    allow("game", len(drawn.tables))
    return drawn, settings


def store_draw(
    night_id: int, group_id: int, drawn: Draw, settings: dict[int, Any], keep_keys: bool = True
) -> list[tuple[int, str]]:
    """Stores the series drawn; returns each table's (game id, edit key). With
    ``keep_keys`` this phone (the organiser's) keeps every table's edit key, to show its
    QR code to the table. Raises NightRefused when another tap drew the series first."""
    night = stored.load_night(db.get_db(), night_id, group_id)
    assert night is not None
    try:
        made = stored.store_series(db.get_db(), night, drawn, settings)
    except stored.SeriesTaken:
        raise NightRefused(
            _("This series was drawn already, on another tap. Here it is."), "series"
        ) from None
    if keep_keys:
        for game_id, key in made:
            remember_key(game_id, key)
    return made


def _create_values() -> dict[str, Any]:
    form = request.form if request.method == "POST" else request.args
    return {
        "game": form.get("game") or "skat",
        "rules": form.get("rules"),
        "series": form.get("series", "2"),
        "deals_per_player": form.get("deals_per_player"),
        "target": form.get("target", ""),
        "scoring": form.get("scoring", "points"),
        "checked": form.getlist("player"),
        "guests": form.get("guests", ""),
    }


@heavy("POST")
@bp.route("/groups/<int:group_id>/club", methods=["GET", "POST"])
def start(group_id: int):
    """The group's club nights and a new one: GET the form (``?game=`` chooses the game,
    whose rules and defaults it then shows); POST starts the night and draws its first
    series, or shows the form again with what is wrong, naming the field."""
    found = group_or_404(group_id)
    values = _create_values()
    offered = dict(offered_games())
    if values["game"] not in offered:
        values["game"] = "skat"
    kind = offered_game(values["game"])
    form = ConfirmForm()
    problems: dict[str, Any] = {}
    if request.method == "POST" and form.validate_on_submit() and request.form.get("draw"):
        try:
            night_id = _start_night(found, values)
        except NightRefused as exc:
            problems[exc.field] = exc.message
        else:
            flash(_("The tables of series %(number)d are drawn.", number=1), "saved")
            return redirect(url_for("club.night", group_id=found.id, night_id=night_id))
    elif request.method == "POST" and not form.validate_on_submit():
        abort(400, _("This request did not come from this site's own page."))
    tournament = TOURNAMENT_RULES.get(kind.key)
    if values["rules"] not in kind.presets:
        values["rules"] = tournament.preset if tournament else next(iter(kind.presets))
    if values["deals_per_player"] is None:
        values["deals_per_player"] = str(tournament.deals_per_player if tournament else 0)
    members = [
        m.label
        for m in phones.group_members(db.get_db(), found.id)
        if m.label and m.left_at is None
    ]
    known = sorted({*members, *db.player_names(db.get_db(), found.id)}, key=str.casefold)[:60]
    page = render_template(
        "club_start.html",
        group=found,
        form=form,
        values=values,
        games=offered,
        kind=kind,
        presets=[(name, preset_label(kind, name)) for name in kind.presets],
        has_target="target" in kind.presets[values["rules"]].to_dict(),
        has_length=length_knob(kind) is not None,
        tournament=tournament,
        scorings=SCORINGS,
        known=known,
        problems=problems,
        nights=stored.group_nights(db.get_db(), found.id),
        game_names=offered,
    )
    return page, 400 if problems else 200


def _start_night(found: db.Group, values: dict[str, Any]) -> int:
    try:
        rules = night_rules(
            values["game"],
            values["rules"] or None,
            values["series"],
            values["deals_per_player"],
            values["scoring"],
            values["target"],
        )
    except EngineError as exc:
        raise NightRefused(translate(exc.message), exc.field or "game") from None
    present = read_players(values["checked"], values["guests"])
    mine = membership(found.id)
    return open_night(found.id, rules, present, mine.id if mine else None)[0]


def open_night(
    group_id: int,
    rules: NightRules,
    present: list[str],
    organiser_id: int | None,
    keep_keys: bool = True,
) -> tuple[int, list[tuple[int, str]]]:
    """Starts a night in the group and draws its first series (checked before anything is
    stored); returns its id and each table's (game id, edit key). Raises NightRefused."""
    seed = secrets.token_hex(8)
    drawn, settings = draw_next(rules, None, present, seed)
    night_id = stored.create_night(db.get_db(), group_id, rules, present, seed, organiser_id)
    return night_id, store_draw(night_id, group_id, drawn, settings, keep_keys)


def _table_rows(
    night: stored.Night, series: int, games: dict[int, db.StoredGame]
) -> list[dict[str, Any]]:
    organiser = _organiser(night)
    rows = []
    tables = night.tables_of(series)
    signed = stored.confirmations(db.get_db(), [table.id for table in tables])
    for table in tables:
        game = games[table.game_id]
        key = remembered_key(game.id) if organiser else None
        link = edit_url(game.id, key) if key else view_url(game)
        rows.append(
            {
                "number": table.number,
                "game": game,
                "players": game.players,
                "hands": game.hand_count,
                "finished": game.status == "finished",
                "deals": night.rules.deals(len(game.players)),
                "qr": qr_markup(link, _("QR code of table %(number)d's game", number=table.number)),
                "edit": bool(key),
                "signed": sum(v == game.version for v in signed[table.id].values()),
            }
        )
    return rows


def _unfinished(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [row for row in rows if not row["finished"]]


@light
@bp.get("/groups/<int:group_id>/club/<int:night_id>")
def night(group_id: int, night_id: int):
    """The draw of the night's latest series (``?series=N``: an earlier one): each table
    with its players, a link and QR code to its game, who sits out; and for the organiser
    the next series' form."""
    found, night = night_or_404(group_id, night_id)
    asked = request.args.get("series")
    series = whole_or_none(asked, low=1, high=night.series) if asked else night.series
    if series is None or not 1 <= series <= night.series:
        abort(404, _("There is nothing at this address. Check the link."))
    games = stored.table_games(db.get_db(), night)
    rows = _table_rows(night, series, games)
    return _night_response(
        found, night, series, rows, games, ConfirmForm(), "\n".join(night.present())
    )


def _night_response(
    found: db.Group,
    night: stored.Night,
    series: int,
    rows: list[dict[str, Any]],
    games: dict[int, db.StoredGame],
    form: ConfirmForm,
    present: str,
    problem: str | None = None,
    status: int = 200,
    asking: list[str] | None = None,
) -> Response:
    """The night's page: the draw of ``series``, its disputes, and for the organiser the
    next series' form (with ``problem`` said, or ``asking``: what is still open, before
    a draw that cannot be undone)."""
    disputes = _disputes(night, games)
    response = Response(
        render_template(
            "club_night.html",
            group=found,
            night=night,
            series=series,
            rows=rows,
            sitting_out=night.sitting_out.get(series, ()),
            organiser=_organiser(night),
            unfinished=_unfinished(rows),
            form=form,
            present=present,
            rules=DRAW_RULES,
            kind=translate(night.rules.kind.name),
            problem=problem,
            disputes=[d for d in disputes if d["dispute"].resolved_at is None],
            settled=[d for d in disputes if d["dispute"].resolved_at is not None],
            asking=asking,
        ),
        status=status,
    )
    response.headers["Cache-Control"] = PRIVATE  # the organiser's page carries edit links
    return response


@heavy
@bp.post("/groups/<int:group_id>/club/<int:night_id>/next")
def next_series(group_id: int, night_id: int):
    """The organiser draws the next series for the players present now (late arrivals
    added, leavers taken out): refused, with nothing changed, while a table of this
    series is still playing, past the night's last series, or for a name given twice."""
    found, night = night_or_404(group_id, night_id)
    _organiser_or_403(night)
    form = ConfirmForm()
    if not form.validate_on_submit():
        abort(400, _("This request did not come from this site's own page."))
    games = stored.table_games(db.get_db(), night)
    rows = _table_rows(night, night.series, games)
    try:
        check_next(night, games)
        present = read_players([], request.form.get("present", ""))
        if request.form.get("confirmed") != "1":
            # Drawing cannot be undone: the organiser is shown what is still open first.
            return _night_response(
                found,
                night,
                night.series,
                rows,
                games,
                form,
                request.form.get("present", ""),
                asking=open_matters(night, games, night.series),
            )
        drawn, settings = draw_next(night.rules, night, present, night.seed)
        store_draw(night.id, found.id, drawn, settings)
    except NightRefused as exc:
        return _night_response(
            found,
            night,
            night.series,
            rows,
            games,
            form,
            request.form.get("present", ""),
            problem=exc.message,
            status=409 if exc.field == "series" else 400,
        )
    flash(_("The tables of series %(number)d are drawn.", number=night.series + 1), "saved")
    return redirect(url_for("club.night", group_id=found.id, night_id=night.id))


def check_next(night: stored.Night, games: dict[int, db.StoredGame]) -> None:
    """Raises NightRefused (field ``series``) past the night's last series, or while a table
    of the current series is still playing, naming the table and its players."""
    if night.series >= night.rules.series:
        raise NightRefused(
            _("This night has %(num)d series, and all of them are drawn.", num=night.rules.series),
            "series",
        )
    for table in night.tables_of(night.series):
        game = games[table.game_id]
        if game.status != "finished":
            raise NightRefused(
                _(
                    "Table %(number)d (%(players)s) is still playing: a series ends when "
                    "every table has finished its list.",
                    number=table.number,
                    players=", ".join(game.players),
                ),
                "series",
            )


def _disputes(night: stored.Night, games: dict[int, db.StoredGame]) -> list[dict[str, Any]]:
    """The night's disputes, open and settled, each with its table and game."""
    tables = {table.id: table for table in night.tables}
    return [
        {
            "dispute": found,
            "table": tables[found.table_id],
            "game": games[tables[found.table_id].game_id],
        }
        for found in stored.disputes(db.get_db(), night.id)
    ]


def night_over(night: stored.Night, games: dict[int, db.StoredGame]) -> bool:
    """Whether the night's standings are final: its last series drawn and every table of
    it finished."""
    return night.series >= night.rules.series and all(
        games[table.game_id].status == "finished" for table in night.tables_of(night.series)
    )


def series_playing(night: stored.Night, games: dict[int, db.StoredGame]) -> bool:
    """Whether a table of the night's latest series is still playing: its standings are
    then the standings during that series, not after it."""
    return any(games[table.game_id].status != "finished" for table in night.tables_of(night.series))


def open_matters(
    night: stored.Night,
    games: dict[int, db.StoredGame],
    series: int | None = None,
    counted: bool = False,
) -> list[str]:
    """What is still open on the night's lists (of ``series`` alone, or of every series):
    each disputed hand not settled, and each finished table's list its players have not
    all signed, naming who has not, in the page's language; ``counted``: how many of
    each, in one line (the printed ranking keeps to its one page)."""
    tables = [t for t in night.tables if series is None or t.series == series]
    numbered = {table.id: table for table in tables}
    disputed = [
        (numbered[found.table_id], found)
        for found in stored.disputes(db.get_db(), night.id)
        if found.resolved_at is None and found.table_id in numbered
    ]
    signed = stored.confirmations(db.get_db(), list(numbered))
    unsigned = []
    for table in tables:
        game = games[table.game_id]
        if game.status == "finished":
            missing = [n for n in game.players if signed[table.id].get(n) != game.version]
            if missing:
                unsigned.append((table, game, missing))
    if counted:
        if not disputed and not unsigned:
            return []
        return [
            ngettext(
                "%(num)d disputed hand not settled",
                "%(num)d disputed hands not settled",
                len(disputed),
            )
            + " · "
            + ngettext(
                "%(num)d finished list not signed by every player",
                "%(num)d finished lists not signed by every player",
                len(unsigned),
            )
        ]
    return [
        _(
            "Table %(number)d (series %(series)d): hand %(hand)d, disputed by %(name)s, "
            "is not settled.",
            number=table.number,
            series=table.series,
            hand=found.hand_number,
            name=found.name,
        )
        for table, found in disputed
    ] + [
        _(
            "Table %(number)d (series %(series)d): its list is signed by %(signed)d of "
            "%(players)d; not by %(names)s.",
            number=table.number,
            series=table.series,
            signed=len(game.players) - len(missing),
            players=len(game.players),
            names=", ".join(missing),
        )
        for table, game, missing in unsigned
    ]


SETTLED_HOW = {
    "corrected": msg("Corrected on the table's game"),
    "kept": msg("Kept as recorded"),
}
"""How a disputed hand is settled, as the organiser's page says it."""


@light
@bp.route(
    "/groups/<int:group_id>/club/<int:night_id>/disputes/<int:dispute_id>/settle",
    methods=["GET", "POST"],
)
def settle(group_id: int, night_id: int, dispute_id: int):
    """The organiser settles a disputed hand: GET asks (which hand, who disputed it and
    why, a link to the table's game to correct it), POST records how it was settled
    (corrected on the game, or kept as recorded) and keeps it on the night's page under
    what is settled. Nothing is settled without saying how. The page says the hand as the
    table's game has it."""
    found, night = night_or_404(group_id, night_id)
    _organiser_or_403(night)
    games = stored.table_games(db.get_db(), night)
    chosen = next(
        (d for d in _disputes(night, games) if d["dispute"].id == dispute_id),
        None,
    )
    if chosen is None:
        abort(404, _("There is nothing at this address. Check the link."))
    if chosen["dispute"].resolved_at is not None:
        abort(409, _("This dispute is settled already."))
    form = ConfirmForm()
    problem, status = None, 200
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, _("This request did not come from this site's own page."))
        outcome = request.form.get("outcome", "")
        if outcome not in SETTLED_HOW:
            problem, status = (
                _("How was it settled: choose whether the hand was corrected or kept."),
                400,
            )
        elif not stored.resolve(db.get_db(), night.id, dispute_id, outcome):
            abort(409, _("This dispute is settled already."))
        else:
            flash(
                _(
                    "Table %(number)d, hand %(hand)d: %(how)s.",
                    number=chosen["table"].number,
                    hand=chosen["dispute"].hand_number,
                    how=translate(SETTLED_HOW[outcome]),
                ),
                "saved",
            )
            return redirect(url_for("club.night", group_id=found.id, night_id=night.id))
    game, number = chosen["game"], chosen["dispute"].hand_number
    hand = db.load_hand(db.get_db(), game.id, number)
    response = Response(
        render_template(
            "club_settle.html",
            group=found,
            night=night,
            chosen=chosen,
            # The hand as the table's game has it now, for the organiser to weigh.
            recorded=hand
            and describe(
                game_of(game), hand.record.to_dict(), game.names_at(number), game.settings
            ),
            form=form,
            problem=problem,
            outcomes=[(key, translate(words)) for key, words in SETTLED_HOW.items()],
        ),
        status=status,
    )
    response.headers["Cache-Control"] = PRIVATE
    return response


MAX_NOTE_LENGTH = 200


@bp.app_template_global("club_table")
def club_table(game_id: int) -> stored.TableOfGame | None:
    """The club night's table the game is (its night, series and number), or None: its
    scoreboard then says so and leads to the signing page at the end of the series."""
    return stored.table_of_game(db.get_db(), game_id)


def _signers(game: db.StoredGame, place: stored.TableOfGame) -> tuple[str, ...] | None:
    """Whom this phone may sign (and dispute) for at the table: every player on a phone
    holding the table's edit key (the players sign in turn on it); on a member's own
    phone, the player of the table who bears the member's name in the group. None when
    this phone may do neither (403, said)."""
    if can_edit(game):
        return tuple(game.players)
    mine = membership(place.group_id)
    if mine is None or holds_replaced_key(game):
        return None
    label = clean_name(mine.label or "")
    return (label,) if label in game.players else ()


@bp.app_template_global("club_signs_here")
def club_signs_here(game: db.StoredGame, place: stored.TableOfGame) -> bool:
    """Whether this phone signs the table's list (the phone that records the table, or a
    member's own phone bearing one of its players' names): at the end of the series its
    scoreboard's first step is then signing."""
    return bool(_signers(game, place))


NOT_A_PLAYER = msg(
    "This phone's name in the group is none of this table's players: they sign on their "
    "own phones, or on the phone that records the table."
)


@light
@bp.route("/games/<int:game_id>/club", methods=["GET", "POST"])
def sign(game_id: int):
    """A club table's list, signed by its players at the end of the series, each on their
    own phone (a member of the group whose name in it is the player's) or in turn on a
    phone that records the table, and a hand one of them disputes, for the organiser.
    Signing asks first, names the list signed, and can be taken back until the next
    series is drawn. A phone of neither kind gets 404 or 403 (as every game's editing
    views), and a game of no club night 409."""
    game = game_or_404(game_id)
    place = stored.table_of_game(db.get_db(), game.id)
    if place is None:
        require_edit(game)
        # The phone may record the game, which is no club night's table: said, not hidden.
        abort(409, _("This game is not a table of a club night: it has no list to sign."))
    signers = _signers(game, place)
    if signers is None:
        require_edit(game)
    assert signers is not None
    night = stored.load_night(db.get_db(), place.night_id, place.group_id)
    assert night is not None
    form = ConfirmForm()
    problem, status, asking = None, 200, None
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, _("This request did not come from this site's own page."))
        if not signers:
            abort(403, translate(NOT_A_PLAYER))
        try:
            said = _sign_or_dispute(game, place, night, signers)
        except NightRefused as exc:
            problem, status = exc.message, 409 if exc.field == "state" else 400
        else:
            if said is None:
                asking = clean_name(request.form.get("name", ""))
            else:
                flash(said, "saved")
                return redirect(url_for("club.sign", game_id=game.id))
    return _sign_page(game, place, night, signers, form, problem, status, asking)


def _sign_page(
    game: db.StoredGame,
    place: stored.TableOfGame,
    night: stored.Night,
    signers: tuple[str, ...],
    form: ConfirmForm,
    problem: str | None,
    status: int,
    asking: str | None,
) -> Response:
    signed = stored.confirmations(db.get_db(), [place.table.id])[place.table.id]
    changed = stored.hands_changed_since(db.get_db(), place.table.id)
    disputes = [d for d in stored.disputes(db.get_db(), night.id) if d.table_id == place.table.id]
    response = Response(
        render_template(
            "club_sign.html",
            game=game,
            night=night,
            number=place.table.number,
            series=place.table.series,
            players=[
                (name, total(points), signed.get(name), changed.get(name, ()))
                for name, points in zip(game.players, game.totals, strict=True)
            ],
            signers=signers,
            finished=game.status == "finished",
            open_series=place.table.series == night.series,
            deals=night.rules.deals(len(game.players)),
            form=form,
            problem=problem,
            asking=asking,
            note_length=MAX_NOTE_LENGTH,
            disputes=disputes,
            settled_how={key: translate(words) for key, words in SETTLED_HOW.items()},
        ),
        status=status,
    )
    response.headers["Cache-Control"] = PRIVATE
    return response


def _sign_or_dispute(
    game: db.StoredGame,
    place: stored.TableOfGame,
    night: stored.Night,
    signers: tuple[str, ...],
) -> str | None:
    """Stores a signature, a signature taken back, or a dispute from the posted form, and
    returns what to say; None when a signature is asked for and not yet confirmed (the
    page then asks). Raises NightRefused naming the player and the rule, with nothing
    stored."""
    number = place.table.number
    name = clean_name(request.form.get("name", ""))
    if name not in game.players:
        raise NightRefused(
            _(
                "%(name)s does not sit at table %(number)d: its players are %(players)s.",
                name=name or "?",
                number=number,
                players=", ".join(game.players),
            ),
            "name",
        )
    if name not in signers:
        raise NightRefused(
            _(
                "This phone signs for %(names)s only: %(name)s signs on their own phone, "
                "or on the phone that records the table.",
                names=", ".join(signers) or "?",
                name=name,
            ),
            "name",
        )
    action = request.form.get("action")
    if action == "dispute":
        given = request.form.get("hand", "").strip()
        hand = whole_or_none(given, low=1, high=game.hand_count)
        if hand is None:
            raise NightRefused(
                _(
                    "The hand disputed must be a hand of this list, 1 to %(count)d, not %(value)s.",
                    count=game.hand_count,
                    value=given[:10] or "?",
                ),
                "hand",
            )
        note = clean_name(request.form.get("note", "")) or None
        if note and len(note) > MAX_NOTE_LENGTH:
            raise NightRefused(
                _("The note is at most %(limit)d characters.", limit=MAX_NOTE_LENGTH), "note"
            )
        try:
            stored.dispute(db.get_db(), place.table.id, hand, name, note)
        except stored.TooManyDisputes:
            raise NightRefused(
                _(
                    "A table's list has at most %(most)d disputed hands; the organiser "
                    "settles them.",
                    most=CLUB_MAX_DISPUTES_PER_TABLE,
                ),
                "hand",
            ) from None
        return _(
            "%(name)s disputes hand %(hand)d: the organiser will look at it.",
            name=name,
            hand=hand,
        )
    if action == "unsign":
        if place.table.series != night.series:
            raise NightRefused(
                _(
                    "The next series is drawn: the signatures of series %(series)d stay.",
                    series=place.table.series,
                ),
                "state",
            )
        if not stored.unconfirm(db.get_db(), place.table.id, name):
            raise NightRefused(_("%(name)s has not signed this list.", name=name), "state")
        return _("%(name)s's signature is taken back.", name=name)
    if game.status != "finished":
        raise NightRefused(
            _(
                "Table %(number)d's list is not finished yet: its players sign it at the "
                "end of the series.",
                number=number,
            ),
            "state",
        )
    if request.form.get("sure") != "1":
        return None
    if not stored.confirm(db.get_db(), place.table.id, name, game.version):
        raise NightRefused(_("%(name)s has signed this list already.", name=name), "state")
    return _("%(name)s has signed table %(number)d's list.", name=name, number=number)


STANDINGS_KEPT = 64
"""Nights whose standings this process keeps, the latest read first out last."""
_standings = Lru(STANDINGS_KEPT)


def night_standings(night: stored.Night) -> list[Any]:
    """The night's standings from its tables' lists as they stand: worked out once for
    each state of its tables (``stored.tables_versions``, one short read, as the page
    cache keys a scoreboard by its game's version) and kept, so that the projector and
    every phone reading them while the tables save cost a read, not the whole sum."""
    database = db.get_db()
    key = (
        current_app.config["DATABASE"],
        night.id,
        night.rules.scoring,
        night.rules.lowest_wins(),
        stored.tables_versions(database, night.id),
    )
    kept = _standings.get(key)
    if kept is not None:
        return kept
    lists = stored.table_totals(database, night.id)
    found = standings(
        [
            TableList(
                table.series,
                table.number,
                lists[table.game_id].players,
                lists[table.game_id].totals,
                lists[table.game_id].hands,
                lists[table.game_id].sat,
            )
            for table in night.tables
        ],
        night.rules.scoring,
        night.rules.lowest_wins(),
    )
    _standings.put(key, found)
    return found


@light
@bp.get("/groups/<int:group_id>/club/<int:night_id>/standings")
def standings_page(group_id: int, night_id: int):
    """The standings across every table, reloading itself every ``STANDINGS_REFRESH``
    seconds: ``?projector=1`` in large type for a projector or a TV, else narrow for a
    phone."""
    found, night = night_or_404(group_id, night_id, whole=False)
    lines = night_standings(night)
    projector = request.args.get("projector") == "1"
    series = list(range(1, night.series + 1))
    games = stored.table_games(db.get_db(), night)
    refresh, page, pages = str(STANDINGS_REFRESH), 1, 1
    if projector:
        # A screen across the room shows PROJECTOR_ROWS lines at a time, and turns its
        # pages by itself (the Refresh header names the next one: no script).
        pages = max(1, -(-len(lines) // PROJECTOR_ROWS))
        asked = request.args.get("page")
        page = (whole_or_none(asked, low=1, high=pages) if asked else None) or 1
        following = url_for(
            "club.standings_page",
            group_id=found.id,
            night_id=night.id,
            projector=1,
            page=page % pages + 1,
        )
        refresh = f"{PROJECTOR_SECONDS}; url={following}"
        lines = lines[(page - 1) * PROJECTOR_ROWS : page * PROJECTOR_ROWS]
    response = Response(
        render_template(
            "club_standings.html",
            group=found,
            night=night,
            lines=lines,
            series=series,
            final=night_over(night, games),
            playing=series_playing(night, games),
            still_open=open_matters(night, games, counted=projector),
            projector=projector,
            page=page,
            pages=pages,
            tie_rule=translate(TIE_RULE),
            placing_rule=translate(PLACING_RULE) if night.rules.scoring == "placing" else None,
            kind=translate(night.rules.kind.name),
            refresh=PROJECTOR_SECONDS if projector else STANDINGS_REFRESH,
            total=total,
        )
    )
    response.headers["Refresh"] = refresh
    response.headers["Cache-Control"] = PRIVATE
    return response


# --- a night started through the API, taken over by an organiser's phone ---------------------

ORGANISER_LINK_DAYS = 7
"""How long the link that hands a night to an organiser's phone stays good."""


def _organiser_signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="club-organiser")


def organiser_url(night: stored.Night) -> str | None:
    """The link a member opens to organise a night that has no organiser's phone (started
    or imported through the API): signed with the app's secret for this group's night,
    good for ``ORGANISER_LINK_DAYS`` days and only until the night has an organiser, so it
    is used once. None for a night that has one."""
    if night.organiser_id is not None:
        return None
    token = _organiser_signer().dumps([night.group_id, night.id])
    path = url_for("club.organise", group_id=night.group_id, night_id=night.id, token=token)
    return public_root() + path.lstrip("/")


@light
@bp.route("/groups/<int:group_id>/club/<int:night_id>/organise/<token>", methods=["GET", "POST"])
def organise(group_id: int, night_id: int, token: str):
    """A member's phone takes over a night started through the API: GET asks (a link
    previewer changes nothing), POST makes this membership its organiser (who draws its
    next series and settles disputes). A stranger or a removed member gets 404, as on
    every group page; a link of another night, tampered with or too old, 404; a link used
    already (the night has an organiser), 409."""
    found, night = night_or_404(group_id, night_id)
    try:
        signed = _organiser_signer().loads(token, max_age=ORGANISER_LINK_DAYS * 86_400)
    except BadSignature:
        abort(404, _("There is nothing at this address. Check the link."))
    if signed != [found.id, night.id]:
        abort(404, _("There is nothing at this address. Check the link."))
    if _organiser(night):
        return redirect(url_for("club.night", group_id=found.id, night_id=night.id))
    taken = _("This club night has an organiser already: its link was used, and works once.")
    if night.organiser_id is not None:
        abort(409, taken)
    form = ConfirmForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            abort(400, _("This request did not come from this site's own page."))
        mine = membership(found.id)
        assert mine is not None  # night_or_404 let a member through only
        renew_session()  # a right gained: a cookie planted beforehand organises nothing
        if not stored.take_over(db.get_db(), night.id, mine.id):
            abort(409, taken)
        flash(_("This phone organises the night now: it draws the next series."), "saved")
        return redirect(url_for("club.night", group_id=found.id, night_id=night.id))
    page = render_template(
        "club_organise.html",
        group=found,
        night=night,
        kind=translate(night.rules.kind.name),
        form=form,
    )
    response = Response(page)
    response.headers["Cache-Control"] = PRIVATE
    return response


__all__ = [
    "TIE_RULE",
    "NightRefused",
    "bp",
    "check_next",
    "draw_next",
    "night_over",
    "night_standings",
    "open_matters",
    "open_night",
    "organiser_url",
    "read_players",
    "store_draw",
]
