"""Figures derived from a game by its rules, kept per game so that a page sums them
instead of replaying every game: each player's figures in the game (what a career adds up)
and every rivalry between two of its players (what a head-to-head table adds up).

They are the engine's own: ``StoredGame.table.figures.careers`` and ``head_to_head`` of
the one game, so a career or a table summed from them gives the figures that replaying all
the games at once gives (``careers`` and ``head_to_head`` fold game by game, oldest first).

Kept twice, both valid only for one ``games.version`` (every write bumps it):
- in ``game_figures``, one row per game, so a page after a restart replays nothing;
- in this process, an LRU keyed by (game id, version), so a page does not even decode them.

A game whose figures are missing or stale is loaded and replayed once, in one batch for
all such games of a page, and its row written again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sqlite3
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..engine.core.seating import played_by
from ..lru import Lru
from .connection import database_path, query, writing
from .games import StoredGame
from .hands import StoredHand, load_game_with_hands, load_games_with_hands

# Bump when a figure is worked out differently with the same fields: every stored row of
# another format is stale. (A changed set of fields is noticed by itself: see ``_tag``.)
# 2: a game started from totals is replayed from them; 3: a hand a player sat out (the
# dealer at a Doppelkopf table of five, a Skat table of four) is no hand of theirs.
FORMAT = "3"
CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One game's derived figures: ``players`` each name's figures in the game (all the
    seats they sat summed, as ``careers`` does), ``rivalries`` each ordered pair of
    names' rivalry in the game (pairs that never sat at the table together are absent)."""

    game_id: int
    version: int
    players: dict[str, Any]
    rivalries: dict[tuple[str, str], Any]


def recorded(game: StoredGame, hands: Sequence[StoredHand]) -> Any:
    """A stored game as its game's statistics take it (finished when the table asked, for
    a game with "finish now")."""
    rules = game.table
    options: dict[str, Any] = {"changes": game.changes} if game.changes else {}
    if rules.progression.finish_now:
        options["finish_after"] = game.finished_after
    if game.starting_totals:
        options["starting_totals"] = game.starting_totals
    return rules.figures.recorded(
        game.settings,
        game.first_dealer,
        game.players,
        [h.record for h in hands],
        game.id,
        **options,
    )


def compute(game: StoredGame, hands: Sequence[StoredHand]) -> GameFigures:
    """The game's figures, replayed through its rules."""
    rules = game.table
    one = recorded(game, hands)
    names = sorted(played_by(game.players, game.changes))
    careers = rules.figures.careers([one])
    table = rules.figures.head_to_head([one], names)
    return GameFigures(
        game.id,
        game.version,
        {name: careers[name].figures for name in careers},
        {(r.player, r.opponent): r for r in table.rivalries if _any(r)},
    )


def _any(value: Any) -> bool:
    """Whether a rivalry counts anything at all: a pair that never sat at the table
    together counts nothing, and is left out."""
    return any(
        getattr(value, f.name)
        for f in dataclasses.fields(value)
        if f.name not in ("player", "opponent")
    )


# --- the stored form: JSON of the engine's frozen dataclasses -------------------------------

_CLASSES: dict[str, type] = {}
_CLASSES_LOCK = threading.Lock()


def _tag(cls: type) -> str:
    """The class as stored: module, name and a digest of its field names, so a row
    written before a field was added, removed or renamed reads as stale."""
    names = ",".join(f.name for f in dataclasses.fields(cls))
    digest = hashlib.sha1(names.encode()).hexdigest()[:8]
    return f"{cls.__module__}:{cls.__qualname__}#{digest}"


def _encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        tag = _tag(cls)
        with _CLASSES_LOCK:
            _CLASSES.setdefault(tag, cls)
        return {"@": tag, "f": [_encode(getattr(value, f.name)) for f in dataclasses.fields(cls)]}
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    if value is None or isinstance(value, int | str | float):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in game figures")


def _class(tag: str) -> type:
    """The engine's dataclass a tag names: only an already imported ``scorekeeper.engine``
    class whose fields are still those the tag was written with."""
    found = _CLASSES.get(tag)
    if found is not None:
        return found
    module, _, rest = tag.partition(":")
    qualname = rest.partition("#")[0]
    loaded = sys.modules.get(module) if module.startswith("scorekeeper.engine.") else None
    cls = getattr(loaded, qualname, None) if "." not in qualname else None
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)) or _tag(cls) != tag:
        raise ValueError(f"no figures class {tag}")
    with _CLASSES_LOCK:
        _CLASSES[tag] = cls
    return cls


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        cls = _class(value["@"])
        return cls(*(_decode(item) for item in value["f"]))
    if isinstance(value, list):
        return tuple(_decode(item) for item in value)
    return value


def to_text(figures: GameFigures) -> str:
    return json.dumps(
        {
            "players": [[name, _encode(f)] for name, f in figures.players.items()],
            "rivalries": [_encode(r) for r in figures.rivalries.values()],
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def from_text(game_id: int, version: int, text: str) -> GameFigures:
    """Raises ValueError (or TypeError, KeyError) for a row this code cannot read."""
    data = json.loads(text)
    rivalries = [_decode(r) for r in data["rivalries"]]
    return GameFigures(
        game_id,
        version,
        {name: _decode(f) for name, f in data["players"]},
        {(r.player, r.opponent): r for r in rivalries},
    )


# --- the cache -------------------------------------------------------------------------------


_cache = Lru(CACHE_SIZE)  # a game's figures, or (keyed apart) its statistics


def clear_cache() -> None:
    """Forgets the figures this process holds (the stored rows stay)."""
    _cache.clear()


def game_figures(db: Database, game_ids: Sequence[int]) -> list[GameFigures]:
    """The figures of the games in ``game_ids`` (oldest first, unknown ids left out): from
    this process's cache, else from their stored rows, else replayed (and kept in the
    cache). Two statements, and two more for those neither kept nor stored, however many
    games."""
    wanted = json.dumps(list(game_ids))
    rows = query(
        db,
        "SELECT g.id, g.version, g.created_at, g.updated_at, f.version AS stored, f.format, "
        "f.figures FROM games g "
        "LEFT JOIN game_figures f ON f.game_id = g.id "
        "WHERE g.id IN (SELECT value FROM json_each(?)) ORDER BY g.id",
        [wanted],
    ).fetchall()
    # Keyed by the file too, and by the game's times, so that another database with the
    # same ids and versions (a test's, a restored backup) never reads this one's figures.
    path = database_path(db)
    keys = {
        row["id"]: (path, row["id"], row["version"], row["created_at"], row["updated_at"])
        for row in rows
    }
    found: dict[int, GameFigures] = {}
    missing: list[int] = []
    for row in rows:
        game_id, version = row["id"], row["version"]
        figures = _cache.get(keys[game_id])
        if figures is None and row["stored"] == version and row["format"] == FORMAT:
            try:
                figures = from_text(game_id, version, row["figures"])
            except (ValueError, TypeError, KeyError):
                figures = None
            if figures is not None:
                _cache.put(keys[game_id], figures)
        if figures is None:
            missing.append(game_id)
        else:
            found[game_id] = figures
    if missing:
        computed = [compute(game, hands) for game, hands in load_games_with_hands(db, missing)]
        for figures in computed:
            if keys[figures.game_id][2] == figures.version:
                _cache.put(keys[figures.game_id], figures)
            found[figures.game_id] = figures
        # Kept for the next process too: a cache of what the hands give, never the
        # players' data (each row only while its game is at that version; see ``store``).
        store(db, computed)
    return [found[row["id"]] for row in rows if row["id"] in found]


def store(db: Database, computed: Sequence[GameFigures]) -> None:
    """Writes the figures' rows, each only while its game is still at the version they
    were worked out for. A database busy with another writer, or read-only, is left as it
    is: the figures are only a cache of what the hands give."""
    if not computed:
        return
    rows = json.dumps([[f.game_id, f.version, to_text(f)] for f in computed])
    try:
        with writing(db):
            # One statement however many games.
            db.execute(
                "INSERT OR REPLACE INTO game_figures (game_id, version, format, figures) "
                "SELECT g.id, g.version, ?, json_extract(j.value, '$[2]') FROM json_each(?) j "
                "JOIN games g ON g.id = json_extract(j.value, '$[0]') "
                "AND g.version = json_extract(j.value, '$[1]')",
                [FORMAT, rows],
            )
    except sqlite3.OperationalError:
        pass


def refresh(db: Database, game_ids: Sequence[int]) -> None:
    """Works out and stores the figures of the games in ``game_ids`` (after an import), a
    batch of games at a time."""
    for start in range(0, len(game_ids), 500):
        batch = game_ids[start : start + 500]
        store(db, [compute(game, hands) for game, hands in load_games_with_hands(db, batch)])


# --- one game's statistics -------------------------------------------------------------------

# Bump when the statistics are worked out differently with the same fields (as ``FORMAT``).
STATS_FORMAT = "3"  # as ``FORMAT``: 2 replayed from starting totals, 3 hands sat out


def game_stats(db: Database, game: StoredGame) -> tuple[StoredGame, Any]:
    """The statistics of the stored game ``game`` (its rules' ``game_stats``), and the game
    they are of: from this process's cache, else from the game's row in ``game_stats``
    (migration m016), else replayed once and stored, so a long game's statistics cost
    their output, not a replay of its hands, for as long as the game is unchanged. When
    the game has changed since ``game`` was loaded, they are of the game as it is now,
    which is returned in its place."""
    path = database_path(db)
    key = (path, "stats", game.id, game.version, game.created_at, game.updated_at)
    found = _cache.get(key)
    if found is not None:
        return game, found
    row = query(
        db,
        "SELECT stats FROM game_stats WHERE game_id = ? AND version = ? AND format = ?",
        [game.id, game.version, STATS_FORMAT],
    ).fetchone()
    if row is not None:
        try:
            found = _decode(json.loads(row["stats"]))
        except (ValueError, TypeError, KeyError):
            found = None
        if found is not None:
            _cache.put(key, found)
            return game, found
    loaded, hands = load_game_with_hands(db, game.id)
    if loaded is None:  # gone since: the statistics of the game as it was loaded
        loaded, hands = game, []
    stats = loaded.table.figures.game_stats(recorded(loaded, hands))
    _cache.put(
        (path, "stats", loaded.id, loaded.version, loaded.created_at, loaded.updated_at), stats
    )
    text = json.dumps(_encode(stats), separators=(",", ":"), ensure_ascii=False)
    try:
        with writing(db):
            # Kept only while the game is still at the version they were worked out for.
            db.execute(
                "INSERT OR REPLACE INTO game_stats (game_id, version, format, stats) "
                "SELECT id, version, ?, ? FROM games WHERE id = ? AND version = ?",
                [STATS_FORMAT, text, loaded.id, loaded.version],
            )
    except sqlite3.OperationalError:
        pass  # busy with another writer, or read-only: a cache of what the hands give
    return loaded, stats
