"""Helpers of tests/app/test_offline_sync.py, which other tests use too."""

from __future__ import annotations


def every_row(database) -> dict[str, list[dict]]:
    """Every table's rows (their columns by name), in rowid order."""
    tables = [
        row[0]
        for row in database.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND name != '_sqlite_migrations'"
        )
    ]
    found = {}
    for table in tables:
        cursor = database.execute(f"SELECT * FROM [{table}]")
        names = [column[0] for column in cursor.description]
        found[table] = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    return found
