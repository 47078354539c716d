"""Helpers of tests/games/israeli_whist/test_deal_checker.py."""

from scorekeeper.engine import get_game

GAME = get_game("israeli-whist")


SETTINGS = GAME.preset("standard")


def played_deal():
    return next(
        d
        for d in GAME.simulation.deals(SETTINGS, 2000, seed=3, bots="heuristic")
        if not d["thrown_in"] and d["exchanges"]
    )


def _swap_cards(deal, a, b):
    """Trick ``a``'s first card swapped with trick ``b``'s first card: breaks the play."""
    x, y = deal["tricks"][a]["cards"], deal["tricks"][b]["cards"]
    x[0], y[0] = y[0], x[0]


def _second_card_twice(deal):
    deal["tricks"][1]["cards"][1] = deal["tricks"][0]["cards"][1]
