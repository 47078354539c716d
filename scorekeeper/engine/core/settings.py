"""House rules as data, the same plumbing for every game: a game's settings are a frozen
dataclass whose fields are its knobs, subclassing :class:`SettingsBase`; its presets are
named instances, found by :func:`find_preset` and recognised by :func:`preset_name_of`.

A game stores its full settings (``to_dict``), never only a preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any, Self, TypeVar

from .errors import InvalidSettings
from .messages import msg


class SettingsBase:
    """The methods every game's settings share; the subclass is a frozen dataclass (slots
    welcome) whose fields are its knobs, and may override :meth:`coerce_knob` to read a
    knob's value (its ``KnobKinds.coerce`` and any rule of its own)."""

    __slots__ = ()

    @classmethod
    def knob_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        """``value`` as knob ``name``'s type; raises InvalidSettings naming the knob."""
        if name not in cls.knob_names():
            problem = msg(
                "%(setting)s is not a rule setting; known settings: %(known)s",
                setting=repr(name),
                known=", ".join(cls.knob_names()),
            )
            raise InvalidSettings(problem, name)
        return value

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Self:
        """Settings from stored or typed values over the defaults; raises InvalidSettings."""
        return cls().with_changes(values)

    def to_dict(self) -> dict[str, Any]:
        """Every knob by name, as JSON takes it (a list knob as a list)."""
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name in self.knob_names()
            for value in (getattr(self, name),)
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def with_changes(self, values: Mapping[str, Any]) -> Self:
        """A copy with knobs changed; values may be typed or text (``"yes"``, ``"10"``).

        Raises InvalidSettings naming the knob for an unknown name or a bad value.
        """
        changes = {name: self.coerce_knob(name, value) for name, value in values.items()}
        return replace(self, **changes)  # type: ignore[type-var]

    def differs_from(self, other: object) -> list[str]:
        """The knob names whose values differ from ``other``'s."""
        return [k for k in self.knob_names() if getattr(self, k) != getattr(other, k)]


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
