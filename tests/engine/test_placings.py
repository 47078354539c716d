"""Each side's place at the end of a game (``Game.placings``), which a result card lists
the sides by: the winners first, then the others from the best total (the lowest where
the lowest total wins), sides level sharing a place and the next one skipped."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.seats import placings
from tests.support.engine.placings import sheet, to_the_end
from tests.support.play import records as drawn_records


@pytest.mark.parametrize(
    ("goal", "rounds", "places"),
    [
        # docs/rules/ratings.md's worked example: 130, 95, 95, 60.
        ("rounds", [[130, 95, 95, 60]], (1, 2, 2, 4)),
        ("rounds", [[10, 20, 30, 40]], (4, 3, 2, 1)),
        # The lowest total wins: the order turns round.
        ("rounds_low", [[10, 20, 30, 40]], (1, 2, 3, 4)),
        ("rounds_low", [[5, 20, 20, 40], [5, 0, 0, 0]], (1, 2, 2, 4)),
        # A win shared by the leaders who are level at the end.
        ("rounds", [[50, 50, 10, 0]], (1, 1, 3, 4)),
        ("rounds_low", [[0, 0, 10, 30]], (1, 1, 3, 4)),
    ],
)
def test_places_follow_the_totals_in_the_players_favour(goal, rounds, places):
    progress = sheet(goal, rounds, tie_at_end="shared")
    assert progress.status == "finished"
    assert placings(progress) == places


def test_the_winner_comes_first_even_when_play_goes_on_past_a_tie():
    # A tie at the end plays on: nobody has won yet, and the leaders share first place.
    progress = sheet("rounds", [[50, 50, 10, 0]], tie_at_end="play_on")
    assert progress.status != "finished"
    assert placings(progress) == (1, 1, 3, 4)


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_every_game_places_its_winner_first_and_every_side(game):
    settings = game.preset(game.default_preset)
    for bots in game.simulation.bots or (None,):  # None: random hands, a game without bots
        records = drawn_records(game, settings, 300, 11, bots)
        progress = to_the_end(game, settings, records)
        if progress is not None and progress.status == "finished":
            break
    else:
        pytest.skip(f"{game.key}: no bot finished a game in 300 deals")
    places = placings(progress)
    assert len(places) == len(game.sides)
    winners = set(progress.winners or (progress.winner,))
    in_favour = settings.in_favour(progress.totals)
    order = sorted(range(len(places)), key=lambda side: places[side])
    # The winners first, then the others from the best score in the players' favour.
    assert set(order[: len(winners)]) == winners
    assert {places[side] for side in winners} == {1}
    others = [in_favour[side] for side in order[len(winners) :]]
    assert others == sorted(others, reverse=True)
