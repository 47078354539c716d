"""Spades' house rules: every setting of docs/rules/spades.md is a knob, and the preset
``spades`` is the common published game (pagat.com and the best-known online rooms).

A game stores its full settings (``to_dict``), never only the preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

BlindNil = Literal["behind_100", "any_time", "never"]
FailedNilTricks = Literal["bags", "count_for_partner", "ignored"]

BLIND_NIL_BEHIND = 100
"""How far behind the other side a side must be for its players to bid blind nil under
``blind_nil=behind_100``."""


@dataclass(frozen=True, slots=True)
class SpadesSettings(SettingsBase):
    """The house rules of one Spades game. Field names are stored and set by name."""

    preset_aside: ClassVar[tuple[str, ...]] = ("target", "lose_at", "deal_limit")
    """Knobs a table sets for itself: settings that differ only in these are still
    ``spades``."""

    blind_nil: BlindNil = knob(
        "behind_100",
        label=msg("Blind nil"),
        help=msg(
            "blind nil (a nil bid before looking at the cards): only for a side 100 or more "
            "behind, at any time, or never"
        ),
        group="auction",
        choices={
            "behind_100": msg("only for a side 100 or more behind"),
            "any_time": msg("at any time"),
            "never": msg("never"),
        },
    )
    nil_value: int = knob(
        100,
        label=msg("Nil"),
        help=msg("points a nil bid wins when its bidder takes no trick, and loses if not"),
        group="scoring",
        low=0,
        high=1000,
    )
    blind_nil_value: int = knob(
        200,
        label=msg("Blind nil points"),
        help=msg("points a blind nil wins when its bidder takes no trick, and loses if not"),
        group="scoring",
        low=0,
        high=1000,
    )
    failed_nil_tricks: FailedNilTricks = knob(
        "bags",
        label=msg("A failed nil's tricks"),
        help=msg(
            "tricks of a failed nil: a point and a bag each, counted toward the partner's "
            "contract, or ignored"
        ),
        group="scoring",
        choices={
            "bags": msg("a point and a bag each"),
            "count_for_partner": msg("they count toward the partner's contract"),
            "ignored": msg("they count nothing"),
        },
    )
    bag_limit: int = knob(
        10,
        label=msg("Bag limit"),
        help=msg("bags that cost the bag penalty, then come off (0: bags are not counted)"),
        group="scoring",
        low=0,
        high=100,
    )
    bag_penalty: int = knob(
        100,
        label=msg("Bag penalty"),
        help=msg("points a side loses each time its bags reach the bag limit"),
        group="scoring",
        low=0,
        high=1000,
    )
    target: int = knob(
        500,
        label=msg("Target score"),
        help=msg("a side at the target or more ends the game; the higher total wins"),
        group="end",
        low=1,
        high=10000,
    )
    lose_at: int = knob(
        -200,
        label=msg("Losing total"),
        help=msg("a side at this total or less ends the game (0: none); the higher total wins"),
        group="end",
        low=-10000,
        high=0,
    )
    deal_limit: int = knob(
        0,
        label=msg("Deal limit"),
        help=msg("hands after which the side ahead wins (0: none)"),
        group="end",
        low=0,
        high=1000,
    )

    def __post_init__(self) -> None:
        self.check_knobs()

    @property
    def losing_floor(self) -> int | None:
        """``lose_at``, or None when it is 0 (no such end)."""
        return self.lose_at or None


SPADES = SpadesSettings()

PRESETS: dict[str, SpadesSettings] = {"spades": SPADES}
