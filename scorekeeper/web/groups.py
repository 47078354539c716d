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

from .. import db
from .access import (
    grant_view,
    group_or_404,
    join,
    leave,
    member_group,
    member_of,
    my_groups,
)
from .forms import ConfirmForm, GroupNameForm, StartGroupForm
from .game_service import game_summary, group_name, playing_in
from .responses import PRIVATE
from .share import public_url, qr_markup
from .throttle import allow, owner_required

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


@bp.get("/groups/<int:group_id>")
def group(group_id: int):
    """A group's home, for its members: its games in progress and the latest finished,
    a new game in the group, its History and players, and what a member may change."""
    found = group_or_404(group_id)
    finished = db.list_games(db.get_db(), "finished", RECENT_FINISHED, group_id=found.id)
    return render_template(
        "group.html",
        group=found,
        playing=playing_in(found),
        finished=[game_summary(game) for game in finished],
        form=GroupNameForm(name=found.name or ""),
    )


@bp.post("/groups/<int:group_id>/rename")
def rename(group_id: int):
    found = group_or_404(group_id)
    form = GroupNameForm()
    if form.validate_on_submit():
        db.rename_group(db.get_db(), found.id, form.name.data)
        flash(_("The group's name is saved."), "saved")
    return redirect(url_for("groups.group", group_id=found.id))


@bp.get("/groups/<int:group_id>/invite")
def invite(group_id: int):
    """The warning first; with ``?show=1`` (the second tap) the invite link and its QR
    code. Showing it changes nothing, so both are plain GETs."""
    found = group_or_404(group_id)
    show = request.args.get("show") == "1"
    url = invite_url(found)
    return _no_store(
        render_template(
            "group_invite.html",
            group=found,
            show=show,
            invite_url=url if show else None,
            qr=qr_markup(url, _("QR code of the invite link")) if show else None,
        )
    )


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


@bp.route("/groups/<int:group_id>/leave", methods=["GET", "POST"])
def leave_group(group_id: int):
    """GET asks first; the POST from that page takes this browser out of the group. The
    group, its games and its other members stay."""
    found = group_or_404(group_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        leave(found.id)
        flash(_("This phone has left the group."), "info")
        return redirect(url_for("games.home"))
    return render_template("group_leave.html", group=found, form=form)


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
    form = ConfirmForm()
    if form.validate_on_submit():
        join(found)
        flash(_("This phone is now in the group."), "saved")
        return redirect(url_for("groups.group", group_id=found.id))
    return _no_store(render_template("group_join.html", group=found, form=form))


@bp.get("/view/<token>")
def view(token: str):
    """A game's view link: this browser may see the game from now on."""
    game = db.game_by_view_token(db.get_db(), token)
    if game is None:
        abort(404, _("This view link does not work. Ask the players for it again."))
    grant_view(game)
    return redirect(url_for("games.scoreboard", game_id=game.id))


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


__all__ = ["bp", "chooser_or_redirect", "invite_url", "member_group"]
