"""Hands: reading a game's hands as its engine's records, and recording, editing and
deleting one, each in one transaction with everything it moves (later dealers and running
totals, the players' totals, the game's status) and a revision kept for the history.

Every hand is stored as its game's own dict (``hands.record``, the engine's
``to_dict()``), read back through ``get_game(games.game).record_from_dict``; the flat
columns beside it (``bid``, ``hand_seats.contract``…) are what the game's
``table_columns`` gives, for people who read the database with SQL or Datasette.
"""

from __future__ import annotations

import functools
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlite_utils import Database

from ..engine.core.game import HandRecord, Settings, seat_values, side_names
from ..engine.core.messages import msg
from ..engine.registry import get_game
from .connection import MAX_ID, now, query, writing
from .errors import Conflict, NotFound
from .games import Game, load_game, stored_settings

T = TypeVar("T")
# What ``replay`` gives: per-hand ``dealer``, ``points``, ``totals``, ``record``, and the
# game's ``status``, ``winner`` and ``totals`` (the engine's GameProgress for Israeli Whist).
Progress = Any

# The flat columns of ``hands`` and ``hand_seats`` a game's ``table_columns`` may fill.
HAND_COLUMNS = ("frisch_rounds", "declarer", "bid", "over_under", "contracts_total")
SEAT_COLUMNS = ("contract", "tricks", "revokes")


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


def record_text(record: HandRecord) -> str:
    """A hand record as ``hands.record`` and ``hand_revisions.hand`` store it."""
    return json.dumps(record.to_dict(), sort_keys=True)


@functools.lru_cache(maxsize=4096)
def stored_record(game: str, settings: Settings, text: str) -> HandRecord:
    """``hands.record`` as the game's (immutable) record, parsed once per text."""
    return get_game(game).record_from_dict(settings, json.loads(text))


# One row per hand, with what reading its record needs from its game.
HANDS_QUERY = (
    "SELECT h.game_id, h.number, h.revision, h.record, h.created_at, h.updated_at, "
    "g.game, g.settings FROM hands h JOIN games g ON g.id = h.game_id "
)


def stored_hand(row: sqlite3.Row) -> StoredHand:
    """A row of ``HANDS_QUERY`` as the game's stored hand."""
    settings = stored_settings(row["game"], row["settings"])
    return StoredHand(
        row["number"], stored_record(row["game"], settings, row["record"]), row["revision"]
    )


def load_hands(db: Database, game_id: int, from_number: int = 1) -> list[StoredHand]:
    """Returns the game's hands in order (from hand ``from_number`` on), rebuilt as the
    engine's typed records."""
    rows = query(
        db,
        HANDS_QUERY + "WHERE h.game_id = ? AND h.number >= ? ORDER BY h.number",
        [game_id, from_number],
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


def progress_of(
    game: Game, hands: Sequence[StoredHand], finished_after: int | None = None
) -> Progress:
    """The game's own view of itself after ``hands`` (its ``replay``): for a game whose
    rules have "finish now", finished after ``finished_after`` hands, or else after the
    number stored when the table asked."""
    rules = get_game(game.game)
    records = [h.record for h in hands]
    options: dict[str, Any] = {}
    if game.starting_totals:
        options["starting_totals"] = game.starting_totals
    if rules.finish_now:
        options["finish_after"] = game.finished_after if finished_after is None else finished_after
    return rules.replay(game.settings, game.first_dealer, records, **options)


def _finish_options(game: Game, finished_after: int | None) -> dict[str, Any]:
    if not get_game(game.game).finish_now:
        return {}
    return {"finish_after": game.finished_after if finished_after is None else finished_after}


def resume_game(
    game: Game,
    state: dict[str, Any],
    records: Sequence[HandRecord],
    finished_after: int | None = None,
) -> Progress:
    """The game continued from ``state`` (its stored state after some hand): ``records``
    scored as the hands after it, as ``progress_of`` would give them, without the hands
    before. ``finished_after`` as for ``progress_of``."""
    rules = get_game(game.game)
    return rules.resume(game.settings, state, records, **_finish_options(game, finished_after))


def replayed_hand(progress: Progress, number: int) -> Any:
    """Hand ``number`` of a progress that holds it: a whole replay's, or a resumed one's
    (whose ``hands`` start after the state it resumed from)."""
    first = progress.next_number - len(progress.hands)
    if not first <= number < progress.next_number:
        raise IndexError(f"hand {number} is not among hands {first}..{progress.next_number - 1}")
    return progress.hands[number - first]


class _StatesMissing(Exception):
    """A hand stored before ``hands.state`` existed (or by an older version) has no state
    yet: the game must be replayed once to fill them in."""


def _state_after(db: Database, game: Game, number: int) -> dict[str, Any]:
    """The game's stored state after hand ``number`` (before the first hand for 0): one
    row read. Raises _StatesMissing when that hand has none stored yet."""
    if number == 0:
        return get_game(game.game).state_of(progress_of(game, []))
    row = db.execute(
        "SELECT state FROM hands WHERE game_id = ? AND number = ?", [game.id, number]
    ).fetchone()
    if row is None or row[0] is None:
        raise _StatesMissing(number)
    return json.loads(row[0])


def fill_states(db: Database, game_id: int) -> int:
    """Replays the game once and stores every hand's state where none is stored (hands
    written before ``hands.state`` existed). Returns how many it filled. Safe beside other
    writers: it writes only if the game has not changed since it was read."""
    game, hands = load_game_with_hands(db, game_id)
    if game is None or not hands:
        return 0
    rules = get_game(game.game)
    progress = progress_of(game, hands)
    states = [
        (json.dumps(rules.hand_state(replayed), sort_keys=True), game_id, replayed.number)
        for replayed in progress.hands
    ]
    with writing(db):
        unchanged = db.execute(
            "UPDATE games SET version = version WHERE id = ? AND version = ?",
            [game_id, game.version],
        ).rowcount
        if not unchanged:
            return 0
        cursor = db.conn.executemany(
            "UPDATE hands SET state = ? WHERE game_id = ? AND number = ? AND state IS NULL",
            states,
        )
        return cursor.rowcount


def current_progress(db: Database, game: Game) -> Progress:
    """Where the game stands after its last hand, with no hands in it (``hands`` empty;
    ``dealer``, ``totals``, ``status``, ``next_number``… the whole game's): from the last
    hand's stored state, without reading the hands."""
    return recent_progress(db, game, 0)


def recent_progress(db: Database, game: Game, last: int | None) -> Progress:
    """The game's progress holding only its last ``last`` hands (every hand for None):
    resumed from the stored state before them, so the work is that of those hands however
    long the game. ``next_number``, totals, status and winner are the whole game's. Not
    within a transaction: a game stored before the states were is replayed once to store
    them (``fill_states``), which writes."""
    for _ in range(2):
        try:
            return _resumed(db, game, last)
        except _StatesMissing:
            fill_states(db, game.id)
    return progress_of(game, load_hands(db, game.id))


def _resumed(db: Database, game: Game, last: int | None) -> Progress:
    """``recent_progress`` from the stored state; raises _StatesMissing when it is not."""
    first = 1 if last is None else max(1, game.hand_count - last + 1)
    state = _state_after(db, game, first - 1)
    later = load_hands(db, game.id, first) if first <= game.hand_count else []
    return resume_game(game, state, [h.record for h in later])


def running_totals(db: Database, game: Game) -> list[tuple[int, ...]]:
    """Each side's total after each hand, hand 1 first, as stored (``hand_seats.total``;
    partners hold their side's, so the side's first seat is read): one statement and no
    replay."""
    firsts = [side[0] for side in get_game(game.game).sides]
    totals = [
        row[0]
        for row in db.execute(
            "SELECT s.total FROM hands h JOIN hand_seats s ON s.hand_id = h.id "
            "WHERE h.game_id = ? AND s.seat IN (SELECT value FROM json_each(?)) "
            "ORDER BY h.number, s.seat",
            [game.id, json.dumps(firsts)],
        )
    ]
    # Each hand's rows come by seat; a side's total is at its first seat's place there.
    places = [sorted(firsts).index(seat) for seat in firsts]
    return [
        tuple(totals[start + place] for place in places)
        for start in range(0, len(totals), len(firsts))
    ]


def load_scoreboard(
    db: Database, game_id: int, last: int | None
) -> tuple[Game | None, Progress | None, list[tuple[int, ...]]]:
    """The game, its progress holding its last ``last`` hands (see ``recent_progress``) and
    every hand's running totals, as of one moment. A game whose states are not stored yet
    has them filled (a write) outside that reading transaction, then is read again."""
    for _ in range(2):
        try:
            with db.atomic():
                game = load_game(db, game_id)
                if game is None:
                    return None, None, []
                progress = _resumed(db, game, last)
                if len(progress.hands) == game.hand_count:
                    # It holds every hand (a game no longer than ``last``): its totals are
                    # the stored ones, without reading them.
                    return game, progress, get_game(game.game).running_totals(progress)
                return game, progress, running_totals(db, game)
        except _StatesMissing:
            fill_states(db, game_id)
    with db.atomic():
        game = load_game(db, game_id)
        if game is None:
            return None, None, []
        return game, progress_of(game, load_hands(db, game_id)), running_totals(db, game)


def load_revisions(db: Database, game_id: int) -> list[Revision]:
    """Every saved version of every hand, by hand number then oldest first."""
    return [
        revision_from_row(row)
        for row in query(
            db,
            "SELECT number, revision, action, hand, created_at FROM hand_revisions "
            "WHERE game_id = ? ORDER BY number, id",
            [game_id],
        )
    ]


def revision_from_row(row: sqlite3.Row) -> Revision:
    return Revision(
        row["number"], row["revision"], row["action"], json.loads(row["hand"]), row["created_at"]
    )


def load_game_with_hands(db: Database, game_id: int) -> tuple[Game | None, list[StoredHand]]:
    """The game and its hands as of one moment, read in one transaction."""
    with db.atomic():
        game = load_game(db, game_id)
        return game, (load_hands(db, game_id) if game else [])


def load_games_with_hands(
    db: Database, game_ids: Sequence[int]
) -> list[tuple[Game, list[StoredHand]]]:
    """The games in ``game_ids``, oldest first, with their hands: two statements in one
    transaction, however many games."""
    from .games import GAME_QUERY, games_from_rows

    wanted = json.dumps([i for i in game_ids if 0 < i <= MAX_ID])
    with db.atomic():
        games = games_from_rows(
            query(
                db,
                GAME_QUERY + "WHERE g.id IN (SELECT value FROM json_each(?)) ORDER BY g.id, p.seat",
                [wanted],
            ).fetchall()
        )
        hands = {
            game_id: stored
            for game_id, stored, _stamps in hand_groups(
                db, "h.game_id IN (SELECT value FROM json_each(?))", [wanted]
            )
        }
    return [(game, hands.get(game.id, [])) for game in games]


# How often a write re-reads the game when other phones keep changing it meanwhile.
WRITE_ATTEMPTS = 5


def _write_if_unchanged(db: Database, game_id: int, plan: Callable[[Game], Callable[[], T]]) -> T:
    """Runs a write to one game with the engine's work done outside the write lock.

    ``plan`` gets the game as read now, reads what else it needs (the hands it changes, the
    stored state before them) in the same read transaction, checks them (raising Conflict
    or NotFound) and returns the function that writes the change. That function runs in
    one transaction whose first statement bumps the game's version only if it is still the
    version read: so SQLite hands this connection the write lock before anything else
    happens, and nothing is written from a stale reading. If another phone wrote to the
    game in between, everything is read and checked again. A game whose hands were stored
    before their states were is replayed once to store them (``fill_states``).
    """
    if not 0 < game_id <= MAX_ID:
        raise NotFound(f"there is no game {game_id}")
    for _ in range(WRITE_ATTEMPTS):
        try:
            with db.atomic():
                game = load_game(db, game_id)
                if game is None:
                    raise NotFound(f"there is no game {game_id}")
                write = plan(game)
        except _StatesMissing:
            fill_states(db, game_id)
            continue
        with writing(db):
            claimed = db.execute(
                "UPDATE games SET version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ?",
                [now(), game_id, game.version],
            ).rowcount
            if claimed:
                return write()
    raise Conflict(msg("the game kept changing on other phones; try again"), "number")


def hand_values(game: str, replayed: Any) -> dict[str, Any]:
    """A replayed hand as the ``hands`` table stores it, but for its number, revision and
    times: its dealer, whether it was thrown in, its record, the game's flat columns and
    its state after the hand (to resume from).

    ``frisch_rounds`` has been NOT NULL since the first schema: a game without Frisch
    rounds stores 0 there.
    """
    flat, _seats = get_game(game).table_columns(replayed)
    values = {name: flat.get(name) for name in HAND_COLUMNS}
    if values["frisch_rounds"] is None:
        values["frisch_rounds"] = 0
    return {
        "dealer": replayed.dealer,
        "thrown_in": int(bool(replayed.record.thrown_in)),
        **values,
        "record": record_text(replayed.record),
        "state": state_text(game, replayed),
    }


def state_text(game: str, replayed: Any) -> str:
    """The game's state after a replayed hand, as ``hands.state`` stores it."""
    return json.dumps(get_game(game).hand_state(replayed), sort_keys=True)


def seat_rows(game: str, replayed: Any) -> Iterator[tuple[int, int, int]]:
    """(seat, points, running total) of a replayed hand for every seat, each partner
    getting their side's."""
    rules = get_game(game)
    points, totals = seat_values(rules, replayed.points), seat_values(rules, replayed.totals)
    return zip(range(rules.seats), points, totals, strict=True)


def insert_seats(db: Database, game: str, hand_id: int, replayed: Any) -> None:
    """One ``hand_seats`` row per seat: the game's flat columns, points and running total."""
    _flat, seats = get_game(game).table_columns(replayed)
    db.conn.executemany(
        "INSERT INTO hand_seats (hand_id, seat, contract, tricks, revokes, points, total) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (
                hand_id,
                seat,
                *(seats[seat].get(name) if seat < len(seats) else None for name in SEAT_COLUMNS),
                points,
                total,
            )
            for seat, points, total in seat_rows(game, replayed)
        ],
    )


def insert_hand(
    db: Database,
    game: str,
    game_id: int,
    number: int,
    replayed: Any,
    revision: int,
    created_at: str,
    updated_at: str,
) -> int:
    """Inserts hand ``number`` with its seats; returns its row id. Raises
    sqlite3.IntegrityError when the game already has that hand."""
    values = {
        "game_id": game_id,
        "number": number,
        **hand_values(game, replayed),
        "revision": revision,
        "created_at": created_at,
        "updated_at": updated_at,
    }
    hand_id = db.execute(
        f"INSERT INTO hands ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
        list(values.values()),
    ).lastrowid
    assert hand_id is not None
    insert_seats(db, game, hand_id, replayed)
    return hand_id


def _write_hand(
    db: Database, game: Game, progress: Progress, number: int, revision: int, is_new: bool
) -> None:
    """Inserts or replaces hand ``number`` with its seats, as ``progress`` scored it."""
    replayed = replayed_hand(progress, number)
    stamp = now()
    # Plain SQL on the write path: each statement releases Python's GIL, and under load
    # every extra round trip is a wait to get it back.
    if is_new:
        try:
            insert_hand(db, game.game, game.id, number, replayed, revision, stamp, stamp)
        except sqlite3.IntegrityError:
            raise Conflict(_already_recorded(number), "number") from None
        return
    values = {**hand_values(game.game, replayed), "revision": revision, "updated_at": stamp}
    hand_id = db.execute(
        f"UPDATE hands SET {', '.join(f'{name} = ?' for name in values)} "
        "WHERE game_id = ? AND number = ? RETURNING id",
        [*values.values(), game.id, number],
    ).fetchone()[0]
    db.execute("DELETE FROM hand_seats WHERE hand_id = ?", [hand_id])
    insert_seats(db, game.game, hand_id, replayed)


def _write_derived(db: Database, game: Game, progress: Progress, after: int) -> None:
    """Rewrites what a change of hand ``after`` (or of the game's end) moves: the later
    hands of ``progress`` (their dealers, states and running totals), the players' totals
    and the game's status. ``progress`` holds hand ``after`` onward, or only what follows
    it: the hands before are never read nor rewritten."""
    game_id = game.id
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
            [(h.dealer, state_text(game.game, h), ids[h.number]) for h in later],
        )
        db.conn.executemany(
            "UPDATE hand_seats SET points = ?, total = ? WHERE hand_id = ? AND seat = ?",
            [
                (points, total, ids[h.number], seat)
                for h in later
                for seat, points, total in seat_rows(game.game, h)
            ],
        )
    db.conn.executemany(
        "UPDATE players SET total = ? WHERE game_id = ? AND seat = ?",
        [
            (total, game_id, seat)
            for seat, total in enumerate(seat_values(get_game(game.game), progress.totals))
        ],
    )
    db.execute(
        "UPDATE games SET status = ?, winner = ?, hand_count = ? WHERE id = ?",
        [progress.status, progress.winner, progress.next_number - 1, game_id],
    )


def _add_revision(
    db: Database, game_id: int, number: int, revision: int, action: str, record: HandRecord
) -> None:
    db.execute(
        "INSERT INTO hand_revisions (game_id, number, revision, action, hand, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [game_id, number, revision, action, record_text(record), now()],
    )


def _next_revision(db: Database, game_id: int, number: int) -> int:
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


def _hand_as_expected(
    game: Game,
    current: StoredHand | None,
    number: int,
    expected_revision: int | None,
    stale: str,
) -> StoredHand:
    """Hand ``number`` as stored (``current``). Raises NotFound when there is none, and
    Conflict (``stale``, with the stored hand) when it is no longer ``expected_revision``."""
    if current is None or not 1 <= number <= game.hand_count:
        raise NotFound(f"game {game.id} has no hand {number}", "number")
    if expected_revision is not None and expected_revision != current.revision:
        raise Conflict(stale, "revision", current)
    return current


def _finished_message(game: Game) -> str:
    if game.winner is None:  # the tied leaders shared the win (tie_at_end=shared)
        return msg("the game is over: the win is shared")
    return msg("the game is over: %(winner)s won", winner=winners_of(game))


def winners_of(game: Game) -> str:
    """The names of the winning side (one player without partners) as it sits at the end:
    ``Ann & Cat``."""
    assert game.winner is not None
    return side_names(get_game(game.game), game.seated)[game.winner]


def _already_recorded(number: int) -> str:
    return msg("hand %(number)d is already recorded", number=number)


def add_hand(
    db: Database, game_id: int, record: HandRecord, number: int | None = None
) -> tuple[int, Progress, int]:
    """Stores ``record`` as the game's next hand, with its points and the game's status, in
    one transaction. Returns (its number, the game's progress after it, its revision): a
    progress resumed from the last hand's stored state, so its ``hands`` hold only the new
    one (``replayed_hand`` finds it), and the work is the same however long the game.

    ``number``, when given, must be the next hand's number. Raises NotFound for an unknown
    game and Conflict when that hand is already recorded or the game is over.
    """

    def plan(game: Game):
        next_number = game.hand_count + 1
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
        progress = resume_game(game, _state_after(db, game, game.hand_count), [record])

        def write() -> tuple[int, Progress, int]:
            revision = _next_revision(db, game_id, next_number)
            _write_hand(db, game, progress, next_number, revision, is_new=True)
            _write_derived(db, game, progress, after=next_number)
            _add_revision(db, game_id, next_number, revision, "recorded", record)
            return next_number, progress, revision

        return write

    return _write_if_unchanged(db, game_id, plan)


def _stored(db: Database, game: Game, number: int) -> StoredHand | None:
    """Hand ``number`` of the game, or None when the game has no such hand."""
    return load_hand(db, game.id, number) if 1 <= number <= game.hand_count else None


def replace_hand(
    db: Database,
    game_id: int,
    number: int,
    record: HandRecord,
    expected_revision: int | None = None,
) -> tuple[Progress, int]:
    """Replaces hand ``number`` and recomputes every later hand from the state stored
    before it, keeping the old version as a revision, in one transaction. Returns (the
    game's progress from hand ``number`` on, the hand's revision).

    Raises NotFound for an unknown game or hand; Conflict when the hand was changed since
    ``expected_revision``, or when the change would end the game before a later hand.
    """

    def plan(game: Game):
        stale = msg(
            "hand %(number)d was changed on another phone while you were editing it; "
            "check it and save again",
            number=number,
        )
        hands = load_hands(db, game_id, number) if 1 <= number <= game.hand_count else []
        current = _hand_as_expected(
            game, hands[0] if hands else None, number, expected_revision, stale
        )
        before = _state_after(db, game, number - 1)
        if current.record == record:
            unchanged = resume_game(game, before, [h.record for h in hands])
            return lambda: (unchanged, current.revision)
        hands[0] = StoredHand(number, record, current.revision)
        try:
            progress = resume_game(game, before, [h.record for h in hands])
        except ValueError as exc:
            raise Conflict(
                msg(
                    "with this change the game ends earlier, but %(problem)s; delete the later "
                    "hands first or change this hand",
                    problem=exc.args[0],
                ),
                "hand",
            ) from None

        def write() -> tuple[Progress, int]:
            revision = _next_revision(db, game_id, number)
            _write_hand(db, game, progress, number, revision, is_new=False)
            _write_derived(db, game, progress, after=number)
            _add_revision(db, game_id, number, revision, "edited", record)
            return progress, revision

        return write

    return _write_if_unchanged(db, game_id, plan)


def delete_last_hand(
    db: Database, game_id: int, number: int, expected_revision: int | None = None
) -> Progress:
    """Deletes hand ``number``, which must be the last one, keeping it as a revision.
    Returns the game's progress after the hand before it (no hands in it).

    Raises NotFound for an unknown game or hand; Conflict when the hand was changed since
    ``expected_revision`` (or deleted and recorded again), or when it is not the last hand.
    """

    def plan(game: Game):
        stale = msg(
            "hand %(number)d was changed on another phone since you opened it; "
            "check it before deleting it",
            number=number,
        )
        removed = _hand_as_expected(
            game, _stored(db, game, number), number, expected_revision, stale
        )
        if number != game.hand_count:
            raise Conflict(
                msg(
                    "only the last hand (%(last)d) can be deleted; edit hand %(number)d instead",
                    last=game.hand_count,
                    number=number,
                ),
                "number",
            )
        progress = resume_game(game, _state_after(db, game, number - 1), [])

        def write() -> Progress:
            db.execute(
                "DELETE FROM hand_seats WHERE hand_id IN "
                "(SELECT id FROM hands WHERE game_id = ? AND number = ?)",
                [game_id, number],
            )
            db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [game_id, number])
            _write_derived(db, game, progress, after=number)
            revision = _next_revision(db, game_id, number)
            _add_revision(db, game_id, number, revision, "deleted", removed.record)
            _keep_the_table_as_it_sits(db, game_id, number)
            return progress

        return write

    return _write_if_unchanged(db, game_id, plan)


def _keep_the_table_as_it_sits(db: Database, game_id: int, next_hand: int) -> None:
    """After the last hand is deleted, hand ``next_hand`` is next again: a player who was
    to take a seat from the hand after it takes it from this one, so the table sits as it
    did (a later change of a seat replaces an earlier one for the same hand)."""
    moved = query(
        db,
        "SELECT seat, name FROM seat_changes WHERE game_id = ? AND from_hand > ?",
        [game_id, next_hand],
    ).fetchall()
    for row in moved:
        db.execute(
            "DELETE FROM seat_changes WHERE game_id = ? AND seat = ? AND from_hand >= ?",
            [game_id, row["seat"], next_hand],
        )
        db.execute(
            "INSERT INTO seat_changes (game_id, from_hand, seat, name) VALUES (?, ?, ?, ?)",
            [game_id, next_hand, row["seat"], row["name"]],
        )


def finish_game(db: Database, game_id: int) -> tuple[int, Progress]:
    """Ends the game now ("finish now", for a game whose rules have it): the side ahead
    wins; when the sides are level the game plays on until one is ahead. Stores the
    number of hands recorded when the table asked (kept if it asked before) and the game's
    status, in one transaction. Returns (that number, the game's progress).

    Raises NotFound for an unknown game; Conflict when the game is over or its rules have
    no "finish now".
    """

    def plan(game: Game):
        rules = get_game(game.game)
        if not rules.finish_now:
            raise Conflict(
                msg(
                    "%(game)s has no \u201cfinish now\u201d: the game ends at its target",
                    game=rules.name,
                ),
                "id",
            )
        if game.status == "finished":
            raise Conflict(_finished_message(game), "status")
        count = game.hand_count
        asked = game.finished_after if game.finished_after is not None else count
        # Asking to finish can end the game only at the last hand: rescore it from the
        # state before it, with the hands counted when the table asked.
        last = [] if count == 0 else [_stored(db, game, count)]
        progress = resume_game(
            game,
            _state_after(db, game, max(count - 1, 0)),
            [h.record for h in last if h is not None],
            asked,
        )

        def write() -> tuple[int, Progress]:
            db.execute("UPDATE games SET finished_after = ? WHERE id = ?", [asked, game_id])
            _write_derived(db, game, progress, after=max(count - 1, 0))
            return asked, progress

        return write

    return _write_if_unchanged(db, game_id, plan)
