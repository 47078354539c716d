"""House rules as data, the same plumbing for every game: a game's settings are a frozen
dataclass whose fields are its knobs (each declared once with ``core.knobs.knob``),
subclassing :class:`SettingsBase`; its presets are named instances, found
by :func:`find_preset` and recognised by :func:`preset_name_of`.

A game stores its full settings (``to_dict``), never only a preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import Field, field, fields, replace
from functools import cache
from typing import Any, ClassVar, Self, TypeVar

from .display import RulesLine
from .errors import InvalidSettings
from .game import Knob
from .knobs import KnobKinds, declared_knobs, rules_lines_of, seated_knobs
from .messages import msg

TABLE = "table"
"""The metadata key of a settings field that is no house rule (``table_field``)."""


def table_field(default: Any, read: Callable[[Any], Any], write: Callable[[Any], Any]) -> Any:
    """A field of a game's settings that is no house rule but who sits at the table (Skat's
    ``empty_seats``, a table that grew or shrank mid-game): no knob on the form or in
    ``knobs``, read from its stored form by ``read`` (raising InvalidSettings naming the
    field), written by ``write``, and left out of ``to_dict`` while it is ``default``, so
    settings stored before it existed read and score as they did."""
    return field(default=default, metadata={TABLE: (read, write)})


class SettingsBase:
    """The methods every game's settings share; the subclass is a frozen dataclass (slots
    welcome) whose fields are its knobs, each made by ``core.knobs.knob``. It may override
    :meth:`coerce_knob` to read a knob in a way of its own (a rule of its own is declared on
    the knob: ``rule`` and ``refusal``)."""

    __slots__ = ()

    preset_aside: ClassVar[tuple[str, ...]] = ("target",)
    """Knobs a table sets for itself: settings that differ from a preset only in these are
    still that preset (``preset_of``)."""

    def preset_of(
        self, presets: Mapping[str, Any], aside: tuple[str, ...] | None = None
    ) -> str | None:
        """The preset of ``presets`` these settings are, the knobs ``aside`` (by default
        their ``preset_aside``) apart, or None for house rules of the table's own (the
        round sheet names its own way)."""
        return preset_name_of(presets, self, self.preset_aside if aside is None else aside)

    def check_seats(self, seats: int) -> None:
        """Raises InvalidSettings naming the knob where these settings cannot be played by
        ``seats`` players (Wizard: more rounds than the cards deal); by default any
        number the game seats."""

    def check_table(self, seats: int) -> None:
        """Raises InvalidSettings (naming the knob) where these settings give a table of
        ``seats`` another number of players (``seat_knobs``: the names at the table decide
        them), or refuse that many players (``check_seats``)."""
        self.check_seats(seats)
        for name in self.seat_knobs():
            if getattr(self, name) != seats:
                problem = msg(
                    "%(knob)s is the number of players seated (%(seats)d): name more or fewer "
                    "players to change it",
                    knob=name,
                    seats=seats,
                )
                raise InvalidSettings(problem, name)

    @classmethod
    def seat_knobs(cls) -> tuple[str, ...]:
        """Knobs that hold the number of players seated (Oh Hell's ``players``), as the
        fields declare them (``knob(..., seated=True)``): the names at the table decide
        them, so the new-game form does not offer them."""
        return seated_knobs(cls)

    @property
    def shows_dealer(self) -> bool:
        """Whether the pages say who deals each hand (the round sheet's ``dealer`` knob)."""
        return True

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total wins, and fewer points are the better hand (the round
        sheet's goal, Hearts')."""
        return False

    @property
    def losing_floor(self) -> int | None:
        """The total at or below which a side has lost (Bid Whist's -target, Spades'
        ``lose_at``); None: totals may fall without end."""
        return None

    def in_favour(self, totals: Sequence[int]) -> tuple[int, ...]:
        """``totals`` (one per side) turned so that more is better: negated where the
        lowest total wins (``lowest_wins``), else as they are."""
        return tuple(-t for t in totals) if self.lowest_wins else tuple(totals)

    @classmethod
    def knob_names(cls) -> tuple[str, ...]:
        return _knob_names(cls)

    @classmethod
    def table_fields(cls) -> dict[str, Field]:
        """The fields that are no house rule (``table_field``), by name."""
        return _table_fields(cls)

    @classmethod
    def kinds(cls) -> KnobKinds:
        """The kinds of the knobs, as the fields declare them."""
        return _kinds(cls)

    @classmethod
    def knobs(cls, high: Mapping[str, int] | None = None) -> tuple[Knob, ...]:
        """Every knob as the new-game form shows it (``core.knobs.declared_knobs``)."""
        return declared_knobs(cls, high) if high else _knobs(cls)

    def knobs_for_table(self) -> tuple[Knob, ...]:
        """The knobs as the new-game form shows them to the table these settings seat
        (their seat knobs' values): as declared, unless a bound follows the table (Oh
        Hell's longest deal, 52 ÷ players)."""
        return self.knobs()

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        """``value`` as knob ``name``'s type; raises InvalidSettings naming the knob and
        the rule it breaks. A table field (``table_field``) is read by its own reader."""
        table = cls.table_fields().get(name)
        if table is not None:
            return table.metadata[TABLE][0](value)
        return cls.kinds().coerce(name, value)

    def word_of(self, name: str) -> Any:
        """Knob ``name``'s value in the new-game form's words for it (a choice's words),
        else the value."""
        knob = next(knob for knob in self.knobs() if knob.name == name)
        value = getattr(self, name)
        if knob.choice_labels and value in knob.choices:
            return knob.choice_labels[knob.choices.index(value)]
        return value

    def line_of(self, name: str) -> RulesLine:
        """Knob ``name`` as a line of a score sheet's rules: as the new-game form labels
        it, its value in the form's words (``core.knobs.rules_lines_of``)."""
        return rules_lines_of(self, tuple(k for k in self.knobs() if k.name == name), True)[0]

    def check_knobs(self) -> None:
        """Raises InvalidSettings naming the first knob whose value is not of its kind
        (for a ``__post_init__``: settings made in code, not read)."""
        for name, problem in self.kinds().problems(self):
            raise InvalidSettings(problem, name)

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Self:
        """Settings from stored or typed values over the defaults; raises InvalidSettings."""
        return cls().with_changes(values)

    def to_dict(self) -> dict[str, Any]:
        """Every knob by name, as JSON takes it (a list knob as a list); a table field
        only while it is not its default."""
        found = {
            name: list(value) if isinstance(value, tuple) else value
            for name in self.knob_names()
            for value in (getattr(self, name),)
        }
        for name, table in self.table_fields().items():
            value = getattr(self, name)
            if value != table.default:
                found[name] = table.metadata[TABLE][1](value)
        return found

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Settings from ``to_json``'s text; raises InvalidSettings for text that is not a
        JSON object of knobs."""
        try:
            values = json.loads(text)
        except json.JSONDecodeError as exc:
            problem = msg("settings are not valid JSON: %(reason)s", reason=exc.msg)
            raise InvalidSettings(problem, "settings") from None
        if not isinstance(values, dict):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        return cls.from_dict(values)

    def with_changes(self, values: Mapping[str, Any]) -> Self:
        """A copy with knobs changed; values may be typed or text (``"yes"``, ``"10"``).

        Raises InvalidSettings naming the knob for an unknown name or a bad value.
        """
        changes = {name: self.coerce_knob(name, value) for name, value in values.items()}
        return replace(self, **changes)  # type: ignore[type-var]

    def differs_from(self, other: object) -> list[str]:
        """The knob names whose values differ from ``other``'s."""
        return [k for k in self.knob_names() if getattr(self, k) != getattr(other, k)]


@cache
def _knob_names(settings: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(settings) if TABLE not in f.metadata)  # type: ignore[arg-type]


@cache
def _table_fields(settings: type) -> dict[str, Field]:
    return {f.name: f for f in fields(settings) if TABLE in f.metadata}  # type: ignore[arg-type]


@cache
def _kinds(settings: type) -> KnobKinds:
    return KnobKinds.of(settings)


@cache
def _knobs(settings: type) -> tuple[Knob, ...]:
    return declared_knobs(settings)


S = TypeVar("S")


def find_preset(presets: Mapping[str, S], name: str) -> S:
    """The named preset (any case, blanks aside); raises InvalidSettings (field ``rules``)
    listing the known names."""
    try:
        return presets[str(name).strip().lower()]
    except KeyError:
        problem = msg(
            "%(name)s is not a rules preset; choose one of %(known)s",
            name=repr(name),
            known=", ".join(presets),
        )
        raise InvalidSettings(problem, "rules") from None


def preset_name_of(
    presets: Mapping[str, Any], settings: Any, aside: tuple[str, ...] = ("target",)
) -> str | None:
    """The preset ``settings`` equal, the knobs named in ``aside`` apart (a table sets its
    own target), or None for house rules."""
    for name, candidate in presets.items():
        kept = {knob: getattr(settings, knob) for knob in aside}
        if replace(candidate, **kept) == settings:
            return name
    return None
