"""The one module that owns the database: connection, migrations and every query.

The schema exists only as the named migrations below (``Migrations("scorekeeper")``). It is
plain SQLite so that sqlite-utils or Datasette can open it:

``games``
    one row per game: ``created_at``/``updated_at`` (ISO 8601 UTC), ``rules`` (the preset
    the table started from), ``settings`` (the full rule settings as JSON, so a game always
    scores as it did when it was played), ``first_dealer`` (seat 0..3), ``status``
    (``in_progress`` or ``finished``), ``winner`` (seat or null), ``hand_count``,
    ``version`` (bumped by every write), ``edit_key_hash`` (SHA-256 of the edit key;
    the key itself is never stored), and an optional ``name`` and ``notes`` (where it was
    played, who brought the cards).
``players``
    one row per seat: ``game_id``, ``seat`` 0..3 clockwise, ``name``, ``total`` (the
    running total after the last hand).
``hands``
    one row per recorded hand, unique on (``game_id``, ``number``): ``dealer``,
    ``thrown_in``, ``frisch_rounds``, ``declarer``, ``bid`` (``7C``, ``9NT``),
    ``over_under``, ``contracts_total``, ``revision`` (1 on the first save of a hand number,
    then one more than any revision that number ever had, so an edit or a hand deleted and
    recorded again never repeats a revision another phone may still hold).
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

import functools
import hashlib
import hmac
import itertools
import json
import secrets
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from flask import current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .engine.core.messages import msg
from .engine.israeli_whist import (
    Bid,
    GameProgress,
    HandRecord,
    PlayedHand,
    ReplayedHand,
    RuleSettings,
    ThrownIn,
    replay,
)
from .engine.israeli_whist.bids import all_bids

migrations = Migrations("scorekeeper")
T = TypeVar("T")

# SQLite integers are signed 64-bit; larger ids from a tampered URL can match nothing.
MAX_ID = 2**63 - 1
# Stored bids as the engine's values, looked up rather than parsed on every page view.
_BIDS: dict[str, Bid] = {str(bid): bid for bid in all_bids()}
# SQLite lets one connection write at a time. Writers in this process queue on this lock
# instead of in SQLite's busy handler, which sleeps in growing steps (up to 100 ms) and so
# turns a wait of a few milliseconds into a long one; the busy timeout still covers writers
# in other processes.
_WRITERS = threading.Lock()


@contextmanager
def _writing(db: Database) -> Iterator[None]:
    """One write transaction: queued behind this process's other writers, then atomic."""
    with _WRITERS, db.atomic():
        yield


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


@migrations()
def m002_game_name_and_notes(db: Database) -> None:
    db["games"].add_column("name", str)
    db["games"].add_column("notes", str)
    # The history page filters games by a player's name.
    db["players"].create_index(["name"])


class Conflict(Exception):
    """A write that clashes with what is stored: a hand already saved, a game over, a hand
    changed since the revision the writer read (then ``current`` is the stored hand)."""

    def __init__(
        self, message: str, field: str | None = None, current: StoredHand | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.current = current


class NotFound(LookupError):
    """No such game, or no such hand in it."""


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
    name: str | None = None
    notes: str | None = None


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
    # No triggers and no sqlite-utils plugins here: skip their set-up on every request.
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    db.execute("PRAGMA foreign_keys = ON")
    # FULL: a write is on disk before the phone is told it is saved (201). Under WAL,
    # NORMAL only fsyncs at checkpoints, so a power cut could lose hands already confirmed.
    db.execute("PRAGMA synchronous = FULL")
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
    """Creates or upgrades the database file and closes connections after each request.

    The connection that ran the migrations stays open, unused, while the app lives. In WAL
    mode the last connection to close checkpoints the log into the database and deletes
    it; with this one open, no request's connection is ever the last, so closing one is
    cheap (a hand saves in about half the time). It is closed with the app.
    """
    keeper = migrate(app.config["DATABASE"])
    app.extensions["scorekeeper.wal_keeper"] = keeper
    weakref.finalize(app, keeper.close)
    app.teardown_appcontext(close_db)


# --- edit keys ----------------------------------------------------------------------------


def new_edit_key() -> str:
    """Returns a fresh edit key: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def replace_edit_key(db: Database, game_id: int) -> str:
    """Gives the game a new edit key, which revokes the old one, and returns it. The
    game's version is bumped, so no page made for the old key is served again.
    Raises NotFound for an unknown game."""
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    key = new_edit_key()
    with _writing(db):
        changed = db.execute(
            "UPDATE games SET edit_key_hash = ?, version = version + 1 WHERE id = ?",
            [hash_key(key), game_id],
        ).rowcount
    if not changed:
        raise NotFound(f"there is no game {game_id}")
    return key


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
    with _writing(db):
        # Plain SQL, so the INSERT is the first statement: see _write_if_unchanged.
        game_id = db.execute(
            "INSERT INTO games (created_at, updated_at, rules, settings, first_dealer, status, "
            "winner, hand_count, version, edit_key_hash) "
            "VALUES (?, ?, ?, ?, ?, 'in_progress', NULL, 0, 1, ?)",
            [now, now, rules, settings.to_json(), first_dealer, hash_key(key)],
        ).lastrowid
        db.conn.executemany(
            "INSERT INTO players (game_id, seat, name, total) VALUES (?, ?, ?, 0)",
            [(game_id, seat, name) for seat, name in enumerate(players)],
        )
    return game_id, key


_GAME_QUERY = (
    "SELECT g.id, g.created_at, g.updated_at, g.rules, g.settings, g.first_dealer, g.status, "
    "g.winner, g.hand_count, g.version, g.edit_key_hash, p.name, p.total, g.name, g.notes "
    "FROM games g JOIN players p ON p.game_id = g.id "
)


def _games_from_rows(rows: Sequence[tuple]) -> list[Game]:
    """Games from rows of ``_GAME_QUERY``, four rows (one per seat, in order) per game."""
    games = []
    for start in range(0, len(rows), 4):
        row, seats = rows[start], rows[start : start + 4]
        games.append(
            Game(
                id=row[0],
                created_at=row[1],
                updated_at=row[2],
                rules=row[3],
                settings=_settings(row[4]),
                first_dealer=row[5],
                status=row[6],
                winner=row[7],
                hand_count=row[8],
                version=row[9],
                edit_key_hash=row[10],
                players=tuple(seat[11] for seat in seats),
                totals=tuple(seat[12] for seat in seats),
                name=row[13],
                notes=row[14],
            )
        )
    return games


@functools.lru_cache(maxsize=512)
def _settings(stored: str) -> RuleSettings:
    """Stored settings JSON as the engine's (immutable) settings, parsed once per text."""
    return RuleSettings.from_json(stored)


def load_game(db: Database, game_id: int) -> Game | None:
    """Returns the game, or None when there is no such id. One statement, so one snapshot."""
    if not 0 < game_id <= MAX_ID:
        return None
    rows = db.execute(_GAME_QUERY + "WHERE g.id = ? ORDER BY p.seat", [game_id]).fetchall()
    return _games_from_rows(rows)[0] if rows else None


def load_game_with_hands(db: Database, game_id: int) -> tuple[Game | None, list[StoredHand]]:
    """The game and its hands as of one moment, read in one transaction."""
    with db.atomic():
        game = load_game(db, game_id)
        return game, (load_hands(db, game_id) if game else [])


def list_games(db: Database, status: str | None = None, limit: int = 100) -> list[Game]:
    """Returns games newest first, optionally only those with ``status``."""
    where, params = ("WHERE g.status = ?", [status]) if status else ("", [])
    rows = db.execute(
        _GAME_QUERY + f"WHERE g.id IN (SELECT id FROM games g {where} ORDER BY id DESC LIMIT ?) "
        "ORDER BY g.id DESC, p.seat",
        [*params, limit],
    ).fetchall()
    return _games_from_rows(rows)


def known_player_names(db: Database, limit: int = 200) -> list[str]:
    """Names used in earlier games, most recently used first."""
    return [
        row[0]
        for row in db.execute(
            "SELECT name FROM players GROUP BY name ORDER BY max(game_id) DESC LIMIT ?", [limit]
        )
    ]


def player_names(db: Database) -> list[str]:
    """Every name that has played a game, in alphabetical order (case-insensitive)."""
    names = [row[0] for row in db.execute("SELECT DISTINCT name FROM players")]
    return sorted(names, key=lambda n: (n.casefold(), n))


def set_game_details(db: Database, game_id: int, name: str | None, notes: str | None) -> None:
    """Sets (or with None clears) the game's name and notes. The game's version is bumped,
    so every cached page of it is rendered again. Raises NotFound for an unknown game."""
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    with _writing(db):
        changed = db.execute(
            "UPDATE games SET name = ?, notes = ?, version = version + 1, updated_at = ? "
            "WHERE id = ?",
            [name, notes, _now(), game_id],
        ).rowcount
    if not changed:
        raise NotFound(f"there is no game {game_id}")


@dataclass(frozen=True, slots=True)
class Listing:
    """A game in the history: the game and when its first and last hands were recorded."""

    game: Game
    first_hand_at: str | None
    last_hand_at: str | None


# Which games a history page lists: those ``player`` sat in, started from ``since`` to
# ``until`` (UTC days, both included); a filter that is None leaves every game in.
_HISTORY_WHERE = (
    "WHERE (:player IS NULL OR id IN (SELECT game_id FROM players WHERE name = :player)) "
    "AND (:since IS NULL OR substr(created_at, 1, 10) >= :since) "
    "AND (:until IS NULL OR substr(created_at, 1, 10) <= :until)"
)


def history(
    db: Database,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    limit: int | None = None,
    offset: int = 0,
) -> list[Listing]:
    """Games newest first: only those ``player`` sat in, and only those started on a date
    (UTC, ``YYYY-MM-DD``) from ``since`` to ``until``, both included, when given; at most
    ``limit`` of them (all when None), after skipping ``offset``. Three statements, however
    many games the page holds."""
    params = {"player": player, "since": since, "until": until}
    page = {"limit": -1 if limit is None else limit, "offset": offset}
    chosen = f"SELECT id FROM games {_HISTORY_WHERE} ORDER BY id DESC LIMIT :limit OFFSET :offset"
    with db.atomic():
        games = _games_from_rows(
            db.execute(
                _GAME_QUERY + f"WHERE g.id IN ({chosen}) ORDER BY g.id DESC, p.seat",
                params | page,
            ).fetchall()
        )
        times = {
            row[0]: (row[1], row[2])
            for row in db.execute(
                "SELECT game_id, min(created_at), max(created_at) FROM hands "
                f"WHERE game_id IN ({chosen}) GROUP BY game_id",
                params | page,
            )
        }
    return [Listing(game, *times.get(game.id, (None, None))) for game in games]


def count_history(
    db: Database, player: str | None = None, since: str | None = None, until: str | None = None
) -> int:
    """How many games :func:`history` lists with these filters and no limit."""
    params = {"player": player, "since": since, "until": until}
    return db.execute(f"SELECT count(*) FROM games {_HISTORY_WHERE}", params).fetchone()[0]


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's games, counted from what the engine stored: all of them, those finished,
    and those finished that the player won."""

    games: int
    finished: int
    wins: int


def player_record(db: Database, name: str) -> PlayerRecord:
    """The named player's record over every game; all zero for a name never played."""
    games, finished, wins = db.execute(
        "SELECT count(*), coalesce(sum(g.status = 'finished'), 0), "
        "coalesce(sum(g.winner = p.seat), 0) "
        "FROM players p JOIN games g ON g.id = p.game_id WHERE p.name = ?",
        [name],
    ).fetchone()
    return PlayerRecord(games, finished, wins)


def player_games(db: Database, name: str, limit: int, offset: int = 0) -> list[Game]:
    """The named player's games, newest first: at most ``limit`` after skipping ``offset``."""
    return _games_from_rows(
        db.execute(
            _GAME_QUERY + "WHERE g.id IN (SELECT game_id FROM players WHERE name = ? "
            "ORDER BY game_id DESC LIMIT ? OFFSET ?) ORDER BY g.id DESC, p.seat",
            [name, limit, offset],
        ).fetchall()
    )


@dataclass(frozen=True, slots=True)
class LatestGames:
    """The newest games that fit a budget of hands: their ids (oldest first) and how many
    games there were in all."""

    ids: list[int]
    total: int

    @property
    def capped(self) -> bool:
        return len(self.ids) < self.total


def latest_games(db: Database, names: Sequence[str], together: int, max_hands: int) -> LatestGames:
    """The newest games in which at least ``together`` of ``names`` sat, as many as hold at
    most ``max_hands`` hands between them (always the newest one)."""
    rows = db.execute(
        "SELECT p.game_id, g.hand_count FROM players p JOIN games g ON g.id = p.game_id "
        "WHERE p.name IN (SELECT value FROM json_each(?)) "
        "GROUP BY p.game_id HAVING count(*) >= ? ORDER BY p.game_id DESC",
        [json.dumps(list(names)), together],
    )
    ids: list[int] = []
    hands = total = 0
    full = False
    for game_id, hand_count in rows:
        total += 1
        full = full or (bool(ids) and hands + hand_count > max_hands)
        if not full:
            ids.append(game_id)
            hands += hand_count
    return LatestGames(ids[::-1], total)


def load_games_with_hands(
    db: Database, game_ids: Sequence[int]
) -> list[tuple[Game, list[StoredHand]]]:
    """The games in ``game_ids``, oldest first, with their hands: two statements in one
    transaction, however many games."""
    wanted = json.dumps([i for i in game_ids if 0 < i <= MAX_ID])
    with db.atomic():
        games = _games_from_rows(
            db.execute(
                _GAME_QUERY + "WHERE g.id IN (SELECT value FROM json_each(?)) "
                "ORDER BY g.id, p.seat",
                [wanted],
            ).fetchall()
        )
        hands = {
            game_id: stored
            for game_id, stored, _stamps in _hand_groups(
                db, "h.game_id IN (SELECT value FROM json_each(?))", [wanted]
            )
        }
    return [(game, hands.get(game.id, [])) for game in games]


@dataclass(frozen=True, slots=True)
class ExportedGame:
    """A game with everything an export file holds: its hands, when each was first recorded
    and last changed (by number), and every revision (empty unless asked for)."""

    game: Game
    hands: list[StoredHand]
    stamps: dict[int, tuple[str, str]]
    revisions: list[Revision]


def count_games(db: Database, first: int = 1, last: int = MAX_ID) -> tuple[int, int]:
    """(games, hands) with game ids from ``first`` to ``last``."""
    games, hands = db.execute(
        "SELECT count(*), coalesce(sum(hand_count), 0) FROM games WHERE id BETWEEN ? AND ?",
        [first, last],
    ).fetchone()
    return games, hands


@dataclass(frozen=True, slots=True)
class GameRange:
    """Games with ids from ``first`` to ``last``: how many, and how many hands they hold."""

    first: int
    last: int
    games: int
    hands: int


def split_games(db: Database, max_hands: int) -> list[GameRange]:
    """Every game, oldest first, in ranges of ids that hold at most ``max_hands`` hands each
    (a longer game is a range of its own): the parts of an export of everything."""
    parts: list[GameRange] = []
    first = last = games = hands = 0
    for game_id, hand_count in db.execute("SELECT id, hand_count FROM games ORDER BY id"):
        if games and hands + hand_count > max_hands:
            parts.append(GameRange(first, last, games, hands))
            games = hands = 0
        if not games:
            first = game_id
        last, games, hands = game_id, games + 1, hands + hand_count
    if games:
        parts.append(GameRange(first, last, games, hands))
    return parts


def iter_games(
    db: Database, first: int = 1, last: int = MAX_ID, revisions: bool = True
) -> Iterator[ExportedGame]:
    """Games with ids from ``first`` to ``last``, oldest first, each with its hands, their
    times and (when ``revisions``) its revisions: read lazily, one game at a time, within
    one transaction, so that memory does not grow with the number of games and the games
    are as of one moment. Three statements, however many games there are."""
    span = [max(first, 0), min(last, MAX_ID)]
    with db.atomic():
        game_rows = db.execute(
            _GAME_QUERY + "WHERE g.id BETWEEN ? AND ? ORDER BY g.id, p.seat", span
        )
        hand_groups = _hand_groups(db, "h.game_id BETWEEN ? AND ?", span)
        revision_groups = _revision_groups(db, span) if revisions else iter(())
        next_hands = next(hand_groups, None)
        next_revisions = next(revision_groups, None)
        while seats := game_rows.fetchmany(4):
            game = _games_from_rows(seats)[0]
            hands, stamps, history = [], {}, []
            if next_hands is not None and next_hands[0] == game.id:
                _, hands, stamps = next_hands
                next_hands = next(hand_groups, None)
            if next_revisions is not None and next_revisions[0] == game.id:
                history = next_revisions[1]
                next_revisions = next(revision_groups, None)
            yield ExportedGame(game, hands, stamps, history)


_HANDS_QUERY = (
    "SELECT h.game_id, h.number, h.thrown_in, h.frisch_rounds, h.declarer, h.bid, h.revision, "
    "s.contract, s.tricks, s.revokes, h.created_at, h.updated_at "
    "FROM hands h JOIN hand_seats s ON s.hand_id = h.id "
)


def _hand_groups(
    db: Database, where: str, params: Sequence[Any]
) -> Iterator[tuple[int, list[StoredHand], dict[int, tuple[str, str]]]]:
    """(game id, its hands, each hand's times by number) per game with hands, in id order,
    from one statement read lazily."""
    rows = db.execute(_HANDS_QUERY + f"WHERE {where} ORDER BY h.game_id, h.number, s.seat", params)
    for game_id, group in itertools.groupby(rows, key=lambda row: row[0]):
        seats = list(group)
        hands = _stored_hands([row[1:10] for row in seats])
        stamps = {row[1]: (row[10], row[11]) for row in seats[::4]}
        yield game_id, hands, stamps


def _revision_groups(db: Database, span: Sequence[int]) -> Iterator[tuple[int, list[Revision]]]:
    rows = db.execute(
        "SELECT game_id, number, revision, action, hand, created_at FROM hand_revisions "
        "WHERE game_id BETWEEN ? AND ? ORDER BY game_id, number, id",
        span,
    )
    for game_id, group in itertools.groupby(rows, key=lambda row: row[0]):
        yield (
            game_id,
            [
                Revision(number, revision, action, json.loads(hand), created_at)
                for _, number, revision, action, hand, created_at in group
            ],
        )


# --- hands --------------------------------------------------------------------------------


def load_hands(db: Database, game_id: int) -> list[StoredHand]:
    """Returns the game's hands in order, rebuilt as the engine's typed records."""
    rows = db.execute(
        "SELECT h.number, h.thrown_in, h.frisch_rounds, h.declarer, h.bid, h.revision, "
        "s.contract, s.tricks, s.revokes FROM hands h JOIN hand_seats s ON s.hand_id = h.id "
        "WHERE h.game_id = ? ORDER BY h.number, s.seat",
        [game_id],
    ).fetchall()
    return _stored_hands(rows)


def _stored_hands(rows: Sequence[Sequence[Any]]) -> list[StoredHand]:
    """Hands from rows of (number, thrown_in, frisch_rounds, declarer, bid, revision,
    contract, tricks, revokes), four rows (one per seat, in order) per hand."""
    hands = []
    for start in range(0, len(rows), 4):
        number, thrown_in, frisch, declarer, bid, revision = rows[start][:6]
        if thrown_in:
            record: HandRecord = ThrownIn(frisch)
        else:
            seats = rows[start : start + 4]
            record = PlayedHand(
                declarer=declarer,
                bid=_BIDS[bid],
                frisch_rounds=frisch,
                contracts=tuple(seat[6] for seat in seats),
                tricks_taken=tuple(seat[7] for seat in seats),
                revokes=tuple(seat[8] for seat in seats),
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


# How often a write re-reads the game when other phones keep changing it meanwhile.
WRITE_ATTEMPTS = 5


def _write_if_unchanged(
    db: Database, game_id: int, plan: Callable[[Game, list[StoredHand]], Callable[[], T]]
) -> T:
    """Runs a write to one game with the engine's work done outside the write lock.

    ``plan`` gets the game and its hands as read now; it checks them (raising Conflict or
    NotFound) and returns the function that writes the change. That function runs in one
    transaction whose first statement bumps the game's version only if it is still the
    version read: so SQLite hands this connection the write lock before anything else
    happens, and nothing is written from a stale reading. If another phone wrote to the
    game in between, everything is read and checked again.
    """
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    for _ in range(WRITE_ATTEMPTS):
        game, hands = load_game_with_hands(db, game_id)
        if game is None:
            raise NotFound(f"there is no game {game_id}")
        write = plan(game, hands)
        with _writing(db):
            claimed = db.execute(
                "UPDATE games SET version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?",
                [_now(), game_id, game.version],
            ).rowcount
            if claimed:
                return write()
    raise Conflict(msg("the game kept changing on other phones; try again"), "number")


def _seat_rows(record: HandRecord, points: Sequence[int], totals: Sequence[int]) -> list[tuple]:
    if isinstance(record, PlayedHand):
        return [
            (record.contracts[s], record.tricks_taken[s], record.revokes[s], points[s], totals[s])
            for s in range(4)
        ]
    return [(None, None, None, 0, totals[s]) for s in range(4)]


def _hand_columns(replayed: ReplayedHand) -> list:
    """A hand's dealer, thrown_in, frisch_rounds, declarer, bid, over_under and
    contracts_total, as the ``hands`` table stores them."""
    record, score = replayed.record, replayed.score
    played = isinstance(record, PlayedHand)
    return [
        replayed.dealer,
        0 if played else 1,
        record.frisch_rounds,
        record.declarer if played else None,
        str(record.bid) if played else None,
        score.over_under if score else None,
        score.contracts_total if score else None,
    ]


def _insert_seats(db: Database, hand_id: int, replayed: ReplayedHand) -> None:
    db.conn.executemany(
        "INSERT INTO hand_seats (hand_id, seat, contract, tricks, revokes, points, total) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (hand_id, seat, *row)
            for seat, row in enumerate(
                _seat_rows(replayed.record, replayed.points, replayed.totals)
            )
        ],
    )


def _write_hand(
    db: Database, game_id: int, progress: GameProgress, number: int, revision: int, is_new: bool
) -> None:
    """Inserts or replaces hand ``number`` with its seats, as ``progress`` scored it."""
    replayed = progress.hands[number - 1]
    now = _now()
    values = [*_hand_columns(replayed), revision, now]
    # Plain SQL on the write path: each statement releases Python's GIL, and under load
    # every extra round trip is a wait to get it back.
    if is_new:
        try:
            hand_id = db.execute(
                "INSERT INTO hands (game_id, number, created_at, dealer, thrown_in, "
                "frisch_rounds, declarer, bid, over_under, contracts_total, revision, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [game_id, number, now, *values],
            ).lastrowid
        except sqlite3.IntegrityError:
            raise Conflict(_already_recorded(number), "number") from None
    else:
        hand_id = db.execute(
            "UPDATE hands SET dealer = ?, thrown_in = ?, frisch_rounds = ?, declarer = ?, "
            "bid = ?, over_under = ?, contracts_total = ?, revision = ?, updated_at = ? "
            "WHERE game_id = ? AND number = ? RETURNING id",
            [*values, game_id, number],
        ).fetchone()[0]
        db.execute("DELETE FROM hand_seats WHERE hand_id = ?", [hand_id])
    _insert_seats(db, hand_id, replayed)


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
    db.execute(
        "INSERT INTO hand_revisions (game_id, number, revision, action, hand, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [game_id, number, revision, action, json.dumps(record.to_dict(), sort_keys=True), _now()],
    )


def _next_revision(db: Database, game_id: int, number: int) -> int:
    """One more than any revision hand ``number`` of the game ever had, deleted versions
    included (the history is never deleted). So a revision never repeats: a phone that read
    an old version can never match a newer hand, not even one recorded again after a delete.
    """
    return db.execute(
        "SELECT 1 + max("
        "coalesce((SELECT max(revision) FROM hand_revisions WHERE game_id = ? AND number = ?), 0),"
        " coalesce((SELECT revision FROM hands WHERE game_id = ? AND number = ?), 0))",
        [game_id, number, game_id, number],
    ).fetchone()[0]


def _hand_as_expected(
    game_id: int,
    hands: list[StoredHand],
    number: int,
    expected_revision: int | None,
    stale: str,
) -> StoredHand:
    """Hand ``number`` as stored. Raises NotFound when there is none, and Conflict
    (``stale``, with the stored hand) when it is no longer ``expected_revision``."""
    if not 1 <= number <= len(hands):
        raise NotFound(f"game {game_id} has no hand {number}")
    current = hands[number - 1]
    if expected_revision is not None and expected_revision != current.revision:
        raise Conflict(stale, "revision", current)
    return current


def _finished_message(game: Game) -> str:
    assert game.winner is not None
    return msg("the game is over: %(winner)s won", winner=game.players[game.winner])


def _already_recorded(number: int) -> str:
    return msg("hand %(number)d is already recorded", number=number)


def add_hand(
    db: Database, game_id: int, record: HandRecord, number: int | None = None
) -> tuple[int, GameProgress, int]:
    """Stores ``record`` as the game's next hand, with its points and the game's status, in
    one transaction. Returns (its number, the game's progress after it, its revision).

    ``number``, when given, must be the next hand's number. Raises NotFound for an unknown
    game and Conflict when that hand is already recorded or the game is over.
    """

    def plan(game: Game, hands: list[StoredHand]):
        next_number = len(hands) + 1
        if number is not None and number != next_number:
            if 1 <= number < next_number:
                raise Conflict(_already_recorded(number), "number")
            raise Conflict(
                msg(
                    "hand %(number)d cannot be recorded yet: the next hand is %(next)d",
                    number=number,
                    next=next_number,
                ),
                "number",
            )
        if game.status == "finished":  # as the engine's replay stored it at the last write
            raise Conflict(_finished_message(game), "number")
        progress = progress_of(game, [*hands, StoredHand(next_number, record, 1)])

        def write() -> tuple[int, GameProgress, int]:
            revision = _next_revision(db, game_id, next_number)
            _write_hand(db, game_id, progress, next_number, revision, is_new=True)
            _write_derived(db, game_id, progress, after=next_number)
            _add_revision(db, game_id, next_number, revision, "recorded", record)
            return next_number, progress, revision

        return write

    return _write_if_unchanged(db, game_id, plan)


def replace_hand(
    db: Database,
    game_id: int,
    number: int,
    record: HandRecord,
    expected_revision: int | None = None,
) -> tuple[GameProgress, int]:
    """Replaces hand ``number`` and recomputes every later hand, keeping the old version
    as a revision, in one transaction. Returns (the game's progress, the hand's revision).

    Raises NotFound for an unknown game or hand; Conflict when the hand was changed since
    ``expected_revision``, or when the change would end the game before a later hand.
    """

    def plan(game: Game, hands: list[StoredHand]):
        stale = msg(
            "hand %(number)d was changed on another phone while you were editing it; "
            "check it and save again",
            number=number,
        )
        current = _hand_as_expected(game_id, hands, number, expected_revision, stale)
        if current.record == record:
            return lambda: (progress_of(game, hands), current.revision)
        hands[number - 1] = StoredHand(number, record, current.revision)
        try:
            progress = progress_of(game, hands)
        except ValueError as exc:
            raise Conflict(
                msg(
                    "with this change the game ends earlier, but %(problem)s; delete the later "
                    "hands first or change this hand",
                    problem=exc.args[0],
                ),
                "hand",
            ) from None

        def write() -> tuple[GameProgress, int]:
            revision = _next_revision(db, game_id, number)
            _write_hand(db, game_id, progress, number, revision, is_new=False)
            _write_derived(db, game_id, progress, after=number)
            _add_revision(db, game_id, number, revision, "edited", record)
            return progress, revision

        return write

    return _write_if_unchanged(db, game_id, plan)


def delete_last_hand(
    db: Database, game_id: int, number: int, expected_revision: int | None = None
) -> GameProgress:
    """Deletes hand ``number``, which must be the last one, keeping it as a revision.

    Raises NotFound for an unknown game or hand; Conflict when the hand was changed since
    ``expected_revision`` (or deleted and recorded again), or when it is not the last hand.
    """

    def plan(game: Game, hands: list[StoredHand]):
        stale = msg(
            "hand %(number)d was changed on another phone since you opened it; "
            "check it before deleting it",
            number=number,
        )
        _hand_as_expected(game_id, hands, number, expected_revision, stale)
        if number != len(hands):
            raise Conflict(
                msg(
                    "only the last hand (%(last)d) can be deleted; edit hand %(number)d instead",
                    last=len(hands),
                    number=number,
                ),
                "number",
            )
        removed = hands.pop()
        progress = progress_of(game, hands)

        def write() -> GameProgress:
            db.execute(
                "DELETE FROM hand_seats WHERE hand_id IN "
                "(SELECT id FROM hands WHERE game_id = ? AND number = ?)",
                [game_id, number],
            )
            db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
            _write_derived(db, game_id, progress, after=number)
            revision = _next_revision(db, game_id, number)
            _add_revision(db, game_id, number, revision, "deleted", removed.record)
            return progress

        return write

    return _write_if_unchanged(db, game_id, plan)


# --- import -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """A hand as an import file gives it, already checked by the engine."""

    number: int
    record: HandRecord
    revision: int
    created_at: str
    updated_at: str


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A whole game from an import file, checked: ``progress`` is the engine's replay of
    its hands, from which points, totals, dealers and the result are stored."""

    id: int | None
    created_at: str
    updated_at: str
    name: str | None
    notes: str | None
    rules: str
    settings: RuleSettings
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[ImportedHand, ...]
    progress: GameProgress
    revisions: tuple[Revision, ...]


def import_games(db: Database, games: Sequence[ImportedGame]) -> list[tuple[int, str]]:
    """Stores every game in one transaction, so a failure stores none of them. Returns
    (stored id, new edit key) per game, in order.

    A game keeps its id when no stored game has it; the others get new ids after those.
    Timestamps, hand revisions and revision history are stored as given; the version
    starts again at 1, and each game gets a new edit key (keys are never exported).
    """
    keys = [new_edit_key() for _ in games]
    stored: dict[int, int] = {}
    with _writing(db):
        taken = {
            row[0]
            for row in db.execute(
                f"SELECT id FROM games WHERE id IN ({', '.join('?' * len(games))})",
                [g.id for g in games],
            )
        }
        # Games keeping their ids go first, so a renumbered game never takes a kept id.
        order = sorted(range(len(games)), key=lambda i: games[i].id in taken or games[i].id is None)
        for index in order:
            game = games[index]
            keep = game.id is not None and game.id not in taken
            stored[index] = _insert_game(db, game, game.id if keep else None, keys[index])
    return [(stored[i], keys[i]) for i in range(len(games))]


def _insert_game(db: Database, game: ImportedGame, game_id: int | None, key: str) -> int:
    progress = game.progress
    game_id = db.execute(
        "INSERT INTO games (id, created_at, updated_at, rules, settings, first_dealer, status, "
        "winner, hand_count, version, edit_key_hash, name, notes) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
        [
            game_id,
            game.created_at,
            game.updated_at,
            game.rules,
            game.settings.to_json(),
            game.first_dealer,
            progress.status,
            progress.winner,
            len(progress.hands),
            hash_key(key),
            game.name,
            game.notes,
        ],
    ).lastrowid
    db.conn.executemany(
        "INSERT INTO players (game_id, seat, name, total) VALUES (?, ?, ?, ?)",
        [(game_id, seat, name, progress.totals[seat]) for seat, name in enumerate(game.players)],
    )
    for hand, replayed in zip(game.hands, progress.hands, strict=True):
        hand_id = db.execute(
            "INSERT INTO hands (game_id, number, dealer, thrown_in, frisch_rounds, declarer, "
            "bid, over_under, contracts_total, revision, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game_id,
                hand.number,
                *_hand_columns(replayed),
                hand.revision,
                hand.created_at,
                hand.updated_at,
            ],
        ).lastrowid
        _insert_seats(db, hand_id, replayed)
    db.conn.executemany(
        "INSERT INTO hand_revisions (game_id, number, revision, action, hand, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                r.number,
                r.revision,
                r.action,
                json.dumps(r.hand, sort_keys=True),
                r.created_at,
            )
            for r in game.revisions
        ],
    )
    return game_id
