"""What a printed score sheet shows, for its templates (``templates/paper.html`` and those
that extend it): a game's sheet (``sheet.html``, the print's view in ``sheets.py``, and a
club night's table list, ``club_list.html``, which extends it) and a blank sheet for
pencil play (``blank_sheet.html``). Views import this module, never each other.

The hands are the engine's sheet model laid out on paper (``paper.py``); the
templates only print what is worked out here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import current_app
from flask_babel import gettext as _
from markupsafe import Markup

from ... import db, game_play
from ...engine import Game, Settings
from ...engine.core.display import total
from ...engine.core.game import HandPlace
from ...lru import Lru
from ..chart import game_chart
from ..i18n import current_language, is_rtl, shown, shown_ltr
from ..service import game_of, kind_name, rules_label, side_names
from .paper import SheetColumns, paper_hands, sheet_widths
from .scoreboard import terms_said


def game_paper(
    game: db.StoredGame, hands: Sequence[Any], progress: Any, explain: bool = False
) -> dict[str, Any]:
    """The context of ``templates/sheet.html`` for ``game``, its stored ``hands`` replayed
    (``progress``); with ``explain``, how every score was worked out. The hands' rows are
    drawn here, by ``_paper.html``'s ``paper_rows`` (``rows_html``), so that the context
    holds the sheet's heaviest part drawn (``kept_paper``)."""
    rules = game_of(game)
    sides = side_names(game)
    paper = paper_hands(rules, game.settings, progress, game.names_at, shown, _labels(sides))
    lri, pdi = ("\u2066", "\u2069") if is_rtl() else ("", "")
    draw = current_app.jinja_env.get_template("_paper.html").module.paper_rows
    return _rules_context(rules, game.settings, kind_name(game), paper.columns, paper.widths) | {
        "game": game,
        "hands": paper,
        "rows_html": Markup(draw(paper, rules.page_words, lri, pdi)),
        "sides": sides,
        "seat_names": game.seated,
        "rules": rules_label(game),
        "explain": explain,
        "explained": explanations(game, hands, progress) if explain else None,
        "start": [total(t) for t in game.starting_totals] if game.starting_totals else None,
        "penalised": paper.rows.penalised,
        "figures": paper.figures,
        "pad": paper.rows.pad,
        "totals": [total(t) for t in progress.totals],
        "winner": None if progress.winner is None else sides[progress.winner],
        # A win shared at the end (a tie the rules let stand), or a game over with none.
        "shared": [sides[side] for side in progress.winners],
        "finished": progress.status == "finished",
        "chart": Markup(game_chart(progress, game.seated, rules, title=_("Running totals")))
        if hands
        else None,
    }


# A game's printed sheet's context, its rows drawn (``game_paper``), by database file,
# game, version, language and workings: a long game's sheet asked again (printed, then
# printed with its workings, or by another phone in the same language) costs a row read
# and the page around its rows, not a replay and a thousand rows drawn, until the game
# next changes (every change bumps the version, another process's too, as it is read from
# the file). At most 16 sheets; a 1,000-hand game's is about 2 MB.
PAPERS = Lru(16)


def paper_key(game: db.StoredGame, explain: bool) -> tuple:
    """Everything ``game_paper``'s context for ``game`` depends on."""
    path = db.database_path(db.get_db())
    return (path, game.id, game.version, current_language(), explain)


def kept_paper(game: db.StoredGame, explain: bool) -> dict[str, Any] | None:
    """The context of ``game``'s sheet as kept for its version (``PAPERS``), or None."""
    return PAPERS.get(paper_key(game, explain))


def keep_paper(game: db.StoredGame, explain: bool, context: dict[str, Any]) -> None:
    """Keeps ``context``, ``game_paper``'s for ``game`` as read with its hands."""
    PAPERS.put(paper_key(game, explain), context)


def blank_paper(game: Game, settings: Settings, kind: str, rules: str) -> dict[str, Any]:
    """The context of ``templates/blank_sheet.html``: an empty sheet of ``game`` under
    ``settings``, headed ``kind`` (the game's name, its preset's where that names it:
    Hearts) and ``rules`` (the preset's label). A game whose deals are known in advance
    (Oh Hell's cards dealt) has a row for each, the deal written in; any other, rows
    enough for pencil play."""
    deals = game.paper.sheet_deals(settings)
    rows = list(enumerate(deals, 1)) or [(n, "") for n in range(1, BLANK_ROWS + 1)]
    columns = SheetColumns.of(game, settings)
    widths = sheet_widths(game, columns, shown, deals or None, labels=_labels(()), hands=len(rows))
    return _rules_context(game, settings, kind, columns, widths) | {
        "sides": ("",) * len(game.sides),
        "rules": rules,
        "blank_rows": rows,
    }


# Rows tall enough for pencil that still fit one A4 or Letter page.
BLANK_ROWS = 32


def _labels(sides: Sequence[str]) -> dict[str, str]:
    """The sheet's own headings (``templates/paper.html``'s) and the sides' names, in the
    page's language, whose words its columns must hold (``paper.sheet_widths``)."""
    return {"dealer": _("Dealer"), "points": _("Pts"), "total": _("Tot"), "sides": " ".join(sides)}


def _rules_context(
    rules: Game, settings: Settings, kind: str, columns: SheetColumns, widths: dict[str, str]
) -> dict[str, Any]:
    """What every printed sheet of ``rules`` under ``settings`` shows (``paper.html``):
    its heading ``kind``, its rules, its columns and their widths."""
    return {
        "columns": columns,
        "widths": widths,
        "game_kind": kind,
        "words": rules.page_words,
        # A game that says a hand on a line across its cells (Skat's value worked out)
        # prints it so on a phone too: its hands' table fits the screen (print.css).
        "across": rules.row_layout == "across",
        "rules_lines": scoring_rules(rules, settings),
        "rule_sentences": [shown(note) for note in rules.rules_notes(settings)],
        "points_table": [(n, str(points)) for n, points in rules.paper.points_table(settings)],
    }


def scoring_rules(game: Game, settings: Settings) -> list[tuple[str, str]]:
    """The game's rules lines for the sheet, in the page's language."""
    return [(shown(line.label), shown_ltr(line.value)) for line in game.rules_lines(settings)]


def explanations(game: db.StoredGame, hands: Any, progress: Any) -> list[dict[str, Any]]:
    """How each side's points in each played hand were worked out, in the page's language:
    the sheet's footnotes, one per hand, each side's terms as the "why" page gives them,
    each hand at its place (``progress``, the whole game's replay, gives the state after
    each hand)."""
    rules = game_of(game)
    names = side_names(game)
    notes = []
    place = HandPlace.after(game_play.progress_of(game, []).state)
    for stored, replayed in zip(hands, progress.hands, strict=True):
        terms = rules.explain(game.settings, stored.record, place)
        place = HandPlace.after(replayed.state)
        sides = [
            {
                "name": names[i],
                "terms": terms_said(terms[side[0]], game.names_at(stored.number), names),
            }
            for i, side in enumerate(rules.sides)
            if terms[side[0]]
        ]
        if sides:
            notes.append({"number": stored.number, "sides": sides})
    return notes
