"""Helpers of tests/browser/test_new_games_browser.py."""

from __future__ import annotations

from tests.support.browser import api, radio
from tests.support.live import view_path

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]


MEASURED: dict[str, int] = {}


def record(what: str, taps: int) -> None:
    MEASURED[what] = taps
    print(f"{what}: {taps} taps")


def hand_form(page, live_server, key, players=NAMES[:4], **body) -> tuple[int, str]:
    """A game made through the API, opened on this phone by its edit link, on the form of
    its next hand: its id and edit key."""
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"game": key, "players": players, "rules": key, "first_dealer": 0, **body},
    )
    page.goto(created["edit_url"])
    page.goto(f"/games/{created['id']}/hands/new")
    return created["id"], created["edit_key"]


def stored_hand(live_server, game_id) -> dict:
    token = view_path(live_server, game_id).rsplit("/", 1)[1]
    hands = api(live_server, "GET", f"/api/games/{game_id}?view={token}")["hands"]
    assert len(hands) == 1
    return hands[0]


def blind_keys(page) -> list[int]:
    """The seats whose bid row offers a Blind nil key (there and not disabled)."""
    return [
        s
        for s in range(4)
        if radio(page, f"bid_{s}", "blind").count()
        and radio(page, f"bid_{s}", "blind").is_enabled()
    ]
