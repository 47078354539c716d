"""Helpers of tests/games/israeli_whist/test_progression.py."""

from scorekeeper.engine.israeli_whist import record_from_dict


def hand(settings, declarer, bid, contracts, tricks):
    return record_from_dict(
        settings, dict(declarer=declarer, bid=bid, contracts=contracts, tricks=tricks)
    )
