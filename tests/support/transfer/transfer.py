"""Helpers of tests/transfer/test_transfer.py."""

import json

from scorekeeper.engine.israeli_whist import record_from_dict
from tests.support.shared import PAGAT


def record(hand):
    return record_from_dict(PAGAT, hand)


def changed(document, *path_and_value):
    """A deep copy of ``document`` with one value replaced, appended to a list, or (for
    ``...``) removed."""
    copy = json.loads(json.dumps(document))
    *path, value = path_and_value
    target = copy
    for step in path[:-1]:
        target = target[step]
    if value is ...:
        del target[path[-1]]
    elif isinstance(target, list) and path[-1] == len(target):
        target.append(value)
    else:
        target[path[-1]] = value
    return copy
