"""A game's hands as a typed page model: what each row shows, in the page's language,
for the templates that draw it: the scoreboard's (``templates/_sheet.html``) on the
server (Flask) and in the phone (``scorekeeper/pages``, under Pyodide) alike, and the
printed sheet's (``templates/sheet.html``, with the paper's columns of ``paper.py``).

The model holds plain strings; the templates only print them, so the places that draw a
sheet cannot disagree on a word, a figure or a class (issues 46 and 67).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.display import NO_FIGURE, PenaltyMark, bid_css, label_with_sides, signed, total
from ..core.game import Game, HandPlace, partnered
from ..core.language import Partners
from ..core.messages import Message
from ..core.seating import empty_at

Shown = Callable[[Any], str]
"""A game's text (a Message, a Label, notation) in the page's language: the server's
``web.i18n.shown`` or the phone's ``Words.shown``."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """Penalties in one seat's hand, shown apart from its points: ``mark`` as the cell
    shows it ("R −100" is ``mark`` "R" and ``points`` "−100"), ``label`` the same in words
    for a screen reader (a mark is never told by colour alone)."""

    mark: str
    points: str
    label: str
    tone: str = ""  # "bonus": points apart that are no penalty (Skat's Seeger-Fabian)


@dataclass(frozen=True, slots=True)
class Foot:
    """A line under the hands summing up the game per side (``Game.notes``), in the
    page's language: what it counts, and a cell per side."""

    label: str
    cells: tuple[str, ...]


# Not frozen: a long game's sheet makes thousands of cells and rows, and a frozen
# dataclass's __init__ costs five times a plain one's. Nothing changes one once made.
@dataclass(slots=True)
class Cell:
    """One side's cell of a hand: its classes (d = the side the hand is about, k = it
    dealt, m = made, x = missed), its figures ("2/0", none left out as a dash), its points
    (None for a deal nobody played), its penalty and its running total; ``entries``, its
    figures one by one, one under each of the game's entry heads (a dash kept, a missing
    one empty: the printed sheet's columns)."""

    seat: int
    css: str
    entry: str
    points: str | None
    penalty: Penalty | None
    total: str
    entries: tuple[str, ...] = ()


@dataclass(slots=True)  # not frozen, as Cell
class Row:
    """One hand's row: its number, bid and outcome in words with their classes, who dealt
    (where the game shows the dealer) and whom the hand is about (by name, as they sat for
    it: a partnership game's scoreboard says them over the hand, the printed sheet in
    columns of their own), the seat changes that take effect from it ("Eve for Bob") and a
    cell per side."""

    number: int
    bid: str | None
    bid_css: str
    outcome: str
    outcome_css: str
    dealer: str | None
    about: str | None
    cells: tuple[Cell, ...]
    changes: tuple[str, ...] = ()
    # The outcome's classes on a scoreboard's line of its own (not paired): its css, and
    # where a word of it is longer than six letters, its letters (``fit_size``: "l9").
    outcome_classes: str = ""


def fit_size(text: str) -> int | None:
    """The letters of ``text``'s longest word (read up to a hyphen, after which it may
    wrap), up to 24, where it is longer than six (the class ``l7``…``l24`` by which
    app.css sizes it to its box), else None: ``_sheet.html``'s ``fit`` macro, worked out
    once for each outcome of a sheet rather than in every row."""
    size = max((len(word) for word in text.replace("-", "- ").split()), default=0)
    return min(size, 24) if size > 6 else None


@dataclass(frozen=True, slots=True)
class HandRows:
    """The scoreboard's hands, newest last. ``paired``: a partnership game, each hand a
    ``<tbody>`` of a line saying the hand across the table and the sides' cells under it.
    ``columns``: the sides. ``penalised``: anyone paid a penalty in them; ``about``: a row
    marks whom its hand is about (both for the legend)."""

    rows: tuple[Row, ...]
    columns: int
    paired: bool
    penalised: bool
    about: bool
    line: bool = False  # each hand's outcome on a line of its own under its cells
    pad: Any = None  # a game's own paper under the rows (bridge's pad), its partial's model
    foot: tuple[Foot, ...] = ()

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def first(self) -> int:
        """The first hand's number (0 when none)."""
        return self.rows[0].number if self.rows else 0

    @property
    def span(self) -> int:
        """The columns a line across the table spans."""
        return self.columns if self.paired else self.columns + 1

    def __len__(self) -> int:
        return len(self.rows)


def hand_rows(
    rules: Game,
    progress: Any,
    seating: Callable[[int], Sequence[str]],
    shown: Shown,
    changes: Mapping[int, Sequence[str]] | None = None,
    shows_dealer: bool = True,
) -> HandRows:
    """The rows of the hands of ``progress`` (a resumed one holds only the hands after its
    state). ``seating`` says who sat where at hand n; ``changes`` are the seat changes'
    texts by the hand they take effect from; ``shown`` says a game's text in the page's
    language. Without ``shows_dealer`` (``settings.shows_dealer``) no cell marks who dealt.

    A sheet shows the same few labels ("7♣", "over", "R −100") row after row: each is
    worked out once a sheet."""
    said = _Said(shown)
    paired = partnered(rules) or rules.row_layout == "across"
    heads = len(rules.page_words.entry_heads)
    rows: list[Row] = []
    penalised = about = False
    # Worked out once a sheet: each outcome with its sides named (by the outcome and who
    # sat), each seat's entries (the same few, "2", "3/0", hand after hand) and marks,
    # each figure ("+13", "−120") and each label.
    outcomes: dict[tuple, tuple[str, str, str]] = {}
    entries: dict[tuple, tuple[str, tuple[str, ...]]] = {}
    marked: dict[tuple, str] = {}
    points_said: dict[int, str] = {}
    totals_said: dict[int, str] = {}
    bids: dict[tuple, tuple[str, str]] = {}
    sides = rules.sides
    dealt_by = [frozenset(side) for side in sides]
    changes = changes or {}
    settings = progress.settings
    for hand in rules.hand_views(progress):
        about = about or hand.about is not None
        players = tuple(seating(hand.number))
        key = (hand.outcome, players, *map(type, hand.outcome.pieces))
        if key not in outcomes:
            named = [Partners.of(players[s] for s in side) for side in sides]
            outcome = label_with_sides(hand.outcome, named)
            text = said(outcome)
            size = fit_size(text)
            classes = " ".join(c for c in (outcome.css, f"l{size}" if size else "") if c)
            outcomes[key] = (text, outcome.css, classes)
        cells = []
        empty = empty_at(settings, hand.number)  # nobody sat there: no total either
        dealer = hand.dealer if shows_dealer else None
        for seat, view in enumerate(hand.seats):
            side = dealt_by[seat]
            made = view.made
            marks = (hand.about in side, dealer in side, made is True, made is False)
            css = marked.get(marks)
            if css is None:
                css = marked[marks] = " ".join(
                    m for m, holds in zip("dkmx", marks, strict=True) if holds
                )
            penalty = None if view.penalty is None else said.penalty(view.penalty)
            penalised = penalised or penalty is not None
            figures = (view.entry, *map(type, view.entry))
            found = entries.get(figures)
            if found is None:
                # An entry in words (Doppelkopf's party) in the page's language.
                parts = [said(part) for part in view.entry]
                kept = [
                    text for part, text in zip(view.entry, parts, strict=True) if part != NO_FIGURE
                ]
                found = entries[figures] = (
                    "/".join(kept),
                    (*parts[:heads], *[""] * (heads - len(parts))),
                )
            points = view.points
            if points is not None:
                points = points_said.get(points) or points_said.setdefault(points, signed(points))
            if seat in empty:
                running = ""
            else:
                running = totals_said.get(view.total) or totals_said.setdefault(
                    view.total, total(view.total)
                )
            cells.append(Cell(seat, css, found[0], points, penalty, running, found[1]))
        outcome, outcome_css, outcome_classes = outcomes[key]
        bid = hand.bid
        if bid is not None:
            bid_key = (bid, *map(type, bid.pieces))
            bid = bids.get(bid_key)
            if bid is None:
                bid = bids[bid_key] = (said(hand.bid), bid_css(hand.bid))
        rows.append(
            Row(
                hand.number,
                None if bid is None else bid[0],
                "" if bid is None else bid[1],
                outcome,
                outcome_css,
                players[hand.dealer] if shows_dealer else None,
                None if hand.about is None else players[hand.about],
                tuple(cells),
                tuple(changes.get(hand.number, ())),
                outcome_classes,
            )
        )
    line = rules.row_layout == "under" and not paired
    drawn = rules.paper.sheet_pad(progress, said, seating)  # a game's own paper, if any
    foot = tuple(
        Foot(said(line.label), tuple(said(cell) for cell in line.cells))
        for line in rules.notes(progress).foot
    )
    return HandRows(tuple(rows), len(rules.sides), paired, penalised, about, line, drawn, foot)


class _Said:
    """``shown``, each text worked out once. A Message equals the plain text of its
    English, which a page shows untranslated: each text, and each piece of a label, is
    known by its kind too."""

    def __init__(self, shown: Shown) -> None:
        self.shown = shown
        self.found: dict[Any, Any] = {}

    def __call__(self, value: Any) -> str:
        key = (value, type(value), *map(type, getattr(value, "pieces", ())))
        if key not in self.found:
            self.found[key] = self.shown(value)
        return self.found[key]

    def penalty(self, penalty: PenaltyMark) -> Penalty:
        key = (penalty, tuple(map(type, penalty.mark)))
        if key not in self.found:
            mark = "".join(self(piece) for piece in penalty.mark)
            self.found[key] = Penalty(
                mark, signed(penalty.points), self(penalty.label), penalty.tone
            )
        return self.found[key]


@dataclass(frozen=True, slots=True)
class Legend:
    """The line under the hands that says what their marks mean, in the page's language:
    the mark of whom a hand is about, the dealer's (``dealer``: the template says it),
    what a cell's figures are, and the penalty mark where anyone paid one."""

    about: str | None
    dealer: bool
    cells: str
    penalty: tuple[str, str] | None


def legend_of(rules: Game, rows: HandRows, shown: Shown, shows_dealer: bool = True) -> Legend:
    """The legend of ``rows`` as the game words it (``Game.page_words``)."""
    words = rules.page_words
    penalty = None
    if rows.penalised and words.penalty_mark:
        penalty = (shown(words.penalty_mark), shown(words.penalty_legend))
    about = shown(words.auction_mark) if rows.about else None
    return Legend(about, shows_dealer, shown(words.cell_legend), penalty)


@dataclass(frozen=True, slots=True)
class Standing:
    """The headline of a game: totals, leaders, winner or tie, who deals and opens."""

    totals: tuple[str, ...]
    leaders: tuple[int, ...]
    winner: int | None
    tie_at_top: bool
    dealer: int
    opener: int
    next_number: int
    winners: tuple[int, ...] = ()
    finished: bool = False
    went_out: int | None = None  # the side whose fall to the losing floor ended the game
    deal_note: Message | None = None  # what the next deal needs (Oh Hell: its cards)
    result_note: Message | None = None  # under a finished game's result (the money)


def standing_of(game: Game, settings: Any, progress: Any) -> Standing:
    """The headline of a game of ``game`` under ``settings``, replayed (``Game.replay``'s
    result)."""
    floor = settings.losing_floor
    finished = progress.status == "finished"
    fallen = [side for side, t in enumerate(progress.totals) if floor is not None and t <= floor]
    return Standing(
        totals=tuple(total(t) for t in progress.totals),
        leaders=progress.leaders if progress.hands else (),
        winner=progress.winner,
        tie_at_top=progress.tie_at_top,
        winners=tuple(progress.winners),
        finished=finished,
        dealer=progress.dealer,
        opener=progress.opener,
        next_number=progress.next_number,
        went_out=fallen[0] if finished and fallen else None,
        result_note=game.notes(progress).result if finished else None,
        deal_note=None
        if finished
        else game.deal_note(
            settings, HandPlace(progress.next_number, progress.dealer, progress.state)
        ),
    )
