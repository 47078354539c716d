"""Helpers of tests/web/review/test_stats_sat_out.py."""

from __future__ import annotations

from tests.support.review import rows_of
from tests.support.stored import held_groups

# Re's card points in each of five deals: Re (the two left of the dealer) wins, loses...
RE_POINTS = [130, 100, 160, 130, 200]


def _doppelkopf(client, make_game, names, deals: int) -> int:
    """A Doppelkopf game (DDV rules, the first seat dealing first) of ``deals`` deals, Re
    the two players left of the dealer with ``RE_POINTS`` (at five the dealer sits out)."""
    game_id, key = make_game("doppelkopf", rules="ddv", players=names, first_dealer=0)
    size = len(names)
    for number in range(deals):
        hand = {"re": [(number + 1) % size, (number + 2) % size], "re_points": RE_POINTS[number]}
        answer = client.post(
            f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["status"] == "in_progress"
    return game_id


def _figures(client, game_id: int) -> dict[str, list[str]]:
    """The statistics page's rows of figures per player, its first row the names."""
    page = client.get(f"/games/{game_id}/stats")
    assert page.status_code == 200
    return rows_of(page, "player-figures")


def _career(client, name: str) -> dict[str, list[str]]:
    (group,) = held_groups(client)
    page = client.get(f"/groups/{group}/players/{name}")
    assert page.status_code == 200
    return rows_of(page, "career")


def _hands_against(client, game: str, a: str, b: str) -> str:
    """The head-to-head cell of ``a`` against ``b``: its hands scored more–fewer."""
    (group,) = held_groups(client)
    page = client.get(f"/groups/{group}/players", query_string={"player": [a, b], "game": game})
    assert page.status_code == 200
    return rows_of(page, "head-to-head")[a][1].split(" / ")[1]


def _counted_every_deal(value):
    """A stored figure (``game_figures``' or ``game_stats``' JSON) as the old count kept
    it: every HandFigures' hands 5, every deal of the game."""
    if isinstance(value, dict) and "@" not in value:  # game_figures': players, rivalries
        return {name: _counted_every_deal(item) for name, item in value.items()}
    if isinstance(value, dict):
        fields = [_counted_every_deal(item) for item in value["f"]]
        if "HandFigures" in value["@"]:
            fields[0] = 5
        return {"@": value["@"], "f": fields}
    if isinstance(value, list):
        return [_counted_every_deal(item) for item in value]
    return value
