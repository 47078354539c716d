"""Rule settings: every house rule is a knob, and presets are named instances.

A game stores its full settings (``to_dict``), never only a preset's name, so an old game
scores again exactly as it did when it was played.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..core.knobs import group_of, knob
from ..core.messages import msg
from ..core.settings import SettingsBase
from .bids import MIN_LEVEL

Opener = Literal["dealer", "left"]
AllPass = Literal["throw_in", "pass_round"]
TieAtEnd = Literal["play_on", "shared"]

auction, scoring, end = group_of("auction"), group_of("scoring"), group_of("end")
auction_points, scoring_points, zeros = (group_of(g, True) for g in ("auction", "scoring", "zeros"))


@dataclass(frozen=True, slots=True)
class RuleSettings(SettingsBase):
    """The house rules of one game. Field names are stable: they are stored and set by name."""

    opener: Opener = auction(
        "left",
        label=msg("Opener"),
        help=msg("who opens the auction: the dealer, or the player left of the dealer"),
        choices={"dealer": msg("the dealer"), "left": msg("left of the dealer")},
        refusal=msg("opener must be 'dealer' or 'left', not %(value)s"),
    )
    auction_end_passes: int = auction(
        3,
        label=msg("Auction end passes"),
        help=msg(
            "passes in a row that end the auction after a bid (3, or 4 so the high bidder "
            "may raise their own bid)"
        ),
        low=3,
        high=4,
    )
    declarer_may_raise: bool = knob(
        True,
        label=msg("Declarer may raise"),
        help=msg("the declarer speaks first in phase two and may raise their contract"),
        group="contracts",
    )
    frisch_rounds: int = auction(
        3,
        label=msg("Frisch rounds"),
        help=msg("Frisch (Gulash) exchanges allowed after all four pass, 0 to 3"),
        low=0,
        high=3,
        zero=msg("none"),
    )
    rising_minimum: bool = auction(
        True,
        label=msg("Rising minimum"),
        help=msg("each Frisch round raises the minimum level by one (5, 6, 7, 8)"),
        applies=lambda s: s.frisch_rounds > 0,
    )
    exact_bonus: int = scoring_points(
        10,
        label=msg("Exact bonus"),
        help=msg("bonus on top of n squared for making a contract of n >= 1"),
        zero=msg("none"),
    )
    made_per_trick: int = scoring_points(
        0,
        label=msg("Made, per trick"),
        help=msg("points per contracted trick for making a contract of n >= 1, added to the bonus"),
        zero=msg("none"),
    )
    made_squared: bool = scoring(
        True,
        label=msg("Made, n squared"),
        help=msg("a made contract of n >= 1 also scores n squared"),
    )
    miss_step: int = scoring(
        10,
        label=msg("Miss step"),
        help=msg("points lost per trick over or under a missed contract"),
        low=0,
        high=1000,
    )
    miss_steps: tuple[int, ...] | None = scoring(
        None,
        label=msg("Miss step by contract"),
        help=msg(
            "points lost per trick off, one value for each contract 1..13, comma-separated; "
            "blank uses the miss step for every contract"
        ),
        low=0,
        high=1000,
        length=13,
        optional=True,
        applies=lambda s: s.miss_steps is not None,
    )
    declarer_miss_factor: int = scoring(
        1,
        label=msg("Declarer's miss factor"),
        help=msg("the declarer's missed-contract penalty is multiplied by 1 or 2"),
        low=1,
        high=2,
    )
    zero_over: int = zeros(
        25,
        label=msg("Zero over"),
        help=msg("points for making a zero contract in an over hand"),
    )
    zero_under: int = zeros(
        50,
        label=msg("Zero under"),
        help=msg("points for making a zero contract in an under hand"),
    )
    failed_zero_first: int = zeros(
        50,
        label=msg("Failed zero first"),
        help=msg("F in -F + S*(t-1), a failed zero contract with t tricks"),
    )
    failed_zero_step: int = zeros(
        10,
        label=msg("Failed zero step"),
        help=msg("S in -F + S*(t-1), a failed zero contract with t tricks"),
    )
    failed_zero_first_over: int | None = zeros(
        None,
        label=msg("Failed zero first, over hand"),
        help=msg("F for a failed zero in an over hand; blank uses the same curve as under"),
        optional=True,
        applies=lambda s: s.failed_zero_first_over is not None,
    )
    failed_zero_step_over: int | None = zeros(
        None,
        label=msg("Failed zero step, over hand"),
        help=msg("S for a failed zero in an over hand; blank uses the same curve as under"),
        optional=True,
        applies=lambda s: s.failed_zero_step_over is not None,
    )
    all_fail_void: bool = scoring(
        False,
        label=msg("All fail void"),
        help=msg("when nobody makes their contract the hand scores 0 for everyone"),
    )
    all_pass: AllPass = auction(
        "throw_in",
        label=msg("When all pass"),
        help=msg(
            "when all four pass and no Frisch round is left: throw the deal in, or play a "
            "pass round with no trump and no contracts"
        ),
        choices={"throw_in": msg("throw the deal in"), "pass_round": msg("play a pass round")},
    )
    pass_round_zero: int = auction_points(
        50,
        label=msg("Pass round: no trick"),
        help=msg("points in a pass round for taking no trick"),
        applies=lambda s: s.all_pass == "pass_round",
    )
    pass_round_step: int = auction_points(
        10,
        label=msg("Pass round: per trick"),
        help=msg("points lost in a pass round per trick taken"),
        applies=lambda s: s.all_pass == "pass_round",
    )
    revoke_penalty: int = scoring(
        100,
        label=msg("Revoke penalty"),
        help=msg("points lost per caught revoke"),
        low=0,
        high=10000,
    )
    target: int = end(
        100,
        label=msg("Target score"),
        help=msg("the score that ends the game"),
        low=1,
        high=100000,
    )
    hand_limit: int = end(
        0,
        label=msg("Hand limit"),
        help=msg("the game also ends after this many scored hands; 0 plays to the target"),
        low=0,
        high=10000,
        zero=msg("none"),
    )
    tie_at_end: TieAtEnd = end(
        "play_on",
        label=msg("A tie at the end"),
        help=msg("a tie at the top when the game ends: play on until one leads, or share the win"),
        choices={"play_on": msg("play on"), "shared": msg("share the win")},
    )

    def __post_init__(self) -> None:
        self.check_knobs()

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


KNOBS: tuple[str, ...] = RuleSettings.knob_names()

STANDARD = RuleSettings()

# Each preset writes only where it differs from the one before it.
PAGAT_GERMAN = replace(
    STANDARD,
    opener="dealer",
    auction_end_passes=4,
    declarer_may_raise=False,
    frisch_rounds=0,
    rising_minimum=False,
    zero_over=30,
)

ELHANANI = replace(
    PAGAT_GERMAN,
    exact_bonus=0,
    miss_step=5,
    zero_over=25,
    failed_zero_first=25,
    failed_zero_step=5,
    all_fail_void=True,
)

PRESETS: dict[str, RuleSettings] = {
    "standard": STANDARD,
    "pagat-german": PAGAT_GERMAN,
    "elhanani": ELHANANI,
}
