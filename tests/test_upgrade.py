"""A database written by an earlier version opens with nothing lost.

``tests/fixtures/scorekeeper-v1.db`` was written by the code of commit 188e5d6, and the
JSON and CSV beside it are that code's exports of it (see ``make_v1_fixture.py``). Today's
code must migrate a copy of the file in place and export every value the old code did:
new keys and new columns may appear, nothing may change or go missing.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from scorekeeper import create_app, exchange
from scorekeeper import db as storage

from .conftest import app_config

FIXTURES = Path(__file__).parent / "fixtures"
OLD_DB = FIXTURES / "scorekeeper-v1.db"
OLD_JSON = FIXTURES / "scorekeeper-v1-export.json"
OLD_CSV = FIXTURES / "scorekeeper-v1-export.csv"


def contains(old, new, where: str = "$") -> list[str]:
    """Every place where ``new`` loses or changes a value ``old`` holds (dict keys may be
    added; lists must keep their length and order)."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [f"{where}: was an object, now {new!r}"]
        found = []
        for key, value in old.items():
            if key not in new:
                found.append(f"{where}.{key}: missing")
            else:
                found.extend(contains(value, new[key], f"{where}.{key}"))
        return found
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return [f"{where}: was {old!r}, now {new!r}"]
        return [
            p
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            for p in contains(a, b, f"{where}[{i}]")
        ]
    return [] if old == new and type(old) is type(new) else [f"{where}: was {old!r}, now {new!r}"]


@pytest.fixture
def upgraded(tmp_path) -> Path:
    """A copy of the old file, opened (and so migrated) by today's code."""
    path = tmp_path / "old.db"
    shutil.copyfile(OLD_DB, path)
    storage.migrate(str(path)).close()
    return path


def test_the_comparison_notices_a_lost_or_changed_value():
    old = {"games": [{"totals": [1, 2], "name": "x"}]}
    assert contains(old, {"games": [{"totals": [1, 2], "name": "x", "game": "new"}]}) == []
    assert contains(old, {"games": [{"totals": [1, 3], "name": "x"}]})
    assert contains(old, {"games": [{"totals": [1, 2]}]})
    assert contains(old, {"games": [{"totals": [1.0, 2], "name": "x"}]})


def test_an_old_database_exports_every_value_it_held(upgraded):
    database = storage.connect(str(upgraded))
    try:
        new = json.loads(exchange.export_json(database))
    finally:
        database.close()
    old = json.loads(OLD_JSON.read_text(encoding="utf-8"))
    assert new["format"] == old["format"]
    assert len(old["games"]) == 4
    assert contains(old["games"], new["games"]) == []


def test_an_old_database_exports_the_same_csv_columns(upgraded):
    database = storage.connect(str(upgraded))
    try:
        new_rows = list(csv.DictReader(io.StringIO(exchange.export_csv(database))))
    finally:
        database.close()
    old_rows = list(csv.DictReader(io.StringIO(OLD_CSV.read_text(encoding="utf-8"))))
    assert len(new_rows) == len(old_rows) > 0
    for old_row, new_row in zip(old_rows, new_rows, strict=True):
        assert {k: new_row.get(k) for k in old_row} == old_row


def test_an_old_database_serves_its_pages(tmp_path):
    path = tmp_path / "old.db"
    shutil.copyfile(OLD_DB, path)
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    client = app.test_client()
    for url in ("/", "/history", "/games/1", "/games/2", "/games/3", "/games/4", "/players"):
        response = client.get(url, headers={"Accept-Language": "en"})
        assert response.status_code == 200, url
    assert "נועה" in client.get("/games/1").get_data(as_text=True)
    game = client.get("/api/games/2").get_json()
    assert game["status"] == "finished" and game["winner"] == 0
