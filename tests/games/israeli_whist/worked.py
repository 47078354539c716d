"""Israeli Whist's worked example 1 (docs/rules/israeli-whist.md), the hand many tests of
the app record: the game is named where it is used, never a default."""

from __future__ import annotations

# docs/rules/israeli-whist.md's example 1, pagat-german: seats S, W, N, E = 0..3, South deals,
# North declares 7C; points S -20, W +19, N -10, E -40.
WORKED_EXAMPLE = {
    "declarer": 2,
    "bid": "7C",
    "frisch_rounds": 0,
    "contracts": [2, 3, 7, 0],
    "tricks": [0, 3, 8, 2],
}


WORKED_POINTS = [-20, 19, -10, -40]
