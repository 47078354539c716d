"""The engine conformance suite (tests/test_conformance.py) run on the round sheet, at
every table size it seats: the suite's own checks, called with the sheet, since the
registry does not list it yet (the lead adds that line).

The suite's hand-form check reads a count as 0..high; the sheet's number pads go below
zero (``FormField.low``), so that one check runs here with the pad's own ``low``."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES, Game, InvalidHand
from scorekeeper.engine.any_game import GAME
from tests import test_conformance as suite

TABLES = [GAME.seated(players) for players in range(2, 9)]
every_table = pytest.mark.parametrize("game", TABLES, ids=lambda g: f"{g.seats}-players")


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(GAMES, GAME.key, GAME)
    return GAME


@every_table
@pytest.mark.parametrize(
    "check",
    [
        suite.test_the_checker_finds_a_wrong_score,
        suite.test_a_seed_repeats_a_playthrough,
        suite.test_hand_records_round_trip_through_dict_and_json,
        suite.test_replayed_totals_are_the_sum_of_the_hands_points,
        suite.test_a_hand_body_needs_no_key_beyond_the_games_hand_fields,
        suite.test_the_csv_values_fill_only_the_games_own_columns,
        suite.test_every_knob_is_settable_from_text_and_round_trips_through_json,
        suite.test_settings_name_every_knob_and_refuse_unknown_ones,
        suite.test_presets_are_valid_and_recognised,
        suite.test_the_hand_forms_tables_and_errors_name_its_own_fields,
    ],
    ids=lambda check: check.__name__.removeprefix("test_"),
)
def test_the_suites_checks_hold_at_every_table_size(game, check):
    assert isinstance(game, Game)
    check(game)


@every_table
def test_random_playthroughs_keep_every_rule(game):
    suite.test_random_playthroughs_keep_every_rule(game, "random")


@every_table
def test_the_games_own_results_are_the_simulated_deals(game):
    suite.test_the_games_own_results_are_the_simulated_deals_and_count_alike(game, "random")
    suite.test_any_share_of_a_run_plays_its_deals_and_shares_tally_as_one(game, "random")


def test_the_registry_finds_the_sheet_once_registered(registered):
    suite.test_the_registry_finds_the_game_by_its_key(registered)


@every_table
def test_the_hand_form_writes_back_every_round_it_shows(game):
    """The suite's form check, a number pad read from its own ``low`` to ``high``."""
    names = [f"P{seat}" for seat in range(game.seats)]
    negative = 0
    for settings, deal in suite.playthroughs(game, "random", 400, seed=23):
        record = game.record_of_deal(deal)
        spec = game.hand_form(settings, names)
        values = game.form_values(record.to_dict())
        assert set(values) <= {f.name for f in spec.fields}
        for name, value in values.items():
            pad = spec.field_named(name)
            assert not pad.choices and pad.low <= int(value) <= pad.high, (name, value)
            negative += int(value) < 0
        body = game.form_body(settings, {f.name: values.get(f.name) for f in spec.fields}, None)
        assert game.record_from_dict(settings, body) == record
    assert negative, "random rounds include points below zero"


@every_table
def test_an_empty_form_is_refused_beside_each_pad(game):
    settings = game.preset(game.default_preset)
    spec = game.hand_form(settings, [f"P{seat}" for seat in range(game.seats)])
    with pytest.raises(InvalidHand) as refused:
        game.record_from_dict(settings, game.form_body(settings, {}, None))
    targets = [spec.error_target(field) for field, _ in refused.value.errors]
    assert targets == [f"points_{seat}" for seat in range(game.seats)]


catalogues = suite.catalogues  # the translation check's fixture


@pytest.mark.parametrize("language", suite.LANGUAGES)
def test_every_text_the_sheet_shows_is_translated(language, catalogues):
    suite.test_every_text_a_game_shows_is_translated(GAME, language, catalogues)
