"""Helpers of tests/games/bid_whist/test_cli.py."""

from tests.support.shared import run


def score(capsys, *args):
    return run(capsys, "score", "--game", "bid-whist", *args)


def _shown(values):
    return {k: ("yes" if v else "no") if isinstance(v, bool) else v for k, v in values.items()}
