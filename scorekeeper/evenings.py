"""A group's evening as its pages (and a result card) show it: its games, found by
``db.evening_of``, each replayed by its own rules, and the evening's figures worked out
by the engine (``engine.core.evening``). Flask-free, as ``game_play`` is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from . import db, game_play
from .engine.core.evening import EveningFigures, EveningGame, Standing, evening_figures
from .lru import Lru


@dataclass(frozen=True, slots=True)
class EveningResult:
    """An evening of a group: where it stands among the group's evenings (``evening``:
    its id, its games' times, the evenings before and after), its games in the order
    they were played, each with its rules' replay (``played``, in the same order), and
    its figures."""

    evening: db.Evening
    games: tuple[db.StoredGame, ...]
    played: tuple[EveningGame, ...]
    figures: EveningFigures

    @property
    def id(self) -> int:
        """The evening's id: its first game's, kept as later games join it."""
        return self.evening.id

    @property
    def date(self) -> str:
        """The day (UTC, ``YYYY-MM-DD``) the evening's first hand was recorded."""
        return self.evening.began[:10]

    @property
    def going_on(self) -> bool:
        """Whether a game of the evening is still in progress."""
        return any(not played.finished for played in self.played)

    @property
    def leaders(self) -> tuple[Standing, ...]:
        """Those ranked first in the evening's standings (none before a game finishes)."""
        return tuple(s for s in self.figures.standings if s.rank == 1)


# Each game's replay by its file, id, version and last change (every write bumps the
# version and stamps the change): an evening's page looked at again replays only the games
# changed since. Progress values are immutable.
CACHE_SIZE = 256
Key = tuple[str, int, int, str]
_replays = Lru(CACHE_SIZE)


def load_evening(database: Database, group_id: int, game_id: int) -> EveningResult | None:
    """The evening of the group ``group_id`` in which game ``game_id`` was played, or None
    when the group has no such game. Reads the evening's games (and the hands of those
    not replayed already at their version) in one transaction, and replays each."""
    replayed: dict[int, Any] = {}  # the games replayed already at their version
    path = db.database_path(database)

    def key(game: db.StoredGame) -> Key:
        return (path, game.id, game.version, game.updated_at)

    def needs_hands(game: db.StoredGame) -> bool:
        found = _replays.get(key(game))
        if found is not None:
            replayed[game.id] = found
        return found is None

    with database.atomic():
        evening = db.evening_of(database, group_id, game_id)
        if evening is None:
            return None
        loaded = {
            game.id: (game, hands)
            for game, hands in db.load_games_with_hands(database, evening.game_ids, needs_hands)
        }
    games = tuple(loaded[game_id][0] for game_id in evening.game_ids if game_id in loaded)
    played = []
    for game in games:
        progress = replayed.get(game.id)
        if progress is None:
            progress = game_play.progress_of(game, loaded[game.id][1])
            _replays.put(key(game), progress)
        rules = game.table
        played.append(EveningGame(game.id, rules, game.players, game.changes, progress))
    return EveningResult(evening, games, tuple(played), evening_figures(played))
