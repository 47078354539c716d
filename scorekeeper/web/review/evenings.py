"""An evening's page (issue 22): a group's games of one sitting, the evening's standings,
the best hand of each kind of game, and who dealt the most thrown-in deals. For members
only; every figure comes from ``scorekeeper.evenings`` (the engine's), this module only
turns them into the strings a page prints."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, redirect, render_template, url_for
from flask_babel import gettext as _

from ... import db
from ...engine.core.display import mean_figure, signed, total
from ...engine.core.language import Partners
from ...engine.core.seats import placings
from ...evenings import EveningResult, load_evening
from ..access import group_or_404
from ..games.results import evening_card, evening_title
from ..i18n import shown
from ..service import kind_name, side_names
from ..weight import light
from .blueprint import bp


@light
@bp.get("/groups/<int:group_id>/evenings/<int:evening_id>")
def evening(group_id: int, evening_id: int):
    """The evening of the group named by its first game's id; the id of any other of its
    games leads there (so does an evening's old id when games played before it joined
    it). For members only."""
    group, found = _evening_at(group_id, evening_id, "review.evening")
    return _private(
        render_template(
            "evening.html", group=group, card=evening_card(found, group), **evening_page(found)
        )
    )


@light
@bp.get("/groups/<int:group_id>/evenings/<int:evening_id>/result")
def evening_result(group_id: int, evening_id: int):
    """The evening's result card: its picture (drawn by the page's script), the text to
    send, selectable without JavaScript, and "Send result". For members only; an evening
    none of whose games has finished answers 409 and says so."""
    group, found = _evening_at(group_id, evening_id, "review.evening_result")
    card = evening_card(found, group)
    if card is None:
        abort(
            409,
            _("No game of this evening has finished yet: its result can be sent when one has."),
        )
    return _private(
        render_template(
            "evening_result.html",
            title=evening_title(found),
            card=card,
            back=url_for("review.evening", group_id=group.id, evening_id=found.id),
        )
    )


def _evening_at(group_id: int, evening_id: int, endpoint: str) -> tuple[db.Group, EveningResult]:
    """The group (members only) and its evening named by ``evening_id``, its first
    game's id; the id of another of its games is sent on to ``endpoint`` at the
    evening's own id."""
    group = group_or_404(group_id)
    found = load_evening(db.get_db(), group.id, evening_id)
    if found is None:
        abort(404, _("There is nothing at this address. Check the link."))
    if found.id != evening_id:
        abort(redirect(url_for(endpoint, group_id=group.id, evening_id=found.id)))
    return group, found


def _private(page: str) -> Response:
    """An evening's page: its result card carries the group's name, which a member's
    page alone shows, so no shared cache keeps it."""
    response = Response(page)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def evening_page(found: EveningResult) -> dict[str, Any]:
    """What the evening's template prints, every figure already a string."""
    figures = found.figures
    kinds = {played.key: kind_name(played.game) for played in found.played}
    kinds_by_key = {played.game.key: kind_name(played.game) for played in found.played}
    thrown = figures.thrown_in
    evening = found.evening
    return {
        "title": evening_title(found),
        "evening": {
            "id": found.id,
            "date": found.date,
            "count": len(found.games),
            "going_on": found.going_on,
            "earlier": evening.earlier,
            "later": evening.later,
        },
        "games": [
            _game_line(game, played, kinds[game.id])
            for game, played in zip(found.games, found.played, strict=True)
        ],
        "standings": [
            {
                "rank": s.rank,
                "name": s.name,
                "average": shown(mean_figure(s.average_place)),
                "games": s.games,
                "wins": s.wins,
            }
            for s in figures.standings
        ],
        "leaders": [s.name for s in found.leaders],
        "best_hands": [
            {
                "kind": kinds_by_key[hand.kind],
                "names": Partners.of(hand.names) if len(hand.names) > 1 else hand.names[0],
                "points": signed(hand.points),
                "game": hand.game,
                "number": hand.number,
            }
            for hand in figures.best_hands
        ],
        "thrown_in": None
        if thrown is None
        else {"names": list(thrown.most), "count": thrown.count},
    }


def _game_line(game: db.StoredGame, played: Any, kind: str) -> dict[str, Any]:
    """A game of the evening: its kind, who sat at its end, each side's total in the
    order of its places, its winner or that it goes on, and its hands."""
    progress = played.progress
    seated = game.names_at(progress.next_number)
    names = side_names(game, seated)
    # Each side's players, for a list that keeps every name a unit of its own.
    members = [[seated[seat] for seat in side] for side in played.game.sides]
    places = placings(progress)
    order = sorted(range(len(names)), key=lambda side: (places[side], side))
    return {
        "id": game.id,
        "name": game.name,
        "kind": kind,
        "sides": [
            {
                "place": places[side],
                "names": names[side],
                "members": members[side],
                "total": total(progress.totals[side]),
            }
            for side in order
        ],
        "finished": progress.status == "finished",
        "winners": [names[side] for side in progress.winners],
        "winning": [members[side] for side in progress.winners],
        "hands": game.hand_count,
    }
