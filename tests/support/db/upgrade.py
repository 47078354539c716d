"""Helpers of tests/db/test_upgrade.py."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

from scorekeeper import db as storage
from scorekeeper import transfer
from tests.support.shared import plain_csv
from tests.support.upgrade import FIXTURES

FIXTURES = Path(__file__).parents[2] / "fixtures"


def assert_same_csv(upgraded: Path, old_csv: Path) -> None:
    """The upgraded file's CSV has every row and column of the old export, unchanged."""
    database = storage.connect(str(upgraded))
    try:
        new_rows = list(csv.DictReader(io.StringIO(transfer.export_csv(database))))
    finally:
        database.close()
    old_rows = list(csv.DictReader(io.StringIO(plain_csv(old_csv.read_text(encoding="utf-8")))))
    assert len(new_rows) == len(old_rows) > 0
    for old_row, new_row in zip(old_rows, new_rows, strict=True):
        assert {k: new_row.get(k) for k in old_row} == old_row


def full_dump(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


V4_JSON = FIXTURES / "scorekeeper-v4-export.json"


def v4_csv_now(text: str) -> str:
    """The v4 CSV as it is exported since Oh Hell's hand is on the plain schema (issue
    55): each seat's bid in a ``bids`` column (after ``blind_nil``), as Wizard's, where it
    shared the ``bid`` column of a hand's bid."""
    games = json.loads(V4_JSON.read_text(encoding="utf-8"))["games"]
    oh_hell = {str(game["id"]) for game in games if game["game"] == "oh-hell"}
    rows = list(csv.reader(io.StringIO(text)))
    header, game = rows[0], rows[0].index("game")
    bid, after = header.index("bid"), header.index("blind_nil") + 1
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*header[:after], "bids", *header[after:]])
    for row in rows[1:]:
        moved = row[bid] if row[game] in oh_hell else ""
        if row[game] in oh_hell:
            row[bid] = ""
        writer.writerow([*row[:after], moved, *row[after:]])
    return out.getvalue()
