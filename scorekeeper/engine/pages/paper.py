"""The printed sheet's page model: a game's hands (``sheet.hand_rows``, the scoreboard's
own model) laid out on paper, one column a part of the hand, for ``templates/sheet.html``
(a game's sheet, and the club's list that extends it) and ``templates/blank_sheet.html``.

What the paper adds to the hands is its layout: which columns a game's sheet has, how
wide each is in em of the table's size (so that up to 40 hands fit one A4 or Letter page
and a long name, bid or outcome is never cut), and the classes by which
``static/print.css`` sizes a long name in its cell. The templates only print it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.game import Game, Settings
from .sheet import HandRows, Shown, hand_rows

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
    shown: Shown,
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
    as what is left allows. ``shown`` says the game's headings in the page's language."""
    heads = [shown(head) for head in game.page_words.entry_heads]
    held = _entry_em(max((len(e) for e in entries), default=0))
    narrow = _widths(game, columns, shown, bids, outcomes, held)
    word = max((len(w) for head in heads for w in head.split()), default=0)
    whole = _entry_em(word)
    if whole > held:
        wide = _widths(game, columns, shown, bids, outcomes, whole)
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
    shown: Shown,
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


def name_fit(name: str) -> str:
    """The classes of a name in a name column (who dealt, who played alone), which prints
    it whole, never cut to "Maximili…": none for a name of 6 letters or fewer; for a longer
    one, its letters (``l7``…``l30``) and those of the longer line of its best break into
    two lines between words (``m1``…``m30``, ``_two_lines``). By them print.css draws it
    on one line, smaller where it must, or, smaller still, on two lines inside the row's
    own height: a long name is read whole and forty hands still print on one page."""
    letters = len(name)
    if letters <= 6:
        return ""
    return f"l{min(letters, 30)} m{min(_two_lines(name), 30)}"


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


@dataclass(frozen=True, slots=True)
class PaperHands:
    """A game's hands on its printed sheet: the rows (the scoreboard's model), its columns
    and their widths (``sheet_widths``: the classes ``bid``, ``who``, ``outcome``,
    ``entry``, ``fit`` and ``up``), the classes of each name its name columns hold
    (``name_fit``), whether each hand's outcome is said on a line across under its cells
    (Doppelkopf) and the columns that line spans, and the characters of the longest entry,
    points and total (a game that says its hand on a line across shares a phone's width
    among them: print.css's fe, fp and ft classes)."""

    rows: HandRows
    columns: SheetColumns
    widths: dict[str, str]
    fits: dict[str, str]
    line: bool
    span: int
    figures: tuple[int, int, int]


def paper_hands(
    rules: Game,
    settings: Settings,
    progress: Any,
    seating: Callable[[int], Sequence[str]],
    shown: Shown,
) -> PaperHands:
    """The hands of ``progress`` on the printed sheet of a game of ``rules`` under
    ``settings``, ``seating`` saying who sat where at hand n and ``shown`` a game's text in
    the page's language."""
    columns = SheetColumns.of(rules, settings, played=True)
    rows = hand_rows(rules, progress, seating, shown, shows_dealer=columns.dealer)
    bids = [row.bid for row in rows.rows if row.bid is not None]
    outcomes = {row.outcome for row in rows.rows}
    played = [cell for row in rows.rows for cell in row.cells if cell.points is not None]
    entries = {entry for cell in played for entry in cell.entries if entry}
    names = {name for row in rows.rows for name in (row.dealer, row.about) if name}
    longest = (
        max(map(len, entries), default=1),
        max((len(cell.points or "") for cell in played), default=1),
        max((len(cell.total) for row in rows.rows for cell in row.cells), default=1),
    )
    return PaperHands(
        rows,
        columns,
        sheet_widths(rules, columns, shown, bids, tuple(outcomes), tuple(entries)),
        {name: name_fit(name) for name in names},
        rules.row_layout == "under",
        1 + columns.before_seats + len(rules.sides) * (len(rules.page_words.entry_heads) + 2),
        (min(longest[0], 4), min(max(longest[1], 1), 8), min(max(longest[2], 1), 8)),
    )
