"""Issue 43, 6: a Skat table grows from three to four mid-game, and shrinks back. Three
start; a fourth arrives after deal 3 and from then on the dealer sits out each deal; later
one leaves and the three play on. The list keeps a column for everyone who ever sat, every
total carried on, and the deals are counted as one list. Through the engine, the
seat-change page and the JSON API."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper import db as storage
from scorekeeper.engine import InvalidHand, InvalidSettings
from scorekeeper.engine.core.game import HandPlace
from scorekeeper.engine.core.settings import preset_name_of
from tests.support.games.skat.table_size import (
    FOUR,
    NAMES,
    SKAT,
    new_game,
    play,
    post,
    said,
    seated_so,
    seats,
)
from tests.support.phone_calls import Played
from tests.support.skat_rules import grand
from tests.support.stored import group_listing, one_group
from tests.support.toy_game_pages import csrf

# (declarer, card points) of ten deals: three at the table (dealers 0, 1, 2), four (the
# fourth deals first: 3, 0, 1, 2, each sitting out), three again without seat 0 (dealers
# 1 after 0 left, then 2, 3).
EVENING = [(1, 70), (2, 70), (0, 70), (0, 70), (1, 50), (2, 70), (3, 70), (2, 50), (3, 70), (1, 70)]


def test_the_deal_passes_over_the_players_at_the_table():
    progress = play(seated_so(), EVENING)
    assert [hand.dealer for hand in progress.hands] == [0, 1, 2, 3, 0, 1, 2, 3, 1, 2]
    assert progress.dealer == 3


def test_seeger_fabian_pays_those_at_the_table_40_at_three_30_at_four():
    points = [hand.points for hand in play(seated_so(), EVENING).hands]
    assert points[0] == (0, 98, 0, 0)  # won: 48 + 50, seat 3 not yet there
    assert points[4] == (30, -146, 30, 30)  # lost at four: −96 − 50, 30 to each other
    assert points[7] == (0, 40, -146, 40)  # lost at three after Ann left: Ann gets nothing


def test_an_empty_seat_shows_no_points_and_its_total_carries_on():
    progress = play(seated_so(), EVENING)
    views = SKAT.seated(4).hand_views(progress)
    assert [seat.points for seat in views[0].seats] == [0, 48, 0, None]  # SF apart
    assert [seat.points for seat in views[8].seats][0] is None
    assert views[8].seats[0].total == views[6].seats[0].total == progress.totals[0]


@pytest.mark.parametrize(("number", "declarer"), [(2, 3), (9, 0)])
def test_a_declarer_not_at_the_table_is_refused(number, declarer):
    progress = play(seated_so(), EVENING[: number - 1])
    place = HandPlace.after(FOUR.state_from_dict(progress.state.to_dict()))
    with pytest.raises(InvalidHand) as refused:
        FOUR.record_from_dict(seated_so(), grand(declarer), place)
    assert refused.value.errors[0][0] == "declarer"


def test_the_hand_form_offers_only_the_players_at_the_table_and_not_the_dealer():
    def keys(number: int) -> list[str]:
        progress = play(seated_so(), EVENING[: number - 1])
        place = HandPlace.after(FOUR.state_from_dict(progress.state.to_dict()))
        spec = FOUR.hand_form(seated_so(), ["Ann", "Bob", "Cat", "Dan"], place)
        field = next(f for f in spec.steps[0].fields if f.name == "declarer")
        return [c.value for c in field.choices]

    assert keys(1) == ["0", "1", "2"]  # three: the dealer plays
    assert keys(4) == ["0", "1", "2"]  # four: Dan deals and sits out
    assert keys(5) == ["1", "2", "3"]  # four: Ann deals and sits out
    assert keys(9) == ["1", "2", "3"]  # three again, Ann gone: Bob deals and plays


@pytest.mark.parametrize(
    "empty", [[[1, [0, 1]]], [[1, [3]], [1, []]], [[0, [3]]], [[2, [9]]], "3", [[1, ["x"]]]]
)
def test_a_table_of_fewer_than_three_or_a_bad_schedule_is_refused(empty):
    with pytest.raises(InvalidSettings) as refused:
        FOUR.preset("isko").with_changes({"empty_seats": empty})
    assert refused.value.field == "empty_seats"


def test_a_game_stored_today_reads_and_scores_as_before():
    settings = SKAT.preset("isko")
    assert "empty_seats" not in settings.to_dict()
    assert SKAT.settings_from_dict(settings.to_dict()) == settings
    changed = FOUR.preset("isko").with_changes({"empty_seats": [[1, [3]], [4, []]]})
    assert (
        preset_name_of(FOUR.presets, changed, type(FOUR.preset(FOUR.default_preset)).preset_aside)
        == "isko"
    )


# --- the pages and the API -------------------------------------------------------------------


def test_a_fourth_joins_and_one_leaves_through_the_seat_change_page(client):
    game_id, key = new_game(client)
    for declarer in (1, 2, 0):
        assert post(client, game_id, key, grand(declarer)).status_code == 201
    page = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    assert 'value="joins"' in page and 'name="leave"' not in page
    joined = client.post(f"/games/{game_id}/seats", data={"seat": "joins", "name": "Dan"})
    assert joined.status_code == 302
    assert "From hand 4, Dan joins the table." in said(client.get(f"/games/{game_id}"))
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert game["totals"] == [98, 98, 98, 0] and game["dealer"] == 3  # Dan deals first
    assert post(client, game_id, key, grand(3)).status_code == 422  # the dealer sits out
    for declarer in (0, 1, 2):
        assert post(client, game_id, key, grand(declarer, 50)).status_code == 201
    page = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    assert 'value="joins"' not in page and 'name="leave"' in page
    left = client.post(f"/games/{game_id}/seats", data={"seat": "0", "leave": "1"})
    assert left.status_code == 302
    board = said(client.get(f"/games/{game_id}"))
    assert "From hand 7, Ann leaves the table; their total stays on the list." in board
    assert post(client, game_id, key, grand(0)).status_code == 422  # Ann is gone
    assert post(client, game_id, key, grand(3)).status_code == 201  # Cat deals, and at three plays
    game = client.get(f"/api/games/{game_id}").get_json()
    assert [hand["dealer"] for hand in game["hands"]] == [0, 1, 2, 3, 0, 1, 2]
    assert game["hands"][6]["points"] == [0, 0, 0, 98]
    # The list: a column for each, Dan's empty before he came, Ann's after she left.
    sheet = client.get(f"/games/{game_id}/print").get_data(as_text=True)
    rows = re.findall(r"<tr><td>(\d+)</td>(.*?)</tr>", sheet, re.S)
    cells = {
        int(n): [re.sub(r"<span.*", "", c) for c in re.findall(r'<td class="p">(.*?)</td>', row)]
        for n, row in rows
    }
    assert cells[1][3] == "" and cells[7][0] == ""
    totals = {int(n): re.findall(r'<td class="t[^"]*">(.*?)</td>', row) for n, row in rows}
    assert totals[1][3] == "" and totals[7][0] == "" and totals[6][0] != ""
    assert cells[4][3] == "0" and cells[7][3] == "+48"  # Seeger-Fabian's +30, +50 apart
    assert "Games won" in said(client.get(f"/games/{game_id}"))


def test_too_few_or_too_many_at_the_table_is_refused_in_the_tables_words(client):
    game_id, key = new_game(client)
    refused = client.post(f"/games/{game_id}/seats", data={"seat": "1", "leave": "1"})
    assert refused.status_code == 422
    assert "Skat needs 3 or 4 at the table: without Bob, 2 would play" in said(refused)
    assert seats(client, game_id, key, {"name": "Dan"}).status_code == 201
    answer = seats(client, game_id, key, {"name": "Eve"})
    assert answer.status_code == 422 and answer.get_json()["field"] == "name"
    assert "every seat is taken" in answer.get_json()["error"]
    taken = seats(client, game_id, key, {"name": "Bob"})
    assert taken.status_code == 422  # Dan's seat is taken now: Bob cannot join twice
    assert client.get(f"/api/games/{game_id}").get_json()["players"] == [*NAMES, "Dan"]


def test_the_api_grows_and_shrinks_the_table(client):
    game_id, key = new_game(client)
    assert post(client, game_id, key, grand(1)).status_code == 201
    joined = seats(client, game_id, key, {"name": "Dan"})
    assert joined.status_code == 201
    assert joined.get_json() | {"seated": None} == {
        "from_hand": 2,
        "seat": 3,
        "name": "Dan",
        "at_table": ["Ann", "Bob", "Cat", "Dan"],
        "seated": None,
    }
    left = seats(client, game_id, key, {"seat": 2, "leaves": True})
    assert left.status_code == 201
    assert left.get_json()["at_table"] == ["Ann", "Bob", "Dan"]
    # Changed before the next deal: Cat stays after all, the table back to four.
    assert seats(client, game_id, key, {"seat": 2, "leaves": True}).status_code == 422
    for bad, field in (
        ({"seat": 1, "leaves": "yes"}, "leaves"),
        ({"seat": 1, "leaves": True, "name": "Eve"}, "name"),
    ):
        answer = seats(client, game_id, key, bad)
        assert answer.status_code in (400, 422) and answer.get_json()["field"] == field
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["totals"] == [0, 98, 0, 0] and game["dealer"] == 1


def test_a_stranger_or_a_view_link_cannot_change_the_table(client, app):
    game_id, key = new_game(client)
    stranger = app.test_client()
    assert seats(stranger, game_id, None, {"name": "Dan"}).status_code == 404
    assert seats(stranger, game_id, "not-the-key", {"seat": 0, "leaves": True}).status_code == 404
    assert stranger.post(
        f"/games/{game_id}/seats", data={"seat": "joins", "name": "Dan"}
    ).status_code in (403, 404)
    viewer = app.test_client()
    view = client.get(f"/api/games/{game_id}").get_json()["view_url"]
    assert viewer.get(view).status_code in (200, 302)
    assert (
        viewer.post(f"/games/{game_id}/seats", data={"seat": "0", "leave": "1"}).status_code == 403
    )
    assert client.get(f"/api/games/{game_id}").get_json()["players"] == NAMES


def test_a_game_that_never_grows_says_someone_must_take_the_seat(client):
    created = client.post(
        "/api/games", json={"players": ["Ann", "Bob", "Cat", "Dan"], "rules": "standard"}
    ).get_json()
    answer = seats(client, created["id"], created["edit_key"], {"seat": 0, "leaves": True})
    assert answer.status_code == 422
    assert answer.get_json()["error"] == "someone must take the seat of Ann"
    joined = seats(client, created["id"], created["edit_key"], {"name": "Eve"})
    assert joined.status_code in (400, 422) and joined.get_json()["field"] == "seat"


def test_a_table_that_grew_and_shrank_exports_and_imports_whole(client):
    game_id, key = new_game(client)
    assert post(client, game_id, key, grand(1)).status_code == 201
    assert seats(client, game_id, key, {"name": "Dan"}).status_code == 201
    assert post(client, game_id, key, grand(2)).status_code == 201
    assert seats(client, game_id, key, {"seat": 0, "leaves": True}).status_code == 201
    assert post(client, game_id, key, grand(3, 50)).status_code == 201
    exported = client.get(f"/games/{game_id}/export.json")
    (entry,) = json.loads(exported.data)["games"]
    assert entry["settings"]["empty_seats"] == [[1, [3]], [2, []], [3, [0]]]
    group_path = f"/groups/{one_group(client, game_id)}/import"
    page = client.get(group_path).get_data(as_text=True)
    imported = client.post(
        group_path,
        data={"csrf_token": csrf(page), "file": (io.BytesIO(exported.data), "skat.json")},
        content_type="multipart/form-data",
    )
    assert imported.status_code in (200, 302), said(imported)
    copy = max(g["id"] for g in group_listing(client, game_id)["games"])
    assert copy != game_id
    again = json.loads(client.get(f"/games/{copy}/export.json").data)["games"][0]
    assert again["hands"] == entry["hands"] and again["settings"] == entry["settings"]
    original, copied = (client.get(f"/api/games/{g}").get_json() for g in (game_id, copy))
    assert copied["totals"] == original["totals"] == [0, 138, 138, -146]
    assert copied["dealer"] == original["dealer"]


def test_the_phone_draws_a_table_that_grew_and_shrank_as_the_server_does(client, make_game):
    """The phone's list (the same templates under Pyodide's engine) of a table that grew
    to four and shrank back is the server's: the empty seats' cells empty there too."""
    game = Played(client, make_game, "skat", "de", 4)
    game.play(2)
    key = game.auth["Authorization"].removeprefix("Bearer ")
    assert seats(client, game.id, key, {"name": "Dora"}).status_code == 201
    left = seats(client, game.id, key, {"seat": 0, "leaves": True})
    assert left.status_code == 201
    with client.application.app_context():
        stored = storage.load_game(storage.get_db(), game.id)
    game.rules, game.settings, game.players = FOUR, stored.settings, list(stored.seated)
    sheet = game.sheet()  # checked against the server's list
    assert sheet["count"] == 2 and "Dora" in sheet["head_html"]
    assert post(client, game.id, key, grand(1)).status_code == 201  # three: all play
    game.count += 1
    sheet = game.sheet()
    row = sheet["hands_html"].split('id="h3"', 1)[1]
    assert row.count("<b></b>") >= 1  # Ann's seat: no total at deal 3


def test_statistics_count_only_the_deals_each_player_sat():
    """Dora sat from deal 4, Ann until deal 7: the deals their seats were empty are no
    deals of theirs (nor deals won by scoring 0 beside a declarer who lost), nor is a
    deal at four that they dealt and sat out (Dora deal 4, Ann 5, Bob 6, Cat 7)."""
    settings = seated_so()
    records = list(play(settings, EVENING).hands)
    recorded = FOUR.figures.recorded(
        settings, 0, ("Ann", "Bob", "Cat", "Dora"), [h.record for h in records]
    )
    stats = FOUR.figures.game_stats(recorded)
    hands = {figures.name: figures.figures.hands for figures in stats.players}
    assert hands == {"Ann": 6, "Bob": 9, "Cat": 9, "Dora": 6}


def test_a_rematch_is_for_those_at_the_table_at_the_end(client):
    """After Ann left a list that Dan had joined, the next game is Bob, Cat and Dan's, at
    three, with no empty seat, dealt by whoever the deal had passed to."""
    game_id, key = new_game(client, {"deals": 3})
    assert post(client, game_id, key, grand(1)).status_code == 201
    assert seats(client, game_id, key, {"name": "Dan"}).status_code == 201
    assert post(client, game_id, key, grand(2)).status_code == 201
    assert seats(client, game_id, key, {"seat": 0, "leaves": True}).status_code == 201
    assert post(client, game_id, key, grand(3)).get_json()["status"] == "finished"
    dealer = client.get(f"/api/games/{game_id}").get_json()["dealer"]
    answer = client.post(f"/games/{game_id}/rematch", headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status_code == 302
    new_id = int(answer.headers["Location"].rsplit("/", 1)[1])
    game = client.get(f"/api/games/{new_id}").get_json()
    assert game["players"] == ["Bob", "Cat", "Dan"]
    assert game["settings"]["players"] == 3 and "empty_seats" not in game["settings"]
    assert dealer in (1, 2, 3) and game["dealer"] == dealer - 1  # Bob's seat is 0 now


def test_a_player_named_for_an_empty_seat_joins_the_table_in_it(client):
    game_id, key = new_game(client)
    assert seats(client, game_id, key, {"name": "Dan"}).status_code == 201
    assert seats(client, game_id, key, {"seat": 0, "leaves": True}).status_code == 201
    eve = seats(client, game_id, key, {"seat": 0, "name": "Eve"})
    assert eve.status_code == 201
    assert eve.get_json()["at_table"] == ["Eve", "Bob", "Cat", "Dan"]
