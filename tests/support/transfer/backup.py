"""Helpers of tests/transfer/test_backup.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as reading:
        lines = list(reading.iterdump())
    reading.close()
    return lines
