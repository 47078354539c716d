"""Bid Whist's house rules: every setting of docs/rules/bid-whist.md is a knob, and the preset
``bid-whist`` is the seed's own rules.

A game stores its full settings (``to_dict``), never only the preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

AllPass = Literal["redeal", "dealer_must_bid"]
NtJokers = Literal["void_only", "any_time", "must_when_void"]
SetGoesTo = Literal["bidders_lose", "defenders_gain"]
Boston = Literal["none", "double", "wins_game"]


@dataclass(frozen=True, slots=True)
class BidWhistSettings(SettingsBase):
    """The house rules of one Bid Whist game. Field names are stored and set by name."""

    jokers: int = knob(
        2,
        label=msg("Jokers"),
        help=msg("jokers in the pack: 2 (big and little), 1 or 0; the kitty gets 4 more"),
        group="deal",
        low=0,
        high=2,
    )
    minimum_level: int = knob(
        3,
        label=msg("Lowest bid"),
        help=msg("the lowest level a bid may name: 3 (9 books) or 4 (10 books)"),
        group="auction",
        low=3,
        high=4,
    )
    downtown_over_uptown: bool = knob(
        False,
        label=msg("Downtown outbids uptown"),
        help=msg("at the same level downtown outbids uptown"),
        group="auction",
    )
    all_pass: AllPass = knob(
        "redeal",
        label=msg("When all pass"),
        help=msg("when all four pass: the hand is thrown in, or the dealer must bid"),
        group="auction",
        choices={
            "redeal": msg("thrown in, the deal passes on"),
            "dealer_must_bid": msg("the dealer must bid the minimum"),
        },
    )
    sport_kitty: bool = knob(
        False,
        label=msg("Kitty shown"),
        help=msg("with a trump bid the kitty is shown to everyone before pickup"),
        group="deal",
    )
    downtown_ace_high: bool = knob(
        True,
        label=msg("Ace high downtown"),
        help=msg("downtown and low no-trump keep the ace as the highest card"),
        group="play",
    )
    nt_jokers: NtJokers = knob(
        "void_only",
        label=msg("Jokers in no-trump"),
        help=msg(
            "jokers in no-trump: only when void in the suit led, at any time, or must be "
            "played when void"
        ),
        group="play",
        choices={
            "void_only": msg("only when void in the suit led"),
            "any_time": msg("at any time"),
            "must_when_void": msg("must be played when void in the suit led"),
        },
    )
    renege_books: int = knob(
        3,
        label=msg("Books per renege"),
        help=msg("books a caught renege moves to the other side"),
        group="scoring",
        low=0,
        high=13,
    )
    set_goes_to: SetGoesTo = knob(
        "bidders_lose",
        label=msg("A set"),
        help=msg("a set bid: the bidders lose the points, or the defenders gain them"),
        group="scoring",
        choices={
            "bidders_lose": msg("the bidders lose the points"),
            "defenders_gain": msg("the defenders gain the points"),
        },
    )
    boston: Boston = knob(
        "none",
        label=msg("Boston (all 13 books)"),
        help=msg("all 13 books: scored as usual, points doubled, or the game is won"),
        group="scoring",
        choices={
            "none": msg("scored as any made bid"),
            "double": msg("points doubled"),
            "wins_game": msg("wins the game"),
        },
    )
    target: int = knob(
        21,
        label=msg("Target score"),
        help=msg("a side at +target wins; a side at -target loses"),
        group="end",
        low=1,
        high=1000,
    )
    deal_limit: int = knob(
        0,
        label=msg("Deal limit"),
        help=msg("deals after which the side ahead wins: 0 for none, or a multiple of 4"),
        group="end",
        low=0,
        high=1000,
        rule=lambda deals: deals % 4 == 0,
        zero=msg("none"),
        refusal=msg(
            "deal_limit is %(number)d; it must be 0 (no limit) or a multiple of 4, so "
            "that everyone deals equally often"
        ),
    )

    preset_aside: ClassVar[tuple[str, ...]] = ("target", "deal_limit")

    def __post_init__(self) -> None:
        self.check_knobs()

    @property
    def losing_floor(self) -> int:
        """The total at or below which a side has lost: -target."""
        return -self.target


BID_WHIST = BidWhistSettings()

PRESETS: dict[str, BidWhistSettings] = {"bid-whist": BID_WHIST}
