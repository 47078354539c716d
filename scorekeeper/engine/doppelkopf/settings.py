"""Doppelkopf's house rules (RULES.md section 8): its knobs and the presets ``ddv`` (the
DDV's tournament rules) and ``house`` (private tables: Re and Kontra double, Bock)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidSettings
from ..core.game import Knob
from ..core.knobs import KnobKinds
from ..core.messages import msg
from ..core.numbers import shown
from ..core.settings import SettingsBase

BOCK_EVENTS = ("tie_120", "announced_lost", "solo_lost", "zero_value", "hearts_trick")
NAMES = (
    "announcements",
    "against_the_queens",
    "solo_extra_points",
    "bock_after",
    "bock_games",
    "bock_factor",
    "bock_overlap",
    "deals",
    "bock_finish",
    "cents_per_point",
)
KINDS = KnobKinds(
    names=tuple(n for n in NAMES if n != "bock_after"),
    bools=("against_the_queens", "solo_extra_points", "bock_finish"),
    choices={"announcements": ("add_two", "double"), "bock_overlap": ("stack", "queue")},
    ranges={
        "bock_games": (0, 20),
        "bock_factor": (1, 10),
        "deals": (0, 1000),
        "cents_per_point": (0, 10_000),
    },
)
_HELP = {
    "announcements": msg("“Re” and “Kontra” add 2 each (DDV) or double the hand (house)"),
    "against_the_queens": msg("1 extra point to Kontra for winning a normal game"),
    "solo_extra_points": msg("extra points (Doppelkopf, fox, Charlie) count in solos too"),
    "bock_after": msg(
        "the hands after which a Bock round follows, separated by commas: tie_120, "
        "announced_lost, solo_lost, zero_value, hearts_trick (none: no Bock)"
    ),
    "bock_games": msg("hands in a Bock round (0: one round, as many as there are players)"),
    "bock_factor": msg("how many times a Bock hand counts"),
    "bock_overlap": msg("Bock rounds that overlap multiply, or follow one after the other"),
    "deals": msg("hands to play (0: open, until the table finishes)"),
    "bock_finish": msg("after the last hand, the Bock hands still owed are played"),
    "cents_per_point": msg("the money per point at the end, in cents (0: none)"),
}
_LABELS = {
    "announcements": msg("Re and Kontra"),
    "against_the_queens": msg("Against the Queens"),
    "solo_extra_points": msg("Extra points in solos"),
    "bock_after": msg("Bock after"),
    "bock_games": msg("Bock hands"),
    "bock_factor": msg("Bock factor"),
    "bock_overlap": msg("Overlapping Bock rounds"),
    "deals": msg("Hands"),
    "bock_finish": msg("Owed Bock hands played"),
    "cents_per_point": msg("Cents per point"),
}
_KNOBS = {
    knob.name: knob
    for knob in KINDS.knobs(
        help=_HELP,
        labels=_LABELS,
        groups={
            "scoring": ("announcements", "against_the_queens", "solo_extra_points"),
            "bock": ("bock_games", "bock_factor", "bock_overlap"),
            "end": ("deals", "bock_finish", "cents_per_point"),
        },
        choice_words={
            "add_two": msg("add 2 each (DDV)"),
            "double": msg("double the hand (house)"),
            "stack": msg("multiply"),
            "queue": msg("one after the other"),
        },
    )
}
_KNOBS["bock_after"] = Knob(
    "bock_after",
    _HELP["bock_after"],
    "choice_list",
    BOCK_EVENTS,
    label=_LABELS["bock_after"],
    group="bock",
)
KNOBS = tuple(_KNOBS[name] for name in NAMES)


@dataclass(frozen=True, slots=True)
class DoppelkopfSettings(SettingsBase):
    announcements: str = "add_two"
    against_the_queens: bool = True
    solo_extra_points: bool = False
    bock_after: tuple[str, ...] = ()
    bock_games: int = 0
    bock_factor: int = 2
    bock_overlap: str = "stack"
    deals: int = 0
    bock_finish: bool = True
    cents_per_point: int = 0

    @classmethod
    def coerce_knob(cls, name: str, value: Any) -> Any:
        if name != "bock_after":
            return KINDS.coerce(name, value)
        items = value.replace(",", " ").split() if isinstance(value, str) else value
        if isinstance(items, list | tuple) and all(isinstance(i, str) for i in items):
            items = [i.strip().lower() for i in items if i.strip().lower() != "none"]
            if all(i in BOCK_EVENTS for i in items):
                return tuple(e for e in BOCK_EVENTS if e in items)
        problem = msg(
            "bock_after must be a list of %(events)s, not %(value)s",
            events=", ".join(BOCK_EVENTS),
            value=shown(value),
        )
        raise InvalidSettings(problem, "bock_after")


PRESETS = {
    "ddv": DoppelkopfSettings(),
    "house": DoppelkopfSettings(announcements="double", bock_after=("tie_120", "announced_lost")),
}
