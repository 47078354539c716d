"""Groups' pages (issue 21): a group's home, starting and renaming a group, its invite link
and QR code, a new invite link, joining by invite, leaving, and a game's view link.

Who is a member, and who may see a game, is ``access``'s to say; this module only shows
it. Every page here that shows an invite link is ``Cache-Control: private, no-store``,
as the edit link's page is.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import db
from ...db import phones
from ...db.name_changes import NameChange, take_name_changes
from ..access import (
    grant_view,
    group_or_404,
    join,
    leave,
    member_group,
    member_of,
    membership,
)
from ..forms import ConfirmForm
from ..i18n import isolate, shown_date
from ..links import public_url, qr_markup
from ..responses import PRIVATE
from ..service import game_summary, playing_in
from ..throttle import allow, owner_required
from ..weight import light
from .forms import GroupNameForm, MemberNameForm, StartGroupForm

bp = Blueprint("groups", __name__)

# The finished games a group's page lists; History has the rest.
RECENT_FINISHED = 10


def _no_store(body: str, status: int = 200) -> Response:
    """A page that carries an invite link (or is reached by one): never kept in a cache."""
    response = Response(body, status=status)
    response.headers["Cache-Control"] = PRIVATE
    return response


def invite_url(group: db.Group) -> str:
    """The group's invite link, as another phone opens it."""
    return public_url(url_for("groups.join_group", invite=group.invite))


@light
@bp.post("/groups")
def start_group():
    """Starts a group under the name given (blank: the default name); this browser is
    its first member."""
    form = StartGroupForm()
    if not form.validate_on_submit():
        abort(400, _("This request did not come from this site's own page."))
    owner_required(form.owner_key.data)
    allow("group")
    group, _key = db.create_group(db.get_db(), form.name.data)
    join(group)
    flash(_("The group is ready. Invite the others from its page."), "saved")
    return redirect(url_for("groups.group", group_id=group.id))


@light
@bp.get("/groups/<int:group_id>")
def group(group_id: int):
    """A group's home, for its members: its games in progress and the latest finished,
    a new game in the group, its History and players, and what a member may change."""
    found = group_or_404(group_id)
    for change in take_name_changes(db.get_db(), found.id):
        flash(name_change_text(change), "info")
    finished = db.list_games(db.get_db(), "finished", RECENT_FINISHED, group_id=found.id)
    return render_template(
        "group.html",
        group=found,
        playing=playing_in(found),
        finished=[game_summary(game) for game in finished],
        form=GroupNameForm(name=found.name or ""),
        members=phones.count_members(db.get_db(), found.id),
    )


def name_change_text(change: NameChange) -> str:
    """What the upgrades to composed names (m025) and to names that show what they hold
    (m032) did to one name, for the group's page."""
    if change.reason == "look-alike":
        return _(
            "%(was)s looked like %(name)s, another player of the group, written with other "
            "letters: it is called %(new)s now, so that the two are told apart. Its games "
            "and points are its own as before.",
            was=isolate(change.was[0]),
            name=isolate(change.was[-1]),
            new=isolate(change.name),
        )
    if change.reason == "cleaned":
        return _(
            "%(name)s was stored with characters that show nothing: they are gone, and "
            "every game of it is %(name)s's.",
            name=isolate(change.name),
        )
    if change.reason == "blank":
        return _(
            "A player's name held only characters that show nothing: it is %(name)s now.",
            name=isolate(change.name),
        )
    if change.reason == "merged":
        return _(
            "%(name)s was stored spelt in %(count)d ways that look alike (the accents typed "
            "differently): they are one player now, with one page and one rating.",
            name=isolate(change.name),
            count=len(change.was),
        )
    return _(
        "Two players sat at one game, or came to one club night, as %(name)s spelt in two "
        "ways that look alike: one of them is called %(new)s now.",
        name=isolate(change.name.rsplit(" (", 1)[0]),
        new=isolate(change.name),
    )


@light
@bp.post("/groups/<int:group_id>/rename")
def rename(group_id: int):
    found = group_or_404(group_id)
    form = GroupNameForm()
    if form.validate_on_submit():
        db.rename_group(db.get_db(), found.id, form.name.data)
        flash(_("The group's name is saved."), "saved")
    return redirect(url_for("groups.group", group_id=found.id))


@light
@bp.get("/groups/<int:group_id>/invite")
def invite(group_id: int):
    """The warning first; with ``?show=1`` (the second tap) the invite link and its QR
    code. Showing it changes nothing, so both are plain GETs."""
    found = group_or_404(group_id)
    # A database moved without its secret (README, "What to keep besides the database")
    # cannot show its invite link: the page says so, and offers a new one.
    lost = found.invite == db.LOST_TOKEN
    show = request.args.get("show") == "1" and not lost
    url = invite_url(found)
    return _no_store(
        render_template(
            "group_invite.html",
            group=found,
            show=show,
            lost=lost,
            invite_url=url if show else None,
            qr=qr_markup(url, _("QR code of the invite link")) if show else None,
        )
    )


@light
@bp.route("/groups/<int:group_id>/invite/new", methods=["GET", "POST"])
def new_invite(group_id: int):
    """GET asks first; the POST from that page gives the group a new invite link: the old
    one stops working, and the phones that joined with it stay members."""
    found = group_or_404(group_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        db.new_invite(db.get_db(), found.id)
        flash(
            _(
                "The group has a new invite link. The old one no longer works; "
                "phones that joined with it stay in the group."
            ),
            "saved",
        )
        return redirect(url_for("groups.invite", group_id=found.id))
    return _no_store(render_template("group_invite.html", group=found, renew=form))


@light
@bp.route("/groups/<int:group_id>/key", methods=["GET", "POST"])
def new_key(group_id: int):
    """GET asks first; the POST from that page gives the group a new API key, shown on
    the page it answers with and never again: the old key stops working at once."""
    found = group_or_404(group_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        mine = membership(found.id)
        made_by = mine.id if mine is not None else None
        key = db.replace_group_key(db.get_db(), found.id, made_by=made_by)
        return _no_store(render_template("group_key.html", group=found, key=key))
    return _no_store(render_template("group_key.html", group=found, form=form))


@light
@bp.route("/groups/<int:group_id>/leave", methods=["GET", "POST"])
def leave_group(group_id: int):
    """GET asks first; the POST from that page takes this browser out of the group. The
    group, its games and its other members stay."""
    found = group_or_404(group_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        renewed = leave(found.id)
        flash(_("This phone has left the group."), "info")
        flash_renewed(renewed, None)
        return redirect(url_for("games.home"))
    return render_template("group_leave.html", group=found, form=form)


# The group's history of who joined and left, as its members page shows it: the newest.
MEMBER_EVENTS_SHOWN = 100


def member_names(members: list[phones.Member]) -> dict[int, str]:
    """How each membership is called on the page: the name the phone gave itself, or
    "Phone 3, joined 24 November 2026" (the third phone to join the group)."""
    return {
        member.id: member.label
        or _(
            "Phone %(number)d, joined %(date)s",
            number=number,
            date=shown_date(member.joined_at),
        )
        for number, member in enumerate(members, start=1)
    }


def member_events(members: list[phones.Member], names: dict[int, str]) -> list[dict[str, Any]]:
    """Who joined, left or was removed (and by whom), the newest first."""
    events = []
    for member in members:
        name = names[member.id]
        events.append({"at": member.joined_at, "text": _("%(name)s joined", name=name)})
        if member.left_at is None:
            continue
        if member.removed_by is None:
            text = _("%(name)s left", name=name)
        else:
            by = names.get(member.removed_by, "?")
            text = _("%(name)s was removed by %(by)s", name=name, by=by)
        events.append({"at": member.left_at, "text": text})
    events.sort(key=lambda event: event["at"], reverse=True)
    return [{**event, "date": shown_date(event["at"])} for event in events[:MEMBER_EVENTS_SHOWN]]


@light
@bp.route("/groups/<int:group_id>/members", methods=["GET", "POST"])
def members(group_id: int):
    """The group's members now, each with "Remove…" (this phone: "Leave…"), the name this
    phone goes by (its POST changes it), and the history of who joined and left."""
    found = group_or_404(group_id)
    mine = membership(found.id)
    assert mine is not None
    form = MemberNameForm()
    alike = None
    if form.validate_on_submit():
        label, alike = chosen_label(found, form, mine.id)
        if alike is None:
            phones.name_member(db.get_db(), mine, label)
            flash(_("This phone's name in the group is saved."), "saved")
            return redirect(url_for("groups.members", group_id=found.id))
    everyone = phones.group_members(db.get_db(), found.id)
    names = member_names(everyone)
    if not form.is_submitted():
        form.label.data = mine.label or ""
    return render_template(
        "group_members.html",
        group=found,
        mine=mine,
        current=[(m, names[m.id]) for m in everyone if m.left_at is None],
        events=member_events(everyone, names),
        form=form,
        alike=alike,
    )


def flash_renewed(renewed: phones.Renewed | None, name: str | None) -> None:
    """Says on the result page of Remove or Leave which links changed (``name``: the phone
    removed; None: this phone, which left): one note under the headline."""
    said = renewed_words(renewed, name) if renewed is not None else []
    if said:
        flash(" ".join(said), "info")


def renewed_words(renewed: phones.Renewed, name: str | None) -> list[str]:
    """What a member's leaving renewed, a sentence per kind of link."""
    said = [_("The group has a new invite link: the old one no longer works.")]
    if renewed.view_links:
        said.append(
            ngettext(
                "Its game has a new view link: the old one no longer opens it.",
                "Its %(num)d games have new view links: the old ones no longer open them.",
                renewed.view_links,
            )
        )
    if renewed.edit_links:
        said.append(
            ngettext(
                "%(num)d game has a new edit link: the group's phones that record in it go "
                "on doing so, and anyone else needs the new link.",
                "%(num)d games have new edit links: the group's phones that record in them "
                "go on doing so, and anyone else needs the new link.",
                renewed.edit_links,
            )
        )
    if renewed.api_key:
        said.append(
            _("The group's API key that this phone made no longer works.")
            if name is None
            else _("The group's API key that %(name)s made no longer works.", name=name)
        )
    return said


@light
@bp.route("/groups/<int:group_id>/members/<int:member_id>/remove", methods=["GET", "POST"])
def remove_member(group_id: int, member_id: int):
    """GET asks first; the POST from that page ends the other member's membership, for
    every copy of that phone's cookie, and gives the group a new invite link (the removed
    phone may know the old one)."""
    found = group_or_404(group_id)
    mine = membership(found.id)
    assert mine is not None
    everyone = phones.group_members(db.get_db(), found.id)
    target = next((m for m in everyone if m.id == member_id and m.left_at is None), None)
    if target is None or target.id == mine.id:
        abort(404, _("There is nothing at this address. Check the link."))
    name = member_names(everyone)[target.id]
    form = ConfirmForm()
    if form.validate_on_submit():
        renewed = phones.end_membership(db.get_db(), target, removed_by=mine.id)
        flash(_("%(name)s is no longer in the group.", name=name), "saved")
        flash_renewed(renewed, name)
        return redirect(url_for("groups.members", group_id=found.id))
    return render_template("group_remove.html", group=found, name=name, form=form)


@light
@bp.route("/join/<invite>", methods=["GET", "POST"])
def join_group(invite: str):
    """An invite link: GET shows the group's name and a Join button, whose POST makes
    this browser a member. A member already goes straight to the group."""
    found = db.group_by_invite(db.get_db(), invite)
    if found is None:
        return _no_store(
            render_template(
                "error.html",
                title=_("Not found"),
                message=_(
                    "This invite link no longer works. Ask someone in the group for the new one."
                ),
            ),
            404,
        )
    if member_of(found):
        response = redirect(url_for("groups.group", group_id=found.id))
        response.headers["Cache-Control"] = PRIVATE
        return response
    form = MemberNameForm()
    alike = None
    if form.validate_on_submit():
        label, alike = chosen_label(found, form)
        if alike is None:
            join(found, label)
            flash(_("This phone is now in the group."), "saved")
            return redirect(url_for("groups.group", group_id=found.id))
    page = render_template("group_join.html", group=found, form=form, alike=alike)
    return _no_store(page, 200)


def chosen_label(
    group: db.Group, form: MemberNameForm, member_id: int | None = None
) -> tuple[str | None, str | None]:
    """The name a phone gives itself in ``group`` (cleaned), and None; or, for a name that
    looks like a player's or another member's without being it ("Аnn" with a Cyrillic А,
    beside Ann), the name it looks like, for the page to ask "I am Ann" or another name.
    The phone's answer "I am Ann" (``i_am``) takes that name as it is written."""
    label = phones.clean_label(form.label.data)
    mine = request.form.get("i_am")
    alike = phones.label_look_alike(db.get_db(), group.id, label, member_id)
    if alike is not None and mine == alike:
        return alike, None
    if alike is not None:
        form.label.errors = [
            _(
                "%(name)s is already in this group, and this name looks the same: if you "
                "are %(name)s, say so; if not, give another name.",
                name=alike,
            )
        ]
    return label, alike


@light
@bp.get("/view/<token>")
def view(token: str):
    """A game's view link: this browser may see the game from now on."""
    game = db.game_by_view_token(db.get_db(), token)
    if game is None:
        abort(404, _("This view link does not work. Ask the players for it again."))
    grant_view(game)
    return redirect(url_for("games.scoreboard", game_id=game.id))


__all__ = ["bp", "invite_url", "member_group"]
