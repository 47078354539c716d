"""A game's statistics page (``web/review/stats_pages.py``, ``/games/<id>/stats``) through the
Flask test client: each figure checked against hands worked out by hand (the game of
tests/games/israeli_whist/worked.py), the over/under split, and a game without hands."""

from __future__ import annotations

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.review import (
    MINUS,
    NAMES,
    played,  # noqa: F401  (fixtures)
    rows_of,
)


def test_game_statistics_show_each_figure(client, played):
    response = client.get(f"/games/{played[0]}/stats")
    assert response.status_code == 200
    figures = rows_of(response, "player-figures")
    assert figures["Figure"] == NAMES
    assert figures["Total"] == ["30", "41", "60", "44"]
    assert figures["Hands played"] == ["5"] * 4
    assert figures["Contracts made"] == ["2/5 (40%)", "3/5 (60%)", "2/5 (40%)", "2/5 (40%)"]
    assert figures["Zero bids made"] == ["–", "0/1 (0%)", "2/2 (100%)", "1/2 (50%)"]
    assert figures["Declarer contracts made"] == [
        "2/2 (100%)",
        "1/1 (100%)",
        "0/1 (0%)",
        "1/1 (100%)",
    ]
    assert figures["Average contract"] == ["4.4", "3.0", "2.2", "3.6"]
    assert figures["Average points per hand"] == ["+6.0", "+8.2", "+12.0", "+8.8"]
    assert figures["Best hand"] == ["+35 (hand 3)", "+46 (hand 4)", "+50 (hand 3)", "+74 (hand 5)"]
    assert figures["Worst hand"] == [
        f"{MINUS}20 (hand 1)",
        f"{MINUS}40 (hand 6)",
        f"{MINUS}20 (hand 4)",
        f"{MINUS}40 (hand 1)",
    ]
    assert figures["Last bidder"] == ["1", "1", "1", "2"]
    assert figures["Hurt by the forbidden number"] == ["0", "0", "0", "1"]


def test_game_statistics_show_the_over_under_split(client, played):
    summary = rows_of(client.get(f"/games/{played[0]}/stats"), "game-figures")
    assert summary["Hands"] == ["6 (5 played, 1 thrown in)"]
    assert summary["Over / under hands"] == ["2 / 3"]
    assert summary["Contracts made in over hands"] == ["3/8 (38%)"]
    assert summary["Contracts made in under hands"] == ["6/12 (50%)"]


def test_worked_example_statistics(client, make_game, post_hand):
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    post_hand(game_id, key, WORKED_EXAMPLE)
    response = client.get(f"/games/{game_id}/stats")
    figures = rows_of(response, "player-figures")
    assert figures["Total"] == [f"{MINUS}20", "19", f"{MINUS}10", f"{MINUS}40"]
    assert figures["Contracts made"] == ["0/1 (0%)", "1/1 (100%)", "0/1 (0%)", "0/1 (0%)"]
    assert rows_of(response, "game-figures")["Over / under hands"] == ["0 / 1"]


def test_a_game_without_hands_has_statistics_without_numbers(client, make_game):
    game_id, _ = make_game("israeli-whist", rules="pagat-german")
    figures = rows_of(client.get(f"/games/{game_id}/stats"), "player-figures")
    assert figures["Contracts made"] == ["–"] * 4 and figures["Best hand"] == ["–"] * 4
