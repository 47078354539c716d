"""A table that grows and shrinks says so on its list (issue 56): a Skat list of three that a
fourth joins after deal 3, and that one leaves after deal 6, has a row over deal 4 saying
"Dan joins" and over deal 7 "Ann leaves", on the server's scoreboard and in the phone's
(the engine says it, ``core.seating.table_changes``), in English, German and Hebrew; a
player who takes another's seat is still "Eve for Bob"."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.language import words_in
from scorekeeper.engine.core.seating import SeatChange, table_changes
from tests.support.skat_rules import grand
from tests.support.web.club.table_changes_rows import rows_said

PLAYERS = ["Ann", "Bob", "Cat"]


@pytest.fixture
def grown_and_shrunk(client):
    """The Skat list: three play deals 1-3, Dan joins for deal 4, Ann leaves after deal 6,
    deal 7 is played at three. Its id."""
    created = client.post(
        "/api/games",
        json={"game": "skat", "players": PLAYERS, "rules": "isko", "first_dealer": 0},
    ).get_json()
    game_id, key = created["id"], created["edit_key"]
    assert client.get(created["edit_url"]).status_code == 302

    def deal(declarer: int) -> None:
        response = client.post(
            f"/api/games/{game_id}/hands",
            json=grand(declarer),
            headers={"Authorization": f"Bearer {key}"},
        )
        assert response.status_code == 201, response.get_json()

    for declarer in (1, 2, 0):
        deal(declarer)
    joined = client.post(f"/games/{game_id}/seats", data={"seat": "joins", "name": "Dan"})
    assert joined.status_code == 302
    for declarer in (0, 1, 2):
        deal(declarer)
    left = client.post(f"/games/{game_id}/seats", data={"seat": "0", "leave": "1"})
    assert left.status_code == 302
    deal(3)
    return game_id


def test_the_list_has_a_row_where_a_player_joins_and_where_one_leaves(client, grown_and_shrunk):
    assert rows_said(client, grown_and_shrunk) == [
        "From hand 4: Dan joins",
        "From hand 7: Ann leaves",
    ]


@pytest.mark.parametrize(
    ("language", "joins", "leaves"),
    [("de", "Dan kommt dazu", "Ann geht"), ("he", "Dan מצטרף/ת", "Ann עוזב/ת")],
)
def test_the_rows_are_in_the_pages_language(client, grown_and_shrunk, language, joins, leaves):
    said = rows_said(client, grown_and_shrunk, language)
    assert len(said) == 2 and joins in said[0] and leaves in said[1]


def test_the_engine_says_joins_leaves_and_who_took_whose_seat():
    skat = get_game("skat").seated(4)
    settings = skat.preset("isko").with_changes({"empty_seats": [[1, [3]], [4, []], [7, [0]]]})
    changes = [SeatChange(4, 3, "Dan"), SeatChange(9, 1, "Eve")]
    said = table_changes(["Ann", "Bob", "Cat", "Dan"], changes, settings)
    english = words_in("en")
    plain = lambda message: re.sub(r"[\u2066-\u2069]", "", english.translate(message))  # noqa: E731
    assert {n: [plain(m) for m in found] for n, found in said.items()} == {
        4: ["Dan joins"],
        7: ["Ann leaves"],
        9: ["Eve for Bob"],
    }


def test_the_phones_scoreboard_says_it_as_the_servers(client, grown_and_shrunk):
    from scorekeeper.engine import phone_pages

    skat = get_game("skat").seated(4)
    game = client.get(f"/api/games/{grown_and_shrunk}").get_json()
    settings = skat.settings_from_dict(game["settings"])
    seating = phone_pages.Seating(tuple(game["players"]), (SeatChange(4, 3, "Dan"),))
    took = seating.took_seats(words_in("en"), settings)
    plain = {n: [re.sub(r"[\u2066-\u2069]", "", s) for s in found] for n, found in took.items()}
    assert plain == {4: ["Dan joins"], 7: ["Ann leaves"]}
