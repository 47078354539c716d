"""Helpers of tests/web/games/test_printed_sheet.py."""

from __future__ import annotations


def em(width: str) -> float:
    """The em of a column's class: ``w5`` 5, ``w5h`` 5.5."""
    return float(width[1:].replace("h", ".5"))
