"""Printable score sheets: a game as played, and a blank sheet for pencil play.

Both are drawn by templates extending one paper (``templates/paper.html``: ``sheet.html``
and ``blank_sheet.html``) with the print stylesheet (``static/print.css``): no navigation
and no buttons, up to 40 hands on one A4 or Letter page, and the table's header repeated
on every page after that. What they show is worked out in ``printed.py``.
"""

from __future__ import annotations

from flask import abort, render_template, request, session
from flask_babel import gettext as _

from ... import db, game_play
from ...engine import EngineError, Game, parse_int
from ...engine.core.game import seat_counts, title_of
from ...engine.core.names_in_sentences import AT
from ..access import game_and_hands_or_404, game_or_404
from ..forms import preset_label
from ..i18n import current_language, game_in, translate
from ..links import public_root
from ..responses import CachedPage, page_cache
from ..service import offered_game, offered_preset
from ..weight import heavy, light
from .blueprint import bp
from .printed import blank_paper, game_paper, keep_paper, kept_paper


def _table_of(game: Game, players: str | None) -> Game:
    """``game`` for a blank sheet of ``players`` (as the address gives it; None: the game's
    own count), or a 400 that says how many the game seats."""
    if players is None:
        return game
    counts = seat_counts(game)
    try:
        return game.seated(parse_int(players, "players", low=counts[0], high=counts[-1]))
    except EngineError:
        if len(counts) == 1:
            abort(
                400,
                _(
                    "%(game)s is played by %(seats)d players.",
                    game=game_in(game.name, AT),
                    seats=game.seats,
                ),
            )
        abort(
            400,
            _(
                "%(game)s is played by %(low)d to %(high)d players: ask for a sheet of that many.",
                game=game_in(game.name, AT),
                low=counts[0],
                high=counts[-1],
            ),
        )


def _sheet_key(game: db.StoredGame, explain: bool) -> tuple:
    """Everything a game's printed sheet depends on (as ``games._page_key`` for the
    scoreboard): a write bumps the version; nothing else from the request reaches it."""
    return (
        "print-explained" if explain else "print",
        public_root(),
        request.script_root,
        current_language(),
        game.id,
        game.version,
    )


@heavy
@bp.get("/games/<int:game_id>/print")
def game_sheet(game_id: int):
    """The game as a printable score sheet; with ``?explain=1``, footnotes that say how
    every score was worked out.

    Kept in the page cache by the game's version: a whole game's sheet with its workings
    is the heaviest page there is (issue 29), and asked again it is sent as it was made.
    A sheet that would show a flashed message is made for its request alone, from its
    context as kept for the game's version (``printed.kept_paper``: its rows drawn).
    """
    explain = request.args.get("explain") == "1"
    shared = not session.get("_flashes")
    game = game_or_404(game_id)
    if shared:
        page = page_cache().get(_sheet_key(game, explain))
        if page is not None:
            return page.response()
    context = kept_paper(game, explain)
    if context is None:
        game, hands = game_and_hands_or_404(game_id)
        context = game_paper(game, hands, game_play.progress_of(game, hands), explain)
        keep_paper(game, explain, context)
    html = render_template("sheet.html", **context)
    page = CachedPage.of(html)
    if shared:
        page_cache().put(_sheet_key(context["game"], explain), page)
    return page.response()


@light
@bp.get("/sheets/blank")
def blank_sheet():
    """An empty score sheet for pencil play, with the chosen preset's scoring; for a game
    whose number of players is chosen at the start, for ``players=`` of them (default:
    the game's own count)."""
    game = _table_of(offered_game(request.args.get("game")), request.args.get("players"))
    rules = request.args.get("rules", game.default_preset)
    settings = offered_preset(game, rules)
    kind = translate(title_of(game, rules))
    return render_template(
        "blank_sheet.html", **blank_paper(game, settings, kind, preset_label(game, rules))
    )
