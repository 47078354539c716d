"""What migration m032 does to the names a group holds already (issue 66), worked out
before anything is written: the plan the migration carries out, and the dry run
``scorekeeper check`` prints for a file not upgraded yet.

A name loses what shows nothing (``names.clean_name``); one of nothing else becomes "?".
Spellings that are one name once cleaned ("Ann" and "Ann" with a variation selector) are
one player, unless two of them sat at one game or came to one club night: those are two
people, and the one not spelt clean (else the later seat) is kept apart under a name of
its own, "Ann (2)", as m025 did for accents. Names of a group that are not one text but
look alike (one confusable skeleton, UTS #39: "Ann" and "Аnn" with a Cyrillic А) are never
merged: they may be two people, or one passing for another. The most seated keeps the
name; each other takes a name of its own ("Аnn (2)"), so that a page tells them apart.
Every hand, point, total and game stays; a group whose names change has its ratings
worked out again, as m025 left them.

Frozen with m032: what it reads of ``names`` (``clean_name``, ``skeleton``) is Unicode's
data, which only grows.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlite_utils import Database

from ..names import MAX_NAME_LENGTH, clean_name, skeleton

BLANK_NAME = "?"
"""What a name of nothing but characters that show nothing becomes."""


@dataclass(frozen=True, slots=True)
class Renamed:
    """One stored name of a group and the name it takes: ``reason`` "cleaned" (without
    what shows nothing: the player of that name, as one with the spellings that were it
    already), "blank" (nothing showed), "apart" (a spelling that sat beside ``like`` at
    one table, kept apart) or "look-alike" (looks like ``like``, another player of the
    group, without being them)."""

    group_id: int
    was: str
    name: str
    reason: str
    like: str | None = None

    def line(self) -> str:
        """The change as the upgrade's log and ``scorekeeper check`` say it."""
        if self.reason == "look-alike":
            return (
                f"group {self.group_id}: {ascii(self.was)} looks like {ascii(self.like)}, "
                f"another player: it becomes {ascii(self.name)}, never merged"
            )
        if self.reason == "apart":
            return (
                f"group {self.group_id}: {ascii(self.was)} sat beside {ascii(self.like)} at one "
                f"table: it becomes {ascii(self.name)}"
            )
        shown = f"{ascii(self.was)} becomes {ascii(self.name)}"
        return f"group {self.group_id}: {shown} ({self.reason})"


def _night_names(db: Database) -> list[tuple[int, int, str]]:
    """(group, night, name) of every name a club night holds."""
    rows: list[tuple[int, int, str]] = []
    for table in ("club_players", "club_sitting_out"):
        rows += db.execute(
            f"SELECT n.group_id, t.night_id, t.name FROM {table} t "
            "JOIN club_nights n ON n.id = t.night_id"
        ).fetchall()
    for table in ("club_confirmations", "club_disputes"):
        rows += db.execute(
            f"SELECT n.group_id, c.night_id, x.name FROM {table} x "
            "JOIN club_tables c ON c.id = x.table_id JOIN club_nights n ON n.id = c.night_id"
        ).fetchall()
    return rows


def plan(db: Database) -> list[Renamed]:
    """Every stored name that m032 renames, by group (see the module): nothing is
    written. Needs the schema of m031."""
    seats = db.execute(
        "SELECT group_id, game_id, name, 0 AS part, seat AS at FROM players UNION ALL "
        "SELECT group_id, game_id, name, 1, from_hand * 100 + seat FROM seat_changes "
        "ORDER BY 2, 4, 5"
    ).fetchall()
    counted: dict[tuple[int, str], int] = defaultdict(int)
    tables: dict[tuple[str, int], list[str]] = defaultdict(list)  # a game's or night's names
    for group_id, game_id, name, _part, _at in seats:
        counted[group_id, name] += 1
        tables["game", game_id].append(name)
    groups: dict[tuple[str, int], int] = {("game", g): grp for grp, g, *_rest in seats}
    for group_id, night_id, name in _night_names(db):
        counted.setdefault((group_id, name), 0)
        tables["night", night_id].append(name)
        groups["night", night_id] = group_id
    taken: dict[int, set[str]] = defaultdict(set)
    for group_id, name in counted:
        taken[group_id].add(name.casefold())
    found: dict[tuple[int, str], Renamed] = {}

    def free(group_id: int, base: str) -> str:
        """``base`` with the first " (n)" that no name of the group is, nor looks like."""
        alike = {skeleton(name) for name in taken[group_id]}
        number = 2
        while True:
            suffix = f" ({number})"
            candidate = base[: MAX_NAME_LENGTH - len(suffix)] + suffix
            folded = candidate.casefold()
            if folded not in taken[group_id] and skeleton(folded) not in alike:
                taken[group_id].add(folded)
                return candidate
            number += 1

    # What shows nothing goes. Spellings of one name that sat at one table are two
    # people: the one not spelt clean (else the later) is kept apart, in the whole group.
    cleaned = {key: clean_name(key[1]) or BLANK_NAME for key in counted}
    for place, names in tables.items():
        group_id = groups[place]
        by_text: dict[str, list[str]] = defaultdict(list)
        for name in dict.fromkeys(names):
            by_text[cleaned[group_id, name]].append(name)
        for text, spellings in by_text.items():
            keeper = text if text in spellings else spellings[0]
            for name in spellings:
                if name != keeper and (group_id, name) not in found:
                    renamed = free(group_id, text)
                    found[group_id, name] = Renamed(group_id, name, renamed, "apart", keeper)
    for (group_id, name), text in cleaned.items():
        if text != name and (group_id, name) not in found:
            reason = "blank" if text == BLANK_NAME else "cleaned"
            found[group_id, name] = Renamed(group_id, name, text, reason)
            taken[group_id].add(text.casefold())

    # Names that look alike without being one text: the most seated keeps its name, each
    # other takes one of its own, whatever spellings it was stored in.
    final: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    seated: dict[tuple[int, str], int] = defaultdict(int)
    for (group_id, name), count in counted.items():
        change = found.get((group_id, name))
        now = change.name if change else name
        final[group_id][now].append(name)
        seated[group_id, now] += count
    for group_id, names in sorted(final.items()):
        alike: dict[str, list[str]] = defaultdict(list)
        for name in sorted(names, key=lambda n: (-seated[group_id, n], n)):
            alike[skeleton(name)].append(name)
        for keeper, *others in alike.values():
            for other in others:
                renamed = free(group_id, other)
                for was in names[other]:
                    found[group_id, was] = Renamed(group_id, was, renamed, "look-alike", keeper)
    return sorted(found.values(), key=lambda r: (r.group_id, r.was))


# Where a group's player names are stored, each with how its rows find their group.
_GROUP_OF = {
    "players": "group_id = ?",
    "seat_changes": "group_id = ?",
    "club_players": "night_id IN (SELECT id FROM club_nights WHERE group_id = ?)",
    "club_sitting_out": "night_id IN (SELECT id FROM club_nights WHERE group_id = ?)",
    "club_confirmations": "table_id IN (SELECT t.id FROM club_tables t "
    "JOIN club_nights n ON n.id = t.night_id WHERE n.group_id = ?)",
    "club_disputes": "table_id IN (SELECT t.id FROM club_tables t "
    "JOIN club_nights n ON n.id = t.night_id WHERE n.group_id = ?)",
}


def carry_out(db: Database, renamed: Iterable[Renamed], stamp: str) -> list[Renamed]:
    """Writes ``renamed`` (``plan``'s) in the caller's transaction: every seat and night
    row of the name in its group takes the new name; the phones' names and members'
    labels lose what shows nothing; each group renamed has its names counted again, its
    ratings rated again and its games' kept figures dropped, and is told on its page
    (``name_changes``). Returns ``renamed``."""
    renamed = list(renamed)
    # In two steps, through names no group holds, so that a name taken and given in one
    # group ("Ann" to "Ann (2)", and "Ann" with a selector to "Ann") never meets itself.
    for source, target in (("was", "held"), ("held", "name")):
        for number, change in enumerate(renamed):
            old = change.was if source == "was" else f"\x00m032 {number}"
            new = change.name if target == "name" else f"\x00m032 {number}"
            for table, where in _GROUP_OF.items():
                db.execute(
                    f"UPDATE {table} SET name = ? WHERE name = ? AND {where}",
                    [new, old, change.group_id],
                )
    _clean_free_text(db)
    worked_out_again(db, {change.group_id for change in renamed})
    # A row per name told: the spellings cleaned into one name are one row.
    told: dict[tuple[int, str, str], list[str]] = {}
    for c in renamed:
        told.setdefault((c.group_id, c.name, c.reason), []).extend(
            [c.was, c.like] if c.like else [c.was]
        )
    db.conn.executemany(
        "INSERT INTO name_changes (group_id, name, was, reason, changed_at) VALUES (?, ?, ?, ?, ?)",
        [
            (group_id, name, json.dumps(was), reason, stamp)
            for (group_id, name, reason), was in told.items()
        ],
    )
    return renamed


def worked_out_again(db: Database, group_ids: Iterable[int]) -> None:
    """What is kept from a group's names, worked out again for ``group_ids`` after their
    names changed (migrations 025 and 032): each group's names counted again
    (``group_names``), its ratings to be rated again, its games' kept figures dropped."""
    groups = json.dumps(sorted(set(group_ids)))
    where = "group_id IN (SELECT value FROM json_each(?))"
    db.execute(f"DELETE FROM group_names WHERE {where}", [groups])
    db.execute(
        "INSERT INTO group_names (group_id, name, seats, last_game) "
        "SELECT s.group_id, s.name, count(*), max(s.game_id) FROM "
        "(SELECT game_id, name, group_id FROM players UNION ALL "
        "SELECT game_id, name, group_id FROM seat_changes) s "
        f"WHERE s.{where} GROUP BY s.group_id, s.name",
        [groups],
    )
    for table in ("rating_history", "rated_presets", "ratings"):
        db.execute(f"DELETE FROM {table} WHERE {where}", [groups])
    db.execute(f"UPDATE rating_games SET rated = 0 WHERE {where}", [groups])
    for table in ("game_figures", "game_stats"):
        db.execute(
            f"DELETE FROM {table} WHERE game_id IN (SELECT id FROM games WHERE {where})", [groups]
        )


def _clean_free_text(db: Database) -> None:
    """The names phones gave themselves (``members.label``) and that a hand was recorded
    on (``offline_by``) without what shows nothing; a label of nothing else none."""

    def clean_or_none(text: str | None) -> str | None:
        return None if text is None else (clean_name(text) or None)

    db.conn.create_function("m032_clean", 1, clean_or_none, deterministic=True)
    db.execute("UPDATE members SET label = m032_clean(label) WHERE label != m032_clean(label)")
    db.execute("UPDATE members SET label = NULL WHERE label IS NOT NULL AND label = ''")
    for table in ("hands", "hand_revisions"):
        db.execute(
            f"UPDATE {table} SET offline_by = coalesce(m032_clean(offline_by), ?) "
            "WHERE offline_by IS NOT NULL AND offline_by IS NOT m032_clean(offline_by)",
            [BLANK_NAME],
        )
