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

from scorekeeper import db, transfer
from tests.support.review import MINUS, rows_of, text_of
from tests.support.stored import join, new_group
from tests.support.web.review.bounded_work import (
    as_written_whole,
    link,
    listed,
    make_app,
    member,
    seed,
    statements_per_request,
)

# The group ``seed`` makes first in a fresh file: the address of its pages.
GROUP = "/groups/1"


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


def test_statements_per_request_do_not_grow_with_the_games(tmp_path, monkeypatch):
    few = statements_per_request(tmp_path / "few", monkeypatch, 5)
    many = statements_per_request(tmp_path / "many", monkeypatch, 50)
    assert many == few
