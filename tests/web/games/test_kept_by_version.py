"""A game's printed sheet and its scoreboard's rows kept for the game's version
(``printed.PAPERS``, ``games.routes.SHOWN_ROWS``; issue 66: a 1,000-hand game's print and
scoreboard within 50 ms): asked again the print reads the game's row, not its hands, and
either page is the one drawn from nothing, byte for byte; a new, edited or deleted hand
and a changed player are seen at once; each store holds no more than its bound. The page
cache is off here, as in ``benchmarks/scale.py``, so every answer is drawn."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.lru import Lru
from scorekeeper.web.games import printed, routes
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import new_app, stored_game, trace_statements
from tests.support.game_page_matrix import names_for, simulated_hands
from tests.support.ratings_play import Table
from tests.support.stored import join
from tests.support.web.games.kept_by_version import (
    drawn_afresh,
    drawn_aside,
    incremental_spy,
    rows_of,
)


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path, PAGE_CACHE_SIZE=0)


def test_a_sheet_asked_again_reads_no_hands_and_is_the_sheet_drawn_afresh(
    client, make_game, post_hand, monkeypatch
):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    for _ in range(3):
        post_hand(game_id, key, WORKED_EXAMPLE)
    url = f"/games/{game_id}/print"
    first = drawn_afresh(client, url)
    statements = trace_statements(monkeypatch)
    again = client.get(url).get_data()
    explained = client.get(url + "?explain=1").get_data()  # kept apart: drawn now
    monkeypatch.undo()
    assert again == first
    reads = [s for s in statements if re.search(r"\bFROM hands\b", s)]
    assert len(reads) == 1, reads  # the sheet with its workings only
    assert explained != first and b'id="workings"' in explained
    assert drawn_afresh(client, url + "?explain=1") == explained
    # A sheet in another language is another sheet: kept apart, never the English one.
    hebrew = client.get(url, headers={"Accept-Language": "he"}).get_data()
    assert hebrew != first and 'lang="he"' in hebrew.decode()
    assert drawn_afresh(client, url, **{"Accept-Language": "he"}) == hebrew
    assert client.get(url).get_data() == first


@pytest.mark.parametrize("page", ["/games/{}/print", "/games/{}", "/games/{}?all=1"])
def test_a_changed_game_is_never_shown_as_kept(client, make_game, post_hand, page):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    auth = {"Authorization": f"Bearer {key}"}
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, WORKED_EXAMPLE)
    url = page.format(game_id)
    printing = url.endswith("/print")

    def seen_at_once(before: bytes) -> str:
        """The page as the next request shows it, changed, as one drawn afresh is."""
        shown = client.get(url).get_data()
        assert shown != before
        assert shown == drawn_afresh(client, url)
        client.get(url)  # kept again for the next change
        return shown.decode()

    before = client.get(url).get_data()
    assert 'id="h3"' not in before.decode()
    # A new hand.
    assert post_hand(game_id, key, {"thrown_in": True, "frisch_rounds": 0}).status_code == 201
    added = seen_at_once(before)
    assert "thrown in" in added and (printing or 'id="h3"' in added)
    # An edited hand: hand 3 played after all, North making 7♣ as in hand 1.
    edited = client.put(f"/api/games/{game_id}/hands/3", json=WORKED_EXAMPLE, headers=auth)
    assert edited.status_code == 200, edited.get_json()
    changed = seen_at_once(added.encode())
    assert "thrown in" not in changed
    # A deleted hand.
    assert client.delete(f"/api/games/{game_id}/hands/3", headers=auth).status_code == 200
    deleted = seen_at_once(changed.encode())
    assert 'id="h3"' not in deleted and (not printing or len(rows_of(deleted.encode())) == 2)
    # A changed player: the new name where the old one was.
    seat = client.post(
        f"/api/games/{game_id}/seats", json={"seat": 0, "name": "Dana Levi"}, headers=auth
    )
    assert seat.status_code == 201, seat.get_json()
    assert "Dana Levi" in seen_at_once(deleted.encode())


@pytest.mark.parametrize(
    ("store", "page"), [(printed, "PAPERS"), (routes, "SHOWN_ROWS")], ids=["print", "rows"]
)
def test_the_kept_sheets_and_rows_are_bounded(
    client, make_game, post_hand, monkeypatch, store, page
):
    kept = Lru(2)
    monkeypatch.setattr(store, page, kept)
    url = "/games/{}/print" if page == "PAPERS" else "/games/{}"
    games = []
    for _ in range(3):
        game_id, key = make_game("israeli-whist", rules="pagat-german")
        post_hand(game_id, key, WORKED_EXAMPLE)
        games.append(game_id)
    drawn = {game_id: client.get(url.format(game_id)).get_data() for game_id in games}
    assert len(kept.items) == 2
    assert {key[1] for key in kept.items} == set(games[1:])  # the least recently read went
    # The one that fell out is drawn again as it was.
    assert client.get(url.format(games[0])).get_data() == drawn[games[0]]
    assert len(kept.items) == 2


def test_kept_rows_are_kept_apart_by_the_hands_shown_the_phone_and_the_language(
    app, client, make_game, post_hand, monkeypatch
):
    """The rows of the last hands and of every hand, an editor's (each hand linked to its
    edit form) and a viewer's, in English and in Hebrew are each their own."""
    monkeypatch.setattr(routes, "RECENT_HANDS", 1)
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, WORKED_EXAMPLE)
    client.get(f"/games/{game_id}/edit/{key}")  # the edit link opened: an editor's page
    url = f"/games/{game_id}"
    client.get(url)  # its message said once
    recent = client.get(url).get_data(as_text=True)
    every = client.get(url + "?all=1").get_data(as_text=True)
    assert 'id="h1"' not in recent and 'id="h2"' in recent
    assert 'id="h1"' in every and 'id="h2"' in every
    edit = f"/games/{game_id}/hands/2/edit"
    assert edit in recent
    viewer = app.test_client()
    join(viewer, stored_game(client, game_id).group_id)
    seen = viewer.get(url).get_data(as_text=True)
    assert 'id="h2"' in seen and edit not in seen
    hebrew = client.get(url, headers={"Accept-Language": "he"}).get_data(as_text=True)
    assert (
        hebrew != recent
        and hebrew == drawn_afresh(client, url, **{"Accept-Language": "he"}).decode()
    )
    assert client.get(url).get_data(as_text=True) == recent


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_new_hands_rows_are_the_kept_rows_and_its_own(client, monkeypatch, game):
    """Issue 82: the first view after a hand is added draws the new hand's row alone, the
    rows before it kept for the version before; the page is the one drawn afresh, byte
    for byte, in every game, as the last hands' window moves on and over every hand."""
    monkeypatch.setattr(routes, "RECENT_HANDS", 3)
    given = incremental_spy(monkeypatch, routes)
    table = Table(client)
    join(client, table.id)
    game_id = table.start(game.key, names_for(game), first_dealer=0)
    pages = (f"/games/{game_id}", f"/games/{game_id}?all=1")
    for page in pages:
        client.get(page)  # no hands yet: kept
    for number, hand in enumerate(simulated_hands(game, 7, seed=5), start=1):
        finished = table.hand(game_id, hand)["status"] == "finished"
        for page in pages:
            shown = client.get(page).get_data()
            assert f'id="h{number}"'.encode() in shown
            assert shown == drawn_aside(client, page), (page, number)
        if finished:
            break
    if not any(found is not None for found in given):
        # Drawn whole only where what sums the game up is drawn under the rows.
        kept = [value for value, _cost in routes.SHOWN_ROWS.items.values()]
        assert any(k.rows.foot or k.rows.pad is not None for k in kept), "nothing drawn from kept"
