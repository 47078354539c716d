"""Game progression: dealer rotation, opener, running totals and the end of the game."""

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.israeli_whist import preset, record_from_dict
from scorekeeper.engine.israeli_whist.progression import opener_for
from tests.support.games.israeli_whist.progression import hand

WHIST = get_game("israeli-whist")
PAGAT = preset("pagat-german")
STANDARD = preset("standard")


WORKED = hand(PAGAT, 2, "7C", [2, 3, 7, 0], [0, 3, 8, 2])


@pytest.mark.parametrize(
    ("settings", "dealer", "opener"),
    [(PAGAT, 0, 0), (PAGAT, 3, 3), (STANDARD, 0, 1), (STANDARD, 3, 0)],
)
def test_opener(settings, dealer, opener):
    assert opener_for(settings, dealer) == opener


def test_dealer_passes_left_but_a_thrown_in_deal_keeps_it():
    game = WHIST.replay(PAGAT, 3, [WORKED, record_from_dict(PAGAT, {"thrown_in": True}), WORKED])
    assert [h.dealer for h in game.hands] == [3, 0, 0]
    assert game.dealer == 1
    assert game.opener == 1
    assert [h.number for h in game.hands] == [1, 2, 3]
    assert game.hands[1].points == (0, 0, 0, 0)


def test_running_totals():
    game = WHIST.replay(PAGAT, 0, [WORKED, WORKED])
    assert [h.totals for h in game.hands] == [(-20, 19, -10, -40), (-40, 38, -20, -80)]
    assert game.totals == (-40, 38, -20, -80)
    assert game.status == "in_progress"
    assert game.winner is None
    assert game.leaders == (1,)


def test_target_reached_with_a_single_winner():
    settings = PAGAT.with_changes({"target": 30})
    game = WHIST.replay(settings, 0, [WORKED, WORKED])
    assert game.status == "finished"
    assert game.winner == 1
    with pytest.raises(ValueError, match="hand 3 was recorded after the game ended"):
        WHIST.replay(settings, 0, [WORKED, WORKED, WORKED])


def test_a_tie_at_the_top_plays_on_until_one_leads():
    settings = PAGAT.with_changes({"target": 19})
    # Seats 0 and 1 both make 3 (19 each) and tie at the target; North misses by one.
    level = hand(settings, 2, "5S", [3, 3, 5, 1], [3, 3, 6, 1])
    game = WHIST.replay(settings, 0, [level])
    assert game.totals == (19, 19, -10, 11)
    assert game.tie_at_top and game.status == "in_progress" and game.winner is None
    assert game.leaders == (0, 1)
    breaker = hand(settings, 2, "5S", [3, 2, 5, 1], [3, 3, 6, 1])
    game = WHIST.replay(settings, 0, [level, breaker])
    assert game.status == "finished"
    assert game.winner == 0
    assert not game.tie_at_top


def test_negative_totals_are_allowed():
    game = WHIST.replay(PAGAT, 0, [hand(PAGAT, 0, "13NT", [13, 1, 0, 0], [0, 5, 4, 4])])
    assert game.totals[0] == -130


def test_bad_first_dealer():
    with pytest.raises(ValueError, match="first dealer is seat 4"):
        WHIST.replay(PAGAT, 4, [])
