"""Two phones saving the same hand at the same moment: exactly one is stored.

Real threads against one real SQLite file (WAL), through the app and through a live
server; each round starts both requests together behind a barrier.
"""

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import join_group
from tests.support.live import call_json
from tests.support.pages import hand_form
from tests.support.stored import game_count, viewed
from tests.support.web.games.concurrency import race

ROUNDS = 15


def test_two_api_clients_posting_hand_n_store_exactly_one(app, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=100_000)
    phones = [app.test_client(), app.test_client()]
    join_group(phones[0], game_id)
    for number in range(1, ROUNDS + 1):

        def post(phone, number=number):
            return phone.post(
                f"/api/games/{game_id}/hands",
                json={**WORKED_EXAMPLE, "number": number},
                headers={"Authorization": f"Bearer {key}"},
            )

        responses = race(*(lambda p=p: post(p) for p in phones))
        assert sorted(r.status_code for r in responses) == [201, 409], number
        loser = next(r for r in responses if r.status_code == 409)
        assert loser.get_json() == {
            "error": f"hand {number} is already recorded",
            "field": "number",
        }
    game = phones[0].get(viewed(phones[0], game_id)).get_json()
    assert [h["number"] for h in game["hands"]] == list(range(1, ROUNDS + 1))
    assert game["totals"][1] == 19 * ROUNDS
    revisions = phones[0].get(f"/games/{game_id}/revisions").get_data(as_text=True)
    assert revisions.count('class="tag">recorded<') == ROUNDS


def test_two_phones_submitting_the_form_store_one_and_the_other_keeps_its_entries(app, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=100_000)
    phones = [app.test_client(), app.test_client()]
    join_group(phones[0], game_id)
    for phone in phones:
        phone.get(f"/games/{game_id}/edit/{key}")
    other = {"declarer": 0, "bid": "5S", "contracts": [5, 1, 3, 3], "tricks": [5, 0, 4, 4]}
    for number in range(1, ROUNDS + 1):
        forms = [hand_form(number=number), hand_form(other, number=number)]
        responses = race(
            *(
                lambda p=p, f=f: p.post(f"/games/{game_id}/hands/new", data=f)
                for p, f in zip(phones, forms, strict=True)
            )
        )
        assert sorted(r.status_code for r in responses) == [302, 409], number
        loser = next(r for r in responses if r.status_code == 409).get_data(as_text=True)
        assert f"Hand {number} was just saved on another phone." in loser
        assert f'name="number" type="hidden" value="{number + 1}"' in loser
        assert "checked" in loser
    hands = phones[0].get(f"/api/games/{game_id}").get_json()["hands"]
    assert len(hands) == ROUNDS


def test_a_live_server_stores_one_of_two_simultaneous_posts(live_server):
    def call(method, path, body=None, key=None):
        return call_json(live_server, method, path, body, key)

    _, created = call("POST", "/api/games", {"players": ["a", "b", "c", "d"], "target": 10_000})
    game_id, key = created["id"], created["edit_key"]
    for number in range(1, ROUNDS + 1):
        body = {**WORKED_EXAMPLE, "number": number}
        path = f"/api/games/{game_id}/hands"
        results = race(
            lambda body=body, path=path: call("POST", path, body, key),
            lambda body=body, path=path: call("POST", path, body, key),
        )
        assert sorted(status for status, _ in results) == [201, 409]
    _, game = call("GET", f"/api/games/{game_id}", key=key)
    assert len(game["hands"]) == ROUNDS


def test_phones_starting_games_at_once_all_succeed(app):
    phones = [app.test_client() for _ in range(8)]
    for _ in range(5):
        responses = race(
            *(lambda p=p: p.post("/api/games", json={"players": list("abcd")}) for p in phones)
        )
        assert [r.status_code for r in responses] == [201] * len(phones)
    assert game_count(phones[0]) == 5 * len(phones)


def test_readers_always_see_a_whole_game_while_hands_are_saved(app, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=100_000)
    writer, readers = app.test_client(), [app.test_client() for _ in range(3)]
    seen: list[tuple[int, bool]] = []
    saved: list[int] = []

    def write():
        for number in range(1, 41):
            response = writer.post(
                f"/api/games/{game_id}/hands",
                json={**WORKED_EXAMPLE, "number": number},
                headers={"Authorization": f"Bearer {key}"},
            )
            saved.append(response.status_code)

    def read(reader):
        for _ in range(60):
            response = reader.get(viewed(reader, game_id))
            game = response.get_json()
            whole = not game["hands"] or game["hands"][-1]["totals"] == game["totals"]
            seen.append((response.status_code, whole))
            reader.get(f"/games/{game_id}")

    race(write, *(lambda r=r: read(r) for r in readers))
    assert saved == [201] * 40
    assert seen and all(status == 200 and whole for status, whole in seen)
