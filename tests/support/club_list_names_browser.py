"""Helpers of tests/browser/test_club_list_names_browser.py."""

from __future__ import annotations


def _doppelkopf(number: int, size: int, table: dict) -> dict:
    dealer = (number - 1) % size  # a club table's seat 1 deals first
    re = sorted([(dealer + 1) % size, (dealer + 3) % size])
    if number == 2:  # a solo: the line names its soloist
        return {"re": [re[0]], "solo": "queens", "re_points": 125, "re_announcement": "re"}
    return {"re": re, "re_points": 130 if number % 2 else 100, "kontra_announcement": "kontra"}
