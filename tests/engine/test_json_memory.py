"""JSON from outside is read with memory bounded by the value, not by a walk of it (issue
54, finding 3): a 5 MB body of zeros once cost 200 MB in the depth check alone."""

from __future__ import annotations

import pytest

from scorekeeper.json_input import MAX_DEPTH, JsonProblem, loads
from tests.support.engine.json_memory import COUNT, _nested, _peak

ZEROS = ("[" + ",".join(["0"] * COUNT) + "]").encode()
BOUND = 10 * len(ZEROS)


@pytest.mark.parametrize("body", ["bytes", "text"])
def test_a_body_of_zeros_costs_less_than_ten_times_its_size(body):
    peak, said = _peak(body)
    assert said == str(COUNT)
    assert peak < BOUND, f"{peak / 1e6:.1f} MB for {len(ZEROS) / 1e6:.1f} MB"


def test_a_too_long_number_at_the_end_of_a_long_list_is_found_in_bounded_memory():
    peak, said = _peak("long")
    assert said == f"[{COUNT}]"
    assert peak < BOUND, f"{peak / 1e6:.1f} MB for {len(ZEROS) / 1e6:.1f} MB"


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
