"""Helpers of tests/games/israeli_whist/test_house_rules.py."""

from scorekeeper.engine.israeli_whist import record_from_dict
from tests.support.games.israeli_whist.shared import PAGAT


def made(declarer: int):
    """A pagat hand in which ``declarer`` makes 7 and the others are set."""
    return record_from_dict(
        PAGAT,
        dict(
            declarer=declarer,
            bid="7C",
            frisch_rounds=0,
            contracts=[7 if s == declarer else 1 for s in range(4)],
            tricks=[7 if s == declarer else 2 for s in range(4)],
        ),
    )
