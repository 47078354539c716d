"""Helpers of tests/games/bridge/test_bridge_board_browser.py."""

from __future__ import annotations


def deal(declarer: int, contract: str, tricks: int) -> dict:
    level, strain = int(contract[0]), contract[1:]
    return {"declarer": declarer, "level": level, "strain": strain, "doubled": 0, "tricks": tricks}
