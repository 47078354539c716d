"""Helpers of tests/web/games/test_long_game_pages.py."""

from __future__ import annotations

from scorekeeper import db
from scorekeeper.engine.registry import table_game
from tests.support.evenings import NAMES, START, imported
from tests.support.play import long_settings
from tests.support.play import records as drawn_records


def stored_game(app, key: str, hands: int) -> tuple[int, int, str]:
    """A game of ``key`` at four seats of ``hands`` hands its own simulation dealt, under
    its long-game settings, imported into a new group: (its id, the group, its edit key)."""
    game = table_game(key, 4)
    settings = long_settings(game, hands + 1)
    records = drawn_records(game, settings, hands, 35)
    with app.app_context():
        database = db.get_db()
        group = db.create_group(database, None)[0].id
        ((game_id, _key),) = db.import_games(
            database, [imported(game, settings, records, NAMES[:4], START)], group
        )
    return game_id, group, _key


def pages(client, game_id: int, limit: int, explain: bool) -> list[dict]:
    """Every page of the game's hands, following each page's ``next``."""
    url = f"/api/games/{game_id}?hands_after=0&limit={limit}" + ("&explain=1" if explain else "")
    found = []
    while url:
        answer = client.get(url)
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        found.append(body)
        url = body["next"]
    return found


PAGE_KEYS = {"hand_count", "hands_after", "limit", "next"}


def assert_joins_to_whole(whole: dict, found: list[dict], limit: int, explain: bool) -> None:
    joined = [hand for page in found for hand in page["hands"]]
    expected = (
        whole["hands"]
        if explain
        else [{k: v for k, v in hand.items() if k != "explain"} for hand in whole["hands"]]
    )
    assert joined == expected
    assert len(found) == -(-len(whole["hands"]) // limit)
    for number, page in enumerate(found):
        # Every page's head is the whole game's: its totals, state, winner, players…
        head = {k: v for k, v in page.items() if k not in PAGE_KEYS | {"hands"}}
        assert head == {k: v for k, v in whole.items() if k != "hands"}
        assert page["hands_after"] == number * limit and page["limit"] == limit
        assert page["hand_count"] == len(whole["hands"])
        assert [h["number"] for h in page["hands"]] == list(
            range(number * limit + 1, min((number + 1) * limit, len(whole["hands"])) + 1)
        )
    assert found[-1]["next"] is None
