"""A game's printed sheet kept for the game's version (``printed.PAPERS``, issue 66: the
1,000-hand print within 50 ms): asked again it reads the game's row, not its hands, and
is the sheet drawn from nothing, byte for byte; a new, edited or deleted hand and a
changed player are seen at once; the store holds no more sheets than its bound. The
page cache is off here, as in ``benchmarks/scale.py``, so every answer is drawn."""

from __future__ import annotations

import re

import pytest

from scorekeeper.lru import Lru
from scorekeeper.web.games import printed
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import new_app, trace_statements


@pytest.fixture
def app(tmp_path):
    return new_app(tmp_path, PAGE_CACHE_SIZE=0)


def drawn_afresh(client, url: str, **headers) -> bytes:
    """The sheet at ``url`` drawn from nothing: the kept sheets forgotten first."""
    printed.PAPERS.clear()
    return client.get(url, headers=headers).get_data()


def rows_of(page: bytes) -> list[str]:
    body = re.findall(r"<tbody>(.*?)</tbody>", page.decode(), re.S)[0]
    return re.findall(r"<tr>.*?</tr>", body, re.S)


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


def test_a_changed_game_is_never_shown_as_kept(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    auth = {"Authorization": f"Bearer {key}"}
    post_hand(game_id, key, WORKED_EXAMPLE)
    post_hand(game_id, key, WORKED_EXAMPLE)
    url = f"/games/{game_id}/print"
    before = client.get(url).get_data()
    assert len(rows_of(before)) == 2

    def seen_at_once() -> bytes:
        """The sheet as the next request shows it, checked against one drawn afresh."""
        shown = client.get(url).get_data()
        assert shown == drawn_afresh(client, url)
        client.get(url)  # kept again for the next change
        return shown

    # A new hand.
    assert post_hand(game_id, key, {"thrown_in": True, "frisch_rounds": 0}).status_code == 201
    added = seen_at_once()
    assert len(rows_of(added)) == 3 and "thrown in" in rows_of(added)[2]
    # An edited hand: hand 3 played after all, North making 7♣ as in hand 1.
    edited = client.put(f"/api/games/{game_id}/hands/3", json=WORKED_EXAMPLE, headers=auth)
    assert edited.status_code == 200, edited.get_json()
    changed = seen_at_once()
    assert "thrown in" not in rows_of(changed)[2] and "7♣" in rows_of(changed)[2]
    # A deleted hand.
    assert client.delete(f"/api/games/{game_id}/hands/3", headers=auth).status_code == 200
    assert len(rows_of(seen_at_once())) == 2
    # A changed player: the new name where the old one was.
    seat = client.post(
        f"/api/games/{game_id}/seats", json={"seat": 0, "name": "Dana Levi"}, headers=auth
    )
    assert seat.status_code == 201, seat.get_json()
    post_hand(game_id, key, WORKED_EXAMPLE)
    renamed = seen_at_once().decode()
    assert "Dana Levi" in renamed and len(rows_of(renamed.encode())) == 3


def test_the_kept_sheets_are_bounded(client, make_game, post_hand, monkeypatch):
    monkeypatch.setattr(printed, "PAPERS", Lru(2))
    games = []
    for _ in range(3):
        game_id, key = make_game("israeli-whist", rules="pagat-german")
        post_hand(game_id, key, WORKED_EXAMPLE)
        games.append(game_id)
    drawn = {game_id: client.get(f"/games/{game_id}/print").get_data() for game_id in games}
    assert len(printed.PAPERS.items) == 2
    kept = {key[1] for key in printed.PAPERS.items}
    assert kept == set(games[1:])  # the least recently read went first
    # The one that fell out is drawn again as it was.
    assert client.get(f"/games/{games[0]}/print").get_data() == drawn[games[0]]
    assert len(printed.PAPERS.items) == 2
