"""The round sheet's house rules (docs/rules/any-game.md): every setting is a knob. The
preset ``any-game`` is the plain sheet (no round total, first to 100 wins); ``hearts`` is
Hearts: 26 a round, to 100, the lowest total wins, and a moon scored under ``moon``;
``five-crowns`` is Five Crowns: 11 rounds, each one's wild card named, the lowest wins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase, preset_name_of

Goal = Literal["high_target", "low_target", "rounds", "rounds_low", "open"]
TieAtEnd = Literal["shared", "play_on"]
Moon = Literal["none", "others_plus_26", "shooter_minus_26", "safety"]
Passing = Literal["none", "left_right_across_hold", "left_right_across", "left_right_hold", "left"]
Wilds = Literal["none", "five_crowns"]

PASSES: dict[str, tuple[str, ...]] = {
    "none": (),
    "left_right_across_hold": ("left", "right", "across", "hold"),
    "left_right_across": ("left", "right", "across"),
    "left_right_hold": ("left", "right", "hold"),
    "left": ("left",),
}
"""Each passing rotation's rounds in order; a table of an odd number of players has no
player across and skips that round."""

LOW_GOALS = frozenset({"low_target", "rounds_low"})
"""The goals in which the lowest total wins (Hearts)."""


@dataclass(frozen=True, slots=True)
class SheetSettings(SettingsBase):
    """The house rules of one round sheet. Field names are stored and set by name."""

    round_total: int | None = knob(
        None,
        label=msg("Round total"),
        help=msg("what every round's points must add up to (Hearts: 26); unset for any total"),
        group="scoring",
        low=-9_999,
        high=9_999,
        optional=True,
    )
    goal: Goal = knob(
        "high_target",
        label=msg("Goal"),
        help=msg(
            "how the game ends: someone reaches the target (highest or lowest total wins), "
            "after a number of rounds, or only when the table finishes"
        ),
        group="end",
        choices={
            "high_target": msg("first to the target; the highest total wins"),
            "low_target": msg("first to the target; the lowest total wins"),
            "rounds": msg("a number of rounds; the highest total wins"),
            "rounds_low": msg("a number of rounds; the lowest total wins"),
            "open": msg("no end; finish now, the highest total wins"),
        },
    )
    target: int = knob(
        100,
        label=msg("Target score"),
        help=msg("the total that ends the game once someone reaches it"),
        group="end",
        low=1,
        high=99_999,
    )
    rounds: int = knob(
        10,
        label=msg("Rounds"),
        help=msg("the rounds after which the game ends, when the goal counts rounds"),
        group="end",
        low=1,
        high=999,
    )
    tie_at_end: TieAtEnd = knob(
        "shared",
        label=msg("A tie at the end"),
        help=msg("equal totals at the end: they share the win, or play another round"),
        group="end",
        choices={"shared": msg("share the win"), "play_on": msg("play another round")},
    )
    dealer: bool = knob(
        True,
        label=msg("Dealer shown"),
        help=msg("show the first dealer and who deals each round"),
        group="deal",
    )
    moon: Moon = knob(
        "none",
        label=msg("Shooting the moon"),
        help=msg(
            "Hearts: when one player takes every point of a round (shoots the moon), who "
            "scores it; none: the sheet has no moon"
        ),
        group="scoring",
        choices={
            "none": msg("no moon"),
            "others_plus_26": msg("the shooter 0, every other player the round's points"),
            "shooter_minus_26": msg("the shooter minus the round's points, the others 0"),
            "safety": msg(
                "the others get the points, unless that ends the game without the shooter "
                "alone lowest: then the shooter takes them off"
            ),
        },
    )

    passing: Passing = knob(
        "none",
        label=msg("Passing"),
        help=msg(
            "Hearts: where the three cards go before each round, in turn; none: the sheet "
            "does not say"
        ),
        group="deal",
        choices={
            "none": msg("not shown"),
            "left_right_across_hold": msg(
                "left, right, across, hold (no across with an odd number of players)"
            ),
            "left_right_across": msg("left, right, across (no across with an odd number)"),
            "left_right_hold": msg("left, right, hold"),
            "left": msg("always left"),
        },
    )

    wilds: Wilds = knob(
        "none",
        label=msg("Wild cards"),
        help=msg(
            "Five Crowns: each round's cards and wild card on the sheet (3 cards and 3s wild "
            "in round 1, up to 13 cards and Kings wild in round 11); none: the sheet does not say"
        ),
        group="deal",
        choices={
            "none": msg("not shown"),
            "five_crowns": msg("Five Crowns: round r deals r + 2 cards, that rank wild"),
        },
    )

    def __post_init__(self) -> None:
        self.check_knobs()

    def wild_rank(self, number: int) -> int | None:
        """The rank wild in round ``number`` (Five Crowns: 3 to 13, the cards dealt, 11 to
        13 the Jack, Queen and King), or None where the sheet does not say."""
        return number + 2 if self.wilds == "five_crowns" and 1 <= number <= 11 else None

    def passes(self, number: int, players: int) -> str | None:
        """Where the cards go before round ``number`` (1, 2…) at a table of ``players``:
        "left", "right", "across" or "hold"; None where the sheet does not say."""
        turn = tuple(way for way in PASSES[self.passing] if way != "across" or players % 2 == 0)
        return turn[(number - 1) % len(turn)] if turn else None

    @property
    def lowest_wins(self) -> bool:
        return self.goal in LOW_GOALS

    @property
    def moon_worth(self) -> int:
        """What a moon is worth: the round's total (Hearts: 26), or 26 on a sheet whose
        rounds have no positive total."""
        total = self.round_total
        return total if total is not None and total > 0 else 26

    @property
    def shows_dealer(self) -> bool:
        """Whether the pages show the first dealer and who deals each round."""
        return self.dealer

    def preset_of(self, presets: Any, aside: tuple[str, ...] | None = None) -> str | None:
        """Hearts for its settings (its own target and passing aside: a Hearts game stored
        before the passing knob reads ``none``); else the plain sheet, whatever the table
        set, while it has no moon: a sheet has no published rules to differ from."""
        if preset_name_of({"hearts": HEARTS}, self, ("target", "passing")):
            return "hearts"
        if preset_name_of({"five-crowns": FIVE_CROWNS}, self, ("dealer",)):
            return "five-crowns"
        return "any-game" if self.moon == "none" else None


MAX_POINTS = 999_999
"""The most points a round may give or take, either way: beyond it is a slip of the
finger, and totals stay far inside what the database stores."""

SHEET = SheetSettings()
HEARTS = SheetSettings(
    round_total=26,
    goal="low_target",
    target=100,
    moon="others_plus_26",
    passing="left_right_across_hold",
)
FIVE_CROWNS = SheetSettings(goal="rounds_low", rounds=11, wilds="five_crowns")
PRESETS: dict[str, SheetSettings] = {
    "any-game": SHEET,
    "hearts": HEARTS,
    "five-crowns": FIVE_CROWNS,
}
SheetSettings.preset_aside = SheetSettings.knob_names()
"""A sheet has no published rules to differ from: whatever the table sets, it is still
the round sheet (``SheetSettings.preset_of`` names it)."""
