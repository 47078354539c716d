"""Games: storing one, reading one or many (with their players), the history's lists and
a player's record. A game's settings are read through its game's interface
(``table_of(row["game"], seats).settings_from_dict``), so any registered game reads
alike, at its table's number of players; the rules found there travel with the game
(``StoredGame.table``), and nothing downstream looks them up again."""

from __future__ import annotations

import functools
import hmac
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.core.game import Game, Settings, seat_values
from ..engine.core.messages import msg
from ..engine.core.seating import SeatChange, check_changes, names_at
from ..engine.registry import DEFAULT_GAME, table_game
from ..lru import Lru
from ..names import refuse_look_alikes
from .connection import MAX_ID, database_path, now, query, writing
from .errors import Conflict, NotFound
from .keys import hash_key, new_edit_key, new_token
from .sealing import LOST_TOKEN, seal, unseal


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored game, without its hands. ``game`` is the key its rules are registered
    under (``israeli-whist``); ``rules`` the preset the table started from."""

    id: int
    created_at: str
    updated_at: str
    rules: str
    settings: Settings
    first_dealer: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    status: str
    winner: int | None
    hand_count: int
    version: int
    edit_key_hash: str
    group_id: int
    """The group the game belongs to (``db.groups``)."""
    view_token: str
    """The token of the game's view link, which anyone it is shown to may open."""
    table: Game
    """The game's rules at its table (``table_of(game, len(players))``), resolved once when
    the game is read, so that whatever is handed the stored game (the views, ``game_play``,
    the rest of this package) never looks them up again."""
    name: str | None = None
    notes: str | None = None
    game: str = DEFAULT_GAME
    finished_after: int | None = None
    """Hands recorded when the table asked to "finish now" (a game whose rules have it)."""
    starting_totals: tuple[int, ...] | None = None
    """Where the totals start, one per side ("hand 0"), or None for a game from zero."""
    changes: tuple[SeatChange, ...] = ()
    """Players who took a seat mid-game, in the order of the hand they sat down at."""

    def names_at(self, number: int) -> tuple[str, ...]:
        """Who sat in each seat at hand ``number`` (the next hand: who sits now)."""
        return names_at(self.players, self.changes, number)

    def seat_of(self, name: str) -> int | None:
        """The seat ``name`` sat in last in this game, or None if they never sat."""
        seat = self.players.index(name) if name in self.players else None
        for change in self.changes:
            if change.name == name:
                seat = change.seat
        return seat

    @property
    def seated(self) -> tuple[str, ...]:
        """Who sits in each seat now, for the next hand."""
        return self.names_at(self.hand_count + 1)


def create_game(
    db: Database,
    players: Sequence[str],
    rules: str,
    settings: Settings,
    first_dealer: int,
    game: str = DEFAULT_GAME,
    starting_totals: Sequence[int] | None = None,
    *,
    group_id: int,
) -> tuple[int, str]:
    """Stores a new game of ``game`` (a registered key) in the group ``group_id``, starting
    from ``starting_totals`` (one per side; None or all zero: from zero), with a fresh view
    token, and returns (game id, edit key)."""
    with writing(db):
        return insert_game(
            db, players, rules, settings, first_dealer, game, starting_totals, group_id=group_id
        )


def insert_game(
    db: Database,
    players: Sequence[str],
    rules: str,
    settings: Settings,
    first_dealer: int,
    game: str = DEFAULT_GAME,
    starting_totals: Sequence[int] | None = None,
    *,
    group_id: int,
) -> tuple[int, str]:
    """``create_game`` inside a write the caller holds (``writing``), as one of several
    rows stored together (a club night's tables)."""
    start = json.dumps(list(starting_totals)) if starting_totals and any(starting_totals) else None
    key = new_edit_key()
    stamp = now()
    game_id = db.execute(
        "INSERT INTO games (created_at, updated_at, game, rules, settings, first_dealer, "
        "status, winner, hand_count, version, edit_key_hash, starting_totals, group_id, "
        "view_hash, view_sealed) "
        "VALUES (?, ?, ?, ?, ?, ?, 'in_progress', NULL, 0, 1, ?, ?, ?, ?, ?)",
        [
            stamp,
            stamp,
            game,
            rules,
            settings.to_json(),
            first_dealer,
            hash_key(key),
            start,
            group_id,
            *seal(db, "view", new_token()),
        ],
    ).lastrowid
    # After the INSERT, so that the write lock is had first; what this raises undoes it.
    refuse_in_group(db, group_id, [(f"players[{seat}]", name) for seat, name in enumerate(players)])
    totals = (
        seat_values(table_of(game, len(players)), starting_totals) if start else (0,) * len(players)
    )
    db.conn.executemany(
        "INSERT INTO players (game_id, seat, name, total) VALUES (?, ?, ?, ?)",
        [(game_id, seat, name, totals[seat]) for seat, name in enumerate(players)],
    )
    return game_id, key


# One row per seat, in seat order, so a game is the run of rows with its id.
GAME_QUERY = (
    "SELECT g.id, g.created_at, g.updated_at, g.game, g.rules, g.settings, g.first_dealer, "
    "g.status, g.winner, g.hand_count, g.version, g.edit_key_hash, g.name, g.notes, "
    "g.finished_after, g.starting_totals, g.group_id, g.view_hash, g.view_sealed, "
    "(SELECT json_group_array(json_array(c.from_hand, c.seat, c.name)) FROM seat_changes c "
    "WHERE c.game_id = g.id) AS changes, "
    "p.name AS player, p.total AS player_total "
    "FROM games g JOIN players p ON p.game_id = g.id "
)


# Games' view tokens as unsealed, by file and sealed value: a page lists twenty games,
# each an AES-SIV opening and a look at the secrets folder otherwise. A new link is a new
# sealed value, so an entry never goes stale.
_VIEW_TOKENS = Lru(8192)


def _view_token(db: Database, path: str, hashed: str, sealed: str | None) -> str:
    """A game's view token as its row in ``db`` (the file at ``path``) stores it
    (LOST_TOKEN when it does not open)."""
    key = (path, hashed, sealed)
    found = _VIEW_TOKENS.get(key)
    if found is None:
        found = unseal(db, "view", hashed, sealed)
        if found is None:
            return LOST_TOKEN  # not kept: the secrets folder may be put back
        _VIEW_TOKENS.put(key, found)
    return found


def games_from_rows(
    rows: Sequence[sqlite3.Row], db: Database, rules: Game | None = None
) -> list[StoredGame]:
    """Games from rows of ``GAME_QUERY`` read from ``db`` (whose secret unseals their view
    tokens), ordered by game then seat. ``rules``: a game's rules the caller holds already
    (a game read again within a change), taken for a row of that game at that table."""
    games: list[StoredGame] = []
    path = database_path(db) if rows else ""
    start = 0
    while start < len(rows):
        row = rows[start]
        end = start
        while end < len(rows) and rows[end]["id"] == row["id"]:
            end += 1
        seats = rows[start:end]
        table = (
            rules
            if rules is not None and rules.key == row["game"] and rules.seats == end - start
            else table_of(row["game"], end - start)
        )
        games.append(
            StoredGame(
                id=row["id"],
                created_at=row["created_at"],
                updated_at=row["updated_at"],
                game=row["game"],
                rules=row["rules"],
                settings=stored_settings(row["game"], end - start, row["settings"]),
                first_dealer=row["first_dealer"],
                status=row["status"],
                winner=row["winner"],
                hand_count=row["hand_count"],
                version=row["version"],
                edit_key_hash=row["edit_key_hash"],
                group_id=row["group_id"],
                view_token=_view_token(db, path, row["view_hash"], row["view_sealed"]),
                table=table,
                players=tuple(seat["player"] for seat in seats),
                totals=tuple(seat["player_total"] for seat in seats),
                name=row["name"],
                notes=row["notes"],
                finished_after=row["finished_after"],
                starting_totals=tuple(json.loads(row["starting_totals"]))
                if row["starting_totals"]
                else None,
                changes=tuple(sorted(SeatChange(*c) for c in json.loads(row["changes"] or "[]"))),
            )
        )
        start = end
    return games


def table_of(game: str, seats: int) -> Game:
    """The rules of the game stored under the key ``game``, at a table of ``seats``: the
    one place this package turns a stored key into the game's rules, for a row read without
    them (a game's row, a hand's, a player's record, an imported game). Everything handed a
    ``StoredGame`` takes its rules from it (``StoredGame.table``)."""
    return table_game(game, seats)


@functools.lru_cache(maxsize=512)
def stored_settings(game: str, seats: int, stored: str) -> Settings:
    """Stored settings JSON as the game's (immutable) settings at a table of ``seats``,
    parsed once per text."""
    return table_of(game, seats).settings_from_dict(json.loads(stored))


def load_game(db: Database, game_id: int, rules: Game | None = None) -> StoredGame | None:
    """Returns the game, or None when there is no such id. One statement, so one snapshot.
    ``rules``: the game's, when the caller holds them already (``games_from_rows``)."""
    if not 0 < game_id <= MAX_ID:
        return None
    rows = query(db, GAME_QUERY + "WHERE g.id = ? ORDER BY p.seat", [game_id]).fetchall()
    return games_from_rows(rows, db, rules)[0] if rows else None


def list_games(
    db: Database,
    status: str | None = None,
    limit: int = 20,
    before: int | None = None,
    group_id: int | None = None,
) -> list[StoredGame]:
    """Returns games newest first, optionally only those with ``status``, only those of
    the group ``group_id`` and only those with ids below ``before``: at most ``limit`` of
    them (a page; History has the rest)."""
    # The status and group are written into the statement only when given: "(:status IS
    # NULL OR …)" keeps SQLite from the (status, id) and (group_id, id) indexes, and a
    # status no game has would walk every game backwards to find none.
    having = "status = :status AND " if status is not None else ""
    having += "group_id = :group AND " if group_id is not None else ""
    rows = query(
        db,
        GAME_QUERY + f"WHERE g.id IN (SELECT id FROM games WHERE {having}id < :before "
        "ORDER BY id DESC LIMIT :limit) ORDER BY g.id DESC, p.seat",
        {
            "status": status,
            "group": group_id,
            "before": MAX_ID if before is None else before,
            "limit": limit,
        },
    ).fetchall()
    return games_from_rows(rows, db)


# The ``sitters`` view, read for some names only. SQLite cannot push a filter on ``name``
# into the view's UNION ALL, so a query on the view reads every seat of every game; these
# read the names' index entries alone. ``:names`` is a JSON list of names. Given a group,
# they seek the group's seats of the names (``idx_players_group_name`` and
# ``idx_seat_changes_group_name``, migration m016), so a name's seats in other groups are
# never read: a common name's page costs what it played in its own group.
_NAMED = "name IN (SELECT value FROM json_each(:names))"


def _named(group_id: int | None, alias: str = "") -> str:
    """The condition on a seat's name (and group, when given) of ``players`` or
    ``seat_changes`` (as ``alias``)."""
    prefix = f"{alias}." if alias else ""
    in_group = f"{prefix}group_id = :group AND " if group_id is not None else ""
    return in_group + prefix + _NAMED


def _games_of_names(group_id: int | None) -> str:
    """(game_id, name) of each game a name of ``:names`` sat in (in the group ``:group``
    only, when ``group_id`` is given)."""
    return (
        f"SELECT game_id, name FROM players WHERE {_named(group_id)} "
        f"UNION SELECT game_id, name FROM seat_changes WHERE {_named(group_id)}"
    )


def _sitters_named(group_id: int | None) -> str:
    """The ``sitters`` view's rows of the names of ``:names`` (of the group ``:group``
    only, when ``group_id`` is given)."""
    return (
        "SELECT p.game_id, p.seat, p.name, NOT EXISTS (SELECT 1 FROM seat_changes c "
        "WHERE c.game_id = p.game_id AND c.seat = p.seat) AS at_end FROM players p "
        f"WHERE {_named(group_id, 'p')} UNION ALL "
        "SELECT c.game_id, c.seat, c.name, NOT EXISTS (SELECT 1 FROM seat_changes d "
        "WHERE d.game_id = c.game_id AND d.seat = c.seat AND d.from_hand > c.from_hand) "
        f"AS at_end FROM seat_changes c WHERE {_named(group_id, 'c')}"
    )


def known_player_names(db: Database, limit: int = 200, group_id: int | None = None) -> list[str]:
    """Names used in earlier games (of the group ``group_id`` only, when given), most
    recently used first."""
    # ``group_names`` holds each group's names with their newest game (migration m012):
    # the work grows with the names, not with the games.
    if group_id is None:
        sql = (
            "SELECT name FROM group_names GROUP BY name "
            "ORDER BY max(last_game) DESC, name LIMIT :limit"
        )
    else:
        sql = (
            "SELECT name FROM group_names WHERE group_id = :group "
            "ORDER BY last_game DESC, name LIMIT :limit"
        )
    return [row["name"] for row in query(db, sql, {"group": group_id, "limit": limit})]


def player_names(db: Database, group_id: int | None = None) -> list[str]:
    """Every name that has played a game (of the group ``group_id`` only, when given), in
    alphabetical order (case-insensitive), from ``group_names`` (migration m012)."""
    if group_id is None:
        rows = query(db, "SELECT DISTINCT name FROM group_names", {})
    else:
        rows = query(
            db, "SELECT name FROM group_names WHERE group_id = :group", {"group": group_id}
        )
    return sorted((row["name"] for row in rows), key=lambda n: (n.casefold(), n))


def group_state(db: Database, group_id: int) -> tuple[int, int]:
    """The group's count of games and sum of their versions: every write to a game bumps
    its version, and a new game counts, so the pair changes with anything stored in the
    group (read from ``idx_games_group_version`` alone, m033). What is worked out from
    the group's games may be kept for it."""
    row = query(
        db,
        "SELECT count(*), coalesce(sum(version), 0) FROM games WHERE group_id = ?",
        [group_id],
    ).fetchone()
    return row[0], row[1]


def group_player_names(db: Database, group_id: int) -> list[str]:
    """The names of the group's players, the most seated first (``group_names``)."""
    rows = query(
        db,
        "SELECT name FROM group_names WHERE group_id = ? ORDER BY seats DESC, last_game DESC",
        [group_id],
    )
    return [row["name"] for row in rows]


def refuse_in_group(db: Database, group_id: int, named: Sequence[tuple[str, str]]) -> None:
    """Raises ``names.LookAlike`` naming the field of the first of ``named`` (field,
    name) that looks like another of the group's players without being them (Cyrillic
    "Аnn" beside Ann): a new seat's name is checked in the transaction that stores it, so
    two phones cannot slip two look-alikes in at once."""
    refuse_look_alikes(named, group_player_names(db, group_id))


def set_game_details(db: Database, game_id: int, name: str | None, notes: str | None) -> None:
    """Sets (or with None clears) the game's name and notes. The game's version is bumped,
    so every cached page of it is rendered again. Raises NotFound for an unknown game."""
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    with writing(db):
        changed = db.execute(
            "UPDATE games SET name = ?, notes = ?, version = version + 1, updated_at = ? "
            "WHERE id = ?",
            [name, notes, now(), game_id],
        ).rowcount
    if not changed:
        raise NotFound(f"there is no game {game_id}")


def change_seat(db: Database, game_id: int, seat: int, name: str) -> SeatChange:
    """From the next hand on, ``name`` sits in ``seat`` (the seat's total carries on).
    A second change of the seat before that hand replaces the first; a change back to
    who sat there before is simply undone. Bumps the game's version. Raises NotFound, or
    InvalidSettings (field ``substitutions``) when the name already sits at the table."""
    with writing(db):
        # The write comes first, so the transaction holds the write lock before it reads.
        bumped = db.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?",
            [now(), game_id],
        ).rowcount
        game = load_game(db, game_id) if bumped else None
        if game is None:
            raise NotFound(f"there is no game {game_id}")
        refuse_in_group(db, game.group_id, [("name", name)])
        next_hand = game.hand_count + 1
        change = SeatChange(next_hand, seat, name)
        kept = [c for c in game.changes if not (c.seat == seat and c.from_hand == next_hand)]
        check_changes(game.players, [*kept, change], game.hand_count)
        db.execute(
            "DELETE FROM seat_changes WHERE game_id = ? AND seat = ? AND from_hand = ?",
            [game_id, seat, next_hand],
        )
        if names_at(game.players, kept, next_hand)[seat] != name:
            db.execute(
                "INSERT INTO seat_changes (game_id, from_hand, seat, name) VALUES (?, ?, ?, ?)",
                [game_id, next_hand, seat, name],
            )
    return change


@dataclass(frozen=True, slots=True)
class Listing:
    """A game in the history: the game and when its first and last hands were recorded."""

    game: StoredGame
    first_hand_at: str | None
    last_hand_at: str | None


# Which games a history page lists: those ``player`` sat in, started from ``since`` to
# ``until`` (UTC days, both included); a filter that is None leaves every game in.
_HISTORY_FILTERS = {
    "player": "id IN (SELECT game_id FROM players WHERE {group}name = :player "
    "UNION SELECT game_id FROM seat_changes WHERE {group}name = :player)",
    "since": "substr(created_at, 1, 10) >= :since",
    "until": "substr(created_at, 1, 10) <= :until",
    "game": "game = :game",
    "group": "group_id = :group",
}


def _history_where(params: dict[str, Any]) -> str:
    """The WHERE clause of History's filters, naming only those given: a condition
    "(:x IS NULL OR …)" is evaluated for every game even when ``x`` is None."""
    # A player's games within a group are sought by the group's seats of the name.
    group = "group_id = :group AND " if params.get("group") is not None else ""
    given = [
        sql.format(group=group) if name == "player" else sql
        for name, sql in _HISTORY_FILTERS.items()
        if params.get(name) is not None
    ]
    return f"WHERE {' AND '.join(given)}" if given else ""


def history(
    db: Database,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    limit: int | None = None,
    offset: int = 0,
    game: str | None = None,
    group_id: int | None = None,
) -> list[Listing]:
    """Games newest first: only those ``player`` sat in, only those of the registered game
    ``game``, only those of the group ``group_id``, and only those started on a date (UTC,
    ``YYYY-MM-DD``) from ``since`` to ``until``, both included, when given; at most
    ``limit`` of them (all when None), after skipping ``offset``. Three statements,
    however many games the page holds."""
    params = {"player": player, "since": since, "until": until, "game": game, "group": group_id}
    page = {"limit": -1 if limit is None else limit, "offset": offset}
    chosen = (
        f"SELECT id FROM games {_history_where(params)} "
        "ORDER BY id DESC LIMIT :limit OFFSET :offset"
    )
    with db.atomic():
        games = games_from_rows(
            query(
                db,
                GAME_QUERY + f"WHERE g.id IN ({chosen}) ORDER BY g.id DESC, p.seat",
                params | page,
            ).fetchall(),
            db,
        )
        # When each game's first and last hands were recorded, as kept on its row
        # (migration m014): never its hands read again.
        times = {
            row["id"]: (row["first_hand_at"], row["last_hand_at"])
            for row in query(
                db,
                f"SELECT id, first_hand_at, last_hand_at FROM games WHERE id IN ({chosen})",
                params | page,
            )
        }
    return [Listing(game, *times.get(game.id, (None, None))) for game in games]


def count_history(
    db: Database,
    player: str | None = None,
    since: str | None = None,
    until: str | None = None,
    game: str | None = None,
    group_id: int | None = None,
) -> int:
    """How many games :func:`history` lists with these filters and no limit."""
    params = {"player": player, "since": since, "until": until, "game": game, "group": group_id}
    where = _history_where(params)
    row = query(db, f"SELECT count(*) AS games FROM games {where}", params).fetchone()
    return row["games"]


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's games, counted from what the engine stored: all of them, those finished,
    and those finished that the player won."""

    games: int
    finished: int
    wins: int


def player_records(db: Database, name: str, group_id: int | None = None) -> dict[str, PlayerRecord]:
    """The named player's record in each game they played (in the group ``group_id``
    only, when given), by its key, the most played first; empty for a name never played.
    A game's ``winner`` is a side (a seat in a game without partners), so a player wins
    with their partners, if they sat to the end."""
    rows = query(
        db,
        "SELECT g.game, count(DISTINCT g.id) AS games, "
        "count(DISTINCT g.id) FILTER (WHERE g.status = 'finished') AS finished, "
        "json_group_array(json_array(g.winner, p.seat, "
        "(SELECT count(*) FROM players q WHERE q.game_id = g.id))) "
        "FILTER (WHERE g.winner IS NOT NULL AND p.at_end) AS results "
        f"FROM ({_sitters_named(group_id)}) p JOIN games g ON g.id = p.game_id "
        "GROUP BY g.game ORDER BY games DESC, g.game",
        {"names": json.dumps([name]), "group": group_id},
    ).fetchall()
    found = {}
    for row in rows:
        # Sides by the table's number of players: a game may be played by several, each
        # looked up once (a ten-year regular has a thousand results).
        sides = {}
        wins = 0
        for winner, seat, seats in json.loads(row["results"]):
            if seats not in sides:
                sides[seats] = table_of(row["game"], seats).sides
            wins += seat in sides[seats][winner]
        found[row["game"]] = PlayerRecord(row["games"], row["finished"], wins)
    return found


def player_record(db: Database, name: str, group_id: int | None = None) -> PlayerRecord:
    """The named player's record over every game (of the group ``group_id`` only, when
    given); all zero for a name never played."""
    records = player_records(db, name, group_id).values()
    return PlayerRecord(
        sum(r.games for r in records),
        sum(r.finished for r in records),
        sum(r.wins for r in records),
    )


def player_games(
    db: Database, name: str, limit: int, offset: int = 0, group_id: int | None = None
) -> list[StoredGame]:
    """The named player's games (in the group ``group_id`` only, when given), newest
    first: at most ``limit`` after skipping ``offset``."""
    return games_from_rows(
        query(
            db,
            GAME_QUERY + "WHERE g.id IN (SELECT DISTINCT game_id FROM "
            f"({_games_of_names(group_id)}) ORDER BY game_id DESC LIMIT :limit OFFSET :offset) "
            "ORDER BY g.id DESC, p.seat",
            {"names": json.dumps([name]), "limit": limit, "offset": offset, "group": group_id},
        ).fetchall(),
        db,
    )


def player_game_ids(db: Database, name: str, group_id: int | None = None) -> list[int]:
    """The ids of every game the named player sat in (in the group ``group_id`` only,
    when given), newest first: the games ``player_games`` pages through, read once."""
    return [
        row["game_id"]
        for row in query(
            db,
            f"SELECT DISTINCT game_id FROM ({_games_of_names(group_id)}) ORDER BY game_id DESC",
            {"names": json.dumps([name]), "group": group_id},
        )
    ]


def games_by_id(db: Database, game_ids: Sequence[int]) -> list[StoredGame]:
    """The games of ``game_ids`` (those there are), newest first, as ``player_games``
    gives them."""
    return games_from_rows(
        query(
            db,
            GAME_QUERY
            + "WHERE g.id IN (SELECT value FROM json_each(?)) ORDER BY g.id DESC, p.seat",
            [json.dumps(list(game_ids))],
        ).fetchall(),
        db,
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


def latest_games(
    db: Database,
    names: Sequence[str],
    together: int,
    max_hands: int,
    game: str | None = None,
    group_id: int | None = None,
) -> LatestGames:
    """The newest games (of the registered game ``game`` only, and of the group
    ``group_id`` only, when given) in which at least ``together`` of ``names`` sat, as
    many as hold at most ``max_hands`` hands between them (always the newest one)."""
    # SQLite counts the games and adds up their hands, newest first; Python reads only
    # the rows it keeps (and the one after), however many games the names played.
    rows = query(
        db,
        "SELECT game_id, count(*) OVER () AS total, sum(hand_count) OVER "
        "(ORDER BY game_id DESC ROWS UNBOUNDED PRECEDING) AS hands FROM ("
        f"SELECT p.game_id, g.hand_count FROM ({_games_of_names(group_id)}) p "
        "JOIN games g ON g.id = p.game_id WHERE (:game IS NULL OR g.game = :game) "
        "GROUP BY p.game_id HAVING count(*) >= :together) ORDER BY game_id DESC",
        {"names": json.dumps(list(names)), "game": game, "together": together, "group": group_id},
    )
    ids: list[int] = []
    total = 0
    for row in rows:
        total = row["total"]
        if ids and row["hands"] > max_hands:
            break
        ids.append(row["game_id"])
    rows.close()
    return LatestGames(ids[::-1], total)


def key_matches(game: StoredGame, key: str | None) -> bool:
    """True when ``key`` is the game's edit key, compared in constant time."""
    if not key or len(key) > 200:
        return False
    return hmac.compare_digest(hash_key(key), game.edit_key_hash)


def change_table(
    db: Database,
    game: StoredGame,
    settings: Settings,
    change: SeatChange | None = None,
    new_seat: str | None = None,
) -> None:
    """Stores a table that grows or shrinks from the next hand on (``core.seating``):
    ``settings`` saying which seats are empty when; ``change``, a player taking an empty
    seat; ``new_seat``, the name of a player in a seat added at the end (the seat empty
    before, its total from the start and no points in the hands before). The hands'
    cached states are cleared, to be worked out again at the new table. All or nothing,
    and only while the game is at the version ``game`` was read at; raises Conflict
    otherwise."""
    with writing(db):
        bumped = db.execute(
            "UPDATE games SET version = version + 1, updated_at = ?, settings = ? "
            "WHERE id = ? AND version = ? AND hand_count = ?",
            [now(), settings.to_json(), game.id, game.version, game.hand_count],
        ).rowcount
        if not bumped:
            raise Conflict(msg("the game changed meanwhile: look at it again and retry"), "seat")
        joining = [name for name in (new_seat, change and change.name) if name is not None]
        refuse_in_group(db, game.group_id, [("name", name) for name in joining])
        if new_seat is not None:
            seat = len(game.players)
            start = list(game.starting_totals) if game.starting_totals else None
            total = 0
            if start is not None:
                start.append(0)
                db.execute(
                    "UPDATE games SET starting_totals = ? WHERE id = ?",
                    [json.dumps(start), game.id],
                )
            db.execute(
                "INSERT INTO players (game_id, seat, name, total) VALUES (?, ?, ?, ?)",
                [game.id, seat, new_seat, total],
            )
            db.execute(
                "INSERT INTO hand_seats (hand_id, seat, points, total) "
                "SELECT id, ?, 0, ? FROM hands WHERE game_id = ?",
                [seat, total, game.id],
            )
        if change is not None:
            db.execute(
                "DELETE FROM seat_changes WHERE game_id = ? AND seat = ? AND from_hand = ?",
                [game.id, change.seat, change.from_hand],
            )
            kept = [
                c
                for c in game.changes
                if not (c.seat == change.seat and c.from_hand == change.from_hand)
            ]
            if names_at(game.players, kept, change.from_hand)[change.seat] != change.name:
                db.execute(
                    "INSERT INTO seat_changes (game_id, from_hand, seat, name) VALUES (?, ?, ?, ?)",
                    [game.id, change.from_hand, change.seat, change.name],
                )
        db.execute("UPDATE hands SET state = NULL WHERE game_id = ?", [game.id])
