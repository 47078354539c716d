"""A club night's roles, as pages (issue 68): the organiser is a role, not a phone.

- The organiser names a second organiser, who organises beside them once their own phone
  accepts.
- Any member asks to take the night over; the organiser (or the second organiser) hands
  it over or keeps it; when the organiser's phone does not answer within
  ``roles.HANDOVER_WAIT``, the group's key holder hands it over from the group's page (the
  phone that made the group's key, or any phone the key is typed on).
- A table's phone is taken by a player of the table from their own phone ("record this
  table"), one phone a table; an organiser moves it to another phone, or frees it.
- A night started through the API is taken over by the link the API gave.

Every step is logged on the night's page. Each write is conditioned on the role in its
own transaction, so that two phones never hold one role for one draw; a phone that does
not hold the role is refused with the reason (403), a stranger or a removed member finds
nothing (404), and a phone gaining a role has its session renewed first, so that a cookie
planted beforehand holds none.
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ... import db
from ...db import club as stored
from ...db import club_roles, phones
from ..access import game_or_404, group_or_404, membership, renew_session
from ..forms import ConfirmForm
from ..i18n import translate
from ..responses import PRIVATE
from ..weight import light
from . import roles
from .blueprint import bp
from .forms import (
    GroupKeyForm,
    SecondOrganiserForm,
    TablePhoneForm,
    TakeoverAnswerForm,
    TakeoverForm,
    first_problems,
)
from .service import night_name, night_or_404, night_title


def _posted(form) -> None:  # noqa: ANN001  (any of the area's forms)
    """Aborts a POST whose form does not validate: 422 naming the field for a value its
    page did not offer (another group's member, a word for a number), 400 for its token."""
    if form.validate_on_submit():
        return
    problems = first_problems(form)
    problems.pop("csrf_token", None)
    if problems:
        abort(422, next(iter(problems.values())))
    abort(400, _("This request did not come from this site's own page."))


def _to_night(night: stored.Night) -> Response:
    return redirect(url_for("club.night", group_id=night.group_id, night_id=night.id))


# --- a member asks to take the night over; the organisers answer ----------------------------


@light
@bp.post("/groups/<int:group_id>/club/<int:night_id>/takeover")
def ask_takeover(group_id: int, night_id: int):
    """A member who does not organise the night asks to take it over (the organisers see
    the request on the night's page); ``withdraw`` takes their open request back. The
    asking phone's session is renewed: whoever holds a copy of its cookie takes nothing
    over."""
    _found, night = night_or_404(group_id, night_id)
    form = TakeoverForm()
    _posted(form)
    mine = roles.me(night)
    assert mine is not None  # night_or_404 lets only a member through
    if form.withdraw.data:
        found = club_roles.open_takeover(db.get_db(), night.id)
        if found is None or not club_roles.withdraw_takeover(
            db.get_db(), night.id, found.id, mine.id
        ):
            abort(409, _("This phone has no open request to take the night over."))
        flash(_("Your request to take the night over is withdrawn."), "saved")
        return _to_night(night)
    if night.organised_by(mine.id):
        abort(409, _("This phone organises the night already."))
    renew_session()
    try:
        club_roles.ask_takeover(db.get_db(), night.id, mine.id)
    except club_roles.TakeoverOpen as exc:
        names = roles.member_names(night.group_id)
        abort(
            409,
            _(
                "%(name)s has asked to take the night over already: the organiser answers "
                "that first.",
                name=names.get(exc.member_id, "?"),
            ),
        )
    flash(
        _(
            "Your request is on the organisers' pages. If the organiser's phone does not "
            "answer within %(minutes)d minutes, the group's key holder can hand the night "
            "to you from the group's page.",
            minutes=roles.HANDOVER_MINUTES,
        ),
        "saved",
    )
    return _to_night(night)


@light
@bp.post("/groups/<int:group_id>/club/<int:night_id>/takeover/<int:takeover_id>/answer")
def answer_takeover(group_id: int, night_id: int, takeover_id: int):
    """An organiser answers a request to take the night over: ``hand_over`` (the member who
    asked organises it from now on, and this phone no longer does) or ``keep``."""
    _found, night = night_or_404(group_id, night_id)
    mine = roles.organiser_or_403(night, "answer")
    form = TakeoverAnswerForm()
    _posted(form)
    hand_over = form.answer.data == "hand_over"
    try:
        answered = club_roles.answer_takeover(
            db.get_db(), night.id, takeover_id, mine.id, hand_over
        )
    except stored.NotOrganiser:
        roles.refuse(night, "answer")
    if not answered:
        abort(409, _("This request was answered already."))
    flash(
        _("The night is handed over.") if hand_over else _("You go on organising the night."),
        "saved",
    )
    return _to_night(night)


@light
@bp.post("/groups/<int:group_id>/club/<int:night_id>/takeover/<int:takeover_id>/key")
def hand_over_by_key(group_id: int, night_id: int, takeover_id: int):
    """The group's key holder hands the night to the member who asked, once the
    organiser's phone has not answered for ``roles.HANDOVER_WAIT`` (at once when no member
    organises it any more): the phone that made the group's key, or a member's phone the
    key is typed on. Any other phone is refused, saying why; nothing changes before the
    wait is over."""
    found, night = night_or_404(group_id, night_id)
    form = GroupKeyForm()
    _posted(form)
    typed = form.key.data or ""
    holds = roles.holds_group_key(found.id) or (bool(typed) and db.group_key_matches(found, typed))
    if not holds:
        abort(
            403,
            _(
                "Only the group's key holder hands a night over when its organiser does not "
                "answer: the phone that made the group's key, or one the key is typed on."
            ),
        )
    if not roles.hand_over_by_key(night, takeover_id):
        shown = roles.takeover_shown(night, roles.member_names(found.id))
        if shown is None or shown.request.id != takeover_id:
            abort(409, _("This request was answered already."))
        abort(
            409,
            _(
                "The organiser's phone has %(minutes)d minutes to answer a request; it was "
                "asked %(ago)s. Try again once they are over.",
                minutes=roles.HANDOVER_MINUTES,
                ago=shown.ago,
            ),
        )
    flash(_("The night is handed over."), "saved")
    return _to_night(night)


# --- a second organiser ---------------------------------------------------------------------


@light
@bp.post("/groups/<int:group_id>/club/<int:night_id>/second")
def second_organiser(group_id: int, night_id: int):
    """The organiser names a second organiser among the group's members ("": none any
    more); the named member's phone then accepts (``accept_second``)."""
    _found, night = night_or_404(group_id, night_id)
    mine = roles.me(night)
    if mine is None or mine.id != night.organiser_id:
        roles.refuse(night, "second")
    assert mine is not None
    form = SecondOrganiserForm()
    members = [m for m in phones.group_members(db.get_db(), group_id) if m.left_at is None]
    names = roles.member_names(group_id)
    form.second.choices = [("", ""), *((str(m.id), names[m.id]) for m in members)]
    _posted(form)
    chosen = int(form.second.data) if form.second.data else None
    try:
        club_roles.name_second(db.get_db(), night.id, mine.id, chosen)
    except stored.NotOrganiser:
        roles.refuse(night, "second")
    flash(
        _("The member named is asked on their phone to organise with you.")
        if chosen
        else _("The night has no second organiser now."),
        "saved",
    )
    return _to_night(night)


@light
@bp.post("/groups/<int:group_id>/club/<int:night_id>/second/accept")
def accept_second(group_id: int, night_id: int):
    """The member the organiser named second organiser accepts, from their own phone (its
    session renewed: a cookie planted beforehand organises nothing)."""
    _found, night = night_or_404(group_id, night_id)
    _posted(ConfirmForm())
    mine = roles.me(night)
    assert mine is not None
    if night.second_organiser_id != mine.id:
        abort(403, _("The organiser has not named this phone second organiser."))
    renew_session()
    if not club_roles.accept_second(db.get_db(), night.id, mine.id):
        abort(409, _("This phone organises the night already."))
    flash(_("This phone organises the night too now."), "saved")
    return _to_night(night)


# --- each table's phone ---------------------------------------------------------------------


def _table_of(game_id: int) -> tuple[db.StoredGame, stored.TableOfGame, stored.Night]:
    game = game_or_404(game_id)
    place = stored.table_of_game(db.get_db(), game.id)
    if place is None:
        abort(404, _("This game is not a table of a club night."))
    group_or_404(place.group_id)  # a phone that only opened the game's link is no member
    night = stored.load_night(db.get_db(), place.night_id, place.group_id)
    assert night is not None
    return game, place, night


@light
@bp.post("/games/<int:game_id>/club/record")
def record_table(game_id: int):
    """A player of the table takes its recording on their own phone ("record this
    table"), or an organiser on theirs (a table of guests): one phone a table, so it is
    refused, naming the phone, while another member's phone records it; a finished table,
    or one of an earlier series, has none to take."""
    game, place, night = _table_of(game_id)
    _posted(ConfirmForm())
    mine = membership(place.group_id)
    assert mine is not None
    if not roles.may_take(night, mine, game):
        abort(
            403,
            _(
                "Only a player of table %(number)d records it on their phone: this phone's "
                "name in the group is none of its players (%(players)s).",
                number=place.table.number,
                players=", ".join(game.players),
            ),
        )
    if game.status == "finished" or place.table.series != night.series:
        abort(409, _("Table %(number)d has finished its list.", number=place.table.number))
    try:
        roles.take_table(night, place.table, mine)
    except club_roles.TableTaken as exc:
        names = roles.member_names(place.group_id)
        abort(
            409,
            _(
                "%(name)s's phone records table %(number)d: one phone a table. An organiser "
                "can move it to yours.",
                name=names.get(exc.recorder_id, "?"),
                number=place.table.number,
            ),
        )
    flash(_("This phone records table %(number)d now.", number=place.table.number), "saved")
    return redirect(url_for("games.scoreboard", game_id=game.id))


@light
@bp.route("/games/<int:game_id>/club/phone", methods=["GET", "POST"])
def table_phone(game_id: int):
    """An organiser moves a table's recording: GET asks to which phone (a member's phone
    among the table's players and the organisers, or none: whichever player of the table
    takes it), POST moves it: the phone that recorded it stops at once."""
    game, place, night = _table_of(game_id)
    mine = roles.organiser_or_403(night, "move")
    names = roles.member_names(place.group_id)
    members = [m for m in phones.group_members(db.get_db(), place.group_id) if m.left_at is None]
    choices = [
        (str(m.id), names[m.id])
        for m in members
        if roles.plays_at(m, game) or night.organised_by(m.id)
    ]
    form = TablePhoneForm()
    form.to.choices = [("", _("No phone: a player of the table takes it")), *choices]
    if request.method == "POST":
        _posted(form)
        chosen = int(form.to.data) if form.to.data else None
        try:
            roles.move_table(night, place.table, mine, chosen)
        except stored.NotOrganiser:
            roles.refuse(night, "move")
        flash(
            _(
                "Table %(number)d's recording is moved: the phone that recorded it stops.",
                number=place.table.number,
            ),
            "saved",
        )
        return _to_night(night)
    group = group_or_404(place.group_id)
    recorder = place.table.recorder_id
    response = Response(
        render_template(
            "club_phone.html",
            group=group,
            night=night,
            title=night_title(group, night),
            game=game,
            number=place.table.number,
            recorder=names.get(recorder) if recorder else None,
            form=form,
        )
    )
    response.headers["Cache-Control"] = PRIVATE
    return response


# --- the group's page: the nights that wait for their organiser ----------------------------


@bp.app_template_global("club_waiting")
def club_waiting(group: db.Group) -> list[dict[str, Any]]:
    """The group's nights whose organiser has not answered a member's request to take
    them over, for the group's page: what its key holder may hand over, and when."""
    found: list[dict[str, Any]] = []
    waiting = club_roles.open_takeovers(db.get_db(), group.id)
    names = roles.member_names(group.id) if waiting else {}
    for takeover in waiting:
        night = stored.load_night(db.get_db(), takeover.night_id, group.id, whole=False)
        assert night is not None
        shown = roles.takeover_shown(night, names)
        assert shown is not None
        found.append(
            {
                "night": night,
                "title": night_name(night),
                "takeover": shown,
                "key_holder": roles.holds_group_key(group.id),
            }
        )
    return found


# --- a night started through the API, taken over by a member's phone --------------------------


@light
@bp.route("/groups/<int:group_id>/club/<int:night_id>/organise/<token>", methods=["GET", "POST"])
def organise(group_id: int, night_id: int, token: str):
    """A member's phone takes over a night started through the API: GET asks (a link
    previewer changes nothing), POST makes this membership its organiser (who draws its
    next series and settles disputes). A stranger or a removed member gets 404, as on
    every group page; a link of another night, tampered with or too old, 404; a link used
    already (the night has an organiser), 409."""
    found, night = night_or_404(group_id, night_id)
    if roles.organiser_link_of(token) != [found.id, night.id]:
        abort(404, _("There is nothing at this address. Check the link."))
    if roles.organises(night):
        return _to_night(night)
    taken = _("This club night has an organiser already: its link was used, and works once.")
    if night.organiser_id is not None:
        abort(409, taken)
    form = ConfirmForm()
    if request.method == "POST":
        _posted(form)
        mine = membership(found.id)
        assert mine is not None  # night_or_404 let a member through only
        renew_session()  # a right gained: a cookie planted beforehand organises nothing
        if not stored.take_over(db.get_db(), night.id, mine.id):
            abort(409, taken)
        flash(_("This phone organises the night now: it draws the next series."), "saved")
        return _to_night(night)
    page = render_template(
        "club_organise.html",
        group=found,
        night=night,
        title=night_title(found, night),
        kind=translate(night.rules.kind.name),
        form=form,
    )
    response = Response(page)
    response.headers["Cache-Control"] = PRIVATE
    return response
