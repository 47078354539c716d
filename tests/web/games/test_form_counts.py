"""A count on the hand form runs from its field's ``low`` to its ``high``: below zero where
a game's points may be negative (the round sheet's), from zero for every other count."""

import pytest

from scorekeeper.engine.core.form import FormField, HandFormSpec, Step
from scorekeeper.engine.core.language import words_in
from scorekeeper.engine.core.messages import msg
from scorekeeper.engine.pages.form import Table, shape_checked

SPEC = HandFormSpec(
    steps=(
        Step(
            "points",
            msg("Points"),
            (
                FormField("signed", msg("Points"), low=-50, high=50),
                FormField("plain", msg("Tricks"), high=13),
            ),
        ),
    )
)
# Only the form and the page's words: a count's shape is checked before any rule.
TABLE = Table(rules=None, settings=None, players=(), place=None, words=words_in("en"), spec=SPEC)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("signed", "plain", "refused"),
    [
        ("-50", "0", None),
        ("-3", "13", None),
        ("50", "7", None),
        ("-51", "0", "Points must be from -50 to 50, not -51."),
        ("51", "0", "Points must be from -50 to 50, not 51."),
        ("0", "-1", "Tricks must be from 0 to 13, not -1."),
        ("0", "14", "Tricks must be from 0 to 13, not 14."),
    ],
)
def test_a_count_takes_its_fields_range(signed, plain, refused):
    values, problems = shape_checked(TABLE, {"signed": signed, "plain": plain})
    assert [message for _, message in problems] == ([refused] if refused else [])
    if refused is None:
        assert values == {"signed": str(int(signed)), "plain": str(int(plain))}
