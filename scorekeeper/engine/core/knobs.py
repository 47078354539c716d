"""A house rule declared once, on its settings field, and read the same way for every game.

A game's settings are a frozen dataclass whose fields are its knobs; each field is made by
:func:`knob`, in the spirit of pydantic's ``Field(ge=, le=, title=, description=)``: its
default, its label and help on the new-game form, its group there, and its range, choices
(with their words) or list length. Everything else is derived from those fields:
:class:`KnobKinds` (``KnobKinds.of``), which reads a value typed on a form, sent in JSON,
given with ``--set`` or stored and raises InvalidSettings naming the knob and the rule it
breaks; the form's and ``scorekeeper rules``' :class:`~.game.Knob` tuple
(:func:`declared_knobs`); and a score sheet's lines of the rules (:func:`rules_lines_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache, partial
from typing import Any

from .display import RulesLine
from .errors import InvalidSettings, ParseError
from .game import Knob
from .messages import Message, msg
from .numbers import TooManyDigits, parse_int, shown

DECLARED = "knob"
"""The key of a settings field's ``metadata`` that holds its :class:`Declared` knob."""


@dataclass(frozen=True, slots=True)
class Declared:
    """What :func:`knob` put on a settings field: :class:`~.game.Knob`'s members but its
    name (the field's)."""

    label: Message | None
    help: Message
    group: str
    kind: str
    choices: tuple[str, ...] = ()
    choice_labels: tuple[Message, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    length: int | None = None
    seated: bool = False
    rule: Callable[[Any], bool] | None = None
    refusal: Message | None = None
    zero: Message | None = None
    applies: Callable[[Any], bool] | None = None


def knob(
    default: Any,
    *,
    label: Message | None,
    help: Message,
    group: str,
    low: int | None = None,
    high: int | None = None,
    choices: Mapping[str, Message] | tuple[str, ...] = (),
    optional: bool = False,
    length: int | None = None,
    kind: str | None = None,
    seated: bool = False,
    rule: Callable[[Any], bool] | None = None,
    refusal: Message | None = None,
    zero: Message | None = None,
    applies: Callable[[Any], bool] | None = None,
) -> Any:
    """A settings field that is a knob: ``default``, its ``label`` and ``help`` on the
    new-game form and ``group`` there; a whole number from ``low`` to ``high`` (each
    number of a list of ``length``), one of ``choices`` (each value with the form's words
    for it, or only the values), or yes/no for a bool default. ``optional``: it may be
    unset (None). ``kind`` only for a kind no default says (``"choice_list"``: any of the
    choices, separated by commas). ``seated``: the knob is the number of players seated
    (Oh Hell's ``players``), which the names at the table decide (``Game.seat_knobs``).
    ``rule``: a rule of the knob's own beyond its kind, true of every value it allows (Bridge's
    deals, a multiple of 4); ``refusal`` the words for a value the rule refuses, or for text
    that names none of its choices, ``%(value)s`` or ``%(number)d`` the value. ``zero``:
    what a number knob's 0 means in words ("open"), said for it wherever 0 would stand
    alone (a score sheet's rules lines, the rules page). ``applies``: a function of the
    settings, true where the knob is a rule at all (Kontra on an overbid game only where
    Kontra is said): a score sheet does not print a rule that does not apply.

    Raises ValueError for a knob whose kind is unclear (a number with no range)."""
    values = tuple(choices)
    words = tuple(choices.values()) if isinstance(choices, Mapping) else ()
    if kind is None:
        kind = (
            "choice"
            if values
            else "bool"
            if isinstance(default, bool)
            else "int_list"
            if length is not None
            else "int"
        )
    if kind in ("int", "int_list") and (low is None or high is None):
        raise ValueError(f"a number knob needs its range: low={low}, high={high}")
    declared = Declared(
        label,
        help,
        group,
        kind,
        values,
        words,
        low,
        high,
        optional,
        length,
        seated,
        rule,
        refusal,
        zero,
        applies,
    )
    return field(default=default, metadata={DECLARED: declared})


def points_knob(default: int | None, **declared: Any) -> Any:
    """A :func:`knob` of points won or lost: a whole number from -1000 to 1000."""
    return knob(default, low=-1000, high=1000, **declared)


def group_of(group: str, points: bool = False) -> Callable[..., Any]:
    """:func:`knob` (``points``: :func:`points_knob`) in one ``group`` of the new-game
    form, so that a settings class names each of its groups once."""
    return partial(points_knob if points else knob, group=group)


def declared_of(settings: Any) -> dict[str, Declared]:
    """The knobs a settings class (or instance) declares with :func:`knob`, by name, in the
    order of its fields."""
    return {f.name: f.metadata[DECLARED] for f in fields(settings) if DECLARED in f.metadata}


@cache
def seated_knobs(settings_type: type) -> tuple[str, ...]:
    """The knobs a settings class declares ``seated``: the number of players seated."""
    return tuple(name for name, d in declared_of(settings_type).items() if d.seated)


def declared_knobs(settings: Any, high: Mapping[str, int] | None = None) -> tuple[Knob, ...]:
    """Every knob a settings class declares, in field order, as the new-game form and
    ``scorekeeper rules`` show it; ``high`` narrows some knobs' ranges (a bound that
    depends on the table: Oh Hell's cards for its players)."""
    narrowed = high or {}
    return tuple(
        Knob(
            name,
            d.help,
            d.kind,
            d.choices,
            low=d.low,
            high=narrowed.get(name, d.high),
            optional=d.optional,
            length=d.length,
            label=d.label,
            choice_labels=d.choice_labels,
            group=d.group,
        )
        for name, d in declared_of(settings).items()
    )


def rules_lines_of(settings: Any, knobs: tuple[Knob, ...], every: bool = False) -> list[RulesLine]:
    """``knobs`` as a score sheet's lines of the rules: each as the new-game form labels
    it (a knob without a label by its help), with ``settings``' value in the form's words
    (yes or no, a choice as the form words it, a list joined by commas or "none", a 0
    that means no number as its knob's ``zero`` says it: "open"). A knob that does not
    apply under ``settings`` (its ``applies``) is left out, unless ``every``."""
    lines = []
    declared = declared_of(settings)
    for one in knobs:
        applies = declared[one.name].applies if one.name in declared else None
        if not every and applies is not None and not applies(settings):
            continue
        value = getattr(settings, one.name)
        zero = declared[one.name].zero if one.name in declared else None
        if one.kind == "bool":
            value = msg("yes") if value else msg("no")
        elif one.kind == "choice_list":
            words = dict(zip(one.choices, one.choice_labels, strict=False))
            value = _listed([words.get(v, v) for v in value]) if value else msg("none")
        elif one.kind == "choice" and one.choice_labels:
            value = one.choice_labels[one.choices.index(value)]
        elif one.kind == "int" and value == 0 and zero is not None:
            value = zero
        lines.append(RulesLine(one.label or one.help, value))
    return lines


def _listed(words: list[Any]) -> Any:
    """A list knob's values in one line, each in the form's words where it has them."""
    if len(words) == 1:
        return words[0]
    return msg("%(first)s, %(rest)s", first=words[0], rest=_listed(words[1:]))


_TRUE = frozenset({"1", "true", "yes", "on", "y", "t"})
_FALSE = frozenset({"0", "false", "no", "off", "n", "f"})
# How an optional knob is unset in text: blank, "none", "null" or "-".
_UNSET = frozenset({"", "none", "null", "-"})


@dataclass(frozen=True)
class KnobKinds:
    """The kinds of a game's knobs, as :meth:`of` reads them from its settings' fields.
    Every name in ``names`` is in exactly one of ``bools``, ``choices``, ``ranges`` and
    ``list_choices``; ``lists`` gives the length of the knobs that are lists of numbers in
    their range, ``optional`` those that may be unset, and ``list_choices`` the choices of
    a knob that is any of them."""

    names: tuple[str, ...]
    bools: tuple[str, ...] = ()
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    lists: Mapping[str, int] = field(default_factory=dict)
    optional: tuple[str, ...] = ()
    list_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rules: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)
    refusals: Mapping[str, Message] = field(default_factory=dict)

    @classmethod
    def of(cls, settings: Any) -> KnobKinds:
        """The kinds of the knobs a settings class declares with :func:`knob`."""
        declared = declared_of(settings)

        def named(kind: str) -> tuple[str, ...]:
            return tuple(name for name, d in declared.items() if d.kind == kind)

        numbers = named("int") + named("int_list")
        return cls(
            names=tuple(declared),
            bools=named("bool"),
            choices={name: declared[name].choices for name in named("choice")},
            ranges={name: (declared[name].low, declared[name].high) for name in numbers},  # type: ignore[misc]
            lists={name: declared[name].length for name in named("int_list")},  # type: ignore[misc]
            optional=tuple(name for name, d in declared.items() if d.optional),
            list_choices={name: declared[name].choices for name in named("choice_list")},
            rules={name: d.rule for name, d in declared.items() if d.rule},
            refusals={name: d.refusal for name, d in declared.items() if d.refusal},
        )

    def _refused(self, name: str, value: Any, read: Any) -> InvalidSettings:
        """Knob ``name``'s own refusal of ``value`` (``read``: as its kind reads it)."""
        words = self.refusals[name]
        given = {"value": value, "number": read}
        params = {key: item for key, item in given.items() if f"%({key})" in words.template}
        return InvalidSettings(Message(words.template, params), name)

    def coerce(self, name: str, value: Any) -> Any:
        """``value`` as knob ``name``'s type, by its rule too; raises InvalidSettings naming
        the knob."""
        read = self._coerce_kind(name, value)
        rule = self.rules.get(name)
        if rule is not None and read is not None and not rule(read):
            raise self._refused(name, read, read)
        return read

    def _coerce_kind(self, name: str, value: Any) -> Any:
        if name not in self.names:
            problem = msg(
                "%(setting)s is not a rule setting; known settings: %(known)s",
                setting=repr(name),
                known=", ".join(self.names),
            )
            raise InvalidSettings(problem, name)
        text = value.strip().lower() if isinstance(value, str) else None
        if name in self.optional and (value is None or text in _UNSET):
            return None
        if name in self.choices:
            if text not in self.choices[name] and text is not None and name in self.refusals:
                raise self._refused(name, shown(value), text)
            if text not in self.choices[name]:
                problem = msg(
                    "%(knob)s must be one of %(choices)s, not %(value)s",
                    knob=name,
                    choices=", ".join(self.choices[name]),
                    value=shown(value),
                )
                raise InvalidSettings(problem, name)
            return text
        if name in self.bools:
            if isinstance(value, bool):
                return value
            if text in _TRUE or (type(value) is int and value == 1):
                return True
            if text in _FALSE or (type(value) is int and value == 0):
                return False
            problem = msg(
                "%(knob)s must be yes or no, not %(value)s", knob=name, value=shown(value)
            )
            raise InvalidSettings(problem, name)
        if name in self.lists:
            return self._coerce_list(name, value, self.lists[name])
        if name in self.list_choices:
            return self._coerce_choice_list(name, value, self.list_choices[name])
        return self._coerce_number(name, value)

    def _coerce_list(self, name: str, value: Any, length: int) -> tuple[int, ...]:
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        if not isinstance(items, list | tuple) or len(items) != length:
            problem = msg(
                "%(knob)s must be %(length)d whole numbers separated by commas, not %(value)s",
                knob=name,
                length=length,
                value=shown(value),
            )
            raise InvalidSettings(problem, name)
        return tuple(self._coerce_number(name, item) for item in items)

    @staticmethod
    def _coerce_choice_list(name: str, value: Any, choices: tuple[str, ...]) -> tuple[str, ...]:
        """Any of ``choices`` (text separated by commas or a list; "none" for none), in
        the order of ``choices``."""
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        if isinstance(items, list | tuple) and all(isinstance(i, str) for i in items):
            items = [i.strip().lower() for i in items if i.strip().lower() != "none"]
            if all(i in choices for i in items):
                return tuple(choice for choice in choices if choice in items)
        problem = msg(
            "%(knob)s must be a list of %(choices)s, not %(value)s",
            knob=name,
            choices=", ".join(choices),
            value=shown(value),
        )
        raise InvalidSettings(problem, name)

    def _coerce_number(self, name: str, value: Any) -> int:
        try:
            number = parse_int(value, name)
        except TooManyDigits as exc:
            raise InvalidSettings(exc.message, name) from None
        except ParseError:
            problem = msg(
                "%(knob)s must be a whole number, not %(value)s", knob=name, value=shown(value)
            )
            raise InvalidSettings(problem, name) from None
        low, high = self.ranges[name]
        if not low <= number <= high:
            problem = msg(
                "%(knob)s must be between %(low)d and %(high)d, not %(number)d",
                knob=name,
                low=low,
                high=high,
                number=number,
            )
            raise InvalidSettings(problem, name)
        return number

    def problems(self, settings: Any) -> list[tuple[str, str]]:
        """(knob, message) for every knob of ``settings`` whose value is not of its kind."""
        found = []
        for name in self.names:
            value = getattr(settings, name)
            try:
                coerced = self.coerce(name, value)
            except InvalidSettings as exc:
                found.append((name, exc.message))
                continue
            if type(coerced) is not type(value) or coerced != value:
                found.append((name, f"{name} has the wrong type: {value!r}"))
        return found
