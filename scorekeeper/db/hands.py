"""Hands as stored: reading a game's hands back as its engine's records, and the rows
that recording, editing and deleting one write. Storage only: what a hand scores, what it
moves and when a game ends is the game's to say, through ``game_play``, which calls these
within one transaction per save (planned in a ``snapshot``, written once ``claimed``).

Every hand is stored as its game's own dict (``hands.record``, the engine's
``to_dict()``), read back through ``table_of(games.game, seats).record_from_dict``; beside
it its dealer, whether it was thrown in, the game's state after it and each seat's points
and running total (``hand_seats``), for every game alike (m031 dropped the flat columns
one game once filled: SQL reads a hand's fields from its record, ``json_extract``).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.core.game import Game, HandRecord, Settings, seat_values
from ..engine.core.messages import msg
from ..engine.core.schema import stored_record as stored_hand_record
from .connection import MAX_ID, now, query, writing
from .errors import Conflict as Conflict  # raised here; kept importable from here
from .games import StoredGame, load_game, stored_settings, table_of
from .ratings import game_changed

# What a game's ``replay`` gives: per-hand ``dealer``, ``points``, ``totals``, ``record``,
# and the game's ``status``, ``winner`` and ``totals`` (the engine's GameProgress).
Progress = Any
# One hand of a ``Progress``: ``number``, ``dealer``, ``points``, ``totals``, ``record``.
Replayed = Any


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A recorded hand as stored: its number, the engine's record and its revision, and
    the name of the phone it was recorded on without the network (None: online)."""

    number: int
    record: HandRecord
    revision: int
    offline_by: str | None = None


@dataclass(frozen=True, slots=True)
class Revision:
    number: int
    revision: int
    action: str
    hand: dict[str, Any]
    created_at: str
    offline_by: str | None = None


def record_text(record: HandRecord) -> str:
    """A hand record as ``hands.record`` and ``hand_revisions.hand`` store it."""
    return json.dumps(record.to_dict(), sort_keys=True)


@functools.lru_cache(maxsize=4096)
def stored_record(game: str, seats: int, settings: Settings, text: str) -> HandRecord:
    """``hands.record`` as the game's (immutable) record at a table of ``seats``, parsed
    once per text; one that today's rules refuse opens as it was saved (``stored_record``)."""
    return stored_hand_record(table_of(game, seats), settings, json.loads(text))


# One row per hand, with what reading its record needs from its game.
HANDS_QUERY = (
    "SELECT h.game_id, h.number, h.revision, h.record, h.created_at, h.updated_at, "
    "h.offline_by, g.game, g.settings, "
    "(SELECT count(*) FROM players p WHERE p.game_id = g.id) AS seats "
    "FROM hands h JOIN games g ON g.id = h.game_id "
)


def stored_hand(row: sqlite3.Row) -> StoredHand:
    """A row of ``HANDS_QUERY`` as the game's stored hand."""
    game, seats = row["game"], row["seats"]
    settings = stored_settings(game, seats, row["settings"])
    return StoredHand(
        row["number"],
        stored_record(game, seats, settings, row["record"]),
        row["revision"],
        row["offline_by"],
    )


def load_hands(
    db: Database, game_id: int, from_number: int = 1, limit: int | None = None
) -> list[StoredHand]:
    """Returns the game's hands in order (from hand ``from_number`` on, at most ``limit``
    of them when given), rebuilt as the engine's typed records."""
    until = MAX_ID if limit is None else from_number + limit - 1
    rows = query(
        db,
        HANDS_QUERY + "WHERE h.game_id = ? AND h.number BETWEEN ? AND ? ORDER BY h.number",
        [game_id, from_number, until],
    )
    return [stored_hand(row) for row in rows]


def load_hand(db: Database, game_id: int, number: int) -> StoredHand | None:
    """Hand ``number`` of the game as stored, or None: one row, however long the game."""
    if not 0 < number <= MAX_ID:
        return None
    row = query(db, HANDS_QUERY + "WHERE h.game_id = ? AND h.number = ?", [game_id, number])
    found = row.fetchone()
    return stored_hand(found) if found else None


def hand_groups(
    db: Database, where: str, params: Sequence[Any]
) -> Iterator[tuple[int, list[StoredHand], dict[int, tuple[str, str]]]]:
    """(game id, its hands, each hand's times by number) per game with hands, in id order,
    from one statement read lazily."""
    rows = query(db, HANDS_QUERY + f"WHERE {where} ORDER BY h.game_id, h.number", params)
    for game_id, group in itertools.groupby(rows, key=lambda row: row["game_id"]):
        hands, stamps = [], {}
        for row in group:
            hands.append(stored_hand(row))
            stamps[row["number"]] = (row["created_at"], row["updated_at"])
        yield game_id, hands, stamps


def hand_dealer(db: Database, game_id: int, number: int) -> int | None:
    """The seat that dealt hand ``number`` of the game, or None when there is no such hand."""
    if not 0 < number <= MAX_ID:
        return None
    row = db.execute(
        "SELECT dealer FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
    ).fetchone()
    return None if row is None else row[0]


class StatesMissing(Exception):
    """A hand stored before ``hands.state`` existed (or by an older version) has no state
    yet: the game must be replayed once to fill them in (``game_play.fill_states``)."""


def stored_state(db: Database, game_id: int, number: int) -> dict[str, Any]:
    """The game's stored state after hand ``number`` (from 1): one row read. Raises
    StatesMissing when that hand has none stored yet."""
    row = db.execute(
        "SELECT state FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
    ).fetchone()
    if row is None or row[0] is None:
        raise StatesMissing(number)
    return json.loads(row[0])


def store_states(
    db: Database, game: StoredGame, states: Sequence[tuple[int, dict[str, Any]]]
) -> int:
    """Stores each (hand number, state) where the hand has none, only if the game is
    still at the version ``game`` was read at. Returns how many it stored."""
    rows = [(json.dumps(state, sort_keys=True), game.id, number) for number, state in states]
    with writing(db):
        unchanged = db.execute(
            "UPDATE games SET version = version WHERE id = ? AND version = ?",
            [game.id, game.version],
        ).rowcount
        if not unchanged:
            return 0
        cursor = db.conn.executemany(
            "UPDATE hands SET state = ? WHERE game_id = ? AND number = ? AND state IS NULL",
            rows,
        )
        return cursor.rowcount


def running_totals(db: Database, game: StoredGame) -> list[tuple[int, ...]]:
    """Each side's total after each hand, hand 1 first, as stored (``hand_seats.total``;
    partners hold their side's, so the side's first seat is read): one statement and no
    replay."""
    firsts = [side[0] for side in game.table.sides]
    # One row of JSON, decoded in C, rather than a 1,000-hand game's 4,000 rows one at a
    # time in Python (issue 82: 3.8 -> 3.0 ms of its scoreboard's first view after a write).
    (text,) = db.execute(
        "SELECT json_group_array(total) FROM (SELECT s.total FROM hands h "
        "JOIN hand_seats s ON s.hand_id = h.id "
        "WHERE h.game_id = ? AND s.seat IN (SELECT value FROM json_each(?)) "
        "ORDER BY h.number, s.seat)",
        [game.id, json.dumps(firsts)],
    ).fetchone()
    totals = json.loads(text)
    # Each hand's rows come by seat; a side's total is at its first seat's place there.
    places = [sorted(firsts).index(seat) for seat in firsts]
    return [
        tuple(totals[start + place] for place in places)
        for start in range(0, len(totals), len(firsts))
    ]


def offline_hands(db: Database, game_id: int, from_number: int = 1) -> dict[int, str]:
    """By hand number (from ``from_number`` on), the phone each hand recorded without the
    network was recorded on; hands recorded online are left out. Read from the index of
    the game's hands."""
    rows = db.execute(
        "SELECT number, offline_by FROM hands WHERE game_id = ? AND number >= ? "
        "AND offline_by IS NOT NULL",
        [game_id, from_number],
    )
    return dict(rows.fetchall())


def load_revisions(db: Database, game_id: int) -> list[Revision]:
    """Every saved version of every hand, by hand number then oldest first."""
    return [
        revision_from_row(row)
        for row in query(
            db,
            "SELECT number, revision, action, hand, created_at, offline_by "
            "FROM hand_revisions WHERE game_id = ? ORDER BY number, id",
            [game_id],
        )
    ]


def revision_from_row(row: sqlite3.Row) -> Revision:
    return Revision(
        row["number"],
        row["revision"],
        row["action"],
        json.loads(row["hand"]),
        row["created_at"],
        row["offline_by"],
    )


def load_game_with_hands(db: Database, game_id: int) -> tuple[StoredGame | None, list[StoredHand]]:
    """The game and its hands as of one moment, read in one transaction."""
    with db.atomic():
        game = load_game(db, game_id)
        return game, (load_hands(db, game_id) if game else [])


def load_games_with_hands(
    db: Database, game_ids: Sequence[int], needs_hands: Callable[[StoredGame], bool] | None = None
) -> list[tuple[StoredGame, list[StoredHand]]]:
    """The games in ``game_ids``, oldest first, with their hands: two statements in one
    transaction, however many games. With ``needs_hands``, only the games it is true of
    have their hands read (the others' lists are empty)."""
    from .games import GAME_QUERY, games_from_rows

    wanted = json.dumps([i for i in game_ids if 0 < i <= MAX_ID])
    with db.atomic():
        games = games_from_rows(
            query(
                db,
                GAME_QUERY + "WHERE g.id IN (SELECT value FROM json_each(?)) ORDER BY g.id, p.seat",
                [wanted],
            ).fetchall(),
            db,
        )
        if needs_hands is not None:
            wanted = json.dumps([game.id for game in games if needs_hands(game)])
        hands = {
            game_id: stored
            for game_id, stored, _stamps in hand_groups(
                db, "h.game_id IN (SELECT value FROM json_each(?))", [wanted]
            )
        }
    return [(game, hands.get(game.id, [])) for game in games]


# How often a write re-reads the game when other phones keep changing it meanwhile.
WRITE_ATTEMPTS = 5


@contextlib.contextmanager
def snapshot(db: Database) -> Iterator[None]:
    """One read transaction: what is read inside it is one moment of the file. A change
    is planned inside one (``game_play``), then written inside ``claimed``."""
    with db.atomic():
        yield


@contextlib.contextmanager
def claimed(db: Database, game: StoredGame) -> Iterator[bool]:
    """The write transaction of a change to ``game`` (as read, at its ``version``): yields
    True when the game is still at that version, which this claims (bumped, with the
    write lock held) so that the change may be written inside the block; False when
    another phone wrote to the game since it was read, and nothing may be written from
    that reading (``game_play`` reads and plans again, at most ``WRITE_ATTEMPTS`` times).
    The transaction holds SQLite's write lock from its start (``writing``)."""
    with writing(db):
        yield bool(
            db.execute(
                "UPDATE games SET version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?",
                [now(), game.id, game.version],
            ).rowcount
        )


def kept_changing() -> Conflict:
    """What a change that found its game written by other phones at every attempt raises."""
    return Conflict(msg("the game kept changing on other phones; try again"), "number")


def hand_values(db: Database, rules: Game, replayed: Replayed) -> dict[str, Any]:
    """A replayed hand as the ``hands`` table stores it, but for its number, revision and
    times: its dealer, whether it was thrown in, its record and its state after the hand
    (to resume from)."""
    return {
        "dealer": replayed.dealer,
        "thrown_in": int(bool(replayed.record.thrown_in)),
        "record": record_text(replayed.record),
        "state": state_text(replayed),
    }


def state_text(replayed: Replayed) -> str:
    """The game's state after a replayed hand, as ``hands.state`` stores it."""
    return json.dumps(replayed.state.to_dict(), sort_keys=True)


def seat_rows(rules: Game, replayed: Replayed) -> Iterator[tuple[int, int, int]]:
    """(seat, points, running total) of a replayed hand for every seat, each partner
    getting their side's."""
    points, totals = seat_values(rules, replayed.points), seat_values(rules, replayed.totals)
    return zip(range(rules.seats), points, totals, strict=True)


def seat_row_values(db: Database, rules: Game, replayed: Replayed) -> list[dict[str, Any]]:
    """The ``hand_seats`` rows of a replayed hand, but for the hand's row id."""
    return [
        {"seat": seat, "points": points, "total": total}
        for seat, points, total in seat_rows(rules, replayed)
    ]


def _insert_seat_rows(db: Database, hand_id: int, rows: list[dict[str, Any]]) -> None:
    db.conn.executemany(
        "INSERT INTO hand_seats (hand_id, seat, points, total) VALUES (?, ?, ?, ?)",
        [(hand_id, row["seat"], row["points"], row["total"]) for row in rows],
    )


def _insert(table: str, values: dict[str, Any]) -> str:
    """``INSERT INTO table (names) VALUES (?…)``; the names are the table's own columns."""
    return f"INSERT INTO {table} ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})"


def insert_hand(
    db: Database,
    rules: Game,
    game_id: int,
    number: int,
    replayed: Replayed,
    revision: int,
    created_at: str,
    updated_at: str,
    offline_by: str | None = None,
) -> int:
    """Inserts hand ``number`` of the game ``game_id``, whose rules at its table's count are
    ``rules``, with its seats; returns its row id. Raises sqlite3.IntegrityError when the
    game already has that hand."""
    rows = hand_rows(db, rules, number, replayed, revision, created_at, updated_at, offline_by)
    return insert_hand_rows(db, game_id, rows)


# A hand's row in ``hands`` but for its game's id, and its ``hand_seats`` rows but for the
# hand's row id: worked out before a write transaction (an import's), stored inside it.
HandRows = tuple[dict[str, Any], list[dict[str, Any]]]


def hand_rows(
    db: Database,
    rules: Game,
    number: int,
    replayed: Replayed,
    revision: int,
    created_at: str,
    updated_at: str,
    offline_by: str | None = None,
) -> HandRows:
    """The rows ``insert_hand`` stores, without writing anything; ``offline_by``, the
    phone a hand recorded without the network was recorded on (None: online)."""
    values = {
        "number": number,
        **hand_values(db, rules, replayed),
        "revision": revision,
        "created_at": created_at,
        "updated_at": updated_at,
    }
    if offline_by is not None:
        values["offline_by"] = offline_by
    return values, seat_row_values(db, rules, replayed)


def insert_hand_rows(db: Database, game_id: int, rows: HandRows) -> int:
    """Stores a hand's ``hand_rows`` in the game ``game_id``; returns the hand's row id."""
    values = {"game_id": game_id, **rows[0]}
    hand_id = db.execute(_insert("hands", values), list(values.values())).lastrowid
    assert hand_id is not None
    _insert_seat_rows(db, hand_id, rows[1])
    return hand_id


def write_hand(
    db: Database,
    game: StoredGame,
    replayed: Replayed,
    revision: int,
    is_new: bool,
    offline_by: str | None = None,
) -> None:
    """Inserts or replaces hand ``replayed.number`` with its seats. A replaced hand's row
    is written anew (keeping when it was first recorded), as a new hand's, and
    ``offline_by`` is this version's: the phone it was recorded on without the network,
    or None (online). Raises
    Conflict when a new hand's number is already recorded."""
    number, stamp = replayed.number, now()
    rules = game.table
    # Plain SQL on the write path: each statement releases Python's GIL, and under load
    # every extra round trip is a wait to get it back.
    if is_new:
        try:
            insert_hand(db, rules, game.id, number, replayed, revision, stamp, stamp, offline_by)
        except sqlite3.IntegrityError:
            raise Conflict(already_recorded(number), "number") from None
        return
    hand_id, created_at = db.execute(
        "SELECT id, created_at FROM hands WHERE game_id = ? AND number = ?", [game.id, number]
    ).fetchone()
    delete_hand(db, hand_id)
    insert_hand(db, rules, game.id, number, replayed, revision, created_at, stamp, offline_by)


def delete_hand(db: Database, hand_id: int) -> None:
    """Deletes one hand's row and its seats."""
    db.execute("DELETE FROM hand_seats WHERE hand_id = ?", [hand_id])
    db.execute("DELETE FROM hands WHERE id = ?", [hand_id])


def write_derived(db: Database, game: StoredGame, progress: Progress, after: int) -> None:
    """Rewrites what a change of hand ``after`` (or of the game's end) moves, as
    ``progress`` gives it: the later hands (their dealers, states and running totals), the
    players' totals, the game's status and, where the game is or was finished, the
    group's ratings (``ratings.game_changed``). ``progress`` holds hand ``after`` onward, or
    only what follows it: the hands before are never read nor rewritten."""
    game_id = game.id
    rules = game.table
    later = [h for h in progress.hands if h.number > after]
    if later:
        ids = {
            row["number"]: row["id"]
            for row in query(
                db,
                "SELECT number, id FROM hands WHERE game_id = ? AND number > ?",
                [game_id, after],
            )
        }
        db.conn.executemany(
            "UPDATE hands SET dealer = ?, state = ? WHERE id = ?",
            [(h.dealer, state_text(h), ids[h.number]) for h in later],
        )
        db.conn.executemany(
            "UPDATE hand_seats SET points = ?, total = ? WHERE hand_id = ? AND seat = ?",
            [
                (points, total, ids[h.number], seat)
                for h in later
                for seat, points, total in seat_rows(rules, h)
            ],
        )
    db.conn.executemany(
        "UPDATE players SET total = ? WHERE game_id = ? AND seat = ?",
        [(total, game_id, seat) for seat, total in enumerate(seat_values(rules, progress.totals))],
    )
    db.execute(
        "UPDATE games SET status = ?, winner = ?, hand_count = ? WHERE id = ?",
        [progress.status, progress.winner, progress.next_number - 1, game_id],
    )
    # A game finished, changed once finished, or no longer finished: its ratings, in this
    # transaction (docs/rules/ratings.md).
    game_changed(db, game_id, game.status == "finished", progress.status == "finished")


def add_revision(
    db: Database,
    game_id: int,
    number: int,
    revision: int,
    action: str,
    record: HandRecord,
    offline_by: str | None = None,
) -> None:
    """Keeps this version of hand ``number`` in the history (``recorded``, ``edited`` or
    ``deleted``), with the phone it was recorded on without the network (None: online)."""
    db.execute(
        "INSERT INTO hand_revisions "
        "(game_id, number, revision, action, hand, created_at, offline_by) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [game_id, number, revision, action, record_text(record), now(), offline_by],
    )


def next_revision(db: Database, game_id: int, number: int) -> int:
    """One more than any revision hand ``number`` of the game ever had, deleted versions
    included (the history is never deleted). So a revision never repeats: a phone that read
    an old version can never match a newer hand, not even one recorded again after a delete.
    """
    return query(
        db,
        "SELECT 1 + max("
        "coalesce((SELECT max(revision) FROM hand_revisions WHERE game_id = ? AND number = ?), 0),"
        " coalesce((SELECT revision FROM hands WHERE game_id = ? AND number = ?), 0)) AS next",
        [game_id, number, game_id, number],
    ).fetchone()["next"]


def already_recorded(number: int) -> str:
    return msg("hand %(number)d is already recorded", number=number)


def remove_last_hand(db: Database, game_id: int, number: int) -> None:
    """Deletes hand ``number`` of the game and its seats; after it, hand ``number`` is
    next again, and a player who was to take a seat from the hand after it takes it from
    this one, so the table sits as it did (a later change of a seat replaces an earlier
    one for the same hand)."""
    db.execute(
        "DELETE FROM hand_seats WHERE hand_id IN "
        "(SELECT id FROM hands WHERE game_id = ? AND number = ?)",
        [game_id, number],
    )
    db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
    moved = query(
        db,
        "SELECT seat, name FROM seat_changes WHERE game_id = ? AND from_hand > ?",
        [game_id, number],
    ).fetchall()
    for row in moved:
        db.execute(
            "DELETE FROM seat_changes WHERE game_id = ? AND seat = ? AND from_hand >= ?",
            [game_id, row["seat"], number],
        )
        db.execute(
            "INSERT INTO seat_changes (game_id, from_hand, seat, name) VALUES (?, ?, ?, ?)",
            [game_id, number, row["seat"], row["name"]],
        )


def set_finished_after(db: Database, game_id: int, hands: int) -> None:
    """Stores that the table asked to finish the game after ``hands`` hands."""
    db.execute("UPDATE games SET finished_after = ? WHERE id = ?", [hands, game_id])
