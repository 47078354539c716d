"""Helpers of tests/games/israeli_whist/test_hand.py."""

from __future__ import annotations


def kind(record):
    return "thrown_in" if record.thrown_in else "pass_round" if record.pass_round else "played"
