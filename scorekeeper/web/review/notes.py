"""A game's name and notes: shown to all, changed only by a phone with the edit key."""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _

from ... import db
from ..access import edit_required
from ..forms import FieldProblem, clean_game_details
from ..i18n import translate
from ..weight import light
from .blueprint import bp
from .forms import GameDetailsForm


@light
@bp.route("/games/<int:game_id>/details", methods=["GET", "POST"])
@edit_required
def details(game_id: int, game: db.StoredGame):
    """The game's name and notes; only a phone with the edit key may change them."""
    form = GameDetailsForm(data={"name": game.name or "", "notes": game.notes or ""})
    if form.validate_on_submit():
        try:
            name, notes = clean_game_details(form.name.data, form.notes.data)
        except FieldProblem as exc:
            form[exc.field].errors = [*form[exc.field].errors, translate(exc.message)]
        else:
            db.set_game_details(db.get_db(), game_id, name, notes)
            flash(_("Saved the game's name and notes."), "info")
            return redirect(url_for("games.scoreboard", game_id=game_id))
    return render_template("game_details.html", game=game, form=form), (422 if form.errors else 200)
