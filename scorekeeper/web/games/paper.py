"""The printed sheet's layout: a game's hands (the engine's sheet model, the scoreboard's
own, ``engine.pages.sheet.hand_rows``) laid out on paper, one column a part of the hand,
for ``templates/sheet.html`` (a game's sheet, and the club's list that extends it) and
``templates/blank_sheet.html``.

What the paper adds to the hands is its layout: which columns a game's sheet has and how
wide each is in em of the table's size, so that up to 40 hands fit an A4 or Letter page,
nothing is cut, and no name or heading prints below 7 pt (issue 69); and the classes by
which ``static/print.css`` sizes a long name in its cell. Widths are the sheet's own
font's (``print_font.py``), so a column is as wide as its longest word needs, never much
wider. The templates only print it. Pure Python: the phone never draws a print.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ...engine import Game, Settings
from ...engine.pages.sheet import HandRows, Shown, hand_rows
from .print_font import RUNS, UNITS

# The hands' table is drawn at TABLE_PT (print.css), times its fit where a table of many
# players needs more than the page's width; no name and no heading prints smaller than
# READABLE_PT, whatever the fit (issue 69: long dealers' names printed at about 5 pt).
TABLE_PT = 7.5
READABLE_PT = 7
# Where no layout holds every word at READABLE_PT even across the page (a 16-letter word
# for a name at a table of seven), the least size comes down a point at a time (print.css's
# data-floor): smaller, rather than off the edge of the paper.
FLOORS = (7, 6, 5, 4)
# The page's width, in em of the table's size at 100 %: 71 em fill A4's 190 mm upright
# (Letter is wider: the table stretches), and 97 em Letter's 259 mm across (A4's 277 mm
# is wider). Fits go down by 5 % to FIT_LEAST; a table that would print below
# UPRIGHT_LEAST upright (seven or eight players, long names) prints across the page.
SHEET_EM, ACROSS_EM = 71, 97
FIT_LEAST, UPRIGHT_LEAST = 40, 80
# What print.css reckons a letter takes, in em of its size, when it sizes a name or a
# heading to its box by its letters (a little over the font's widest): a name's letter
# (regular) and a heading's (bold).
NAME_LETTER, HEAD_LETTER = 0.66, 0.8
# At a small size Chromium (on Linux, where its text is hinted) draws each character on
# whole pixels, a letter of the bold face wider: up to a CSS pixel a letter more than its
# advance ("Contrat" at 7 pt bold, 39.7 px of advances, is drawn 46 px wide), a digit
# (tabular, its advance a round .64 em) up to a third of one. The font's tabular digits
# are the ASCII ten (the print writes its numbers in them): "²" or "٣" are letters here.
ROUNDING_PT, DIGIT_ROUNDING_PT = 0.75, 0.25
TABULAR_DIGITS = frozenset("0123456789")
# A character the font lacks is drawn in the system's: an em, to be safe.
UNKNOWN_EM = 1.0
# What keeps a signed figure left to right on a Hebrew sheet ("סה״כ ⁦+130⁩": LRI, PDI,
# and the other isolates and marks) takes no room: no em for it.
DIRECTION_MARKS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# A cell's padding on both sides, and a little air, in em of the table's size.
PAD = 0.6
# The outcome prints at .87 em of the table's size (print.css).
OUTCOME_SIZE = 0.87
# The number's column; the entry, points and total columns of a blank sheet, for a pencil.
NUMBER_EM = 2.3
ENTRY_EM, POINTS_EM, TOTAL_EM = 2.1, 3.8, 4.9
# A total longer than FITS characters prints smaller (print.css's "long", .8 em), whole.
FITS = 6
# A blank sheet's name column is NAME_EM wide and, where the paper has the room, up to
# NAME_MOST_EM; a played one is as wide as its longest word needs and, where there is
# room, up to its longest name on a line, at most NAME_LINE_EM.
NAME_EM, NAME_MOST_EM, NAME_LINE_EM = 5, 10, 16
BID_MOST_EM = 10
OUTCOME_EM, OUTCOME_MOST_EM = 4, 8
# Beyond its longest word, the outcome is as wide as its longest text needs to fit on
# OUTCOME_LINES lines: Skat's value worked out ("mit 2, Spiel 3, Schneider 4, × 24 = 96 ·
# Bock: 96 × 2 = 192 · verloren") wrapped over ten lines of a column 6 em wide beside
# names 10 em wide (issue 56).
OUTCOME_LINES, OUTCOME_WIDEST_EM = 3, 20


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
            settings.shows_dealer,
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


ENGLISH_LABELS = {"dealer": "Dealer", "points": "Pts", "total": "Tot", "sides": ""}
"""The sheet's own headings (its template's words), and the sides' names: the page's,
in its language, for ``sheet_widths``."""


def sheet_widths(
    game: Game,
    columns: SheetColumns,
    shown: Shown,
    bids: Sequence[str] | None,
    outcomes: Sequence[str] = (),
    entries: Sequence[str] = (),
    names: Sequence[str] = (),
    figures: tuple[Sequence[str], Sequence[str]] | None = None,
    labels: Mapping[str, str] = ENGLISH_LABELS,
    hands: int = 0,
) -> dict[str, str]:
    """The classes of the sheet's columns (``w3``, ``w3h``…: whole and half em of the
    table's size), the table's fit (``fit``, 40 to 100 %) and, where the table would print
    below UPRIGHT_LEAST upright, the page turned (``paper``: "across"), so that nothing on
    it is cut and no name or heading prints below READABLE_PT (``floor``, lower, only
    where no layout holds a word at it: ``FLOORS``):

    - the number's as the hands' numbers (up to ``hands``) and its heading need;
    - the bid as wide as the longest word of ``bids`` needs and, where there is room, the
      longest bid (None, a blank sheet: room for a bid in words);
    - the outcome as its longest word among ``outcomes`` needs (it wraps at a space) and
      its longest text on OUTCOME_LINES lines;
    - an entry as the longest of ``entries`` needs, the points and totals as the longest
      of ``figures`` (points, totals: None, a blank sheet, room for a pencil), and each as
      its heading's longest word needs ("Partei") where the paper has the room: else
      these headings run upwards (``up``);
    - a side's columns as its name's longest word needs;
    - the name columns as the longest word of ``names`` needs and, where there is room,
      up to the longest name on a line;
    - where no layout holds every word and figure at the floor, across the page with the
      players' names over their columns running upwards too (``up``: "names"), before
      the floor comes down.

    ``shown`` says the game's headings in the page's language, ``labels`` the sheet's own
    and the sides' names (``ENGLISH_LABELS``' keys)."""
    numbers = str(hands) if hands else "0"
    for floor in FLOORS:
        layout = _Layout(
            game, columns, shown, bids, outcomes, entries, names, figures, labels, numbers, floor
        )
        upright = layout.chosen(SHEET_EM, UPRIGHT_LEAST)
        floored = {"floor": str(floor)} if floor < READABLE_PT else {}
        if int(upright["fit"]) >= UPRIGHT_LEAST and "cut" not in upright:
            return upright | floored
        across = layout.chosen(ACROSS_EM) | {"paper": "across"}
        if "cut" not in across or "cut" not in upright:
            better = "cut" in upright or int(across["fit"]) > int(upright["fit"])
            return (across if better and "cut" not in across else upright) | floored
        # Last, rather than print anything below the floor: across the page, the players'
        # names over their columns run upwards too ("names"), each side as wide as its
        # figures need (eight players of long names, every figure at 7 pt: issue 69).
        names = layout.fitted(ACROSS_EM, "names") | {"up": "names", "paper": "across"}
        if "cut" not in names:
            return names | floored
    return across | floored


@cache
def _advances(weight: str) -> dict[str, float]:
    """Each character's advance in em, in ``weight`` ("regular" or "bold")."""
    found = {}
    for first, widths in RUNS[weight]:
        for offset, width in enumerate(widths.split()):
            found[chr(first + offset)] = int(width) / UNITS
    return found


@lru_cache(maxsize=8192)
def _measured(word: str, weight: str) -> tuple[float, float]:
    """``word``'s advances in ``weight`` added up (em of its size), and what its characters
    may add drawn on whole pixels (pt): kept, since a sheet's names, bids and outcomes
    are the same words print after print."""
    advances = _advances(weight)
    drawn = [c for c in word if c not in DIRECTION_MARKS]
    return (
        sum(advances.get(c, UNKNOWN_EM) for c in drawn),
        sum(DIGIT_ROUNDING_PT if c in TABULAR_DIGITS else ROUNDING_PT for c in drawn),
    )


class _Words:
    """Words in the sheet's font (read up to a hyphen, after which a name may wrap), and
    the widest of them at a size: each word's advances added up (em of its size) and what
    its characters may add when drawn on whole pixels (pt)."""

    def __init__(self, texts: Iterable[object], bold: bool = False) -> None:
        weight = "bold" if bold else "regular"
        found = {w for text in texts for w in str(text).replace("-", "- ").split()}
        self.words = [_measured(w, weight) for w in found]
        self.sizes: dict[float, float] = {}

    def widest(self, size_pt: float, scale: float) -> float:
        """The widest at ``size_pt``, in em of the table's size at the fit ``scale``: each
        size worked out once (a layout tries many fits)."""
        if size_pt not in self.sizes:
            self.sizes[size_pt] = max((em * size_pt + r for em, r in self.words), default=0)
        return self.sizes[size_pt] / (TABLE_PT * scale)


def _up(em: float) -> float:
    """``em`` rounded up to the half em (the column classes print.css has)."""
    return math.ceil(em * 2 - 1e-9) / 2


def _down(em: float) -> float:
    """``em`` rounded down to the half em."""
    return math.floor(em * 2 + 1e-9) / 2


def _em_class(em: float) -> str:
    """The class of a column ``em`` wide: ``w4`` (4 em), ``w4h`` (4.5 em)."""
    whole = int(em)
    return f"w{whole}h" if em > whole else f"w{whole}"


class _Layout:
    """``sheet_widths``' columns: each as its contents need at a given fit, and the room
    the page leaves shared out."""

    def __init__(
        self,
        game: Game,
        columns: SheetColumns,
        shown: Shown,
        bids: Sequence[str] | None,
        outcomes: Sequence[str],
        entries: Sequence[str],
        names: Sequence[str],
        figures: tuple[Sequence[str], Sequence[str]] | None,
        labels: Mapping[str, str],
        numbers: str,
        floor: float = READABLE_PT,
    ) -> None:
        words = game.page_words

        def heads(*texts: object) -> _Words:
            return _Words((str(shown(t)) for t in texts if t is not None), bold=True)

        self.columns = columns
        self.floor = floor  # the least size of a name or a heading, in pt
        self.sides = len(game.sides)
        self.entries = len(words.entry_heads)
        self.blank = figures is None
        # The words of each heading, and of the sides' names over their columns (bold).
        self.heads = {
            "number": heads("#"),
            "who": heads(labels["dealer"], words.auction_head if columns.about else None),
            "bid": heads(words.bid_head),
            "outcome": heads(words.outcome_head),
            "entry": heads(*words.entry_heads),
            "points": heads(labels["points"]),
            "total": heads(labels["total"]),
            "side": heads(labels["sides"]),
        }
        self.names = _Words(names)
        self.name_most = max((len(n) for n in names), default=0) * NAME_LETTER + PAD
        self.bids = _Words(bids or ())
        longest = BID_MOST_EM if bids is None else max(map(len, bids), default=0)
        self.bid_most = min(BID_MOST_EM, longest * 0.6 + PAD)
        self.outcomes = _Words(outcomes)
        self.outcome_letters = max(map(len, outcomes), default=0)
        points, totals = figures or ((), ())
        self.figures = {
            "number": _Words([numbers]),
            "entry": _Words(entries),
            "points": _Words(points),
            "total": _Words(t for t in totals if len(t) <= FITS),
            "long": _Words(t for t in totals if len(t) > FITS),
        }

    def chosen(self, page: float, least: int = FIT_LEAST) -> dict[str, str]:
        """The widths on a page ``page`` em wide: every heading across its column unless
        that prints the table smaller, or its bid narrower, than with the figures'
        headings running upwards (``up``: "figures"); and every heading but the names
        running upwards ("all") where neither prints the table at ``least`` % or more."""
        across = self.fitted(page, "")
        figures = self.fitted(page, "figures")
        if all(across.get(key) == figures.get(key) for key in ("fit", "bid", "cut")):
            found = across
        else:
            found = figures | {"up": "figures"}
        if int(found["fit"]) >= least and "cut" not in found:
            return found
        upwards = self.fitted(page, "all") | {"up": "all"}
        better = "cut" in found or int(upwards["fit"]) > int(found["fit"])
        return upwards if "cut" not in upwards and better else found

    def fitted(self, page: float, upwards: str) -> dict[str, str]:
        """The widths at the largest fit at which every column's least width is on a page
        ``page`` em wide, the headings ``upwards`` running upwards, read from below
        (print.css's "up"): none (""), the figures' ("figures": entries, points and
        totals), all but the players' names ("all"), or all ("names"); with ``cut``, at
        no fit: the least, the table wider than the page."""
        for fit in range(100, FIT_LEAST - 1, -5):
            least = self.least(fit / 100, upwards)
            if self.used(least) <= page * 100 / fit:
                return self.shared(least, page, fit)
        return self.shared(least, page, FIT_LEAST) | {"cut": "cut"}

    def used(self, widths: dict[str, float]) -> float:
        """The em the columns of ``widths`` take together."""
        names = widths["who"] * self.columns.names
        return widths["number"] + widths["bid"] + widths["outcome"] + widths["sides"] + names

    def least(self, scale: float, upwards: str) -> dict[str, float]:
        """Each column's least width in em of the table's size at the fit ``scale`` (in
        half em), the number's and each side's (all its columns together) among them: its
        heading's words at READABLE_PT, its names' at READABLE_PT too, its figures and
        words at the table's size (the outcome's at its own), READABLE_PT at least."""
        columns, heads, figures = self.columns, self.heads, self.figures
        size = TABLE_PT * scale
        # A heading's padding is in em of its own size, the floor at least.
        padded = PAD * self.floor / size

        def readable(words: _Words) -> float:
            return words.widest(self.floor, scale) + padded

        def table(words: _Words, smaller: float = 1) -> float:
            # a hand's figures and words at the table's size, the floor at least (print.css)
            drawn = max(self.floor, size * smaller)
            return words.widest(drawn, scale) + PAD * max(1, drawn / size)

        number = max(NUMBER_EM, table(figures["number"]), readable(heads["number"]))
        who = NAME_EM if self.blank else readable(self.names)
        bid = max(3, table(self.bids))
        # At most OUTCOME_MOST_EM of the table at its full size, a word longer still
        # breaking; never narrower than that for a smaller fit, whose words print at the
        # floor ("Summe" broken as "Sum|me" at 40 %).
        most = OUTCOME_MOST_EM / scale
        outcome = max(OUTCOME_EM, min(most, table(self.outcomes, OUTCOME_SIZE)))
        # Its longest text on OUTCOME_LINES lines at most (Skat's value worked out), .55 em
        # a character of the outcome's size (the floor at least), spaces and wrapping
        # included: the table prints smaller, or across the page, rather than the rows grow.
        drawn = max(OUTCOME_SIZE, self.floor / size)
        lines = self.outcome_letters * 0.55 * drawn / OUTCOME_LINES
        outcome = max(outcome, min(OUTCOME_WIDEST_EM, lines + PAD))
        if upwards not in ("all", "names"):
            who = max(who, readable(heads["who"]))
            bid = max(bid, readable(heads["bid"]))
            outcome = max(outcome, readable(heads["outcome"]))
        entry = table(figures["entry"])
        points = POINTS_EM if self.blank else table(figures["points"])
        total = TOTAL_EM if self.blank else table(figures["total"])
        total = max(total, table(figures["long"], 0.8))
        if not upwards:
            entry = max(entry, readable(heads["entry"]))
            points = max(points, readable(heads["points"]))
            total = max(total, readable(heads["total"]))
        entry = _up(entry) if entry > ENTRY_EM else ENTRY_EM
        points = _up(points)
        # A side's name over its columns, its longest word whole: the total takes what its
        # figures leave (nothing, where the names run upwards).
        if upwards != "names":
            total = max(total, readable(heads["side"]) - self.entries * entry - points)
        total = _up(total)
        return {
            "number": _up(number),
            "who": _up(who) if columns.names else 0,
            "bid": _up(bid) if columns.bid else 0,
            "outcome": _up(outcome) if columns.outcome else 0,
            "sides": self.sides * (self.entries * entry + points + total),
            "entry": entry,
            "points": points,
            "total": total,
        }

    def shared(self, least: dict[str, float], page: float, fit: int) -> dict[str, str]:
        """``least`` grown into the room a page ``page`` em wide leaves at ``fit``: the
        bid to its longest bid on a line, then the names up to the longest name on a
        line."""
        columns = self.columns
        room = page * 100 / fit - self.used(least)
        bid, who = least["bid"], least["who"]
        if columns.bid and room > 0:
            grown = _down(min(max(bid, self.bid_most), bid + room))
            room, bid = room - (grown - bid), grown
        if columns.names and room > 0:
            most = NAME_MOST_EM if self.blank else min(NAME_LINE_EM, self.name_most)
            who = _down(min(max(who, most), who + room / columns.names))
        return {
            "number": "" if least["number"] == NUMBER_EM else _em_class(least["number"]),
            "bid": _em_class(bid),
            "outcome": _em_class(least["outcome"]),
            "who": _em_class(who),
            "entry": "" if least["entry"] == ENTRY_EM else _em_class(least["entry"]),
            "points": "" if self.blank else _em_class(least["points"]),
            "total": "" if self.blank else _em_class(least["total"]),
            "fit": str(fit),
        }


def name_fit(name: str) -> str:
    """The classes of a name in a name column (who dealt, who played alone), which prints
    it whole, never cut to "Maximili…": none for a name of 6 letters or fewer; for a longer
    one, its letters (``l7``…``l30``) and those of the longer line of its best break into
    two lines between words (``m1``…``m30``, ``_two_lines``). By them print.css draws it
    on paper on one line, smaller where it must down to 7 pt, then on as many lines as it
    needs (its column holds its longest word: ``sheet_widths``); on a phone's screen, on
    two lines at a size a phone reads."""
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
    labels: Mapping[str, str] = ENGLISH_LABELS,
) -> PaperHands:
    """The hands of ``progress`` on the printed sheet of a game of ``rules`` under
    ``settings``, ``seating`` saying who sat where at hand n, ``shown`` a game's text and
    ``labels`` the sheet's own headings and the sides' names in the page's language
    (``sheet_widths``)."""
    columns = SheetColumns.of(rules, settings, played=True)
    rows = hand_rows(rules, progress, seating, shown, shows_dealer=columns.dealer)
    bids = [row.bid for row in rows.rows if row.bid is not None]
    outcomes = {row.outcome for row in rows.rows}
    played = [cell for row in rows.rows for cell in row.cells if cell.points is not None]
    entries = {entry for cell in played for entry in cell.entries if entry}
    points = {cell.points or "" for cell in played}
    totals = {cell.total for row in rows.rows for cell in row.cells}
    names = {row.dealer for row in rows.rows if columns.dealer and row.dealer}
    names |= {row.about for row in rows.rows if columns.about and row.about}
    longest = (
        max(map(len, entries), default=1),
        max(map(len, points), default=1),
        max(map(len, totals), default=1),
    )
    return PaperHands(
        rows,
        columns,
        sheet_widths(
            rules,
            columns,
            shown,
            bids,
            tuple(outcomes),
            tuple(entries),
            tuple(names),
            (tuple(points), tuple(totals)),
            labels,
            rows.rows[-1].number if rows.rows else 0,
        ),
        {name: name_fit(name) for name in names},
        rules.row_layout == "under",
        1 + columns.before_seats + len(rules.sides) * (len(rules.page_words.entry_heads) + 2),
        (min(longest[0], 4), min(max(longest[1], 1), 8), min(max(longest[2], 1), 8)),
    )
