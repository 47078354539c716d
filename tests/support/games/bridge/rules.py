"""Helpers of tests/games/bridge/test_rules.py."""

from __future__ import annotations


def options(hand: dict) -> list[str]:
    found = ["--declarer", str(hand["declarer"]), "--level", str(hand["level"])]
    found += ["--strain", hand["strain"], "--doubled", str(hand["doubled"])]
    found += ["--tricks", str(hand["tricks"])]
    if hand["honours"]:
        found += ["--honours", f"{hand['honours']['side']}:{hand['honours']['points']}"]
    return found
