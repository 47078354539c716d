"""A count on the hand form runs from its field's ``low`` to its ``high``: below zero where
a game's points may be negative (the round sheet's), from zero for every other count."""

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.engine.core.form import FormField, HandFormSpec, Step
from scorekeeper.engine.core.messages import msg
from scorekeeper.web import create_app
from scorekeeper.web.forms import hand_form_for

from .conftest import app_config

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


@pytest.fixture
def app(tmp_path):
    return create_app(app_config(tmp_path))


@pytest.mark.parametrize(
    ("signed", "plain", "valid"),
    [
        ("-50", "0", True),
        ("-3", "13", True),
        ("50", "7", True),
        ("-51", "0", False),
        ("51", "0", False),
        ("0", "-1", False),
        ("0", "14", False),
    ],
)
def test_a_count_takes_its_fields_range(app, signed, plain, valid):
    with app.test_request_context(method="POST"):
        form = hand_form_for(SPEC, formdata=MultiDict({"signed": signed, "plain": plain}))
        assert form.validate() is valid
        if valid:
            assert form.values() == {"signed": str(int(signed)), "plain": str(int(plain))}
