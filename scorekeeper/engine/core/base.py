"""The base class every game subclasses, as python-chess's variants subclass ``Board``:
defaults for everything games do alike, so that a game writes only what is its own.

**The one way** (:data:`SCHEMA_REQUIRED`, checked when the class is made): its ``key``,
``name``, ``seats``, ``presets`` (named settings, a frozen dataclass subclassing
``core.settings.SettingsBase``, each knob declared once on its field), ``preset_words``,
``page_words``, its ``hand`` (``core.schema.HandSchema``) and its ``score``.

**What it gets** (write what differs, and only members of the ``Game`` protocol;
:data:`DERIVED` lists what no game writes): one seat a side (``seated(n)`` for a game
whose table chooses its count), the presets, the race to ``settings.target``, the points
of a hand at its place (``HandPlace``), and from its ``hand`` the reading, the form and
the views (``core.schema_defaults``).

**What it may declare**, once, as data (``core.declared``): its ``progression``, the hooks
of the one loop that replays every game (``core.progress``), and its ``simulation``,
``figures``, ``paper`` and ``csv``, each holding the methods the app calls on it, bound
to the game it is read on; a game that declares none has the default one. What belongs
to the house rules the settings say (``SettingsBase``: ``lowest_wins``, ``losing_floor``,
``shows_dealer``, ``knobs_for_table``…), what belongs to the hand its schema
(``game.hand.form_body``, ``form_values``, ``options``…).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any, ClassVar

from .declared import (
    HANDS_AND_POINTS,
    NO_SIMULATION,
    PLAIN_PAPER,
    RACE,
    SCHEMA_CSV,
    Csv,
    Figures,
    Paper,
    Progression,
    Simulation,
    bind_properties,
    cards_dealt,
)
from .display import GameNotes, RulesLine
from .errors import InvalidSettings
from .game import (
    WIN_ALONE,
    WIN_PARTNERS,
    HandPlace,
    PageWords,
    Progress,
    Replayed,
    seat_counts,
    seat_values,
    table_knobs,
)
from .knobs import rules_lines_of
from .messages import Message, msg, nmsg
from .names_in_sentences import AT, name_in
from .progress import Points, RaceState, first_state, resume
from .schema import HandSchema
from .schema_defaults import SchemaDefaults
from .seats import leaders_of
from .settings import find_preset

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
"""The members a game must write: the core derives the reading, form, command line, CSV,
random hands and views from its ``hand`` (``core.schema.HandSchema``)."""


DERIVED: tuple[str, ...] = (
    *("default_preset", "preset", "settings_from_dict", "seated", "context", "score_at"),
    *("points", "replay", "resume", "state_from_dict", "hand_limit", "lasting"),
)
"""What the app (and the suites) ask of every game beyond the ``Game`` protocol, derived
here so no game writes it. Everything else is asked of what owns it: a declaration
(``game.simulation.results``, ``game.figures.careers``, ``game.paper.sheet_pad``,
``game.csv.values``), the settings (``settings.lowest_wins``), the hand's schema
(``game.hand.form_body``), a state (``state.to_dict()``, ``HandPlace.after(state)``) or
the one loop (``core.progress``: ``first_state``, ``resume``, who opens, who deals next)."""


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
    """The hand's schema (``core.schema``): the reading, the form, the command line, the
    CSV cells, random hands and the views are derived from it."""
    row_layout: ClassVar[str] = "cells"
    """How the scoreboard lays out a hand's row: "cells", "across" (a line above the
    cells, Skat) or "under" (a line under them, Doppelkopf); see ``Game.row_layout``."""
    progression: ClassVar[Progression] = RACE
    """How the game goes from hand to hand (``core.declared.Progression``): the hooks of
    the one loop (``core.progress``) that ``replay`` and ``resume`` run. ``RACE``: the
    race to a target."""
    simulation: ClassVar[Simulation] = NO_SIMULATION
    """Whole deals played by bots (``core.declared.Simulation``); none by default."""
    figures: ClassVar[Figures] = HANDS_AND_POINTS
    """Figures of its own (``core.declared.Figures``); by default hands and points."""
    paper: ClassVar[Paper] = PLAIN_PAPER
    """What the game keeps on paper beyond its sheet (``core.declared.Paper``)."""
    csv: ClassVar[Csv] = SCHEMA_CSV
    """Its own columns of the CSV export (``core.declared.Csv``); by default its fields'."""
    preset_titles: ClassVar[Mapping[str, Message]] = {}
    """Presets that name the game another way (Hearts): ``core.game.title_of``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuses a game that does not write :data:`SCHEMA_REQUIRED`; gives its
        ``page_words`` the winner's banner of its sides unless it words its own; binds a
        declaration it writes as a property to the game it is read on."""
        super().__init_subclass__(**kwargs)
        missing = [name for name in SCHEMA_REQUIRED if _unwritten(cls, name)]
        if missing:
            raise TypeError(f"{cls.__name__} does not write {', '.join(missing)}")
        words = vars(cls).get("page_words")
        if isinstance(words, PageWords) and words.win is None:
            sides = cls.sides if isinstance(cls.sides, tuple) else ()
            alone = all(len(side) == 1 for side in sides)
            cls.page_words = replace(words, win=WIN_ALONE if alone else WIN_PARTNERS)
        bind_properties(cls)

    # --- how many play ------------------------------------------------------------------------

    def seated(self, n: int) -> GameBase:
        """This game for a table of ``n`` players: itself at its own count; for a game with a
        ``seat_range``, a copy (made once per count) with ``seats = n``, one seat a side
        and presets whose seat knobs (``SettingsBase.seat_knobs``: Oh Hell's and Skat's
        ``players``) are ``n``. Raises InvalidSettings (field ``players``) for a count the
        game does not seat."""
        if type(n) is int and n == self.seats:
            return self
        counts = seat_counts(self)
        if type(n) is not int or n not in counts:
            said = {"game": name_in(self.name, AT), "n": n if type(n) is int else str(n)}
            if len(counts) == 1:
                problem = msg(
                    "%(game)s is played by %(seats)d players, not %(n)s", **said, seats=self.seats
                )
            else:
                problem = msg(
                    "%(game)s is played by %(low)d to %(high)d players, not %(n)s",
                    **said,
                    low=counts[0],
                    high=counts[-1],
                )
            raise InvalidSettings(problem, "players")
        cache = self.__dict__.setdefault("_seated", {self.seats: self})
        if n not in cache:
            table = copy.copy(self)
            table.__dict__["_seated"] = cache
            table.seats = n
            table.sides = tuple((seat,) for seat in range(n))
            seated = dict.fromkeys(type(self.preset(self.default_preset)).seat_knobs(), n)
            if seated:
                table.presets = {name: replace(p, **seated) for name, p in self.presets.items()}
            cache[n] = table
        return cache[n]

    # --- settings and presets ----------------------------------------------------------------

    @property
    def default_preset(self) -> str:
        """The first preset's name: the one a new game starts from."""
        return next(iter(self.presets))

    def preset(self, name: str) -> Any:
        """The named preset; raises InvalidSettings (field ``rules``) naming the known ones."""
        return find_preset(self.presets, name)

    def settings_from_dict(self, values: Mapping[str, Any]) -> Any:
        """Stored or typed settings over the settings' own defaults, a seat knob left out
        this table's count (Oh Hell's ``players``); raises InvalidSettings naming the knob
        and the rule."""
        if not isinstance(values, Mapping):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        kind = type(self.preset(self.default_preset))
        seated = {name: self.seats for name in kind.seat_knobs() if name not in values}
        return kind.from_dict({**values, **seated})

    # --- a hand at its place in the game (``HandPlace``) -------------------------------------
    # A hand whose reading or score depends on the game before it (the cards dealt, the
    # dealer's own limits, values carried) is read, checked, scored, explained and asked for
    # at its place; by default a hand is the same anywhere.

    def score_at(self, settings: Any, record: Any, place: HandPlace | None = None) -> Any:
        """The hand's score (``points`` per side) at ``place``: its ``score`` with the
        Context of that place. A deal thrown in scores None, or 0 for every side where it
        counts as a hand of the game (``Progression.thrown_in_counts``)."""
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

    def deal_note(self, settings: Any, place: HandPlace) -> Message | None:
        """What the table must know to deal the hand at ``place`` (its number, dealer and
        the state before it): the cards it deals (``Progression.cards_dealt``), where they
        change."""
        cards = cards_dealt(self, settings, place)
        return None if cards is None else nmsg("Deal %(num)d card", "Deal %(num)d cards", cards)

    def notes(self, progress: Progress) -> GameNotes:
        """Nothing beyond the totals: no money, nothing owed, no foot."""
        return GameNotes()

    # --- sheets -------------------------------------------------------------------------------

    def rules_lines(self, settings: Any) -> list[RulesLine]:
        """Each knob as the new-game form labels it, with its value in the form's words."""
        return rules_lines_of(settings, settings.knobs_for_table())

    def rules_notes(self, settings: Any) -> list[Message]:
        return []

    # --- the progress of a game, from the declared ``progression`` ----------------------------
    # The one loop (``core.progress.resume``) replays every game by the hooks its
    # ``progression`` declares: a race to the target unless it says otherwise.

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
        knob = next((knob for knob in table_knobs(self) if knob.name == "target"), None)
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
        where the progression has no ``finish_now``). Raises ValueError for a hand after
        the end."""
        start = first_state(self, first_dealer, starting_totals)
        return resume(self, settings, start, records, finish_after)

    def resume(
        self,
        settings: Any,
        state: Mapping[str, Any],
        records: Sequence[Any],
        finish_after: int | None = None,
    ) -> Progress:
        """The game continued from ``state`` (a state's ``to_dict()``): ``records`` scored
        as the hands after it, exactly as ``replay`` of the whole game gives them. Raises
        ValueError for a hand after the end, or a state it did not write."""
        return resume(self, settings, self.state_from_dict(state), records, finish_after)

    def state_from_dict(self, values: Mapping[str, Any]) -> Any:
        """A state as its ``to_dict()`` wrote it (the declared ``state``, else the race's);
        raises ValueError for anything else."""
        return (self.progression.state or RaceState).from_dict(values, self)
