"""Reading a house rule's value, the same way for every game.

A game describes its knobs as data (:class:`KnobKinds`): which are yes/no, which are one
of some words, which whole numbers and in what range, which may be unset, and which are
lists. ``KnobKinds.coerce`` then reads a value typed on a form, sent in JSON, given with
``--set`` or stored, and raises InvalidSettings naming the knob and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidSettings, ParseError
from .game import Knob
from .messages import Message, msg
from .numbers import TooManyDigits, parse_int, shown

_TRUE = frozenset({"1", "true", "yes", "on", "y", "t"})
_FALSE = frozenset({"0", "false", "no", "off", "n", "f"})
# How an optional knob is unset in text: blank, "none", "null" or "-".
_UNSET = frozenset({"", "none", "null", "-"})


@dataclass(frozen=True)
class KnobKinds:
    """The kinds of a game's knobs. Every name in ``names`` is in exactly one of
    ``bools``, ``choices`` and ``ranges``; ``lists`` gives the length of the knobs that
    are lists of numbers in their range, and ``optional`` those that may be unset."""

    names: tuple[str, ...]
    bools: tuple[str, ...] = ()
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    lists: Mapping[str, int] = field(default_factory=dict)
    optional: tuple[str, ...] = ()

    def knob(
        self,
        name: str,
        help: Message,
        label: Message,
        group: str,
        choice_labels: tuple[Message, ...] = (),
        high: int | None = None,
    ) -> Knob:
        """Knob ``name`` as the new-game form and ``scorekeeper rules`` show it, of its kind
        here: ``choice_labels`` word a choice's values, ``high`` narrows its range (a
        bound that depends on the table)."""
        named: dict[str, Any] = {"label": label, "group": group}
        if name in self.choices:
            choices = self.choices[name]
            return Knob(name, help, "choice", choices, choice_labels=choice_labels, **named)
        if name in self.bools:
            return Knob(name, help, "bool", **named)
        low, top = self.ranges[name]
        return Knob(
            name,
            help,
            "int_list" if name in self.lists else "int",
            low=low,
            high=top if high is None else high,
            optional=name in self.optional,
            length=self.lists.get(name),
            **named,
        )

    def knobs(
        self,
        help: Mapping[str, Message],
        labels: Mapping[str, Message],
        groups: Mapping[str, tuple[str, ...]],
        choice_words: Mapping[str, Message],
    ) -> tuple[Knob, ...]:
        """Every knob, in ``names`` order, as :meth:`knob` makes it: ``help`` and
        ``labels`` by knob, ``groups`` the knobs of each group, ``choice_words`` the words
        of each choice's values."""
        group_of = {name: group for group, names in groups.items() for name in names}
        return tuple(
            self.knob(
                name,
                help[name],
                labels[name],
                group_of[name],
                tuple(choice_words[choice] for choice in self.choices.get(name, ())),
            )
            for name in self.names
        )

    def coerce(self, name: str, value: Any) -> Any:
        """``value`` as knob ``name``'s type; raises InvalidSettings naming the knob."""
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
