"""The players' pages (``web/review/players.py``) through the Flask test client: a player's career
figures and chart, names with spaces and slashes, an unknown player, head-to-head and a
tampered choice of it, and the list's links."""

from __future__ import annotations

import re

import pytest

from tests.support.review import (
    MINUS,
    SECOND_SEATS,
    played,  # noqa: F401  (fixtures)
    rows_of,
    text_of,
)


def test_player_page_shows_career_figures(client, played):
    response = client.get("/players/Dana", follow_redirects=True)
    assert response.status_code == 200
    career = rows_of(response, "career")
    assert career["Games"] == ["2"]
    assert career["Finished games won"] == ["1/1 (100%)"]
    assert career["Hands played"] == ["6"]
    assert career["Contracts made"] == ["3/6 (50%)"]
    assert career["Zero bids made"] == ["1/2 (50%)"]
    assert career["Declarer contracts made"] == ["1/1 (100%)"]
    assert career["Average contract"] == ["3.5"]
    assert career["Average points per hand"] == ["+10.5"]
    assert career["Best hand"] == [f"+74 (game {played[0]}, hand 5)"]
    assert career["Worst hand"] == [f"{MINUS}40 (game {played[0]}, hand 1)"]
    assert career["Last bidder"] == ["3"]
    assert career["Hurt by the forbidden number"] == ["1"]


def test_player_page_charts_the_latest_game(client, played):
    page = text_of(client.get("/players/Dana", follow_redirects=True))
    chart = re.search(r'<figure class="chart"><svg.*?</svg>', page, re.S).group(0)
    labels = re.findall(r"<text [^>]*>([A-Za-z]+)</text></g>", chart)
    assert labels == SECOND_SEATS  # the second game is the latest, one line per seat
    assert f'href="/games/{played[2]}"' in page


def test_player_names_with_spaces_and_slashes_have_pages(client, make_game):
    make_game("israeli-whist", rules="pagat-german", players=["Noa / Tel Aviv", "Bob", "Cy", "Dee"])
    listing = text_of(client.get("/players", follow_redirects=True))
    link = re.search(r'href="(/groups/\d+/players/Noa[^"]+)"', listing).group(1)
    assert client.get(link).status_code == 200


@pytest.mark.parametrize("name", ["Nobody", "avi", "x" * 300, "%00"])
def test_an_unknown_player_is_not_found(client, played, name):
    response = client.get(f"/players/{name}", follow_redirects=True)
    assert response.status_code == 404
    assert "Nobody called" in text_of(response)


def test_head_to_head(client, played):
    response = client.get("/players?player=Dana&player=Gil&player=Avi", follow_redirects=True)
    assert response.status_code == 200
    table = rows_of(response, "head-to-head")
    assert table["Player"] == ["vs Dana", "vs Gil", "vs Avi"]
    dana, gil = table["Dana"], table["Gil"]
    assert dana[0] == "–"
    assert dana[1] == "1–0 in 1 finished / hands 3–3 of 6 / average margin +59.0"
    assert gil[0] == f"0–1 in 1 finished / hands 3–3 of 6 / average margin {MINUS}59.0"
    # Avi (seat 0, then seat 2) against Dana: game 2 Avi -10, Dana 19.
    assert table["Avi"][0].startswith("0–1 in 1 finished")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("player=Dana", "choose from 2 to 8 players"),
        ("player=Dana&player=Dana", "choose each player once"),
        ("player=Dana&player=Zed", "nobody called \u2068Zed\u2069 has played here"),
        ("player=Dana&player=" + "y" * 500, "nobody called"),
    ],
)
def test_head_to_head_refuses_a_tampered_choice(client, played, query, message):
    response = client.get(f"/players?{query}", follow_redirects=True)
    assert response.status_code == 400
    assert message in text_of(response)
    assert "head-to-head" not in text_of(response)


def test_the_players_links_are_the_routes_own_addresses(app):
    """The players' list builds its links from one address (not url_for per name): the
    same as url_for gives, for names a route must quote, under a prefix too."""
    from flask import url_for

    from scorekeeper.web.review.players import _player_links

    names = ["Ann", "דנה כהן", "a/b", "x y?z#", "100%", "O'Neil & co", "=sum", "ü"]
    with app.test_request_context("/", base_url="http://host/sub"):
        assert _player_links(names, 7) == [
            (name, url_for("review.player", name=name, group_id=7)) for name in names
        ]
