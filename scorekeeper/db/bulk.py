"""The queries behind export and import (``scorekeeper.transfer`` writes and reads the
files): every game read lazily as of one moment, ranges of games that fit an export file,
and whole games stored in one transaction."""

from __future__ import annotations

import itertools
import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.core.game import HandRecord, Settings, seat_values
from ..engine.core.seating import SeatChange
from .connection import MAX_ID, query, writing
from .errors import NotFound
from .figures import refresh
from .games import GAME_QUERY, StoredGame, games_from_rows, refuse_in_group, table_of
from .groups import insert_group
from .hands import (
    HandRows,
    Progress,
    Revision,
    StoredHand,
    hand_groups,
    hand_rows,
    revision_from_row,
)
from .keys import hash_key, new_edit_key, new_token
from .ratings import games_imported
from .sealing import seal


@dataclass(frozen=True, slots=True)
class ExportedGame:
    """A game with everything an export file holds: its hands, when each was first recorded
    and last changed (by number), and every revision (empty unless asked for)."""

    game: StoredGame
    hands: list[StoredHand]
    stamps: dict[int, tuple[str, str]]
    revisions: list[Revision]


def _in_group(group_id: int | None, column: str = "id") -> str:
    """The condition that keeps only the group's games (`` AND …``), or none for every
    game; it takes its group as the statement's last parameter."""
    if group_id is None:
        return ""
    if column == "id":
        return " AND group_id = ?"
    return f" AND {column} IN (SELECT id FROM games WHERE group_id = ?)"


def _group_param(group_id: int | None) -> list[int]:
    return [] if group_id is None else [group_id]


def count_games(
    db: Database, first: int = 1, last: int = MAX_ID, group_id: int | None = None
) -> tuple[int, int]:
    """(games, hands) with game ids from ``first`` to ``last`` (of the group ``group_id``
    only, when given)."""
    row = query(
        db,
        "SELECT count(*) AS games, coalesce(sum(hand_count), 0) AS hands FROM games "
        f"WHERE id BETWEEN ? AND ?{_in_group(group_id)}",
        [first, last, *_group_param(group_id)],
    ).fetchone()
    return row["games"], row["hands"]


def game_kinds(
    db: Database, first: int = 1, last: int = MAX_ID, group_id: int | None = None
) -> set[str]:
    """The keys of the games (``israeli-whist``…) played in the games with ids from
    ``first`` to ``last`` (of the group ``group_id`` only, when given)."""
    rows = query(
        db,
        f"SELECT DISTINCT game FROM games WHERE id BETWEEN ? AND ?{_in_group(group_id)}",
        [first, last, *_group_param(group_id)],
    )
    return {row["game"] for row in rows}


@dataclass(frozen=True, slots=True)
class GameRange:
    """Games with ids from ``first`` to ``last``: how many, and how many hands they hold."""

    first: int
    last: int
    games: int
    hands: int


def split_games(db: Database, max_hands: int, group_id: int | None = None) -> list[GameRange]:
    """Every game (of the group ``group_id`` only, when given), oldest first, in ranges of
    ids that hold at most ``max_hands`` hands each (a longer game is a range of its own):
    the parts of an export of everything. A group's range counts only its own games."""
    parts: list[GameRange] = []
    first = last = games = hands = 0
    rows = (
        query(db, "SELECT id, hand_count FROM games ORDER BY id")
        if group_id is None
        else query(
            db, "SELECT id, hand_count FROM games WHERE group_id = ? ORDER BY id", [group_id]
        )
    )
    for row in rows:
        game_id, hand_count = row["id"], row["hand_count"]
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
    db: Database,
    first: int = 1,
    last: int = MAX_ID,
    revisions: bool = True,
    group_id: int | None = None,
) -> Iterator[ExportedGame]:
    """Games with ids from ``first`` to ``last`` (of the group ``group_id`` only, when
    given), oldest first, each with its hands, their times and (when ``revisions``) its
    revisions: read lazily, one game at a time, within one transaction, so that memory
    does not grow with the number of games and the games are as of one moment. Three
    statements, however many games there are."""
    span = [max(first, 0), min(last, MAX_ID), *_group_param(group_id)]
    with db.atomic():
        game_rows = query(
            db,
            GAME_QUERY + f"WHERE g.id BETWEEN ? AND ?{_in_group(group_id, 'g.id')} "
            "ORDER BY g.id, p.seat",
            span,
        )
        hands_by_game = hand_groups(
            db, f"h.game_id BETWEEN ? AND ?{_in_group(group_id, 'h.game_id')}", span
        )
        revision_groups = _revision_groups(db, span, group_id) if revisions else iter(())
        next_hands = next(hands_by_game, None)
        next_revisions = next(revision_groups, None)
        for _game_id, seats in itertools.groupby(game_rows, key=lambda row: row["id"]):
            game = games_from_rows(list(seats), db)[0]
            hands, stamps, history = [], {}, []
            if next_hands is not None and next_hands[0] == game.id:
                _, hands, stamps = next_hands
                next_hands = next(hands_by_game, None)
            if next_revisions is not None and next_revisions[0] == game.id:
                history = next_revisions[1]
                next_revisions = next(revision_groups, None)
            yield ExportedGame(game, hands, stamps, history)


def _revision_groups(
    db: Database, span: Sequence[int], group_id: int | None
) -> Iterator[tuple[int, list[Revision]]]:
    rows = query(
        db,
        "SELECT game_id, number, revision, action, hand, created_at, offline_by "
        "FROM hand_revisions "
        f"WHERE game_id BETWEEN ? AND ?{_in_group(group_id, 'game_id')} "
        "ORDER BY game_id, number, id",
        span,
    )
    for game_id, group in itertools.groupby(rows, key=lambda row: row["game_id"]):
        yield game_id, [revision_from_row(row) for row in group]


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """A hand as an import file gives it, already checked by the engine."""

    number: int
    record: HandRecord
    revision: int
    created_at: str
    updated_at: str
    offline_by: str | None = None


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A whole game from an import file, checked: ``progress`` is the game's replay of
    its hands, from which points, totals, dealers and the result are stored."""

    id: int | None
    created_at: str
    updated_at: str
    name: str | None
    notes: str | None
    game: str
    rules: str
    settings: Settings
    first_dealer: int
    players: tuple[str, ...]
    hands: tuple[ImportedHand, ...]
    progress: Progress
    revisions: tuple[Revision, ...]
    finished_after: int | None = None
    starting_totals: tuple[int, ...] | None = None
    changes: tuple[SeatChange, ...] = ()


def import_games(
    db: Database, games: Sequence[ImportedGame], group_id: int | None = None
) -> list[tuple[int, str]]:
    """Stores every game in the group ``group_id`` (None: a new group, with the default
    name, made in the same transaction) in one transaction, so a failure stores none of
    them, and no group. Returns (stored id, new edit key) per game, in order; the games'
    ``group_id`` names the group.

    Every game gets a new id, as a game started here does: an id written in the file is
    never kept, so a file cannot choose the ids of the games other groups start next
    (issue 29). Timestamps, hand revisions and revision history are stored as given; the
    version starts again at 1, and each game gets a new edit key and view token (neither
    is ever exported).
    """
    if not games:
        return []
    keys = [new_edit_key() for _ in games]
    stored: dict[int, int] = {}
    # Every hand's rows are worked out and staged first, so that the write transaction,
    # which every other group's saves wait for, only copies them (issues 29 and 54).
    with staged_rows(db, games) as staged, writing(db):
        if group_id is None:
            group_id = insert_group(db, None)[0].id
        elif not query(db, "SELECT 1 FROM groups WHERE id = ?", [group_id]).fetchone():
            raise NotFound(f"there is no group {group_id}")
        for index, game in enumerate(games):
            stored[index] = _insert_game(db, game, keys[index], group_id)
        insert_staged(db, staged, [stored[i] for i in range(len(games))])
        # The finished ones are their group's newest rating events, rated here.
        games_imported(db, [stored[i] for i in range(len(games))])
    # After the import's own transaction: the careers' figures of each game, so the
    # player pages read them instead of replaying (only a cache: see ``figures``).
    refresh(db, [stored[i] for i in range(len(games))])
    return [(stored[i], keys[i]) for i in range(len(games))]


def _game_rows(db: Database, game: ImportedGame) -> list[HandRows]:
    """The rows of each of the game's hands, as ``staged_rows`` stages them."""
    rules = table_of(game.game, len(game.players))
    return [
        hand_rows(
            db,
            rules,
            hand.number,
            replayed,
            hand.revision,
            hand.created_at,
            hand.updated_at,
            hand.offline_by,
        )
        for hand, replayed in zip(game.hands, game.progress.hands, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class StagedRows:
    """The hands, seats and revisions of imported games, worked out and written to this
    connection's temporary tables before the import's write transaction (``staged_rows``),
    so that the transaction copies each kind of row in one statement (``insert_staged``)
    whatever the number of hands. A statement per row gives Python's GIL back at every
    row, and with the server's other threads busy each row then waits to get it back,
    while every other group's save waits for the writer lock (issue 54: a 10,000-hand
    night held it 150 ms on a quiet server, 900 ms beside a flood of requests). Temporary
    tables belong to the connection alone: writing them takes no lock of the database
    file, nobody else reads them, and they are gone with the connection if the process
    dies. A hand is named by its place among all the hands (``k``, from 1), its game by its
    place among the games (``g``, from 0)."""

    hands: tuple[tuple[str, tuple[str, ...]], ...]
    seats: tuple[tuple[str, tuple[str, ...]], ...]
    revisions: str
    games: str


REVISION_COLUMNS = ("number", "revision", "action", "hand", "created_at", "offline_by")


@contextmanager
def staged_rows(db: Database, games: Sequence[ImportedGame]) -> Iterator[StagedRows]:
    """Every row of ``games``' hands, seats and revisions in temporary tables, for
    ``insert_staged`` in the write transaction the caller opens inside this block; the
    tables are dropped when it ends, stored or not."""
    hands: dict[tuple[str, ...], list[list[Any]]] = {}
    seats: dict[tuple[str, ...], list[list[Any]]] = {}
    revisions: list[list[Any]] = []
    place = 0
    for index, game in enumerate(games):
        for values, seat_rows in _game_rows(db, game):
            place += 1
            hands.setdefault(tuple(values), []).append([index, place, *values.values()])
            for row in seat_rows:
                seats.setdefault(tuple(row), []).append([place, *row.values()])
        revisions.extend(
            [
                index,
                0,
                r.number,
                r.revision,
                r.action,
                json.dumps(r.hand, sort_keys=True),
                r.created_at,
                r.offline_by,
            ]
            for r in game.revisions
        )
    prefix = f"import_{secrets.token_hex(6)}"
    made: list[str] = []
    outer = db.conn.in_transaction  # a caller's own transaction is left to the caller

    def table(name: str, columns: Sequence[str], rows: list[list[Any]]) -> str:
        made.append(f"{prefix}_{name}")
        names = ", ".join(f'"{column}"' for column in ("g", "k", *columns))
        db.conn.execute(f"CREATE TEMP TABLE {made[-1]} ({names})")
        db.conn.executemany(
            f"INSERT INTO temp.{made[-1]} VALUES ({', '.join('?' * (len(columns) + 2))})", rows
        )
        return made[-1]

    try:
        staged = StagedRows(
            tuple(
                (table(f"hands_{n}", columns, rows), columns)
                for n, (columns, rows) in enumerate(hands.items())
            ),
            tuple(
                (table(f"seats_{n}", columns, [[0, *row] for row in rows]), columns)
                for n, (columns, rows) in enumerate(seats.items())
            ),
            table("revisions", REVISION_COLUMNS, revisions),
            f"{prefix}_games",
        )
        db.conn.execute(f"CREATE TEMP TABLE {staged.games} (g INTEGER PRIMARY KEY, id)")
        made.append(staged.games)
        if not outer:
            db.conn.commit()  # the temporary tables' own transaction, before the import's
        yield staged
    finally:
        if db.conn.in_transaction and not outer:
            db.conn.rollback()
        for name in made:
            db.conn.execute(f"DROP TABLE IF EXISTS temp.{name}")


def insert_staged(db: Database, staged: StagedRows, game_ids: Sequence[int]) -> None:
    """Copies ``staged`` (``staged_rows`` of games stored as ``game_ids``, in order) into
    the database in the caller's write transaction: one statement per kind of row and set
    of columns, so the statements do not grow with the hands. Hand ids are given here,
    after the highest there is, which no other writer can take while the transaction holds
    the writer lock. Each table is read in the order it was written (by ``rowid``, which
    costs no sorting): the hands' and seats' ids ascending, so each insert appends."""
    games = f"temp.{staged.games}"
    db.execute(
        f"INSERT INTO {games} (g, id) SELECT key, value FROM json_each(?)",
        [json.dumps(list(game_ids))],
    )
    base = db.execute("SELECT coalesce(max(id), 0) FROM hands").fetchone()[0]
    for name, columns in staged.hands:
        db.execute(
            f"INSERT INTO hands (id, game_id, {', '.join(_quoted(columns))}) SELECT ? + r.k, "
            f"(SELECT id FROM {games} WHERE g = r.g), "
            f"{', '.join(f'r.{c}' for c in _quoted(columns))} FROM temp.{name} r ORDER BY r.rowid",
            [base],
        )
    for name, columns in staged.seats:
        listed = ", ".join(_quoted(columns))
        db.execute(
            f"INSERT INTO hand_seats (hand_id, {listed}) SELECT ? + r.k, "
            f"{', '.join(f'r.{c}' for c in _quoted(columns))} FROM temp.{name} r ORDER BY r.rowid",
            [base],
        )
    listed = ", ".join(_quoted(REVISION_COLUMNS))
    db.execute(
        f"INSERT INTO hand_revisions (game_id, {listed}) "
        f"SELECT (SELECT id FROM {games} WHERE g = r.g), "
        f"{', '.join(f'r.{c}' for c in _quoted(REVISION_COLUMNS))} "
        f"FROM temp.{staged.revisions} r ORDER BY r.rowid",
    )


def _quoted(columns: Sequence[str]) -> list[str]:
    return [f'"{column}"' for column in columns]


def _insert_game(db: Database, game: ImportedGame, key: str, group_id: int) -> int:
    """Stores the game's row, its players and its changes of seats; its hands and
    revisions are ``insert_staged``'s."""
    progress = game.progress
    rules = table_of(game.game, len(game.players))
    game_id = db.execute(
        "INSERT INTO games (created_at, updated_at, game, rules, settings, first_dealer, "
        "status, winner, hand_count, version, edit_key_hash, name, notes, finished_after, "
        "starting_totals, group_id, view_hash, view_sealed) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game.created_at,
            game.updated_at,
            game.game,
            game.rules,
            game.settings.to_json(),
            game.first_dealer,
            progress.status,
            progress.winner,
            len(progress.hands),
            hash_key(key),
            game.name,
            game.notes,
            game.finished_after,
            json.dumps(list(game.starting_totals)) if game.starting_totals else None,
            group_id,
            *seal(db, "view", new_token()),
        ],
    ).lastrowid
    assert game_id is not None
    sat = [*game.players, *(change.name for change in game.changes)]
    refuse_in_group(db, group_id, [("players", name) for name in sat])
    db.conn.executemany(
        "INSERT INTO players (game_id, seat, name, total) VALUES (?, ?, ?, ?)",
        [
            (game_id, seat, name, total)
            for seat, (name, total) in enumerate(
                zip(game.players, seat_values(rules, progress.totals), strict=True)
            )
        ],
    )
    db.conn.executemany(
        "INSERT INTO seat_changes (game_id, from_hand, seat, name) VALUES (?, ?, ?, ?)",
        [(game_id, c.from_hand, c.seat, c.name) for c in game.changes],
    )
    return game_id
