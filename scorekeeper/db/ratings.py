"""Ratings as stored (migration m013): the order of a group's rating events, each group,
kind and player's current rating, and each player's rating after each game. The rules
are ``scorekeeper.engine.ratings``'s; this module keeps what they give.

A finished game is one event, rated from the stored current ratings of its players when
it finishes: the work of one game, however many the group has played. Changing or
deleting a hand of a finished game, or un-finishing it, rates the group's games of that
kind again from that game on (``game_changed``, called by ``hands.write_derived`` in the
write's own transaction). Games imported, or finished before there were ratings (an
older file), wait as pending events and are rated the first time their group's ratings
are read or a game of their kind changes (``rate_pending``). ``rebuild`` rates a group
again from scratch.

A finished game moved to another group (nothing in the app moves one; a script may)
leaves both groups' events of its kind pending, by a trigger of migration m013.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..engine import ratings as rules
from ..engine.ratings import Partnerships, Rating
from .connection import now, query, writing
from .games import GAME_QUERY, games_from_rows

# --- keeping them: called inside a write transaction -------------------------------------


def game_changed(db: Database, game_id: int, was_finished: bool, finished: bool) -> None:
    """Keeps the ratings after a write to game ``game_id`` that left it ``finished`` (or
    not) where it ``was_finished`` (or not): a game just finished is rated as its group's
    newest event; a finished game changed, or no longer finished, rates its group's games
    of its kind again from its own place on. Runs in the caller's write transaction."""
    if not (was_finished or finished):
        return
    row = query(
        db, "SELECT group_id, game, position FROM rating_games WHERE game_id = ?", [game_id]
    ).fetchone()
    if row is None:
        if finished:
            _append(db, [game_id])
        return
    if not finished:
        db.execute("DELETE FROM rating_games WHERE game_id = ?", [game_id])
    group_id, kind = row["group_id"], row["game"]
    first = _first_pending(db, group_id, kind)
    _rate_from(db, group_id, kind, min(row["position"], first or row["position"]))


def games_imported(db: Database, game_ids: Sequence[int]) -> None:
    """Adds the finished ones of ``game_ids`` (just stored by an import, in the caller's
    write transaction) as their groups' newest events, in the order they finished (when
    their last hand was recorded), and rates them."""
    _append(db, game_ids, stamped=False)


def _append(db: Database, game_ids: Sequence[int], stamped: bool = True) -> None:
    """Adds the finished games among ``game_ids`` after every event there is: finished now
    (``stamped``), or when their last hand was recorded, in that order; then rates them."""
    finished_at = (
        "?"
        if stamped
        else "coalesce((SELECT h.created_at FROM hands h WHERE h.game_id = g.id "
        "ORDER BY h.number DESC LIMIT 1), g.updated_at)"
    )
    params: list = [now()] if stamped else []
    db.execute(
        "INSERT INTO rating_games (game_id, group_id, game, position, finished_at, rated) "
        "SELECT id, group_id, game, "
        "(SELECT coalesce(max(position), 0) FROM rating_games) "
        "+ row_number() OVER (ORDER BY finished_at, id), finished_at, 0 FROM "
        f"(SELECT g.id, g.group_id, g.game, {finished_at} AS finished_at FROM games g "
        "WHERE g.id IN (SELECT value FROM json_each(?)) AND g.status = 'finished' "
        "AND NOT EXISTS (SELECT 1 FROM rating_games r WHERE r.game_id = g.id))",
        [*params, json.dumps(list(game_ids))],
    )
    for row in query(
        db,
        "SELECT DISTINCT group_id, game FROM rating_games "
        "WHERE game_id IN (SELECT value FROM json_each(?))",
        [json.dumps(list(game_ids))],
    ).fetchall():
        rate_pending(db, row["group_id"], row["game"])


def rate_pending(db: Database, group_id: int, kind: str) -> int:
    """Rates the group's events of ``kind`` from its first pending one on (every later
    one again, after it); returns how many it rated. In the caller's write transaction."""
    first = _first_pending(db, group_id, kind)
    if first is None:
        return 0
    return _rate_from(db, group_id, kind, first)


def _first_pending(db: Database, group_id: int, kind: str) -> int | None:
    return query(
        db,
        "SELECT min(position) AS first FROM rating_games "
        "WHERE group_id = ? AND game = ? AND rated = 0",
        [group_id, kind],
    ).fetchone()["first"]


def _rate_from(db: Database, group_id: int, kind: str, position: int) -> int:
    """Rates the group's events of ``kind`` at ``position`` and after, in order, from the
    ratings everyone had before it."""
    where = "group_id = ? AND game = ? AND position >= ?"
    params = [group_id, kind, position]
    affected = [
        row["player"]
        # By the events' order: the players' index would read the kind's every row.
        for row in query(
            db,
            "SELECT DISTINCT player FROM rating_history "
            f"INDEXED BY idx_rating_history_position WHERE {where}",
            params,
        )
    ]
    db.execute(f"DELETE FROM rating_history WHERE {where}", params)
    # Each player touched goes back to their rating after their last game before it.
    current = _current(db, group_id, kind, affected)
    for name in affected:
        if name not in current:
            db.execute(
                "DELETE FROM ratings WHERE group_id = ? AND game = ? AND player = ?",
                [group_id, kind, name],
            )
    events = query(
        db,
        "SELECT game_id, position FROM rating_games WHERE group_id = ? AND game = ? "
        "AND position >= ? ORDER BY position",
        [group_id, kind, position],
    ).fetchall()
    games = {
        game.id: game
        for game in games_from_rows(
            query(
                db,
                GAME_QUERY + "WHERE g.id IN (SELECT value FROM json_each(?)) ORDER BY g.id, p.seat",
                [json.dumps([row["game_id"] for row in events])],
            ).fetchall(),
            db,
        )
    }
    history = []
    touched: set[str] = set(affected) & set(current)
    rated = 0
    for row in events:
        game = games.get(row["game_id"])
        event = rules.event_of(game) if game is not None else None
        if event is None:
            continue
        missing = [name for name in event.names if name not in current]
        if missing:
            current.update(_stored(db, group_id, kind, missing))
        after = rules.rate(current, event)
        for name, new in after.items():
            old = current.get(name, rules.NEW)
            history.append(
                (
                    event.game_id,
                    name,
                    group_id,
                    kind,
                    row["position"],
                    event.share_of(name),
                    old.mu,
                    old.sigma,
                    new.mu,
                    new.sigma,
                    new.games,
                )
            )
        current.update(after)
        touched.update(after)
        rated += 1
    db.conn.executemany(
        "INSERT INTO rating_history (game_id, player, group_id, game, position, share, "
        "mu_before, sigma_before, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        history,
    )
    db.conn.executemany(
        "INSERT INTO ratings (group_id, game, player, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (group_id, game, player) DO UPDATE SET mu = excluded.mu, "
        "sigma = excluded.sigma, games = excluded.games",
        [
            (group_id, kind, name, current[name].mu, current[name].sigma, current[name].games)
            for name in sorted(touched)
        ],
    )
    # The trend of each player whose ratings changed, kept with their rating (m016).
    db.execute(
        f"UPDATE ratings SET recent = {_RECENT} WHERE group_id = :group AND game = :game "
        "AND player IN (SELECT value FROM json_each(:names))",
        {
            "group": group_id,
            "game": kind,
            "names": json.dumps(sorted(touched)),
            "last": rules.TREND_GAMES,
        },
    )
    # The presets rated games of the kind started from, by their first (m018): a preset
    # first rated before ``position`` still is; any other is found among the events
    # rated here, where one already kept is first before them.
    db.execute("DELETE FROM rated_presets WHERE group_id = ? AND game = ? AND first >= ?", params)
    db.execute(
        "INSERT INTO rated_presets (group_id, game, rules, first) "
        "SELECT h.group_id, h.game, g.rules, MIN(h.position) FROM rating_history h "
        "JOIN games g ON g.id = h.game_id "
        "WHERE h.group_id = ? AND h.game = ? AND h.position >= ? "
        "GROUP BY g.rules ON CONFLICT DO NOTHING",
        params,
    )
    db.execute(f"UPDATE rating_games SET rated = 1 WHERE {where} AND rated = 0", params)
    return rated


# A player's rating before and after each of their last ``:last`` games of the kind, newest
# first, as JSON ([[mu_before, sigma_before, mu, sigma], …]), of the ``ratings`` row.
_RECENT = (
    "(SELECT json_group_array(json_array(h.mu_before, h.sigma_before, h.mu, h.sigma)) "
    "FROM (SELECT mu_before, sigma_before, mu, sigma, position FROM rating_history "
    "WHERE group_id = ratings.group_id AND game = ratings.game AND player = ratings.player "
    "ORDER BY position DESC LIMIT :last) h)"
)


def _current(db: Database, group_id: int, kind: str, names: Iterable[str]) -> dict[str, Rating]:
    """Each of ``names``' rating after their last game still in the history (a name with
    none is left out)."""
    found = {}
    for name in names:
        row = query(
            db,
            "SELECT mu, sigma, games FROM rating_history WHERE group_id = ? AND game = ? "
            "AND player = ? ORDER BY position DESC LIMIT 1",
            [group_id, kind, name],
        ).fetchone()
        if row is not None:
            found[name] = Rating(row["mu"], row["sigma"], row["games"])
    return found


def _stored(db: Database, group_id: int, kind: str, names: Sequence[str]) -> dict[str, Rating]:
    """The current ratings of those of ``names`` that have one."""
    return {
        row["player"]: Rating(row["mu"], row["sigma"], row["games"])
        for row in query(
            db,
            "SELECT player, mu, sigma, games FROM ratings WHERE group_id = ? AND game = ? "
            "AND player IN (SELECT value FROM json_each(?))",
            [group_id, kind, json.dumps(list(names))],
        )
    }


def rebuild(db: Database, group_id: int | None = None) -> int:
    """Rates every finished game of the group ``group_id`` (every group for None) again
    from scratch, in the order they finished, with the events put right first (a game
    finished but missing, a game no longer finished, a game moved to another group).
    Returns how many events it rated. One write transaction."""
    only = "" if group_id is None else "AND g.group_id = :group"
    with writing(db):
        db.execute(
            "DELETE FROM rating_games WHERE game_id IN (SELECT r.game_id FROM rating_games r "
            "LEFT JOIN games g ON g.id = r.game_id WHERE g.id IS NULL OR g.status != 'finished' "
            "OR g.group_id != r.group_id OR g.game != r.game)"
        )
        missing = [
            row["id"]
            for row in query(
                db,
                "SELECT g.id FROM games g WHERE g.status = 'finished' "
                f"AND g.id NOT IN (SELECT game_id FROM rating_games) {only}",
                {"group": group_id},
            )
        ]
        if missing:
            _append(db, missing, stamped=False)
        kinds = query(
            db,
            "SELECT DISTINCT group_id, game FROM rating_games"
            + ("" if group_id is None else " WHERE group_id = :group"),
            {"group": group_id},
        ).fetchall()
        clear = "" if group_id is None else " WHERE group_id = :group"
        db.execute("DELETE FROM rating_history" + clear, {"group": group_id})
        db.execute("DELETE FROM rated_presets" + clear, {"group": group_id})
        db.execute("DELETE FROM ratings" + clear, {"group": group_id})
        db.execute("UPDATE rating_games SET rated = 0" + clear, {"group": group_id})
        return sum(_rate_from(db, row["group_id"], row["game"], 0) for row in kinds)


def ensure_rated(db: Database, group_id: int, kind: str | None = None) -> None:
    """Rates the group's pending events (of ``kind`` only, when given), if it has any: a
    read without a lock when it has none, as it has but after an upgrade or an import."""
    sql = "SELECT DISTINCT game FROM rating_games WHERE group_id = ? AND rated = 0"
    params: list = [group_id]
    if kind is not None:
        sql += " AND game = ?"
        params.append(kind)
    if not query(db, sql + " LIMIT 1", params).fetchone():
        return
    with writing(db):
        for row in query(db, sql, params).fetchall():
            rate_pending(db, group_id, row["game"])


# --- reading them -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's line in a group's ratings of one game kind."""

    rank: int
    player: str
    mu: float
    sigma: float
    games: int
    recent: tuple[float, ...]
    """The shown rating after each of the player's last ``TREND_GAMES`` games, oldest
    first."""
    trend: float
    """How far the shown rating moved over those games (to one decimal)."""

    @property
    def rating(self) -> float:
        """μ − 3σ to one decimal."""
        return rules.shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < rules.PROVISIONAL_UNDER

    def to_dict(self) -> dict:
        """The player's line as the API gives it (``mu`` and ``sigma`` unrounded)."""
        return {
            "player": self.player,
            "mu": self.mu,
            "sigma": self.sigma,
            "rating": self.rating,
            "games": self.games,
            "provisional": self.provisional,
        }


def ratings_table(db: Database, group_id: int, kind: str) -> list[RatingRow]:
    """The group's ratings in the game kind ``kind`` (a registered key), best first (μ −
    3σ unrounded, then name), each with its rank (equal shown ratings share one), recent
    ratings and trend. One statement once the group's events are rated (pending ones are
    rated first: ``ensure_rated``)."""
    ensure_rated(db, group_id, kind)
    # Each player's trend as kept with their rating (``ratings.recent``, m016), never their
    # history read again; worked out here only for a row that has none.
    rows = query(
        db,
        f"SELECT player, mu, sigma, games, coalesce(recent, {_RECENT}) AS recent "
        "FROM ratings WHERE group_id = :group AND game = :game",
        {"group": group_id, "game": kind, "last": rules.TREND_GAMES},
    ).fetchall()
    ordered = sorted(
        rows,
        key=lambda row: (-(row["mu"] - 3 * row["sigma"]), row["player"].casefold(), row["player"]),
    )
    table = []
    for index, row in enumerate(ordered):
        shown, start = _trend(row["recent"])
        rating = rules.shown(row["mu"], row["sigma"])
        rank = table[-1].rank if table and table[-1].rating == rating else index + 1
        table.append(
            RatingRow(
                rank=rank,
                player=row["player"],
                mu=row["mu"],
                sigma=row["sigma"],
                games=row["games"],
                recent=shown,
                trend=round(rating - start, 1),
            )
        )
    return table


@functools.lru_cache(maxsize=4096)
def _trend(recent: str) -> tuple[tuple[float, ...], float]:
    """A player's kept trend (``ratings.recent``) as the page shows it: the shown rating
    after each of their last games, oldest first, and the one before the oldest (where the
    trend starts). Kept per text: a page asked for again decodes none of its lines."""
    # Newest first as stored; the oldest's rating before it starts the trend.
    games = json.loads(recent)[::-1]
    shown = tuple(rules.shown(mu, sigma) for _mb, _sb, mu, sigma in games)
    return shown, rules.shown(games[0][0], games[0][1]) if games else 0.0


def current_ratings(
    db: Database, group_id: int, kind: str, names: Sequence[str] | None = None
) -> dict[str, Rating]:
    """The current ratings in the group and kind: of ``names`` (those rated), or of
    everyone rated when None."""
    ensure_rated(db, group_id, kind)
    if names is not None:
        return _stored(db, group_id, kind, names)
    return {
        row["player"]: Rating(row["mu"], row["sigma"], row["games"])
        for row in query(
            db,
            "SELECT player, mu, sigma, games FROM ratings WHERE group_id = ? AND game = ?",
            [group_id, kind],
        )
    }


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's rating after one rated game."""

    game_id: int
    finished_at: str
    mu: float
    sigma: float
    games: int
    share: float
    """The share of the game's hands the player sat."""

    @property
    def rating(self) -> float:
        return rules.shown(self.mu, self.sigma)


def in_order(kinds: set[str], order: Sequence[str]) -> list[str]:
    """``kinds`` in ``order`` (the registry's, which the caller knows: this package asks
    nothing of the rules), then any ``order`` leaves out, sorted."""
    return [key for key in order if key in kinds] + sorted(kinds - set(order))


def rated_kinds(db: Database, group_id: int, order: Sequence[str] = ()) -> list[str]:
    """The game kinds the group has ratings in, in ``order`` (``in_order``)."""
    ensure_rated(db, group_id)
    kinds = {
        row["game"]
        for row in query(db, "SELECT DISTINCT game FROM ratings WHERE group_id = ?", [group_id])
    }
    return in_order(kinds, order)


def rated_presets(db: Database, group_id: int, kind: str) -> list[str]:
    """The presets the group's rated games of ``kind`` started from, in the order first
    played: what the ratings of a kind cover (the round sheet's: Hearts, or more)."""
    ensure_rated(db, group_id, kind)
    return [
        row["rules"]
        for row in query(
            db,
            "SELECT rules FROM rated_presets WHERE group_id = ? AND game = ? ORDER BY first",
            [group_id, kind],
        )
    ]


def rating_history(db: Database, group_id: int, kind: str, player: str) -> list[HistoryPoint]:
    """The player's rating after each of their rated games of ``kind`` in the group, in
    the order the games finished."""
    ensure_rated(db, group_id, kind)
    return [
        HistoryPoint(
            row["game_id"], row["finished_at"], row["mu"], row["sigma"], row["games"], row["share"]
        )
        for row in query(
            db,
            "SELECT h.game_id, r.finished_at, h.mu, h.sigma, h.games, h.share "
            "FROM rating_history h JOIN rating_games r ON r.game_id = h.game_id "
            "WHERE h.group_id = ? AND h.game = ? AND h.player = ? ORDER BY h.position",
            [group_id, kind, player],
        )
    ]


def player_rating_histories(
    db: Database, group_id: int, player: str, order: Sequence[str] = ()
) -> dict[str, list[HistoryPoint]]:
    """The player's rating history in each game kind they are rated in within the group,
    by kind (in ``order``: ``in_order``)."""
    ensure_rated(db, group_id)
    # One query for every kind: the player's kinds from ``ratings``, each kind's history
    # sought on ``idx_rating_history_player`` (a page draws them as one chart).
    found: dict[str, list[HistoryPoint]] = {}
    for row in query(
        db,
        "SELECT h.game, h.game_id, r.finished_at, h.mu, h.sigma, h.games, h.share "
        "FROM rating_history h JOIN rating_games r ON r.game_id = h.game_id "
        "WHERE h.group_id = :group AND h.player = :player AND h.game IN "
        "(SELECT game FROM ratings WHERE group_id = :group AND player = :player) "
        "ORDER BY h.game, h.position",
        {"group": group_id, "player": player},
    ):
        found.setdefault(row["game"], []).append(
            HistoryPoint(
                row["game_id"],
                row["finished_at"],
                row["mu"],
                row["sigma"],
                row["games"],
                row["share"],
            )
        )
    return {kind: found[kind] for kind in in_order(set(found), order)}


def predict_win(
    db: Database, group_id: int, kind: str, seating: Sequence[str]
) -> tuple[float, ...]:
    """Each side's chance to win (in the order of the game's ``sides``) for ``seating``,
    a name per seat, from the group's current ratings in ``kind`` (a newcomer is new)."""
    return rules.win_chances(kind, seating, current_ratings(db, group_id, kind, seating))


def fairest_partnerships(
    db: Database, group_id: int, kind: str, names: Sequence[str]
) -> Partnerships:
    """The seating of ``names`` whose partnerships' chances are closest to even, from the
    group's current ratings in ``kind`` (see ``engine.ratings.fairest_partnerships``)."""
    return rules.fairest_partnerships(kind, names, current_ratings(db, group_id, kind, names))
