"""Helpers of tests/web/review/test_review.py."""

from __future__ import annotations

import re

from scorekeeper.db import get_db

# Figures a page may keep for the next one (db/figures.py): a cache of what the hands
# give, each row valid only for its game's version, never the players' data.
DERIVED_TABLES = {"game_figures", "game_stats"}


def dump(app) -> list:
    with app.app_context():
        database = get_db()
        return [
            list(database[t].rows)
            for t in sorted(database.table_names())
            if t not in DERIVED_TABLES
        ]


def chart_points(page: str) -> list[int]:
    """How many points each line of the scoreboard's chart has."""
    chart = re.search(r'<svg[^>]*class="skc".*?</svg>', page, re.S).group(0)
    return [
        len(points.split())
        for points in re.findall(r'<polyline points="([^"]+)"/><circle class="e"', chart)
    ]
