"""Helpers of tests/web/test_revoking.py, which other tests use too."""

from __future__ import annotations

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.groups_privacy import call

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def group_with_a_game(base: str) -> tuple[dict, dict]:
    """A group "Friday cards" made through the API of the server at ``base``, and a game of
    NAMES in it with the worked example recorded: (the group's answer, the game's)."""
    status, group = call(base, "POST", "/api/groups", {"name": "Friday cards"})
    status, game = call(
        base,
        "POST",
        "/api/games",
        {
            "players": NAMES,
            "first_dealer": 0,
            "group": str(group["id"]),
            "rules": "pagat-german",
        },
        group["key"],
    )
    assert status == 201
    hands = f"/api/games/{game['id']}/hands"
    assert call(base, "POST", hands, WORKED_EXAMPLE, game["edit_key"])[0] == 201
    return group, game
