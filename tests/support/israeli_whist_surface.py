"""Helpers of tests/games/israeli_whist/test_surface.py, which other tests use too."""

from __future__ import annotations

FIELDS = (
    "thrown_in",
    "pass_round",
    "declarer",
    "bid",
    "level",
    "denomination",
    "frisch_rounds",
    "contracts",
    "tricks",
    "revokes",
)
