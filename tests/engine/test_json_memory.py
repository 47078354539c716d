"""JSON from outside is read with memory bounded by the value, not by a walk of it (issue
54, finding 3): a 5 MB body of zeros once cost 200 MB in the depth check alone."""

from __future__ import annotations

import subprocess
import sys

import pytest

from scorekeeper.json_input import MAX_DEPTH, JsonProblem, loads

# A megabyte of zeros: the value is a list of 500,000 references (4 MB). Issue 54's 5 MB
# body (benchmarks/body_memory.py: 30 MB after, 218 MB before) is this one five times,
# which the bound below scales to: at most 10 bytes of memory for a byte of body.
COUNT = 500_000
ZEROS = ("[" + ",".join(["0"] * COUNT) + "]").encode()
BOUND = 10 * len(ZEROS)


# The peak is measured in a Python of its own: tracemalloc counts every thread's memory, and
# a live server or a phone another test of this worker left running allocates too.
CHILD = f"""
import sys, tracemalloc
from scorekeeper.json_input import JsonProblem, loads
zeros = ("[" + ",".join(["0"] * {COUNT}) + "]").encode()
text = {{"bytes": zeros, "text": zeros.decode(), "long": zeros[:-1] + b"," + b"9" * 30 + b"]"}}
text = text[sys.argv[1]]
tracemalloc.start()
try:
    said = len(loads(text))
except JsonProblem as problem:
    said = problem.field
print(tracemalloc.get_traced_memory()[1], said)
"""


def _peak(body: str) -> tuple[int, str]:
    """The peak of memory traced while ``loads`` reads the body named, and what it said:
    the length of the value read, or the field it refused."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, body], capture_output=True, text=True, check=True
    )
    peak, said = done.stdout.split()
    return int(peak), said


@pytest.mark.parametrize("body", ["bytes", "text"])
def test_a_body_of_zeros_costs_less_than_ten_times_its_size(body):
    peak, said = _peak(body)
    assert said == str(COUNT)
    assert peak < BOUND, f"{peak / 1e6:.1f} MB for {len(ZEROS) / 1e6:.1f} MB"


def test_a_too_long_number_at_the_end_of_a_long_list_is_found_in_bounded_memory():
    peak, said = _peak("long")
    assert said == f"[{COUNT}]"
    assert peak < BOUND, f"{peak / 1e6:.1f} MB for {len(ZEROS) / 1e6:.1f} MB"


def _nested(depth: int, inside: str = "0") -> str:
    return "[" * depth + inside + "]" * depth


@pytest.mark.parametrize(
    "text",
    [
        _nested(MAX_DEPTH),
        '{"a": ' * (MAX_DEPTH - 1) + "[]" + "}" * (MAX_DEPTH - 1),
        # Brackets inside strings, escaped quotes and backslashes are no nesting.
        _nested(MAX_DEPTH, '"[[[[\\"[[[[\\\\"'),
        '["' + "[" * 100 + '", "\\"' + "{" * 100 + '"]',
        _nested(MAX_DEPTH - 1, '"é[[[[ü"'),
        # Level after level, never deeper than the limit.
        "[" + ",".join([_nested(MAX_DEPTH - 1)] * 50) + "]",
    ],
)
def test_nesting_up_to_the_limit_is_read(text):
    assert loads(text) is not None
    assert loads(text.encode()) is not None
    assert loads(text.encode("utf-16")) is not None


@pytest.mark.parametrize(
    "text",
    [
        _nested(MAX_DEPTH + 1),
        '{"a": ' * MAX_DEPTH + "[]" + "}" * MAX_DEPTH,
        '["]]]]", ' + _nested(MAX_DEPTH) + "]",
        '["\\\\", ' + _nested(MAX_DEPTH) + "]",
        "[" + ",".join([_nested(MAX_DEPTH - 1)] * 50 + [_nested(MAX_DEPTH)]) + "]",
    ],
)
def test_nesting_past_the_limit_is_refused(text):
    for form in (text, text.encode(), text.encode("utf-16")):
        with pytest.raises(JsonProblem) as raised:
            loads(form)
        assert raised.value.field == "json"
        assert f"nested more than {MAX_DEPTH} levels deep" in str(raised.value.message)


def test_a_too_long_number_deep_in_a_document_is_named_by_its_path():
    with pytest.raises(JsonProblem) as raised:
        loads('{"games": [{"hands": [1, 2]}, {"hands": [{"points": [0, 0, ' + "7" * 40 + "]}]}]}")
    assert raised.value.field == "games[1].hands[0].points[2]"
