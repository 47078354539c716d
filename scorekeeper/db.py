"""The one module that owns the database: connection, migrations and every query.

The schema exists only as the named migrations below (``Migrations("scorekeeper")``). It is
plain SQLite so that sqlite-utils or Datasette can open it:

``games``
    one row per game: ``created_at``/``updated_at`` (ISO 8601 UTC), ``rules`` (the preset
    the table started from), ``settings`` (the full rule settings as JSON, so a game always
    scores as it did when it was played), ``first_dealer`` (seat 0..3), ``status``
    (``in_progress`` or ``finished``), ``winner`` (seat or null), ``hand_count``,
    ``version`` (bumped by every write) and ``edit_key_hash`` (SHA-256 of the edit key;
    the key itself is never stored).
``players``
    one row per seat: ``game_id``, ``seat`` 0..3 clockwise, ``name``, ``total`` (the
    running total after the last hand).
``hands``
    one row per recorded hand, unique on (``game_id``, ``number``): ``dealer``,
    ``thrown_in``, ``frisch_rounds``, ``declarer``, ``bid`` (``7C``, ``9NT``),
    ``over_under``, ``contracts_total``, ``revision`` (1 on first save, +1 per edit).
``hand_seats``
    one row per seat per hand: ``contract``, ``tricks``, ``revokes`` (null for a thrown-in
    deal), ``points`` scored in the hand and the running ``total`` after it.
``hand_revisions``
    every version of every hand ever saved, including deleted ones, as the engine's JSON
    (``hand``) with ``action`` (``recorded``, ``edited``, ``deleted``) and ``created_at``.

Points, totals, dealers and the game's status are derived by the engine's ``replay`` and
stored with the hand in the same ``db.atomic()`` transaction.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .engine import (
    Bid,
    GameProgress,
    HandRecord,
    PlayedHand,
    RuleSettings,
    ThrownIn,
    replay,
)

migrations = Migrations("scorekeeper")

# SQLite integers are signed 64-bit; larger ids from a tampered URL can match nothing.
MAX_ID = 2**63 - 1


@migrations()
def m001_games_players_hands(db: Database) -> None:
    db["games"].create(
        {
            "id": int,
            "created_at": str,
            "updated_at": str,
            "rules": str,
            "settings": str,
            "first_dealer": int,
            "status": str,
            "winner": int,
            "hand_count": int,
            "version": int,
            "edit_key_hash": str,
        },
        pk="id",
        not_null={"created_at", "updated_at", "settings", "first_dealer", "status"},
        defaults={"status": "in_progress", "hand_count": 0, "version": 0},
    )
    db["players"].create(
        {"game_id": int, "seat": int, "name": str, "total": int},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"name"},
        defaults={"total": 0},
    )
    db["hands"].create(
        {
            "id": int,
            "game_id": int,
            "number": int,
            "dealer": int,
            "thrown_in": int,
            "frisch_rounds": int,
            "declarer": int,
            "bid": str,
            "over_under": str,
            "contracts_total": int,
            "revision": int,
            "created_at": str,
            "updated_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "number", "dealer", "thrown_in", "frisch_rounds", "revision"},
    )
    # The constraint that makes two phones saving hand N at once store exactly one.
    db["hands"].create_index(["game_id", "number"], unique=True)
    db["hand_seats"].create(
        {
            "hand_id": int,
            "seat": int,
            "contract": int,
            "tricks": int,
            "revokes": int,
            "points": int,
            "total": int,
        },
        pk=("hand_id", "seat"),
        foreign_keys=[("hand_id", "hands", "id")],
    )
    db["hand_revisions"].create(
        {
            "id": int,
            "game_id": int,
            "number": int,
            "revision": int,
            "action": str,
            "hand": str,
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("game_id", "games", "id")],
        not_null={"game_id", "number", "revision", "action", "hand", "created_at"},
    )
    db["hand_revisions"].create_index(["game_id", "number"])
    db["games"].create_index(["status", "created_at"])


class Conflict(Exception):
    """A write that clashes with what is stored: a hand already saved, a game over."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True, slots=True)
class Game:
    """A stored game, without its hands."""

    id: int
    created_at: str
    updated_at: str
    rules: str
    settings: RuleSettings
    first_dealer: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    status: str
    winner: int | None
    hand_count: int
    version: int
    edit_key_hash: str


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A recorded hand as stored: its number, the engine's record and its revision."""

    number: int
    record: HandRecord
    revision: int


@dataclass(frozen=True, slots=True)
class Revision:
    number: int
    revision: int
    action: str
    hand: dict[str, Any]
    created_at: str


# --- connection ---------------------------------------------------------------------------


def connect(path: str) -> Database:
    """Opens the database with foreign keys on; WAL is set once by ``migrate``."""
    # check_same_thread=False: waitress may run a request's teardown on another thread,
    # and each connection still belongs to exactly one request.
    conn = sqlite3.connect(path, timeout=10, check_same_thread=False)
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    return db


def migrate(path: str) -> Database:
    """Opens the database at ``path``, switches it to WAL and applies pending migrations."""
    db = connect(path)
    db.enable_wal()
    migrations.apply(db)
    return db


def get_db() -> Database:
    """Returns this request's connection, opening it on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_app(app) -> None:
    """Creates or upgrades the database file and closes connections after each request."""
    migrate(app.config["DATABASE"]).close()
    app.teardown_appcontext(close_db)


# --- edit keys ----------------------------------------------------------------------------


def new_edit_key() -> str:
    """Returns a fresh edit key: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def key_matches(game: Game, key: str | None) -> bool:
    """True when ``key`` is the game's edit key, compared in constant time."""
    if not key or len(key) > 200:
        return False
    return hmac.compare_digest(hash_key(key), game.edit_key_hash)


# --- games --------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def create_game(
    db: Database,
    players: Sequence[str],
    rules: str,
    settings: RuleSettings,
    first_dealer: int,
) -> tuple[int, str]:
    """Stores a new game and returns (game id, edit key)."""
    key = new_edit_key()
    now = _now()
    with db.atomic():
        game_id = (
            db["games"]
            .insert(
                {
                    "created_at": now,
                    "updated_at": now,
                    "rules": rules,
                    "settings": settings.to_json(),
                    "first_dealer": first_dealer,
                    "status": "in_progress",
                    "winner": None,
                    "hand_count": 0,
                    "version": 1,
                    "edit_key_hash": hash_key(key),
                }
            )
            .last_pk
        )
        db["players"].insert_all(
            {"game_id": game_id, "seat": seat, "name": name, "total": 0}
            for seat, name in enumerate(players)
        )
    return game_id, key


_GAME_COLUMNS = (
    "id, created_at, updated_at, rules, settings, first_dealer, status, winner, hand_count, "
    "version, edit_key_hash"
)


def _players_of(db: Database, ids: Sequence[int]) -> dict[int, list[tuple[str, int]]]:
    found: dict[int, list[tuple[str, int]]] = {i: [] for i in ids}
    if not ids:
        return found
    marks = ",".join("?" * len(ids))
    for game_id, name, total in db.execute(
        f"SELECT game_id, name, total FROM players WHERE game_id IN ({marks}) "
        "ORDER BY game_id, seat",
        list(ids),
    ):
        found[game_id].append((name, total))
    return found


def _game_from_row(row: tuple, players: list[tuple[str, int]]) -> Game:
    return Game(
        id=row[0],
        created_at=row[1],
        updated_at=row[2],
        rules=row[3],
        settings=RuleSettings.from_json(row[4]),
        first_dealer=row[5],
        status=row[6],
        winner=row[7],
        hand_count=row[8],
        version=row[9],
        edit_key_hash=row[10],
        players=tuple(name for name, _ in players),
        totals=tuple(total for _, total in players),
    )


def load_game(db: Database, game_id: int) -> Game | None:
    """Returns the game, or None when there is no such id."""
    if not 0 < game_id <= MAX_ID:
        return None
    row = db.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", [game_id]).fetchone()
    if row is None:
        return None
    return _game_from_row(row, _players_of(db, [game_id])[game_id])


def list_games(db: Database, status: str | None = None, limit: int = 100) -> list[Game]:
    """Returns games newest first, optionally only those with ``status``."""
    where, params = ("WHERE status = ?", [status]) if status else ("", [])
    rows = db.execute(
        f"SELECT {_GAME_COLUMNS} FROM games {where} ORDER BY id DESC LIMIT ?",
        [*params, limit],
    ).fetchall()
    players = _players_of(db, [row[0] for row in rows])
    return [_game_from_row(row, players[row[0]]) for row in rows]


def known_player_names(db: Database, limit: int = 200) -> list[str]:
    """Names used in earlier games, most recently used first."""
    return [
        row[0]
        for row in db.execute(
            "SELECT name FROM players GROUP BY name ORDER BY max(game_id) DESC LIMIT ?", [limit]
        )
    ]


# --- hands --------------------------------------------------------------------------------


def load_hands(db: Database, game_id: int) -> list[StoredHand]:
    """Returns the game's hands in order, rebuilt as the engine's typed records."""
    seats: dict[int, list[tuple[int, int, int]]] = {}
    for hand_id, contract, tricks, revokes in db.execute(
        "SELECT s.hand_id, s.contract, s.tricks, s.revokes FROM hand_seats s "
        "JOIN hands h ON h.id = s.hand_id WHERE h.game_id = ? ORDER BY s.hand_id, s.seat",
        [game_id],
    ):
        seats.setdefault(hand_id, []).append((contract, tricks, revokes))
    hands = []
    for hand_id, number, thrown_in, frisch, declarer, bid, revision in db.execute(
        "SELECT id, number, thrown_in, frisch_rounds, declarer, bid, revision FROM hands "
        "WHERE game_id = ? ORDER BY number",
        [game_id],
    ):
        if thrown_in:
            record: HandRecord = ThrownIn(frisch)
        else:
            rows = seats[hand_id]
            record = PlayedHand(
                declarer=declarer,
                bid=Bid.from_str(bid),
                frisch_rounds=frisch,
                contracts=tuple(r[0] for r in rows),
                tricks_taken=tuple(r[1] for r in rows),
                revokes=tuple(r[2] for r in rows),
            )
        hands.append(StoredHand(number, record, revision))
    return hands


def progress_of(game: Game, hands: Sequence[StoredHand]) -> GameProgress:
    """The engine's view of the game after ``hands``."""
    return replay(game.settings, game.first_dealer, [h.record for h in hands])


def load_revisions(db: Database, game_id: int) -> list[Revision]:
    """Every saved version of every hand, by hand number then oldest first."""
    return [
        Revision(number, revision, action, json.loads(hand), created_at)
        for number, revision, action, hand, created_at in db.execute(
            "SELECT number, revision, action, hand, created_at FROM hand_revisions "
            "WHERE game_id = ? ORDER BY number, id",
            [game_id],
        )
    ]


class NotFound(LookupError):
    """No such game, or no such hand in it."""


def _lock_game(db: Database, game_id: int) -> Game:
    """Bumps the game's version as the transaction's first statement and returns the game.

    Writing first makes SQLite give this connection the write lock (waiting for another
    writer if need be) before it reads anything, so the reads that follow see every hand
    committed so far and nobody else can commit until this transaction ends.
    """
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    cursor = db.execute(
        "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?", [_now(), game_id]
    )
    if cursor.rowcount == 0:
        raise NotFound(f"there is no game {game_id}")
    game = load_game(db, game_id)
    assert game is not None
    return game


def _seat_rows(record: HandRecord, points: Sequence[int], totals: Sequence[int]) -> list[tuple]:
    if isinstance(record, PlayedHand):
        return [
            (record.contracts[s], record.tricks_taken[s], record.revokes[s], points[s], totals[s])
            for s in range(4)
        ]
    return [(None, None, None, 0, totals[s]) for s in range(4)]


def _write_hand(
    db: Database, game_id: int, progress: GameProgress, number: int, revision: int
) -> None:
    """Inserts or replaces hand ``number`` with its seats, as ``progress`` scored it."""
    replayed = progress.hands[number - 1]
    record = replayed.record
    played = isinstance(record, PlayedHand)
    now = _now()
    values = {
        "dealer": replayed.dealer,
        "thrown_in": 0 if played else 1,
        "frisch_rounds": record.frisch_rounds,
        "declarer": record.declarer if played else None,
        "bid": str(record.bid) if played else None,
        "over_under": replayed.score.over_under if replayed.score else None,
        "contracts_total": replayed.score.contracts_total if replayed.score else None,
        "revision": revision,
        "updated_at": now,
    }
    existing = db.execute(
        "SELECT id FROM hands WHERE game_id = ? AND number = ?", [game_id, number]
    ).fetchone()
    if existing is None:
        try:
            hand_id = (
                db["hands"]
                .insert({"game_id": game_id, "number": number, "created_at": now, **values})
                .last_pk
            )
        except sqlite3.IntegrityError:
            raise Conflict(f"hand {number} is already recorded", "number") from None
    else:
        hand_id = existing[0]
        db["hands"].update(hand_id, values)
        db.execute("DELETE FROM hand_seats WHERE hand_id = ?", [hand_id])
    db["hand_seats"].insert_all(
        {
            "hand_id": hand_id,
            "seat": seat,
            "contract": contract,
            "tricks": tricks,
            "revokes": revokes,
            "points": points,
            "total": total,
        }
        for seat, (contract, tricks, revokes, points, total) in enumerate(
            _seat_rows(record, replayed.points, replayed.totals)
        )
    )


def _write_derived(db: Database, game_id: int, progress: GameProgress, after: int) -> None:
    """Rewrites what an earlier hand's change moves: later hands' dealers and running
    totals, the players' totals and the game's status."""
    later = progress.hands[after:]
    if later:
        ids = dict(
            db.execute(
                "SELECT number, id FROM hands WHERE game_id = ? AND number > ?", [game_id, after]
            ).fetchall()
        )
        db.conn.executemany(
            "UPDATE hands SET dealer = ? WHERE id = ?", [(h.dealer, ids[h.number]) for h in later]
        )
        db.conn.executemany(
            "UPDATE hand_seats SET points = ?, total = ? WHERE hand_id = ? AND seat = ?",
            [
                (h.points[seat], h.totals[seat], ids[h.number], seat)
                for h in later
                for seat in range(4)
            ],
        )
    db.conn.executemany(
        "UPDATE players SET total = ? WHERE game_id = ? AND seat = ?",
        [(total, game_id, seat) for seat, total in enumerate(progress.totals)],
    )
    db.execute(
        "UPDATE games SET status = ?, winner = ?, hand_count = ? WHERE id = ?",
        [progress.status, progress.winner, len(progress.hands), game_id],
    )


def _add_revision(
    db: Database, game_id: int, number: int, revision: int, action: str, record: HandRecord
) -> None:
    db["hand_revisions"].insert(
        {
            "game_id": game_id,
            "number": number,
            "revision": revision,
            "action": action,
            "hand": json.dumps(record.to_dict(), sort_keys=True),
            "created_at": _now(),
        }
    )


def _finished_message(game: Game, progress: GameProgress) -> str:
    assert progress.winner is not None
    return f"the game is over: {game.players[progress.winner]} won"


def add_hand(
    db: Database, game_id: int, record: HandRecord, number: int | None = None
) -> tuple[int, GameProgress]:
    """Stores ``record`` as the game's next hand, with its points and the game's status, in
    one transaction. Returns (its number, the game's progress after it).

    ``number``, when given, must be the next hand's number. Raises NotFound for an unknown
    game and Conflict when that hand is already recorded or the game is over.
    """
    with db.atomic():
        game = _lock_game(db, game_id)
        hands = load_hands(db, game_id)
        next_number = len(hands) + 1
        if number is not None and number != next_number:
            if 1 <= number < next_number:
                raise Conflict(f"hand {number} is already recorded", "number")
            raise Conflict(
                f"hand {number} cannot be recorded yet: the next hand is {next_number}", "number"
            )
        before = progress_of(game, hands)
        if before.status == "finished":
            raise Conflict(_finished_message(game, before), "number")
        hands.append(StoredHand(next_number, record, 1))
        progress = progress_of(game, hands)
        _write_hand(db, game_id, progress, next_number, revision=1)
        _write_derived(db, game_id, progress, after=next_number)
        _add_revision(db, game_id, next_number, 1, "recorded", record)
    return next_number, progress


def replace_hand(
    db: Database,
    game_id: int,
    number: int,
    record: HandRecord,
    expected_revision: int | None = None,
) -> GameProgress:
    """Replaces hand ``number`` and recomputes every later hand, keeping the old version
    as a revision, in one transaction. Returns the game's progress.

    Raises NotFound for an unknown game or hand; Conflict when the hand was changed since
    ``expected_revision``, or when the change would end the game before a later hand.
    """
    with db.atomic():
        game = _lock_game(db, game_id)
        hands = load_hands(db, game_id)
        if not 1 <= number <= len(hands):
            raise NotFound(f"game {game_id} has no hand {number}")
        current = hands[number - 1]
        if expected_revision is not None and expected_revision != current.revision:
            raise Conflict(
                f"hand {number} was changed on another phone while you were editing it; "
                "check it and save again",
                "revision",
            )
        if current.record == record:
            return progress_of(game, hands)
        revision = current.revision + 1
        hands[number - 1] = StoredHand(number, record, revision)
        try:
            progress = progress_of(game, hands)
        except ValueError as exc:
            raise Conflict(
                f"with this change the game ends earlier, but {exc}; delete the later hands "
                "first or change this hand",
                "hand",
            ) from None
        _write_hand(db, game_id, progress, number, revision)
        _write_derived(db, game_id, progress, after=number)
        _add_revision(db, game_id, number, revision, "edited", record)
    return progress


def delete_last_hand(db: Database, game_id: int, number: int) -> GameProgress:
    """Deletes hand ``number``, which must be the last one, keeping it as a revision.

    Raises NotFound for an unknown game or hand and Conflict when it is not the last hand.
    """
    with db.atomic():
        game = _lock_game(db, game_id)
        hands = load_hands(db, game_id)
        if not 1 <= number <= len(hands):
            raise NotFound(f"game {game_id} has no hand {number}")
        if number != len(hands):
            raise Conflict(
                f"only the last hand ({len(hands)}) can be deleted; edit hand {number} instead",
                "number",
            )
        current = hands.pop()
        db.execute(
            "DELETE FROM hand_seats WHERE hand_id IN "
            "(SELECT id FROM hands WHERE game_id = ? AND number = ?)",
            [game_id, number],
        )
        db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
        progress = progress_of(game, hands)
        _write_derived(db, game_id, progress, after=number)
        _add_revision(db, game_id, number, current.revision + 1, "deleted", current.record)
    return progress
