"""Doppelkopf's house rules (docs/rules/doppelkopf.md): its knobs and the presets ``ddv`` (the
DDV's tournament rules) and ``house`` (private tables: Re and Kontra double, Bock)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..core.knobs import knob
from ..core.messages import msg
from ..core.settings import SettingsBase

BOCK_EVENTS = {
    "tie_120": msg("120 : 120"),
    "announced_lost": msg("an announcement lost"),
    "solo_lost": msg("a solo lost"),
    "zero_value": msg("a hand worth 0"),
    "hearts_trick": msg("a hearts trick went round"),
}
"""The hands after which a Bock round may follow, in the words of the table: why one does."""


@dataclass(frozen=True, slots=True)
class DoppelkopfSettings(SettingsBase):
    preset_aside: ClassVar[tuple[str, ...]] = ("deals", "bock_finish", "cents_per_point")

    announcements: str = knob(
        "add_two",
        label=msg("Re and Kontra"),
        help=msg("“Re” and “Kontra” add 2 each (DDV) or double the hand (house)"),
        group="scoring",
        choices={"add_two": msg("add 2 each (DDV)"), "double": msg("double the hand (house)")},
    )
    against_the_queens: bool = knob(
        True,
        label=msg("Against the Queens"),
        help=msg("1 extra point to Kontra for winning a normal game"),
        group="scoring",
    )
    charlie_caught: bool = knob(
        False,
        label=msg("Charlie caught"),
        help=msg(
            "1 extra point to the party that wins the other party's ♣J in the last trick "
            "(Karlchen gefangen; a house rule: the DDV counts only Charlie)"
        ),
        group="scoring",
    )
    marriage_partner: str = knob(
        "first",
        label=msg("Marriage partner"),
        help=msg(
            "which trick of the first three makes its winner the marriage's partner; "
            "if none does, the marriage player plays alone, scored as a solo"
        ),
        group="scoring",
        choices={
            "first": msg("the first trick another player wins"),
            "trump": msg("the first trump trick another player wins"),
            "non_trump": msg("the first non-trump trick another player wins"),
        },
    )
    solo_extra_points: bool = knob(
        False,
        label=msg("Extra points in solos"),
        help=msg("extra points (Doppelkopf, fox, Charlie) count in solos too"),
        group="scoring",
    )
    bock_after: tuple[str, ...] = knob(
        (),
        label=msg("Bock after"),
        help=msg("the hands after which a Bock round follows (none: no Bock)"),
        group="bock",
        choices=BOCK_EVENTS,
        kind="choice_list",
    )
    bock_games: int = knob(
        0,
        label=msg("Bock hands"),
        help=msg("hands in a Bock round (0: one round, as many as there are players)"),
        group="bock",
        zero=msg("one round"),
        low=0,
        high=20,
        applies=lambda settings: bool(settings.bock_after),
    )
    bock_factor: int = knob(
        2,
        label=msg("Bock factor"),
        help=msg("how many times a Bock hand counts"),
        group="bock",
        low=1,
        high=10,
        applies=lambda settings: bool(settings.bock_after),
    )
    bock_overlap: str = knob(
        "stack",
        label=msg("Overlapping Bock rounds"),
        help=msg("Bock rounds that overlap multiply, or follow one after the other"),
        group="bock",
        choices={"stack": msg("multiply"), "queue": msg("one after the other")},
        applies=lambda settings: bool(settings.bock_after),
    )
    deals: int = knob(
        0,
        label=msg("Hands"),
        help=msg("hands to play (0: open, until the table finishes)"),
        group="end",
        zero=msg("open"),
        low=0,
        high=1000,
    )
    bock_finish: bool = knob(
        True,
        label=msg("Owed Bock hands played"),
        help=msg("after the last hand, the Bock hands still owed are played"),
        group="end",
        applies=lambda settings: bool(settings.bock_after) and bool(settings.deals),
    )
    cents_per_point: int = knob(
        0,
        label=msg("Cents per point"),
        help=msg("the money per point at the end, in cents (0: none)"),
        group="end",
        zero=msg("none"),
        low=0,
        high=10_000,
    )


PRESETS = {
    "ddv": DoppelkopfSettings(),
    "house": DoppelkopfSettings(announcements="double", bock_after=("tie_120", "announced_lost")),
}
