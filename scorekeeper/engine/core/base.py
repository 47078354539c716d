"""The base class every game subclasses, as python-chess's variants subclass ``Board``:
defaults for everything games do alike, so that a game writes only what is its own.

**The one way** (:data:`SCHEMA_REQUIRED`, checked when the class is made): its ``key``,
``name``, ``seats``, ``presets`` (named settings, a frozen dataclass subclassing
``core.settings.SettingsBase``, each knob declared once on its field with
``core.knobs.knob``), ``preset_words``, ``page_words``, its ``hand``
(``core.schema.HandSchema``) and its ``score``. The reading, the form, the command line,
the CSV, random hands and the hand's views are derived from the ``hand``
(``core.schema_defaults``); the knobs and a score sheet's lines of the rules from the
settings' fields.

**What it gets** (write what differs, and only members of the ``Game`` protocol, the
whole override surface; :data:`DERIVED` lists what the app calls that no game writes):
one seat a side, a fixed number of players (``seat_range`` and ``seated(n)`` for a game
whose table chooses it), the presets' plumbing, the progress of
a race to ``settings.target`` (dealer rotation, leaders, a tie at the top, hand limits,
starting totals, ``resume``/``state_of``/``hand_state``), the points of a hand, preview,
a hand at its place in the game (``HandPlace``, the last and optional argument of
``record_from_dict``, ``points``, ``preview``, ``explain``, ``hand_form`` and
``deal_note``), statistics of the common kinds (:mod:`.stats`:
hands, points, careers, head-to-head), records' round trip.

**What it may declare**, once, as data (``core.declared``): ``progression``, how it
starts, loads a stored state and resumes, from which the progression's members are
derived; ``simulation``, whole deals played by bots, from which the simulation's members
are; ``figures``, its own statistics, from which the statistics members are; and
``paper``, what it keeps on paper beyond its sheet. What belongs to the house rules the
settings say (``core.settings.SettingsBase``), what belongs to the hand its ``hand``
(``core.schema.HandSchema``, subclassed).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, partial
from typing import Any, ClassVar

from .declared import RACE, Figures, Paper, Progression, Simulation
from .display import FigureLine, GameNotes, RulesLine
from .errors import InvalidHand, InvalidSettings
from .figures import career_lines, hand_lines, hands_line
from .game import (
    WIN_ALONE,
    WIN_PARTNERS,
    CsvCell,
    HandPlace,
    Knob,
    PageWords,
    Progress,
    Replayed,
    seat_values,
)
from .knobs import rules_lines_of, seated_knobs
from .messages import Message, msg, nmsg
from .names_in_sentences import AT, name_in
from .progress import Points, RaceState, resume
from .schema import HandSchema
from .schema_defaults import SchemaDefaults
from .seating import SeatChange, Stint, empty_at
from .seats import leaders_of, placings_of
from .settings import find_preset, preset_name_of
from .simulation import DealTally, wrong_points
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

SCHEMA_REQUIRED: tuple[str, ...] = (
    "key",
    "name",
    "seats",
    "presets",
    "preset_words",
    "page_words",
    "hand",
    "score",
)
"""The members a game that declares its ``hand`` (``core.schema.HandSchema``) must write:
the core derives the reading, form, command line, CSV, random hands and views from it."""


DERIVED: tuple[str, ...] = (
    "default_preset",
    "preset",
    "preset_name_of",
    "title_of",
    "settings_from_dict",
    "knobs",
    "seat_counts",
    "seated",
    "seat_knobs",
    "check_table",
    "hand_fields",
    "points",
    "place_of",
    "place_after",
    "resume",
    "state_of",
    "hand_state",
    "scores_in_favour",
    "placings",
    "running_totals",
    "form_body",
    "form_values",
    "sheet_deals",
    "bot_kinds",
    "simulate",
    "simulate_results",
    "simulation_summary",
    "record_of_deal",
    "verify_deal",
    "recorded_game",
    "game_stats",
    "game_figures",
    "player_figures",
    "figures_notes",
    "careers",
    "career_figures",
    "head_to_head",
    "lasting",
    "replay",
    "losing_floor",
    "lowest_wins",
    "shows_dealer",
    "preset_aside",
    "sheet_pad",
    "tournament_foot",
    "finish_now",
    "cards_dealt",
    "sits_out",
)
"""What the app (and the suites) ask of every game beyond the ``Game`` protocol: each
derived here from what the game says (its protocol members, its declarations, its
settings and its ``hand``), so no game writes it: the protocol is the whole override
surface (``tests/engine/test_protocol.py`` names a member a game defines outside it)."""


@dataclass
class DealCount(DealTally):
    """The plainest summary of simulated deals: how many, and how many thrown in."""

    def add(self, deal: Mapping[str, Any]) -> None:
        self.deals += 1
        self.thrown_in += bool(deal.get("thrown_in"))

    def add_result(self, result: Any) -> None:
        self.add(result.to_dict())

    def lines(self) -> list[str]:
        return [f"deals: {self.deals}", f"thrown in: {self.thrown_in}"]

    def merge(self, other: DealCount) -> None:
        self.deals += other.deals
        self.thrown_in += other.thrown_in


def _table(game: GameBase, recorded: Any) -> Any:
    """The game a recorded game was played by (its table's count), else ``game``."""
    played = getattr(recorded, "game", None)
    return game if played is None else played


def _unwritten(cls: type, name: str) -> bool:
    """Whether ``cls`` does not write ``name``: it has none, or only GameBase's default."""
    found = getattr(cls, name, _UNSET)
    return found is _UNSET or found is getattr(GameBase, name, _NONE)


_UNSET, _NONE = object(), object()


class GameBase(SchemaDefaults):
    """A game: subclass it, write the :data:`SCHEMA_REQUIRED` members, override what differs."""

    # --- what a game is ---------------------------------------------------------------------
    key: ClassVar[str]
    name: ClassVar[Message]
    seats: ClassVar[int]

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats that score together: one seat each, unless the game says otherwise (a
        class attribute of its own: partners)."""
        return tuple((seat,) for seat in range(self.seats))

    presets: Mapping[str, Any]
    preset_words: Mapping[str, tuple[Message, Message]]
    page_words: PageWords

    seat_range: ClassVar[tuple[int, int] | None] = None
    """The fewest and most players a table of this game may have, for a game whose number
    of players is chosen when it starts (Oh Hell: (3, 7)); None: exactly ``seats``. The
    registered game is the game at its default count, ``seats``; :meth:`seated` gives it
    for another."""
    hand: ClassVar[HandSchema]
    """The hand's schema (``core.schema``), which every game declares: it derives
    ``hand_fields``, the reading, the form, the command line, the CSV cells, random hands
    and the views."""
    simulation: ClassVar[Simulation | None] = None
    """Whole deals played by bots (``core.declared.Simulation``), declared once: the
    simulation's members below are derived from it. None: the game has no simulation."""
    figures: ClassVar[Figures | None] = None
    """Figures of the game's own (``core.declared.Figures``): the statistics members below
    are derived from them. None: the hands and points every game has."""
    row_layout: ClassVar[str] = "cells"
    """How the scoreboard lays out a hand's row: "cells", "across" (a line above the
    cells, Skat) or "under" (a line under them, Doppelkopf); see ``Game.row_layout``."""
    progression: ClassVar[Progression] = RACE
    """How the game goes from hand to hand (``core.declared.Progression``): how it starts,
    loads a stored state and resumes, its opener, dealer, hand limit and ties; the
    progression's members below are derived from it. ``RACE``: the race to a target."""
    paper: ClassVar[Paper | None] = None
    """What the game keeps on paper beyond its sheet (``core.declared.Paper``): the
    ``sheet_pad`` and ``tournament_foot`` below are derived from it."""

    @property
    def finish_now(self) -> bool:
        """True when the table may end the game after any hand ("finish now"), as the
        ``progression`` declares; every game's ``replay``, ``resume`` and
        ``recorded_game`` take ``finish_after``, and a game without it ignores it."""
        return self.progression.finish_now

    preset_titles: ClassVar[Mapping[str, Message]] = {}
    """Presets that name the game another way (the round sheet's Hearts); see ``title_of``."""
    recorded_type: ClassVar[type[RecordedGame]] = RecordedGame
    """What ``recorded_game`` makes: a game's own subclass of ``core.stats.RecordedGame``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuses a game that does not write :data:`SCHEMA_REQUIRED`; gives its
        ``page_words`` the winner's banner of its sides unless it words its own."""
        super().__init_subclass__(**kwargs)
        missing = [name for name in SCHEMA_REQUIRED if _unwritten(cls, name)]
        if missing:
            raise TypeError(f"{cls.__name__} does not write {', '.join(missing)}")
        words = vars(cls).get("page_words")
        if isinstance(words, PageWords) and words.win is None:
            sides = cls.sides if isinstance(cls.sides, tuple) else ()
            alone = all(len(side) == 1 for side in sides)
            cls.page_words = replace(words, win=WIN_ALONE if alone else WIN_PARTNERS)

    # --- how many play ------------------------------------------------------------------------

    @property
    def seat_counts(self) -> range:
        """Every number of players a table of this game may have, fewest first."""
        low, high = self.seat_range or (self.seats, self.seats)
        return range(low, high + 1)

    def seated(self, n: int) -> GameBase:
        """This game for a table of ``n`` players: itself at its own count; for a game with a
        ``seat_range``, a copy (made once per count) with ``seats = n``, one seat a side
        and presets whose seat knobs (``seat_knobs``: Oh Hell's and Skat's ``players``)
        are ``n``. Raises InvalidSettings (field ``players``) for a count the game does not
        seat."""
        if type(n) is int and n == self.seats:
            return self
        counts = self.seat_counts
        if (type(n) is not int or n not in counts) and len(counts) == 1:
            problem = msg(
                "%(game)s is played by %(seats)d players, not %(n)s",
                game=name_in(self.name, AT),
                seats=self.seats,
                n=n if type(n) is int else str(n),
            )
            raise InvalidSettings(problem, "players")
        if type(n) is not int or n not in counts:
            problem = msg(
                "%(game)s is played by %(low)d to %(high)d players, not %(n)s",
                game=name_in(self.name, AT),
                low=counts[0],
                high=counts[-1],
                n=n if type(n) is int else str(n),
            )
            raise InvalidSettings(problem, "players")
        cache = self.__dict__.setdefault("_seated", {self.seats: self})
        if n not in cache:
            table = copy.copy(self)
            table.__dict__["_seated"] = cache
            table.seats = n
            table.sides = tuple((seat,) for seat in range(n))
            seated = dict.fromkeys(self.seat_knobs, n)
            if seated:
                table.presets = {name: replace(p, **seated) for name, p in self.presets.items()}
            cache[n] = table
        return cache[n]

    @property
    def seat_knobs(self) -> tuple[str, ...]:
        """Knobs that hold the number of players seated (Oh Hell's ``players``), as the
        settings declare them (``knob(..., seated=True)``): the names at the table decide
        them, so the new-game form does not offer them and ``check_table`` refuses
        settings that say otherwise."""
        return seated_knobs(type(next(iter(self.presets.values()))))

    def check_table(self, settings: Any) -> None:
        """Raises InvalidSettings (naming the knob) where ``settings`` give this table
        another number of players than its own (``seat_knobs``), or where the settings
        refuse this many players (``SettingsBase.check_seats``: Wizard's rounds)."""
        check_seats = getattr(settings, "check_seats", None)
        if check_seats is not None:
            check_seats(self.seats)
        for name in self.seat_knobs:
            if getattr(settings, name) != self.seats:
                problem = msg(
                    "%(knob)s is the number of players seated (%(seats)d): name more or fewer "
                    "players to change it",
                    knob=name,
                    seats=self.seats,
                )
                raise InvalidSettings(problem, name)

    # --- settings and presets ----------------------------------------------------------------

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def preset(self, name: str) -> Any:
        """The named preset; raises InvalidSettings (field ``rules``) naming the known ones."""
        return find_preset(self.presets, name)

    def title_of(self, preset: str) -> Message:
        """The preset's title where it has one (Hearts), else the game's name."""
        return self.preset_titles.get(preset, self.name)

    @property
    def preset_aside(self) -> tuple[str, ...]:
        """Knobs a table sets for itself, as the settings say (``SettingsBase.preset_aside``):
        settings that differ from a preset only in these are still that preset."""
        return tuple(getattr(type(self.preset(self.default_preset)), "preset_aside", ("target",)))

    def preset_name_of(self, settings: Any) -> str | None:
        """The preset the settings are, their own ``preset_aside`` apart: as the settings
        say (``SettingsBase.preset_of``)."""
        own = getattr(settings, "preset_of", None)
        if own is not None:
            return own(self.presets, self.preset_aside)
        return preset_name_of(self.presets, settings, self.preset_aside)

    def settings_from_dict(self, values: Mapping[str, Any]) -> Any:
        """Stored or typed settings, a seat knob left out this table's count (Oh Hell's
        ``players``); raises InvalidSettings naming the knob and the rule."""
        if not isinstance(values, Mapping):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        seated = {name: self.seats for name in self.seat_knobs if name not in values}
        return type(self.preset(self.default_preset)).from_dict({**values, **seated})

    # --- a hand at its place in the game (``HandPlace``) -------------------------------------
    # A hand whose reading or score depends on the game before it (the cards dealt, the
    # dealer's own limits, values carried) is read, checked, scored, explained and asked for at
    # its place; by default a hand is the same anywhere, and these are the members above.

    def place_of(self, state: Mapping[str, Any]) -> HandPlace:
        """The place of the hand after ``state`` (as ``state_of``/``hand_state`` wrote
        it): its number, its dealer and the state as ``state_from_dict`` reads it."""
        before = self.state_from_dict(state)
        return HandPlace(before.number + 1, before.dealer, before)

    def place_after(self, replayed: Any) -> HandPlace:
        """The place of the hand after ``replayed`` (a hand of ``replay(...).hands``):
        ``place_of(hand_state(replayed))`` without the trip through JSON, which a page of
        a thousand hands would make a thousand times. A game's state reads back equal to
        what it wrote (the engine suite holds every game to it), so the replayed hand's
        own state is the state ``place_of`` would read."""
        state = replayed.state
        return HandPlace(state.number + 1, state.dealer, state)

    def record_from_dict(self, settings: Any, body: Any, place: HandPlace | None = None) -> Any:
        """The hand read from ``body`` by the game's ``hand`` schema and, where its place
        is known, checked there too (its ranges and the game's ``check`` at that place);
        raises InvalidHand with every problem."""
        return self.hand.read(self, body, self.context(settings, place))

    def score_at(self, settings: Any, record: Any, place: HandPlace | None = None) -> Any:
        """The hand's score at ``place`` (None: the hand alone): the game's ``score`` with
        the Context of that place. A deal thrown in scores None, or 0 for every side where
        it counts as a hand of the game (``Progression.thrown_in_counts``)."""
        if record.thrown_in and self.progression.thrown_in_counts:
            return Points((0,) * len(self.sides))
        return self._scored(settings, record, place)

    def points(self, settings: Any, record: Any, place: HandPlace | None = None) -> tuple[int, ...]:
        """Points per seat of the hand at ``place`` (None: the hand alone), as ``replay``
        scores it there; partners score alike; a thrown-in deal scores 0."""
        score = self.score_at(settings, record, place)
        return (0,) * self.seats if score is None else seat_values(self, score.points)

    def preview(self, settings: Any, record: Any, place: HandPlace | None = None) -> dict[str, Any]:
        """At least ``points`` per side of the hand at ``place``, as ``POST
        /api/games/<id>/preview`` answers; a game adds its own fields by overriding this
        one member, and they are there at any place."""
        score = self.score_at(settings, record, place)
        return {"points": [0] * len(self.sides) if score is None else list(score.points)}

    def hand_result(self, replayed: Replayed) -> dict[str, Any]:
        """What a replayed hand shows beside its points in the API and export: the sides
        that lead after it (an import checks it as it checks the totals)."""
        return {"leaders": list(leaders_of(replayed.totals))}

    def progress_result(self, progress: Progress) -> dict[str, Any]:
        """What the game's JSON shows of its progress beyond the shared fields (the cards
        the next hand deals, say): nothing. The API puts it beside the shared fields."""
        return {}

    def losing_floor(self, settings: Any) -> int | None:
        """The settings' own ``losing_floor``, a rule of the house rules alone (Bid Whist's
        -target, Spades' ``lose_at``); None where they have none: totals may fall without
        end."""
        return getattr(settings, "losing_floor", None)

    def shows_dealer(self, settings: Any) -> bool:
        """Whether the pages say who deals each hand: as the settings say (the round
        sheet's ``dealer`` knob), else True."""
        return bool(getattr(settings, "shows_dealer", True))

    def cards_dealt(self, settings: Any, place: HandPlace) -> int | None:
        """The cards each player is dealt in the hand at ``place``, as the ``progression``
        declares; None: every hand is dealt alike."""
        declared = self.progression.cards_dealt
        return None if declared is None else declared(self, settings, place)

    def sits_out(self, settings: Any, number: int, dealer: int) -> tuple[int, ...]:
        """The seats that take no part in hand ``number``, dealt by ``dealer``: those empty
        at it (a table that grew or shrank, ``core.seating``) and those the progression
        says sit it out (a fifth Doppelkopf player's dealer), in seat order. A player in
        one of them did not play the hand (a club night's ranking counts hands played)."""
        declared = self.progression.sits_out
        out = set(empty_at(settings, number))
        if declared is not None:
            out.update(declared(self, settings, number, dealer))
        return tuple(sorted(out))

    def deal_note(self, settings: Any, place: HandPlace) -> Message | None:
        """What the table must know to deal the hand at ``place`` (its number, dealer and
        the state before it): the cards it deals (``cards_dealt``), where they change."""
        cards = self.cards_dealt(settings, place)
        return None if cards is None else nmsg("Deal %(num)d card", "Deal %(num)d cards", cards)

    def notes(self, progress: Progress) -> GameNotes:
        """Nothing beyond the totals: no money, nothing owed, no foot."""
        return GameNotes()

    def lowest_wins(self, settings: Any) -> bool:
        """Whether the lowest total wins, and fewer points are the better hand: as the
        settings say (the round sheet's goal, Hearts'), else False."""
        return bool(getattr(settings, "lowest_wins", False))

    # --- the progress of a game: a race to the target unless the game says otherwise -------

    def next_dealer(self, settings: Any, place: HandPlace, record: Any) -> int:
        """The dealer after the hand ``record`` at ``place``: the declared one, else the
        player to the left."""
        declared = self.progression.next_dealer
        if declared is None:
            return (place.dealer + 1) % self.seats
        return declared(self, settings, place, record)

    def opener(self, settings: Any, dealer: int) -> int:
        """Who opens a hand: the declared one, else the player left of the dealer."""
        declared = self.progression.opener
        return (dealer + 1) % self.seats if declared is None else declared(self, settings, dealer)

    def hand_limit(self, settings: Any) -> int:
        """Scored hands after which the game ends: the declared limit, else 0 (none)."""
        declared = self.progression.hand_limit
        return 0 if declared is None else declared(self, settings)

    def lasting(self, hands: int) -> dict[str, Any] | None:
        """Knob changes to the default preset under which a game of this table lasts at
        least ``hands`` hands whatever is bid, and in which every hand the game's
        simulation deals stands wherever it falls, so a hand may be moved or edited into
        any place: what the conformance suites and the benchmarks play long games with
        (the app never asks it, so it is no member of the ``Game`` protocol). By default
        the ``target`` knob at its highest (at most 10,000), where there is one; None where
        there is none: the game cannot be made to last, and the suites play it to its end
        as often as they need. A game's ``progression`` may declare its own (``lasting``)."""
        declared = self.progression.lasting
        if callable(declared):
            return declared(self, hands)
        if declared is not None:
            return dict(declared)
        knob = next((knob for knob in self.knobs if knob.name == "target"), None)
        return None if knob is None else {"target": min(knob.high or 10_000, 10_000)}

    def end_words(self, settings: Any) -> Message:
        """The race's end: "to" the target; a game with no target but a ``deals`` knob
        (French Tarot, Schafkopf) ends after that many deals, or with 0 when the table
        finishes it."""
        if hasattr(settings, "target") or not hasattr(settings, "deals"):
            return msg("to %(target)d", target=settings.target)
        if settings.deals:
            return msg("%(deals)d deals", deals=settings.deals)
        return msg("until the table finishes")

    def shares_tie(self, settings: Any) -> bool:
        """Whether sides tied at the top when the game ends share the win (else play on),
        as the ``progression`` declares."""
        declared = self.progression.shares_tie
        return declared(self, settings) if callable(declared) else declared

    def scores_in_favour(self, settings: Any, totals: Sequence[int]) -> tuple[int, ...]:
        """``totals`` (one per side) turned so that more is better: negated where the
        lowest total wins (``lowest_wins``), else as they are."""
        return tuple(-t for t in totals) if self.lowest_wins(settings) else tuple(totals)

    def placings(self, progress: Progress) -> tuple[int, ...]:
        """Each side's place in ``progress`` (``replay``'s or ``resume``'s), 1 the best:
        the winners first, then the others by total (``lowest_wins`` turns the order);
        sides level share a place and the next place is skipped (1, 2, 2, 4)."""
        winners = tuple(progress.winners) or (() if progress.winner is None else (progress.winner,))
        return placings_of(progress.totals, winners, self.lowest_wins(progress.settings))

    def replay(
        self,
        settings: Any,
        first_dealer: int,
        records: Sequence[Any],
        finish_after: int | None = None,
        starting_totals: Sequence[int] | None = None,
    ) -> Progress:
        """The game after ``records``; ``starting_totals`` ("hand 0", one per side) count
        toward the target; ``finish_after`` is when the table asked to finish (ignored
        where ``finish_now`` is False). Raises ValueError for a hand after the end."""
        start = self.start_state(first_dealer, starting_totals)
        return self.resume_from(settings, start, records, finish_after)

    def resume(
        self,
        settings: Any,
        state: Mapping[str, Any],
        records: Sequence[Any],
        finish_after: int | None = None,
    ) -> Progress:
        """The game continued from ``state`` (``state_of`` or ``hand_state``): ``records``
        scored as the hands after it, exactly as ``replay`` of the whole game gives them.
        Raises ValueError for a hand after the end, or a state it did not write."""
        return self.resume_from(settings, self.state_from_dict(state), records, finish_after)

    # The progression's parts, from the declared ``progression`` (``core.declared``): the
    # state a game carries (a ``core.progress.RaceState``) and the one loop's hooks.

    def start_state(self, first_dealer: int, starting_totals: Sequence[int] | None) -> Any:
        """The state before the first hand; raises ValueError for a seat or totals the
        table does not have."""
        return (self.progression.state or RaceState).first(self, first_dealer, starting_totals)

    def state_from_dict(self, values: Mapping[str, Any]) -> Any:
        """A state as ``state_of`` wrote it; raises ValueError for anything else."""
        return (self.progression.state or RaceState).from_dict(values, self)

    def resume_from(
        self, settings: Any, state: Any, records: Sequence[Any], finish_after: int | None
    ) -> Progress:
        """``records`` scored after ``state`` by the one loop (``core.progress.resume``);
        ``finish_after`` (for a game whose ``finish_now`` is True) ends the game there,
        the side ahead alone winning."""
        return resume(self, settings, state, records, finish_after if self.finish_now else None)

    def state_before(self, hand: Any, progress: Progress) -> Any:
        """The state before ``hand``, the first of ``progress`` (a resumed game's first
        hand is not its game's first): the state the progress resumed from."""
        return progress.before

    def state_of(self, progress: Progress) -> dict[str, Any]:
        """What the game carries from hand to hand after ``progress``, JSON-ready."""
        assert progress.state is not None
        return progress.state.to_dict()

    def hand_state(self, replayed: Replayed) -> dict[str, Any]:
        """``state_of`` as it stood after one replayed hand."""
        assert replayed.state is not None
        return replayed.state.to_dict()

    def running_totals(self, progress: Progress) -> list[tuple[int, ...]]:
        """Every side's total after each hand, for the chart."""
        return [hand.totals for hand in progress.hands]

    # --- sheets and exports -------------------------------------------------------------------

    @property
    def knobs(self) -> tuple[Knob, ...]:
        """Every knob as the new-game form shows it to this table: as the settings' fields
        declare them (``core.knobs.knob``), their bounds at this table's count
        (``SettingsBase.knobs_for_table``)."""
        return next(iter(self.presets.values())).knobs_for_table()

    def rules_lines(self, settings: Any) -> list[RulesLine]:
        """Each knob as the new-game form labels it, with its value in the form's words."""
        return rules_lines_of(settings, self.knobs)

    def rules_notes(self, settings: Any) -> list[Message]:
        return []

    def points_table(self, settings: Any) -> list[tuple[int, int]]:
        return []

    def sheet_deals(self, settings: Any) -> tuple[str, ...]:
        """What a blank score sheet writes in each hand's bid column before play: the
        cards each of a fixed number of hands deals (``cards_dealt``), else nothing."""
        hands = range(1, self.hand_limit(settings) + 1)
        found = [self.cards_dealt(settings, HandPlace(number, 0)) for number in hands]
        return () if not found or None in found else tuple(map(str, found))

    def csv_values(
        self, replayed: Replayed, names: Sequence[str]
    ) -> tuple[Mapping[str, CsvCell], tuple[Mapping[str, CsvCell], ...]]:
        """Each field's value (a seat or side by its players' names, a yes/no 1 or 0)."""
        return self._csv_cells(replayed, names)

    # --- statistics -----------------------------------------------------------------------------

    def recorded_game(
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
        """A stored game as statistics take it, by the game at its table's count (a game
        with a ``seat_range`` seats as many as ``players``), its hands scored after
        ``starting_totals`` (one per side) as the scoreboard scores them; raises ValueError
        for names that repeat or a count the game does not seat."""
        table = self.seated(len(players)) if self.seat_range is not None else self
        return self.recorded_type(
            settings,
            first_dealer,
            tuple(players),
            tuple(records),
            key,
            finish_after if self.finish_now else None,
            tuple(changes),
            game=table,
            starting_totals=tuple(starting_totals) if starting_totals else None,
        )

    def game_stats(self, recorded: RecordedGame) -> GameStats[Any]:
        """Each seat's and side's figures: the declared ``stats``, else those of the
        declared ``kind`` (hands and points: ``core.stats.HandFigures``) of each hand
        the seat or side played (not one it sat out, as ``sits_out`` says)."""
        declared = self.figures
        if declared is not None and declared.stats is not None:
            return declared.stats(recorded)
        kind = HandFigures if declared is None or declared.kind is None else declared.kind
        progress = recorded.replay()
        table = _table(self, recorded)
        sides = table.sides

        def figures_of(seats: Sequence[int], stint: Stint | None) -> Any:
            side = next(i for i, sat in enumerate(sides) if seats[0] in sat)
            figures = kind()
            # Only the hands they played: not one their seat sat out (``sits_out``).
            for hand in hands_played(progress, stint, table, seats):
                figures += kind.of_hand(hand, seats, side, recorded.key)
            return figures

        return game_stats_of(recorded, progress, sides, figures_of, GameStats)

    def game_figures(self, stats: Any) -> list[FigureLine]:
        """The game-wide lines of ``game_stats``' result: the declared ones, else the
        hands played."""
        declared = self.figures
        if declared is not None and declared.game is not None:
            return declared.game(stats)
        return [hands_line(stats)]

    def player_figures(self, figures: Sequence[Any], with_game: bool = False) -> list[FigureLine]:
        """Per-player lines: the declared ones, else hands, points and hands won."""
        if self.figures is not None:
            return self.figures.player(figures, with_game)
        return hand_lines(figures, with_game)

    def careers(self, recorded: Iterable[Any]) -> dict[str, CareerStats[Any]]:
        """Each player's career over ``recorded`` games, by name: each game's figures by
        the game at its own table (tables of a game with a ``seat_range`` differ)."""
        return careers(recorded, lambda one: _table(self, one).game_stats(one), CareerStats)

    def career_figures(
        self, name: str, games: int, finished: int, wins: int, figures: Any
    ) -> list[FigureLine]:
        return career_lines(CareerStats(name, games, finished, wins, figures), self.player_figures)

    def head_to_head(self, recorded: Iterable[Any], players: Sequence[str]) -> HeadToHead:
        """How ``players`` fared against each other, partners counted apart; each game's
        sides are those of its own table (the declared ``figures``' own, where it says)."""
        if self.figures is not None and self.figures.head_to_head is not None:
            return self.figures.head_to_head(self, recorded, players)
        return head_to_head(recorded, players, self.sides)

    def figures_notes(self) -> list[Message]:
        """What the statistics page says about its terms: the declared ``notes``."""
        return [] if self.figures is None else list(self.figures.notes)

    # --- paper beyond the sheet, derived from the game's ``paper`` ------------------------------

    @property
    def sheet_pad(self) -> Callable[[Any, Any, Any], Any] | None:
        """The score pad printed under the deals, ``sheet_pad(progress, shown, seating)``:
        the declared ``paper``'s ``pad``; None: the sheet has none."""
        pad = None if self.paper is None else self.paper.pad
        return None if pad is None else partial(pad, self)

    @property
    def tournament_foot(self) -> Callable[[Any], Any] | None:
        """The foot a tournament's printed list of the game adds under its sheet, from a
        table's progress (Skat: the Seeger-Fabian list's won and lost games and their
        points): the declared ``paper``'s; None: the tournament list is the sheet."""
        return None if self.paper is None else self.paper.tournament_foot

    # --- simulation, derived from the game's ``simulation`` -----------------------------------

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        """The kinds of bot ``simulate`` takes, the default first; none without a simulation."""
        return () if self.simulation is None else self.simulation.bots

    def simulate_results(
        self, settings: Any, deals: int | range, seed: int | None = None, bots: str = "random"
    ) -> Iterator[Any]:
        """Deals played by bots, each with ``to_dict()``: the declared ``simulation``'s."""
        if self.simulation is None:
            raise NotImplementedError(f"{self.key} has no simulation")
        return self.simulation.deals(settings, deals, seed, bots)

    def simulate(
        self, settings: Any, deals: int, seed: int | None = None, bots: str = "random"
    ) -> Iterator[dict[str, Any]]:
        """``deals`` whole deals played by bots, each as a JSON-ready dict; a seed repeats."""
        for result in self.simulate_results(settings, deals, seed=seed, bots=bots):
            yield result.to_dict()

    def simulation_summary(self) -> Any:
        """An empty tally of simulated deals: the declared one, else deals and deals thrown in."""
        declared = self.simulation
        if declared is None or declared.summary is None:
            return DealCount()
        return declared.summary()

    def record_of_deal(self, deal: Mapping[str, Any]) -> Any:
        """The hand a table would write down for a simulated deal: the declared reading,
        else its hand fields."""
        if self.simulation is not None and self.simulation.record is not None:
            return self.simulation.record(deal)
        body = {name: value for name, value in deal.items() if name in self.hand_fields}
        return self.record_from_dict(self.preset(self.default_preset), body)

    def verify_deal(self, settings: Any, deal: Mapping[str, Any]) -> list[str]:
        """Every broken rule found in a simulated deal: here, a record that does not read
        or points that are not the hand's (the declared checker, where there is one)."""
        if self.simulation is not None and self.simulation.verify is not None:
            return self.simulation.verify(settings, deal)
        try:
            record = self.record_of_deal(deal)
        except (InvalidHand, ValueError) as exc:
            return [f"the deal does not read as a hand: {exc}"]
        score = self.score_at(settings, record)  # points per side, as a deal writes them
        points = (0,) * len(self.sides) if score is None else score.points
        return wrong_points(deal, points, "the hand's")
