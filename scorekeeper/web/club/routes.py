"""A club night's pages (issue 45): start a night (the game and its rules, its name, the
series and the deals, who is here), the night's page (each series' tables with their
players and phones, this member's own table with "record this table" and the lists they
are to sign again, the disputes, who organises it and the log of its roles; for an
organiser the next series' form, the new tables' sizes said before the draw), and the
standings, live, for a phone and for a projector.

Who may see it is the group's business (``service.night_or_404``: a stranger or a removed
member gets 404, as on every group page); who may draw is whoever organises the night
(``roles``: its organiser and second organiser), refused to any other phone with the
reason. Each table is an ordinary game of the group; its list is ``lists``', the roles'
own pages ``organiser``'s.
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import db
from ...db import club as stored
from ...db import club_roles, phones
from ...engine.club import (
    SCORINGS,
    TOURNAMENT_RULES,
    default_deals,
    length_knob,
    night_rules,
    seat_counts,
)
from ...engine.core.display import total
from ...engine.core.errors import EngineError
from ...engine.core.numbers import whole_or_none
from ...names import clean_name
from ..access import (
    can_edit,
    group_or_404,
    membership,
    remembered_key,
)
from ..forms import ConfirmForm, preset_label
from ..i18n import translate
from ..links import edit_url, qr_markup
from ..responses import PRIVATE
from ..service import offered_game, offered_games
from ..weight import heavy, light
from . import roles
from .blueprint import bp
from .errors import NightRefused, init_blueprint
from .forms import (
    NextSeriesForm,
    SecondOrganiserForm,
    StartNightForm,
    TakeoverAnswerForm,
    first_problems,
)
from .service import (
    DRAW_RULES,
    PLACING_RULE,
    TIE_RULE,
    check_next,
    disputes_of,
    draw_next,
    night_final,
    night_name,
    night_or_404,
    night_over,
    night_standings,
    night_title,
    open_matters,
    open_night,
    read_players,
    series_playing,
    sizes_said,
    store_draw,
    unsigned_lists,
)

init_blueprint(bp)

STANDINGS_REFRESH = 20
"""Seconds between the standings page's reloads (the ``Refresh`` header: no script)."""
PROJECTOR_ROWS = 24
"""Lines of the standings a projector or a TV shows at a time: a usual night's every player
(up to 24) on one 1280 × 720 screen, the rows sized to the screen's height; a larger night
turns its pages."""
PROJECTOR_SECONDS = 10
"""Seconds a projector's page of the standings stays before the next."""
KNOWN_SHOWN = 60
"""Names a new night's form lists to tick (the group's members and players), at most."""


# --- a new night --------------------------------------------------------------------------


@heavy("POST")
@bp.route("/groups/<int:group_id>/club", methods=["GET", "POST"])
def start(group_id: int):
    """The group's club nights and a new one: GET the form (``?game=`` and ``?rules=``
    choose the game and its rules, whose defaults it then shows: the deals per player
    from those rules); POST starts the night and draws its first series, or shows the form
    again with what is wrong, naming the field. "Everyone listed is here" ticks every
    name listed, for the exceptions to be unticked."""
    found = group_or_404(group_id)
    offered = dict(offered_games())
    form = StartNightForm(request.form if request.method == "POST" else request.args)
    kind = offered_game(form.game.data if form.game.data in offered else "skat")
    tournament = TOURNAMENT_RULES.get(kind.key)
    # Rules a page never offers are refused by the engine, on the form posted; a page
    # drawn shows the game's tournament rules (else its first) in their place.
    posted = request.method == "POST"
    if form.rules.data not in kind.presets and not (posted and form.rules.data):
        form.rules.data = tournament.preset if tournament else next(iter(kind.presets))
    preset = form.rules.data if form.rules.data in kind.presets else next(iter(kind.presets))
    known = _known_names(found.id)
    problems: dict[str, Any] = {}
    if posted and form.draw.data:
        if form.validate():
            try:
                night_id = _start_night(found, kind.key, form)
            except NightRefused as exc:
                problems[exc.field] = exc.message
            else:
                flash(_("The tables of series %(number)d are drawn.", number=1), "saved")
                return redirect(url_for("club.night", group_id=found.id, night_id=night_id))
        else:
            problems = first_problems(form)
    else:
        # A form drawn for the organiser to fill in: the rules' defaults where nothing
        # was given, and "everyone listed is here" ticks every name listed.
        if not form.deals_per_player.data:
            form.deals_per_player.data = str(default_deals(kind, preset))
        if not form.series.data:
            form.series.data = "2"
        if posted and form.everyone.data:
            form.player.data = list(known)
    page = render_template(
        "club_start.html",
        group=found,
        form=form,
        games=offered,
        kind=kind,
        presets=[(name, preset_label(kind, name)) for name in kind.presets],
        preset=preset,
        has_target="target" in kind.presets[preset].to_dict(),
        has_length=length_knob(kind) is not None,
        deals_said=_deals_said(kind, preset),
        tournament=tournament if tournament and tournament.preset == preset else None,
        scorings=SCORINGS,
        known=known,
        ticked=set(form.player.data or ()),
        problems=problems,
        nights=club_nights(found.id),
        game_names=offered,
    )
    return page, 400 if problems else 200


def _known_names(group_id: int) -> list[str]:
    """The names a new night's form offers to tick: the group's members (by the names
    their phones gave themselves) and everyone who played in it, at most KNOWN_SHOWN."""
    members = [
        m.label
        for m in phones.group_members(db.get_db(), group_id)
        if m.label and m.left_at is None
    ]
    names = {*members, *db.player_names(db.get_db(), group_id)}
    return sorted(names, key=str.casefold)[:KNOWN_SHOWN]


def _deals_said(kind: Any, preset: str) -> str:
    """What the rules' deals per player make at each table size: "The rules' own: 12, so
    48 deals at a table of 4, 36 deals at a table of 3", or that each table plays to the
    rules' end."""
    deals = default_deals(kind, preset)
    if not deals:
        return _("The rules' own: 0, each table playing to the end the rules set.")
    tables = [
        ngettext(
            "%(num)d deal at a table of %(size)d",
            "%(num)d deals at a table of %(size)d",
            deals * size,
            size=size,
        )
        for size in sorted(seat_counts(kind), reverse=True)
    ]
    return _("The rules' own: %(deals)d, so %(tables)s.", deals=deals, tables=", ".join(tables))


def club_nights(group_id: int) -> list[dict[str, Any]]:
    """The group's nights, newest first, each with its name as its pages say it."""
    return [
        {
            "id": night_id,
            "name": name or _("Club night %(id)d", id=night_id),
            "game": game,
            "created": created,
        }
        for night_id, name, game, created in stored.group_nights(db.get_db(), group_id)
    ]


def _start_night(found: db.Group, game: str, form: StartNightForm) -> int:
    try:
        rules = night_rules(
            game,
            form.rules.data or None,
            form.series.data,
            form.deals_per_player.data,
            form.scoring.data,
            form.target.data,
        )
    except EngineError as exc:
        raise NightRefused(translate(exc.message), exc.field or "game") from None
    present = read_players(form.player.data or [], form.guests.data or "")
    mine = membership(found.id)
    name = clean_name(form.name.data or "") or None
    return open_night(found.id, rules, present, mine.id if mine else None, name)[0]


# --- the night's page ---------------------------------------------------------------------


@light
@bp.get("/groups/<int:group_id>/club/<int:night_id>")
def night(group_id: int, night_id: int):
    """The draw of the night's latest series (``?series=N``: an earlier one): each table
    with its players and the phone that records it, who sits out, this member's own
    table with "record this table", the lists they are to sign again, the disputes, the
    organisers and the log of the night's roles; for an organiser the next series' form."""
    found, night = night_or_404(group_id, night_id)
    asked = request.args.get("series")
    series = whole_or_none(asked, low=1, high=night.series) if asked else night.series
    if series is None or not 1 <= series <= night.series:
        abort(404, _("There is nothing at this address. Check the link."))
    return night_response(found, night, series, NextSeriesForm(formdata=None))


def _table_rows(
    night: stored.Night,
    series: int,
    games: dict[int, db.StoredGame],
    mine: phones.Member | None,
    names: dict[int, str],
) -> list[dict[str, Any]]:
    """Each table of ``series`` as the night's page shows it to this phone."""
    organiser = mine is not None and night.organised_by(mine.id)
    current = roles.current_recorders(night.group_id)
    tables = night.tables_of(series)
    signed = stored.confirmations(db.get_db(), [table.id for table in tables])
    rows = []
    for table in tables:
        game = games[table.game_id]
        finished = game.status == "finished"
        recorder = table.recorder_id if table.recorder_id in current else None
        here = mine is not None and recorder == mine.id
        waiting = recorder is not None and table.recorder_since is None
        open_to_me = recorder is None or (here and waiting)
        qr = None
        if organiser and not finished and recorder is None and series == night.series:
            key = remembered_key(game.id) if can_edit(game) else None
            key = key or club_roles.current_table_key(db.get_db(), table.id)
            if key:
                qr = qr_markup(
                    edit_url(game.id, key),
                    _("QR code of table %(number)d's game", number=table.number),
                )
        rows.append(
            {
                "table": table,
                "number": table.number,
                "game": game,
                "players": game.players,
                "hands": game.hand_count,
                "finished": finished,
                "deals": night.rules.deals(len(game.players)),
                "qr": qr,
                "edit": can_edit(game),
                "signed": sum(v == game.version for v in signed[table.id].values()),
                "signed_names": {n for n, v in signed[table.id].items() if v == game.version},
                "recorder": names.get(recorder) if recorder else None,
                "recorded_here": here and not waiting,
                "handed_here": here and waiting,
                "waiting": waiting,
                "may_take": (
                    not finished
                    and series == night.series
                    and open_to_me
                    and roles.may_take(night, mine, game)
                ),
                "mine": roles.plays_at(mine, game),
            }
        )
    return rows


def night_response(
    found: db.Group,
    night: stored.Night,
    series: int,
    form: NextSeriesForm,
    problem: str | None = None,
    status: int = 200,
    asking: list[str] | None = None,
    sizes: str | None = None,
) -> Response:
    """The night's page: the draw of ``series``, this phone's own table and lists, the
    disputes and roles, and for an organiser the next series' form (with ``problem``
    said, or ``asking``: what is still open and the new tables' ``sizes``, before a draw
    that cannot be undone)."""
    games = stored.table_games(db.get_db(), night)
    mine = roles.me(night)
    names = roles.member_names(night.group_id)
    organiser = mine is not None and night.organised_by(mine.id)
    rows = _table_rows(night, series, games, mine, names)
    current = (
        rows if series == night.series else _table_rows(night, night.series, games, mine, names)
    )
    label = clean_name(mine.label or "") if mine else ""
    disputes = disputes_of(night, games)
    unsigned = unsigned_lists(night, games)
    if form.present.data is None:
        form.present.data = night.present()
    members_now = [
        m for m in phones.group_members(db.get_db(), night.group_id) if m.left_at is None
    ]
    response = Response(
        render_template(
            "club_night.html",
            group=found,
            night=night,
            title=night_title(found, night),
            name=night_name(night),
            series=series,
            rows=rows,
            my_row=next((row for row in current if row["mine"]), None),
            sign_again=roles.to_sign_again(night, games, label) if label else [],
            withdrawn=roles.withdrawn_signatures(night, names, name=label) if label else [],
            label=label,
            sitting_out=night.sitting_out.get(series, ()),
            organiser=organiser,
            first_organiser=mine is not None and mine.id == night.organiser_id,
            organisers=roles.organisers_said(night, names),
            takeover=roles.takeover_shown(night, names),
            taken_by_key=roles.taken_by_key(night, names),
            mine=mine,
            key_holder=roles.holds_group_key(night.group_id),
            unfinished=[row for row in current if not row["finished"]],
            unsigned=unsigned,
            to_sign=sum(len(line.missing) for line in unsigned),
            form=form,
            everyone=[p.name for p in night.players],
            late=[
                name for name in form.present.data if name not in {p.name for p in night.players}
            ],
            second_form=SecondOrganiserForm(formdata=None),
            seconds=[(m.id, names[m.id]) for m in members_now if m.id != night.organiser_id],
            answer_form=TakeoverAnswerForm(formdata=None),
            confirm=ConfirmForm(formdata=None),
            rules=DRAW_RULES,
            kind=translate(night.rules.kind.name),
            problem=problem,
            disputes=[d for d in disputes if d.dispute.resolved_at is None],
            settled=[d for d in disputes if d.dispute.resolved_at is not None],
            asking=asking,
            sizes=sizes,
            log=roles.log_lines(night, names),
        ),
        status=status,
    )
    response.headers["Cache-Control"] = PRIVATE  # an organiser's page carries edit links
    return response


@heavy
@bp.post("/groups/<int:group_id>/club/<int:night_id>/next")
def next_series(group_id: int, night_id: int):
    """An organiser draws the next series for the players present now (everyone who played
    ticked, less those unticked, and late arrivals typed): first asked, saying the new
    tables' sizes and what is still open; refused, with nothing changed, while a table of
    this series is still playing, past the night's last series, for a name given twice, or
    to a phone that does not organise the night (403, saying who does)."""
    found, night = night_or_404(group_id, night_id)
    mine = roles.organiser_or_403(night, "draw")
    form = NextSeriesForm()
    if not form.validate_on_submit():
        problem = next(iter(first_problems(form).values()), None)
        return night_response(found, night, night.series, form, problem=problem, status=400)
    games = stored.table_games(db.get_db(), night)
    try:
        check_next(night, games)
        present = read_players(form.present.data or [], form.late.data or "")
        sizes = sizes_said(night.rules, len(present))
        if form.confirmed.data != "1":
            # Drawing cannot be undone: the organiser is shown the tables it makes and
            # what is still open first.
            form.present.data = present
            return night_response(
                found,
                night,
                night.series,
                form,
                asking=open_matters(night, games, night.series),
                sizes=sizes,
            )
        drawn, settings = draw_next(night.rules, night, present, night.seed)
        store_draw(night.id, found.id, drawn, settings, mine.id)
    except NightRefused as exc:
        status = {"series": 409, "organiser": 403}.get(exc.field, 400)
        return night_response(
            found, night, night.series, form, problem=str(exc.message), status=status
        )
    flash(_("The tables of series %(number)d are drawn.", number=night.series + 1), "saved")
    return redirect(url_for("club.night", group_id=found.id, night_id=night.id))


# --- the standings ------------------------------------------------------------------------


@light
@bp.get("/groups/<int:group_id>/club/<int:night_id>/standings")
def standings_page(group_id: int, night_id: int):
    """The standings across every table, reloading itself every ``STANDINGS_REFRESH``
    seconds: ``?projector=1`` in large type for a projector or a TV (every player of a
    usual night on one screen, ``PROJECTOR_ROWS``; a larger night in pages that turn by
    themselves), else narrow for a phone. "Final" only once the night is: played out,
    every list signed as it stands, no hand disputed."""
    found, night = night_or_404(group_id, night_id, whole=False)
    lines = night_standings(night)
    projector = request.args.get("projector") == "1"
    series = list(range(1, night.series + 1))
    games = stored.table_games(db.get_db(), night)
    refresh, page, pages = str(STANDINGS_REFRESH), 1, 1
    rows = len(lines)
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
        # The rows sized to the screen's height by their count, in steps of two (a class
        # of club.css each: the page allows no inline style).
        rows = max(6, min(PROJECTOR_ROWS, len(lines) + len(lines) % 2))
        lines = lines[(page - 1) * PROJECTOR_ROWS : page * PROJECTOR_ROWS]
    response = Response(
        render_template(
            "club_standings.html",
            group=found,
            night=night,
            title=night_title(found, night),
            lines=lines,
            rows=rows,
            series=series,
            final=night_final(night, games),
            over=night_over(night, games),
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


__all__ = ["PROJECTOR_ROWS", "bp", "night_response"]
