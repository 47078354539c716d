"""What the scoreboard shows, built from the game's own view of its hands
(``Game.hand_views``): rows of plain strings in the page's language, so templates only
print and never compute a score."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import current_app
from markupsafe import Markup

from ...engine import Game, Message, Settings
from ...engine.core.display import (
    Notation,
    total,  # noqa: F401 - web/games/routes.py takes it from here
)
from ...engine.core.language import Partners
from ...engine.core.messages import with_sides
from ...engine.pages import sheet
from ...engine.pages.sheet import Standing, standing_of  # noqa: F401 - web/games/results.py's
from ..i18n import bdi, isolate_ltr, named, page_text, shown


@dataclass(frozen=True, slots=True)
class ShownRows:
    """The scoreboard's hands on the server's page: the engine's model (``rows``) and its
    HTML, drawn by the template the phone draws it with (``templates/_sheet.html``)."""

    rows: sheet.HandRows
    html: Markup
    legend: sheet.Legend
    notes: list[tuple[str, Markup]]  # after the legend: each phone's mark of its offline hands

    count = property(lambda self: self.rows.count)
    first = property(lambda self: self.rows.first)
    penalised = property(lambda self: self.rows.penalised)
    paired = property(lambda self: self.rows.paired)
    about = property(lambda self: self.rows.about)

    def __len__(self) -> int:
        return self.rows.count


def hand_rows(
    game: Game,
    progress: Any,
    seating: Callable[[int], Sequence[str]],
    changes: dict[int, list[str]],
    why_url: tuple[str, str],
    edit_url: tuple[str, str] | None,
    shows_dealer: bool = True,
    offline: Mapping[int, str] | None = None,
) -> ShownRows:
    """The rows of the hands of ``progress`` (a resumed one holds only the hands after its
    state), newest last, as the game shows them (``engine.pages.sheet.hand_rows``), drawn
    by ``templates/_sheet.html``. ``seating`` says who sat where at hand n;
    ``changes`` are the seat changes' texts by the hand they take effect from; ``why_url``
    and ``edit_url`` are a hand's "why" and edit addresses cut around its number (no edit
    link for a viewer). Without ``shows_dealer`` no cell or row marks who dealt.
    ``offline`` names, by hand number, the phone a hand was recorded on without the
    network: its row carries the mark that the legend explains."""
    rows = sheet.hand_rows(game, progress, seating, shown, changes, shows_dealer)
    draw = current_app.jinja_env.get_template("_sheet.html").module.hand_rows
    html = draw(rows, why=why_url, edit=edit_url, offline=offline or {})
    legend = sheet.legend_of(game, rows, shown, shows_dealer)
    notes = [(OFFLINE_MARK, offline_note(name)) for name in dict.fromkeys((offline or {}).values())]
    return ShownRows(rows, Markup(html), legend, notes)


OFFLINE_MARK = "\u2708"
"""The mark of a hand recorded without the network and sent later (issue 34): ✈."""


def offline_note(name: str) -> Markup:
    """What the offline mark means for a hand recorded on ``name``'s phone, in the page's
    language: the legend's words, and the mark's own for a screen reader."""
    return page_text("recorded offline on %(name)s's phone", name=bdi(name))


def bid_line(
    game: Game, hand: dict[str, Any], players: Sequence[str], settings: Settings | None = None
) -> str:
    """Who bid what in a saved version of a hand of ``game`` (its record's ``to_dict``);
    how it was thrown in for a thrown-in deal."""
    view = game.revision_view(hand, players, settings)
    sides = sides_named(game, players)
    return " · ".join(
        shown(with_sides(part, sides) if isinstance(part, Message) else part)
        for part in view.summary
    )


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's part of a hand: its figures in the game's words ("bid 2, took 0"),
    if any, and a penalty note, if any."""

    name: str
    figures: str | None
    note: str | None


def player_figures(
    game: Game, hand: dict[str, Any], players: Sequence[str], settings: Settings | None = None
) -> list[PlayerFigures]:
    """Each player's part of a saved version of a hand of ``game``, by name; none for a
    thrown-in deal."""
    view = game.revision_view(hand, players, settings)
    return [
        PlayerFigures(name, shown(figures) if figures else None, shown(note) if note else None)
        for name, (figures, note) in zip(players, view.seats, strict=False)
    ]


def terms_said(terms: Sequence[Any], names: Sequence[str], sides: Sequence[str]) -> list[str]:
    """One seat's terms of a deal's working (``Game.explain``) as the "why" page, the rules
    page and the print's workings show them: each player and side by name (``names`` in
    seat order, ``sides`` as ``sides_named`` gives them), in the page's language, signed
    numbers and notation kept left to right."""
    return [
        isolate_ltr(shown(term))
        if isinstance(term, Notation)
        else shown(named(with_sides(term, sides), names) if isinstance(term, Message) else term)
        for term in terms
    ]


def sides_named(game: Game, names: Sequence[str]) -> list[str]:
    """Each side as its players, "Ann & Cat", each name isolated (``Partners``): how a
    hand's outcome names a side ("Ann & Cat set")."""
    return [Partners.of(names[seat] for seat in side) for side in game.sides]
