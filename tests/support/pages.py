"""Helpers of tests/web/games/test_pages.py, which other tests use too."""

import re

import pytest

from scorekeeper.db import get_db
from tests.games.israeli_whist.worked import WORKED_EXAMPLE


def hand_form(hand=None, number=None, **extra):
    """The hand form's fields for a hand given in the API's shape."""
    hand = WORKED_EXAMPLE if hand is None else hand
    bid = hand["bid"]
    data = {
        "declarer": str(hand["declarer"]),
        "level": bid[:-2] if bid.endswith("NT") else bid[:-1],
        "denomination": "NT" if bid.endswith("NT") else bid[-1],
        "frisch_rounds": str(hand.get("frisch_rounds", 0)),
    }
    for seat in range(4):
        data[f"contract_{seat}"] = str(hand["contracts"][seat])
        data[f"tricks_{seat}"] = str(hand["tricks"][seat])
        data[f"revokes_{seat}"] = str((hand.get("revokes") or [0] * 4)[seat])
    if number is not None:
        data["number"] = str(number)
    data.update(extra)
    return data


def text_of(response) -> str:
    return response.get_data(as_text=True)


# A name's size classes: a long word drawn smaller, by its letters and by the longer line of
# its best break (``l7`` ... ``l30``, ``m7`` ... ``m30``: _hand_form.html's ``name``, paper.py).
NAME_SIZES = re.compile(r'(<bdi class="nm)(?: [lm]\d+)+(")')


def sizes_dropped(page: str) -> str:
    """A page's HTML with its names' size classes dropped (``class="nm l12 m7"`` reads
    ``class="nm"``): which size a name takes follows its letters, not what a test of the
    names a page shows asks."""
    return NAME_SIZES.sub(r"\1\2", page)


def dump(app) -> list:
    """Every row of every table, to show that a request changed nothing."""
    with app.app_context():
        database = get_db()
        return [list(database[t].rows) for t in sorted(database.table_names())]


@pytest.fixture
def editor_at_15(client, make_game):
    game_id, key = make_game("israeli-whist", rules="pagat-german", target=15)
    client.get(f"/games/{game_id}/edit/{key}")
    return client, game_id


NEW_GAME = {
    "player_0": "Ann",
    "player_1": "Bob",
    "player_2": "Cy",
    "player_3": "Dee",
    "first_dealer": "2",
    "rules": "elhanani",
    "target": "150",
}
