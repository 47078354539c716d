"""Helpers of tests/web/games/test_validation.py."""

import pytest

from scorekeeper.engine import InvalidHand
from scorekeeper.engine.israeli_whist import record_from_dict

WORKED = dict(declarer=2, bid="7C", contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 2])


def errors_of(settings, **changes):
    values = {**WORKED, **changes}
    with pytest.raises(InvalidHand) as err:
        record_from_dict(settings, values)
    return err.value.errors
