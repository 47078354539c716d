"""What migration m025 did to a group's player names (issue 54): two spellings of one
name merged into one player, or, where both sat at one game or came to one club night,
kept apart under a name of their own. Each is a row of ``name_changes``, told once on the
group's page."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from .connection import query, writing


@dataclass(frozen=True, slots=True)
class NameChange:
    """``name`` as it is now; ``reason`` "merged" (``was``: the spellings it merged) or
    "apart" (``was``: the one spelling that now bears ``name``)."""

    name: str
    was: tuple[str, ...]
    reason: str


def take_name_changes(db: Database, group_id: int) -> list[NameChange]:
    """The group's name changes not told yet, oldest first, marked told (a write only when
    there are some: the group's page reads one indexed row otherwise)."""
    rows = query(
        db,
        "SELECT id, name, was, reason FROM name_changes WHERE group_id = ? AND shown = 0 "
        "ORDER BY id",
        [group_id],
    ).fetchall()
    if not rows:
        return []
    with writing(db):
        db.execute(
            "UPDATE name_changes SET shown = 1 WHERE id IN (SELECT value FROM json_each(?))",
            [json.dumps([row["id"] for row in rows])],
        )
    changes = []
    for row in rows:
        was = json.loads(row["was"])
        spellings = tuple(was) if isinstance(was, list) else (was,)
        changes.append(NameChange(row["name"], spellings, row["reason"]))
    return changes
