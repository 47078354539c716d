"""Helpers of tests/engine/test_docs_rules.py."""

from __future__ import annotations

from typing import Any


def side_index(game: Any, label: str) -> int:
    if len(game.sides[0]) > 1:
        return "AB".index(label)
    return int(label)
