"""What a game declares beyond its hand, each part once as data (OpenSpiel's ``GameType``,
Datasette's optional hooks), each holding the methods the app calls on it: its
simulation with bots (:class:`Simulation`), figures of its own on the statistics pages
(:class:`Figures`), what it keeps on paper beyond its sheet (:class:`Paper`), its own
columns of the CSV export (:class:`Csv`) and how it goes from hand to hand
(:class:`Progression`: the state it carries and its hooks in the one loop that replays
every game, ``core.progress``).

A declaration is written once on the game's class; read on a game object it is bound to
that game (:class:`Declaration`), as a function read on an instance is a method: so
``game.simulation.results(...)`` plays deals of that table and ``game.figures.careers(...)``
sums that game's figures. A game that declares none has the default one
(:data:`NO_SIMULATION`, :data:`HANDS_AND_POINTS`, :data:`PLAIN_PAPER`, :data:`SCHEMA_CSV`,
:data:`RACE`), so no caller asks whether there is one. The progression alone is not
bound and holds no methods: its hooks are data the one loop reads on every hand, where a
bound copy would cost a copy each time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .display import FigureLine
from .errors import InvalidHand
from .figures import career_lines, hand_lines, hands_line
from .game import CsvCell, CsvColumn, HandPlace
from .messages import Message
from .simulation import DealCount, wrong_points
from .stats import (
    CareerStats,
    GameStats,
    HandFigures,
    HeadToHead,
    RecordedGame,
    careers,
    game_stats_of,
    hands_played,
    head_to_head,
)

if TYPE_CHECKING:
    from .seating import SeatChange


def bound() -> Any:
    """A declaration's ``_game`` field: None as the game's class holds it, the game it
    was read on once bound (:class:`Declaration`)."""
    return field(default=None, repr=False, compare=False, kw_only=True)


class Declaration:
    """What every declaration shares: read on a game object (a class attribute of the
    game's), it is a copy bound to that game, its ``_game``; read on the class, it is
    the declaration as written. A seated copy of a game (``GameBase.seated``) binds it to
    itself, so every method works at that table's count. Each subclass is a frozen,
    slotted dataclass with a ``_game`` field (:func:`bound`)."""

    __slots__ = ()
    _game: Any

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        return self if game is None else self.bound_to(game)

    def bound_to(self, game: Any) -> Any:
        """This declaration bound to ``game``."""
        return replace(self, _game=game)  # type: ignore[type-var]


def bind_properties(cls: type) -> None:
    """Binds each declaration a game class writes as a property of its own table (Oh
    Hell's simulation, which plays deals of the table it is read on) to the game it is
    read on, as a declaration written as a class attribute is."""
    for name in ("simulation", "figures", "paper", "csv"):
        declared = vars(cls).get(name)
        if isinstance(declared, property) and declared.fget is not None:
            setattr(cls, name, _bound_property(declared.fget, declared.__doc__))


def _bound_property(fget: Callable[[Any], Any], doc: str | None) -> property:
    return property(lambda game: fget(game).bound_to(game), doc=doc)


# --- simulation -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Simulation(Declaration):
    """Whole deals played by bots, declared once: ``play(settings, deals, seed, bots)``
    yields them as the game's results (each with ``to_dict()``); ``deals`` is a count, or
    a range of a run's deal indices (one worker's share of ``simulate --jobs``): each
    block of deals must stand alone, as ``core.simulation.run_deals`` seeds and plays
    them. ``bots`` the kinds of bot it takes, the default first; ``summary()`` an empty
    tally for ``scorekeeper simulate`` (None: deals and deals thrown in); ``record(deal)``
    the hand a table would write down for a deal (None: its hand fields, read by the
    schema); ``verify(settings, deal)`` every broken rule a checker independent of the
    play code finds in it (None: a record that does not read, or points that are not the
    hand's). :data:`NO_SIMULATION`, a game's without one, has no bots."""

    play: Callable[..., Iterator[Any]] | None
    bots: tuple[str, ...]
    summary: Callable[[], Any] | None = None
    record: Callable[[Mapping[str, Any]], Any] | None = None
    verify: Callable[[Any, Mapping[str, Any]], list[str]] | None = None
    _game: Any = bound()

    def __post_init__(self) -> None:
        if self.play is not None and not self.bots:
            raise ValueError("a simulation names at least one kind of bot")

    def results(
        self, settings: Any, deals: int | range, seed: int | None = None, bots: str = "random"
    ) -> Iterator[Any]:
        """Deals played by bots, each with ``to_dict()``; a seed repeats them. Raises
        NotImplementedError for a game without a simulation."""
        if self.play is None:
            raise NotImplementedError(f"{getattr(self._game, 'key', 'the game')} has no simulation")
        return self.play(settings, deals, seed, bots)

    def deals(
        self, settings: Any, deals: int, seed: int | None = None, bots: str = "random"
    ) -> Iterator[dict[str, Any]]:
        """``deals`` whole deals played by bots, each as a JSON-ready dict; a seed repeats."""
        for result in self.results(settings, deals, seed=seed, bots=bots):
            yield result.to_dict()

    def tally(self) -> Any:
        """An empty tally of simulated deals: the declared one, else deals and deals thrown in."""
        return DealCount() if self.summary is None else self.summary()

    def record_of(self, deal: Mapping[str, Any]) -> Any:
        """The hand a table would write down for a simulated deal: the declared reading,
        else its hand fields read by the game's schema under its default preset."""
        if self.record is not None:
            return self.record(deal)
        game = self._game
        body = {name: value for name, value in deal.items() if name in game.hand.hand_fields}
        return game.record_from_dict(game.preset(game.default_preset), body)

    def broken_rules(self, settings: Any, deal: Mapping[str, Any]) -> list[str]:
        """Every broken rule found in a simulated deal: the declared checker's, else a
        record that does not read or points that are not the hand's."""
        if self.verify is not None:
            return self.verify(settings, deal)
        try:
            record = self.record_of(deal)
        except (InvalidHand, ValueError) as exc:
            return [f"the deal does not read as a hand: {exc}"]
        score = self._game.score_at(settings, record)  # points per side, as a deal writes them
        points = (0,) * len(self._game.sides) if score is None else score.points
        return wrong_points(deal, points, "the hand's")


NO_SIMULATION = Simulation(None, ())
"""The simulation of a game that declares none: no bots; ``results`` raises
NotImplementedError."""


# --- figures --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figures(Declaration):
    """A game's own figures: ``stats(recorded)`` one game's (per seat and side, each
    seat's ``figures`` summable over a career; None: ``kind``'s, of the hands each sat);
    ``player(figures, with_game)`` their lines per player (called as it is:
    ``game.figures.player(...)``); ``game(stats)`` the game-wide lines (None: the hands
    played); ``notes`` what the page says about its terms (when a bid counts as made).
    Careers and head-to-head are derived from ``stats``. :data:`HANDS_AND_POINTS`, a
    game's without figures of its own, has the hands and points every game has."""

    stats: Callable[[Any], Any] | None
    player: Callable[[Sequence[Any], bool], list[FigureLine]]
    game: Callable[[Any], list[FigureLine]] | None = None
    notes: tuple[Message, ...] = ()
    rivalries: Callable[[Any, Any, Sequence[str]], Any] | None = None
    """``rivalries(game, recorded, players)``, the head-to-head where the game's own
    tables differ from its sides (the round sheet's, two to eight a side); None: by the
    game's sides."""
    kind: Any = None
    """The figures' type where ``stats`` is None: ``kind()`` adds up (``+``) each played
    hand's ``kind.of_hand(replayed, seats, side, game)``, the figures that hand gives
    ``seats`` (a player, or the partners of side ``side``) in the game keyed ``game``;
    None: ``core.stats.HandFigures``."""
    _game: Any = bound()

    def recorded(
        self,
        settings: Any,
        first_dealer: int,
        players: Sequence[str],
        records: Sequence[Any],
        key: int | str | None = None,
        finish_after: int | None = None,
        changes: Sequence[SeatChange] = (),
        starting_totals: Sequence[int] | None = None,
    ) -> RecordedGame:
        """A stored game as statistics take it, played by the game at its table's count
        (a game with a ``seat_range`` seats as many as ``players``), its hands scored
        after ``starting_totals`` (one per side) as the scoreboard scores them;
        ``finish_after`` only where the progression may ``finish_now``. Raises
        ValueError for names that repeat or a count the game does not seat."""
        game = self._game
        table = game.seated(len(players)) if game.seat_range is not None else game
        return RecordedGame(
            settings,
            first_dealer,
            tuple(players),
            tuple(records),
            key,
            finish_after if game.progression.finish_now else None,
            tuple(changes),
            game=table,
            starting_totals=tuple(starting_totals) if starting_totals else None,
        )

    def game_stats(self, recorded: Any) -> GameStats[Any]:
        """Each seat's and side's figures in one recorded game: the declared ``stats``,
        else those of ``kind`` of each hand the seat or side played (not one it sat
        out), by the game at the recorded game's own table."""
        if self.stats is not None:
            return self.stats(recorded)
        kind = HandFigures if self.kind is None else self.kind
        progress = recorded.replay()
        table = _table(self._game, recorded)
        sides = table.sides

        def figures_of(seats: Sequence[int], stint: Any) -> Any:
            side = next(i for i, sat in enumerate(sides) if seats[0] in sat)
            figures = kind()
            for hand in hands_played(progress, stint, table, seats):
                figures += kind.of_hand(hand, seats, side, recorded.key)
            return figures

        return game_stats_of(recorded, progress, sides, figures_of, GameStats)

    def game_lines(self, stats: Any) -> list[FigureLine]:
        """The game-wide lines of ``game_stats``' result: the declared ones, else the
        hands played."""
        return [hands_line(stats)] if self.game is None else self.game(stats)

    def careers(self, recorded: Iterable[Any]) -> dict[str, CareerStats[Any]]:
        """Each player's career over ``recorded`` games, by name: each game's figures by
        the game at its own table (tables of a game with a ``seat_range`` differ)."""
        game = self._game
        return careers(recorded, lambda one: _table(game, one).figures.game_stats(one), CareerStats)

    def career_lines(
        self, name: str, games: int, finished: int, wins: int, figures: Any
    ) -> list[FigureLine]:
        """A career's lines: games, wins, then its figures as ``player`` says them."""
        return career_lines(CareerStats(name, games, finished, wins, figures), self.player)

    def head_to_head(self, recorded: Iterable[Any], players: Sequence[str]) -> HeadToHead:
        """How ``players`` fared against each other, partners counted apart; each game's
        sides are those of its own table (the declared ``rivalries``, where it says)."""
        if self.rivalries is not None:
            return self.rivalries(self._game, recorded, players)
        return head_to_head(recorded, players, self._game.sides)


HANDS_AND_POINTS = Figures(None, hand_lines)
"""The figures of a game that declares none: hands, points and hands won."""


def _table(game: Any, recorded: Any) -> Any:
    """The game a recorded game was played by (its table's count), else ``game``."""
    played = getattr(recorded, "game", None)
    return game if played is None else played


# --- paper ----------------------------------------------------------------------------------


def _no_points_table(settings: Any) -> list[tuple[int, int]]:
    return []


@dataclass(frozen=True, slots=True)
class Paper(Declaration):
    """What a game keeps on paper beyond its score sheet: ``pad(game, progress, shown,
    seating)``, the score pad printed under the deals (Bridge's rubber or Chicago pad);
    ``tournament_foot(progress)``, the foot a tournament's printed list adds under the
    game's sheet (Skat's Seeger-Fabian list); None: none. ``points_table(settings)``: (bid,
    points) for each bid made exactly, for the sheets' table of points (Israeli Whist's;
    by default none, what the table leaves out a game says in ``rules_lines``). And
    ``deal_number``, below. :data:`PLAIN_PAPER`: the sheet alone."""

    pad: Callable[..., Any] | None = None
    tournament_foot: Callable[[Any], Any] | None = None
    deal_number: Callable[[Any, Any], int] | None = None
    """``deal_number(settings, place)``: a hand as the table counts it where that is not
    its row's number (a Chicago's passed-out deal is dealt again and takes no number);
    None: the row's number."""
    points_table: Callable[[Any], list[tuple[int, int]]] = _no_points_table
    _game: Any = bound()

    def sheet_pad(self, progress: Any, shown: Any, seating: Any) -> Any:
        """The score pad under the sheet's deals, as the declared ``pad`` draws it from
        ``progress``; None where the sheet has none."""
        return None if self.pad is None else self.pad(self._game, progress, shown, seating)

    def sheet_deals(self, settings: Any) -> tuple[str, ...]:
        """What a blank score sheet writes in each hand's bid column before play: the
        cards each of a fixed number of hands deals, else nothing."""
        game = self._game
        hands = range(1, game.hand_limit(settings) + 1)
        found = [cards_dealt(game, settings, HandPlace(number, 0)) for number in hands]
        return () if not found or None in found else tuple(map(str, found))


PLAIN_PAPER = Paper()
"""The paper of a game that declares none: its score sheet alone."""


def cards_dealt(game: Any, settings: Any, place: HandPlace) -> int | None:
    """The cards each player is dealt in the hand at ``place``, as the game's
    ``progression`` declares; None: every hand is dealt alike."""
    declared = game.progression.cards_dealt
    return None if declared is None else declared(game, settings, place)


# --- the CSV export -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Csv(Declaration):
    """The game's own columns of the CSV export (one row per seat per hand), each placed
    after one of the shared columns (``core.game.CSV_SHARED_COLUMNS``), and their cells.
    ``columns``: the game's (``columns_after(...)``); None, as the game is read, a column
    for each field of its ``hand`` whose ``csv`` says so (the schema's ``csv_columns``).
    ``cells(replayed, names, hand, seats)``: the game's own cells, given the schema's
    (``hand``, the same on each seat's row, and ``seats``, one mapping per seat), returning
    both as the export writes them; None: the schema's. :data:`SCHEMA_CSV`:
    the schema's columns and cells."""

    columns: tuple[CsvColumn, ...] | None = None
    cells: Callable[..., tuple[Mapping[str, CsvCell], Sequence[Mapping[str, CsvCell]]]] | None = (
        None
    )
    _game: Any = bound()

    def bound_to(self, game: Any) -> Csv:
        """Bound to ``game``, its ``columns`` worked out (the schema's, where None)."""
        columns = game.hand.csv_columns() if self.columns is None else self.columns
        return replace(self, columns=columns, _game=game)

    def values(
        self, replayed: Any, names: Sequence[str]
    ) -> tuple[Mapping[str, CsvCell], tuple[Mapping[str, CsvCell], ...]]:
        """One hand of ``replay(...).hands`` as the cells of the game's ``columns``: the
        hand's (the same on each seat's row) and one mapping per seat, in seat order.
        ``names`` are the players who sat at that hand, in seat order, for a column that
        names a seat. A column in neither mapping, or None, is an empty cell; the app
        quotes text a spreadsheet would run as a formula."""
        game = self._game
        hand, seats = game.hand.csv_cells(game, replayed, names)
        if self.cells is not None:
            hand, seats = self.cells(replayed, names, hand, seats)
        return hand, tuple(seats)


SCHEMA_CSV = Csv()
"""The CSV of a game that declares none: a column for each of its hand's fields."""


# --- progression ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Progression:
    """How a game goes from hand to hand, declared once (``Game.progression``) as hooks of
    the one loop that replays every game (``core.progress.resume``); each part None is
    the race to ``settings.target`` most games are. Each callable takes the game (at its
    table's count) first:

    - ``state``: what the game carries from hand to hand, a subclass of
      ``core.progress.RaceState`` with fields of its own (Spades' overtricks, Phase
      10's phases), which says how it starts and what it reads back (None: the race's);
    - ``carry(game, settings, hand)``: the state after ``hand`` (a
      ``core.progress.ReplayedHand``: its record, its score, and as its ``state`` the
      race's count after it on the state before it, the game's own fields as they were)
      with the game's own fields carried on; it may end the game (``target_reached``) or
      name its winners (None: nothing but the race);
    - ``finish(game, settings, hand)``: the hand at which the table finishes the game,
      with what finishing gives (Bridge's premiums for an unfinished rubber, added to its
      score, totals and state); None: nothing;
    - ``progress``: the progress's type (``core.progress.RaceProgress`` or a subclass
      with leaders of its own); None: ``RaceProgress``;
    - ``target(game, settings)``: the total that ends the game once a side reaches it
      (None: ``settings.target``, where the settings have one);
    - ``opener(game, settings, dealer)``: who opens a hand (None: left of the dealer);
    - ``next_dealer(game, settings, place, record)``: the dealer after the hand ``record``
      at ``place`` (None: to the left);
    - ``hand_limit(game, settings)``: the scored hands after which the game ends (None: 0,
      no limit);
    - ``shares_tie``: whether sides tied at the top at the end share the win (else play
      on), or ``shares_tie(game, settings)`` where the rules say;
    - ``finish_now``: whether the table may end the game after any hand ("finish now":
      the side ahead wins, a tie plays on; ``replay`` takes ``finish_after``);
    - ``thrown_in_counts``: whether a deal thrown in counts as a hand of the game, scored
      0 by every side (Skat's list counts a passed deal toward its deals); else it is
      no hand's score (None) and leaves the hand limit where it was;
    - ``deals_count``: whether every deal counts toward ``hand_limit``, a thrown-in one
      too, though it scores nothing (Bid Whist's deal limit);
    - ``cards_dealt(game, settings, place)``: the cards each player is dealt in the hand
      at ``place`` where that changes from hand to hand (None: every hand alike);
    - ``lasting``: the knob changes under which a game lasts any number of hands, for the
      suites and benchmarks (``GameBase.lasting``), or ``lasting(game, hands)``; None: the
      ``target`` knob at its highest;
    - ``sits_out(game, settings, number, dealer)``: the seats at the table that take no
      part in hand ``number`` dealt by ``dealer`` (Doppelkopf's dealer at a table of five),
      besides any seat empty at it (``core.seating``); None: nobody.
    """

    state: type | None = None
    carry: Callable[..., Any] | None = None
    finish: Callable[..., Any] | None = None
    progress: type | None = None
    target: Callable[..., int | None] | None = None
    opener: Callable[..., int] | None = None
    next_dealer: Callable[..., int] | None = None
    hand_limit: Callable[..., int] | None = None
    shares_tie: bool | Callable[..., bool] = False
    finish_now: bool = False
    thrown_in_counts: bool = False
    deals_count: bool = False
    cards_dealt: Callable[..., int | None] | None = None
    lasting: Mapping[str, Any] | Callable[..., Mapping[str, Any] | None] | None = None
    sits_out: Callable[..., tuple[int, ...]] | None = None


RACE = Progression()
"""The race to ``settings.target``: the progression of a game that declares none."""
