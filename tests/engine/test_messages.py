"""Engine messages: English text for the CLI and the API, template and numbers for a page."""

import pickle

import pytest

from scorekeeper.engine import InvalidHand, InvalidSettings
from scorekeeper.engine.core.messages import Message, msg, nmsg
from scorekeeper.engine.israeli_whist import PRESETS, record_from_dict


def test_a_message_is_its_english_text_and_keeps_how_it_was_made():
    message = msg("tricks total %(total)d; they must total 13", total=12)
    assert message == "tricks total 12; they must total 13"
    assert isinstance(message, str)
    assert message.template == "tricks total %(total)d; they must total 13"
    assert message.params == {"total": 12} and isinstance(message.params["total"], int)


@pytest.mark.parametrize(("num", "text"), [(1, "1 round"), (2, "2 rounds"), (0, "0 rounds")])
def test_a_plural_message_picks_its_english_form(num, text):
    message = nmsg("%(num)d round", "%(num)d rounds", num)
    assert message == text and message.plural == "%(num)d rounds" and message.params["num"] == num


def test_a_message_without_params_is_not_formatted():
    assert msg("100% sure") == "100% sure"


def test_a_message_survives_pickling():
    message = msg("%(what)s is missing", what=msg("declarer"))
    copy = pickle.loads(pickle.dumps(message))
    assert copy == message and copy.template == message.template
    assert copy.params["what"].template == "declarer"


def test_engine_errors_carry_messages_with_numbers_as_numbers():
    settings = PRESETS["pagat-german"]
    with pytest.raises(InvalidHand) as caught:
        record_from_dict(
            settings, dict(declarer=2, bid="7C", contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 1])
        )
    field, message = caught.value.errors[0]
    assert field == "tricks" and isinstance(message, Message)
    numbers = {key: value for key, value in message.params.items() if isinstance(value, int)}
    assert numbers == {"sum": 12, "total": 13}  # the tricks taken and the deal's 13, as ints
    with pytest.raises(InvalidSettings) as caught:
        settings.with_changes({"miss_step": 5000})
    assert caught.value.message.params == {
        "knob": "miss_step",
        "low": 0,
        "high": 1000,
        "number": 5000,
    }


def test_a_field_name_inside_a_message_is_a_message_too():
    with pytest.raises(InvalidHand) as caught:
        record_from_dict(
            PRESETS["pagat-german"],
            dict(declarer=None, bid="7C", contracts=[2, 3, 7, 0], tricks=[0, 3, 8, 2]),
        )
    message = caught.value.errors[0][1]
    assert message == "declarer is missing"  # the API's words keep its field's name
    # The table's words name the field as the form does, a message translated in turn.
    assert message.table.template == "Still missing: %(what)s."
    assert message.table.params["what"].template == "Declarer"
