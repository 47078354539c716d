"""The conformance suite: every registered game runs through the same checks.

A new game is done when it passes this module, as OpenSpiel runs ``random_sim_test`` over
every registered game. Each test is parametrized over ``GAMES.values()`` and the games
built but not yet offered (``registry.UNLISTED``, Bid Whist until its hand form is
game-generic), so a game is checked from the day its package exists, not from the day the
app lists it, and at every table size it seats (``seated``):

- random playthroughs by every kind of bot the game has (2,000 deals each, spread over
  its presets), each deal checked by the game's own independent checker
  (``verify_deal``: every card once, following suit, trick winners worked out again,
  legal calls), and its points equal to the scoring function's (``points`` of
  ``record_of_deal``);
- hand records round-tripping through dict and JSON;
- the CSV export's cells (``csv_values``) only in the game's own ``csv_columns``;
- replayed totals equal to the sum of the hands' points, hand by hand, per side (partners
  scoring alike);
- every knob settable from text, refused out of range naming itself, and settings
  round-tripping through JSON; every preset valid and recognised;
- the hand form's description agreeing with record parsing: every simulated hand, turned
  into the form's values and back, is the same record; every key a field offers is a
  value the engine can read; every table names fields the form has; every error the
  engine gives lands beside a field or step of the form;
- every text the game shows (its name, each knob's help, its form) translated in every
  language.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
from babel.messages.pofile import read_po

from scorekeeper.engine import GAMES, Game, InvalidHand, InvalidSettings, get_game
from scorekeeper.engine.core.game import (
    Career,
    HandPlace,
    HeadToHeadView,
    OneGameStats,
    Progress,
    Recorded,
    Replayed,
    RivalryView,
    SeatStats,
    seat_values,
    side_values,
)
from scorekeeper.engine.core.numbers import parse_int
from scorekeeper.engine.registry import UNLISTED, register_game
from scorekeeper.web.i18n import LANGUAGES as OFFERED
from tests.support.games.conformance import (
    ALL_GAMES,
    CHECKED,
    _fields_named_by,
    bot_kinds,
    first_bots,
    has_all,
    playthroughs,
    refused_values,
    shown_messages,
    simulating_game,
    table_id,
    text_values,
    without_rates,
)
from tests.support.play import deals as drawn_deals
from tests.support.play import long_settings, record_of, simulates
from tests.support.play import records as drawn_records
from tests.support.toy_game import GAME as TOY

DEALS_PER_BOT_KIND = 2000
TRANSLATIONS = pathlib.Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
LANGUAGES = tuple(code for code in OFFERED if code != "en")


every_game = pytest.mark.parametrize("game", CHECKED, ids=table_id)
offered_game = pytest.mark.parametrize("game", ALL_GAMES, ids=table_id)


# --- random playthroughs ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "bots"), bot_kinds(), ids=[f"{table_id(g)}-{k}" for g, k in bot_kinds()]
)
def test_random_playthroughs_keep_every_rule(game, bots):
    seen = 0
    for settings, deal in playthroughs(game, bots, DEALS_PER_BOT_KIND, seed=2024):
        seen += 1
        assert game.simulation.broken_rules(settings, deal) == [], deal
        record = game.simulation.record_of(deal)
        points = game.points(settings, record)
        assert len(points) == game.seats
        assert list(side_values(game, points)) == deal["points"]
        assert game.preview(settings, record)["points"] == deal["points"]
        assert json.loads(json.dumps(deal)) == deal
    assert seen == DEALS_PER_BOT_KIND


@simulating_game
def test_the_checker_finds_a_wrong_score(game):
    settings = game.preset(game.default_preset)
    played = next(
        deal
        for _, deal in playthroughs(game, game.simulation.bots[0], 50, seed=7)
        if any(deal["points"])
    )
    wrong = {**played, "points": [p + 1 for p in played["points"]]}
    assert game.simulation.broken_rules(settings, played) == []
    assert game.simulation.broken_rules(settings, wrong) != []


@every_game
def test_a_seed_repeats_a_playthrough(game):
    settings = game.preset(game.default_preset)
    for bots in game.simulation.bots or (None,):
        first = list(drawn_deals(game, settings, 20, 5, bots))
        assert first == list(drawn_deals(game, settings, 20, 5, bots))


# --- hand records -------------------------------------------------------------------------


@every_game
def test_hand_records_round_trip_through_dict_and_json(game):
    for settings, deal in playthroughs(game, first_bots(game), 300, seed=11):
        record = record_of(game, settings, deal)
        assert game.record_from_dict(settings, record.to_dict()) == record
        text = json.dumps(record.to_dict())
        assert game.record_from_dict(settings, json.loads(text)) == record
        assert record.thrown_in == deal["thrown_in"]


@every_game
def test_replayed_totals_are_the_sum_of_the_hands_points(game):
    for number, settings in enumerate(game.presets.values()):
        first_dealer = number % game.seats
        records = drawn_records(game, settings, 120, number, first_dealer=first_dealer)
        played: list[Any] = []
        totals = [0] * len(game.sides)
        progress = game.replay(settings, first_dealer, played)
        for record in records:
            # The hand's points at its place: after the hands before it (a bag penalty).
            place = HandPlace.after(game.state_from_dict(progress.state.to_dict()))
            played.append(record)
            progress = game.replay(settings, first_dealer, played)
            points = side_values(game, game.points(settings, record, place))
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            assert list(progress.hands[-1].points) == list(points)
            # The next hand's place read from the replayed hand equals the one read back
            # from its stored state (the API's and the print's pages of hands use it).
            after = HandPlace.after(progress.hands[-1].state)
            assert after == HandPlace.after(
                game.state_from_dict(progress.hands[-1].state.to_dict())
            )
            assert list(progress.totals) == totals
            assert list(progress.hands[-1].totals) == totals
            assert len(seat_values(game, progress.totals)) == game.seats
            assert progress.winner is None or 0 <= progress.winner < len(game.sides)
            if progress.status == "finished":
                with pytest.raises(ValueError):
                    game.replay(settings, first_dealer, [*played, record])
                break


@every_game
def test_every_result_has_what_the_interface_declares(game):
    """replay, resume, recorded_game, game_stats, careers and head_to_head give what
    core/game.py's result types say, whatever the game (the app reads these names)."""
    settings = long_settings(game, 40)
    records = drawn_records(game, settings, 40, 5)
    progress = game.replay(settings, 0, records, finish_after=None, starting_totals=None)
    assert has_all(progress, Progress) == []
    assert all(has_all(hand, Replayed) == [] for hand in progress.hands)
    middle = min(10, len(records) - 1)  # a game that cannot last may end sooner
    resumed = game.resume(settings, progress.hands[middle - 1].state.to_dict(), records[middle:])
    assert has_all(resumed, Progress) == [] and resumed.totals == progress.totals
    assert resumed.next_number == progress.next_number == len(records) + 1
    names = list(PLAYERS[: game.seats])
    recorded = game.figures.recorded(settings, 0, names, records, key=1, finish_after=None)
    assert has_all(recorded, Recorded) == []
    stats = game.figures.game_stats(recorded)
    assert has_all(stats, OneGameStats) == []
    assert all(has_all(seat, SeatStats) == [] for seat in (*stats.players, *stats.sides))
    career = game.figures.careers([recorded])[names[0]]
    assert has_all(career, Career) == [] and career.games == 1
    table = game.figures.head_to_head([recorded], names[:2])
    assert has_all(table, HeadToHeadView) == []
    assert has_all(table.rivalry(names[0], names[1]), RivalryView) == []


@every_game
def test_a_hand_body_needs_no_key_beyond_the_games_hand_fields(game):
    keys: set[str] = set()
    for settings, deal in playthroughs(game, "random" if simulates(game) else None, 200, 13):
        record = record_of(game, settings, deal)
        assert set(record.to_dict()) <= game.hand.hand_fields
        shown = game.hand_result(game.replay(settings, 0, [record]).hands[0])
        assert shown and json.loads(json.dumps(shown)) == shown
        assert not keys or set(shown) == keys
        keys = set(shown)


@every_game
def test_the_csv_values_fill_only_the_games_own_columns(game):
    own = {column.name for column in game.csv.columns}
    assert len(own) == len(game.csv.columns)
    names = [f"P{seat}" for seat in range(game.seats)]
    for settings, deal in playthroughs(game, first_bots(game), 100, seed=17):
        replayed = game.replay(settings, 0, [record_of(game, settings, deal)]).hands[0]
        hand, seats = game.csv.values(replayed, names)
        assert len(seats) == game.seats
        for cells in (hand, *seats):
            assert set(cells) <= own
            assert all(value is None or isinstance(value, int | str) for value in cells.values())


# --- the command line's own results -------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "bots"), bot_kinds(), ids=[f"{table_id(g)}-{k}" for g, k in bot_kinds()]
)
def test_the_games_own_results_are_the_simulated_deals_and_count_alike(game, bots):
    for settings in game.presets.values():
        deals = list(game.simulation.deals(settings, 150, seed=9, bots=bots))
        results = list(game.simulation.results(settings, 150, seed=9, bots=bots))
        assert [r.to_dict() for r in results] == deals
        from_deals, from_results = game.simulation.tally(), game.simulation.tally()
        for deal, result in zip(deals, results, strict=True):
            from_deals.add(deal)
            from_results.add_result(result)
        assert without_rates(from_results.lines()) == without_rates(from_deals.lines())


@pytest.mark.parametrize(
    ("game", "bots"), bot_kinds(), ids=[f"{table_id(g)}-{k}" for g, k in bot_kinds()]
)
def test_any_share_of_a_run_plays_its_deals_and_shares_tally_as_one(game, bots):
    """What ``simulate --jobs`` relies on: deal i of a run is the same played alone, and
    tallies of consecutive shares, merged, count what one tally of the run counts."""
    settings = next(iter(game.presets.values()))
    whole = [r.to_dict() for r in game.simulation.results(settings, 90, seed=4, bots=bots)]
    shares = (range(0, 31), range(31, 32), range(32, 90))
    parts = [
        [r.to_dict() for r in game.simulation.results(settings, share, seed=4, bots=bots)]
        for share in shares
    ]
    assert [deal for part in parts for deal in part] == whole
    one, merged = game.simulation.tally(), game.simulation.tally()
    for deal in whole:
        one.add(deal)
    for part in parts:
        tally = game.simulation.tally()
        for deal in part:
            tally.add(deal)
        merged.merge(tally)
    assert without_rates(merged.lines()) == without_rates(one.lines())


# --- settings, knobs and presets ----------------------------------------------------------


@every_game
def test_every_knob_is_settable_from_text_and_round_trips_through_json(game):
    base = game.preset(game.default_preset)
    assert game.preset(game.default_preset).knobs_for_table(), "a game has at least one knob"
    for knob in game.preset(game.default_preset).knobs_for_table():
        assert knob.kind in ("int", "bool", "choice", "int_list", "choice_list"), knob.name
        if knob.kind == "int_list":
            assert knob.length and knob.length > 1, knob.name
        if knob.kind in ("int", "int_list"):
            assert knob.low is not None and knob.high is not None and knob.low <= knob.high
        for text, value in text_values(knob):
            changed = base.with_changes({knob.name: text})
            assert changed.to_dict()[knob.name] == value, (knob.name, text)
            assert game.settings_from_dict(changed.to_dict()) == changed
            assert game.settings_from_dict(json.loads(changed.to_json())) == changed
        for text in refused_values(knob):
            with pytest.raises(InvalidSettings) as refused:
                base.with_changes({knob.name: text})
            assert refused.value.field == knob.name
            assert knob.name in refused.value.message or text.strip() in refused.value.message


@every_game
def test_settings_name_every_knob_and_refuse_unknown_ones(game):
    base = game.preset(game.default_preset)
    assert set(base.to_dict()) == {
        knob.name for knob in game.preset(game.default_preset).knobs_for_table()
    }
    with pytest.raises(InvalidSettings) as refused:
        base.with_changes({"no_such_knob": "1"})
    assert refused.value.field == "no_such_knob"
    with pytest.raises(InvalidSettings) as refused:
        game.settings_from_dict([])
    assert refused.value.field == "settings"


@every_game
def test_presets_are_valid_and_recognised(game):
    assert game.default_preset in game.presets
    if simulates(game):  # a game that simulates plays with a "random" bot first
        assert game.simulation.bots and game.simulation.bots[0] == "random"
    else:
        assert game.simulation.bots == ()
    for name, settings in game.presets.items():
        assert game.preset(name) == settings
        assert settings.preset_of(game.presets) == name
        assert game.settings_from_dict(settings.to_dict()) == settings
        assert game.settings_from_dict(json.loads(settings.to_json())) == settings
        assert settings.differs_from(settings) == []
    with pytest.raises(InvalidSettings) as refused:
        game.preset("no-such-preset")
    assert refused.value.field == "rules"


@every_game
def test_the_registry_finds_the_game_by_its_key(game):
    # A game for a table of its own size (``seated``) is found as the registered game
    # seated at that size.
    registered = GAMES.get(game.key)
    if registered is None:
        with pytest.raises(InvalidSettings):
            get_game(game.key)
        try:
            assert register_game(game) is game
            assert get_game(game.key) is game and get_game(game.key.upper()) is game
        finally:
            GAMES.pop(game.key)
    else:
        assert get_game(game.key) is registered and get_game(game.key.upper()) is registered
        assert registered.seated(game.seats) is game
    assert game.seats == len({seat for side in game.sides for seat in side})
    assert sorted(seat for side in game.sides for seat in side) == list(range(game.seats))


# --- the hand form -----------------------------------------------------------------------

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil", "Hod")


@every_game
def test_the_hand_form_writes_back_every_hand_it_shows(game):
    for settings, deal in playthroughs(game, first_bots(game), 400, seed=23):
        record = record_of(game, settings, deal)
        spec = game.hand_form(settings, PLAYERS[: game.seats])
        values = game.hand.form_values(record.to_dict())
        assert set(values) <= {f.name for f in spec.fields}, sorted(values)
        for name, value in values.items():
            described = spec.field_named(name)
            if described.choices:
                assert value in {c.value for c in described.choices}, (name, value)
            else:
                number = parse_int(value, name, halves=described.halves)
                assert described.low <= number <= described.high, (name, value)
        action = None
        if record.thrown_in:
            actions = [a.name for a in spec.actions]
            assert actions, "a thrown-in deal needs an action on the form"
            action = actions[0]
        body = game.hand.form_body(
            game.context(settings), {f.name: values.get(f.name) for f in spec.fields}, action
        )
        assert game.record_from_dict(settings, body) == record, (values, body)


# The kinds of table the page script (static/hand.js) applies; see engine/core/form.py.
TABLE_KINDS = {
    "allow",
    "show",
    "order",
    "forbid",
    "sum",
    "complement",
    "tally",
    "total",
    "stake",
    "hint",
}


@every_game
def test_the_hand_forms_tables_and_errors_name_its_own_fields(game):
    for settings in game.presets.values():
        spec = game.hand_form(settings, PLAYERS[: game.seats])
        names = {f.name for f in spec.fields}
        steps = {step.id for step in spec.steps}
        assert len(names) == len(spec.fields), "two fields share a name"
        assert not names & steps, "a step and a field share an id on the page"
        for kind, rules in spec.rules.items():
            assert kind in TABLE_KINDS, kind
            for rule in rules:
                assert _fields_named_by(kind, rule) <= names, (kind, rule)
                for prefix in (rule.get("prefix"), rule.get("into")):
                    assert prefix is None or any(n.startswith(prefix + "_") for n in names), rule
                for text in ("why", "count", "text", "text_word"):
                    if text in rule:
                        assert rule[text] in spec.texts, (kind, text)
        for target in spec.errors.values():
            assert target in names | steps, target
        # An empty form is refused, and each problem goes beside a field or a step.
        empty = game.hand.form_body(game.context(settings), dict.fromkeys(names), None)
        with pytest.raises(InvalidHand) as refused:
            game.record_from_dict(settings, empty)
        for field, _message in refused.value.errors:
            assert spec.error_target(field) in names | steps, field


# --- translations -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def catalogues():
    found = {}
    for language in LANGUAGES:
        with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as po:
            found[language] = read_po(po, locale=language)
    return found


@offered_game
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_a_game_shows_is_translated(game, language, catalogues):
    missing = []
    for message in {m.template: m for m in shown_messages(game)}.values():
        found = catalogues[language].get(message.template)
        strings = () if found is None else found.string
        strings = (strings,) if isinstance(strings, str) else strings
        if found is None or found.fuzzy or not strings or not all(strings):
            missing.append(message.template)
    assert missing == [], f"{game.key} in {language}: run `make translations`: {missing}"


def test_every_registered_game_is_checked_here():
    assert list(GAMES) and all(isinstance(game, Game) for game in ALL_GAMES)
    checked = {game.key for game in CHECKED}
    assert checked == set(GAMES) | {g.key for g in UNLISTED} | {TOY.key}
    # Every game that simulates is played by each of its bots; the others from random hands.
    played_by_bots = {game.key for game, _ in bot_kinds()}
    assert played_by_bots == {game.key for game in CHECKED if simulates(game)}
    assert TOY.key not in played_by_bots
    assert not set(GAMES) & {game.key for game in UNLISTED}
