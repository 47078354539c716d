"""What a club night's views share, apart from the views (microblog's service of an area):
the night found for a member, the players present read, each series drawn and stored, what
is still open on its lists, whether it is final, its name on every page and print, and
its standings, worked out once for each state of its tables and kept.

Who holds the night's roles and what each lets a phone do is ``roles``'. The rules of the
draw and of the standings are the engine's (``engine.club``); this module only reads and
stores through ``db.club`` and says the engine's answers in the page's words.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from babel.lists import format_list
from flask import abort, current_app
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from ... import db
from ...db import club as stored
from ...engine.club import (
    Draw,
    NightRules,
    TableList,
    draw_series,
    pairs_met,
    standings,
    table_sizes,
)
from ...engine.core.errors import EngineError
from ...engine.core.messages import msg
from ...limits import CLUB_MAX_PLAYERS
from ...lru import Lru
from ...names import MAX_NAME_LENGTH, FieldProblem, clean_name
from ..access import group_name, group_or_404, remember_key
from ..i18n import bdi, current_language, isolate_ltr, page_text, translate
from ..service import refuse_look_alikes_in_group
from ..throttle import allow
from .errors import NightRefused

MOST_PLAYERS = CLUB_MAX_PLAYERS
"""Players a night may have: 60 tables of four."""

TIE_RULE = msg(
    "Players level on points are ranked by their best single series; level on that too, "
    "they share the place."
)
PLACING_RULE = msg(
    "Places at a table: at a table of n players the first scores n points, the second "
    "n − 1, and so on; players level at a table share the better place."
)
DRAW_RULES = (
    msg(
        "Tables are as near the tournament's size as the players present allow, the larger "
        "first, within the seats the game has."
    ),
    msg(
        "Of many random draws, the one with the fewest table-mates who already sat "
        "together is kept."
    ),
    msg(
        "When the players present cannot all be seated, the fewest possible sit out: "
        "those who have sat out least, then by lot."
    ),
)
SETTLED_HOW = {
    "corrected": msg("Corrected on the table's game"),
    "kept": msg("Kept as recorded"),
}
"""How a disputed hand is settled, as the organiser's page says it."""


def night_or_404(group_id: int, night_id: int, whole: bool = True) -> tuple[db.Group, stored.Night]:
    """The group and its night, for a member of the group; a 404 for anyone else (a
    stranger, a removed member) and for another group's night, as if there were none."""
    found = group_or_404(group_id)
    night = stored.load_night(db.get_db(), night_id, found.id, whole)
    if night is None:
        abort(404, _("There is nothing at this address. Check the link."))
    return found, night


def night_name(night: stored.Night) -> str:
    """The night's name, or its number where it has none ("Club night 3")."""
    return night.name or _("Club night %(id)d", id=night.id)


def night_title(group: db.Group, night: stored.Night) -> str:
    """The night as every print and the standings head it: its name (or its number) and
    the club's, the group's, name: "Preisskat im März · Skatclub Kreuz Bube"."""
    return _("%(night)s · %(club)s", night=night_name(night), club=group_name(group))


def read_players(checked: list[str], guests: str) -> list[str]:
    """The players present: the names ticked and the guests typed one to a line, each
    cleaned. Raises NightRefused naming ``players`` for a name too long, a name given twice
    (a player sits at one table only) or too many."""
    names: list[str] = []
    seen: dict[str, str] = {}
    for raw in [*checked, *guests.splitlines()]:
        name = clean_name(raw)
        if not name:
            continue
        if len(name) > MAX_NAME_LENGTH:
            raise NightRefused(
                _(
                    "%(name)s is too long: names are at most %(limit)d characters.",
                    name=name[:MAX_NAME_LENGTH] + "…",
                    limit=MAX_NAME_LENGTH,
                ),
                "players",
            )
        if name.casefold() in seen:
            raise NightRefused(
                _("%(name)s is named twice: a player sits at one table only.", name=name),
                "players",
            )
        seen[name.casefold()] = name
        names.append(name)
    if len(names) > MOST_PLAYERS:
        raise NightRefused(_("A night has at most %(most)d players.", most=MOST_PLAYERS), "players")
    try:
        refuse_look_alikes_in_group(names, "players")  # "Аnn" with a Cyrillic А, beside Ann
    except FieldProblem as exc:
        raise NightRefused(translate(exc.message), exc.field) from None
    return names


def sizes_said(rules: NightRules, present: int) -> str:
    """The tables the players present make, said before the draw: "10 players: 3 tables
    of 4/3/3 players", and who sits out when they cannot all be seated. Raises
    NightRefused naming ``players`` for too few."""
    try:
        sizes, out = table_sizes(rules.kind, present)
    except EngineError as exc:
        raise NightRefused(translate(exc.message), exc.field or "players") from None
    if len(sizes) == 1:
        tables = ngettext(
            "%(num)d player: one table of %(size)d",
            "%(num)d players: one table of %(size)d",
            present,
            size=sizes[0],
        )
    else:
        tables = _(
            "%(num)d players: %(count)d tables of %(sizes)s players",
            num=present,
            count=len(sizes),
            sizes=isolate_ltr("/".join(str(size) for size in sizes)),
        )
    if out:
        tables += " · " + ngettext(
            "%(num)d player sits this series out", "%(num)d players sit this series out", out
        )
    return tables


def draw_next(
    rules: NightRules, night: stored.Night | None, present: list[str], seed: str
) -> tuple[Draw, dict[int, Any]]:
    """The next series' draw for ``present`` and each table size's settings, each table
    counted as a game this client starts (``throttle.allow``); raises NightRefused naming
    the field, or TooMany naming the limit, before anything is stored."""
    series = night.series + 1 if night else 1
    games = stored.table_games(db.get_db(), night) if night else {}
    met = pairs_met(games[t.game_id].players for t in night.tables) if night else None
    sat_out: dict[str, int] = {}
    for names in night.sitting_out.values() if night else ():
        for name in names:
            sat_out[name] = sat_out.get(name, 0) + 1
    try:
        drawn = draw_series(rules.kind, present, seed, series, met, sat_out)
        settings = {len(t): rules.table_settings(len(t)) for t in drawn.tables}
    except EngineError as exc:
        raise NightRefused(translate(exc.message), exc.field or "players") from None
    allow("game", len(drawn.tables))
    return drawn, settings


def store_draw(
    night_id: int,
    group_id: int,
    drawn: Draw,
    settings: dict[int, Any],
    by_member: int | None,
    keep_keys: bool = True,
) -> list[tuple[int, str]]:
    """Stores the series drawn, by the organiser's membership ``by_member`` (None: the
    group's key, through the API); returns each table's (game id, edit key). With
    ``keep_keys`` this phone (the organiser's) keeps every table's edit key, to show its
    code to a table no player's phone records. Raises NightRefused when another tap drew
    the series first (field ``series``), or when the membership no longer organises the
    night (field ``organiser``: it was handed over meanwhile)."""
    night = stored.load_night(db.get_db(), night_id, group_id)
    assert night is not None
    try:
        made = stored.store_series(db.get_db(), night, drawn, settings, by_member)
    except stored.SeriesTaken:
        raise NightRefused(
            _("This series was drawn already, on another tap. Here it is."), "series"
        ) from None
    except stored.NotOrganiser:
        raise NightRefused(
            _("This phone no longer organises the night: its role was handed over."),
            "organiser",
        ) from None
    if keep_keys:
        for game_id, key in made:
            remember_key(game_id, key)
    return made


def open_night(
    group_id: int,
    rules: NightRules,
    present: list[str],
    organiser_id: int | None,
    name: str | None = None,
    keep_keys: bool = True,
) -> tuple[int, list[tuple[int, str]]]:
    """Starts a night in the group and draws its first series (checked before anything is
    stored); returns its id and each table's (game id, edit key). Raises NightRefused."""
    seed = secrets.token_hex(8)
    drawn, settings = draw_next(rules, None, present, seed)
    night_id = stored.create_night(db.get_db(), group_id, rules, present, seed, organiser_id, name)
    return night_id, store_draw(night_id, group_id, drawn, settings, organiser_id, keep_keys)


def check_next(night: stored.Night, games: dict[int, db.StoredGame]) -> None:
    """Raises NightRefused (field ``series``) past the night's last series, or while a table
    of the current series is still playing, naming the table and its players."""
    if night.series >= night.rules.series:
        raise NightRefused(
            _("This night has %(num)d series, and all of them are drawn.", num=night.rules.series),
            "series",
        )
    for table in night.tables_of(night.series):
        game = games[table.game_id]
        if game.status != "finished":
            raise NightRefused(
                _(
                    "Table %(number)d (%(players)s) is still playing: a series ends when "
                    "every table has finished its list.",
                    number=table.number,
                    players=", ".join(game.players),
                ),
                "series",
            )


@dataclass(frozen=True, slots=True)
class NightDispute:
    """A disputed hand with its table and the table's game."""

    dispute: stored.Dispute
    table: stored.ClubTable
    game: db.StoredGame


def disputes_of(night: stored.Night, games: dict[int, db.StoredGame]) -> list[NightDispute]:
    """The night's disputes, open and settled, oldest first, each with its table and game."""
    tables = {table.id: table for table in night.tables}
    return [
        NightDispute(found, tables[found.table_id], games[tables[found.table_id].game_id])
        for found in stored.disputes(db.get_db(), night.id)
    ]


def night_over(night: stored.Night, games: dict[int, db.StoredGame]) -> bool:
    """Whether the night is played out: its last series drawn and every table of it
    finished (its lists may still be unsigned or disputed: ``open_matters``)."""
    return night.series >= night.rules.series and all(
        games[table.game_id].status == "finished" for table in night.tables_of(night.series)
    )


def series_playing(night: stored.Night, games: dict[int, db.StoredGame]) -> bool:
    """Whether a table of the night's latest series is still playing: its standings are
    then the standings during that series, not after it."""
    return any(games[table.game_id].status != "finished" for table in night.tables_of(night.series))


@dataclass(frozen=True, slots=True)
class Unsigned:
    """A finished table's list that not every player signed (as it stands): who has not."""

    table: stored.ClubTable
    game: db.StoredGame
    missing: tuple[str, ...]


def unsigned_lists(
    night: stored.Night, games: dict[int, db.StoredGame], series: int | None = None
) -> list[Unsigned]:
    """The finished lists (of ``series`` alone, or of every series) that some player has
    not signed as they stand now (a signature of an earlier version, before a hand was
    corrected, counts as none)."""
    tables = [t for t in night.tables if series is None or t.series == series]
    signed = stored.confirmations(db.get_db(), [table.id for table in tables])
    found = []
    for table in tables:
        game = games[table.game_id]
        if game.status == "finished":
            missing = tuple(n for n in game.players if signed[table.id].get(n) != game.version)
            if missing:
                found.append(Unsigned(table, game, missing))
    return found


def open_matters(
    night: stored.Night,
    games: dict[int, db.StoredGame],
    series: int | None = None,
    counted: bool = False,
) -> list[Any]:
    """What is still open on the night's lists (of ``series`` alone, or of every series):
    each disputed hand not settled, and each finished table's list its players have not
    all signed, naming who has not (Markup: each name in its ``<bdi>``), in the page's
    language; ``counted``: how many of each, in one line (the printed ranking keeps to its
    one page)."""
    numbered = {t.id: t for t in night.tables if series is None or t.series == series}
    disputed = [
        (numbered[found.table_id], found)
        for found in stored.disputes(db.get_db(), night.id)
        if found.resolved_at is None and found.table_id in numbered
    ]
    unsigned = unsigned_lists(night, games, series)
    if counted:
        # Only what is open: never a "0 disputed hands not settled" beside the lists
        # still to sign, nor the other way round.
        parts = [
            ngettext(
                "%(num)d disputed hand not settled",
                "%(num)d disputed hands not settled",
                len(disputed),
            )
        ] * bool(disputed) + [
            ngettext(
                "%(num)d finished list not signed by every player",
                "%(num)d finished lists not signed by every player",
                len(unsigned),
            )
        ] * bool(unsigned)
        return [" · ".join(parts)] if parts else []
    return [
        page_text(
            "Table %(number)d (series %(series)d): hand %(hand)d, disputed by %(name)s, "
            "is not settled.",
            number=table.number,
            series=table.series,
            hand=found.hand_number,
            name=bdi(found.name),
        )
        for table, found in disputed
    ] + [
        page_text(
            "Table %(number)d (series %(series)d): %(signed)d of its %(players)d players "
            "signed its list; %(names)s not yet.",
            number=line.table.number,
            series=line.table.series,
            signed=len(line.game.players) - len(line.missing),
            players=len(line.game.players),
            names=names_said(line.missing),
        )
        for line in unsigned
    ]


def names_said(names: Sequence[str]) -> Markup:
    """Names in a sentence of a page, each in its ``<bdi>`` (whole on a line where it fits),
    as the page's language lists them ("A, B und C")."""
    return Markup(format_list([str(bdi(name)) for name in names], locale=current_language()))


def night_final(night: stored.Night, games: dict[int, db.StoredGame]) -> bool:
    """Whether the night's standings are final: the night played out, every list signed
    by its players as it stands and no disputed hand open. Only then do the standings,
    the projector and the printed ranking say "final"."""
    return night_over(night, games) and not open_matters(night, games, counted=True)


STANDINGS_KEPT = 64
"""Nights whose standings this process keeps, the latest read first out last."""
_standings = Lru(STANDINGS_KEPT)


def night_standings(night: stored.Night) -> list[Any]:
    """The night's standings from its tables' lists as they stand: worked out once for
    each state of its tables (``stored.tables_versions``, one short read, as the page
    cache keys a scoreboard by its game's version) and kept, so that the projector and
    every phone reading them while the tables save cost a read, not the whole sum."""
    database = db.get_db()
    key = (
        current_app.config["DATABASE"],
        night.id,
        night.rules.scoring,
        night.rules.lowest_wins(),
        stored.tables_versions(database, night.id),
    )
    kept = _standings.get(key)
    if kept is not None:
        return kept
    lists = stored.table_totals(database, night.id)
    found = standings(
        [
            TableList(
                table.series,
                table.number,
                lists[table.game_id].players,
                lists[table.game_id].totals,
                lists[table.game_id].hands,
                lists[table.game_id].sat,
            )
            for table in night.tables
        ],
        night.rules.scoring,
        night.rules.lowest_wins(),
    )
    _standings.put(key, found)
    return found
