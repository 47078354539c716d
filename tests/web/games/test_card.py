"""A finished game's result card (issue 22) through the Flask test client: the short text
to send for every registered game in English, Hebrew and German, the card's model in the
page, and who may send it (whoever may see the game; the group's name for members only)."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import db
from scorekeeper.engine import GAMES
from scorekeeper.engine.core.display import total
from scorekeeper.engine.core.seats import placings
from scorekeeper.web.i18n import shown_date
from tests.support.app import into_group, stored_game
from tests.support.result_card import model_of, text_box
from tests.support.web.games.card import (
    FSI,
    LRM,
    OUR_TABLE,
    PDI,
    RLM,
    expected_text,
    finished_by_api,
    plain,
)
from tests.support.web.shared import in_language

LANGUAGES = ("en", "he", "de")


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_the_short_text_of_every_game_in_every_language(client, game):
    played = finished_by_api(client, game)
    into_group(client, played["id"])
    for language in LANGUAGES:
        page = in_language(client, language, f"/games/{played['id']}/result")
        assert page.status_code == 200
        assert page.headers["Cache-Control"] == "private, no-cache"
        text = text_box(page.get_data(as_text=True))
        lines = text.split("\n")
        assert lines[:-1] == expected_text(client, game, played, language), language
        # The last line is the scoreboard's banner, the game's own words for its end.
        board = in_language(client, language, f"/games/{played['id']}").get_data(as_text=True)
        banner = re.search(r'<p class="banner win" role="status">(.*?)</p>', board)[1]
        assert plain(lines[-1]) == plain(html.unescape(re.sub("<[^>]+>", "", banner)))
        assert lines[-1].startswith(RLM if language == "he" else LRM)
        # The scoreboard carries the same card, folded, with "Send result".
        assert text_box(board) == text
        assert model_of(board)["text"] == text
        assert f'href="/games/{played["id"]}/result" data-send' in board


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_the_card_model_lists_the_sides_in_the_engines_order(client, game):
    played = finished_by_api(client, game)
    into_group(client, played["id"])
    progress, players = played["progress"], played["players"]
    places = placings(progress)
    for language in LANGUAGES:
        board = in_language(client, language, f"/games/{played['id']}").get_data(as_text=True)
        model = model_of(board)
        assert model["lang"] == language
        assert model["dir"] == ("rtl" if language == "he" else "ltr")
        assert model["group"] == OUR_TABLE[language]
        rows = [(row["place"], row["names"], row["total"], row["won"]) for row in model["rows"]]
        expected = sorted(
            (
                (
                    str(places[side]),
                    [players[seat] for seat in seats],
                    total(progress.totals[side]),
                    places[side] == 1,
                )
                for side, seats in enumerate(game.sides)
            ),
            key=lambda row: int(row[0]),
        )
        assert rows == expected
        assert model["file"] == f"result-{played['id']}.png"
        assert set(model["words"]) == {"shared", "downloaded", "not_copied", "failed", "alt"}
        if language != "en":
            english = model_of(in_language(client, "en", f"/games/{played['id']}").get_data(True))
            assert model["words"]["downloaded"] != english["words"]["downloaded"]


def test_a_lowest_wins_sheet_lists_the_lowest_total_first(client):
    body = {"settings": {"goal": "rounds_low", "rounds": 2}}
    created = client.post(
        "/api/games",
        json={"game": "any-game", "players": ["Ann", "Bob", "Cat"], "rules": "any-game", **body},
    ).get_json()
    bearer = {"Authorization": f"Bearer {created['edit_key']}"}
    for points in ([10, 30, 5], [10, 0, 5]):
        assert (
            client.post(
                f"/api/games/{created['id']}/hands", json={"points": points}, headers=bearer
            ).status_code
            == 201
        )
    into_group(client, created["id"])
    text = text_box(client.get(f"/games/{created['id']}/result").get_data(as_text=True))
    assert text.replace(FSI, "").replace(PDI, "").replace(LRM, "").split("\n")[2:] == [
        "1. Cat: 10",
        "2. Ann: 20",
        "3. Bob: 30",
        "Cat wins with 10!",
    ]


def test_a_shared_win_puts_the_winners_first_together_and_names_them_all(client):
    created = client.post(
        "/api/games",
        json={
            "game": "any-game",
            "players": ["Ann", "Bob", "Cat", "Dan"],
            "rules": "any-game",
            "settings": {"goal": "rounds", "rounds": 1, "tie_at_end": "shared"},
        },
    ).get_json()
    assert (
        client.post(
            f"/api/games/{created['id']}/hands",
            json={"points": [40, 40, 10, 40]},
            headers={"Authorization": f"Bearer {created['edit_key']}"},
        ).status_code
        == 201
    )
    into_group(client, created["id"])
    text = text_box(client.get(f"/games/{created['id']}/result").get_data(as_text=True))
    lines = text.replace(FSI, "").replace(PDI, "").replace(LRM, "").split("\n")
    assert lines[2:] == [
        "1. Ann: 40",
        "1. Bob: 40",
        "1. Dan: 40",
        "4. Cat: 10",
        "Ann, Bob, and Dan share the win with 40!",
    ]


def test_whoever_sees_the_game_may_send_its_result_and_only_members_see_the_group(client, app):
    game = GAMES["bid-whist"]
    played = finished_by_api(client, game)
    path = f"/games/{played['id']}/result"
    # A stranger: the game does not exist for them.
    assert client.get(path).status_code == 404
    # The edit key's phone sees the game and sends its result, without the group's name.
    assert client.get(f"/games/{played['id']}/edit/{played['key']}").status_code == 302
    page = client.get(path).get_data(as_text=True)
    assert model_of(page)["group"] is None
    assert text_box(page).split("\n")[0] == LRM + "Bid Whist"
    assert "Our table" not in page
    board = client.get(f"/games/{played['id']}").get_data(as_text=True)
    assert model_of(board)["group"] is None
    # A view link's phone likewise.
    viewer = app.test_client()
    token = stored_game(client, played["id"]).view_token
    assert viewer.get(f"/view/{token}").status_code == 302
    assert model_of(viewer.get(path).get_data(as_text=True))["group"] is None
    # A member sees the group's name, and a new name at once: the cached scoreboard is
    # another page for each name.
    group_id = into_group(client, played["id"])
    assert model_of(client.get(path).get_data(as_text=True))["group"] == "Our table"
    assert model_of(client.get(f"/games/{played['id']}").get_data(as_text=True))["group"] == (
        "Our table"
    )
    database = db.open_database(app.config["DATABASE"])
    try:
        db.rename_group(database, group_id, "Thursday nights")
    finally:
        database.close()
    board = client.get(f"/games/{played['id']}").get_data(as_text=True)
    assert model_of(board)["group"] == "Thursday nights"
    assert text_box(board).split("\n")[0] == f"{LRM}Bid Whist · {FSI}Thursday nights{PDI}"
    # The view link's phone still does not see it.
    assert "Thursday nights" not in viewer.get(f"/games/{played['id']}").get_data(as_text=True)


def test_a_game_in_progress_has_no_result_yet(client, make_game):
    game_id, _key = make_game("israeli-whist", rules="pagat-german")
    answer = client.get(f"/games/{game_id}/result")
    assert answer.status_code == 409
    assert "is not finished yet" in answer.get_data(as_text=True)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "data-send" not in board and "card-model" not in board
    assert client.get("/games/999/result").status_code == 404


def test_a_date_that_is_not_a_date_is_shown_as_stored(app):
    with app.test_request_context():
        assert shown_date("2026-11-24T20:00:00", "long") == "November 24, 2026"
        assert shown_date("2026-11-24T20:00:00") == "Nov 24, 2026"
        assert shown_date("sometime") == "sometime"
