"""The one interface every game implements, and what it hands back.

The app, the command line, import and export reach a game only through this interface,
found by name in the registry (``scorekeeper.engine.get_game``), as OpenSpiel loads a game
by its short name and python-chess finds a variant. A game package (``israeli_whist``, …)
holds its own rules: settings and presets, the record of a hand as the table writes it
down, scoring, progression, the hand form, the scoreboard's cells, sheets, statistics and
simulation. Everything a player reads is a translatable :class:`Message`.

A new game is done when it passes ``tests/games/test_conformance.py``, which runs every
registered game through the same checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .display import GameNotes, HandView, RulesLine
from .form import HandFormSpec
from .language import Partners
from .messages import Message, msg
from .seating import SeatChange


@dataclass(frozen=True, slots=True)
class Knob:
    """One house rule of a game, as the new-game form and ``scorekeeper rules`` show it.

    ``kind`` is ``"int"``, ``"bool"``, ``"choice"``, ``"int_list"`` (``length`` whole
    numbers, written separated by commas) or ``"choice_list"`` (any of ``choices``,
    separated by commas; the game's ``coerce_knob`` reads it); ``choices`` the allowed
    values of a choice, ``low``/``high`` the bounds of a number (of each number of a
    list). An ``optional`` knob may be unset (None; blank or ``none`` as text). ``label``
    is its short name on the new-game form, ``choice_labels`` how the form words each
    choice, and ``group`` the part of the house rules it belongs to, as a table thinks of
    them.
    """

    name: str
    help: Message
    kind: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    length: int | None = None
    label: Message | None = None
    choice_labels: tuple[Message, ...] = ()
    group: str = "rules"


@dataclass(frozen=True, slots=True)
class HandWords:
    """The app's lines about one hand, in the game's own word for it ("hand", the round
    sheet's "round"): each a template the page fills with ``%(number)d`` (and the saved
    line's ``%(outcome)s`` and ``%(points)s``, a thrown-in deal's ``%(dealer)s``, who deals
    it again or next)."""

    title: Message = msg("Hand %(number)d")
    record: Message = msg("Record hand %(number)d")
    save: Message = msg("Save hand")
    save_number: Message = msg("Save hand %(number)d")
    edit: Message = msg("Edit hand %(number)d")
    delete: Message = msg("Delete hand %(number)d")
    delete_ask: Message = msg("Delete hand %(number)d?")
    deleted: Message = msg("Hand %(number)d deleted. It is kept under Revisions.")
    how_scored: Message = msg("Hand %(number)d: how it was scored")
    none_yet: Message = msg("No hands yet.")
    saved: Message = msg("Hand %(number)d (%(outcome)s): %(points)s")
    saved_plain: Message = msg("Hand %(number)d: %(points)s")
    thrown_in_again: Message = msg("Hand %(number)d: thrown in; %(dealer)s deals again.")
    thrown_in_next: Message = msg("Hand %(number)d: thrown in; %(dealer)s deals next.")


HAND_WORDS = HandWords()
ROUND_WORDS = HandWords(
    title=msg("Round %(number)d"),
    record=msg("Record round %(number)d"),
    save=msg("Save round"),
    save_number=msg("Save round %(number)d"),
    edit=msg("Edit round %(number)d"),
    delete=msg("Delete round %(number)d"),
    delete_ask=msg("Delete round %(number)d?"),
    deleted=msg("Round %(number)d deleted. It is kept under Revisions."),
    how_scored=msg("Round %(number)d: how it was scored"),
    none_yet=msg("No rounds yet."),
    saved=msg("Round %(number)d (%(outcome)s): %(points)s"),
    saved_plain=msg("Round %(number)d: %(points)s"),
)
"""The lines of a game that calls its hands rounds (the round sheet)."""


@dataclass(frozen=True, slots=True)
class PageWords:
    """A game's own words on the scoreboard and the score sheets: the heads of the sheet's
    columns for who won the auction and for how the hand went, the short heads of a side's
    entry columns (one per item of a ``SeatView.entry``: Israeli Whist's C and T), and the
    legend that explains them; the scoreboard's line on the next hand (``%(number)d``,
    ``%(dealer)s``, ``%(opener)s``), its word for the seat that won the auction, and what
    a cell holds; whether the hand form's preview names the outcome with the points; what
    each player's figures on the Revisions page are (None: the game shows none); and the
    heads of the sheet's table of points for each bid made."""

    auction_head: Message | None
    """The head of the sheet's column naming the player a hand is about (who won the
    auction); None: a game whose hands are about no one player has no such column."""
    outcome_head: Message
    entry_heads: tuple[Message, ...]
    legend: Message
    turn: Message
    auction_mark: Message
    cell_legend: Message
    win: Message | None = None
    """The banner, ``%(name)s`` and ``%(total)s``; None: the base says it by the sides
    (``WIN_ALONE``, partners ``WIN_PARTNERS``)."""
    preview_outcome: bool = False  # the hand form's preview says how the hand went ("made")
    revision_legend: Message | None = None  # what each player's figures on Revisions are
    went_out: Message | None = None
    """The banner when a side ended the game by falling to ``Game.losing_floor``:
    ``%(loser)s`` and their total ``%(lost)s``, the winners ``%(name)s`` and theirs
    ``%(total)s``."""
    bid_head: Message | None = msg("Bid")
    """The head of the sheet's column of ``HandView.bid`` (Oh Hell's deal: "Cards"); None:
    a game whose hands have none has no such column (the outcome's is wider)."""
    points_heads: tuple[Message, Message] = (msg("Bid"), msg("Points"))
    """The sheet's table of the game's ``paper.points_table``: the head of its bids and of
    its points."""
    penalty_mark: Message | None = None
    """The mark of a penalty (``PenaltyMark``) in the scoreboard's legend, and beside it
    ``penalty_legend``, what it is; ``penalty_note`` says the same under the printed sheet,
    the mark as ``%(mark)s``. None: the game marks no penalties."""
    penalty_legend: Message | None = None
    penalty_note: Message | None = None
    hand: HandWords = HAND_WORDS
    """The game's word for a hand in the app's own lines (the round sheet's "round")."""
    group_titles: Mapping[str, Message] = field(default_factory=dict)
    """The new-game form's titles of the game's own groups of knobs (``Knob.group``), by
    group; the app titles the groups every game may have (deal, scoring, play, end)."""


WIN_ALONE = msg("%(name)s wins with %(total)s!")
WIN_PARTNERS = msg("%(name)s win with %(total)s!")

CSV_SHARED_COLUMNS: tuple[str, ...] = (
    "game",
    "game_name",
    "started",
    "hand",
    "dealer",
    "thrown_in",
    "seat",
    "player",
    "points",
    "total",
)
"""The CSV export's columns that every game has, in this order, filled by the app: the
game's id and name, when it started, the hand's number, its dealer's name, 1 for a deal
nobody played, the seat and the player's name, the seat's points and running total
(partners alike). A game adds its own columns between them (:class:`CsvColumn`, in its
``csv``: ``core.declared.Csv``)."""

CsvCell = int | str | None
"""One cell of the CSV export: a number, text, or None for an empty cell."""


@dataclass(frozen=True, slots=True)
class CsvColumn:
    """One column a game adds to the CSV export: ``name``, the header cell (in the game's
    own words), and ``after``, the shared column it follows (one
    of :data:`CSV_SHARED_COLUMNS`). A game's columns that follow the same shared column
    keep the order the game lists them in. Raises ValueError for another ``after``."""

    name: str
    after: str

    def __post_init__(self) -> None:
        if self.after not in CSV_SHARED_COLUMNS:
            raise ValueError(f"{self.name} follows {self.after!r}, not a shared CSV column")
        if self.name in CSV_SHARED_COLUMNS:
            raise ValueError(f"{self.name} is a shared CSV column; the app fills it")


def columns_after(**after: tuple[str, ...]) -> tuple[CsvColumn, ...]:
    """A game's CSV columns, grouped by the shared column they follow:
    ``columns_after(dealer=("bid",), player=("tricks",))``, in the order given."""
    return tuple(CsvColumn(name, after=shared) for shared, names in after.items() for name in names)


@runtime_checkable
class Settings(Protocol):
    """A game's house rules: a frozen dataclass whose fields are its knobs."""

    target: int

    def to_dict(self) -> dict[str, Any]: ...

    def to_json(self) -> str: ...

    def with_changes(self, values: dict[str, Any]) -> Settings: ...

    def differs_from(self, other: Any) -> list[str]: ...


@runtime_checkable
class HandRecord(Protocol):
    """A hand as the table writes it down; ``thrown_in`` is True for a deal nobody played."""

    thrown_in: bool

    def to_dict(self) -> dict[str, Any]: ...


class Replayed(Protocol):
    """One hand of ``replay(...).hands``: its number, dealer and opener, the record, the
    game's own score (None for a thrown-in deal), points and running totals per side, and
    the game's state after it."""

    @property
    def number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def opener(self) -> int: ...
    @property
    def record(self) -> HandRecord: ...
    @property
    def score(self) -> object | None: ...
    @property
    def points(self) -> tuple[int, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def state(self) -> GameState | None: ...


@dataclass(frozen=True, slots=True)
class HandPlace:
    """Where a hand falls in its game: its ``number`` (from 1), its ``dealer``'s seat,
    and ``state``, the game's state before it as the game reads it (``state_from_dict``
    of what a state's ``to_dict()`` wrote: the totals, the game's own carried values),
    or None where only the number and dealer are known. :meth:`after` makes one from a
    state."""

    number: int
    dealer: int
    state: Any = None

    @classmethod
    def after(cls, state: Any) -> HandPlace:
        """The place of the hand after ``state``, a game's state as its progression keeps
        it (a progress's or a replayed hand's ``state``, or ``state_from_dict`` of a
        stored one): the next number, the dealer it names, and that state."""
        return cls(state.number + 1, state.dealer, state)


class GameState(Protocol):
    """What a game carries from hand to hand, as ``number`` hands left it; ``to_dict()``
    is what the game stores (``state_from_dict`` reads it back)."""

    @property
    def number(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class Progress(Protocol):
    """A game after its recorded hands (``replay``, ``resume``). ``totals``, ``leaders``
    and ``winners`` are per side; ``winner`` is a side's index or None; ``dealer`` and
    ``opener`` are the next hand's; ``tie_at_top`` is True while the game should have
    ended but sides are level; ``next_number`` the next hand's number."""

    @property
    def settings(self) -> Settings: ...
    @property
    def hands(self) -> Sequence[Replayed]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def opener(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def leaders(self) -> tuple[int, ...]: ...
    @property
    def tie_at_top(self) -> bool: ...
    @property
    def next_number(self) -> int: ...
    @property
    def starting_totals(self) -> tuple[int, ...]: ...
    @property
    def state(self) -> GameState | None: ...


class Recorded(Protocol):
    """A stored game as statistics take it (``figures.recorded``)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def changes(self) -> tuple[SeatChange, ...]: ...

    def replay(self) -> Progress: ...


class SeatStats(Protocol):
    """One seat's (or side's) part of ``figures.game_stats``: a name, its side's total,
    whether it won, and its figures (as ``figures.player`` takes them)."""

    @property
    def name(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def won(self) -> bool: ...
    @property
    def figures(self) -> object: ...


class OneGameStats(Protocol):
    """``figures.game_stats``: the winner's name (partners joined), per seat and side."""

    @property
    def winner(self) -> str | None: ...
    @property
    def status(self) -> str: ...
    @property
    def hands(self) -> int: ...
    @property
    def players(self) -> Sequence[SeatStats]: ...
    @property
    def sides(self) -> Sequence[SeatStats]: ...


class Career(Protocol):
    """One player's career (``figures.careers``)."""

    @property
    def name(self) -> str: ...
    @property
    def games(self) -> int: ...
    @property
    def finished(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def figures(self) -> object: ...


class RivalryView(Protocol):
    @property
    def games(self) -> int: ...
    @property
    def finished(self) -> int: ...
    @property
    def ahead(self) -> int: ...
    @property
    def behind(self) -> int: ...
    @property
    def hands(self) -> int: ...
    @property
    def hands_ahead(self) -> int: ...
    @property
    def hands_behind(self) -> int: ...
    @property
    def partnered(self) -> int: ...
    @property
    def average_margin(self) -> float | None: ...


class HeadToHeadView(Protocol):
    """``figures.head_to_head``: ``rivalry(a, b)``, how ``a`` fared against ``b``."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rivalries(self) -> Sequence[RivalryView]: ...

    def rivalry(self, player: str, opponent: str) -> RivalryView: ...


@runtime_checkable
class Game(Protocol):
    """What a game can say: one instance per game, registered by ``key``. The few other
    members the app asks of a game are derived from these in ``core.base.GameBase`` (see
    ``core.base.DERIVED``: ``preset``, ``seated``, ``points``, ``replay``, ``resume``…);
    what a capability does, its declaration does (``core.declared``: the simulation's
    deals, the figures and careers, the paper's pad, the CSV's cells), so a game writes a
    member only where it differs, and a game object stays small (at most 50 public
    names, held by ``tests/engine/test_protocol.py``).

    **Seats and sides.** ``sides`` lists the seats that score together: one seat each in
    Israeli Whist, two partners each in Bid Whist (A = seats 0 and 2, B = seats 1 and 3).
    A value "per side" is in the order of ``sides``, so in a game without partners it is
    the same as "per seat". ``points`` is per seat (partners alike); what a game *keeps*
    (``preview``'s points, ``replay``'s totals, points and winner, the scoreboard's
    columns) is per side. Use :func:`seat_values` where a value is needed for every seat
    (a ``hand_seats`` row, a player's total). A game whose table chooses how many play
    (``seat_range``) is registered at its default count, ``seats``; ``seated(n)`` is the
    game for a table of ``n``, which a stored game plays (``registry.table_game``).

    **A hand at its place.** A hand whose reading or score depends on the game before it
    (the cards a hand deals, a limit on the dealer, values carried) takes its
    ``HandPlace`` as the last argument of ``record_from_dict``, ``preview``, ``explain``
    and ``hand_form`` (None: the hand on its own; ``deal_note`` always has it); a game
    whose hands do not depend on their place ignores it.

    **The one way.** A game subclasses ``core.base.GameBase``, declares its ``hand``
    (``core.schema.HandSchema``) and its ``score`` (``core.base.SCHEMA_REQUIRED``), and
    may declare a ``progression``, a ``simulation``, ``figures``, ``paper`` and ``csv`` of
    its own (``core.declared``).

    **The whole override surface.** The members below are all a game may write: a game
    class defines nothing else (``tests/engine/test_protocol.py`` names any other). What a game
    needs beyond them is a module function of its package, a field of its ``hand``
    (``core.schema``'s kinds, subclassed), a method of its settings (``SettingsBase``:
    ``preset_aside``, ``preset_of``, ``check_seats``, ``knobs_for_table``,
    ``shows_dealer``, ``losing_floor``, ``lowest_wins``) or a declaration.
    """

    key: str  # stable, stored with every game: "israeli-whist"
    name: Message  # as players call it, translatable
    seats: int  # players at the table, numbered 0.. clockwise
    seat_range: tuple[int, int] | None  # fewest and most players; None: exactly ``seats``
    sides: tuple[tuple[int, ...], ...]  # seats that score together: one seat each, or partners
    preset_words: Mapping[str, tuple[Message, Message]]
    """Each preset's name as players call it and a line on where its rules come from."""
    preset_titles: Mapping[str, Message]
    """The presets that make the game another game by name (the round sheet's Hearts): a
    game started from one is called so wherever it is shown (``title_of``)."""
    page_words: PageWords
    """How a score sheet heads its columns (see :class:`PageWords`)."""

    @property
    def presets(self) -> Mapping[str, Settings]:
        """Named settings, in the order the new-game form offers them."""
        ...

    row_layout: str
    """How the scoreboard lays out a hand's row: "cells" (the hand's words in the narrow
    column of its number), "across" (the hand said on a line across the table, the cells
    under it, as a partnership game's always are: Skat's game value in words), or "under"
    (how the hand went on a line of its own under its cells: Doppelkopf's row a table
    checks)."""

    hand: Any
    """The hand as the table writes it down (a ``core.schema.HandSchema``, which this
    module does not import: the schema builds on it): its fields, from which the
    reading, the form, the command line, the CSV cells, random hands and the views are
    derived."""

    # --- a hand ---------------------------------------------------------------------------

    def score(self, settings: Settings, hand: Any, ctx: Any) -> Any:
        """The points of ``hand`` (a ``core.schema.Hand`` read by the ``hand`` schema, never
        thrown in) under ``settings`` at ``ctx`` (a ``core.schema.Context``: the seats, the
        sides and the hand's place, if known): a tuple per side, or the game's own score
        with ``points`` per side that ``hand_result``, ``explain`` and the CSV's
        ``cells`` may read again."""
        ...

    def check(self, settings: Settings, hand: Any, ctx: Any) -> list[tuple[str, Message]]:
        """The rules between fields only the game can say, at ``ctx``: (field, message) for
        each broken one, the message with its table words (``Message.said_at_table``);
        the ``hand`` schema checks each field alone. By default none."""
        ...

    def view(self, settings: Settings, hand: Any, ctx: Any) -> Any:
        """The hand as every page shows it (a ``core.schema.HandSummary``: who it is about,
        its bid, how it went, each side's entries, made or not, penalties): the
        scoreboard's rows, the one-line description and the Revisions page are drawn from
        it. ``ctx.place`` is None for a stored hand shown on its own (a revision). By
        default drawn from the fields."""
        ...

    def record_from_dict(
        self, settings: Settings, body: Any, place: HandPlace | None = None
    ) -> HandRecord:
        """A hand from a JSON body, a form's values or an import file, read as the hand at
        ``place`` (None: alone), checked there too (a bid the score before it does not
        allow).

        Raises InvalidHand listing every problem as (field, message), each naming the field
        and the rule, or ParseError for a body that is not an object.
        """
        ...

    def preview(
        self, settings: Settings, record: HandRecord, place: HandPlace | None = None
    ) -> dict[str, Any]:
        """One hand's result at ``place`` without storing it (``POST
        /api/games/<id>/preview``): at least ``points`` per side, and the figures the game
        shows beside them (Bid Whist: ``made`` and ``needed``), at any place."""
        ...

    def explain(
        self, settings: Settings, record: HandRecord, place: HandPlace | None = None
    ) -> list[list[Message]]:
        """How each seat's points for the hand at ``place`` were worked out (as ``replay``
        scores it there), in seat order: terms in
        players' words ("7 made: 10 + 7² = +59", "penalty: −100"), partners alike; empty
        lists for a thrown-in deal."""

    def hand_form(
        self, settings: Settings, players: Sequence[str], place: HandPlace | None = None
    ) -> HandFormSpec:
        """The hand form for the hand at ``place`` as plain data: its steps and fields in
        entry order, the actions (everyone passed), the tables the page script applies,
        and its sentences (Oh Hell: its cards sent, the hook's bid disabled and named)."""
        ...

    # --- the progress of a game -----------------------------------------------------------

    progression: Any  # a core.declared.Progression
    """How the game goes from hand to hand, declared as data (``core.declared.Progression``):
    the hooks of the one loop that replays every game (``core.progress.resume``): the
    state it carries from hand to hand (``state``, a ``core.progress.RaceState``) and how
    a hand carries it on (``carry``), who opens, who deals next, its hand limit, whether
    a tie at the end shares the win, whether the table may "finish now" (``finish_now``:
    after any hand, the side ahead wins, a tie plays on; only such a game's ``replay``
    and ``figures.recorded`` take ``finish_after``, the number of hands recorded when the
    table asked), the cards each hand deals where that changes (``cards_dealt``: Oh
    Hell's sequence, Wizard's rounds; the deal note and the blank sheet's column of cards
    are derived from it), and how it is made to last for the suites. From it ``replay``,
    ``resume``, ``state_from_dict`` and the rest of the progression's members of
    ``core.base.DERIVED`` are derived (a state's ``to_dict()`` is what a game stores,
    ``HandPlace.after(state)`` the place after it); the race to ``settings.target``
    (``core.declared.RACE``) where the game declares none.
    ``replay`` takes ``finish_after`` (see ``finish_now``) and ``starting_totals`` (one
    per side, "hand 0": ``read_starting_totals`` refuses one at or below the settings'
    ``losing_floor``); the settings also say whether the lowest total wins
    (``settings.lowest_wins``) and whether the pages say who deals
    (``settings.shows_dealer``)."""

    def deal_note(self, settings: Settings, place: HandPlace) -> Message | None:
        """What the table must know to deal the hand at ``place`` that changes from hand to
        hand, as a paper sheet prints it on the hand's line (by default the cards, from
        ``cards_dealt``: "Deal 5 cards"; Doppelkopf: the Bock hands its state carries);
        None where every hand is dealt alike. The scoreboard shows it with the next
        hand's turn, and the hand form under its title."""
        ...

    def end_words(self, settings: Settings) -> Message:
        """How the game ends, in a few words for the scoreboard's line of rules: "to 500",
        "19 hands", "until the table stops"."""
        ...

    def notes(self, progress: Progress) -> GameNotes:
        """What the game says about the whole game beyond its totals, from ``progress``'s
        state (a resumed progress holds only the last hands): the line under a finished
        game's result, its players named by ``SeatName`` (Doppelkopf: the money); what
        "finish now" would give up, for the finish page to say before the table confirms
        (Doppelkopf: its Bock hands); and the lines under the sheet's hands per side
        (Skat: games won and lost, the Seeger-Fabian points)."""
        ...

    # --- pages, the API and exports -------------------------------------------------------

    def hand_views(self, progress: Progress) -> list[HandView]:
        """One :class:`HandView` per hand of a replayed game (``replay``'s result), newest
        last: what the scoreboard, the live view and the printed sheet show of it. Its
        ``seats`` hold one column per side (per seat without partners); ``about`` is
        the seat the hand is about (who won the auction), if any."""
        ...

    def describe_hand(
        self, hand: Mapping[str, Any], players: Sequence[str], settings: Settings | None = None
    ) -> list[Any]:
        """A stored hand (its ``to_dict()``) in one line, as parts a page joins with " · ",
        ``players`` in seat order (None settings: the default preset's). By default drawn
        from ``view``: who it is about, its bid, how it went, each side's entries."""
        ...

    def revision_view(
        self, hand: Mapping[str, Any], players: Sequence[str], settings: Settings | None = None
    ) -> Any:
        """A saved version of a hand (its ``to_dict()``) for the Revisions page
        (``core.display.RevisionView``): its line and each seat's figures. By default
        drawn from ``view``."""
        ...

    def hand_result(self, replayed: Replayed) -> dict[str, Any]:
        """What one hand of ``replay(...).hands`` shows beside its points, as the API and
        the export write it, in the game's own keys (each None for a thrown-in deal)."""
        ...

    def progress_result(self, progress: Progress) -> dict[str, Any]:
        """What the game's JSON shows of where the game stands beyond the shared fields
        (totals, dealer, status, winners…), in the game's own keys: Oh Hell's cards the
        next hand deals, say. Never one of the shared keys."""
        ...

    def rules_lines(self, settings: Settings) -> list[RulesLine]:
        """The settings as (label, value) lines for the print and blank score sheets."""
        ...

    def rules_notes(self, settings: Settings) -> list[Message]:
        """Rules a score sheet states in a sentence (e.g. Israeli Whist's forbidden number)."""
        ...

    # --- declared once, beyond the hand (``core.declared``) --------------------------------
    # Each typed Any, its kind named beside it: ``core.declared`` builds on this module's
    # ``HandPlace`` and CSV types, and no import may go round a circle (tests/app/test_layers.py).

    simulation: Any  # a core.declared.Simulation
    """Whole deals played by bots: ``Simulation(play, bots, summary, record, verify)``;
    read on the game, its ``bots``, ``results(settings, deals, seed, bots)`` (the game's
    results), ``deals(...)`` (each as a JSON-ready dict), ``tally()``, ``record_of(deal)``
    and ``broken_rules(settings, deal)``. A game without one has ``NO_SIMULATION``: no
    bots."""

    figures: Any  # a core.declared.Figures
    """Figures of the game's own on the statistics pages: ``Figures(stats, player, game,
    notes, rivalries, kind)``; read on the game, ``recorded(...)`` (a stored game as
    statistics take it), ``game_stats``, ``player``, ``game_lines``, ``notes``,
    ``careers``, ``career_lines`` and ``head_to_head``. A game without them has
    ``HANDS_AND_POINTS``."""

    paper: Any  # a core.declared.Paper
    """What the game keeps on paper beyond its score sheet: ``Paper(pad, tournament_foot,
    deal_number, points_table)``; read on the game, ``sheet_pad(...)`` and
    ``sheet_deals(settings)`` too (the blank sheet's cards dealt). A game without it has
    ``PLAIN_PAPER``: the sheet alone."""

    csv: Any  # a core.declared.Csv
    """The game's own columns of the CSV export and their cells: ``Csv(columns, cells)``;
    read on the game, its ``columns`` and ``values(replayed, names)``. A game without it
    has ``SCHEMA_CSV``: a column for each field of its ``hand``."""


class DealResult(Protocol):
    """A deal played by bots as the game keeps it; ``to_dict()`` is what ``Simulation.deals``
    yields."""

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class SimulationTally(Protocol):
    """Counts over simulated deals, for ``scorekeeper simulate``'s summary."""

    def add(self, deal: Mapping[str, Any]) -> None: ...

    def add_result(self, result: DealResult) -> None:
        """Counts one of ``Simulation.results``' results, as ``add`` counts its dict."""
        ...

    def lines(self) -> list[str]: ...

    def merge(self, other: SimulationTally) -> None:
        """Adds another tally of the same game's (a worker's share of the run) to this one,
        as if this one had counted those deals too."""
        ...


# --- partnership games: per side and per seat (i10-protocol) ------------------------------


def title_of(game: Game, preset: str) -> Message:
    """A game started from ``preset`` as every page names it: the preset's title where it
    has one (the round sheet's Hearts), else the game's name."""
    return game.preset_titles.get(preset, game.name)


def table_knobs(game: Game) -> tuple[Knob, ...]:
    """The knobs of ``game``'s table as the new-game form shows them: its default preset's
    settings', with the bounds that follow the table (``Settings.knobs_for_table``)."""
    return game.preset(game.default_preset).knobs_for_table()


def seat_counts(game: Game) -> range:
    """Every number of players a table of ``game`` may have, fewest first."""
    low, high = game.seat_range or (game.seats, game.seats)
    return range(low, high + 1)


def partnered(game: Game) -> bool:
    """Whether the game has partners, so that a column, a total or a win is a side's."""
    return any(len(side) > 1 for side in game.sides)


def side_names(game: Game, names: Sequence[str]) -> list[str]:
    """Each side as its players' names, ``names`` in seat order: "Ann & Cat" (one name
    each without partners)."""
    return [" & ".join(names[seat] for seat in side) for side in game.sides]


def sides_as_named(game: Game, names: Sequence[str]) -> list[str]:
    """Each side as a page names it, ``names`` in seat order: one name each without
    partners, else "Ann & Cat" with each partner isolated (FSI…PDI, ``Partners``), so a
    Hebrew name beside a Latin one keeps its place and its "&"."""
    if not partnered(game):
        return side_names(game, names)
    return [Partners.of(names[seat] for seat in side) for side in game.sides]


def seat_values(game: Game, per_side: Sequence[int]) -> tuple[int, ...]:
    """Values per side (``replay``'s totals, a hand's points) spread over the seats, each
    partner getting their side's: what a ``hand_seats`` row or a player's total holds."""
    if len(per_side) != len(game.sides):
        raise ValueError(f"{len(per_side)} values for {len(game.sides)} sides")
    found = [0] * game.seats
    for value, side in zip(per_side, game.sides, strict=True):
        for seat in side:
            found[seat] = value
    return tuple(found)


def side_values(game: Game, per_seat: Sequence[int]) -> tuple[int, ...]:
    """Values per seat where partners are alike (``points``) as one value per side;
    raises ValueError when two partners differ."""
    if len(per_seat) != game.seats:
        raise ValueError(f"{len(per_seat)} values for {game.seats} seats")
    found = []
    for side in game.sides:
        values = {per_seat[seat] for seat in side}
        if len(values) != 1:
            raise ValueError(f"partners {side} score differently: {sorted(values)}")
        found.append(values.pop())
    return tuple(found)
