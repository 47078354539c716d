"""No request's work grows with the whole database (issue 8, item 10).

History and a player's games come a page at a time; career and head-to-head figures replay
at most ``FIGURES_MAX_HANDS`` hands, the latest, and say so; exports are streamed a game at
a time, and a group's export is one file however large (issue 21), read in batches.
The statements a request runs do not grow with the number of games. How long requests take
on 64,000 games is measured by ``benchmarks/big_db.py``, not here.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from scorekeeper import db, game_play, transfer
from scorekeeper.engine.israeli_whist import PRESETS, record_from_dict
from scorekeeper.web import create_app
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config, join_group, trace_statements
from tests.support.review import MINUS, rows_of, text_of
from tests.support.stored import join, new_group

PAGAT = PRESETS["pagat-german"]
NAMES = ["Noa", "Avi", "Dana", "Gil"]
THROWN_IN = {"thrown_in": True, "frisch_rounds": 0}


# The group ``seed`` makes first in a fresh file: the address of its pages.
GROUP = "/groups/1"


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


# --- pages --------------------------------------------------------------------------------


@pytest.fixture
def paged(tmp_path):
    """A client of an app with 2 games to a page, and the ids of its 5 games."""
    app = make_app(tmp_path, PAGE_SIZE=2)
    return member(app, seed(app, 5))


@pytest.mark.parametrize("path", [f"{GROUP}/history", f"{GROUP}/players/Noa"])
def test_games_come_a_page_at_a_time_newest_first(paged, path):
    client, ids = paged
    seen, pages = [], []
    while path:
        response = client.get(path)
        assert response.status_code == 200
        pages.append(listed(response))
        assert (link(response, "prev") is None) == (len(pages) == 1)
        seen += pages[-1]
        path = link(response, "next")
    assert [len(page) for page in pages] == [2, 2, 1]
    assert seen == ids[::-1]
    assert "Page 3 of 3" in text_of(response)


def test_history_pages_keep_the_filters(paged):
    client, ids = paged
    response = client.get(f"{GROUP}/history?player=Noa&from=2000-01-01")
    older = link(response, "next")
    assert "player=Noa" in older and "from=2000-01-01" in older and "page=2" in older
    assert listed(client.get(older)) == [ids[2], ids[1]]


@pytest.mark.parametrize("page", ["0", "4", "-1", "two", "1.5", "9" * 30, "%00", "²", "٣"])
@pytest.mark.parametrize("path", [f"{GROUP}/history", f"{GROUP}/players/Noa"])
def test_a_page_that_does_not_exist_is_refused_with_a_message(paged, path, page):
    client, _ids = paged
    response = client.get(f"{path}?page={page}")
    assert response.status_code == 400
    assert "page" in text_of(response)
    problem = r"(is not a page number|there is no page .*; the last is 3)"
    assert re.search(problem, text_of(response))


def test_a_player_page_counts_every_game_whatever_the_page(paged):
    client, _ids = paged
    for page in (1, 3):
        career = rows_of(client.get(f"{GROUP}/players/Noa?page={page}"), "career")
        assert career["Games"] == ["5"]


# --- figures over the latest games --------------------------------------------------------


@pytest.fixture
def capped(tmp_path):
    """A client of an app that replays at most 2 hands for figures; 5 one-hand games."""
    app = make_app(tmp_path, FIGURES_MAX_HANDS=2)
    return member(app, seed(app, 5))


def test_career_figures_come_from_the_latest_games_and_say_so(capped):
    client, ids = capped
    response = client.get(f"{GROUP}/players/Noa")
    career = rows_of(response, "career")
    assert career["Games"] == ["5"]  # counted over every game
    assert career["Hands played"] == ["2"]  # replayed: the latest two
    # Noa scored -20 in every game; the earliest of the two replayed is the tie's pick.
    assert career["Best hand"] == [f"{MINUS}20 (game {ids[3]}, hand 1)"]
    assert "Figures per hand are from the latest 2 of 5 games." in text_of(response)


def test_head_to_head_comes_from_the_latest_games_and_says_so(capped):
    client, _ids = capped
    response = client.get(f"{GROUP}/players?player=Noa&player=Avi")
    table = rows_of(response, "head-to-head")
    assert "hands 0–2 of 2" in table["Noa"][1]
    assert "From the latest 2 of the 5 games in which two or more of them played." in text_of(
        response
    )


def test_uncapped_figures_carry_no_note(tmp_path):
    app = make_app(tmp_path)
    client, _ids = member(app, seed(app, 3))
    assert rows_of(client.get(f"{GROUP}/players/Noa"), "career")["Hands played"] == ["3"]
    assert "latest" not in text_of(client.get(f"{GROUP}/players/Noa")).split('id="career"')[1]
    assert "From the latest" not in text_of(client.get(f"{GROUP}/players?player=Noa&player=Avi"))


# --- exports ------------------------------------------------------------------------------


@pytest.fixture
def exported(tmp_path):
    """A client of an app with 4 games of 2 hands; the app; the games' ids."""
    app = make_app(tmp_path)
    ids = seed(app, 4, hands=2)
    client = app.test_client()
    join(client, 1)
    return client, app, ids


def as_written_whole(text: str, file_format: str) -> str:
    """The file as the export wrote it before it was streamed: the whole document dumped
    at once (JSON), or every row written by one csv.writer (CSV)."""
    if file_format == "json":
        return json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    csv.writer(out).writerows(csv.reader(io.StringIO(text)))
    return out.getvalue()


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_exports_are_streamed_a_game_at_a_time(exported, file_format):
    client, app, ids = exported
    response = client.get(f"/groups/1/export.{file_format}")
    assert response.status_code == 200 and response.is_streamed
    chunks = list(response.response)
    assert len(chunks) >= len(ids)  # a game at a time, never the whole file at once
    text = b"".join(chunks).decode()
    assert text == as_written_whole(text, file_format)
    with app.app_context():
        make = transfer.export_json if file_format == "json" else transfer.export_csv
        assert text == make(db.get_db())
    one = client.get(f"/games/{ids[1]}/export.{file_format}")
    assert one.is_streamed
    assert one.get_data(as_text=True) == as_written_whole(one.get_data(as_text=True), file_format)


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_the_export_of_an_empty_group_is_as_before(client, file_format):
    group_id, _key = new_group(client)
    text = client.get(f"/groups/{group_id}/export.{file_format}").get_data(as_text=True)
    assert text == as_written_whole(text, file_format)
    if file_format == "json":
        assert json.loads(text) == {"format": "scorekeeper", "version": 2, "games": []}


@pytest.fixture
def five_games(tmp_path):
    """A member's client of an app with 5 one-hand games in one group."""
    app = make_app(tmp_path)
    ids = seed(app, 5)
    client = app.test_client()
    join(client, 1)
    return client, ids


@pytest.mark.parametrize("file_format", ["json", "csv"])
def test_a_group_s_export_is_one_file_however_many_hands(five_games, file_format):
    client, ids = five_games
    response = client.get(f"/groups/1/export.{file_format}")
    assert response.status_code == 200 and response.is_streamed
    assert "scorekeeper-group-1." in response.headers["Content-Disposition"]
    text = response.get_data(as_text=True)
    if file_format == "json":
        assert [game["id"] for game in json.loads(text)["games"]] == ids
    else:
        assert {int(row["game"]) for row in csv.DictReader(io.StringIO(text))} == set(ids)


@pytest.mark.parametrize(
    "query", ["", "first=1", "first=x&last=2", "first=3&last=2", "first=1&last=5"]
)
def test_the_old_export_sends_a_member_of_one_group_to_its_export(five_games, query):
    client, _ids = five_games
    response = client.get(f"/export.csv?{query}")
    assert response.status_code == 302
    assert response.headers["Location"] == "/groups/1/export.csv"
    assert client.application.test_client().get(f"/export.csv?{query}").status_code == 404


def test_the_old_page_of_an_export_in_parts_leads_to_history_s_one_file(five_games):
    client, _ids = five_games
    response = client.get("/history/export")
    assert response.status_code == 302 and response.headers["Location"] == (
        "/groups/1/history/export"
    )
    response = client.get("/groups/1/history/export")
    assert response.status_code == 302
    assert response.headers["Location"] == "/groups/1/history#export"
    page = client.get("/groups/1/history").get_data(as_text=True)
    assert 'href="/groups/1/export.json"' in page and 'href="/groups/1/export.csv"' in page
    stranger = client.application.test_client()
    assert stranger.get("/groups/1/history/export").status_code == 404


# --- statements per request ---------------------------------------------------------------


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


def test_statements_per_request_do_not_grow_with_the_games(tmp_path, monkeypatch):
    few = statements_per_request(tmp_path / "few", monkeypatch, 5)
    many = statements_per_request(tmp_path / "many", monkeypatch, 50)
    assert many == few
