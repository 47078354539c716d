"""The club night's engine (issue 45): its rules from each game's tournament rules, the
draw of the tables, and the standings, with a 13-player Skat night worked by hand."""

from __future__ import annotations

import pytest

from scorekeeper.engine.club import (
    TableList,
    draw_series,
    night_rules,
    pairs_met,
    standings,
    table_sizes,
)
from scorekeeper.engine.core.errors import EngineError, InvalidSettings
from scorekeeper.engine.registry import GAMES, get_game
from tests.support.engine.club_engine import _skat_list

THIRTEEN = [f"Player {n:02d}" for n in range(1, 14)]


@pytest.mark.parametrize(
    ("game", "present", "sizes", "out"),
    [
        ("skat", 13, (4, 3, 3, 3), 0),
        ("skat", 12, (4, 4, 4), 0),
        ("skat", 7, (4, 3), 0),
        ("skat", 6, (3, 3), 0),
        ("skat", 5, (4,), 1),
        ("skat", 3, (3,), 0),
        ("doppelkopf", 13, (5, 4, 4), 0),
        ("doppelkopf", 9, (5, 4), 0),
        ("doppelkopf", 11, (5, 5), 1),
        ("israeli-whist", 13, (4, 4, 4), 1),
        ("bridge", 7, (4,), 3),
        ("oh-hell", 13, (5, 4, 4), 0),
        ("any-game", 2, (2,), 0),
    ],
)
def test_tables_are_sized_as_the_game_seats(game, present, sizes, out):
    assert table_sizes(get_game(game), present) == (sizes, out)


@pytest.mark.parametrize(("game", "present"), [("skat", 2), ("doppelkopf", 3), ("spades", 3)])
def test_too_few_players_for_a_table_are_refused_naming_players(game, present):
    with pytest.raises(InvalidSettings) as caught:
        table_sizes(get_game(game), present)
    assert caught.value.field == "players"
    assert str(present) in caught.value.message


def test_a_name_given_twice_is_refused_naming_the_player():
    with pytest.raises(InvalidSettings) as caught:
        draw_series(get_game("skat"), [*THIRTEEN, "player 01"], 1, 1)
    assert caught.value.field == "players"
    assert "player 01" in caught.value.message


def test_the_draw_seats_everyone_once_and_the_seed_repeats_it():
    skat = get_game("skat")
    first = draw_series(skat, THIRTEEN, 2026, 1)
    seated = [name for table in first.tables for name in table]
    assert sorted(seated) == sorted(THIRTEEN)
    assert [len(table) for table in first.tables] == [4, 3, 3, 3]
    assert draw_series(skat, THIRTEEN, 2026, 1) == first
    assert draw_series(skat, THIRTEEN, 2026, 2) != first


def test_the_second_series_avoids_the_first_series_table_mates():
    skat = get_game("skat")
    first = draw_series(skat, THIRTEEN, 45, 1)
    second = draw_series(skat, THIRTEEN, 45, 2, pairs_met(first.tables))
    assert second.repeats == 0
    met = pairs_met(first.tables)
    assert not any(met[pair] for pair in pairs_met(second.tables))


def test_whoever_sat_out_least_sits_out_next():
    spades = get_game("spades")
    five = ["Ann", "Ben", "Cat", "Dov", "Eli"]
    sat_out: dict[str, int] = {}
    for series in range(1, 6):
        drawn = draw_series(spades, five, 9, series, sat_out=sat_out)
        assert len(drawn.sitting_out) == 1
        sat_out[drawn.sitting_out[0]] = sat_out.get(drawn.sitting_out[0], 0) + 1
    assert sat_out == dict.fromkeys(five, 1)


def test_late_arrivals_and_leavers_are_drawn_for_the_next_series_only():
    skat = get_game("skat")
    first = draw_series(skat, THIRTEEN, 3, 1)
    present = [name for name in THIRTEEN if name != "Player 05"] + ["Noa", "Lev"]
    second = draw_series(skat, present, 3, 2, pairs_met(first.tables))
    seated = {name for table in second.tables for name in table}
    assert seated == set(present)
    assert [len(table) for table in second.tables] == [4, 4, 3, 3]


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_has_a_night_whose_tables_are_drawn_and_set(key):
    """A night of every registered game with its defaults: 13 present, each drawn table's
    settings built at its size, the tables seating everyone not sitting out."""
    game = get_game(key)
    rules = night_rules(key)
    drawn = draw_series(game, THIRTEEN, 1, 1)
    assert len(drawn.sitting_out) + sum(map(len, drawn.tables)) == 13
    for table in drawn.tables:
        size = len(table)
        assert (
            game.seat_range is None
            and size == game.seats
            or (game.seat_range[0] <= size <= game.seat_range[1])
        )
        settings = rules.table_settings(size)
        settings.check_table(game.seated(size).seats)
    assert rules.scoring == "points"


@pytest.mark.parametrize(
    ("key", "size", "knob", "deals"),
    [("skat", 4, "deals", 48), ("skat", 3, "deals", 36), ("doppelkopf", 4, "deals", 24)],
)
def test_tournament_defaults_come_from_the_games_tournament_rules(key, size, knob, deals):
    settings = night_rules(key).table_settings(size)
    assert getattr(settings, knob) == deals
    assert settings.players == size if hasattr(settings, "players") else True


def test_skat_nights_count_seeger_fabian_by_default():
    assert night_rules("skat").table_settings(3).seeger_fabian == "on"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"game": "poker"}, "game"),
        ({"preset": "isko"}, "rules"),
        ({"series": 0}, "series"),
        ({"series": "two"}, "series"),
        ({"deals_per_player": -1}, "deals_per_player"),
        ({"deals_per_player": 3}, "deals_per_player"),  # Euchre ends at its target
        ({"scoring": "elo"}, "scoring"),
        ({"target": 0}, "target"),
    ],
)
def test_bad_night_rules_are_refused_naming_the_field(changes, field):
    body = {"game": "euchre", **changes}
    with pytest.raises(EngineError) as caught:
        night_rules(**body)
    assert caught.value.field == field


def test_a_thirteen_player_skat_night_stands_as_the_seeger_fabian_sums():
    """Two series of tables 4, 3, 3, 3: at each table seat 1 wins a game (22 + 50) and
    seat 2 loses one (−20 × 2 − 50), and each other player at the table scores 40 (30 at a
    table of four, the sitting-out dealer too) for that lost game."""
    skat = get_game("skat")
    rules = night_rules("skat")
    lists, expected = [], dict.fromkeys(THIRTEEN, 0)
    met = None
    for series in (1, 2):
        drawn = draw_series(skat, THIRTEEN, 13, series, met)
        assert [len(table) for table in drawn.tables] == [4, 3, 3, 3]
        for number, table in enumerate(drawn.tables, start=1):
            totals = _skat_list(len(table), rules)
            lists.append(TableList(series, number, table, tuple(totals), hands=2))
            for seat, name in enumerate(table):
                if seat == 1:
                    expected[name] += 72 + (30 if len(table) == 4 else 40)
                elif seat == 2:
                    expected[name] += -90
                else:
                    expected[name] += 30 if len(table) == 4 else 40
        met = pairs_met(table for table in drawn.tables)
    found = standings(lists, rules.scoring)
    assert {line.name: line.points for line in found} == expected
    assert all(line.tables == 2 and line.hands == 4 for line in found)
    assert [line.points for line in found] == sorted(expected.values(), reverse=True)


def test_placing_points_share_the_better_place():
    lists = [TableList(1, 1, ("Ann", "Ben", "Cat", "Dov"), (10, 5, 5, -3))]
    found = {line.name: line.points for line in standings(lists, "placing")}
    assert found == {"Ann": 4, "Ben": 3, "Cat": 3, "Dov": 1}


def test_level_players_are_ranked_by_their_best_series_then_share_the_place():
    lists = [
        TableList(1, 1, ("Ann", "Ben", "Cat"), (40, 100, 10)),
        TableList(2, 1, ("Ann", "Ben", "Cat"), (60, 0, 50)),
    ]
    found = [(line.place, line.name, line.points) for line in standings(lists)]
    assert found == [(1, "Ben", 100), (2, "Ann", 100), (3, "Cat", 60)]
    level = [TableList(1, 1, ("Ann", "Ben"), (5, 5))]
    assert [line.place for line in standings(level)] == [1, 1]


def test_where_the_lowest_total_wins_the_lowest_stands_first():
    lists = [TableList(1, 1, ("Ann", "Ben", "Cat", "Dov"), (26, 0, 13, 40))]
    found = [line.name for line in standings(lists, "points", lowest_wins=True)]
    assert found == ["Ben", "Cat", "Ann", "Dov"]
    placing = {line.name: line.points for line in standings(lists, "placing", lowest_wins=True)}
    assert placing == {"Ben": 4, "Cat": 3, "Ann": 2, "Dov": 1}


@pytest.mark.parametrize("key", list(GAMES))
def test_a_nights_rules_come_back_from_what_is_stored(key):
    from scorekeeper.engine.club.rules import from_dict

    rules = night_rules(key, scoring="placing", series=3)
    assert from_dict(rules.to_dict()) == rules


def test_hearts_nights_stand_lowest_first():
    assert night_rules("any-game", "hearts").lowest_wins()
    assert not night_rules("skat").lowest_wins()


def test_players_level_on_points_carry_the_best_series_that_ranks_them():
    lists = [
        TableList(1, 1, ("Ann", "Ben", "Cy"), (30, 10, 0)),
        TableList(2, 1, ("Ann", "Ben", "Cy"), (0, 20, 5)),
    ]
    ann, ben, cy = standings(lists)
    assert (ann.name, ann.points, ann.place, ann.best, ann.level) == ("Ann", 30, 1, 30, True)
    assert (ben.name, ben.points, ben.place, ben.best, ben.level) == ("Ben", 30, 2, 20, True)
    assert (cy.points, cy.level) == (5, False)
