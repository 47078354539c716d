"""Helpers of tests/games/french_tarot/test_rules.py."""

from __future__ import annotations


def options(hand: dict) -> list[str]:
    return [
        arg for name, value in hand.items() for arg in (f"--{name.replace('_', '-')}", str(value))
    ]
