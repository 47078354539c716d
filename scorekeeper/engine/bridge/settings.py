"""Bridge's house rules (docs/rules/bridge.md), its presets `rubber` and `chicago`, and the
score of one deal as a pure function of the settings, where the deal falls (``Where``)
and what the table wrote down."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase


@dataclass(frozen=True, slots=True)
class BridgeSettings(SettingsBase):
    preset_aside: ClassVar[tuple[str, ...]] = ()
    """Every knob is the preset's: a rubber or Chicago with another end is house rules."""

    rubbers: int | None = knob(
        1,
        label=msg("Rubbers"),
        help=msg("In rubber bridge, the rubbers the game lasts, totals carried (0: open)"),
        group="end",
        low=0,
        high=99,
        optional=True,
    )
    deals: int | None = knob(
        None,
        label=msg("Deals"),
        help=msg("In Chicago, the deals the game lasts, a multiple of 4 (none: play rubbers)"),
        group="end",
        low=4,
        high=400,
        optional=True,
        rule=lambda deals: deals % 4 == 0,
        refusal=msg("deals must be a multiple of 4, not %(number)d"),
    )
    honours: str = knob(
        "count",
        label=msg("Honours"),
        help=msg("whether honours held in one hand score above the line"),
        group="scoring",
        choices={"count": msg("counted"), "ignore": msg("not counted")},
    )
    insult_redoubled: int = knob(
        100,
        label=msg("Redoubled insult"),
        help=msg("for making a redoubled contract (100; 50 in older codes)"),
        group="scoring",
        low=0,
        high=500,
    )
    undertricks: str = knob(
        "laws",
        label=msg("Doubled undertricks"),
        help=msg("doubled undertricks by the laws since 1987, or the older table"),
        group="scoring",
        choices={"laws": msg("laws since 1987"), "pre_1987": msg("before 1987")},
    )
    unfinished_partscore: int | None = knob(
        100,
        label=msg("Unfinished part-score"),
        help=msg("rubber: for a lone part-score when the table stops"),
        group="scoring",
        low=0,
        high=500,
        optional=True,
    )
    chicago_vulnerable: str = knob(
        "dealer",
        label=msg("Vulnerable on deals 2 and 3"),
        help=msg("Chicago: who is vulnerable on the 2nd and 3rd deals"),
        group="chicago",
        choices={"dealer": msg("the dealer's side"), "non_dealer": msg("the other side")},
    )
    fourth_deal_bonus: int | None = knob(
        None,
        label=msg("Fourth-deal part-score"),
        help=msg("Chicago: for a part-score made on the fourth deal"),
        group="chicago",
        low=0,
        high=500,
        optional=True,
    )
    duplicate: bool = knob(
        False,
        label=msg("Deal by deal, as at duplicate"),
        help=msg(
            "each deal scored alone: 50 for a part-score, 300 or 500 for a game, nothing "
            "carried to the next deal; vulnerability by the board's number (1 to 16)"
        ),
        group="chicago",
    )

    @property
    def chicago(self) -> bool:
        """Each deal scored at once (Chicago, or deal by deal as at duplicate) when a
        number of deals ends the game or ``duplicate`` is on; else rubber."""
        return self.deals is not None or self.duplicate


PRESETS = {
    "rubber": BridgeSettings(),
    "chicago": BridgeSettings(
        rubbers=None,
        deals=4,
        honours="ignore",
        unfinished_partscore=None,
        fourth_deal_bonus=100,
    ),
}

STRAINS = ("C", "D", "H", "S", "NT")

BOARD_VULNERABLE = tuple(
    ((False, False), (True, False), (False, True), (True, True))[kind]
    for kind in (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)
)
"""Who is vulnerable on boards 1 to 16 of duplicate's standard rotation, (North–South,
East–West): none, N–S, E–W, both, then each line of four turned by one."""


@dataclass(frozen=True, slots=True)
class Where:
    """Where a deal falls, for its score: each side's vulnerability, part-scores toward
    game and (rubber) games won in the rubber; whether it is a Chicago cycle's fourth."""

    vulnerable: tuple[bool, bool] = (False, False)
    below: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    fourth: bool = False


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal's points per side, split below and above the line; ``game`` when the
    declarer's side completed a game, ``rubber`` when that game won the rubber."""

    below: tuple[int, int]
    above: tuple[int, int]
    game: bool = False
    rubber: bool = False

    @property
    def points(self) -> tuple[int, int]:
        return (self.below[0] + self.above[0], self.below[1] + self.above[1])

    def to_dict(self) -> dict[str, Any]:
        return {"points": list(self.points), "below": list(self.below), "above": list(self.above)}


def trick_score(level: int, strain: str, doubled: int) -> int:
    """The trick score of ``level`` tricks bid in ``strain``, × 2 doubled, × 4 redoubled."""
    each = 20 if strain in ("C", "D") else 30
    return (level * each + (10 if strain == "NT" else 0)) * (1, 2, 4)[doubled]


def penalty(settings: BridgeSettings, down: int, doubled: int, vulnerable: bool) -> int:
    """What ``down`` undertricks cost the declarer's side, to the defenders."""
    if not doubled:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled_points = 200 + 300 * (down - 1)
    elif settings.undertricks == "pre_1987":
        doubled_points = 100 + 200 * (down - 1)
    else:
        doubled_points = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled_points * doubled


def deal_score(
    settings: BridgeSettings,
    where: Where,
    side: int,
    level: int,
    strain: str,
    doubled: int,
    tricks: int,
    honours: tuple[int, int] | None,
) -> DealScore:
    """The score of a deal: ``side`` (0 for A) declared ``level`` ``strain`` (doubled 0,
    1 or 2 times) and took ``tricks``; ``honours`` (side, points) or None."""
    below, above = [0, 0], [0, 0]
    vulnerable = where.vulnerable[side]
    game = rubber = False
    if tricks >= level + 6:
        trick = trick_score(level, strain, doubled)
        over = tricks - level - 6
        if doubled:
            above[side] += over * (200 if vulnerable else 100) * doubled
            above[side] += 50 if doubled == 1 else settings.insult_redoubled
        else:
            above[side] += over * (20 if strain in ("C", "D") else 30)
        if level >= 6:
            above[side] += (500, 1000)[level - 6] * (3 if vulnerable else 2) // 2
        below[side] += trick
        game = (0 if settings.duplicate else where.below[side]) + trick >= 100
        if settings.chicago:
            if game:
                above[side] += 500 if vulnerable else 300
            elif settings.duplicate:
                above[side] += 50
            elif where.fourth:
                above[side] += settings.fourth_deal_bonus or 0
        else:
            rubber = game and where.games[side] == 1
            if rubber:
                above[side] += 700 if where.games[1 - side] == 0 else 500
    else:
        above[1 - side] += penalty(settings, level + 6 - tricks, doubled, vulnerable)
    if honours is not None and settings.honours == "count":
        above[honours[0]] += honours[1]
    return DealScore((below[0], below[1]), (above[0], above[1]), game, rubber)
