"""The Doppelkopf Hochzeit keys (issue 56): who announced the marriage is one of the two Re
players, so the form offers "no" and those two only, not every player. The engine says so
in the form's rules (a field per first Re player, its keys allowed by the partner tapped);
the page script only applies them. A hand saved from those keys is the marriage."""

from __future__ import annotations

from scorekeeper.engine import get_game

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def test_the_marriage_keys_are_the_two_re_players():
    game = get_game("doppelkopf")
    spec = game.hand_form(game.preset("ddv"), PLAYERS)
    allowed = {rule["field"]: rule["table"] for rule in spec.rules["allow"] if rule["by"] == "re_1"}
    assert allowed["marriage_0"] == {
        "1": ["none", "0", "1"],
        "2": ["none", "0", "2"],
        "3": ["none", "0", "3"],
    }
    assert allowed["marriage_2"]["3"] == ["none", "2", "3"]
    shown = [(r["field"], r["by"], r["values"]) for r in spec.rules["show"]]
    assert ("marriage_1", "re_0", ["1"]) in shown  # asked while Bob is the first Re player


def test_a_marriage_tapped_in_its_field_is_saved(client, make_game):
    game_id, key = make_game(game="doppelkopf", rules="ddv", players=PLAYERS)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert all(f'id="marriage_{seat}"' in page for seat in range(4))
    body = {
        "re_0": "0",
        "re_1": "2",
        "marriage_0": "2",  # Cat announced it
        "re_points": "163",
        "re_announcement": "none",
        "kontra_announcement": "none",
        "save": "1",
    }
    assert client.post(f"/games/{game_id}/hands/new", data=body).status_code == 302
    hand = client.get(f"/api/games/{game_id}").get_json()["hands"][0]
    assert (hand["re"], hand["marriage"]) == ([0, 2], 2)
