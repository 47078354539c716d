"""Sharing a game at the table: its links and their QR codes (segno, SVG).

The view link is read-only and its QR code is on the scoreboard for anyone. The edit
link's QR code lets a phone change the game, so only a browser that holds the edit key
sees it, and only after a confirmation: one tap on the scoreboard, a second on the page
that warns what the code does.

An editor can also make a new edit link, which revokes the old one (a link shared too
widely): after a confirmation, a POST with the CSRF token. The phone that makes it keeps
edit rights with the new key; phones with the old key record no more hands, and are told
why; those in the game's group still see it, the others no longer do (issue 42).
"""

from __future__ import annotations

from flask import (
    Response,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from ... import db
from ..access import edit_required, game_or_404, remember_key, remembered_key
from ..forms import ConfirmForm
from ..links import edit_url, qr_markup, qr_svg, view_url
from ..weight import light
from .blueprint import bp


def _svg_response(url: str) -> Response:
    """A standalone SVG file, which (unlike inline SVG) must name its namespace."""
    svg = qr_svg(url).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    return Response(svg, mimetype="image/svg+xml")


@light
@bp.get("/games/<int:game_id>/qr/view.svg")
def view_qr(game_id: int):
    """The view link's QR code as an SVG file."""
    game = game_or_404(game_id)
    response = _svg_response(view_url(game))
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


@light
@bp.get("/games/<int:game_id>/qr/edit.svg")
@edit_required
def edit_qr(game_id: int, game: db.StoredGame):
    """The edit link's QR code as an SVG file, only for a browser holding the edit key."""
    response = _svg_response(edit_url(game.id, remembered_key(game.id) or ""))
    response.headers["Cache-Control"] = "private, no-store"
    return response


@light
@bp.get("/games/<int:game_id>/share/edit")
@edit_required
def edit_code(game_id: int, game: db.StoredGame):
    """The warning first; with ``?show=1`` (the second tap) the edit link's QR code.
    Showing it changes nothing, so both are plain GETs."""
    show = request.args.get("show") == "1"
    url = edit_url(game.id, remembered_key(game.id) or "")
    response = Response(
        render_template(
            "share_edit.html",
            game=game,
            show=show,
            edit_url=url if show else None,
            qr=qr_markup(url, _("QR code of the edit link")) if show else None,
        )
    )
    # The page carries the edit key: never keep it in a cache.
    response.headers["Cache-Control"] = "private, no-store"
    return response


@light
@bp.route("/games/<int:game_id>/share/new-link", methods=["GET", "POST"])
@edit_required
def new_edit_link(game_id: int, game: db.StoredGame):
    """GET asks first; the POST from that page replaces the edit key, revoking the old
    one. This phone keeps edit rights with the new key and goes to the edit link's page."""
    form = ConfirmForm()
    if form.validate_on_submit():
        key = db.replace_edit_key(db.get_db(), game.id)
        remember_key(game.id, key)
        flash(
            _(
                "This game has a new edit link and a new view link. The old ones no longer "
                "work: phones that opened the old edit link record no more hands until they "
                "open the new one, and only the group's members still see the game."
            ),
            "saved",
        )
        return redirect(url_for("games.edit_code", game_id=game.id))
    response = Response(render_template("share_edit.html", game=game, renew=form))
    response.headers["Cache-Control"] = "private, no-store"
    return response
