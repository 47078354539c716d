"""Helpers of tests/games/israeli_whist/test_stats.py."""

from __future__ import annotations

from scorekeeper.engine.israeli_whist import record_from_dict
from tests.support.games.israeli_whist.shared import PAGAT


def hand(declarer, bid, contracts, tricks, revokes=None, settings=PAGAT):
    return record_from_dict(
        settings,
        dict(declarer=declarer, bid=bid, contracts=contracts, tricks=tricks, revokes=revokes),
    )
