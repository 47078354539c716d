"""What the ``review`` area's views share (its service): the figures tables every
statistics page prints, and a player's rating chart (the ratings' pages and the player's
career page)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from ... import db
from ...engine import GAMES
from ...engine.core.display import FigureLine
from ..chart import ratings_svg
from ..i18n import decimal, shown, shown_ltr
from ..service import kind_name


@dataclass(frozen=True, slots=True)
class FigureRow:
    """One line of a figures table in the page's language: what it is, one value per column."""

    label: str
    values: tuple[str, ...]


def figure_rows(lines: Sequence[FigureLine]) -> list[FigureRow]:
    """The game's figure lines as a page prints them."""
    return [
        FigureRow(shown(line.label), tuple(shown_ltr(value) for value in line.values))
        for line in lines
    ]


def one_decimal(value: float) -> str:
    """A rating as the pages show it: one decimal in the page's language, a true minus sign."""
    return decimal(value, 1)


def rating_chart(
    group_id: int, name: str, histories: dict[str, list[db.HistoryPoint]] | None = None
) -> dict[str, Any] | None:
    """The player's rating history in the group as a chart, one line per game kind they
    have ratings in, with a summary row per kind; None when they have none. ``histories``:
    theirs by kind (``db.player_rating_histories``), when the caller has read them."""
    if histories is None:
        histories = db.player_rating_histories(db.get_db(), group_id, name, tuple(GAMES))
    histories = {kind: points for kind, points in histories.items() if points and kind in GAMES}
    if not histories:
        return None
    # Each rating worked out once: a ten-year regular's line is a thousand of them.
    shown = {kind: [point.rating for point in points] for kind, points in histories.items()}
    lines = [(kind_name(GAMES[kind]), shown[kind]) for kind in histories]
    summary = [
        {
            "key": kind,
            "kind": kind_name(GAMES[kind]),
            "games": len(ratings),
            "first": one_decimal(ratings[0]),
            "now": one_decimal(ratings[-1]),
            "best": one_decimal(max(ratings)),
            "url": url_for("review.ratings", group_id=group_id, game=kind),
        }
        for kind, ratings in shown.items()
    ]
    description = "; ".join(
        ngettext(
            "%(game)s: %(num)d game, from %(first)s to %(now)s",
            "%(game)s: %(num)d games, from %(first)s to %(now)s",
            row["games"],
            game=row["kind"],
            first=row["first"],
            now=row["now"],
        )
        for row in summary
    )
    return {
        "svg": Markup(
            ratings_svg(lines, title=_("Rating after each game"), description=description)
        ),
        "summary": summary,
    }
