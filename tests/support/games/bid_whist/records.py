"""Helpers of tests/games/bid_whist/test_records.py."""

import pytest

from scorekeeper.engine import InvalidHand
from scorekeeper.engine.bid_whist import GAME
from tests.support.games.bid_whist.shared import S


def _problems(body, rules=S):
    with pytest.raises(InvalidHand) as caught:
        GAME.record_from_dict(rules, body)
    return caught.value.errors
