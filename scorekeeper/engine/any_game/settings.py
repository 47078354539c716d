"""The round sheet's house rules (RULES.md sections 5 and 5a): every setting is a knob. The
preset ``any-game`` is the plain sheet (no round total, first to 100 wins); ``hearts`` is
Hearts: 26 a round, to 100, the lowest total wins, and a moon scored under ``moon``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from ..core.errors import InvalidSettings
from ..core.knobs import KnobKinds
from ..core.messages import Message, msg
from ..core.settings import SettingsBase

Goal = Literal["high_target", "low_target", "rounds", "rounds_low", "open"]
TieAtEnd = Literal["shared", "play_on"]
Moon = Literal["none", "others_plus_26", "shooter_minus_26", "safety"]

LOW_GOALS = frozenset({"low_target", "rounds_low"})
"""The goals in which the lowest total wins (Hearts)."""


@dataclass(frozen=True, slots=True)
class SheetSettings(SettingsBase):
    """The house rules of one round sheet. Field names are stored and set by name."""

    round_total: int | None = None
    goal: Goal = "high_target"
    target: int = 100
    rounds: int = 10
    tie_at_end: TieAtEnd = "shared"
    dealer: bool = True
    moon: Moon = "none"

    def __post_init__(self) -> None:
        for name, problem in KINDS.problems(self):
            raise InvalidSettings(problem, name)

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)

    @property
    def lowest_wins(self) -> bool:
        return self.goal in LOW_GOALS

    @property
    def moon_worth(self) -> int:
        """What a moon is worth: the round's total (Hearts: 26), or 26 on a sheet whose
        rounds have no positive total."""
        total = self.round_total
        return total if total is not None and total > 0 else 26


KNOBS: tuple[str, ...] = tuple(f.name for f in fields(SheetSettings))

KNOB_HELP: dict[str, Message] = {
    "round_total": msg(
        "what every round's points must add up to (Hearts: 26); unset for any total"
    ),
    "goal": msg(
        "how the game ends: someone reaches the target (highest or lowest total wins), "
        "after a number of rounds, or only when the table finishes"
    ),
    "target": msg("the total that ends the game once someone reaches it"),
    "rounds": msg("the rounds after which the game ends, when the goal counts rounds"),
    "tie_at_end": msg("equal totals at the end: they share the win, or play another round"),
    "dealer": msg("show the first dealer and who deals each round"),
    "moon": msg(
        "Hearts: when one player takes every point of a round (shoots the moon), who scores "
        "it; none: the sheet has no moon"
    ),
}
KNOB_LABELS: dict[str, Message] = {
    "round_total": msg("Round total"),
    "goal": msg("Goal"),
    "target": msg("Target score"),
    "rounds": msg("Rounds"),
    "tie_at_end": msg("A tie at the end"),
    "dealer": msg("Dealer shown"),
    "moon": msg("Shooting the moon"),
}
KNOB_GROUPS: dict[str, tuple[str, ...]] = {
    "scoring": ("round_total", "moon"),
    "end": ("goal", "target", "rounds", "tie_at_end"),
    "deal": ("dealer",),
}
CHOICES: dict[str, tuple[str, ...]] = {
    "goal": ("high_target", "low_target", "rounds", "rounds_low", "open"),
    "tie_at_end": ("shared", "play_on"),
    "moon": ("none", "others_plus_26", "shooter_minus_26", "safety"),
}
CHOICE_WORDS: dict[str, Message] = {
    "high_target": msg("first to the target; the highest total wins"),
    "low_target": msg("first to the target; the lowest total wins"),
    "rounds": msg("a number of rounds; the highest total wins"),
    "rounds_low": msg("a number of rounds; the lowest total wins"),
    "open": msg("no end; finish now, the highest total wins"),
    "shared": msg("share the win"),
    "play_on": msg("play another round"),
    "none": msg("no moon"),
    "others_plus_26": msg("the shooter 0, every other player the round's points"),
    "shooter_minus_26": msg("the shooter minus the round's points, the others 0"),
    "safety": msg(
        "the others get the points, unless that ends the game without the shooter alone "
        "lowest: then the shooter takes them off"
    ),
}
MAX_POINTS = 999_999
"""The most points a round may give or take, either way: beyond it is a slip of the
finger, and totals stay far inside what the database stores."""

KINDS = KnobKinds(
    names=KNOBS,
    bools=("dealer",),
    choices=CHOICES,
    ranges={"round_total": (-9_999, 9_999), "target": (1, 99_999), "rounds": (1, 999)},
    optional=("round_total",),
)

SHEET = SheetSettings()
HEARTS = SheetSettings(round_total=26, goal="low_target", target=100, moon="others_plus_26")
PRESETS: dict[str, SheetSettings] = {"any-game": SHEET, "hearts": HEARTS}
PRESET_ASIDE: tuple[str, ...] = KNOBS
"""A sheet has no published rules to differ from: whatever the table sets, it is still
the round sheet."""
