"""Bid Whist's house rules: every setting of RULES.md section 2 is a knob, and the preset
``bid-whist`` is the seed's own rules.

A game stores its full settings (``to_dict``), never only the preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from ..core.errors import InvalidSettings
from ..core.knobs import KnobKinds
from ..core.messages import Message, msg
from ..core.settings import SettingsBase, find_preset
from ..core.settings import preset_name_of as core_preset_name_of

AllPass = Literal["redeal", "dealer_must_bid"]
NtJokers = Literal["void_only", "any_time", "must_when_void"]
SetGoesTo = Literal["bidders_lose", "defenders_gain"]
Boston = Literal["none", "double", "wins_game"]


@dataclass(frozen=True, slots=True)
class BidWhistSettings(SettingsBase):
    """The house rules of one Bid Whist game. Field names are stored and set by name."""

    jokers: int = 2
    minimum_level: int = 3
    downtown_over_uptown: bool = False
    all_pass: AllPass = "redeal"
    sport_kitty: bool = False
    downtown_ace_high: bool = True
    nt_jokers: NtJokers = "void_only"
    renege_books: int = 3
    set_goes_to: SetGoesTo = "bidders_lose"
    boston: Boston = "none"
    target: int = 21
    deal_limit: int = 0

    def __post_init__(self) -> None:
        for name in KNOBS:
            value = getattr(self, name)
            coerced = coerce_knob(name, value)
            if type(coerced) is not type(value) or coerced != value:
                raise InvalidSettings(f"{name} has the wrong type: {value!r}", name)

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        return coerce_knob(name, value)


KNOBS: tuple[str, ...] = tuple(f.name for f in fields(BidWhistSettings))

KNOB_HELP: dict[str, Message] = {
    "jokers": msg("jokers in the pack: 2 (big and little), 1 or 0; the kitty gets 4 more"),
    "minimum_level": msg("the lowest level a bid may name: 3 (9 books) or 4 (10 books)"),
    "downtown_over_uptown": msg("at the same level downtown outbids uptown"),
    "all_pass": msg("when all four pass: the hand is thrown in, or the dealer must bid"),
    "sport_kitty": msg("with a trump bid the kitty is shown to everyone before pickup"),
    "downtown_ace_high": msg("downtown and low no-trump keep the ace as the highest card"),
    "nt_jokers": msg(
        "jokers in no-trump: only when void in the suit led, at any time, or must be "
        "played when void"
    ),
    "renege_books": msg("books a caught renege moves to the other side"),
    "set_goes_to": msg("a set bid: the bidders lose the points, or the defenders gain them"),
    "boston": msg("all 13 books: scored as usual, points doubled, or the game is won"),
    "target": msg("a side at +target wins; a side at -target loses"),
    "deal_limit": msg("deals after which the side ahead wins: 0 for none, or a multiple of 4"),
}

CHOICES: dict[str, tuple[str, ...]] = {
    "all_pass": ("redeal", "dealer_must_bid"),
    "nt_jokers": ("void_only", "any_time", "must_when_void"),
    "set_goes_to": ("bidders_lose", "defenders_gain"),
    "boston": ("none", "double", "wins_game"),
}
INT_RANGES: dict[str, tuple[int, int]] = {
    "jokers": (0, 2),
    "minimum_level": (3, 4),
    "renege_books": (0, 13),
    "target": (1, 1000),
    "deal_limit": (0, 1000),
}
BOOLS: tuple[str, ...] = ("downtown_over_uptown", "sport_kitty", "downtown_ace_high")


KINDS = KnobKinds(names=KNOBS, bools=BOOLS, choices=CHOICES, ranges=INT_RANGES)


def coerce_knob(name: str, value: Any) -> Any:
    """``value`` as the knob's type; raises InvalidSettings naming the knob and the rule."""
    coerced = KINDS.coerce(name, value)
    if name == "deal_limit" and coerced % 4:
        problem = msg(
            "deal_limit is %(number)d; it must be 0 (no limit) or a multiple of 4, so that "
            "everyone deals equally often",
            number=coerced,
        )
        raise InvalidSettings(problem, name)
    return coerced


BID_WHIST = BidWhistSettings()

PRESETS: dict[str, BidWhistSettings] = {"bid-whist": BID_WHIST}


def preset(name: str) -> BidWhistSettings:
    """The named preset; raises InvalidSettings (field ``rules``) listing the known names."""
    return find_preset(PRESETS, name)


def preset_name_of(settings: Any) -> str | None:
    """The preset these settings equal, the target and deal limit aside, or None."""
    return core_preset_name_of(PRESETS, settings, PRESET_ASIDE)


PRESET_ASIDE = ("target", "deal_limit")
