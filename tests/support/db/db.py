"""Helpers of tests/db/test_db.py."""

from scorekeeper.engine.israeli_whist import record_from_dict
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.shared import PAGAT


def worked(**changes):
    return record_from_dict(PAGAT, {**WORKED_EXAMPLE, **changes})
