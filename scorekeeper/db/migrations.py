"""The schema, as named migrations (``Migrations("scorekeeper")``) and nothing else.

A migration, once released, is never changed: a file written by any earlier version is
brought up to date by running the ones it has not had, in order.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import secrets
import sqlite3
from datetime import UTC, datetime

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .connection import IN_MEMORY, connect
from .plain_hands import REWRITE

migrations = Migrations("scorekeeper")


def apply_migrations(db: Database) -> None:
    """Applies every pending migration in one transaction: all of them, or (when one
    fails, which raises) none, so the file is left as it was.

    The transaction takes the write lock as it begins (BEGIN IMMEDIATE), before it reads
    which migrations the file has had. Begun as a reader, two processes migrating a new
    file at once both read it, and the second to write fails at once with "database is
    locked": SQLite cannot wait for a reader to become a writer while another writes. A
    writer's lock is waited for (the connection's busy timeout), and the one who waited
    then reads a file already migrated, and applies nothing.

    An empty file (a new database) is given at once what the migrations make of one
    (``_made_at_once``): a test run makes thousands of new files, and running some thirty
    migrations on each was a good part of its time.
    """
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            migrations.apply(db)  # each migration's own transaction nests as a savepoint
        else:
            _made_at_once(db)
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


# What every migration makes of an empty database, by the migrations it was made with.
_FINAL: dict[tuple, tuple[list[str], list[tuple[str, str, list[tuple]]], list[tuple]]] = {}


def _final_schema() -> tuple[list[str], list[tuple[str, str, list[tuple]]], list[tuple]]:
    """What the migrations make of an empty database, as they make it: run once a process
    on a database in memory (opened by ``connection.connect``, as a file is), read back as
    its statements (tables, then indexes, triggers and views, each in the order made, as
    SQLite keeps their text), the rows they left (the list of migrations applied) and
    ``sqlite_sequence``'s. Kept by the migrations' names and functions: another list (a
    test's) is run again."""
    key = tuple((each.name, each.fn, each.transactional) for each in migrations._migrations)
    if key not in _FINAL:
        made = connect(IN_MEMORY)
        memory = made.conn
        try:
            migrations.apply(made)
            master = memory.execute(
                "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
                "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
            ).fetchall()
            statements = [
                sql
                for kind in ("table", "index", "trigger", "view")
                for t, _, sql in master
                if t == kind
            ]
            rows = []
            for kind, name, _ in master:
                if kind != "table":
                    continue
                cursor = memory.execute(f'SELECT * FROM "{name}" ORDER BY {_order(memory, name)}')
                found = cursor.fetchall()
                if found:
                    columns = ", ".join(f'"{column[0]}"' for column in cursor.description)
                    rows.append((name, columns, found))
            sequence = []
            if memory.execute(
                "SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'"
            ).fetchone():
                sequence = memory.execute("SELECT name, seq FROM sqlite_sequence").fetchall()
            _FINAL[key] = (statements, rows, sequence)
        finally:
            memory.close()
    return _FINAL[key]


def _order(conn: sqlite3.Connection, table: str) -> str:
    """The order a table's rows are stored in: by rowid, or by primary key for a table
    made WITHOUT ROWID."""
    try:
        conn.execute(f'SELECT rowid FROM "{table}" LIMIT 0')
    except sqlite3.OperationalError:
        keys = [row for row in conn.execute(f'PRAGMA table_info("{table}")') if row[5]]
        return ", ".join(f'"{row[1]}"' for row in sorted(keys, key=lambda row: row[5]))
    return "rowid"


def _made_at_once(db: Database) -> None:
    """Gives an empty database (a new file) the schema and rows every migration makes,
    at once, rather than running each migration in turn: the same tables, columns,
    indexes, triggers and views, each with the text SQLite keeps of it, and the same
    list of migrations applied (stamped now, when this file had them). A file that holds
    anything at all is migrated one migration after another (``migrations.apply``)."""
    statements, rows, sequence = _final_schema()
    for statement in statements:
        db.conn.execute(statement)
    for name, columns, found in rows:
        marks = ", ".join("?" * len(found[0]))
        db.conn.executemany(f'INSERT INTO "{name}" ({columns}) VALUES ({marks})', found)
    if sequence:
        db.conn.executemany("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", sequence)
    db.conn.execute(
        f'UPDATE "{migrations.migrations_table}" SET applied_at = ?',
        [str(datetime.now(UTC))],
    )


def pending(db: Database) -> bool:
    """Whether the file lacks a migration; read without taking any lock."""
    return bool(migrations.pending(db))


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


@migrations()
def m003_game_key(db: Database) -> None:
    # Every game stored before games had a key is Israeli Whist.
    db["games"].add_column("game", str, not_null_default="israeli-whist")


@migrations()
def m004_hand_record(db: Database) -> None:
    """Adds ``hands.record``, the game's own dict of the hand as JSON, and fills it for
    every stored hand from the columns that held it until now (Israeli Whist's, the only
    game there was), in the form that game's ``to_dict`` writes."""
    db["hands"].add_column("record", str)
    cursor = db.conn.cursor()
    cursor.row_factory = sqlite3.Row
    rows = cursor.execute(
        "SELECT h.id, h.thrown_in, h.frisch_rounds, h.declarer, h.bid, "
        "s.contract, s.tricks, s.revokes "
        "FROM hands h LEFT JOIN hand_seats s ON s.hand_id = h.id ORDER BY h.id, s.seat"
    )
    records = []
    for hand_id, group in itertools.groupby(rows, key=lambda row: row["id"]):
        seats = list(group)
        first = seats[0]
        if first["thrown_in"]:
            record = {"thrown_in": True, "frisch_rounds": first["frisch_rounds"]}
        else:
            record = {
                "thrown_in": False,
                "declarer": first["declarer"],
                "bid": first["bid"],
                "frisch_rounds": first["frisch_rounds"],
                "contracts": [seat["contract"] for seat in seats],
                "tricks": [seat["tricks"] for seat in seats],
                "revokes": [seat["revokes"] for seat in seats],
            }
        records.append((json.dumps(record, sort_keys=True), hand_id))
    db.conn.executemany("UPDATE hands SET record = ? WHERE id = ?", records)


@migrations()
def m005_game_finished_after(db: Database) -> None:
    # "Finish now": the number of hands recorded when the table asked to end the game (the
    # side ahead wins; a tie plays on), null when it never asked. Only a game whose rules
    # have "finish now" (Bid Whist) sets it.
    db["games"].add_column("finished_after", int)


@migrations()
def m006_game_starting_totals(db: Database) -> None:
    # Starting totals: a game carried on from a paper sheet or an earlier evening starts
    # from these, one per side, as a JSON list ("hand 0"); null for a game from zero.
    db["games"].add_column("starting_totals", str)


@migrations()
def m007_seat_changes(db: Database) -> None:
    # A player leaves or joins mid-game: from hand ``from_hand`` on, ``name`` sits in
    # ``seat`` and the seat's total carries on. ``players`` keeps the table as it sat
    # down; ``sitters`` is everyone who sat in a game, with the hand they sat down at and
    # whether they still sat at the end (for records and wins).
    db.execute(
        "CREATE TABLE seat_changes (game_id INTEGER NOT NULL REFERENCES games(id), "
        "from_hand INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, "
        "PRIMARY KEY (game_id, seat, from_hand))"
    )
    db.execute(
        "CREATE VIEW sitters AS "
        "SELECT p.game_id, p.seat, p.name, 1 AS from_hand, NOT EXISTS (SELECT 1 FROM "
        "seat_changes c WHERE c.game_id = p.game_id AND c.seat = p.seat) AS at_end "
        "FROM players p UNION ALL "
        "SELECT c.game_id, c.seat, c.name, c.from_hand, NOT EXISTS (SELECT 1 FROM "
        "seat_changes d WHERE d.game_id = c.game_id AND d.seat = c.seat "
        "AND d.from_hand > c.from_hand) AS at_end FROM seat_changes c"
    )


@migrations()
def m008_hand_state(db: Database) -> None:
    # ``hands.state``: the game's own state after the hand (its state's ``to_dict()``, as JSON:
    # totals, next dealer, hands so far, who won…), so a save scores the next hand from the
    # last one's state instead of replaying the whole game. Null for hands stored before
    # this column: the first write that needs one replays that game once and fills them.
    db["hands"].add_column("state", str)


@migrations()
def m009_list_indexes_and_game_figures(db: Database) -> None:
    # Lists at ten thousand games (issue 12). A player's games by name wherever they sat
    # (``sitters`` reads both tables by name); the export's parts from ids and hand
    # counts alone, without reading each game's settings.
    db.execute("CREATE INDEX IF NOT EXISTS idx_seat_changes_name ON seat_changes (name)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_players_name_game ON players (name, game_id)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_games_parts ON games (id, hand_count, version)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_games_status_id ON games (status, id)")
    # Figures derived from a game by its rules (careers, head-to-head), kept so a page
    # sums them instead of replaying every game: one row per game, valid only while the
    # game's version is ``version`` and the figures are written in ``format``. Anything
    # else is stale and worked out again; deleting every row loses nothing.
    db.execute(
        "CREATE TABLE game_figures (game_id INTEGER PRIMARY KEY REFERENCES games(id), "
        "version INTEGER NOT NULL, format TEXT NOT NULL, figures TEXT NOT NULL)"
    )


@migrations()
def m010_hand_columns_take_defaults(db: Database) -> None:
    # The data layer writes only the flat columns a game's ``table_columns`` names, so a
    # column a game leaves out must have a default: ``frisch_rounds`` has been NOT NULL
    # since the first schema, and a game without Frisch rounds stores 0 there, as it did.
    # SQLite cannot give a column a default in place: the table is rebuilt, rows, ids and
    # indexes as they were.
    db["hands"].transform(defaults={"frisch_rounds": 0})


@migrations()
def m011_groups(db: Database) -> None:
    """Private groups (issue 21): a group is the friends who play together, and every game
    belongs to one. ``groups`` holds each group's ``name`` (null: the default name, shown
    translated as "Our table"), the SHA-256 of its key (``key_hash``, hashed as edit keys
    are), its ``invite`` token (stored raw: the server's owner is shown the invite links)
    and ``member_epoch`` (bumped to drop every member). ``games.group_id`` is the game's
    group; ``games.view_token`` the token of its shareable view link, stored raw.

    A file with games gets one group, with a fresh invite and the hash of a fresh key that
    nobody is told (the owner makes a new one when the API needs it), and every game moves
    into it; a file without games gets none. Each game gets its own view token. Written
    out here rather than calling the data layer's functions, so that this migration does
    what it did when released, whatever they become.
    """
    db.execute(
        "CREATE TABLE groups (id INTEGER PRIMARY KEY, name TEXT, key_hash TEXT NOT NULL, "
        "invite TEXT NOT NULL UNIQUE, member_epoch INTEGER NOT NULL DEFAULT 1, "
        "created_at TEXT NOT NULL)"
    )
    db.execute("ALTER TABLE games ADD COLUMN group_id INTEGER")
    db.execute("ALTER TABLE games ADD COLUMN view_token TEXT")
    game_ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY id")]
    if game_ids:
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        unknown_key = hashlib.sha256(secrets.token_urlsafe(32).encode("utf-8")).hexdigest()
        group_id = db.execute(
            "INSERT INTO groups (name, key_hash, invite, member_epoch, created_at) "
            "VALUES (NULL, ?, ?, 1, ?)",
            [unknown_key, secrets.token_urlsafe(18), stamp],
        ).lastrowid
        db.conn.executemany(
            "UPDATE games SET group_id = ?, view_token = ? WHERE id = ?",
            [(group_id, secrets.token_urlsafe(18), game_id) for game_id in game_ids],
        )
    # Rebuilt, so that both columns are NOT NULL and the group a foreign key (SQLite cannot
    # add either to a column in place): rows, ids, columns, defaults and indexes as they
    # were. The rows that refer to games are checked once the new table has taken the old
    # one's name.
    db.execute("PRAGMA defer_foreign_keys = ON")
    db.execute(
        "CREATE TABLE games_m011 (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, "
        "updated_at TEXT NOT NULL, rules TEXT, settings TEXT NOT NULL, "
        "first_dealer INTEGER NOT NULL, status TEXT NOT NULL DEFAULT 'in_progress', "
        "winner INTEGER, hand_count INTEGER DEFAULT 0, version INTEGER DEFAULT 0, "
        "edit_key_hash TEXT, name TEXT, notes TEXT, "
        "game TEXT NOT NULL DEFAULT 'israeli-whist', finished_after INTEGER, "
        "starting_totals TEXT, group_id INTEGER NOT NULL REFERENCES groups(id), "
        "view_token TEXT NOT NULL)"
    )
    columns = (
        "id, created_at, updated_at, rules, settings, first_dealer, status, winner, "
        "hand_count, version, edit_key_hash, name, notes, game, finished_after, "
        "starting_totals, group_id, view_token"
    )
    db.execute(f"INSERT INTO games_m011 ({columns}) SELECT {columns} FROM games")
    db.execute("DROP TABLE games")
    # Legacy renaming, as sqlite-utils' transform does: the new table takes the name the
    # other tables' foreign keys already give, which are left as they are.
    legacy = db.execute("PRAGMA legacy_alter_table").fetchone()[0]
    db.execute("PRAGMA legacy_alter_table = ON")
    db.execute("ALTER TABLE games_m011 RENAME TO games")
    db.execute(f"PRAGMA legacy_alter_table = {int(legacy)}")
    db.execute("CREATE INDEX idx_games_status_created_at ON games (status, created_at)")
    db.execute("CREATE INDEX idx_games_parts ON games (id, hand_count, version)")
    db.execute("CREATE INDEX idx_games_status_id ON games (status, id)")
    # A group's games, newest first, from the index alone; a view link finds its game.
    db.execute("CREATE INDEX idx_games_group_id ON games (group_id, id)")
    db.execute("CREATE UNIQUE INDEX idx_games_view_token ON games (view_token)")
    # Dropping the old table counted every row that refers to a game as a violation, to be
    # refused at commit; the rows refer to the new table now, as the check shows, so the
    # count is let go (turning the deferral off forgets it), as sqlite-utils' transform does.
    if db.execute("PRAGMA foreign_key_check").fetchall():
        raise sqlite3.IntegrityError("m011_groups: a row refers to a game or group not there")
    db.execute("PRAGMA defer_foreign_keys = OFF")


@migrations()
def m012_group_names(db: Database) -> None:
    """Each group's player names, kept as the seats are written (issue 21): the name
    suggestions of a new game and the players' index read a group's names in O(names),
    where gathering them from its games' seats reads every seat (40,000 rows for a group
    of 10,000 games).

    ``group_names`` has a row per group and name: ``seats``, how many seats of the group's
    games (first seats and seat changes) carry the name, and ``last_game``, the newest such
    game. Triggers keep it, so that every writer (a new game, a seat change, an import)
    does so in its own transaction: a seat added counts up; a seat change removed (a seat
    change is replaced, or its hands undone; first seats are never removed) counts down,
    and the row goes at 0; a game moved to another group moves its seats. A later
    migration that rebuilds ``players``, ``seat_changes`` or ``games`` must make these
    triggers again.
    """
    db.execute(
        "CREATE TABLE group_names (group_id INTEGER NOT NULL REFERENCES groups(id), "
        "name TEXT NOT NULL, seats INTEGER NOT NULL, last_game INTEGER NOT NULL, "
        "PRIMARY KEY (group_id, name)) WITHOUT ROWID"
    )
    db.execute(
        "INSERT INTO group_names (group_id, name, seats, last_game) "
        "SELECT g.group_id, s.name, count(*), max(s.game_id) FROM "
        "(SELECT game_id, name FROM players UNION ALL SELECT game_id, name FROM seat_changes) s "
        "JOIN games g ON g.id = s.game_id GROUP BY g.group_id, s.name"
    )
    for table in ("players", "seat_changes"):
        db.execute(
            f"CREATE TRIGGER group_names_{table}_insert AFTER INSERT ON {table} BEGIN "
            "INSERT INTO group_names (group_id, name, seats, last_game) "
            "SELECT group_id, NEW.name, 1, NEW.game_id FROM games WHERE id = NEW.game_id "
            "ON CONFLICT (group_id, name) DO UPDATE SET seats = seats + 1, "
            "last_game = max(last_game, excluded.last_game); END"
        )
    # The newest game of the group left carrying a name, by the names' indexes.
    newest = (
        "max(coalesce((SELECT max(p.game_id) FROM players p JOIN games g ON g.id = p.game_id "
        "WHERE p.name = group_names.name AND g.group_id = group_names.group_id), 0), "
        "coalesce((SELECT max(c.game_id) FROM seat_changes c JOIN games g ON g.id = c.game_id "
        "WHERE c.name = group_names.name AND g.group_id = group_names.group_id), 0))"
    )
    db.execute(
        "CREATE TRIGGER group_names_seat_changes_delete AFTER DELETE ON seat_changes BEGIN "
        "UPDATE group_names SET seats = seats - 1 WHERE name = OLD.name "
        "AND group_id = (SELECT group_id FROM games WHERE id = OLD.game_id); "
        "DELETE FROM group_names WHERE seats <= 0 AND name = OLD.name "
        "AND group_id = (SELECT group_id FROM games WHERE id = OLD.game_id); "
        f"UPDATE group_names SET last_game = {newest} WHERE name = OLD.name "
        "AND group_id = (SELECT group_id FROM games WHERE id = OLD.game_id); END"
    )
    # A game moved to another group (nothing in the app moves one; a script may) takes its
    # seats' names along.
    seats = (
        "(SELECT name FROM players WHERE game_id = NEW.id "
        "UNION ALL SELECT name FROM seat_changes WHERE game_id = NEW.id)"
    )
    db.execute(
        "CREATE TRIGGER group_names_game_moved AFTER UPDATE OF group_id ON games "
        "WHEN OLD.group_id IS NOT NEW.group_id BEGIN "
        f"UPDATE group_names SET seats = seats - (SELECT count(*) FROM {seats} s "
        "WHERE s.name = group_names.name) "
        f"WHERE group_id = OLD.group_id AND name IN {seats}; "
        "DELETE FROM group_names WHERE group_id = OLD.group_id AND seats <= 0; "
        f"UPDATE group_names SET last_game = {newest} "
        f"WHERE group_id = OLD.group_id AND name IN {seats}; "
        "INSERT INTO group_names (group_id, name, seats, last_game) "
        f"SELECT NEW.group_id, name, count(*), NEW.id FROM {seats} WHERE true GROUP BY name "
        "ON CONFLICT (group_id, name) DO UPDATE SET seats = seats + excluded.seats, "
        "last_game = max(last_game, excluded.last_game); END"
    )


@migrations()
def m013_ratings(db: Database) -> None:
    """Ratings within a group (issue 22, docs/rules/ratings.md), kept so that a finished game
    costs one rating event, not a re-rating of the group.

    ``rating_games`` is the order of the rating events: a row per finished game with its
    group, its kind (``games.game``), its ``position`` (unique over the file, taken in the
    order games finish), ``finished_at`` and ``rated`` (0 until its event is rated).
    ``ratings`` holds each group, kind and player's current ``mu``, ``sigma`` and
    ``games``; ``rating_history`` each player's rating after each rated game (and before
    it, for a trend), with the share of the game's hands they sat.

    A file's finished games are put in order here, by when their last hand was recorded
    (the game's ``updated_at`` for a game without hands), then by id, and left unrated:
    the data layer rates a group's pending events the first time its ratings are read or
    a game of it changes (``db.ratings.rate_pending``), so that this migration does what
    it did when released, whatever the rating rules become. A trigger keeps a finished
    game's event with its group when a script moves the game to another (both groups'
    events of its kind wait to be rated again); a later migration that rebuilds ``games``
    must make it again.
    """
    db.execute(
        "CREATE TABLE rating_games (game_id INTEGER PRIMARY KEY REFERENCES games(id), "
        "group_id INTEGER NOT NULL REFERENCES groups(id), game TEXT NOT NULL, "
        "position INTEGER NOT NULL UNIQUE, finished_at TEXT NOT NULL, "
        "rated INTEGER NOT NULL DEFAULT 0)"
    )
    db.execute("CREATE INDEX idx_rating_games_order ON rating_games (group_id, game, position)")
    db.execute(
        "CREATE INDEX idx_rating_games_pending ON rating_games (group_id, game, position) "
        "WHERE rated = 0"
    )
    db.execute(
        "CREATE TABLE ratings (group_id INTEGER NOT NULL REFERENCES groups(id), "
        "game TEXT NOT NULL, player TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, "
        "games INTEGER NOT NULL, PRIMARY KEY (group_id, game, player)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE rating_history (game_id INTEGER NOT NULL REFERENCES games(id), "
        "player TEXT NOT NULL, group_id INTEGER NOT NULL, game TEXT NOT NULL, "
        "position INTEGER NOT NULL, share REAL NOT NULL, mu_before REAL NOT NULL, "
        "sigma_before REAL NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, "
        "games INTEGER NOT NULL, PRIMARY KEY (game_id, player))"
    )
    db.execute(
        "CREATE INDEX idx_rating_history_player "
        "ON rating_history (group_id, game, player, position)"
    )
    db.execute(
        "CREATE INDEX idx_rating_history_position "
        "ON rating_history (group_id, game, position, player)"
    )
    # A finished game moved to another group (nothing in the app moves one; a script
    # may): the group it left rates its kind again from scratch, and the group it joined
    # from the game's place on, the first time their ratings are read or change.
    db.execute(
        "CREATE TRIGGER rating_games_game_moved AFTER UPDATE OF group_id ON games "
        "WHEN OLD.group_id IS NOT NEW.group_id "
        "AND EXISTS (SELECT 1 FROM rating_games WHERE game_id = NEW.id) BEGIN "
        "DELETE FROM rating_history WHERE game_id = NEW.id; "
        "DELETE FROM ratings WHERE group_id = OLD.group_id AND game = NEW.game; "
        "DELETE FROM rating_history WHERE group_id = OLD.group_id AND game = NEW.game; "
        "UPDATE rating_games SET rated = 0 WHERE group_id = OLD.group_id AND game = NEW.game; "
        "UPDATE rating_games SET group_id = NEW.group_id WHERE game_id = NEW.id; "
        "UPDATE rating_games SET rated = 0 WHERE group_id = NEW.group_id AND game = NEW.game "
        "AND position >= (SELECT position FROM rating_games WHERE game_id = NEW.id); END"
    )
    db.execute(
        "INSERT INTO rating_games (game_id, group_id, game, position, finished_at, rated) "
        "SELECT id, group_id, game, row_number() OVER (ORDER BY finished_at, id), "
        "finished_at, 0 FROM (SELECT g.id, g.group_id, g.game, coalesce((SELECT h.created_at "
        "FROM hands h WHERE h.game_id = g.id ORDER BY h.number DESC LIMIT 1), g.updated_at) "
        "AS finished_at FROM games g WHERE g.status = 'finished')"
    )


# The expressions by which a game takes its place among its group's evenings: when its
# first and last hands were recorded, or when it was started while it has none.
GAME_FROM = "coalesce(first_hand_at, created_at)"
GAME_UNTIL = "coalesce(last_hand_at, created_at)"


@migrations()
def m014_game_hand_times(db: Database) -> None:
    """When each game's first and last hands were recorded (issue 22's evenings), kept on
    the game's row so a group's evenings are found from one index, without reading hands.

    ``games.first_hand_at`` and ``games.last_hand_at`` are the least and greatest
    ``hands.created_at`` of the game's hands (when each was first recorded: an edit keeps
    it), null while it has none. Triggers keep them, so that every writer (a save, an edit,
    a delete, an import) does so in its own transaction. Filled here for the hands already
    stored. ``idx_games_group_played`` orders a group's games by when they were played
    (a game without hands by when it was started), with when each was last played, so an
    evening's neighbours are read from the index alone. A later migration that rebuilds
    ``hands`` or ``games`` must make these triggers again.
    """
    db.execute("ALTER TABLE games ADD COLUMN first_hand_at TEXT")
    db.execute("ALTER TABLE games ADD COLUMN last_hand_at TEXT")
    recount = (
        "UPDATE games SET "
        "first_hand_at = (SELECT min(created_at) FROM hands WHERE game_id = games.id), "
        "last_hand_at = (SELECT max(created_at) FROM hands WHERE game_id = games.id) "
    )
    db.execute(f"{recount} WHERE id IN (SELECT game_id FROM hands)")
    db.execute(
        f"CREATE INDEX idx_games_group_played ON games (group_id, {GAME_FROM}, id, {GAME_UNTIL})"
    )
    db.execute(
        "CREATE TRIGGER games_hand_times_insert AFTER INSERT ON hands BEGIN "
        "UPDATE games SET "
        "first_hand_at = min(coalesce(first_hand_at, NEW.created_at), NEW.created_at), "
        "last_hand_at = max(coalesce(last_hand_at, NEW.created_at), NEW.created_at) "
        "WHERE id = NEW.game_id; END"
    )
    db.execute(
        "CREATE TRIGGER games_hand_times_delete AFTER DELETE ON hands BEGIN "
        f"{recount} WHERE id = OLD.game_id; END"
    )
    db.execute(
        "CREATE TRIGGER games_hand_times_update AFTER UPDATE OF created_at, game_id ON hands "
        f"BEGIN {recount} WHERE id IN (OLD.game_id, NEW.game_id); END"
    )


@migrations()
def m015_phones_and_members(db: Database) -> None:
    """Memberships and a phone's keys kept on the server (issue 29), behind a random id.

    ``phones`` is one row per browser that holds anything: ``token_hash`` (SHA-256 of the
    random token its session cookie carries; the token itself is never stored) and
    ``created_at``. ``phone_keys`` holds the edit keys a phone remembers, each sealed
    with its phone's token (XOR with an HMAC stream of it), so that neither the cookie nor
    the file alone yields a key. ``phone_views`` holds the games a phone opened by view
    link, with the view token it opened (a new view link ends the grant).

    ``members`` is a group's membership history: a row per time a phone joined a group,
    with the ``label`` the phone gave itself (null: none), ``joined_at``, and once it is
    over ``left_at`` and ``removed_by`` (the member row of whoever removed it; null when
    the phone left by itself). A phone is a member while its row has no ``left_at``;
    ``told`` is 0 from its removal until the removed phone's next request, which tells it
    (and has it forget the group's pages it kept).
    Cookies from before this migration carry their keys and memberships inside; the app
    moves them here on their first request.
    """
    db.execute(
        "CREATE TABLE phones (id INTEGER PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, "
        "created_at TEXT NOT NULL)"
    )
    db.execute(
        "CREATE TABLE phone_keys (phone_id INTEGER NOT NULL REFERENCES phones(id), "
        "game_id INTEGER NOT NULL, sealed TEXT NOT NULL, kept_at TEXT NOT NULL, "
        "PRIMARY KEY (phone_id, game_id)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE phone_views (phone_id INTEGER NOT NULL REFERENCES phones(id), "
        "game_id INTEGER NOT NULL, view_token TEXT NOT NULL, kept_at TEXT NOT NULL, "
        "PRIMARY KEY (phone_id, game_id)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE members (id INTEGER PRIMARY KEY, "
        "group_id INTEGER NOT NULL REFERENCES groups(id), "
        "phone_id INTEGER NOT NULL REFERENCES phones(id), label TEXT, "
        "joined_at TEXT NOT NULL, left_at TEXT, removed_by INTEGER REFERENCES members(id), "
        "told INTEGER NOT NULL DEFAULT 1)"
    )
    db.execute(
        "CREATE UNIQUE INDEX idx_members_current ON members (phone_id, group_id) "
        "WHERE left_at IS NULL"
    )
    db.execute("CREATE INDEX idx_members_group ON members (group_id, id)")
    db.execute("CREATE INDEX idx_members_untold ON members (phone_id) WHERE told = 0")


@migrations()
def m016_seats_by_group(db: Database) -> None:
    """A name's seats found within its group (issue 35): a group's pages (a player's page,
    head-to-head, History by player) seek the group's seats of a name, never every seat
    the name has on the server. Before, they read every seat of the name through
    ``idx_players_name_game`` and kept the group's afterwards, so a common name's page in
    a small group cost what that name had played in every other group.

    ``players.group_id`` and ``seat_changes.group_id`` are the group of the seat's game,
    copied from ``games.group_id`` and indexed group first, then name, then game. Filled
    here for the seats already stored; triggers keep them, so that every writer (a new
    game, a seat change, an import, a script moving a game to another group) does so in
    its own transaction. A later migration that rebuilds ``players``, ``seat_changes`` or
    ``games`` must make these triggers again.

    ``game_stats`` keeps a game's statistics (its rules' ``game_stats``), as
    ``game_figures`` keeps its figures: one row per game, valid only while the game's
    version is ``version`` and the statistics are written in ``format``, worked out the
    first time the game's statistics page is asked for at that version. A long game's
    statistics page reads them instead of replaying every hand; deleting every row loses
    nothing.

    ``ratings.recent`` keeps each player's rating before and after each of their last ten
    games of the kind (a JSON list, newest first, of ``[mu_before, sigma_before, mu,
    sigma]``), what the ratings page draws as the trend: written with the rating, so the
    page reads one row per player instead of their history. Filled here for the ratings
    already stored.
    """
    db.execute("ALTER TABLE ratings ADD COLUMN recent TEXT")
    db.execute(
        "UPDATE ratings SET recent = (SELECT json_group_array(json_array(h.mu_before, "
        "h.sigma_before, h.mu, h.sigma)) FROM (SELECT mu_before, sigma_before, mu, sigma, "
        "position FROM rating_history WHERE group_id = ratings.group_id "
        "AND game = ratings.game AND player = ratings.player ORDER BY position DESC "
        "LIMIT 10) h)"
    )
    db.execute(
        "CREATE TABLE game_stats (game_id INTEGER PRIMARY KEY REFERENCES games(id), "
        "version INTEGER NOT NULL, format TEXT NOT NULL, stats TEXT NOT NULL)"
    )
    for table in ("players", "seat_changes"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN group_id INTEGER")
        db.execute(
            f"UPDATE {table} SET group_id = "
            f"(SELECT group_id FROM games WHERE games.id = {table}.game_id)"
        )
        db.execute(f"CREATE INDEX idx_{table}_group_name ON {table} (group_id, name, game_id)")
        db.execute(
            f"CREATE TRIGGER {table}_group_insert AFTER INSERT ON {table} BEGIN "
            f"UPDATE {table} SET group_id = (SELECT group_id FROM games WHERE id = NEW.game_id) "
            "WHERE rowid = NEW.rowid; END"
        )
    db.execute(
        "CREATE TRIGGER seats_group_game_moved AFTER UPDATE OF group_id ON games "
        "WHEN OLD.group_id IS NOT NEW.group_id BEGIN "
        "UPDATE players SET group_id = NEW.group_id WHERE game_id = NEW.id; "
        "UPDATE seat_changes SET group_id = NEW.group_id WHERE game_id = NEW.id; END"
    )


@migrations()
def m017_server_keys(db: Database) -> None:
    """Keys of the server itself, not of a group (issue 29): ``server_keys`` holds, by
    ``name``, its ``value``; ``owner`` is the key that starts a group on a server open only
    to invited groups (``serve --invited-only``), made when first asked for and printed by
    ``scorekeeper groups``. Stored as it is, as invite tokens are: who reads the file is
    the owner."""
    db.execute("CREATE TABLE server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL)")


@migrations()
def m018_group_pages_read_what_they_show(db: Database) -> None:
    """A group's pages read what they show, not what it is worked out from (issue 35).

    ``idx_games_group_status``: a group's page lists its games in progress and its latest
    finished ones, newest first. With only ``(group_id, id)`` and ``(status, id)`` SQLite
    walked the group's games backwards to find the finished ones, every game of a group
    of 10,000 that has finished none (28 ms a page); ``(group_id, status, id)`` seeks them.

    ``rated_presets``: the presets a group's rated games of a kind started from, each with
    the position of its first rated game (what the ratings page is called by: Hearts when
    every rated game of the round sheet was Hearts). The page grouped every rating of the
    kind (a row per player and game) to find them, twice a page. Kept by the data layer as
    it rates (``db.ratings``), filled here from the ratings already stored. The trigger
    that re-rates the groups of a finished game moved to another group drops the presets
    of the group it left too.
    """
    db.execute("CREATE INDEX idx_games_group_status ON games (group_id, status, id)")
    db.execute(
        "CREATE TABLE rated_presets (group_id INTEGER NOT NULL REFERENCES groups(id), "
        "game TEXT NOT NULL, rules TEXT NOT NULL, first INTEGER NOT NULL, "
        "PRIMARY KEY (group_id, game, rules)) WITHOUT ROWID"
    )
    db.execute(
        "INSERT INTO rated_presets (group_id, game, rules, first) "
        "SELECT h.group_id, h.game, g.rules, MIN(h.position) FROM rating_history h "
        "JOIN games g ON g.id = h.game_id GROUP BY h.group_id, h.game, g.rules"
    )
    db.execute("DROP TRIGGER rating_games_game_moved")
    db.execute(
        "CREATE TRIGGER rating_games_game_moved AFTER UPDATE OF group_id ON games "
        "WHEN OLD.group_id IS NOT NEW.group_id "
        "AND EXISTS (SELECT 1 FROM rating_games WHERE game_id = NEW.id) BEGIN "
        "DELETE FROM rating_history WHERE game_id = NEW.id; "
        "DELETE FROM ratings WHERE group_id = OLD.group_id AND game = NEW.game; "
        "DELETE FROM rating_history WHERE group_id = OLD.group_id AND game = NEW.game; "
        "DELETE FROM rated_presets WHERE group_id = OLD.group_id AND game = NEW.game; "
        "UPDATE rating_games SET rated = 0 WHERE group_id = OLD.group_id AND game = NEW.game; "
        "UPDATE rating_games SET group_id = NEW.group_id WHERE game_id = NEW.id; "
        "UPDATE rating_games SET rated = 0 WHERE group_id = NEW.group_id AND game = NEW.game "
        "AND position >= (SELECT position FROM rating_games WHERE game_id = NEW.id); END"
    )


@migrations()
def m019_offline_hands(db: Database) -> None:
    """Hands recorded on a phone without the network (issue 34), sent once it is back:
    ``hands.offline_by`` and ``hand_revisions.offline_by`` hold the name of the phone (its
    player) the hand, or that version of it, was recorded on; null for a hand recorded
    online, as every hand stored before this migration was. Added in place: no row,
    index or trigger is touched."""
    db.execute("ALTER TABLE hands ADD COLUMN offline_by TEXT")
    db.execute("ALTER TABLE hand_revisions ADD COLUMN offline_by TEXT")


@migrations()
def m020_tokens_sealed(db: Database) -> None:
    """Invite and view tokens no longer stored as they are (issue 42): a copy of the file
    alone opens no group and no game. ``groups.invite`` becomes ``invite_hash`` and
    ``games.view_token`` becomes ``view_hash``, each the keyed hash of its token (HMAC of
    the secret kept beside the database, ``db.sealing``), by which a link finds its row;
    ``groups.invite_sealed`` and ``games.view_sealed`` hold the token sealed with that
    secret, from which the app shows the link again. ``phone_views.view_token`` becomes
    ``view_hash`` alike. Every token already given out keeps opening what it opened.

    Renamed in place (their UNIQUE constraint and index go with them); no other row,
    index or trigger is touched. The sealing is ``db.sealing``'s, which cannot change
    without making every stored token unreadable, so it is called rather than copied."""
    from .sealing import seal

    # The raw tokens' bytes are overwritten with zeros, not left in the pages' free space.
    secure = db.execute("PRAGMA secure_delete").fetchone()[0]
    db.execute("PRAGMA secure_delete = ON")
    db.execute("ALTER TABLE groups RENAME COLUMN invite TO invite_hash")
    db.execute("ALTER TABLE groups ADD COLUMN invite_sealed TEXT")
    db.execute("ALTER TABLE games RENAME COLUMN view_token TO view_hash")
    db.execute("ALTER TABLE games ADD COLUMN view_sealed TEXT")
    db.execute("DROP INDEX idx_games_view_token")
    db.execute("CREATE UNIQUE INDEX idx_games_view_hash ON games (view_hash)")
    db.execute("ALTER TABLE phone_views RENAME COLUMN view_token TO view_hash")
    groups = db.execute("SELECT id, invite_hash FROM groups").fetchall()
    db.conn.executemany(
        "UPDATE groups SET invite_hash = ?, invite_sealed = ? WHERE id = ?",
        [(*seal(db, "invite", invite), group_id) for group_id, invite in groups],
    )
    games = db.execute("SELECT id, view_hash FROM games").fetchall()
    db.conn.executemany(
        "UPDATE games SET view_hash = ?, view_sealed = ? WHERE id = ?",
        [(*seal(db, "view", token), game_id) for game_id, token in games],
    )
    views = db.execute("SELECT phone_id, game_id, view_hash FROM phone_views").fetchall()
    db.conn.executemany(
        "UPDATE phone_views SET view_hash = ? WHERE phone_id = ? AND game_id = ?",
        [(seal(db, "view", token)[0], phone, game) for phone, game, token in views],
    )
    db.execute(f"PRAGMA secure_delete = {int(secure)}")


@migrations()
def m021_what_a_member_leaves(db: Database) -> None:
    """What a phone held in a group stops opening it when its membership ends (issue 42).

    ``groups.key_member_id`` is the membership that made the group's current API key on
    the group's page (null: made otherwise, or before this migration); the key is revoked
    when that membership ends. ``phone_rekeys`` holds, for a member's phone that kept a
    game's edit key (``phone_keys``) when another phone's membership ended and the game
    got a new edit link, the new key: sealed with the database's secret (``new_hash`` and
    ``sealed``, as ``db.sealing`` stores tokens) until the phone's next request, which
    seals it with its own token instead, if the key it keeps is still the one whose
    SHA-256 is ``old_hash``. Added in place: no row, index or trigger is touched."""
    db.execute("ALTER TABLE groups ADD COLUMN key_member_id INTEGER REFERENCES members(id)")
    db.execute(
        "CREATE TABLE phone_rekeys (phone_id INTEGER NOT NULL REFERENCES phones(id), "
        "game_id INTEGER NOT NULL, old_hash TEXT NOT NULL, new_hash TEXT NOT NULL, "
        "sealed TEXT NOT NULL, PRIMARY KEY (phone_id, game_id)) WITHOUT ROWID"
    )


@migrations()
def m022_club_nights(db: Database) -> None:
    """A club night (issue 45): many tables of one game in a group at once, drawn for each
    series, each table an ordinary game of the group (``club_tables.game_id``), so that
    its hands count in the group's evenings and ratings as any game's.

    ``club_nights`` holds the night's rules as JSON (``engine.club.NightRules.to_dict``),
    the seed its draws are made from, the membership that organises it, and the series
    drawn so far (``series``, claimed by each draw as its first statement). ``club_players``
    is who came, from which series, and after which series they left (null: still here).
    ``club_sitting_out`` is who sat a series out. ``club_confirmations`` are a table's
    list signed by its players at the end of a series, each at the game's ``version``
    they saw (a hand changed since: to be signed again); ``club_disputes`` a hand one of
    them disputes, for the organiser, until resolved. Added in place: no existing row,
    index or trigger is touched."""
    db.execute(
        "CREATE TABLE club_nights (id INTEGER PRIMARY KEY, "
        "group_id INTEGER NOT NULL REFERENCES groups(id), name TEXT, rules TEXT NOT NULL, "
        "seed TEXT NOT NULL, organiser_id INTEGER REFERENCES members(id), "
        "series INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, "
        "finished_at TEXT)"
    )
    db.execute("CREATE INDEX idx_club_nights_group ON club_nights (group_id)")
    db.execute(
        "CREATE TABLE club_players (night_id INTEGER NOT NULL REFERENCES club_nights(id), "
        "name TEXT NOT NULL, from_series INTEGER NOT NULL, left_after INTEGER, "
        "PRIMARY KEY (night_id, name)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE club_tables (id INTEGER PRIMARY KEY, "
        "night_id INTEGER NOT NULL REFERENCES club_nights(id), series INTEGER NOT NULL, "
        "number INTEGER NOT NULL, game_id INTEGER NOT NULL UNIQUE REFERENCES games(id), "
        "UNIQUE (night_id, series, number))"
    )
    db.execute(
        "CREATE TABLE club_sitting_out (night_id INTEGER NOT NULL REFERENCES club_nights(id), "
        "series INTEGER NOT NULL, name TEXT NOT NULL, "
        "PRIMARY KEY (night_id, series, name)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE club_confirmations (table_id INTEGER NOT NULL REFERENCES club_tables(id), "
        "name TEXT NOT NULL, version INTEGER NOT NULL, confirmed_at TEXT NOT NULL, "
        "PRIMARY KEY (table_id, name)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE club_disputes (id INTEGER PRIMARY KEY, "
        "table_id INTEGER NOT NULL REFERENCES club_tables(id), hand_number INTEGER NOT NULL, "
        "name TEXT NOT NULL, note TEXT, created_at TEXT NOT NULL, resolved_at TEXT)"
    )


@migrations()
def m023_skat_states_with_the_lists_foot(db: Database) -> None:
    """A Skat hand's stored state written before the list kept its foot (games won and
    lost, Seeger-Fabian points: no ``won`` in the state) is cleared, so the game is
    replayed once on its next read (``game_play.fill_states``) and shows its foot. Only
    the cache goes: every record, point and total stays as it was."""
    db.execute(
        "UPDATE hands SET state = NULL WHERE state IS NOT NULL "
        "AND json_extract(state, '$.won') IS NULL "
        "AND game_id IN (SELECT id FROM games WHERE game = 'skat')"
    )


@migrations()
def m024_sealed_with_a_key_id(db: Database) -> None:
    """Invite and view tokens, and renewed edit keys waiting for a phone
    (``phone_rekeys``), sealed again the way issue 54 seals them (``db.sealing``): AES-SIV
    under a key of the secrets folder, with the key's id before the value (``k1:...``),
    instead of XOR with an HMAC stream of the secret, which had no check and no key id.
    Their keyed hashes stay as they are (the lookup key does not change), so every link
    keeps opening what it opened.

    A value the secret beside this file does not open (a copy moved without its folder)
    is left as it was: the old sealing is still read, so it opens again once the folder is
    put back, and ``scorekeeper secrets --rotate`` seals it then. The edit keys a phone
    keeps (``phone_keys``) are sealed with the phone's own token, which the server never
    stores: they are sealed again (AES-GCM) on that phone's next request
    (``phones.phone_by_token``), and read as before until then; nothing is dropped.
    The old values' bytes are overwritten with zeros, not left in free pages."""
    from .sealing import seal, unseal

    secure = db.execute("PRAGMA secure_delete").fetchone()[0]
    db.execute("PRAGMA secure_delete = ON")
    for table, key, kind, hashed, sealed in (
        ("groups", "id", "invite", "invite_hash", "invite_sealed"),
        ("games", "id", "view", "view_hash", "view_sealed"),
        ("phone_rekeys", "phone_id, game_id", "edit", "new_hash", "sealed"),
    ):
        rows = db.execute(
            f"SELECT {key}, {hashed}, {sealed} FROM {table} "
            f"WHERE {sealed} IS NOT NULL AND instr({sealed}, ':') = 0"
        ).fetchall()
        updates = []
        for *ids, stored_hash, stored in rows:
            token = unseal(db, kind, stored_hash, stored)
            if token is not None:
                updates.append((*seal(db, kind, token), *ids))
        where = " AND ".join(f"{column} = ?" for column in key.split(", "))
        db.conn.executemany(f"UPDATE {table} SET {hashed} = ?, {sealed} = ? WHERE {where}", updates)
    db.execute(f"PRAGMA secure_delete = {int(secure)}")


@migrations()
def m025_player_names_composed(db: Database) -> None:
    """Players' names in Unicode's composed form (NFC, issue 54): "José" typed as an "e"
    and a combining accent and "José" typed as one "é" were two players of a group, with
    two pages, two ratings and two lines in a night's standings. Names are now cleaned
    into that form as they come in (``names.clean_name``); this brings the stored ones.

    Every seat (``players``, ``seat_changes``), a night's players, who sat out, who signed
    a list and who disputed a hand, and the phone a hand was recorded on take the composed
    form: two spellings of one player become one. Two spellings that sat at one game, or
    came to one club night, are two people, and are kept apart instead: the one not spelt
    composed (else the later seat) takes the name with " (2)", or the next number free in
    the group, in that game, or in that night (its players, who sat out, signed or
    disputed, and its tables' seats). Each group's names (``group_names``) are counted
    again;
    a group whose names changed has its ratings rated again from its first game on, its
    players merged (as ``db.ratings.rebuild`` does, left pending for the next read, as
    m013 left them), and its games' kept figures and statistics are dropped (worked out
    again on the next read). Every hand, total and game stays as it was.

    It says what it did: ``name_changes`` holds a row per group and name it merged
    (``reason`` "merged", ``was`` the spellings stored before, as a JSON list) or kept
    apart ("apart": ``was`` the name before), which the group's page tells once
    (``shown``, ``db.name_changes``); and each is logged as a warning as the upgrade runs.
    """
    import logging
    import unicodedata

    def composed(text: str | None) -> str | None:
        return None if text is None else unicodedata.normalize("NFC", text)

    db.conn.create_function("m025_nfc", 1, composed, deterministic=True)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    db.execute(
        "CREATE TABLE name_changes (id INTEGER PRIMARY KEY, "
        "group_id INTEGER NOT NULL REFERENCES groups(id), name TEXT NOT NULL, "
        "was TEXT NOT NULL, reason TEXT NOT NULL, changed_at TEXT NOT NULL, "
        "shown INTEGER NOT NULL DEFAULT 0)"
    )
    db.execute("CREATE INDEX idx_name_changes_untold ON name_changes (group_id) WHERE shown = 0")
    changes: list[tuple[int, str, str, str]] = []  # group, name, was, reason

    # Two spellings that sat in one game (a seat, or a seat change), or came to one night,
    # are two people: the one not spelt composed (else the later seat) is kept apart
    # under a name of its own.
    taken: dict[int, set[str]] = {}
    for group_id, name in db.execute(
        "SELECT group_id, name FROM players UNION SELECT group_id, name FROM seat_changes"
    ):
        taken.setdefault(group_id, set()).add(composed(name).casefold())

    def apart(group_id: int, name: str) -> str:
        """A name of the group's no one's: ``name`` with " (2)", or the next free number,
        within names.MAX_NAME_LENGTH (30)."""
        base, number = composed(name), 2
        while True:
            suffix = f" ({number})"
            candidate = base[: 30 - len(suffix)] + suffix
            if candidate.casefold() not in taken.setdefault(group_id, set()):
                taken[group_id].add(candidate.casefold())
                changes.append((group_id, candidate, json.dumps(name), "apart"))
                return candidate
            number += 1

    def clashes(names: list[str]) -> list[str]:
        """Of ``names`` (in their order), those another one spells the same once
        composed, leaving out the first of each: one spelt composed, else the first."""
        order = sorted(names, key=lambda name: (composed(name) != name, names.index(name)))
        seen: set[str] = set()
        found = []
        for name in order:
            key = composed(name).casefold()
            if key in seen:
                found.append(name)
            seen.add(key)
        return found

    night_games = "SELECT game_id FROM club_tables WHERE night_id = ?"
    for night_id, group_id in db.execute(
        "SELECT id, group_id FROM club_nights WHERE id IN "
        "(SELECT night_id FROM club_players WHERE name != m025_nfc(name)) ORDER BY id"
    ).fetchall():
        came = [
            row[0]
            for row in db.execute(
                "SELECT name FROM club_players WHERE night_id = ? ORDER BY name", [night_id]
            )
        ]
        for name in clashes(came):
            new = apart(group_id, name)
            tables = "SELECT id FROM club_tables WHERE night_id = ?"
            for sql in (
                "UPDATE club_players SET name = ? WHERE night_id = ? AND name = ?",
                "UPDATE club_sitting_out SET name = ? WHERE night_id = ? AND name = ?",
                f"UPDATE club_confirmations SET name = ? WHERE table_id IN ({tables}) AND name = ?",
                f"UPDATE club_disputes SET name = ? WHERE table_id IN ({tables}) AND name = ?",
                f"UPDATE players SET name = ? WHERE game_id IN ({night_games}) AND name = ?",
                f"UPDATE seat_changes SET name = ? WHERE game_id IN ({night_games}) AND name = ?",
            ):
                db.execute(sql, [new, night_id, name])
    # Within a game, every name that sat in it: its first seats, then its seat changes.
    spelt = (
        "SELECT game_id FROM players WHERE name != m025_nfc(name) "
        "UNION SELECT game_id FROM seat_changes WHERE name != m025_nfc(name)"
    )
    seats = db.execute(
        f"SELECT game_id, group_id, name, 0 AS part, seat AS at FROM players "
        f"WHERE game_id IN ({spelt}) UNION ALL "
        f"SELECT game_id, group_id, name, 1, from_hand * 100 + seat FROM seat_changes "
        f"WHERE game_id IN ({spelt}) ORDER BY game_id, part, at"
    ).fetchall()
    for game_id, table in itertools.groupby(seats, key=lambda row: row[0]):
        table = list(table)
        names = list(dict.fromkeys(name for _game, _group, name, _part, _at in table))
        for name in clashes(names):
            new = apart(table[0][1], name)
            for sql in (
                "UPDATE players SET name = ? WHERE game_id = ? AND name = ?",
                "UPDATE seat_changes SET name = ? WHERE game_id = ? AND name = ?",
            ):
                db.execute(sql, [new, game_id, name])
    # Spellings each group's seats and nights held, before: what is merged.
    spellings: dict[tuple[int, str], set[str]] = {}
    rows = db.execute(
        "SELECT group_id, name FROM players UNION SELECT group_id, name FROM seat_changes "
        "UNION SELECT n.group_id, p.name FROM club_players p "
        "JOIN club_nights n ON n.id = p.night_id"
    ).fetchall()
    for group_id, name in rows:
        spellings.setdefault((group_id, composed(name)), set()).add(name)
    db.execute("UPDATE players SET name = m025_nfc(name) WHERE name != m025_nfc(name)")
    db.execute("UPDATE seat_changes SET name = m025_nfc(name) WHERE name != m025_nfc(name)")
    for table in ("hands", "hand_revisions"):
        db.execute(
            f"UPDATE {table} SET offline_by = m025_nfc(offline_by) "
            "WHERE offline_by != m025_nfc(offline_by)"
        )

    # A night's names: two spellings in one night were kept apart above, so none of these
    # makes two rows one.
    for table in ("club_players", "club_sitting_out", "club_confirmations", "club_disputes"):
        db.execute(f"UPDATE {table} SET name = m025_nfc(name) WHERE name != m025_nfc(name)")

    # What is kept from the names, worked out again for the groups whose names changed.
    groups = sorted(
        {group_id for (group_id, name), spelt in spellings.items() if spelt != {name}}
        | {group_id for group_id, *_rest in changes}
    )
    from .look_alike_names import worked_out_again

    worked_out_again(db, groups)

    for (group_id, name), spelt in sorted(spellings.items()):
        if len(spelt) > 1:
            changes.append((group_id, name, json.dumps(sorted(spelt)), "merged"))
    db.conn.executemany(
        "INSERT INTO name_changes (group_id, name, was, reason, changed_at) VALUES (?, ?, ?, ?, ?)",
        [(*change, stamp) for change in changes],
    )
    said = logging.getLogger("scorekeeper.upgrade")
    for group_id, name, was, reason in changes:
        if reason == "merged":
            said.warning(
                "group %d: %s was stored spelt %d ways (%s), now one player; the group's "
                "ratings are worked out again",
                group_id,
                name,
                len(json.loads(was)),
                " and ".join(ascii(spelling) for spelling in json.loads(was)),
            )
        else:
            said.warning(
                "group %d: two people sat at one game, or came to one club night, as %s: "
                "the one spelt %s is now %s",
                group_id,
                name.rsplit(" (", 1)[0],
                ascii(json.loads(was)),
                name,
            )


@migrations()
def m026_renewed_tokens(db: Database) -> None:
    """The session tokens renewed a moment ago (issue 54, finding 6), for every process
    on the file: ``old_hash`` (SHA-256 of a phone's token just replaced, which names no
    phone any more), ``phone_id`` and ``renewed_at``. A second tap of the same button,
    arriving with the old cookie after the first answer renewed it, is refused (409)
    instead of being given a new, empty phone, whichever of ``serve --workers``'s
    processes it reaches. Written in the renewal's transaction (``phones.renew_token``),
    which deletes the rows older than a few minutes; nothing else reads or keeps them."""
    db.execute(
        "CREATE TABLE renewed_tokens (old_hash TEXT PRIMARY KEY, "
        "phone_id INTEGER NOT NULL REFERENCES phones(id), renewed_at TEXT NOT NULL) "
        "WITHOUT ROWID"
    )


@migrations()
def m027_seed_games_plain_hands(db: Database) -> None:
    """The seed games' stored hands in the form the plain schema writes (issue 55): every
    ``hands.record`` and ``hand_revisions.hand`` of a game in ``plain_hands.REWRITE``
    rewritten by that game's frozen ``rewrite(record, settings)`` (the game's stored
    settings), only where it changes. The flat columns Israeli Whist's and Bid Whist's
    own storage wrote beside each hand (``declarer``, ``bid``, each seat's contract...),
    which the schema's storage no longer writes, keep what they held: a file read with
    SQL or Datasette shows its old hands as it did. Every point, total and state
    stays: nothing scored changes; the kept figures of those games are dropped, to be
    worked out again."""
    cursor = db.conn.cursor()
    cursor.row_factory = sqlite3.Row
    for key, rewrite in REWRITE.items():
        games = {
            row["id"]: json.loads(row["settings"])
            for row in cursor.execute("SELECT id, settings FROM games WHERE game = ?", [key])
        }
        for table, column in (("hands", "record"), ("hand_revisions", "hand")):
            rows = cursor.execute(
                f"SELECT id, game_id, {column} AS text FROM {table} WHERE game_id IN "
                "(SELECT id FROM games WHERE game = ?)",
                [key],
            ).fetchall()
            for row in rows:
                if row["text"] is None:
                    continue
                old = json.loads(row["text"])
                new = rewrite(old, games[row["game_id"]])
                if new != old or list(new) != list(old):
                    text = json.dumps(new, sort_keys=True)
                    db.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", [text, row["id"]])
        for kept in ("game_figures", "game_stats"):
            db.execute(
                f"DELETE FROM {kept} WHERE game_id IN (SELECT id FROM games WHERE game = ?)",
                [key],
            )


@migrations()
def m028_disputes_settled_how_and_signatures_marked(db: Database) -> None:
    """How the organiser settled a club table's disputed hand (issue 56): ``outcome``
    ``corrected`` (the hand was changed on the table's game) or ``kept`` (as recorded).
    A dispute settled before is kept settled, with no outcome said. And the table's
    game's last hand revision a signature saw (``club_confirmations.last_revision``), so
    that the signing page names the hands changed since (a signature stored before has
    none: the page says only that a hand changed). Added in place."""
    db.execute("ALTER TABLE club_disputes ADD COLUMN outcome TEXT")
    db.execute("ALTER TABLE club_confirmations ADD COLUMN last_revision INTEGER")


@migrations()
def m029_bid_whist_states_of_the_race(db: Database) -> None:
    """Bid Whist goes from hand to hand as the core's race (``core.progress``, issue 55):
    its state after a hand is the race's (``scored``, ``target_reached``, ``winners``), no
    longer its own (``winner``, ``reason``). The stored states, a cache, are cleared, so
    each game is replayed once on its next read (``game_play.fill_states``) and stores the
    new ones. Only the cache goes: every record, point, total and winner stays."""
    db.execute(
        "UPDATE hands SET state = NULL WHERE state IS NOT NULL "
        "AND game_id IN (SELECT id FROM games WHERE game = 'bid-whist')"
    )


@migrations()
def m030_frisch_rounds_of_deals_thrown_in(db: Database) -> None:
    """The Frisch rounds of an Israeli Whist deal thrown in, dropped from its record by
    m027 (issue 66): a deal is thrown in only after the last Frisch round its rules allow,
    and m027 took them to be always those rules' every one. ``hands.frisch_rounds`` still
    holds a hand's as it was stored before m027; a hand stored since, and every revision,
    has the rules' (``games.settings``' ``frisch_rounds``, 3 where the settings name none,
    the rules' default when the game was stored): the form's throw-in said "after 3
    Frisch rounds", and the API's number was read no further. Every thrown-in record
    without them takes them (left out where none, as the schema writes 0); nothing else
    changes. Written out here rather than read through the game, so that this migration
    does what it did when released."""
    cursor = db.conn.cursor()
    cursor.row_factory = sqlite3.Row
    games = {
        row["id"]: json.loads(row["settings"]).get("frisch_rounds", 3)
        for row in cursor.execute("SELECT id, settings FROM games WHERE game = 'israeli-whist'")
    }
    kept = {
        (row["game_id"], row["number"], row["revision"]): row["frisch_rounds"]
        for row in cursor.execute(
            "SELECT game_id, number, revision, frisch_rounds FROM hands WHERE thrown_in = 1 "
            "AND game_id IN (SELECT id FROM games WHERE game = 'israeli-whist')"
        )
    }
    for table, column, revision in (
        ("hands", "record", "revision"),
        ("hand_revisions", "hand", "revision"),
    ):
        rows = cursor.execute(
            f"SELECT id, game_id, number, {revision} AS revision, {column} AS text FROM {table} "
            "WHERE game_id IN (SELECT id FROM games WHERE game = 'israeli-whist') "
            f"AND json_extract({column}, '$.thrown_in') = 1 "
            f"AND json_type({column}, '$.frisch_rounds') IS NULL"
        ).fetchall()
        for row in rows:
            rounds = kept.get((row["game_id"], row["number"], row["revision"])) or games.get(
                row["game_id"], 3
            )
            if not rounds:
                continue
            record = {**json.loads(row["text"]), "frisch_rounds": rounds}
            db.execute(
                f"UPDATE {table} SET {column} = ? WHERE id = ?",
                [json.dumps(record, sort_keys=True), row["id"]],
            )


@migrations()
def m031_hands_in_their_records_alone(db: Database) -> None:
    """One shape for every hand (issues 55, 66 and 67): the flat columns of Israeli
    Whist's own storage, which no code has written since its hands moved onto the plain
    schema (m027) and no code reads, go: ``hands.frisch_rounds``, ``declarer``, ``bid``,
    ``over_under`` and ``contracts_total``, and ``hand_seats.contract``, ``tricks`` and
    ``revokes``. Every value they held is in the hand's record (``hands.record``), which
    m004 filled from them and every write since wrote from the same hand, the Frisch
    rounds of a deal thrown in since m030; ``over_under`` and ``contracts_total`` are the
    rules' sums of the contracts. SQL reads a hand's fields from its record
    (``json_extract(record, '$.bid')``), for every game alike. Dropped in place (SQLite
    3.35's DROP COLUMN): no other column, row, index or trigger is touched."""
    for table, columns in (
        ("hands", ("frisch_rounds", "declarer", "bid", "over_under", "contracts_total")),
        ("hand_seats", ("contract", "tricks", "revokes")),
    ):
        for column in columns:
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")


@migrations()
def m032_names_that_show_nothing_or_look_alike(db: Database) -> None:
    """Players' names without what shows nothing, and told apart where they look alike
    (issue 66), as ``db.look_alike_names`` plans it (``scorekeeper check`` prints the plan
    before the upgrade): spellings one name once cleaned are one player, unless two sat at
    one table (kept apart, "Ann (2)"); names that look alike without being one text are
    never merged, each but the most seated taking a name of its own. Each change is a row
    of ``name_changes``, told once on the group's page, and logged as the upgrade runs;
    the groups renamed have their ratings worked out again. Every hand, point, total and
    game stays."""
    import logging

    from .look_alike_names import carry_out, plan

    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    said = logging.getLogger("scorekeeper.upgrade")
    for change in carry_out(db, plan(db), stamp):
        said.warning("%s", change.line())


@migrations()
def m033_games_by_group_and_version(db: Database) -> None:
    """A group's games with their versions, from the index alone (issue 66): every write
    to a game bumps its version, so a group's count of games and sum of versions change
    with anything stored in it, and a page kept for that pair (a player's figures, read
    over a thousand games) is known to be current by one seek of this index
    (``db.group_state``). Added in place."""
    db.execute("CREATE INDEX idx_games_group_version ON games (group_id, version)")


@migrations()
def m034_club_night_roles(db: Database) -> None:
    """A club night's organiser is a role that can be handed over, and each table's phone
    is taken by a player of the table (issue 68). Added in place: every night keeps its
    organiser, tables, signatures and disputes.

    ``club_nights.second_organiser_id`` is the membership the organiser named to organise
    beside them (null: none), which organises from ``second_accepted_at`` on (null until
    that phone accepts). ``club_tables.recorder_id`` is the membership whose phone
    records the table (null: none yet), ``recorder_since`` when it took it (null while an
    organiser has handed it to that phone and it has not taken it yet), and ``key_hash``
    and ``key_sealed`` the table's game's current edit key, sealed as invites are
    (``sealing``), so that whichever phone holds a role of the night is given it (null
    for a table drawn before: a new key is made the first time a role needs one).
    ``club_takeovers`` is a member's request to take the night over, open until the
    organiser (or the group's key holder, after a wait) answers it, at most one open per
    night; ``club_log`` every step of the night's roles (who drew a series, named a second
    organiser, asked to take over, handed over, took or moved a table's phone, settled a
    dispute), each with its event, the members concerned and its details as JSON."""
    db.execute(
        "ALTER TABLE club_nights ADD COLUMN second_organiser_id INTEGER REFERENCES members(id)"
    )
    db.execute("ALTER TABLE club_nights ADD COLUMN second_accepted_at TEXT")
    db.execute("ALTER TABLE club_tables ADD COLUMN recorder_id INTEGER REFERENCES members(id)")
    db.execute("ALTER TABLE club_tables ADD COLUMN recorder_since TEXT")
    db.execute("ALTER TABLE club_tables ADD COLUMN key_hash TEXT")
    db.execute("ALTER TABLE club_tables ADD COLUMN key_sealed TEXT")
    db.execute(
        "CREATE TABLE club_takeovers (id INTEGER PRIMARY KEY, "
        "night_id INTEGER NOT NULL REFERENCES club_nights(id), "
        "member_id INTEGER NOT NULL REFERENCES members(id), asked_at TEXT NOT NULL, "
        "answered_at TEXT, outcome TEXT)"
    )
    db.execute(
        "CREATE UNIQUE INDEX idx_club_takeovers_open ON club_takeovers (night_id) "
        "WHERE answered_at IS NULL"
    )
    db.execute(
        "CREATE TABLE club_log (id INTEGER PRIMARY KEY, "
        "night_id INTEGER NOT NULL REFERENCES club_nights(id), at TEXT NOT NULL, "
        "event TEXT NOT NULL, member_id INTEGER REFERENCES members(id), "
        "other_id INTEGER REFERENCES members(id), detail TEXT NOT NULL DEFAULT '{}')"
    )
    db.execute("CREATE INDEX idx_club_log_night ON club_log (night_id, id)")


@migrations()
def m035_signatures_at_the_tables_phone(db: Database) -> None:
    """Whether a player signed a club table's list in turn on the phone that records the
    table, having no phone of their own in the group (issue 77): ``at_table`` 1, and the
    signing and printed lists say so; 0 for a signature on the player's own phone. A
    signature stored before is kept as it was, marked 0 (nothing said of where). Added
    in place."""
    db.execute("ALTER TABLE club_confirmations ADD COLUMN at_table INTEGER NOT NULL DEFAULT 0")
