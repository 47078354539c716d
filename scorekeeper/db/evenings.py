"""A group's evenings (issue 22): its games played in one sitting, found from the times
kept on each game's row (``games.first_hand_at`` and ``last_hand_at``, kept by triggers:
see ``migrations.m014_game_hand_times``), never by reading hands.

The rule: a group's games in the order they were played (by when each one's first hand
was recorded, then by id) form one evening while each game's first hand came no more
than four hours after the last hand of the game before it; exactly four hours is the same
evening, a second more begins a new one. A game without hands takes its place by when it
was started, both as its first and as its last hand. A game in progress counts with the
hands it has so far: the evening it is in goes on, and a game started within four hours
of its last hand joins it.

An evening is named by its first game's id, which stays its name as later games join it.
Finding one reads only its games and one neighbour on either side, in batches from the
index ``idx_games_group_played``: the work grows with the evening, not with the group.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from .connection import MAX_ID
from .migrations import GAME_FROM, GAME_UNTIL

EVENING_GAP = timedelta(hours=4)
"""The longest wait between one game's last hand and the next game's first in one evening."""

# Neighbours read per statement while walking an evening's games: most evenings in one.
_BATCH = 64

MAX_EVENING_GAMES = 200
"""The most games an evening holds: games imported with one time for all (a file from a
tool that kept none) would otherwise make one evening of them all, and its page replay
every one. The walk stops there; the games beyond begin an evening of their own."""


@dataclass(frozen=True, slots=True)
class Played:
    """A game's place in time: its id, and when its first and last hands were recorded
    (when it was started, while it has none), as stored (ISO 8601)."""

    id: int
    began: str
    ended: str


@dataclass(frozen=True, slots=True)
class Evening:
    """A group's games played in one sitting, in the order they were played. ``id`` is
    its first game's; ``earlier`` and ``later`` are a game of the evenings before and
    after it (None where there is none)."""

    games: tuple[Played, ...]
    earlier: int | None
    later: int | None

    @property
    def id(self) -> int:
        return self.games[0].id

    @property
    def began(self) -> str:
        return self.games[0].began

    @property
    def ended(self) -> str:
        return max((game.ended for game in self.games), key=_latest_first)

    @property
    def game_ids(self) -> tuple[int, ...]:
        return tuple(game.id for game in self.games)


def moment(stamp: str | None) -> datetime | None:
    """A stored time as an aware datetime (one without an offset, as another tool may have
    written, taken as UTC), or None for one that names no moment."""
    try:
        found = datetime.fromisoformat(stamp or "")
    except (TypeError, ValueError):
        return None
    return found if found.tzinfo else found.replace(tzinfo=UTC)


def _latest_first(stamp: str) -> datetime:
    return moment(stamp) or datetime.min.replace(tzinfo=UTC)


def same_evening(before: Played, after: Played) -> bool:
    """Whether ``after``, the game played next after ``before``, is in its evening: its
    first hand at most four hours after ``before``'s last (a time that names no moment
    never joins)."""
    start, end = moment(after.began), moment(before.ended)
    return start is not None and end is not None and start - end <= EVENING_GAP


def _played(db: Database, group_id: int, game_id: int) -> Played | None:
    row = db.execute(
        f"SELECT id, {GAME_FROM}, {GAME_UNTIL} FROM games WHERE id = ? AND group_id = ?",
        [game_id, group_id],
    ).fetchone()
    return None if row is None else Played(*row)


def _neighbours(db: Database, group_id: int, game: Played, later: bool) -> Iterator[Played]:
    """The group's games played before ``game`` (latest first), or after it (earliest
    first), read lazily a batch at a time from the index."""
    cursor = (game.began, game.id)
    sign, order = (">", "ASC") if later else ("<", "DESC")
    while True:
        rows = db.execute(
            f"SELECT id, {GAME_FROM}, {GAME_UNTIL} FROM games "
            # The range on the index's second column first, so SQLite seeks to it (a row
            # value over an expression is only filtered, after reading from the end).
            f"WHERE group_id = ? AND {GAME_FROM} {sign}= ? "
            f"AND ({GAME_FROM} {sign} ? OR id {sign} ?) "
            f"ORDER BY {GAME_FROM} {order}, id {order} LIMIT {_BATCH}",
            [group_id, cursor[0], *cursor],
        ).fetchall()
        for row in rows:
            yield Played(*row)
        if len(rows) < _BATCH:
            return
        cursor = (rows[-1][1], rows[-1][0])


def evening_of(db: Database, group_id: int, game_id: int) -> Evening | None:
    """The evening of the group ``group_id`` that game ``game_id`` was played in, or None
    when the group has no such game."""
    if not 0 < game_id <= MAX_ID:
        return None
    game = _played(db, group_id, game_id)
    if game is None:
        return None
    before: list[Played] = []
    earlier = None
    current = game
    for neighbour in _neighbours(db, group_id, game, later=False):
        if not same_evening(neighbour, current) or len(before) >= MAX_EVENING_GAMES // 2:
            earlier = neighbour.id
            break
        before.append(neighbour)
        current = neighbour
    after: list[Played] = []
    later = None
    current = game
    for neighbour in _neighbours(db, group_id, game, later=True):
        if (
            not same_evening(current, neighbour)
            or len(before) + len(after) >= MAX_EVENING_GAMES - 1
        ):
            later = neighbour.id
            break
        after.append(neighbour)
        current = neighbour
    return Evening((*reversed(before), game, *after), earlier, later)


def evenings_of(db: Database, group_id: int, game_ids: Iterable[int]) -> dict[int, Evening]:
    """The evening each of the group's games ``game_ids`` was played in, by game id (a
    game not in the group is left out): each evening walked once, however many of its
    games are asked for."""
    found: dict[int, Evening] = {}
    for game_id in game_ids:
        if game_id in found:
            continue
        evening = evening_of(db, group_id, game_id)
        if evening is not None:
            for member in evening.game_ids:
                found[member] = evening
    return found
