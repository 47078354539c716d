"""A club night as files (issue 45), for the area's views (``files``, ``api``): the night
as JSON (its rules, players, every series' tables with their lists, who sat out, the
disputes, and the standings), as the API answers it and a member downloads it, with each
table's game whole (its hands, as a group's export holds a game) so that the file imports
into a group again (``import_text``); and the standings as CSV for a spreadsheet."""

from __future__ import annotations

import csv
import io
import secrets
from typing import Any

from flask_babel import gettext as _

from ... import db
from ...db import club as stored
from ...transfer import club as night_file
from ...transfer.formats import game_document, spreadsheet_cell
from ..links import view_url
from ..throttle import allow
from .service import TIE_RULE, night_standings

MAX_BYTES = 5 * 1024 * 1024
"""The largest night file an import takes: 30 tables of four over three series of 48
deals is about 4 MB."""


def night_json(night: stored.Night) -> dict[str, Any]:
    """The night as the API answers it."""
    games = stored.table_games(db.get_db(), night)
    signed = stored.confirmations(db.get_db(), [table.id for table in night.tables])
    return {
        "id": night.id,
        "name": night.name,
        "rules": night.rules.to_dict(),
        "series_drawn": night.series,
        "players": [
            {"name": p.name, "from_series": p.from_series, "left_after": p.left_after}
            for p in night.players
        ],
        "tables": [
            {
                "series": table.series,
                "number": table.number,
                "game_id": table.game_id,
                "view_url": view_url(games[table.game_id]),
                "players": list(games[table.game_id].players),
                "totals": list(games[table.game_id].totals),
                "hands": games[table.game_id].hand_count,
                "status": games[table.game_id].status,
                "signed_by": sorted(
                    name
                    for name, version in signed[table.id].items()
                    if version == games[table.game_id].version
                ),
            }
            for table in night.tables
        ],
        "sitting_out": {str(k): list(v) for k, v in night.sitting_out.items()},
        "disputes": [
            {
                "id": found.id,
                "game_id": next(t.game_id for t in night.tables if t.id == found.table_id),
                "hand": found.hand_number,
                "name": found.name,
                "note": found.note,
                "resolved": found.resolved_at is not None,
                "outcome": found.outcome,
            }
            for found in stored.disputes(db.get_db(), night.id)
        ],
    }


def standings_json(night: stored.Night) -> dict[str, Any]:
    """The standings, best first, with the tie rule in words."""
    return {
        "scoring": night.rules.scoring,
        "ties": str(TIE_RULE),
        "standings": [
            {
                "place": line.place,
                "name": line.name,
                "points": line.points,
                "series": {str(k): v for k, v in line.series.items()},
                "tables": line.tables,
                "hands": line.hands,
            }
            for line in night_standings(night)
        ],
    }


def standings_csv(night: stored.Night) -> str:
    """The standings as CSV: place, player, points, each series' points, tables, hands;
    a name a spreadsheet would run as a formula is quoted."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    series = list(range(1, night.series + 1))
    writer.writerow(
        ["place", "player", "points", *[f"series_{n}" for n in series], "tables", "hands"]
    )
    for line in night_standings(night):
        by_series = [line.series.get(n) for n in series]
        writer.writerow(
            [
                spreadsheet_cell(v)
                for v in (line.place, line.name, line.points, *by_series, line.tables, line.hands)
            ]
        )
    return out.getvalue()


def night_document(night: stored.Night) -> dict[str, Any]:
    """The night's file: the night as the API answers it, its standings, and each table's
    game whole, as a group's export holds it (what ``transfer.club.read_night`` reads)."""
    database = db.get_db()
    games = [
        game_document(exported)
        for table in night.tables
        for exported in db.iter_games(database, table.game_id, table.game_id)
    ]
    return {
        "format": night_file.FORMAT,
        "version": night_file.VERSION,
        "name": night.name,
        "created_at": night.created_at,
        **night_json(night),
        **standings_json(night),
        "games": games,
    }


def import_text(group_id: int, text: bytes, organiser_id: int | None) -> tuple[int, list]:
    """Checks a night's file whole and stores it in the group, in one transaction;
    returns the night's id and each table's (game id, edit key). Raises ImportProblem, or
    TooMany when its tables are more games than this client may start now (nothing
    stored)."""
    night = night_file.read_night(text)
    allow("game", len(night.games))  # each table a game started, as a drawn one is
    return stored.import_night(db.get_db(), group_id, night, organiser_id, secrets.token_hex(8))


def too_large() -> str:
    return _(
        "The file is larger than %(size)d MB, the most a club night's import takes.",
        size=MAX_BYTES // (1024 * 1024),
    )
