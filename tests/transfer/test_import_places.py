"""An import reads each hand at its place in the game, as a save does: a file whose hand
the app would refuse there (Oh Hell's cards dealt or the dealer's hook, Spades' blind nil
when the side is not behind) is refused naming the game, the hand and the field, and
nothing is imported."""

from __future__ import annotations

import copy
import json

import pytest

from scorekeeper.cli import entry
from tests.support.transfer.import_places import exported, games_stored, imported


@pytest.fixture
def client(app):
    return app.test_client()


OH_HELL = [
    {"trump": "H", "bids": [2, 0, 1, 3], "tricks": [2, 0, 2, 6]},  # 10 cards
    {"trump": None, "bids": [2, 0, 1, 3], "tricks": [2, 0, 2, 5]},  # 9 cards
]


def test_an_oh_hell_hand_whose_cards_are_not_its_places_is_refused(client, tmp_path, capsys):
    document = exported(client, "oh-hell", ["Ann", "Bob", "Cat", "Dan"], OH_HELL)
    assert [hand["cards"] for hand in document["games"][0]["hands"]] == [10, 9]
    before = games_stored(client)
    tampered = copy.deepcopy(document)
    # Hand 1 written as a deal of 9 (its tricks made to agree): the game deals 10 first.
    tampered["games"][0]["hands"][0] |= {"cards": 9, "tricks": [2, 0, 2, 5]}
    status, page = imported(client, tampered)
    assert status == 422
    assert "hand 1" in page and "this hand deals 10 cards" in page
    assert "Nothing was imported" in page and games_stored(client) == before
    # The command line reads the same file the same way.
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(tampered), encoding="utf-8")
    code = entry(["import", str(path), "--db", str(tmp_path / "other.db")])
    err = capsys.readouterr().err
    assert code == 2 and "hand 1: cards: cards is 9; this hand deals 10 cards" in err
    # The file as exported imports whole.
    assert imported(client, document)[0] == 200 and games_stored(client) == before + 1


def test_an_oh_hell_hand_the_dealers_hook_forbids_is_refused(client):
    document = exported(client, "oh-hell", ["Ann", "Bob", "Cat", "Dan"], OH_HELL)
    before = games_stored(client)
    tampered = copy.deepcopy(document)
    # Hand 2 (9 cards) is dealt by seat 1, who bids last: 2 + 1 + 3 + 3 would total 9.
    tampered["games"][0]["hands"][1]["bids"] = [2, 3, 1, 3]
    status, page = imported(client, tampered)
    assert status == 422 and "hand 2" in page and "with the hook the dealer may not" in page
    assert games_stored(client) == before


def test_a_spades_blind_nil_of_a_side_not_behind_is_refused(client):
    hands = [{"bids": [0, 2, 3, 3], "tricks": [0, 5, 3, 5], "blind_nil": [0]}]
    document = exported(client, "spades", ["Ann", "Bob", "Cat", "Dan"], hands, blind_nil="any_time")
    before = games_stored(client)
    tampered = copy.deepcopy(document)
    # The same hand under the default rule: a blind nil only for a side 100 behind.
    tampered["games"][0]["settings"]["blind_nil"] = "behind_100"
    tampered["games"][0]["rules"] = "spades"
    status, page = imported(client, tampered)
    assert status == 422 and "hand 1" in page and "100 or more behind" in page
    assert games_stored(client) == before


def test_settings_that_seat_another_number_of_players_are_refused(client):
    """Oh Hell's ``players`` knob is the names seated: the API, the form and a file that
    say otherwise are refused naming it, and nothing is stored."""
    answer = client.post(
        "/api/games",
        json={
            "game": "oh-hell",
            "players": ["Ann", "Bob", "Cat", "Dan"],
            "settings": {"players": 5},
        },
    )
    assert answer.status_code == 422 and answer.get_json()["field"] == "settings.players"
    assert "number of players seated (4)" in answer.get_json()["error"]
    assert games_stored(client) == 0
    page = client.get("/games/new?game=oh-hell").get_data(as_text=True)
    assert 'data-knob="players"' not in page and 'data-knob="hook"' in page
    document = exported(client, "oh-hell", ["Ann", "Bob", "Cat", "Dan"], OH_HELL)
    tampered = copy.deepcopy(document)
    tampered["games"][0]["settings"]["players"] = 5
    status, text = imported(client, tampered)
    assert status == 422 and "settings.players" in text and games_stored(client) == 1
