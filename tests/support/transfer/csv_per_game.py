"""Helpers of tests/transfer/test_csv_per_game.py."""

from __future__ import annotations

import csv
import io


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))
