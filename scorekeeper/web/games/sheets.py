"""Printable score sheets: a game as played, and a blank sheet for pencil play.

Both use one template (``sheet.html``) and the print stylesheet (``static/print.css``):
no navigation and no buttons, up to 40 hands on one A4 or Letter page, and the table's
header repeated on every page after that.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from flask import Blueprint, abort, render_template, request, session, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ... import db, game_play
from ...engine import EngineError, Game, Settings, parse_int
from ...engine.core.display import label_with_sides, signed, total
from ...engine.core.seating import empty_at
from ..access import game_and_hands_or_404, game_or_404
from ..chart import game_chart
from ..forms import preset_label
from ..i18n import bdi, current_language, isolate_ltr, ltr_isolator, shown, shown_ltr, translate
from ..links import public_root
from ..responses import CachedPage, page_cache
from ..service import (
    game_of,
    kind_name,
    offered_game,
    offered_preset,
    rules_label,
    side_names,
)
from ..weight import heavy, light
from .scoreboard import PageTexts, bid_css, sides_named, terms_said

bp = Blueprint("sheets", __name__)

# Rows tall enough for pencil that still fit one A4 or Letter page.
BLANK_ROWS = 32
# The hands table's columns in em of its own size (print.css): 71 em fill A4's 190 mm.
# Number, outcome, and per side its entry columns, points and total have fixed widths;
# the two name columns and the bid share the rest.
SHEET_EM = 71
FIXED_EM = 2.3
SIDE_EM = 3.8 + 4.9
ENTRY_EM = 2.1
# The names give way first, to the outcome, whose longest word must fit whole
# ("unterboten", "keine 90"); a name longer than its column is cut at its own end.
NAME_EM, NAME_MOST_EM = 5, 10
BID_MOST_EM = 10
OUTCOME_EM, OUTCOME_MOST_EM = 4, 8
OUTCOME_EM_PER_CHARACTER = 0.55  # at the outcome's .87 em, with its padding
# Beyond its longest word, the outcome takes what the names can give (down to NAME_EM)
# until its longest text fits on OUTCOME_LINES lines: Skat's value worked out
# ("mit 2, Spiel 3, Schneider 4, × 24 = 96 · Bock: 96 × 2 = 192 · verloren") wrapped over
# ten lines of a column 6 em wide beside names 10 em wide (issue 56).
OUTCOME_LINES, OUTCOME_WIDEST_EM = 3, 20
# An entry column is as wide as its head's longest word ("Partei") and its longest entry
# ("2100" above bridge's line) need: neither breaks nor is cut.
ENTRY_EM_PER_CHARACTER = 0.55


def _table_of(game: Game, players: str | None) -> Game:
    """``game`` for a blank sheet of ``players`` (as the address gives it; None: the game's
    own count), or a 400 that says how many the game seats."""
    if players is None:
        return game
    counts = game.seat_counts
    try:
        return game.seated(parse_int(players, "players", low=counts[0], high=counts[-1]))
    except EngineError:
        if len(counts) == 1:
            abort(
                400,
                _(
                    "%(game)s is played by %(seats)d players.",
                    game=translate(game.name),
                    seats=game.seats,
                ),
            )
        abort(
            400,
            _(
                "%(game)s is played by %(low)d to %(high)d players: ask for a sheet of that many.",
                game=translate(game.name),
                low=counts[0],
                high=counts[-1],
            ),
        )


@dataclass(frozen=True, slots=True)
class SheetColumns:
    """Which of the hand's own columns a game's sheet has: the dealer where the game shows
    who deals, the player a hand is about and the bid where its words head them
    (``PageWords.auction_head``, ``bid_head``); the number and the outcome always."""

    dealer: bool
    about: bool
    bid: bool
    outcome: bool = True

    @classmethod
    def of(cls, game: Game, settings: Settings, played: bool = False) -> SheetColumns:
        """``played``: a game's sheet, whose outcome a game that says it on a line of its
        own under the hand's cells (Doppelkopf) leaves nothing in its column; a blank
        sheet keeps the column for the pencil."""
        words = game.page_words
        return cls(
            game.shows_dealer(settings),
            words.auction_head is not None,
            words.bid_head is not None,
            not (played and game.row_layout == "under"),
        )

    @property
    def names(self) -> int:
        """How many columns hold a player's name."""
        return self.dealer + self.about

    @property
    def before_seats(self) -> int:
        """The columns after the number and before the first side's."""
        return self.names + self.bid + self.outcome


def sheet_widths(
    game: Game,
    columns: SheetColumns,
    bids: Sequence[str] | None,
    outcomes: Sequence[str] = (),
    entries: Sequence[str] = (),
) -> dict[str, str]:
    """The classes (``w3``…``w10``, whole em) of the sheet's bid, outcome, entry and name
    columns: the bid as wide as the longest of ``bids`` needs (None, a blank sheet: room
    for a bid in words), the outcome as its longest word among ``outcomes`` needs (it
    wraps at a space), an entry as the longest of ``entries`` needs (a number is never
    cut) and, where the paper has the room (the bid as wide and the size the same; the
    names give way), as its head's longest word needs ("Partei" whole), the names as wide
    as what is left allows."""
    heads = [shown(head) for head in game.page_words.entry_heads]
    held = _entry_em(max((len(e) for e in entries), default=0))
    narrow = _widths(game, columns, bids, outcomes, held)
    word = max((len(w) for head in heads for w in head.split()), default=0)
    whole = _entry_em(word)
    if whole > held:
        wide = _widths(game, columns, bids, outcomes, whole)
        if all(wide[column] == narrow[column] for column in ("fit", "bid")):
            return wide
        # The heading's longest word is wider than its column ("Partei" over "Re" and "K"
        # at a Doppelkopf table of five): it runs upwards, whole (print.css's "up").
        return narrow | {"up": "up"}
    return narrow


def _entry_em(characters: int) -> float:
    """An entry column's width for ``characters``: ``ENTRY_EM`` or whole em, at most
    ``BID_MOST_EM``."""
    wanted = math.ceil(characters * ENTRY_EM_PER_CHARACTER + 0.5)
    return min(wanted, BID_MOST_EM) if wanted > ENTRY_EM else ENTRY_EM


def _widths(
    game: Game,
    columns: SheetColumns,
    bids: Sequence[str] | None,
    outcomes: Sequence[str],
    entry: float,
) -> dict[str, str]:
    """``sheet_widths`` for entry columns ``entry`` em wide."""
    sides = len(game.sides)
    word = max((len(w) for outcome in outcomes for w in outcome.split()), default=0)
    outcome = max(
        OUTCOME_EM, min(OUTCOME_MOST_EM, math.ceil(word * OUTCOME_EM_PER_CHARACTER + 0.6))
    )
    room = SHEET_EM - FIXED_EM - outcome * columns.outcome
    room -= sides * (SIDE_EM + entry * len(game.page_words.entry_heads))
    longest = BID_MOST_EM if bids is None else max(map(len, bids), default=0)
    names = max(columns.names, 1)
    bid = max(3, min(math.ceil(longest * 0.6 + 0.6), BID_MOST_EM, int(room - names * NAME_EM)))
    text = max(map(len, outcomes), default=0) * OUTCOME_EM_PER_CHARACTER / OUTCOME_LINES
    spare = int(room - bid * columns.bid - names * NAME_EM)
    grown = min(math.ceil(text + 0.6), OUTCOME_WIDEST_EM, outcome + max(spare, 0))
    if columns.outcome and grown > outcome:
        room -= grown - outcome
        outcome = grown
    # The column holds its heading's longest word whole ("Spiel" over Skat's suits, in
    # bold), where the names keep their room after the outcome's.
    head = game.page_words.bid_head
    heading = max((len(w) for w in str(shown(head) if head else "").split()), default=0)
    whole = min(math.ceil(heading * 0.66 + 0.6), BID_MOST_EM, int(room - names * NAME_EM))
    bid = max(bid, whole)
    name = max(NAME_EM, min(NAME_MOST_EM, int((room - bid * columns.bid) / names)))
    # A table of many players (Oh Hell's seven, the round sheet's eight) needs more than
    # the page's width at the usual size: it prints smaller, so that every player's
    # columns, the last total too, are on the paper (print.css's --fit).
    # The page's CSP allows no style attribute: print.css sizes each 5 % (100 … 40).
    needed = SHEET_EM - room + bid * columns.bid + name * columns.names
    fit = max(40, min(100, math.floor(SHEET_EM / needed * 20) * 5))
    widths = {"bid": f"w{bid}", "who": f"w{name}", "outcome": f"w{outcome}", "fit": str(fit)}
    return widths | {"entry": f"w{entry}" if entry > ENTRY_EM else ""}


def _who_cell(name: str) -> str:
    """A name column's cell (who dealt, who played alone): the whole name, never cut to
    "Maximili…". A name of 7 letters or more sits in a box (``.fit``, the width print.css
    measures) with two classes: its letters (``l7``…``l30``) and those of the longer line
    of its best break into two lines between words (``m1``…``m30``, ``_two_lines``). By
    them print.css draws it on one line, smaller where it must, or, smaller still, on two
    lines inside the row's own height: a long name is read whole and forty hands still
    print on one page."""
    letters = len(name)
    if letters <= 6:
        return f'<td class="who">{bdi(name)}</td>'
    sizes = f"l{min(letters, 30)} m{min(_two_lines(name), 30)}"
    return f'<td class="who"><div class="fit {sizes}">{bdi(name)}</div></td>'


def _two_lines(name: str) -> int:
    """The letters of the longer line of ``name`` broken into two lines where it may
    break (at a space, after a hyphen) as evenly as it can: ``name``'s own letters where it
    cannot break."""
    words = name.replace("-", "- ").split()
    if len(words) < 2:
        return len(name)
    best = len(name)
    for cut in range(1, len(words)):
        first = " ".join(words[:cut]).replace("- ", "-")
        second = " ".join(words[cut:]).replace("- ", "-")
        best = min(best, max(len(first), len(second)))
    return best


# The points and total columns hold six characters (−10400) at the sheet's size; longer
# numbers get the class "long", printed smaller, so that no number is ever cut.
FITS = 6


@dataclass(frozen=True, slots=True)
class SheetRows:
    """The sheet's rows of played hands as HTML, and what the page says about them."""

    html: Markup
    bids: tuple[str, ...]  # each bid as shown, for the bid column's width (``sheet_widths``)
    penalised: bool  # whether anyone paid a penalty (the legend's note)
    outcomes: tuple[str, ...] = ()  # each outcome once, as shown: its column's width
    entries: tuple[str, ...] = ()  # each entry once, as shown: the entry columns' width
    # The characters of the longest entry, points and total: on a phone, a game that says
    # its hand on a line across shares each player's width among them (print.css's fe, fp
    # and ft classes).
    figures: tuple[int, int, int] = (3, 4, 5)


def sheet_rows(game: db.StoredGame, progress: Any) -> SheetRows:
    """One row per hand, as the game shows its replayed hands: the number, who dealt and
    whom the hand is about (where the sheet has those columns), the bid, the outcome,
    and per side its entry columns, points and running total.

    Built with one format a cell rather than a template loop, each label translated and
    escaped once (``scoreboard.PageTexts``), as the scoreboard's rows are: a long game's
    sheet is thousands of cells, and a page must cost its output."""
    rules = game_of(game)
    columns = SheetColumns.of(rules, game.settings, played=True)
    entries = len(rules.page_words.entry_heads)
    text = PageTexts()
    ltr = ltr_isolator()
    bid_class = ' colspan="2" class="ou"' if columns.bid else ' class="ou"'
    if not columns.outcome:
        bid_class = ""
    blank = '<td class="s"></td>' + "<td></td>" * (entries - 1) if entries else ""
    # Each outcome as shown, by the outcome ("over", "Ann & Cat set") and who sat: a
    # Message equals its English text, so each piece is known by its kind too.
    outcomes: dict[tuple, str] = {}
    outcome_words: set[str] = set()
    entry_words: set[str] = set()
    cells: dict[tuple, str] = {}
    # A name column's cell for each name, made once (a game has a few names).
    who = cache(_who_cell)
    bids: list[str] = []
    penalised = False
    longest_points = longest_total = 1
    out: list[str] = []
    # A game whose outcome is a line to check (Doppelkopf) prints it across the table.
    span = 1 + columns.before_seats + len(rules.sides) * (entries + 2)
    line = rules.row_layout == "under"
    for hand in rules.hand_views(progress):
        names = game.names_at(hand.number)
        row = [f"<tr><td>{hand.number}</td>"]
        if columns.dealer:
            row.append(who(names[hand.dealer]))
        if columns.about:
            row.append(who("" if hand.about is None else names[hand.about]))
        key = (hand.outcome, names, *map(type, hand.outcome.pieces))
        if key not in outcomes:
            named = label_with_sides(hand.outcome, sides_named(rules, names))
            outcomes[key] = text.label(named)
            outcome_words.add(text.shown(named))
        outcome = outcomes[key]
        said, outcome = (outcome, "") if line else ("", outcome)
        if columns.bid and hand.bid is not None:
            css = bid_css(hand.bid)
            bids.append(text.shown(hand.bid))
            row.append(
                f'<td class="bid{" " + text(css) if css else ""}">{text.label(hand.bid)}</td>'
                + (f'<td class="ou">{outcome}</td>' if columns.outcome else "")
            )
        else:
            if hand.bid is not None:
                bids.append(text.shown(hand.bid))
            if columns.outcome or columns.bid:
                row.append(f"<td{bid_class}>{outcome}</td>")
        empty = empty_at(progress.settings, hand.number)  # nobody sat there: no total
        for seat, view in enumerate(hand.seats):
            # Numbers hold no character HTML escapes: only digits, signs and isolates.
            figure = "" if seat in empty else total(view.total)
            longest_total = max(longest_total, len(figure))
            long = ' class="t long"' if len(figure) > FITS else ' class="t"'
            if view.points is None:
                row.append(f'{blank}<td class="p"></td><td{long}>{ltr(figure)}</td>')
                continue
            # The same few entries ("2", "3") in hand after hand: each made once. A
            # Message equals its English text: known by its kind too.
            key = (view.entry, *map(type, view.entry))
            if key not in cells:
                entry_words.update(text.shown(part) for part in view.entry[:entries])
                parts = [text(text.shown(part)) for part in view.entry[:entries]]
                parts += [""] * (entries - len(parts))
                cells[key] = "".join(
                    f'<td class="s">{part}</td>' if i == 0 else f"<td>{part}</td>"
                    for i, part in enumerate(parts)
                )
            row.append(cells[key])
            penalty = ""
            if view.penalty is not None:
                penalty = text.penalty(view.penalty)
                penalised = True
            points = signed(view.points)
            longest_points = max(longest_points, len(points))
            row.append(f'<td class="p">{ltr(points)}{penalty}</td><td{long}>{ltr(figure)}</td>')
        row.append("</tr>\n")
        if line:
            row.append(f'<tr class="outcome-line"><td colspan="{span}">{said}</td></tr>\n')
        out.append("".join(row))
    longest_entry = max(map(len, entry_words), default=1)
    return SheetRows(
        Markup("".join(out)),
        tuple(bids),
        penalised,
        tuple(outcome_words),
        tuple(entry_words),
        (min(longest_entry, 4), min(longest_points, 8), min(longest_total, 8)),
    )


def scoring_rules(game: Game, settings: Settings) -> list[tuple[str, str]]:
    """The game's rules lines for the sheet, in the page's language."""
    return [(shown(line.label), shown_ltr(line.value)) for line in game.rules_lines(settings)]


def _sheet(
    rules_of: Game,
    settings: Settings,
    bids: Sequence[str] | None,
    kind: str,
    outcomes: Sequence[str] = (),
    entries: Sequence[str] = (),
    **context: Any,
):
    """The sheet page, its rules written by the game ``rules_of`` and headed ``kind`` (the
    game's name, its preset's where that names it: Hearts), its columns the game's and as
    wide as ``bids`` need (``sheet_widths``)."""
    columns = SheetColumns.of(rules_of, settings, played=context.get("game") is not None)
    return render_template(
        "sheet.html",
        columns=columns,
        widths=sheet_widths(rules_of, columns, bids, outcomes, entries),
        game_kind=kind,
        words=rules_of.page_words,
        # A game that says a hand on a line across its cells (Skat's value worked out)
        # prints it so on a phone too: its hands' table fits the screen (print.css).
        across=rules_of.row_layout == "across",
        rules_lines=scoring_rules(rules_of, settings),
        rule_sentences=[shown(note) for note in rules_of.rules_notes(settings)],
        points_table=[(n, str(points)) for n, points in rules_of.points_table(settings)],
        **context,
    )


def explanations(game: db.StoredGame, hands: Any, progress: Any) -> list[dict[str, Any]]:
    """How each side's points in each played hand were worked out, in the page's language:
    the sheet's footnotes, one per hand, each side's terms as the "why" page gives them,
    each hand at its place (``progress``, the whole game's replay, gives the state after
    each hand)."""
    rules = game_of(game)
    names = side_names(game)
    notes = []
    place = rules.place_of(rules.state_of(game_play.progress_of(game, [])))
    for stored, replayed in zip(hands, progress.hands, strict=True):
        terms = rules.explain(game.settings, stored.record, place)
        place = rules.place_after(replayed)
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


def _paper(rules: Game, progress: Any, seating: Any) -> Any:
    """The game's own paper under its sheet (bridge's pad: ``templates/_sheet_bridge.html``),
    where it keeps one."""
    drawn = getattr(rules, "sheet_pad", None)
    return None if drawn is None else drawn(progress, shown, seating)


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
    A sheet that would show a flashed message is made for its request alone.
    """
    explain = request.args.get("explain") == "1"
    shared = not session.get("_flashes")
    if shared:
        page = page_cache().get(_sheet_key(game_or_404(game_id), explain))
        if page is not None:
            return page.response()
    game, hands = game_and_hands_or_404(game_id)
    progress = game_play.progress_of(game, hands)
    rows = sheet_rows(game, progress)
    html = _sheet(
        game_of(game),
        game.settings,
        rows.bids,
        kind_name(game),
        rows.outcomes,
        rows.entries,
        game=game,
        players=side_names(game),
        seat_names=game.seated,
        explained=explanations(game, hands, progress) if explain else None,
        explain=explain,
        start=[isolate_ltr(total(t)) for t in game.starting_totals]
        if game.starting_totals
        else None,
        rules=rules_label(game),
        rows=rows.html,
        penalised=rows.penalised,
        figures=rows.figures,
        pad=_paper(game_of(game), progress, game.names_at),
        totals=[isolate_ltr(total(t)) for t in progress.totals],
        foot=[
            (shown(line.label), [isolate_ltr(shown(c)) for c in line.cells])
            for line in game_of(game).notes(progress).foot
        ],
        winner=None if progress.winner is None else side_names(game)[progress.winner],
        # A win shared at the end (a tie the rules let stand), or a game over with none.
        shared=[side_names(game)[side] for side in progress.winners],
        finished=progress.status == "finished",
        chart=Markup(game_chart(progress, game.seated, game_of(game), title=_("Running totals")))
        if hands
        else None,
        # The language buttons come back to the sheet itself, never to a query one
        # visitor sent.
        page_path=url_for("sheets.game_sheet", game_id=game.id, explain=1 if explain else None),
    )
    page = CachedPage.of(html)
    if shared:
        page_cache().put(_sheet_key(game, explain), page)
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
    deals = game.sheet_deals(settings)
    return _sheet(
        game,
        settings,
        deals or None,
        translate(game.title_of(rules)),
        game=None,
        players=("",) * len(game.sides),
        rules=preset_label(game, rules),
        rows=None,
        # A game whose hands are known in advance (Oh Hell's cards dealt) has a row for
        # each, the deal written in; any other, rows enough for pencil play.
        blank_rows=list(enumerate(deals, 1)) or [(n, "") for n in range(1, BLANK_ROWS + 1)],
    )
