"""Helpers of tests/games/bid_whist/test_game.py."""

from scorekeeper.engine.bid_whist import GAME
from tests.support.games.bid_whist.shared import S


def hand(settings=S, **body):
    return GAME.record_from_dict(settings, body)


def progress_of(*bodies, settings=S, first_dealer=0):
    records = [hand(settings, **body) for body in bodies]
    return GAME.replay(settings, first_dealer, records), records
