"""A hand at its place in the game, through the app (``HandPlace`` and GameBase's ``*_at``
members): Oh Hell's cards dealt follow from the hand's number and its hook from the
dealer, Spades' blind nil and bag penalty from the score before the hand. Saving, editing,
the preview, the explanations and the hand form all see the place; a refusal there is a
422 naming the field through the API and a form error on the page."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.oh_hell import GAME as OH_HELL
from scorekeeper.engine.spades import GAME as SPADES
from scorekeeper.web import create_app
from tests.support.app import app_config
from tests.support.stored import viewed
from tests.support.web.games.hand_place import (
    _checked,
    _eight_bags,
    _oh_hell_form,
    hands_of,
    post,
    start,
)

# Five cards a hand, so docs/rules/oh-hell.md's worked example fits every hand.
FIVE_CARDS = {"sequence": "fixed", "fixed_cards": 5, "hands": 3}
WORKED = {"trump": "H", "bids": [2, 0, 1, 3], "tricks": [2, 0, 2, 1]}
HOOKED = {**WORKED, "bids": [2, 0, 1, 2]}  # the bids would total the 5 cards dealt


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.setitem(GAMES, SPADES.key, SPADES)
    monkeypatch.setitem(GAMES, OH_HELL.key, OH_HELL)
    return create_app(app_config(tmp_path)).test_client()


# --- Oh Hell: the cards dealt and the hook ------------------------------------------------


def test_oh_hell_cards_that_disagree_with_the_game_are_refused_naming_cards(client):
    game_id, auth, _ = start(client, OH_HELL.key, settings=FIVE_CARDS)
    body = {**WORKED, "cards": 6, "tricks": [2, 0, 2, 2]}  # six cards; the game deals five
    refused = client.post(f"/api/games/{game_id}/hands", json=body, headers=auth)
    assert refused.status_code == 422
    assert refused.get_json()["field"] == "cards"
    assert "this hand deals 5 cards" in refused.get_json()["error"]
    assert hands_of(client, game_id) == []
    # The same hand saying its five cards, or none, is hand 1.
    saved = client.post(f"/api/games/{game_id}/hands", json=WORKED, headers=auth)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["hand"]["cards"] == 5


def test_the_dealers_hooked_bid_is_refused_naming_the_dealers_bid(client):
    game_id, auth, _ = start(client, OH_HELL.key, settings=FIVE_CARDS)
    for write in (
        lambda: client.post(f"/api/games/{game_id}/hands", json=HOOKED, headers=auth),
        lambda: client.post(viewed(client, game_id, "/preview"), json=HOOKED),
    ):
        refused = write()
        assert refused.status_code == 422
        assert refused.get_json() == {
            "error": "Seat 4 (the dealer) may not bid 2: the bids would total the 5 cards dealt",
            "field": "bids[3]",
        }
    assert hands_of(client, game_id) == []
    # Hand 2 is dealt by seat 0: the same bids are then the dealer's to refuse at seat 0.
    assert post(client, game_id, WORKED, auth).status_code == 201
    hooked = {**WORKED, "bids": [1, 0, 1, 3]}
    refused = client.post(f"/api/games/{game_id}/hands", json=hooked, headers=auth)
    assert refused.get_json()["field"] == "bids[0]"
    # An edit of hand 1 is read at hand 1's place: dealt by seat 3.
    edited = client.put(f"/api/games/{game_id}/hands/1", json=HOOKED, headers=auth)
    assert edited.status_code == 422 and edited.get_json()["field"] == "bids[3]"
    assert hands_of(client, game_id)[0]["bids"] == WORKED["bids"]


def test_the_oh_hell_form_sends_its_cards_and_names_the_hook(client):
    game_id, _, key = start(client, OH_HELL.key, settings=FIVE_CARDS)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    rules = json.loads(re.search(r'id="rules">(.*?)</script>', page).group(1))
    # The hook's rule: the dealer (seat 3) may not bid what makes the bids total 5.
    (forbid,) = rules["forbid"]
    assert forbid["total"] == 5 and set(forbid["last"].values()) == {3}
    assert "may not bid" in page
    # The cards are the game's: one key, 5, sent as it is.
    assert re.search(r'<input[^>]*name="cards"[^>]*value="5"', page)
    assert rules["sum"][0]["total"] == 5

    refused = client.post(
        f"/games/{game_id}/hands/new", data=_oh_hell_form(HOOKED["bids"], HOOKED["tricks"])
    )
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "may not bid 2" in page and "Dan" in page
    # The entries are kept.
    assert [_checked(page, f"bid_{s}") for s in range(4)] == ["2", "0", "1", "2"]
    assert _checked(page, "trump") == "H"
    assert hands_of(client, game_id) == []

    saved = client.post(
        f"/games/{game_id}/hands/new", data=_oh_hell_form(WORKED["bids"], WORKED["tricks"])
    )
    assert saved.status_code == 302
    assert hands_of(client, game_id)[0]["bids"] == WORKED["bids"]


# --- Spades: blind nil and the bags before the hand --------------------------------------

BLIND = {"bids": [0, 3, 5, 3], "tricks": [0, 3, 6, 4], "blind_nil": [0]}


def test_spades_blind_nil_when_not_100_behind_is_refused_naming_the_seats_bid(client):
    game_id, auth, _ = start(client, SPADES.key)
    for write in (
        lambda: client.post(f"/api/games/{game_id}/hands", json=BLIND, headers=auth),
        lambda: client.post(viewed(client, game_id, "/preview"), json=BLIND),
    ):
        refused = write()
        assert refused.status_code == 422
        assert refused.get_json()["field"] == "bids[0]"
        assert "100 or more behind" in refused.get_json()["error"]
    assert hands_of(client, game_id) == []
    # 150 behind (worked example 6): allowed, +251.
    game_id, auth, _ = start(client, SPADES.key, starting_totals=[150, 300])
    saved = client.post(f"/api/games/{game_id}/hands", json=BLIND, headers=auth)
    assert saved.status_code == 201 and saved.get_json()["points"][0] == 251


def test_an_edit_is_checked_at_its_place_and_one_that_unseats_a_later_blind_nil_says_so(client):
    game_id, auth, _ = start(client, SPADES.key, starting_totals=[150, 300])
    first = {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}  # A 210, B 361
    for hand in (first, BLIND):
        assert post(client, game_id, hand, auth).status_code == 201
    # Hand 2's blind nil is read where hand 2 falls (151 behind): it stands.
    again = client.put(f"/api/games/{game_id}/hands/2", json=BLIND, headers=auth)
    assert again.status_code == 200, again.get_json()
    # Hand 1 leaving A only 19 behind would unseat hand 2's blind nil: a clash, said so.
    better = {"bids": [6, 1, 5, 1], "tricks": [6, 0, 6, 1]}
    clash = client.put(f"/api/games/{game_id}/hands/1", json=better, headers=auth)
    assert clash.status_code == 409
    assert clash.get_json()["error"].startswith("with this change hand 2 no longer stands: ")
    assert "blind nil" in clash.get_json()["error"]
    assert hands_of(client, game_id)[0]["bids"] == first["bids"]


EXAMPLE_4 = {"bids": [3, 2, 3, 2], "tricks": [5, 2, 4, 2]}
EXAMPLE_4_TERMS = ["3 + 3 bid, 9 taken: 60 + 3 overtricks = +63", "bags 8 → 11: −100, 1 left"]


def test_worked_example_4_bags_8_to_11_cost_100_in_the_preview_explain_and_store(client):
    game_id, auth, _ = _eight_bags(client)
    preview = client.post(viewed(client, game_id, "/preview"), json=EXAMPLE_4)
    assert preview.status_code == 200
    assert preview.get_json() == {"points": [-37, 40], "bags": [1, 4], "bag_penalty": [100, 0]}
    saved = client.post(f"/api/games/{game_id}/hands", json=EXAMPLE_4, headers=auth).get_json()
    assert saved["points"] == [-37, 40] and saved["bags"] == [1, 4]
    assert saved["hand"]["explain"][0] == EXAMPLE_4_TERMS
    game = client.get(viewed(client, game_id)).get_json()
    assert game["hands"][-1]["explain"][0] == EXAMPLE_4_TERMS
    assert game["hands"][-1]["points"] == [-37, 40] and game["totals"] == [248 - 37, 164 + 40]
    # Previewed again as hand 5 (an edit), it is the same.
    again = client.post(viewed(client, game_id, "/preview"), json={**EXAMPLE_4, "number": 5})
    assert again.get_json()["points"] == [-37, 40]


def test_worked_example_4_on_the_pages(client):
    game_id, _, key = _eight_bags(client)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    form = {"number": "5"}
    form |= {f"bid_{s}": str(b) for s, b in enumerate(EXAMPLE_4["bids"])}
    form |= {f"tricks_{s}": str(t) for s, t in enumerate(EXAMPLE_4["tricks"])}
    preview = client.post(f"/games/{game_id}/hands/preview", data=form)
    assert preview.status_code == 200, preview.get_data(as_text=True)
    assert preview.get_json()["points"] == [-37, 40]
    assert client.post(f"/games/{game_id}/hands/new", data=form).status_code == 302
    why = client.get(f"/games/{game_id}/hands/5/why").get_data(as_text=True)
    assert "bags 8 → 11" in why and "−37" in why
    sheet = client.get(f"/games/{game_id}/print?explain=1").get_data(as_text=True)
    assert "bags 8 → 11" in sheet
    # Hand 1 (no bags before it) explains no penalty.
    assert "bags" not in client.get(f"/games/{game_id}/hands/1/why").get_data(as_text=True)


def test_a_blind_nil_edited_in_on_the_page_is_a_form_error_not_a_clash(client):
    game_id, auth, key = start(client, SPADES.key)
    assert post(client, game_id, {"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 4]}, auth)
    assert client.get(f"/games/{game_id}/edit/{key}").status_code == 302
    form = {"number": "1", "revision": "1", "bid_0": "blind", "save": "1"}
    form |= {f"bid_{s}": str(b) for s, b in enumerate(BLIND["bids"]) if s}
    form |= {f"tricks_{s}": str(t) for s, t in enumerate(BLIND["tricks"])}
    refused = client.post(f"/games/{game_id}/hands/1/edit", data=form)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "may not be a blind nil" in page and "100 or more behind" in page
    assert _checked(page, "bid_0") == "blind"
    assert hands_of(client, game_id)[0]["bids"] == [3, 3, 3, 3]
