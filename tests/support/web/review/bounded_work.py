"""Helpers of tests/web/review/test_bounded_work.py."""

from __future__ import annotations

import csv
import io
import json
import re

from scorekeeper import db, game_play
from scorekeeper.engine.israeli_whist import record_from_dict
from scorekeeper.web import create_app
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config, join_group, trace_statements
from tests.support.review import text_of
from tests.support.shared import PAGAT
from tests.support.stored import join

NAMES = ["Noa", "Avi", "Dana", "Gil"]


THROWN_IN = {"thrown_in": True, "frisch_rounds": 0}


def seed(app, count: int, hands: int = 1) -> list[int]:
    """``count`` games of NAMES (Noa in seat 0) in one group, each with ``hands`` hands
    (the worked example, then thrown-in deals); returns their ids, oldest first."""
    database = db.connect(app.config["DATABASE"])
    ids = []
    # Every game in one group, as a database from before groups becomes.
    group = db.list_groups(database)[0].id if db.list_groups(database) else None
    group = group or db.create_group(database, None)[0].id
    for _ in range(count):
        game_id, _key = db.create_game(database, NAMES, "pagat-german", PAGAT, 0, group_id=group)
        for number in range(hands):
            hand = WORKED_EXAMPLE if number == 0 else THROWN_IN
            game_play.add_hand(database, game_id, record_from_dict(PAGAT, hand))
        ids.append(game_id)
    database.close()
    return ids


def member(app, ids: list[int]):
    """A client of ``app`` that is a member of the group of the games ``ids``, and the
    ids."""
    client = app.test_client()
    join_group(client, ids[0])
    return client, ids


def make_app(tmp_path, **config):
    return create_app(app_config(tmp_path, **config))


def listed(response) -> list[int]:
    """The ids of the games a page lists, in order."""
    return [int(i) for i in re.findall(r'<li><a href="/games/(\d+)">', text_of(response))]


def link(response, rel: str) -> str | None:
    found = re.search(rf'<a href="([^"]+)" rel="{rel}">', text_of(response))
    return found.group(1).replace("&amp;", "&") if found else None


def as_written_whole(text: str, file_format: str) -> str:
    """The file as the export wrote it before it was streamed: the whole document dumped
    at once (JSON), or every row written by one csv.writer (CSV)."""
    if file_format == "json":
        return json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    csv.writer(out).writerows(csv.reader(io.StringIO(text)))
    return out.getvalue()


PATHS = [
    "/history",
    "/history?player=Noa",
    "/players",
    "/players/Noa",
    "/players?player=Noa&player=Avi&player=Dana",
    "/groups/1/export.json",
    "/groups/1/export.csv",
    "/games/1/export.json",
    "/games/1/export.csv",
]


def statements_per_request(tmp_path, monkeypatch, games: int) -> dict[str, int]:
    app = make_app(tmp_path)
    client, _ids = member(app, seed(app, games, hands=2))
    statements = trace_statements(monkeypatch)
    client = app.test_client()
    join(client, 1)
    counts = {}
    for path in PATHS:
        statements.clear()
        response = client.get(path, follow_redirects=True)
        assert response.status_code == 200, path
        response.get_data()  # a streamed export runs its statements as it is read
        counts[path] = len(statements)
    return counts
