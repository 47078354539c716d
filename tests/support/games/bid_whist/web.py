"""Helpers of tests/games/bid_whist/test_web.py."""

from __future__ import annotations

import re

from tests.support.bid_whist_web import plain, text_of

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]  # sides: A = Ann & Cat, B = Bob & Dan


def new_game(client, players=PLAYERS) -> int:
    """A Bid Whist game started from the New game page; its id."""
    response = client.post(
        "/games/new?game=bid-whist",
        data={
            **{f"player_{s}": name for s, name in enumerate(players)},
            "first_dealer": "0",
            "rules": "bid-whist",
            "target": "",
        },
    )
    assert response.status_code == 302, plain(response)
    return int(response.headers["Location"].rsplit("/", 1)[1])


def hand(client, game_id, number=None, **fields):
    number = number or re.search(
        r'name="number" type="hidden" value="(\d+)"',
        text_of(client.get(f"/games/{game_id}/hands/new")),
    ).group(1)
    return client.post(
        f"/games/{game_id}/hands/new", data={"number": str(number), "save": "1", **fields}
    )


def checked(page: str, name: str, value: str) -> bool:
    """Whether the page's key ``name`` = ``value`` is ticked."""
    pattern = rf'<input checked[^>]*name="{name}" type="radio" value="{value}"'
    return re.search(pattern, page) is not None


def title_of(response) -> str:
    return re.search(r"<title>(.*?)</title>", text_of(response), re.S).group(1)
