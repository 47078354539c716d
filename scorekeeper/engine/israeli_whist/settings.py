"""Rule settings: every house rule is a knob, and presets are named instances.

A game stores its full settings (``to_dict``), never only a preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from ..core.errors import InvalidSettings, ParseError
from ..core.messages import Message, msg
from ..core.numbers import TooManyDigits, parse_int, shown
from .bids import MIN_LEVEL

Opener = Literal["dealer", "left"]


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """The house rules of one game. Field names are stable: they are stored and set by name."""

    opener: Opener = "left"
    auction_end_passes: int = 3
    declarer_may_raise: bool = True
    frisch_rounds: int = 3
    rising_minimum: bool = True
    exact_bonus: int = 10
    miss_step: int = 10
    zero_over: int = 25
    zero_under: int = 50
    failed_zero_first: int = 50
    failed_zero_step: int = 10
    all_fail_void: bool = False
    revoke_penalty: int = 100
    target: int = 100

    def __post_init__(self) -> None:
        for problem in _problems(self):
            raise InvalidSettings(problem[1], problem[0])

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> RuleSettings:
        """Builds settings from stored values; raises InvalidSettings naming the bad knob."""
        return STANDARD.with_changes(values)

    @classmethod
    def from_json(cls, text: str) -> RuleSettings:
        try:
            values = json.loads(text)
        except json.JSONDecodeError as exc:
            problem = msg("settings are not valid JSON: %(reason)s", reason=exc.msg)
            raise InvalidSettings(problem, "settings") from None
        if not isinstance(values, dict):
            raise InvalidSettings(msg("settings must be a JSON object"), "settings")
        return cls.from_dict(values)

    def with_changes(self, values: dict[str, Any]) -> RuleSettings:
        """Returns a copy with knobs changed; values may be typed or text (``"yes"``, ``"10"``).

        Raises InvalidSettings naming the knob for an unknown name or a bad value.
        """
        changes = {name: coerce_knob(name, value) for name, value in values.items()}
        return replace(self, **changes)

    def differs_from(self, other: RuleSettings) -> list[str]:
        """Returns the knob names whose values differ from ``other``."""
        return [k for k in KNOBS if getattr(self, k) != getattr(other, k)]

    def minimum_level(self, frisch_round: int) -> int:
        """The lowest phase-one level allowed after ``frisch_round`` Frisch exchanges."""
        return MIN_LEVEL + (frisch_round if self.rising_minimum else 0)


KNOBS: tuple[str, ...] = tuple(f.name for f in fields(RuleSettings))

KNOB_HELP: dict[str, Message] = {
    "opener": msg("who opens the auction: the dealer, or the player left of the dealer"),
    "auction_end_passes": msg(
        "passes in a row that end the auction after a bid (3, or 4 so the high bidder may "
        "raise their own bid)"
    ),
    "declarer_may_raise": msg(
        "the declarer speaks first in phase two and may raise their contract"
    ),
    "frisch_rounds": msg("Frisch (Gulash) exchanges allowed after all four pass, 0 to 3"),
    "rising_minimum": msg("each Frisch round raises the minimum level by one (5, 6, 7, 8)"),
    "exact_bonus": msg("bonus on top of n squared for making a contract of n >= 1"),
    "miss_step": msg("points lost per trick over or under a missed contract"),
    "zero_over": msg("points for making a zero contract in an over hand"),
    "zero_under": msg("points for making a zero contract in an under hand"),
    "failed_zero_first": msg("F in -F + S*(t-1), a failed zero contract with t tricks"),
    "failed_zero_step": msg("S in -F + S*(t-1), a failed zero contract with t tricks"),
    "all_fail_void": msg("when nobody makes their contract the hand scores 0 for everyone"),
    "revoke_penalty": msg("points lost per caught revoke"),
    "target": msg("the score that ends the game"),
}

_INT_RANGES: dict[str, tuple[int, int]] = {
    "auction_end_passes": (3, 4),
    "frisch_rounds": (0, 3),
    "exact_bonus": (-1000, 1000),
    "miss_step": (0, 1000),
    "zero_over": (-1000, 1000),
    "zero_under": (-1000, 1000),
    "failed_zero_first": (-1000, 1000),
    "failed_zero_step": (-1000, 1000),
    "revoke_penalty": (0, 10000),
    "target": (1, 100000),
}
_BOOLS = ("declarer_may_raise", "rising_minimum", "all_fail_void")
_TRUE = {"1", "true", "yes", "on", "y", "t"}
_FALSE = {"0", "false", "no", "off", "n", "f"}


def coerce_knob(name: str, value: Any) -> Any:
    """Returns ``value`` as the knob's type; raises InvalidSettings naming the knob and rule."""
    if name not in KNOBS:
        problem = msg(
            "%(setting)s is not a rule setting; known settings: %(known)s",
            setting=repr(name),
            known=", ".join(KNOBS),
        )
        raise InvalidSettings(problem, name)
    text = value.strip().lower() if isinstance(value, str) else None
    if name == "opener":
        if text not in ("dealer", "left"):
            problem = msg("opener must be 'dealer' or 'left', not %(value)s", value=shown(value))
            raise InvalidSettings(problem, name)
        return text
    if name in _BOOLS:
        if isinstance(value, bool):
            return value
        if text in _TRUE or (type(value) is int and value == 1):
            return True
        if text in _FALSE or (type(value) is int and value == 0):
            return False
        problem = msg("%(knob)s must be yes or no, not %(value)s", knob=name, value=shown(value))
        raise InvalidSettings(problem, name)
    try:
        number = parse_int(value, name)
    except TooManyDigits as exc:
        raise InvalidSettings(exc.message, name) from None
    except ParseError:
        problem = msg(
            "%(knob)s must be a whole number, not %(value)s", knob=name, value=shown(value)
        )
        raise InvalidSettings(problem, name) from None
    low, high = _INT_RANGES[name]
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


def _problems(settings: RuleSettings) -> list[tuple[str, str]]:
    found = []
    for name in KNOBS:
        value = getattr(settings, name)
        try:
            coerced = coerce_knob(name, value)
        except InvalidSettings as exc:
            found.append((name, exc.message))
            continue
        if type(coerced) is not type(value) or coerced != value:
            found.append((name, f"{name} has the wrong type: {value!r}"))
    return found


STANDARD = RuleSettings()

PAGAT_GERMAN = RuleSettings(
    opener="dealer",
    auction_end_passes=4,
    declarer_may_raise=False,
    frisch_rounds=0,
    rising_minimum=False,
    exact_bonus=10,
    miss_step=10,
    zero_over=30,
    zero_under=50,
    failed_zero_first=50,
    failed_zero_step=10,
    all_fail_void=False,
    revoke_penalty=100,
)

ELHANANI = replace(
    PAGAT_GERMAN,
    exact_bonus=0,
    miss_step=5,
    zero_over=25,
    zero_under=50,
    failed_zero_first=25,
    failed_zero_step=5,
    all_fail_void=True,
)

PRESETS: dict[str, RuleSettings] = {
    "standard": STANDARD,
    "pagat-german": PAGAT_GERMAN,
    "elhanani": ELHANANI,
}


def preset(name: str) -> RuleSettings:
    """Returns the named preset; raises InvalidSettings listing the known names."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        problem = msg(
            "%(name)s is not a rules preset; choose one of %(known)s",
            name=repr(name),
            known=", ".join(PRESETS),
        )
        raise InvalidSettings(problem, "rules") from None


def preset_name_of(settings: RuleSettings) -> str | None:
    """Returns the preset these settings equal, ignoring the target, or None for house rules."""
    for name, candidate in PRESETS.items():
        if replace(candidate, target=settings.target) == settings:
            return name
    return None
