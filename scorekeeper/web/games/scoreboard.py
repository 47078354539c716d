"""What the scoreboard shows, built from the game's own view of its hands
(``Game.hand_views``): rows of plain strings in the page's language, so templates only
print and never compute a score."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
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
    parts: tuple[Markup, ...] = ()  # each row's HTML, which ``html`` joins, then ``tail``
    tail: Markup = Markup("")  # what follows the rows: a game's own paper, its foot

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
    parts = _drawn(rows.rows, rows, why_url, edit_url, offline)
    tail = Markup(
        _draw()(replace(rows, rows=()), why=why_url, edit=edit_url, offline=offline or {})
    )
    return _shown(game, rows, parts, tail, shows_dealer, offline)


def _draw() -> Callable[..., str]:
    return current_app.jinja_env.get_template("_sheet.html").module.hand_rows


def _drawn(
    rows: Sequence[sheet.Row],
    model: sheet.HandRows,
    why_url: tuple[str, str],
    edit_url: tuple[str, str] | None,
    offline: Mapping[int, str] | None,
) -> tuple[Markup, ...]:
    """Each of ``rows`` drawn alone (by ``templates/_sheet.html``, as in ``model``'s
    table), without what follows the rows: the table's rows are these joined."""
    draw, alone = _draw(), replace(model, pad=None, foot=())
    return tuple(
        Markup(draw(replace(alone, rows=(row,)), why=why_url, edit=edit_url, offline=offline or {}))
        for row in rows
    )


def _shown(
    game: Game,
    rows: sheet.HandRows,
    parts: tuple[Markup, ...],
    tail: Markup,
    shows_dealer: bool,
    offline: Mapping[int, str] | None,
) -> ShownRows:
    legend = sheet.legend_of(game, rows, shown, shows_dealer)
    notes = [(OFFLINE_MARK, offline_note(name)) for name in dict.fromkeys((offline or {}).values())]
    return ShownRows(rows, Markup("").join((*parts, tail)), legend, notes, parts, tail)


def rows_with_new_hand(
    kept: ShownRows,
    game: Game,
    progress: Any,
    seating: Callable[[int], Sequence[str]],
    changes: dict[int, list[str]],
    why_url: tuple[str, str],
    edit_url: tuple[str, str] | None,
    shows_dealer: bool = True,
    offline: Mapping[int, str] | None = None,
) -> ShownRows | None:
    """``hand_rows`` of ``progress`` (its last hand the game's newest) drawn from ``kept``,
    the rows of the game as it was before that hand was added (issue 82): the rows kept
    that ``progress`` still shows, and the new hand's row, drawn alone; a hand's row is
    the same whatever hands come after it. None for a game with its own paper or a foot
    under the rows (what sums up the game is drawn from all its hands), or when ``kept``
    does not end at the hand before the new one."""
    hands = progress.hands
    if not hands or kept.rows.pad is not None or kept.rows.foot or len(kept.parts) != kept.count:
        return None
    number = hands[-1].number
    if (kept.rows.rows[-1].number if kept.count else 0) != number - 1:
        return None
    before = hands[-2].state if len(hands) > 1 else progress.before
    new = sheet.hand_rows(
        game,
        replace(progress, hands=hands[-1:], before=before),
        seating,
        shown,
        changes,
        shows_dealer,
    )
    if new.pad is not None or new.foot:
        return None
    first = hands[0].number
    kept_rows = [
        (row, part)
        for row, part in zip(kept.rows.rows, kept.parts, strict=True)
        if row.number >= first
    ]
    every = (*(row for row, _ in kept_rows), *new.rows)
    rows = replace(
        new,
        rows=every,
        penalised=any(cell.penalty is not None for row in every for cell in row.cells),
        about=any(row.about is not None for row in every),
    )
    parts = (*(part for _, part in kept_rows), *_drawn(new.rows, new, why_url, edit_url, offline))
    return _shown(game, rows, parts, kept.tail, shows_dealer, offline)


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
