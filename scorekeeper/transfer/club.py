"""A club night's file (issue 45): the night as ``/groups/<id>/club/<night>/export.json``
writes it, read back for an import.

The file is the night as the API answers it (its rules, players, every series' tables with
their lists, who sat out, who signed, the disputes, the standings) with
``"format": "scorekeeper-club-night"``, a version, and ``"games"``: each table's game
exactly as a group's export holds it (``formats.game_document``). Every game is checked by
``formats.read_game``, the importer of every other file, so a table's hands are refused
where a game's import refuses them; this module checks only what the night adds around
them: the rules, the players, which game each table of each series is, that the lists'
totals and the standings are what the games' hands give (a file never changes a score
silently), who signed and what is disputed. The first problem refuses the whole file,
naming the field and the rule; the storing is ``db.club.import_night``, in one
transaction.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import db, json_input
from ..engine import EngineError
from ..engine.club import NightRules, TableList, night_rules, standings
from ..engine.core.messages import msg
from ..limits import (
    CLUB_MAX_DISPUTES,
    CLUB_MAX_DISPUTES_PER_TABLE,
    CLUB_MAX_PLAYERS,
    CLUB_MAX_TABLES_PER_SERIES,
    IMPORT_MAX_GAMES,
    IMPORT_MAX_HANDS,
)
from ..names import MAX_NAME_LENGTH, NameIndex, clean_name
from .formats import FILE, ImportProblem, _list, _stamp, _whole, _within, game_place, read_game

FORMAT = "scorekeeper-club-night"
VERSION = 1
MOST_PLAYERS = CLUB_MAX_PLAYERS
"""Players a night may have (as ``web.club.MOST_PLAYERS``)."""
MOST_TABLES = CLUB_MAX_TABLES_PER_SERIES
MAX_NOTE_LENGTH = 200


@dataclass(frozen=True, slots=True)
class ImportedTable:
    """A table of the file: its series and number, and its game (an index in ``games``)."""

    series: int
    number: int
    game: int
    signed_by: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ImportedDispute:
    table: int  # an index in ``tables``
    hand: int
    name: str
    note: str | None
    resolved: bool
    outcome: str | None = None  # how a resolved one was settled: "corrected" or "kept"


@dataclass(frozen=True, slots=True)
class ImportedNight:
    """A night file, checked: everything ``db.club.import_night`` stores."""

    name: str | None
    created_at: str
    rules: NightRules
    series_drawn: int
    players: tuple[tuple[str, int, int | None], ...]  # name, from series, left after
    tables: tuple[ImportedTable, ...]
    sitting_out: dict[int, tuple[str, ...]]
    disputes: tuple[ImportedDispute, ...]
    games: tuple[db.ImportedGame, ...]


def _object(value: Any, where: Any, field: str) -> dict:
    if not isinstance(value, dict):
        raise ImportProblem(msg("must be a JSON object"), field, where)
    return value


def _name(value: Any, where: Any, field: str) -> str:
    name = clean_name(value) if isinstance(value, str) else ""
    if not name:
        raise ImportProblem(msg("must be a player's name"), field, where)
    if len(name) > MAX_NAME_LENGTH:
        problem = msg("names are at most %(limit)d characters", limit=MAX_NAME_LENGTH)
        raise ImportProblem(problem, field, where)
    return name


def _rules(value: Any) -> NightRules:
    rules = _object(value, FILE, "rules")
    knobs = rules.get("knobs") or {}
    if not isinstance(knobs, dict) or not all(
        isinstance(v, str | int) and not isinstance(v, bool) for v in knobs.values()
    ):
        raise ImportProblem(msg("must be an object of rule settings"), "rules.knobs", FILE)
    try:
        return night_rules(
            rules.get("game"),
            rules.get("preset"),
            rules.get("series"),
            rules.get("deals_per_player"),
            rules.get("scoring"),
            rules.get("target"),
            knobs,
        )
    except EngineError as exc:
        raise ImportProblem(exc.message, exc.field or "game", FILE) from None
    except (KeyError, TypeError, ValueError):
        raise ImportProblem(
            msg("must be an object of rule settings"), "rules.knobs", FILE
        ) from None


def _players(value: Any, series_drawn: int) -> tuple[tuple[str, int, int | None], ...]:
    entries = _list(value, FILE, "players")
    if len(entries) > MOST_PLAYERS:
        problem = msg("a night has at most %(most)d players", most=MOST_PLAYERS)
        raise ImportProblem(problem, "players", FILE)
    found = []
    seen: set[str] = set()
    named = NameIndex()
    for position, entry in enumerate(entries, start=1):
        at = msg("player %(number)d", number=position)
        entry = _object(entry, at, "players")
        name = _name(entry.get("name"), at, "name")
        if name.casefold() in seen:
            problem = msg("%(name)s is named twice: a player sits at one table only", name=name)
            raise ImportProblem(problem, "players", at)
        alike = named.look_alike(name)
        if alike is not None:  # "Аnn" with a Cyrillic А beside Ann: two who pass for one
            problem = msg(
                "%(name)s is named already, and this name looks the same; tell them apart",
                name=alike,
            )
            raise ImportProblem(problem, "players", at)
        seen.add(name.casefold())
        named.add(name)
        first = _whole(entry.get("from_series", 1), at, "from_series", 1, max(series_drawn, 1))
        left = entry.get("left_after")
        if left is not None:
            left = _whole(left, at, "left_after", 0, series_drawn)
        found.append((name, first, left))
    return tuple(found)


def _games(value: Any) -> Iterator[tuple[int, db.ImportedGame]]:
    entries = _list(value, FILE, "games")
    _within(entries, IMPORT_MAX_GAMES, IMPORT_MAX_HANDS)
    for position, entry in enumerate(entries, start=1):
        game_id = entry.get("id") if isinstance(entry, dict) else None
        game = read_game(entry, game_place(game_id, position))
        if game.id is None:
            raise ImportProblem(msg("must be a whole number"), "id", game_place(None, position))
        yield position, game


def read_night(text: str | bytes) -> ImportedNight:
    """Checks a night file whole; raises ImportProblem at the first problem, naming where
    (the file, a table, a game and its hand), the field and the rule."""
    try:
        document = json_input.loads(text)
    except json_input.JsonProblem as exc:
        # The field is the text's (encoding, json) or the path of the value refused.
        raise ImportProblem(exc.message, exc.field, FILE) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        problem = msg(
            'not a club night\'s file: "format" must be "%(format)s", as the night\'s '
            "export writes it",
            format=FORMAT,
        )
        raise ImportProblem(problem, "format", FILE)
    version = document.get("version")
    if type(version) is not int or version != VERSION:
        problem = msg("version %(version)s is not %(known)s", version=repr(version), known=VERSION)
        raise ImportProblem(problem, "version", FILE)
    rules = _rules(document.get("rules"))
    series_drawn = _whole(document.get("series_drawn"), FILE, "series_drawn", 1, rules.series)
    name = document.get("name")
    if name is not None:
        name = _name(name, FILE, "name")
    created_at = _stamp(document.get("created_at"), FILE, "created_at", db.now())
    players = _players(document.get("players"), series_drawn)
    known = {player[0] for player in players}

    games: dict[int, tuple[int, db.ImportedGame]] = {}
    for position, game in _games(document.get("games")):
        where = game_place(game.id, position)
        if game.id in games:
            problem = msg("game %(game)d appears twice in the file", game=game.id)
            raise ImportProblem(problem, "id", where)
        if game.game != rules.game:
            problem = msg(
                "the night plays %(night)s, this game %(game)s", night=rules.game, game=game.game
            )
            raise ImportProblem(problem, "game", where)
        if game.rules != rules.preset or (
            game.settings.to_dict() != rules.table_settings(len(game.players)).to_dict()
        ):
            problem = msg("a table plays the night's rules, as the night drew it")
            raise ImportProblem(problem, "settings", where)
        games[game.id] = (len(games), game)

    tables: list[ImportedTable] = []
    seated: dict[tuple[int, str], int] = {}
    numbers: set[tuple[int, int]] = set()
    used: set[int] = set()
    lists = []
    entries = _list(document.get("tables"), FILE, "tables")
    if len(entries) > MOST_TABLES * series_drawn:
        problem = msg("a series has at most %(most)d tables", most=MOST_TABLES)
        raise ImportProblem(problem, "tables", FILE)
    for position, entry in enumerate(entries, start=1):
        at = msg("table %(number)d in the file", number=position)
        entry = _object(entry, at, "tables")
        series = _whole(entry.get("series"), at, "series", 1, series_drawn)
        number = _whole(entry.get("number"), at, "number", 1, MOST_TABLES)
        if (series, number) in numbers:
            problem = msg(
                "series %(series)d has table %(number)d twice", series=series, number=number
            )
            raise ImportProblem(problem, "number", at)
        numbers.add((series, number))
        at = msg("series %(series)d, table %(number)d", series=series, number=number)
        game_id = _whole(entry.get("game_id"), at, "game_id", 1)
        if game_id not in games:
            problem = msg("game %(game)d is not in the file's games", game=game_id)
            raise ImportProblem(problem, "game_id", at)
        if game_id in used:
            problem = msg("game %(game)d is two tables' game", game=game_id)
            raise ImportProblem(problem, "game_id", at)
        used.add(game_id)
        index, game = games[game_id]
        for seat_name in game.players:
            if seat_name not in known:
                problem = msg("%(name)s is not one of the night's players", name=seat_name)
                raise ImportProblem(problem, "players", at)
            other = seated.get((series, seat_name.casefold()))
            if other is not None:
                problem = msg(
                    "%(name)s sits at table %(other)d in this series",
                    name=seat_name,
                    other=other,
                )
                raise ImportProblem(problem, "players", at)
            seated[(series, seat_name.casefold())] = number
        totals = list(game.progress.totals)
        if entry.get("players") is not None and entry.get("players") != list(game.players):
            problem = msg("the table's players are its game's: %(players)s", players=game.players)
            raise ImportProblem(problem, "players", at)
        if entry.get("totals") is not None and entry.get("totals") != totals:
            problem = msg(
                "the file says %(given)s but the hands give %(derived)s",
                given=repr(entry.get("totals")),
                derived=repr(totals),
            )
            raise ImportProblem(problem, "totals", at)
        signed = tuple(
            _name(item, at, "signed_by")
            for item in _list(entry.get("signed_by", []), at, "signed_by")
        )
        for signer in signed:
            if signer not in game.players:
                problem = msg("%(name)s does not sit at this table", name=signer)
                raise ImportProblem(problem, "signed_by", at)
        if len(set(signed)) != len(signed):
            problem = msg("a player signs a table's list once")
            raise ImportProblem(problem, "signed_by", at)
        if signed and game.progress.status != "finished":
            problem = msg("a list is signed when its table has finished it")
            raise ImportProblem(problem, "signed_by", at)
        tables.append(ImportedTable(series, number, index, signed))
        if not game.changes:
            lists.append(TableList(series, number, game.players, tuple(totals), len(game.hands)))
    unused = sorted(set(games) - used)
    if unused:
        problem = msg("game %(game)d is no table's game", game=unused[0])
        raise ImportProblem(problem, "games", FILE)

    sitting_out: dict[int, tuple[str, ...]] = {}
    for key, names in _object(document.get("sitting_out", {}), FILE, "sitting_out").items():
        series = _whole(key, FILE, "sitting_out", 1, series_drawn)
        out = tuple(_name(n, FILE, "sitting_out") for n in _list(names, FILE, "sitting_out"))
        for position, name in enumerate(out):
            if name in out[:position]:
                problem = msg(
                    "%(name)s is named twice among who sat out series %(series)d",
                    name=name,
                    series=series,
                )
                raise ImportProblem(problem, "sitting_out", FILE)
            if name not in known or (series, name.casefold()) in seated:
                problem = msg("%(name)s cannot sit out series %(series)d", name=name, series=series)
                raise ImportProblem(problem, "sitting_out", FILE)
        sitting_out[series] = out

    disputes = []
    table_of = {table.game: i for i, table in enumerate(tables)}
    entries = _list(document.get("disputes", []), FILE, "disputes")
    if len(entries) > CLUB_MAX_DISPUTES:
        problem = msg("a night keeps at most %(most)d disputed hands", most=CLUB_MAX_DISPUTES)
        raise ImportProblem(problem, "disputes", FILE)
    per_table: dict[int, int] = {}
    for position, entry in enumerate(entries, 1):
        at = msg("dispute %(number)d", number=position)
        entry = _object(entry, at, "disputes")
        game_id = _whole(entry.get("game_id"), at, "game_id", 1)
        if game_id not in used:
            problem = msg("game %(game)d is no table's game", game=game_id)
            raise ImportProblem(problem, "game_id", at)
        index, game = games[game_id]
        hand = _whole(entry.get("hand"), at, "hand", 1, max(len(game.hands), 1))
        who = _name(entry.get("name"), at, "name")
        if who not in game.players:
            problem = msg("%(name)s does not sit at this table", name=who)
            raise ImportProblem(problem, "name", at)
        note = entry.get("note")
        if note is not None:
            note = clean_name(note) if isinstance(note, str) else None
            if note is None or len(note) > MAX_NOTE_LENGTH:
                problem = msg(
                    "a note is text of at most %(limit)d characters", limit=MAX_NOTE_LENGTH
                )
                raise ImportProblem(problem, "note", at)
        resolved = entry.get("resolved", False)
        if not isinstance(resolved, bool):
            raise ImportProblem(msg("must be true or false"), "resolved", at)
        outcome = entry.get("outcome")
        if outcome is not None and (outcome not in ("corrected", "kept") or not resolved):
            problem = msg('is "corrected" or "kept", and only for a resolved dispute')
            raise ImportProblem(problem, "outcome", at)
        table = table_of[index]
        disputes.append(ImportedDispute(table, hand, who, note or None, resolved, outcome))
        per_table[table] = per_table.get(table, 0) + 1
        if per_table[table] > CLUB_MAX_DISPUTES_PER_TABLE:
            most = CLUB_MAX_DISPUTES_PER_TABLE
            problem = msg("a table's list has at most %(most)d disputed hands", most=most)
            series, number = tables[table].series, tables[table].number
            at = msg("series %(series)d, table %(number)d", series=series, number=number)
            raise ImportProblem(problem, "disputes", at)

    if len(lists) == len(tables) and document.get("standings") is not None:
        _check_standings(document.get("standings"), lists, rules)
    return ImportedNight(
        name=name,
        created_at=created_at,
        rules=rules,
        series_drawn=series_drawn,
        players=players,
        tables=tuple(tables),
        sitting_out=sitting_out,
        disputes=tuple(disputes),
        games=tuple(game for _index, game in sorted(games.values(), key=lambda g: g[0])),
    )


def _check_standings(value: Any, lists: list[TableList], rules: NightRules) -> None:
    """Refuses standings in the file that the tables' lists do not give."""
    derived = {
        line.name: line.points for line in standings(lists, rules.scoring, rules.lowest_wins())
    }
    given = {}
    for position, entry in enumerate(_list(value, FILE, "standings"), start=1):
        at = msg("standings, line %(number)d", number=position)
        entry = _object(entry, at, "standings")
        given[_name(entry.get("name"), at, "name")] = entry.get("points")
    if given != derived:
        wrong = sorted(n for n in {*given, *derived} if given.get(n) != derived.get(n))
        problem = msg(
            "the file says %(given)s but the tables' lists give %(derived)s",
            given=repr(given.get(wrong[0])),
            derived=repr(derived.get(wrong[0])),
        )
        raise ImportProblem(problem, "standings", msg("the standings of %(name)s", name=wrong[0]))
