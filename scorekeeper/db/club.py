"""A club night's storage (issue 45): the night, who came and left, each series' tables
(each an ordinary game of the group, stored with it in one write) and who sat out, the
tables' signatures and disputes.

What the night plays and how its tables are drawn is the engine's (``engine.club``);
this module stores a draw as the engine made it and reads the night back. Who holds the
night's roles (its organisers, each table's phone) and the log of their steps are
``club_roles``'; every write an organiser makes here is conditioned, in its own
transaction, on the phone's membership holding the role (``ORGANISES``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.club import Draw, NightRules
from ..engine.club.rules import from_dict
from ..engine.core.messages import msg
from ..engine.core.seating import sits_out
from ..limits import CLUB_MAX_DISPUTES_PER_TABLE
from ..problems import Problem
from .bulk import _insert_game, insert_staged, staged_rows
from .connection import MAX_ID, now, query, writing
from .errors import NotFound
from .figures import refresh
from .games import (
    GAME_QUERY,
    StoredGame,
    games_from_rows,
    insert_game,
    refuse_in_group,
    stored_settings,
    table_of,
)
from .keys import new_edit_key
from .ratings import games_imported
from .sealing import seal

ORGANISES = (
    "(organiser_id = :member OR (second_organiser_id = :member AND second_accepted_at IS NOT NULL))"
)
"""The condition, on ``club_nights``, that the membership ``:member`` organises the night:
its organiser, or the second organiser the organiser named, once that phone accepted."""


@dataclass(frozen=True, slots=True)
class ClubPlayer:
    """A player of the night: from which series they play, and after which they left
    (None: still here)."""

    name: str
    from_series: int
    left_after: int | None


@dataclass(frozen=True, slots=True)
class ClubTable:
    """A table of a series: its number in the series and its game, and the membership
    whose phone records it (``recorder_id``; None: no phone of the night's yet), since
    ``recorder_since`` (None while an organiser has handed it to that phone and it has
    not taken it)."""

    id: int
    series: int
    number: int
    game_id: int
    recorder_id: int | None = None
    recorder_since: str | None = None


@dataclass(frozen=True, slots=True)
class Night:
    """A club night as stored: its rules, seed, organiser and second organiser (each a
    membership, or None), the series drawn so far, its players, tables and who sat out
    each series."""

    id: int
    group_id: int
    name: str | None
    rules: NightRules
    seed: str
    organiser_id: int | None
    series: int
    created_at: str
    players: tuple[ClubPlayer, ...]
    tables: tuple[ClubTable, ...]
    sitting_out: dict[int, tuple[str, ...]]
    second_organiser_id: int | None = None
    second_accepted: bool = False
    """Whether the second organiser's phone accepted the role (it organises from then on)."""

    def organised_by(self, member_id: int | None) -> bool:
        """Whether the membership ``member_id`` organises the night (the organiser, or the
        second organiser once they accepted): who draws its series, settles its disputes
        and moves a table's phone."""
        if member_id is None:
            return False
        return member_id == self.organiser_id or (
            member_id == self.second_organiser_id and self.second_accepted
        )

    def present(self) -> list[str]:
        """Who is here for the next series: every player who has not left."""
        return [p.name for p in self.players if p.left_after is None]

    def tables_of(self, series: int) -> list[ClubTable]:
        return [table for table in self.tables if table.series == series]


class SeriesTaken(Problem):
    """Another request drew this series first (two taps on "Draw", or two organisers'
    phones)."""


class NotOrganiser(Problem):
    """The membership does not organise the night (any more: the role was handed over
    meanwhile), so the write it asked for is refused, with nothing stored."""


class TooManyDisputes(Problem):
    """A table's list has ``CLUB_MAX_DISPUTES_PER_TABLE`` disputed hands already."""


def create_night(
    db: Database,
    group_id: int,
    rules: NightRules,
    players: Sequence[str],
    seed: str,
    organiser_id: int | None,
    name: str | None = None,
) -> int:
    """Stores a new night, no series drawn yet, with its players present and its name
    (None: it is called by its number); returns its id."""
    with writing(db):
        night_id = db.execute(
            "INSERT INTO club_nights (group_id, name, rules, seed, organiser_id, series, "
            "created_at) VALUES (?, ?, ?, ?, ?, 0, ?)",
            [group_id, name, json.dumps(rules.to_dict()), seed, organiser_id, now()],
        ).lastrowid
        refuse_in_group(db, group_id, [("players", player) for player in players])
        db.conn.executemany(
            "INSERT INTO club_players (night_id, name, from_series) VALUES (?, ?, 1)",
            [(night_id, player) for player in players],
        )
    return night_id


def store_series(
    db: Database,
    night: Night,
    draw: Draw,
    settings_by_size: dict[int, object],
    by_member: int | None = None,
) -> list[tuple[int, str]]:
    """Stores series ``night.series + 1`` as drawn: one game of the group per table
    (seat 0 deals first), its edit key sealed with the table, who sits out, and the
    players present (who came from this series; who left after the last), and logs the
    draw. All or nothing, claimed by its first statement on the series drawn so far and,
    for a phone (``by_member``; None: the group's key through the API), on that
    membership organising the night: two organisers' phones tapping at once draw it once.
    Returns each table's (game id, edit key), in table order. Raises SeriesTaken when
    another request drew it first, NotOrganiser when the membership does not organise
    the night (any more)."""
    series = night.series + 1
    present = {name for table in draw.tables for name in table} | set(draw.sitting_out)
    made = []
    with writing(db):
        role = "" if by_member is None else f" AND {ORGANISES}"
        claimed = db.execute(
            "UPDATE club_nights SET series = series + 1 WHERE id = :night "
            f"AND series = :series{role}",
            {"night": night.id, "series": night.series, "member": by_member},
        ).rowcount
        if not claimed:
            drawn = db.execute("SELECT series FROM club_nights WHERE id = ?", [night.id]).fetchone()
            if drawn is None or drawn[0] != night.series:
                raise SeriesTaken(msg("this series was drawn already"), "series")
            raise NotOrganiser(msg("this phone does not organise the night"), "organiser")
        refuse_in_group(db, night.group_id, [("players", name) for name in sorted(present)])
        for number, players in enumerate(draw.tables, start=1):
            game_id, key = insert_game(
                db,
                players,
                night.rules.preset,
                settings_by_size[len(players)],  # type: ignore[arg-type]
                0,
                night.rules.game,
                group_id=night.group_id,
            )
            db.execute(
                "INSERT INTO club_tables (night_id, series, number, game_id, key_hash, "
                "key_sealed) VALUES (?, ?, ?, ?, ?, ?)",
                [night.id, series, number, game_id, *seal(db, "edit", key)],
            )
            made.append((game_id, key))
        db.conn.executemany(
            "INSERT INTO club_sitting_out (night_id, series, name) VALUES (?, ?, ?)",
            [(night.id, series, name) for name in draw.sitting_out],
        )
        known = {player.name: player for player in night.players}
        for name in sorted(present):
            if name not in known:
                db.execute(
                    "INSERT INTO club_players (night_id, name, from_series) VALUES (?, ?, ?)",
                    [night.id, name, series],
                )
            elif known[name].left_after is not None:
                db.execute(
                    "UPDATE club_players SET left_after = NULL WHERE night_id = ? AND name = ?",
                    [night.id, name],
                )
        for player in night.players:
            if player.name not in present and player.left_after is None:
                db.execute(
                    "UPDATE club_players SET left_after = ? WHERE night_id = ? AND name = ?",
                    [series - 1, night.id, player.name],
                )
        log_step(db, night.id, "drawn", by_member, series=series)
    return made


def load_night(db: Database, night_id: int, group_id: int, whole: bool = True) -> Night | None:
    """The night ``night_id`` of the group ``group_id``, or None (another group's night
    is none of this group's). Not ``whole``: without its players and who sat out (none),
    two reads fewer, for the standings read ten times a second."""
    if not 0 < night_id <= MAX_ID:
        return None
    row = query(
        db, "SELECT * FROM club_nights WHERE id = ? AND group_id = ?", [night_id, group_id]
    ).fetchone()
    if row is None:
        return None
    players = tuple(
        ClubPlayer(r["name"], r["from_series"], r["left_after"])
        for r in query(
            db,
            "SELECT name, from_series, left_after FROM club_players WHERE night_id = ? "
            "ORDER BY name COLLATE NOCASE",
            [night_id],
        )
        if whole
    )
    tables = tuple(
        ClubTable(
            r["id"], r["series"], r["number"], r["game_id"], r["recorder_id"], r["recorder_since"]
        )
        for r in query(
            db,
            "SELECT id, series, number, game_id, recorder_id, recorder_since FROM club_tables "
            "WHERE night_id = ? ORDER BY series, number",
            [night_id],
        )
    )
    sitting_out: dict[int, list[str]] = {}
    for r in (
        query(
            db,
            "SELECT series, name FROM club_sitting_out WHERE night_id = ? ORDER BY series, name",
            [night_id],
        )
        if whole
        else ()
    ):
        sitting_out.setdefault(r["series"], []).append(r["name"])
    return Night(
        id=row["id"],
        group_id=row["group_id"],
        name=row["name"],
        rules=from_dict(json.loads(row["rules"])),
        seed=row["seed"],
        organiser_id=row["organiser_id"],
        second_organiser_id=row["second_organiser_id"],
        second_accepted=row["second_accepted_at"] is not None,
        series=row["series"],
        created_at=row["created_at"],
        players=players,
        tables=tables,
        sitting_out={k: tuple(v) for k, v in sitting_out.items()},
    )


def group_nights(
    db: Database, group_id: int, limit: int = 20
) -> list[tuple[int, str | None, str, str]]:
    """The group's nights, newest first: (id, name, game key, created at)."""
    return [
        (r["id"], r["name"], json.loads(r["rules"])["game"], r["created_at"])
        for r in query(
            db,
            "SELECT id, name, rules, created_at FROM club_nights WHERE group_id = ? "
            "ORDER BY id DESC LIMIT ?",
            [group_id, limit],
        )
    ]


def table_games(db: Database, night: Night) -> dict[int, StoredGame]:
    """The games of the night's tables, by game id, as one read."""
    ids = [table.game_id for table in night.tables]
    if not ids:
        return {}
    marks = ", ".join("?" * len(ids))
    rows = query(db, GAME_QUERY + f"WHERE g.id IN ({marks}) ORDER BY g.id, p.seat", ids).fetchall()
    return {game.id: game for game in games_from_rows(rows, db)}


@dataclass(frozen=True, slots=True)
class Dispute:
    """A hand of a table's list that one of its players disputes, for the organiser."""

    id: int
    table_id: int
    hand_number: int
    name: str
    note: str | None
    created_at: str
    resolved_at: str | None
    outcome: str | None = None
    """How it was settled: ``corrected`` or ``kept`` (None: open, or settled before the
    organiser said how)."""


OUTCOMES = ("corrected", "kept")
"""How a disputed hand is settled: corrected on the table's game, or kept as recorded."""


@dataclass(frozen=True, slots=True)
class TableOfGame:
    """The club table a game is: its night's id and group, and the table."""

    night_id: int
    group_id: int
    table: ClubTable


def table_of_game(db: Database, game_id: int) -> TableOfGame | None:
    """The club table ``game_id`` plays as, or None for a game of no night."""
    if not 0 < game_id <= MAX_ID:
        return None
    row = query(
        db,
        "SELECT t.id, t.night_id, t.series, t.number, t.game_id, t.recorder_id, "
        "t.recorder_since, n.group_id "
        "FROM club_tables t JOIN club_nights n ON n.id = t.night_id WHERE t.game_id = ?",
        [game_id],
    ).fetchone()
    if row is None:
        return None
    table = ClubTable(
        row["id"],
        row["series"],
        row["number"],
        row["game_id"],
        row["recorder_id"],
        row["recorder_since"],
    )
    return TableOfGame(row["night_id"], row["group_id"], table)


def confirmations(db: Database, table_ids: Sequence[int]) -> dict[int, dict[str, int]]:
    """Each table's confirmations: the name and the game's version they signed
    (``signatures``, their versions only)."""
    return {
        table_id: {name: signed.version for name, signed in by_name.items()}
        for table_id, by_name in signatures(db, table_ids).items()
    }


def confirm(db: Database, table_id: int, name: str, version: int, at_table: bool = False) -> bool:
    """``name`` signs the table's list as it is at ``version`` (replacing a signature of
    an earlier version), on their own phone or (``at_table``) in turn on the phone that
    records the table. Returns False, storing nothing, when they signed this version
    already, or when the table's game is no longer at ``version`` (a hand changed since
    the list was shown: the signature would be of a list they never saw)."""
    with writing(db):
        changed = db.execute(
            "INSERT INTO club_confirmations (table_id, name, version, confirmed_at, "
            "last_revision, at_table) SELECT ?, ?, ?, ?, (SELECT max(r.id) FROM hand_revisions "
            "r JOIN club_tables t ON t.game_id = r.game_id WHERE t.id = ?), ? "
            "WHERE (SELECT g.version FROM games g JOIN club_tables t ON t.game_id = g.id "
            "WHERE t.id = ?) = ? "
            "ON CONFLICT (table_id, name) DO UPDATE SET "
            "version = excluded.version, confirmed_at = excluded.confirmed_at, "
            "last_revision = excluded.last_revision, at_table = excluded.at_table "
            "WHERE club_confirmations.version != excluded.version",
            [table_id, name, version, now(), table_id, int(at_table), table_id, version],
        ).rowcount
    return bool(changed)


@dataclass(frozen=True, slots=True)
class Signature:
    """A player's signature of a table's list: the game's version it signed, when, and
    whether in turn on the phone that records the table (the player has none of their
    own in the group)."""

    name: str
    version: int
    at: str
    at_table: bool


def signatures(db: Database, table_ids: Sequence[int]) -> dict[int, dict[str, Signature]]:
    """Each table's signatures by name, in one read."""
    found: dict[int, dict[str, Signature]] = {table_id: {} for table_id in table_ids}
    if not table_ids:
        return found
    marks = ", ".join("?" * len(table_ids))
    for row in query(
        db,
        "SELECT table_id, name, version, confirmed_at, at_table FROM club_confirmations "
        f"WHERE table_id IN ({marks})",
        list(table_ids),
    ):
        found[row["table_id"]][row["name"]] = Signature(
            row["name"], row["version"], row["confirmed_at"], bool(row["at_table"])
        )
    return found


def last_revision(db: Database, game_id: int) -> int:
    """The id of the game's latest hand revision (0: none), which a page showing its
    list carries, so that a signature names the hands changed after it was shown."""
    row = query(
        db, "SELECT max(id) AS last FROM hand_revisions WHERE game_id = ?", [game_id]
    ).fetchone()
    return row["last"] or 0


def hands_changed_after(db: Database, game_id: int, revision: int) -> list[int]:
    """The numbers of the game's hands recorded, changed or removed after the hand
    revision ``revision``, in order."""
    return [
        row["number"]
        for row in query(
            db,
            "SELECT DISTINCT number FROM hand_revisions WHERE game_id = ? AND id > ? "
            "ORDER BY number",
            [game_id, revision],
        )
    ]


def signed_now(db: Database, game_id: int) -> list[str]:
    """The names whose signature of the club table's list that is the game holds for the
    game as it stands (its current version), in the order they signed: a correction
    withdraws each."""
    return [
        row["name"]
        for row in query(
            db,
            "SELECT c.name FROM club_confirmations c JOIN club_tables t ON t.id = c.table_id "
            "JOIN games g ON g.id = t.game_id WHERE t.game_id = ? AND c.version = g.version "
            "ORDER BY c.confirmed_at, c.name",
            [game_id],
        )
    ]


def dispute(db: Database, table_id: int, hand_number: int, name: str, note: str | None) -> int:
    """Stores ``name``'s dispute of hand ``hand_number`` of the table; returns its id.
    Raises TooManyDisputes, storing nothing, when the table has CLUB_MAX_DISPUTES_PER_TABLE
    already (settled or not: every one is a line of the organiser's page)."""
    with writing(db):
        held = db.execute(
            "SELECT count(*) FROM club_disputes WHERE table_id = ?", [table_id]
        ).fetchone()[0]
        if held >= CLUB_MAX_DISPUTES_PER_TABLE:
            problem = f"table {table_id} has {held} disputes, the most a table keeps"
            raise TooManyDisputes(problem, "hand")
        return db.execute(
            "INSERT INTO club_disputes (table_id, hand_number, name, note, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [table_id, hand_number, name, note, now()],
        ).lastrowid


def disputes(db: Database, night_id: int) -> list[Dispute]:
    """The night's disputes, oldest first."""
    return [
        Dispute(
            r["id"],
            r["table_id"],
            r["hand_number"],
            r["name"],
            r["note"],
            r["created_at"],
            r["resolved_at"],
            r["outcome"],
        )
        for r in query(
            db,
            "SELECT d.* FROM club_disputes d JOIN club_tables t ON t.id = d.table_id "
            "WHERE t.night_id = ? ORDER BY d.id",
            [night_id],
        )
    ]


def resolve(db: Database, night_id: int, dispute_id: int, outcome: str, by_member: int) -> bool:
    """Marks the night's dispute ``dispute_id`` settled, with how (one of ``OUTCOMES``),
    and logs it; False when the night has no such open dispute (another night's id, or
    settled already). Raises NotOrganiser, storing nothing, when the membership
    ``by_member`` does not organise the night (any more)."""
    if not 0 < dispute_id <= MAX_ID or outcome not in OUTCOMES:
        return False
    with writing(db):
        organises_or_refuse(db, night_id, by_member)
        found = db.execute(
            "SELECT d.hand_number, t.series, t.number FROM club_disputes d JOIN club_tables t "
            "ON t.id = d.table_id WHERE d.id = ? AND d.resolved_at IS NULL AND t.night_id = ?",
            [dispute_id, night_id],
        ).fetchone()
        if found is None:
            return False
        db.execute(
            "UPDATE club_disputes SET resolved_at = ?, outcome = ? WHERE id = ?",
            [now(), outcome, dispute_id],
        )
        log_step(
            db,
            night_id,
            "settled",
            by_member,
            series=found[1],
            table=found[2],
            hand=found[0],
            outcome=outcome,
        )
    return True


def organises_or_refuse(db: Database, night_id: int, member_id: int | None) -> None:
    """Within the caller's write: raises NotOrganiser unless ``member_id`` organises the
    night now."""
    organises = db.execute(
        f"SELECT 1 FROM club_nights WHERE id = :night AND {ORGANISES}",
        {"night": night_id, "member": member_id},
    ).fetchone()
    if organises is None:
        raise NotOrganiser(msg("this phone does not organise the night"), "organiser")


def log_step(
    db: Database,
    night_id: int,
    event: str,
    member_id: int | None,
    other_id: int | None = None,
    **detail: Any,
) -> None:
    """Within the caller's write: logs a step of the night's roles (``club_roles.EVENTS``)
    by the membership ``member_id`` (None: through the API), concerning ``other_id``."""
    db.execute(
        "INSERT INTO club_log (night_id, at, event, member_id, other_id, detail) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [night_id, now(), event, member_id, other_id, json.dumps(detail, sort_keys=True)],
    )


def unconfirm(db: Database, table_id: int, name: str) -> bool:
    """Takes back ``name``'s signature of the table's list (signed by mistake, or on the
    wrong name), on their own phone; False when there was none."""
    with writing(db):
        return bool(
            db.execute(
                "DELETE FROM club_confirmations WHERE table_id = ? AND name = ?",
                [table_id, name],
            ).rowcount
        )


def withdraw_signature(
    db: Database, night_id: int, table: ClubTable, name: str, by_member: int | None
) -> bool:
    """The phone that records the table (the membership ``by_member``; None: a phone of
    no member) withdraws ``name``'s signature of the table's list, logged
    (``signature_withdrawn``, with the name, table and series) in the same write, so
    that the player is told. False, logging nothing, when there was none."""
    with writing(db):
        withdrawn = db.execute(
            "DELETE FROM club_confirmations WHERE table_id = ? AND name = ?", [table.id, name]
        ).rowcount
        if withdrawn:
            log_step(
                db,
                night_id,
                "signature_withdrawn",
                by_member,
                name=name,
                table=table.number,
                series=table.series,
            )
    return bool(withdrawn)


def hands_changed_since(db: Database, table_id: int) -> dict[str, list[int]]:
    """For each name whose signature of the table's list is older than a hand revision of
    its game, the numbers of the hands recorded, changed or removed since, in order (a
    signature stored before the revision it saw was kept names none)."""
    found: dict[str, list[int]] = {}
    for row in query(
        db,
        "SELECT c.name, r.number FROM club_confirmations c JOIN club_tables t "
        "ON t.id = c.table_id JOIN hand_revisions r ON r.game_id = t.game_id "
        "WHERE c.table_id = ? AND r.id > c.last_revision "
        "GROUP BY c.name, r.number ORDER BY c.name, r.number",
        [table_id],
    ):
        found.setdefault(row["name"], []).append(row["number"])
    return found


def hand_changed_since(db: Database, game_id: int, number: int, since: str) -> bool:
    """Whether hand ``number`` of the game was changed or removed after ``since`` (a
    dispute's time): the organiser corrected it."""
    return (
        query(
            db,
            "SELECT 1 FROM hand_revisions WHERE game_id = ? AND number = ? AND created_at >= ? "
            "AND action != 'recorded' LIMIT 1",
            [game_id, number, since],
        ).fetchone()
        is not None
    )


@dataclass(frozen=True, slots=True)
class TableTotals:
    """A table's list as the standings read it: who sits in each seat, their totals, the
    hands recorded and the game's status."""

    game_id: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int
    status: str
    sat: tuple[int, ...] | None = None
    """The hands each player sat, where a seat changed hands (else each sat ``hands``)."""


def table_totals(db: Database, night_id: int) -> dict[int, TableTotals]:
    """Every table's list of the night by game id, in one short read of the seats alone
    (no tokens or seat changes: what the standings need, read as often as a projector and
    every phone ask), and of the hands' dealers where a seat sits a hand out."""
    seats: dict[int, list[tuple[str, int]]] = {}
    heads: dict[int, tuple[int, str]] = {}
    kinds: dict[int, tuple[str, str]] = {}
    for row in query(
        db,
        "SELECT g.id, g.game, g.settings, g.hand_count, g.status, p.name, p.total "
        "FROM club_tables t JOIN games g ON g.id = t.game_id JOIN players p "
        "ON p.game_id = g.id WHERE t.night_id = ? ORDER BY g.id, p.seat",
        [night_id],
    ):
        seats.setdefault(row["id"], []).append((row["name"], row["total"]))
        heads[row["id"]] = (row["hand_count"], row["status"])
        kinds[row["id"]] = (row["game"], row["settings"])
    changed = {
        row["game_id"]
        for row in query(
            db,
            "SELECT DISTINCT c.game_id FROM seat_changes c JOIN club_tables t "
            "ON t.game_id = c.game_id WHERE t.night_id = ?",
            [night_id],
        )
    }
    out = _sitting_out(db, night_id, {game_id: len(rows) for game_id, rows in seats.items()}, kinds)
    found = {}
    for game_id, rows in seats.items():
        players = tuple(name for name, _total in rows)
        totals = tuple(total for _name, total in rows)
        sat = None
        if game_id in changed:
            players, totals, sat = _credited(db, game_id, players, out.get(game_id, {}))
        elif game_id in out:
            sat = tuple(
                sum(seat not in gone for gone in out[game_id].values())
                for seat in range(len(players))
            )
        found[game_id] = TableTotals(game_id, players, totals, *heads[game_id], sat)
    return found


def _sitting_out(
    db: Database, night_id: int, sizes: dict[int, int], kinds: dict[int, tuple[str, str]]
) -> dict[int, dict[int, tuple[int, ...]]]:
    """For each table of the night at which a seat sat a hand out (a fifth Doppelkopf
    player's dealer, Skat's fourth, a seat empty for some deals), the seats out at each
    hand by its number, as the table's game says (``sits_out``): they did not play it."""
    found: dict[int, dict[int, tuple[int, ...]]] = {}
    tables: dict[int, tuple[Any, Any]] = {}  # each table's rules and settings, read once
    for row in query(
        db,
        "SELECT h.game_id, h.number, h.dealer FROM club_tables t JOIN hands h "
        "ON h.game_id = t.game_id WHERE t.night_id = ? ORDER BY h.game_id, h.number",
        [night_id],
    ):
        game_id = row["game_id"]
        if game_id not in tables:
            key, text = kinds[game_id]
            size = sizes[game_id]
            tables[game_id] = (table_of(key, size), stored_settings(key, size, text))
        rules, settings = tables[game_id]
        gone = sits_out(rules, settings, row["number"], row["dealer"])
        if gone:
            found.setdefault(game_id, {})[row["number"]] = gone
    return found


def _credited(
    db: Database,
    game_id: int,
    drawn: tuple[str, ...],
    out: dict[int, tuple[int, ...]],
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """A table where a seat changed hands: each player who sat there with the points of
    the hands they sat (``hand_seats``, each hand credited to whoever sat there, as the
    statistics do) and how many of them they played (not those their seat sat out,
    ``out``), the drawn players first."""
    changes = [
        (row["from_hand"], row["seat"], row["name"])
        for row in query(
            db,
            "SELECT from_hand, seat, name FROM seat_changes WHERE game_id = ? ORDER BY from_hand",
            [game_id],
        )
    ]
    credit: dict[str, int] = dict.fromkeys(drawn, 0)
    sat: dict[str, int] = dict.fromkeys(drawn, 0)
    for row in query(
        db,
        "SELECT h.number, s.seat, s.points FROM hands h JOIN hand_seats s ON s.hand_id = h.id "
        "WHERE h.game_id = ?",
        [game_id],
    ):
        sitter = drawn[row["seat"]]
        for from_hand, seat, name in changes:
            if seat == row["seat"] and from_hand <= row["number"]:
                sitter = name
        credit[sitter] = credit.get(sitter, 0) + (row["points"] or 0)
        played = row["seat"] not in out.get(row["number"], ())
        sat[sitter] = sat.get(sitter, 0) + played
    return tuple(credit), tuple(credit.values()), tuple(sat[name] for name in credit)


def seated_elsewhere(db: Database, game_id: int, name: str) -> int | None:
    """The number of another table of the same series at which ``name`` (any case) sits
    or sat, when ``game_id`` is a club table; None otherwise."""
    row = query(
        db,
        "SELECT other.number FROM club_tables t JOIN club_tables other "
        "ON other.night_id = t.night_id AND other.series = t.series AND other.id != t.id "
        "WHERE t.game_id = :game AND (EXISTS (SELECT 1 FROM players p "
        "WHERE p.game_id = other.game_id AND p.name = :name COLLATE NOCASE) "
        "OR EXISTS (SELECT 1 FROM seat_changes c "
        "WHERE c.game_id = other.game_id AND c.name = :name COLLATE NOCASE)) "
        "ORDER BY other.number LIMIT 1",
        {"game": game_id, "name": name},
    ).fetchone()
    return None if row is None else row["number"]


def import_night(
    db: Database, group_id: int, night: Any, organiser_id: int | None, seed: str
) -> tuple[int, list[tuple[int, str]]]:
    """Stores a night read from its file (``transfer.club.ImportedNight``) in the group,
    in one transaction, or nothing: its tables' games as an import stores any game (each
    a new id and edit key, counted in the group's evenings and ratings), the night, its
    players, tables, who sat out, who signed (the list as imported) and the disputes.
    ``organiser_id`` (a membership, or None) draws its next series. Returns the night's id
    and each table's (game id, edit key), in the file's table order."""
    keys = [new_edit_key() for _ in night.games]
    sealed = [seal(db, "edit", key) for key in keys]
    # Worked out and staged before the write transaction, which then copies each kind of
    # row in one statement (``bulk.StagedRows``: issue 54).
    with staged_rows(db, night.games) as staged, writing(db):
        if not query(db, "SELECT 1 FROM groups WHERE id = ?", [group_id]).fetchone():
            raise NotFound(f"there is no group {group_id}")
        ids = [
            _insert_game(db, game, keys[index], group_id) for index, game in enumerate(night.games)
        ]
        insert_staged(db, staged, ids)
        games_imported(db, ids)
        night_id = db.execute(
            "INSERT INTO club_nights (group_id, name, rules, seed, organiser_id, series, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                group_id,
                night.name,
                json.dumps(night.rules.to_dict()),
                seed,
                organiser_id,
                night.series_drawn,
                night.created_at,
            ],
        ).lastrowid
        db.conn.executemany(
            "INSERT INTO club_players (night_id, name, from_series, left_after) "
            "VALUES (?, ?, ?, ?)",
            [(night_id, *player) for player in night.players],
        )
        table_ids = []
        for table in night.tables:
            table_ids.append(
                db.execute(
                    "INSERT INTO club_tables (night_id, series, number, game_id, key_hash, "
                    "key_sealed) VALUES (?, ?, ?, ?, ?, ?)",
                    [night_id, table.series, table.number, ids[table.game], *sealed[table.game]],
                ).lastrowid
            )
        db.conn.executemany(
            "INSERT INTO club_sitting_out (night_id, series, name) VALUES (?, ?, ?)",
            [(night_id, s, name) for s, names in night.sitting_out.items() for name in names],
        )
        stamp = now()
        db.conn.executemany(
            "INSERT INTO club_confirmations (table_id, name, version, confirmed_at, "
            "last_revision) VALUES (?, ?, 1, ?, (SELECT max(r.id) FROM hand_revisions r "
            "JOIN club_tables t ON t.game_id = r.game_id WHERE t.id = ?))",
            [
                (table_ids[i], name, stamp, table_ids[i])
                for i, table in enumerate(night.tables)
                for name in table.signed_by
            ],
        )
        db.conn.executemany(
            "INSERT INTO club_disputes (table_id, hand_number, name, note, created_at, "
            "resolved_at, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    table_ids[d.table],
                    d.hand,
                    d.name,
                    d.note,
                    stamp,
                    stamp if d.resolved else None,
                    d.outcome,
                )
                for d in night.disputes
            ],
        )
    refresh(db, ids)
    return night_id, [(ids[table.game], keys[table.game]) for table in night.tables]


def take_over(db: Database, night_id: int, organiser_id: int) -> bool:
    """Makes the membership ``organiser_id`` the organiser of a night that has none (one
    started or imported through the API), and logs it; False, changing nothing, when it
    has one."""
    with writing(db):
        taken = db.execute(
            "UPDATE club_nights SET organiser_id = ? WHERE id = ? AND organiser_id IS NULL",
            [organiser_id, night_id],
        ).rowcount
        if taken:
            log_step(db, night_id, "organised_by_link", organiser_id)
    return bool(taken)


def tables_versions(db: Database, night_id: int) -> str:
    """What the night's standings depend on, as one short read: each table's game and its
    version (which every write to a game bumps: a hand, an edit, a seat taken over, a
    name), in table order. Equal answers, equal standings."""
    row = query(
        db,
        "SELECT group_concat(version_of, ',') AS versions FROM (SELECT t.game_id || '.' || "
        "g.version AS version_of FROM club_tables t JOIN games g ON g.id = t.game_id "
        "WHERE t.night_id = ? ORDER BY t.id)",
        [night_id],
    ).fetchone()
    return row["versions"] or ""
