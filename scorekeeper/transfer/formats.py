"""Export and import of games, for the web download links and the command line.

JSON holds whole games: ``{"format": "scorekeeper", "version": 2, "games": [...]}``, each
game with its id, name, notes, timestamps, ``game`` (the registered key of its rules,
``israeli-whist``, ``bid-whist``), preset and full settings, first dealer and
players, when the table asked to "finish now" (``finished_after``, only for a game that
has it), every hand (its number, revision, timestamps and what the table wrote down) and
every revision ever saved. What the engine derives from those (dealers, points and running
totals per side, what a hand shows beside its points, status, winner)
is written too, for people and other tools to read.

Import reads version 2 and version 1 (written before games had a key: every game in it is
Israeli Whist). It checks every hand through the game's own rules, found with
``get_game(entry["game"])`` at the entry's number of players (its ``seated``, then its
``record_from_dict`` and ``replay``), and
refuses the whole file on the first problem, naming the game, the hand and the field. A
derived value in the file that the engine does not confirm is refused too: a file never
changes a score silently. Everything is stored in one transaction.

What a round trip keeps, so that export, import into an empty database and export again
give the same file: names, notes, every timestamp, hand revisions and the revision
history, and for a hand or a version recorded without the network the phone it was
recorded on (``offline_by``, written only when there is one). Not exported, so not
kept: edit keys (each imported game gets a new one) and the
internal write counter. Not kept either: ids. Every imported game gets the database's
next id (in an empty database, a file's games numbered from 1 keep their numbers), so a
file never chooses the ids of other groups' games.

CSV is for spreadsheets: one row per player per hand, with the columns every game has
(``CSV_SHARED_COLUMNS``) and each game's own (``game.csv.columns``), laid out by
``csv_header``.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from .. import db, game_play, json_input
from ..db.plain_hands import REWRITE
from ..engine import (
    DEFAULT_GAME,
    GAMES,
    EngineError,
    Game,
    ParseError,
    get_game,
    parse_int,
    read_starting_totals,
)
from ..engine.core.game import CSV_SHARED_COLUMNS, CsvCell, HandPlace, Settings, seat_values
from ..engine.core.messages import Message, msg
from ..engine.core.numbers import shown
from ..engine.core.seating import SeatChange, check_changes
from ..limits import MAX_HANDS
from ..names import (
    FieldProblem,
    LookAlike,
    clean_game_details,
    clean_new_player,
    clean_phone_name,
    clean_table,
    refuse_look_alikes,
)
from ..problems import Problem
from .peers import iws

FORMAT = "scorekeeper"
FORMAT_VERSION = 2
# Version 1 has no "game": every game in it is Israeli Whist.
READABLE_VERSIONS = (1, 2)
ACTIONS = ("recorded", "edited", "deleted")

# Where a problem lies, in words a page translates: the file as a whole, or one game.
FILE = msg("file")


def game_place(game_id: Any, position: int) -> Message:
    """A game of the file by its id, or by its place when it has none."""
    if isinstance(game_id, int) and not isinstance(game_id, bool):
        return msg("game %(game)d", game=game_id)
    return msg("game #%(position)d in the file", position=position)


class ImportProblem(Problem, ValueError):
    """A file that cannot be imported: the reason, the field and where (game and hand).

    ``message`` and ``where`` are English text; most are Messages, which a page shows in
    its own language (``i18n.translate``)."""

    def __init__(self, message: str, field: str, where: str) -> None:
        super().__init__(message, field)
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


# --- export -------------------------------------------------------------------------------


def export_span(database: Database, game_id: int | None = None) -> tuple[int, int]:
    """The ids (first, last) an export of one game or of all reads; raises NotFound for an
    unknown game."""
    if game_id is None:
        return 1, db.MAX_ID
    if db.load_game(database, game_id) is None:
        raise db.NotFound(f"there is no game {game_id}")
    return game_id, game_id


def export_chunks(
    database: Database, file_format: str, first: int = 1, last: int = db.MAX_ID
) -> Iterator[str]:
    """The export (``json`` or ``csv``) of the games with ids ``first`` to ``last``, a game
    at a time: memory stays that of one game however many are exported."""
    if file_format == "csv":
        return _csv_export(database, first, last)
    return json_chunks(db.iter_games(database, first, last))


# How many hands a group's export reads in one read transaction: each batch is read whole
# and its transaction closed before a byte of it is sent, so a slow download holds no
# transaction open, and writers (WAL) and other readers are never kept waiting.
GROUP_BATCH_HANDS = 2_000


def group_games(
    database: Database,
    group_id: int,
    revisions: bool = True,
    kinds: Iterable[str] | None = None,
    batch_hands: int = GROUP_BATCH_HANDS,
) -> Iterator[db.ExportedGame]:
    """Every game of the group, oldest first, read in batches of about ``batch_hands``
    hands, each in a short read transaction of its own (a game is as of its batch's
    moment). The batches are the group's games when the export began; with ``kinds``,
    only games of those kinds (a game of another kind imported meanwhile is left out, as
    the CSV header made at the start has no columns for it)."""
    known = None if kinds is None else set(kinds)
    for part in db.split_games(database, batch_hands, group_id):
        batch = list(db.iter_games(database, part.first, part.last, revisions, group_id))
        for exported in batch:
            if known is None or exported.game.game in known:
                yield exported
            # Writing a file is all Python work, which holds the interpreter's lock: let the
            # threads answering other phones take it between games, instead of waiting
            # for the switch interval at each of their steps.
            time.sleep(0)


def group_export_chunks(database: Database, file_format: str, group_id: int) -> Iterator[str]:
    """The export (``json`` or ``csv``) of every game of the group as one file, a game at a
    time, however many games and hands it holds (see ``group_games``)."""
    if file_format == "csv":
        kinds = db.game_kinds(database, group_id=group_id)
        return csv_chunks(group_games(database, group_id, False, kinds), kinds)
    return json_chunks(group_games(database, group_id))


def game_document(exported: db.ExportedGame) -> dict:
    """One game as the export file holds it."""
    game, hands, stamps = exported.game, exported.hands, exported.stamps
    progress = game_play.progress_of(game, hands)
    rules = game.table
    finish = {"finished_after": game.finished_after} if rules.progression.finish_now else {}
    start = {"starting_totals": list(game.starting_totals)} if game.starting_totals else {}
    if game.changes:
        start["substitutions"] = [change.to_dict() for change in game.changes]
    return {
        "id": game.id,
        "name": game.name,
        "notes": game.notes,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "game": game.game,
        "rules": game.rules,
        "settings": game.settings.to_dict(),
        "first_dealer": game.first_dealer,
        "players": list(game.players),
        "status": progress.status,
        "winner": progress.winner,
        "totals": list(progress.totals),
        **start,
        **finish,
        "hands": [
            {
                "number": stored.number,
                "revision": stored.revision,
                "created_at": stamps[stored.number][0],
                "updated_at": stamps[stored.number][1],
                **_offline(stored.offline_by),
                "dealer": replayed.dealer,
                **stored.record.to_dict(),
                **rules.hand_result(replayed),
                "points": list(replayed.points),
                "totals": list(replayed.totals),
            }
            for stored, replayed in zip(hands, progress.hands, strict=True)
        ],
        "revisions": [
            {
                "number": r.number,
                "revision": r.revision,
                "action": r.action,
                "created_at": r.created_at,
                **_offline(r.offline_by),
                "hand": r.hand,
            }
            for r in exported.revisions
        ],
    }


def _offline(offline_by: str | None) -> dict[str, str]:
    """A hand's or a revision's ``offline_by`` (the phone it was recorded on without the
    network) as the file holds it: only when there is one, so that a game recorded online
    is exported as it was before hands could be recorded offline, byte for byte."""
    return {} if offline_by is None else {"offline_by": offline_by}


def _offline_by(item: dict, where: str) -> str | None:
    """An entry's ``offline_by``: None when absent, else a phone's name, as a player's is
    written (cleaned, at most MAX_NAME_LENGTH characters)."""
    value = item.get("offline_by")
    if value is None:
        return None
    try:
        return clean_phone_name(value, "offline_by")
    except FieldProblem as exc:
        raise ImportProblem(exc.message, "offline_by", where) from None


def json_chunks(games: Iterable[db.ExportedGame]) -> Iterator[str]:
    """The JSON export of ``games``, a game at a time. The text is exactly
    ``json.dumps(document, ensure_ascii=False, indent=1)`` and a newline, as if the whole
    document had been built first."""
    empty = {"format": FORMAT, "version": FORMAT_VERSION, "games": []}
    opening, closing = json.dumps(empty, ensure_ascii=False, indent=1).rsplit("[]", 1)
    yield opening
    count = 0
    for exported in games:
        text = json.dumps(game_document(exported), ensure_ascii=False, indent=1)
        # Strings in JSON escape their newlines, so every newline here is indentation's.
        yield ("[\n  " if count == 0 else ",\n  ") + text.replace("\n", "\n  ")
        count += 1
    yield ("\n ]" if count else "[]") + closing + "\n"


def export_json(database: Database, game_id: int | None = None) -> str:
    """The JSON export of one game or of all; raises NotFound for an unknown game."""
    return "".join(export_chunks(database, "json", *export_span(database, game_id)))


def spreadsheet_cell(value: CsvCell) -> int | str:
    """A cell for a spreadsheet: empty for None, a number as it is, and text with a
    leading = + - @ quoted with ``'``, since a spreadsheet would run it as a formula."""
    if value is None:
        return ""
    if isinstance(value, int):
        return int(value)  # a bool as 1 or 0
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _drained(out: io.StringIO) -> str:
    text = out.getvalue()
    out.seek(0)
    out.truncate()
    return text


def csv_header(games: Iterable[Game]) -> tuple[str, ...]:
    """The CSV header of a file holding games of these kinds: the shared columns
    (``CSV_SHARED_COLUMNS``), each followed by the games' own columns that come after it
    (``game.csv.columns``), the games in the registry's order and each game's columns in
    its own. A name two games both have (``bid``) is one column, at the first place a game
    puts it; in a row of a game without a column, its cell is empty.

    So a file of one kind of game has only that game's columns, and an Israeli Whist file
    has exactly the columns it always had."""
    rank = {key: position for position, key in enumerate(GAMES)}
    kinds = {game.key: game for game in games}.values()
    ordered = sorted(kinds, key=lambda game: rank.get(game.key, len(rank)))
    header: list[str] = []
    for shared in CSV_SHARED_COLUMNS:
        header.append(shared)
        for game in ordered:
            header.extend(
                column.name
                for column in game.csv.columns
                if column.after == shared and column.name not in header
            )
    return tuple(header)


def csv_chunks(games: Iterable[db.ExportedGame], kinds: Iterable[str]) -> Iterator[str]:
    """The CSV export of ``games`` (one row per player per hand), a game at a time, under
    the header of ``kinds``, the keys of every game among them. Raises ValueError for a
    game of another kind, whose columns the header would lack."""
    known = {key: get_game(key) for key in kinds}
    header = csv_header(known.values())
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for exported in games:
        game = exported.game
        if game.game not in known:
            raise ValueError(f"game {game.id} plays {game.game}, which the header left out")
        rules = game.table
        own = rules.csv  # bound once for the game's hands
        progress = game_play.progress_of(game, exported.hands)
        for replayed in progress.hands:
            names = game.names_at(replayed.number)
            hand, seats = own.values(replayed, names)
            points = seat_values(rules, replayed.points)
            totals = seat_values(rules, replayed.totals)
            for seat, name in enumerate(names):
                shared: dict[str, CsvCell] = {
                    "game": game.id,
                    "game_name": game.name,
                    "started": game.created_at,
                    "hand": replayed.number,
                    "dealer": names[replayed.dealer],
                    "thrown_in": 1 if replayed.record.thrown_in else 0,
                    "seat": seat,
                    "player": name,
                    "points": points[seat],
                    "total": totals[seat],
                }
                cells = {**hand, **seats[seat], **shared}
                writer.writerow([spreadsheet_cell(cells.get(column)) for column in header])
        yield _drained(out)
    if out.tell():  # the header, when there were no games
        yield _drained(out)


def _csv_export(database: Database, first: int, last: int) -> Iterator[str]:
    # One read transaction: the kinds of game the header is made for and the games
    # written under it are as of one moment, though a game is started meanwhile.
    with database.atomic():
        kinds = db.game_kinds(database, first, last)
        yield from csv_chunks(db.iter_games(database, first, last, revisions=False), kinds)


def export_csv(database: Database, game_id: int | None = None) -> str:
    """The CSV export (one row per player per hand); raises NotFound for an unknown game."""
    return "".join(export_chunks(database, "csv", *export_span(database, game_id)))


# --- import -------------------------------------------------------------------------------


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _whole(value: Any, where: str, field: str, low: int, high: int = db.MAX_ID) -> int:
    try:
        return parse_int(value, field, low=low, high=high)
    except ParseError as exc:
        raise ImportProblem(exc.message, field, where) from None


def _stamp(value: Any, where: str, field: str, default: str) -> str:
    """An ISO 8601 time with its UTC offset, stored as UTC in the app's own form
    (``2024-05-01T19:30:00+00:00``); ``default`` when the file has none.

    The database compares and cuts these as text (the newest hand, a game's UTC day), which
    is right only when every one is UTC, written alike; a time without an offset names no
    moment at all, so it is refused rather than guessed."""
    if value is None:
        return default
    if not isinstance(value, str):
        problem = msg("must be an ISO 8601 time as text, not %(value)s", value=shown(value))
        raise ImportProblem(problem, field, where)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        problem = msg("must be an ISO 8601 time, not %(value)s", value=shown(value))
        raise ImportProblem(problem, field, where) from None
    if moment.utcoffset() is None:
        problem = msg(
            "%(value)s has no UTC offset; write it as in %(example)s",
            value=shown(value),
            example=_now(),
        )
        raise ImportProblem(problem, field, where)
    try:
        return moment.astimezone(UTC).isoformat()
    except OverflowError:
        problem = msg("%(value)s is out of range", value=shown(value))
        raise ImportProblem(problem, field, where) from None


def _list(value: Any, where: str, field: str) -> list:
    if not isinstance(value, list):
        raise ImportProblem(msg("must be a list"), field, where)
    return value


def _confirm(where: str, field: str, given: Any, derived: Any) -> None:
    """Refuses a derived value the file states differently from the engine."""
    if given is not None and given != derived:
        problem = msg(
            "the file says %(given)s but the rules give %(derived)s",
            given=repr(given),
            derived=repr(derived),
        )
        raise ImportProblem(problem, field, where)


def _game(entry: dict, where: str, version: int) -> Game:
    """The game whose rules the entry is played by: Israeli Whist in a version 1 file."""
    if version == 1:
        return get_game(DEFAULT_GAME)
    key = entry.get("game")
    if not isinstance(key, str):
        raise ImportProblem(
            msg("must name a game: %(games)s", games=", ".join(GAMES)), "game", where
        )
    try:
        return get_game(key)
    except EngineError as exc:
        raise ImportProblem(exc.message, "game", where) from None


def _settings(game: Game, entry: dict, where: str) -> tuple[str, Settings]:
    rules = entry.get("rules")
    presets = game.presets
    if not isinstance(rules, str) or rules.strip().lower() not in presets:
        problem = msg("must name a preset: %(presets)s", presets=", ".join(presets))
        raise ImportProblem(problem, "rules", where)
    values = entry.get("settings")
    if not isinstance(values, dict):
        raise ImportProblem(msg("must be an object of rule settings"), "settings", where)
    try:
        settings = game.settings_from_dict(values)
        settings.check_table(game.seats)
        return rules.strip().lower(), settings
    except EngineError as exc:
        raise ImportProblem(exc.message, f"settings.{exc.field}", where) from None


def _record(game: Game, settings: Settings, hand: Any, where: str):
    """The hand read by the game's rules; a seed game's hand written before the plain
    schema in the form it writes now (``db.plain_hands``), as the migration rewrote it."""
    rewrite = REWRITE.get(game.key)
    if rewrite is not None and isinstance(hand, dict):
        hand = rewrite(hand, settings.to_dict())
    try:
        return game.record_from_dict(settings, hand)
    except EngineError as exc:
        raise ImportProblem(exc.message, exc.field or "hand", where) from None


def _finished_after(game: Game, entry: dict, where: str) -> int | None:
    """When the table asked to "finish now" (hands recorded then), for a game that has it."""
    value = entry.get("finished_after")
    if value is None:
        return None
    if not game.progression.finish_now:
        message = msg("%(game)s has no “finish now”; leave finished_after out", game=game.key)
        raise ImportProblem(message, "finished_after", where)
    return _whole(value, where, "finished_after", 0)


def _changes(entry: dict, where: str, players: tuple[str, ...], hands: int) -> tuple:
    """The game's substitutions (who took a seat from which hand), checked."""
    found = []
    for position, item in enumerate(
        _list(entry.get("substitutions", []), where, "substitutions"), 1
    ):
        at = msg("%(where)s, substitution %(number)d", where=where, number=position)
        if not isinstance(item, dict):
            raise ImportProblem(msg("must be a JSON object"), "substitution", at)
        seat = _whole(item.get("seat"), at, "seat", 0, len(players) - 1)
        from_hand = _whole(item.get("from_hand"), at, "from_hand", 1)
        try:
            name = clean_new_player(item.get("name"), [""] * len(players), seat)
        except FieldProblem as exc:
            raise ImportProblem(exc.message, "name", at) from None
        found.append(SeatChange(from_hand, seat, name))
    try:
        check_changes(players, found, hands)
    except EngineError as exc:
        raise ImportProblem(exc.message, "substitutions", where) from None
    return tuple(sorted(found))


def _check_places(
    game: Any, settings: Settings, records: list[Any], states: Iterable[Any], where: Message
) -> None:
    """Reads each hand again at its place in the game (the cards it deals, who deals it,
    the score before it), as a save does: ``states`` are the game's states before each
    hand, in order (fewer where they stop). A file is refused, naming the hand, where the
    app would refuse it (the cards it deals, a bid its dealer may not make). Raises
    ImportProblem."""
    # ``states`` may stop before the records do (a walk that met a hand it refuses).
    for number, (record, state) in enumerate(zip(records, states, strict=False), start=1):
        try:
            place = HandPlace.after(game.state_from_dict(state))
            game.record_from_dict(settings, record.to_dict(), place)
        except EngineError as exc:
            at = msg("%(where)s, hand %(hand)d", where=where, hand=number)
            raise ImportProblem(exc.message, exc.field or "hand", at) from None


def _resumed_states(game: Any, settings: Settings, state: Any, records: list[Any]) -> Iterator[Any]:
    """The states before each of ``records``, resuming the game a hand at a time from
    ``state``; they stop at the first hand the game refuses."""
    for record in records:
        yield state
        try:
            state = game.resume(settings, state, [record]).state.to_dict()
        except ValueError:
            return


def read_game(entry: Any, where: str, version: int = FORMAT_VERSION) -> db.ImportedGame:
    """Checks one game of an import file of ``version``; raises ImportProblem naming game,
    hand and field."""
    if not isinstance(entry, dict):
        raise ImportProblem(msg("must be a JSON object"), "game", where)
    game = _game(entry, where, version)
    game_id = entry.get("id")
    if game_id is not None:
        game_id = _whole(game_id, where, "id", 1)
    try:
        game, names = clean_table(game, entry.get("players"))
        players = tuple(names)
        name, notes = clean_game_details(entry.get("name"), entry.get("notes"))
    except FieldProblem as exc:
        raise ImportProblem(exc.message, exc.field, where) from None
    rules, settings = _settings(game, entry, where)
    first_dealer = _whole(entry.get("first_dealer"), where, "first_dealer", 0, game.seats - 1)
    now = _now()
    created_at = _stamp(entry.get("created_at"), where, "created_at", now)
    updated_at = _stamp(entry.get("updated_at"), where, "updated_at", created_at)

    if len(_list(entry.get("hands", []), where, "hands")) > MAX_HANDS:
        raise ImportProblem(game_play.too_many_hands(), "hands", where)
    hands = []
    for position, hand in enumerate(_list(entry.get("hands", []), where, "hands"), start=1):
        at = msg("%(where)s, hand %(hand)d", where=where, hand=position)
        if not isinstance(hand, dict):
            raise ImportProblem(msg("must be a JSON object"), "hand", at)
        if _whole(hand.get("number", position), at, "number", 1) != position:
            problem = msg("hands must be numbered 1, 2, 3…; this is %(hand)d", hand=position)
            raise ImportProblem(problem, "number", at)
        hands.append(
            db.ImportedHand(
                number=position,
                record=_record(game, settings, hand, at),
                revision=_whole(hand.get("revision", 1), at, "revision", 1),
                created_at=_stamp(hand.get("created_at"), at, "created_at", created_at),
                updated_at=_stamp(hand.get("updated_at"), at, "updated_at", created_at),
                offline_by=_offline_by(hand, at),
            )
        )
    finished_after = _finished_after(game, entry, where)
    try:
        start = read_starting_totals(
            entry.get("starting_totals"),
            len(game.sides),
            # A game that ends otherwise than at a target (Oh Hell) has none to stay below.
            getattr(settings, "target", None),
            settings.losing_floor,
        )
    except EngineError as exc:
        raise ImportProblem(exc.message, exc.field or "starting_totals", where) from None
    changes = _changes(entry, where, players, len(hands))
    records = [h.record for h in hands]
    options: dict[str, Any] = {"starting_totals": start} if any(start) else {}
    if game.progression.finish_now:
        options["finish_after"] = finished_after
    begun = game.replay(settings, first_dealer, [], starting_totals=options.get("starting_totals"))
    try:
        progress = game.replay(settings, first_dealer, records, **options)
    except ValueError as exc:
        # The hand the replay refused, named where its place refuses it.
        _check_places(
            game,
            settings,
            records,
            _resumed_states(game, settings, begun.state.to_dict(), records),
            where,
        )
        raise ImportProblem(exc.args[0] if exc.args else str(exc), "hands", where) from None
    before = [begun.state.to_dict(), *(hand.state.to_dict() for hand in progress.hands[:-1])]
    _check_places(game, settings, records, before, where)
    for hand, replayed in zip(entry.get("hands", []), progress.hands, strict=True):
        at = msg("%(where)s, hand %(hand)d", where=where, hand=replayed.number)
        _confirm(at, "dealer", hand.get("dealer"), replayed.dealer)
        for field, value in game.hand_result(replayed).items():
            _confirm(at, field, hand.get(field), value)
        _confirm(at, "points", hand.get("points"), list(replayed.points))
        _confirm(at, "totals", hand.get("totals"), list(replayed.totals))
    _confirm(where, "status", entry.get("status"), progress.status)
    _confirm(where, "winner", entry.get("winner"), progress.winner)
    _confirm(where, "totals", entry.get("totals"), list(progress.totals))

    revisions = []
    for position, item in enumerate(_list(entry.get("revisions", []), where, "revisions"), 1):
        at = msg("%(where)s, revision %(revision)d", where=where, revision=position)
        if not isinstance(item, dict):
            raise ImportProblem(msg("must be a JSON object"), "revision", at)
        if item.get("action") not in ACTIONS:
            problem = msg("must be one of %(actions)s", actions=", ".join(ACTIONS))
            raise ImportProblem(problem, "action", at)
        number = _whole(item.get("number"), at, "number", 1)
        revisions.append(
            db.Revision(
                number=number,
                revision=_whole(item.get("revision"), at, "revision", 1),
                action=item["action"],
                hand=_record(game, settings, item.get("hand"), at).to_dict(),
                created_at=_stamp(item.get("created_at"), at, "created_at", created_at),
                offline_by=_offline_by(item, at),
            )
        )
    return db.ImportedGame(
        id=game_id,
        created_at=created_at,
        updated_at=updated_at,
        name=name,
        notes=notes,
        game=game.key,
        rules=rules,
        settings=settings,
        first_dealer=first_dealer,
        players=players,
        hands=tuple(hands),
        progress=progress,
        revisions=tuple(revisions),
        finished_after=finished_after,
        starting_totals=start if any(start) else None,
        changes=changes,
    )


def read_file(
    text: str | bytes, most_games: int | None = None, most_hands: int | None = None
) -> list[db.ImportedGame]:
    """Checks a whole export file, ours or IsraeliWhist-Scorekeeper's (converted first by
    ``peers.iws``); raises ImportProblem at the first problem found. ``most_games`` and
    ``most_hands`` (the hands and saved revisions of all its games), when given, refuse a
    larger file before its games are checked."""
    try:
        document = json_input.loads(text)
    except json_input.JsonProblem as exc:
        field = "encoding" if exc.field == "encoding" else "json"
        # The parser's own words (where the text breaks), as the API gives them too.
        raise ImportProblem(exc.message, field, FILE) from None
    if iws.is_export(document):
        try:
            document = iws.to_document(document)
        except iws.PeerProblem as exc:
            raise ImportProblem(exc.message, exc.field, exc.where) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        problem = msg(
            'not a scorekeeper export: "format" must be "%(format)s", or an export of '
            "IsraeliWhist-Scorekeeper",
            format=FORMAT,
        )
        raise ImportProblem(problem, "format", FILE)
    version = document.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        known = " or ".join(str(v) for v in READABLE_VERSIONS)
        problem = msg("version %(version)s is not %(known)s", version=repr(version), known=known)
        raise ImportProblem(problem, "version", FILE)
    entries = _list(document.get("games"), FILE, "games")
    _within(entries, most_games, most_hands)
    games = []
    seen: set[int] = set()
    for position, entry in enumerate(entries, start=1):
        game_id = entry.get("id") if isinstance(entry, dict) else None
        where = game_place(game_id, position)
        game = read_game(entry, where, version)
        if game.id is not None and game.id in seen:
            problem = msg("game %(game)d appears twice in the file", game=game.id)
            raise ImportProblem(problem, "id", where)
        if game.id is not None:
            seen.add(game.id)
        games.append(game)
    refuse_look_alikes_in_file(games, [])
    return games


def refuse_look_alikes_in_file(games: Sequence[db.ImportedGame], known: Sequence[str]) -> None:
    """Raises ImportProblem naming the game and ``players`` where a name that sits in
    ``games`` looks like another of the file's names, or like one of ``known`` (the
    group's players), without being it ("Аnn" with a Cyrillic А, and Ann)."""
    for position, game in enumerate(games, start=1):
        sat = dict.fromkeys([*game.players, *(change.name for change in game.changes)])
        try:
            refuse_look_alikes([("players", name) for name in sat], known)
        except LookAlike as exc:
            raise ImportProblem(exc.message, "players", game_place(game.id, position)) from None
        known = [*known, *(name for name in sat if name not in known)]


def _within(entries: list, most_games: int | None, most_hands: int | None) -> None:
    """Raises ImportProblem when a file's games, or their hands and revisions, are more
    than an import takes."""
    if most_games is not None and len(entries) > most_games:
        problem = msg("one import takes at most %(limit)d games", limit=most_games)
        raise ImportProblem(problem, "games", FILE)
    if most_hands is not None:
        rows = sum(
            len(entry.get(part) or ()) if isinstance(entry.get(part), list) else 0
            for entry in entries
            if isinstance(entry, dict)
            for part in ("hands", "revisions")
        )
        if rows > most_hands:
            problem = msg(
                "one import takes at most %(limit)d hands and saved revisions of hands",
                limit=most_hands,
            )
            raise ImportProblem(problem, "hands", FILE)


def import_file(
    database: Database,
    text: str | bytes,
    group_id: int | None = None,
    most_games: int | None = None,
    most_hands: int | None = None,
) -> list[tuple[int | None, int, str]]:
    """Checks and stores every game of an export file in one transaction, or none, in the
    group ``group_id`` (None: a new group of their own; see ``db.import_games``).

    Returns (id in the file, stored id, new edit key) per game. Raises ImportProblem.
    """
    games = read_file(text, most_games, most_hands)
    if group_id is not None:
        refuse_look_alikes_in_file(games, db.group_player_names(database, group_id))
    try:
        stored = db.import_games(database, games, group_id)
    except LookAlike as exc:  # a look-alike stored meanwhile, by another phone
        raise ImportProblem(exc.message, exc.field or "players", FILE) from None
    return [(g.id, stored_id, key) for g, (stored_id, key) in zip(games, stored, strict=True)]
