"""A finished game's result card page (issue 22); the card's model is ``results``'s, which
an evening's page draws too."""

from __future__ import annotations

from flask import Response, abort, render_template, url_for
from flask_babel import gettext as _

from ... import db, game_play
from ..access import game_or_404
from ..weight import light
from .blueprint import bp
from .results import game_card


@light
@bp.get("/games/<int:game_id>/result")
def result(game_id: int):
    """A finished game's result card: its picture (drawn by the page's script), the text
    to send, selectable without JavaScript, and "Send result". Anyone who may see the
    game may open it; a game still being played answers 409 and says so."""
    game = game_or_404(game_id)
    # The last hand alone: the totals and winners are the whole game's.
    progress = game_play.recent_progress(db.get_db(), game, 1)
    card = game_card(game, progress)
    if card is None:
        abort(
            409,
            _(
                "Game %(game)d is not finished yet: its result can be sent when it ends.",
                game=game_id,
            ),
        )
    response = Response(
        render_template(
            "result.html",
            game=game,
            card=card,
            back=url_for("games.scoreboard", game_id=game.id),
        )
    )
    # The card may carry the group's name, which only a member's page shows.
    response.headers["Cache-Control"] = "private, no-cache"
    return response
