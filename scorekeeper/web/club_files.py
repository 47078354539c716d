"""A club night as files (issue 45): the night as JSON (its rules, players, every
series' tables with their lists, who sat out, the disputes, and the standings), as the
API answers it and a member downloads it, and the standings as CSV for a spreadsheet or
the printed ranking."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response

from .. import db
from ..db import club as stored
from ..transfer.formats import _cell as spreadsheet_cell
from .club import TIE_RULE, night_or_404, night_standings
from .responses import PRIVATE
from .share import view_url

bp = Blueprint("club_files", __name__)


def night_json(night: stored.Night) -> dict[str, Any]:
    games = stored.table_games(db.get_db(), night)
    signed = stored.confirmations(db.get_db(), [table.id for table in night.tables])
    return {
        "id": night.id,
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


@bp.get("/groups/<int:group_id>/club/<int:night_id>/export.<any(json, csv):file_format>")
def export(group_id: int, night_id: int, file_format: str):
    """The night as a file, for the group's members: JSON whole, CSV its standings."""
    _found, night = night_or_404(group_id, night_id)
    if file_format == "json":
        body = json.dumps(
            {**night_json(night), **standings_json(night)}, ensure_ascii=False, indent=1
        )
        response = Response(body, mimetype="application/json")
    else:
        response = Response(standings_csv(night), mimetype="text/csv")
        response.charset = "utf-8"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="club-night-{night.id}.{file_format}"'
    )
    response.headers["Cache-Control"] = PRIVATE
    return response
