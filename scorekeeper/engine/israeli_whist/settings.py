"""Rule settings: every house rule is a knob, and presets are named instances.

A game stores its full settings (``to_dict``), never only a preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from ..core.errors import InvalidSettings
from ..core.knobs import KnobKinds
from ..core.messages import Message, msg
from ..core.numbers import shown
from ..core.settings import SettingsBase, find_preset
from ..core.settings import preset_name_of as core_preset_name_of
from .bids import MIN_LEVEL

Opener = Literal["dealer", "left"]
AllPass = Literal["throw_in", "pass_round"]
TieAtEnd = Literal["play_on", "shared"]


@dataclass(frozen=True, slots=True)
class RuleSettings(SettingsBase):
    """The house rules of one game. Field names are stable: they are stored and set by name."""

    opener: Opener = "left"
    auction_end_passes: int = 3
    declarer_may_raise: bool = True
    frisch_rounds: int = 3
    rising_minimum: bool = True
    exact_bonus: int = 10
    made_per_trick: int = 0
    made_squared: bool = True
    miss_step: int = 10
    miss_steps: tuple[int, ...] | None = None
    declarer_miss_factor: int = 1
    zero_over: int = 25
    zero_under: int = 50
    failed_zero_first: int = 50
    failed_zero_step: int = 10
    failed_zero_first_over: int | None = None
    failed_zero_step_over: int | None = None
    all_fail_void: bool = False
    all_pass: AllPass = "throw_in"
    pass_round_zero: int = 50
    pass_round_step: int = 10
    revoke_penalty: int = 100
    target: int = 100
    hand_limit: int = 0
    tie_at_end: TieAtEnd = "play_on"

    def __post_init__(self) -> None:
        for problem in _problems(self):
            raise InvalidSettings(problem[1], problem[0])

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return coerce_knob(name, value)

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

    def miss_step_for(self, contract: int) -> int:
        """Points lost per trick over or under when a contract of ``contract`` >= 1 fails."""
        return self.miss_step if self.miss_steps is None else self.miss_steps[contract - 1]

    def failed_zero_curve(self, over: bool) -> tuple[int, int]:
        """(F, S) of -F + S*(t-1) for a failed zero. In an over hand each of the over knobs
        that is set replaces its under value."""
        first, step = self.failed_zero_first, self.failed_zero_step
        if over:
            if self.failed_zero_first_over is not None:
                first = self.failed_zero_first_over
            if self.failed_zero_step_over is not None:
                step = self.failed_zero_step_over
        return first, step

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
    "made_per_trick": msg(
        "points per contracted trick for making a contract of n >= 1, added to the bonus"
    ),
    "made_squared": msg("a made contract of n >= 1 also scores n squared"),
    "miss_step": msg("points lost per trick over or under a missed contract"),
    "miss_steps": msg(
        "points lost per trick off, one value for each contract 1..13, comma-separated; "
        "blank uses the miss step for every contract"
    ),
    "declarer_miss_factor": msg("the declarer's missed-contract penalty is multiplied by 1 or 2"),
    "zero_over": msg("points for making a zero contract in an over hand"),
    "zero_under": msg("points for making a zero contract in an under hand"),
    "failed_zero_first": msg("F in -F + S*(t-1), a failed zero contract with t tricks"),
    "failed_zero_step": msg("S in -F + S*(t-1), a failed zero contract with t tricks"),
    "failed_zero_first_over": msg(
        "F for a failed zero in an over hand; blank uses the same curve as under"
    ),
    "failed_zero_step_over": msg(
        "S for a failed zero in an over hand; blank uses the same curve as under"
    ),
    "all_fail_void": msg("when nobody makes their contract the hand scores 0 for everyone"),
    "all_pass": msg(
        "when all four pass and no Frisch round is left: throw the deal in, or play a pass "
        "round with no trump and no contracts"
    ),
    "pass_round_zero": msg("points in a pass round for taking no trick"),
    "pass_round_step": msg("points lost in a pass round per trick taken"),
    "revoke_penalty": msg("points lost per caught revoke"),
    "target": msg("the score that ends the game"),
    "hand_limit": msg("the game also ends after this many scored hands; 0 plays to the target"),
    "tie_at_end": msg(
        "a tie at the top when the game ends: play on until one leads, or share the win"
    ),
}

_INT_RANGES: dict[str, tuple[int, int]] = {
    "auction_end_passes": (3, 4),
    "frisch_rounds": (0, 3),
    "exact_bonus": (-1000, 1000),
    "made_per_trick": (-1000, 1000),
    "miss_step": (0, 1000),
    "miss_steps": (0, 1000),
    "declarer_miss_factor": (1, 2),
    "zero_over": (-1000, 1000),
    "zero_under": (-1000, 1000),
    "failed_zero_first": (-1000, 1000),
    "failed_zero_step": (-1000, 1000),
    "failed_zero_first_over": (-1000, 1000),
    "failed_zero_step_over": (-1000, 1000),
    "pass_round_zero": (-1000, 1000),
    "pass_round_step": (-1000, 1000),
    "hand_limit": (0, 10000),
    "revoke_penalty": (0, 10000),
    "target": (1, 100000),
}
_BOOLS = ("declarer_may_raise", "rising_minimum", "made_squared", "all_fail_void")
_CHOICES: dict[str, tuple[str, ...]] = {
    "opener": ("dealer", "left"),
    "all_pass": ("throw_in", "pass_round"),
    "tie_at_end": ("play_on", "shared"),
}
# Knobs that may be unset (None): blank, "none" or null in every input.
_OPTIONAL = ("miss_steps", "failed_zero_first_over", "failed_zero_step_over")
_LISTS = {"miss_steps": 13}


KINDS = KnobKinds(
    names=KNOBS,
    bools=_BOOLS,
    choices=_CHOICES,
    ranges=_INT_RANGES,
    lists=_LISTS,
    optional=_OPTIONAL,
)


def coerce_knob(name: str, value: Any) -> Any:
    """Returns ``value`` as the knob's type; raises InvalidSettings naming the knob and rule."""
    if (
        name == "opener"
        and isinstance(value, str)
        and value.strip().lower() not in ("dealer", "left")
    ):
        problem = msg("opener must be 'dealer' or 'left', not %(value)s", value=shown(value))
        raise InvalidSettings(problem, name)
    return KINDS.coerce(name, value)


def _problems(settings: RuleSettings) -> list[tuple[str, str]]:
    return KINDS.problems(settings)


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
    return find_preset(PRESETS, name)


def preset_name_of(settings: RuleSettings) -> str | None:
    """Returns the preset these settings equal, ignoring the target, or None for house rules."""
    return core_preset_name_of(PRESETS, settings)
