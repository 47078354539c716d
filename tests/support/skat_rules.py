"""Helpers of tests/games/skat/test_rules.py, which other tests use too."""

from __future__ import annotations

ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
