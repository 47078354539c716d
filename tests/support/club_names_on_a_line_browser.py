"""Helpers of tests/browser/test_club_names_on_a_line_browser.py."""

from __future__ import annotations


def _doppelkopf(number: int, size: int, table: dict) -> dict:
    dealer = (number - 1) % size  # a club table's first seat deals first
    re = sorted([(dealer + 1) % size, (dealer + 2) % size])
    return {"re": re, "re_points": 130 if number % 2 else 100}
