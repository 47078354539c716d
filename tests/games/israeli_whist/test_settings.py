import json

import pytest

from scorekeeper.engine import InvalidSettings
from scorekeeper.engine.israeli_whist import KNOBS, PRESETS, RuleSettings, preset
from tests.support.games.israeli_whist.settings import preset_name_of

# A row per row of docs/rules/israeli-whist.md's knobs: (knob, standard, pagat-german, elhanani).
PRESET_TABLE = [
    ("opener", "left", "dealer", "dealer"),
    ("auction_end_passes", 3, 4, 4),
    ("declarer_may_raise", True, False, False),
    ("frisch_rounds", 3, 0, 0),
    ("rising_minimum", True, False, False),
    ("exact_bonus", 10, 10, 0),
    ("miss_step", 10, 10, 5),
    ("zero_over", 25, 30, 25),
    ("zero_under", 50, 50, 50),
    ("failed_zero_first", 50, 50, 25),
    ("failed_zero_step", 10, 10, 5),
    ("all_fail_void", False, False, True),
    ("revoke_penalty", 100, 100, 100),
]


@pytest.mark.parametrize(("knob", "standard", "pagat", "elhanani"), PRESET_TABLE)
def test_presets_match_the_rules_table(knob, standard, pagat, elhanani):
    assert getattr(preset("standard"), knob) == standard
    assert getattr(preset("pagat-german"), knob) == pagat
    assert getattr(preset("elhanani"), knob) == elhanani


def test_the_knobs_are_exactly_the_named_ones():
    assert KNOBS == (
        "opener",
        "auction_end_passes",
        "declarer_may_raise",
        "frisch_rounds",
        "rising_minimum",
        "exact_bonus",
        "made_per_trick",
        "made_squared",
        "miss_step",
        "miss_steps",
        "declarer_miss_factor",
        "zero_over",
        "zero_under",
        "failed_zero_first",
        "failed_zero_step",
        "failed_zero_first_over",
        "failed_zero_step_over",
        "all_fail_void",
        "all_pass",
        "pass_round_zero",
        "pass_round_step",
        "revoke_penalty",
        "target",
        "hand_limit",
        "tie_at_end",
    )


@pytest.mark.parametrize("name", list(PRESETS))
def test_settings_round_trip_through_json(name):
    settings = preset(name)
    assert RuleSettings.from_json(settings.to_json()) == settings
    assert json.loads(settings.to_json())["opener"] == settings.opener
    assert preset_name_of(settings) == name


def test_settings_are_frozen_and_changes_make_copies():
    base = preset("standard")
    changed = base.with_changes({"miss_step": "5", "all_fail_void": "yes", "opener": "Dealer"})
    assert (changed.miss_step, changed.all_fail_void, changed.opener) == (5, True, "dealer")
    assert base.miss_step == 10
    assert preset_name_of(changed) is None
    assert changed.differs_from(base) == ["opener", "miss_step", "all_fail_void"]
    with pytest.raises(AttributeError):
        base.miss_step = 3  # type: ignore[misc]


def test_target_alone_does_not_make_house_rules():
    assert preset_name_of(preset("elhanani").with_changes({"target": 300})) == "elhanani"


@pytest.mark.parametrize(
    ("changes", "field", "fragment"),
    [
        ({"frisch_rounds": 4}, "frisch_rounds", "between 0 and 3"),
        ({"auction_end_passes": 2}, "auction_end_passes", "between 3 and 4"),
        ({"opener": "right"}, "opener", "'dealer' or 'left'"),
        ({"all_fail_void": "maybe"}, "all_fail_void", "yes or no"),
        ({"miss_step": "ten"}, "miss_step", "whole number"),
        ({"target": 0}, "target", "between 1 and"),
        ({"target": True}, "target", "whole number"),
        ({"bonus": 3}, "bonus", "not a rule setting"),
        ({"miss_step": "٣"}, "miss_step", "whole number, not '٣'"),
        ({"miss_step": "--1"}, "miss_step", "whole number, not '--1'"),
        ({"miss_step": "1_0"}, "miss_step", "whole number, not '1_0'"),
        ({"miss_step": 5.0}, "miss_step", "whole number, not 5.0"),
        ({"target": "9" * 5000}, "target", "target has more than 18 digits"),
        ({"opener": ["left"]}, "opener", "not […]"),
        ({"rising_minimum": 2}, "rising_minimum", "yes or no, not 2"),
    ],
)
def test_bad_knob_values_name_the_knob_and_rule(changes, field, fragment):
    with pytest.raises(InvalidSettings) as err:
        preset("standard").with_changes(changes)
    assert err.value.field == field
    assert fragment in str(err.value)


def test_direct_construction_is_checked_too():
    with pytest.raises(InvalidSettings, match="frisch_rounds"):
        RuleSettings(frisch_rounds=7)


@pytest.mark.parametrize("text", ["[1]", "{nope", '"x"'])
def test_bad_settings_json_is_refused(text):
    with pytest.raises(InvalidSettings):
        RuleSettings.from_json(text)


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(InvalidSettings, match="standard, pagat-german, elhanani"):
        preset("bridge")


@pytest.mark.parametrize(
    ("rising", "frisch_round", "minimum"),
    [(True, 0, 5), (True, 1, 6), (True, 2, 7), (True, 3, 8), (False, 0, 5), (False, 3, 5)],
)
def test_minimum_level_after_frisch(rising, frisch_round, minimum):
    settings = preset("standard").with_changes({"rising_minimum": rising})
    assert settings.minimum_level(frisch_round) == minimum


@pytest.mark.parametrize("key", ["spades", "euchre", "oh-hell"])
def test_every_games_settings_read_their_stored_json(key):
    # from_json was Israeli Whist's alone; it is every game's settings' (SettingsBase).
    from scorekeeper.engine import find_game

    game = find_game(key, include_unlisted=True)
    settings = game.preset(game.default_preset)
    assert type(settings).from_json(settings.to_json()) == settings
    with pytest.raises(InvalidSettings, match="settings must be a JSON object"):
        type(settings).from_json("[1]")
