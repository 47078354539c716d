"""Spades' house rules: every setting of RULES.md section 3 is a knob, and the preset
``spades`` is the common published game (pagat.com and the best-known online rooms).

A game stores its full settings (``to_dict``), never only the preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from ..core.errors import InvalidSettings
from ..core.knobs import KnobKinds
from ..core.messages import Message, msg
from ..core.settings import SettingsBase

BlindNil = Literal["behind_100", "any_time", "never"]
FailedNilTricks = Literal["bags", "count_for_partner", "ignored"]

BLIND_NIL_BEHIND = 100
"""How far behind the other side a side must be for its players to bid blind nil under
``blind_nil=behind_100``."""


@dataclass(frozen=True, slots=True)
class SpadesSettings(SettingsBase):
    """The house rules of one Spades game. Field names are stored and set by name."""

    blind_nil: BlindNil = "behind_100"
    nil_value: int = 100
    blind_nil_value: int = 200
    failed_nil_tricks: FailedNilTricks = "bags"
    bag_limit: int = 10
    bag_penalty: int = 100
    target: int = 500
    lose_at: int = -200
    deal_limit: int = 0

    def __post_init__(self) -> None:
        problems = KINDS.problems(self)
        if problems:
            raise InvalidSettings(problems[0][1], problems[0][0])

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return KINDS.coerce(name, value)


KNOBS: tuple[str, ...] = tuple(f.name for f in fields(SpadesSettings))

KNOB_HELP: dict[str, Message] = {
    "blind_nil": msg(
        "blind nil (a nil bid before looking at the cards): only for a side 100 or more "
        "behind, at any time, or never"
    ),
    "nil_value": msg("points a nil bid wins when its bidder takes no trick, and loses if not"),
    "blind_nil_value": msg(
        "points a blind nil wins when its bidder takes no trick, and loses if not"
    ),
    "failed_nil_tricks": msg(
        "tricks of a failed nil: a point and a bag each, counted toward the partner's "
        "contract, or ignored"
    ),
    "bag_limit": msg("bags that cost the bag penalty, then come off (0: bags are not counted)"),
    "bag_penalty": msg("points a side loses each time its bags reach the bag limit"),
    "target": msg("a side at the target or more ends the game; the higher total wins"),
    "lose_at": msg("a side at this total or less ends the game (0: none); the higher total wins"),
    "deal_limit": msg("hands after which the side ahead wins (0: none)"),
}
KNOB_LABELS: dict[str, Message] = {
    "blind_nil": msg("Blind nil"),
    "nil_value": msg("Nil"),
    "blind_nil_value": msg("Blind nil points"),
    "failed_nil_tricks": msg("A failed nil's tricks"),
    "bag_limit": msg("Bag limit"),
    "bag_penalty": msg("Bag penalty"),
    "target": msg("Target score"),
    "lose_at": msg("Losing total"),
    "deal_limit": msg("Deal limit"),
}
KNOB_GROUPS: dict[str, tuple[str, ...]] = {
    "auction": ("blind_nil",),
    "scoring": ("nil_value", "blind_nil_value", "failed_nil_tricks", "bag_limit", "bag_penalty"),
    "end": ("target", "lose_at", "deal_limit"),
}

CHOICES: dict[str, tuple[str, ...]] = {
    "blind_nil": ("behind_100", "any_time", "never"),
    "failed_nil_tricks": ("bags", "count_for_partner", "ignored"),
}
INT_RANGES: dict[str, tuple[int, int]] = {
    "nil_value": (0, 1000),
    "blind_nil_value": (0, 1000),
    "bag_limit": (0, 100),
    "bag_penalty": (0, 1000),
    "target": (1, 10000),
    "lose_at": (-10000, 0),
    "deal_limit": (0, 1000),
}

KINDS = KnobKinds(names=KNOBS, choices=CHOICES, ranges=INT_RANGES)

SPADES = SpadesSettings()

PRESETS: dict[str, SpadesSettings] = {"spades": SPADES}

PRESET_ASIDE = ("target", "lose_at", "deal_limit")
"""Knobs a table sets for itself: settings that differ only in these are still ``spades``."""
