"""A club night (issue 45): many tables of one game at once, drawn for each series,
and one standings across them. Pure Python, as the rest of the engine: the night's rules
(``rules``), the draw of the tables (``draw``) and the standings (``standings``). Each
table plays as an ordinary game of the group; this package only says who sits where,
under which settings, and how the tables' lists add up."""

from __future__ import annotations

from .draw import Draw, draw_series, pairs_met, table_sizes
from .rules import (
    LENGTH_KNOBS,
    SCORINGS,
    TOURNAMENT_RULES,
    NightRules,
    Tournament,
    default_deals,
    length_knob,
    night_rules,
    seat_counts,
)
from .standings import Standing, TableList, standings

__all__ = [
    "LENGTH_KNOBS",
    "SCORINGS",
    "TOURNAMENT_RULES",
    "Draw",
    "NightRules",
    "Standing",
    "TableList",
    "Tournament",
    "default_deals",
    "draw_series",
    "length_knob",
    "night_rules",
    "pairs_met",
    "seat_counts",
    "standings",
    "table_sizes",
]
