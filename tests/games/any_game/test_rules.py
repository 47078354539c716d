"""The round sheet's rules, as tables from docs/rules/any-game.md and hand calculations."""

from __future__ import annotations

import pytest

from scorekeeper.engine import InvalidHand, InvalidSettings
from scorekeeper.engine.any_game import GAME, SheetSettings
from tests.support.games.any_game.rules import rounds, written

NAMES = ["Ann", "Bob", "Cat", "Dan"]
HEARTS = SheetSettings(round_total=26, goal="low_target", target=100)


# --- docs/rules/any-game.md's worked example -----------------------------------------------
# Its rounds and totals are played from the docs' table by tests/engine/test_docs_rules.py.


def test_the_worked_examples_refused_round_names_the_last_players_points():
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(HEARTS, {"points": [10, 10, 5, 0]})
    assert refused.value.field == "points[3]"
    assert refused.value.message == (
        "the round totals 25, not 26: seat 4's points would have to be 1"
    )


# --- reading a round ----------------------------------------------------------------------

REFUSED = [
    (None, "hand", "a round must be a JSON object with points"),
    ({}, "points", "points must list one whole number per player"),
    ({"points": [1, 2, 3]}, "points", "points has 3 numbers; this table has 4 players"),
    ({"points": [1, 2, 3, "x"]}, "points[3]", "seat 4's points must be a whole number"),
    ({"points": [1, None, 3, 4]}, "points[1]", "seat 2's points is missing"),
    ({"points": [1, True, 3, 4]}, "points[1]", "seat 2's points must be a whole number"),
    ({"points": [1, 2.5, 3, 4]}, "points[1]", "seat 2's points must be a whole number"),
    ({"points": [1, 2, 3, 10**6]}, "points[3]", "seat 4's points must be a whole number from"),
]


@pytest.mark.parametrize(("body", "field", "message"), REFUSED)
def test_a_round_that_breaks_a_rule_is_refused_naming_the_field(body, field, message):
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(SheetSettings(), body)
    assert refused.value.field == field
    assert refused.value.message.startswith(message)


@pytest.mark.parametrize(
    ("body", "points"),
    [
        ({"points": [5, -3, 0, 12]}, (5, -3, 0, 12)),
        ({"points": ["5", " -3 ", "+0", "12"]}, (5, -3, 0, 12)),
        ({"points": "5, -3, 0, 12"}, (5, -3, 0, 12)),
    ],
)
def test_whole_numbers_negative_allowed(body, points):
    record = GAME.record_from_dict(SheetSettings(), body)
    assert record.points == points and record.to_dict() == {"points": list(points)}
    assert GAME.points(SheetSettings(), record) == points


# --- the goal and the end -------------------------------------------------------------------

GOALS = [
    # settings, rounds, totals, status, winners
    (SheetSettings(target=50), [(30, 10), (20, 49)], (50, 59), "finished", (1,)),
    (SheetSettings(target=50), [(30, 10), (19, 10)], (49, 20), "in_progress", ()),
    (SheetSettings(goal="low_target", target=50), [(30, 10), (20, 9)], (50, 19), "finished", (1,)),
    (SheetSettings(goal="rounds", rounds=2), [(3, 1), (0, 1)], (3, 2), "finished", (0,)),
    (SheetSettings(goal="rounds", rounds=3), [(3, 1), (0, 1)], (3, 2), "in_progress", ()),
    (SheetSettings(goal="rounds_low", rounds=2), [(3, 1), (0, 1)], (3, 2), "finished", (1,)),
    (SheetSettings(goal="open"), [(500, 1)] * 5, (2500, 5), "in_progress", ()),
    # Equal best totals at the end: shared by default, another round with play_on.
    (SheetSettings(goal="rounds", rounds=1), [(4, 4)], (4, 4), "finished", (0, 1)),
    (
        SheetSettings(goal="rounds", rounds=1, tie_at_end="play_on"),
        [(4, 4)],
        (4, 4),
        "in_progress",
        (),
    ),
    (
        SheetSettings(goal="rounds", rounds=1, tie_at_end="play_on"),
        [(4, 4), (0, 1)],
        (4, 5),
        "finished",
        (1,),
    ),
    (
        SheetSettings(goal="low_target", target=10, tie_at_end="play_on"),
        [(12, 12), (0, 1)],
        (12, 13),
        "finished",
        (0,),
    ),
]


@pytest.mark.parametrize(("settings", "played", "totals", "status", "winners"), GOALS)
def test_the_goal_ends_the_game(settings, played, totals, status, winners):
    two = GAME.seated(2)
    progress = two.replay(settings, 0, rounds(*played))
    assert (progress.totals, progress.status, progress.winners) == (totals, status, winners)
    assert progress.winner == (winners[0] if len(winners) == 1 else None)
    if status == "finished":
        with pytest.raises(ValueError):
            two.replay(settings, 0, rounds(*played, (0, 0)))


@pytest.mark.parametrize(
    ("settings", "winners"),
    [
        (SheetSettings(goal="open"), (0,)),
        (SheetSettings(goal="low_target"), (1,)),
        (SheetSettings(goal="open", tie_at_end="play_on"), ()),
    ],
)
def test_finish_now_ends_the_game_with_the_best_total(settings, winners):
    three = GAME.seated(3)
    played = rounds((10, -5, 10), (5, 0, 5)) if not winners else rounds((10, -5, 3), (5, 0, 1))
    progress = three.replay(settings, 0, played, finish_after=2)
    assert progress.winners == winners
    assert progress.status == ("finished" if winners else "in_progress")
    if not winners:  # a tie plays on, and the next round that breaks it ends the game
        after = three.replay(settings, 0, [*played, written((1, 0, 0))], finish_after=2)
        assert after.winners == (0,)


def test_finish_now_after_the_stored_state_ends_the_game_there():
    settings = SheetSettings(goal="open")
    played = rounds((1, 2, 3, 4), (0, 0, 0, 9))
    state = GAME.replay(settings, 0, played).state.to_dict()
    assert GAME.resume(settings, state, [], finish_after=2).winners == (3,)


def test_leaders_are_the_lowest_where_the_lowest_wins():
    played = rounds((5, 1, 7, 1))
    assert GAME.replay(HEARTS.with_changes({"round_total": None}), 0, played).leaders == (1, 3)
    assert GAME.replay(SheetSettings(), 0, played).leaders == (2,)


def test_resume_from_any_round_is_the_whole_replay():
    played = rounds((5, 1, 7, 13), (0, 26, 0, 0), (13, 0, 13, 0), (26, 0, 0, 0), (0, 0, 0, 26))
    whole = GAME.replay(HEARTS, 2, played)
    for cut in range(len(played) + 1):
        if cut:
            state = whole.hands[cut - 1].state.to_dict()
        else:
            state = GAME.replay(HEARTS, 2, []).state.to_dict()
        rest = GAME.resume(HEARTS, state, played[cut:])
        assert rest.hands == whole.hands[cut:]
        assert (rest.totals, rest.winners, rest.dealer) == (
            whole.totals,
            whole.winners,
            whole.dealer,
        )


# --- the table's size and the dealer ----------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players_each_deal_in_turn(players):
    game = GAME.seated(players)
    assert game.seats == players and game.sides == tuple((s,) for s in range(players))
    assert GAME.seated(players) is game
    progress = game.replay(SheetSettings(goal="open"), players - 1, [written((0,) * players)] * 9)
    assert [h.dealer for h in progress.hands] == [(players - 1 + n) % players for n in range(9)]
    with pytest.raises(InvalidHand) as refused:
        game.record_from_dict(SheetSettings(), {"points": [0] * (players + 1)})
    assert refused.value.field == "points"


@pytest.mark.parametrize("players", [0, 1, 9, "4", None])
def test_a_player_count_the_sheet_does_not_seat_is_refused(players):
    with pytest.raises(InvalidSettings) as refused:
        GAME.seated(players)
    assert refused.value.field == "players"
    assert "2 to 8 players" in refused.value.message


@pytest.mark.parametrize("dealer", [True, False])
def test_the_dealer_knob_says_whether_pages_show_the_dealer(dealer):
    assert SheetSettings(dealer=dealer).shows_dealer is dealer


# --- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"goal": "fastest"}, "goal"),
        ({"target": "0"}, "target"),
        ({"rounds": "0"}, "rounds"),
        ({"round_total": "ten"}, "round_total"),
        ({"tie_at_end": "coin"}, "tie_at_end"),
    ],
)
def test_settings_refuse_a_bad_value_naming_the_knob(changes, field):
    with pytest.raises(InvalidSettings) as refused:
        GAME.settings_from_dict(changes)
    assert refused.value.field == field


def test_every_sheet_is_the_any_game_preset():
    assert HEARTS.preset_of(GAME.presets) == "any-game"
    assert GAME.settings_from_dict({"round_total": "26", "goal": "low_target"}) == HEARTS


# --- the hand form -----------------------------------------------------------------------------


def test_the_form_shows_a_running_total_without_a_round_total():
    spec = GAME.hand_form(SheetSettings(), NAMES)
    assert [f.name for f in spec.fields] == [f"points_{s}" for s in range(4)]
    assert all(f.seat == s and f.low < 0 < f.high for s, f in enumerate(spec.fields))
    assert spec.rules == {
        "total": [
            {
                "prefix": "points",
                "step": "round",
                "words": [],
                "text": "round-total",
                "text_word": "round-total",
            }
        ]
    }


def test_the_form_checks_the_round_total_live_when_set():
    spec = GAME.seated(5).hand_form(HEARTS, [*NAMES, "Eve"])
    (rule,) = spec.rules["sum"]
    assert rule["total"] == 26 and rule["prefix"] == "points"
    assert set(spec.rules) == {"sum"} and len(spec.fields) == 5


def test_the_form_round_trips_negative_points():
    values = GAME.hand.form_values({"points": [5, -3, 0, 12]})
    assert values == {"points_0": "5", "points_1": "-3", "points_2": "0", "points_3": "12"}
    body = GAME.hand.form_body(GAME.context(SheetSettings()), values, None)
    assert GAME.record_from_dict(SheetSettings(), body) == written((5, -3, 0, 12))


def test_a_round_missing_the_total_lands_beside_the_last_pad():
    spec = GAME.hand_form(HEARTS, NAMES)
    body = GAME.hand.form_body(
        GAME.context(HEARTS), GAME.hand.form_values({"points": [10, 10, 5, 0]}), None
    )
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(HEARTS, body)
    assert spec.error_target(refused.value.field) == "points_3"


# --- what the pages show -------------------------------------------------------------------------


def test_explain_and_the_hand_views_say_who_won_the_round():
    record = written((5, -3, 0, 12))
    assert [[str(m) for m in terms] for terms in GAME.explain(SheetSettings(), record)] == [
        ["written on the sheet: +5"],
        ["written on the sheet: −3"],
        ["written on the sheet: 0"],
        ["written on the sheet: +12", "the round's highest points"],
    ]
    low = GAME.explain(HEARTS.with_changes({"round_total": None}), record)
    assert [str(m) for m in low[1]] == ["written on the sheet: −3", "the round's lowest points"]
    (view,) = GAME.hand_views(GAME.replay(SheetSettings(), 0, [record]))
    assert view.about == 3 and str(view.outcome) == "total +14"
    assert [(s.points, s.total, s.made) for s in view.seats] == [
        (5, 5, None),
        (-3, -3, None),
        (0, 0, None),
        (12, 12, True),
    ]
    assert GAME.hand_result(GAME.replay(SheetSettings(), 0, [record]).hands[0]) == {
        "round_winners": [3],
        "moon": None,
    }


def test_a_round_everyone_scored_alike_has_no_winner():
    (hand,) = GAME.replay(SheetSettings(), 0, [written((0, 0, 0, 0))]).hands
    assert GAME.hand_result(hand) == {"round_winners": [], "moon": None}


def test_describe_and_revision_view_list_each_players_points():
    hand = {"points": [5, -3, 0, 12]}
    assert [str(m) for m in GAME.describe_hand(hand, NAMES)] == [
        "Ann +5 points",
        "Bob −3 points",
        "Cat 0 points",
        "Dan +12 points",
    ]
    view = GAME.revision_view(hand, NAMES)
    assert [str(m) for m in view.summary] == ["round total +14"]
    # each figure says what it is, as the line does (issue 69)
    assert [str(points) for points, _ in view.seats] == [
        "+5 points",
        "−3 points",
        "0 points",
        "+12 points",
    ]


def test_the_rules_lines_follow_the_goal():
    lines = {str(line.label): str(line.value) for line in GAME.rules_lines(HEARTS)}
    assert lines["Goal"] == "first to the target; the lowest total wins"
    assert lines["Target"] == "100" and lines["Round total"] == "26"
    notes = [str(m) for m in GAME.rules_notes(HEARTS)]
    assert notes[0] == "Every round's points add up to 26."


# --- statistics --------------------------------------------------------------------------------


def test_rounds_won_best_worst_and_average():
    settings = SheetSettings(goal="open")
    played = rounds((5, -3, 0, 12), (7, 7, 1, 0), (0, 0, 0, 0), (-4, 10, 2, 2))
    stats = GAME.figures.game_stats(GAME.figures.recorded(settings, 0, NAMES, played))
    figures = [p.figures.to_dict() for p in stats.players]
    assert figures == [
        {"hands": 4, "average_points": 2.0, "rounds_won": 1, "best_round": 7, "worst_round": -4},
        {"hands": 4, "average_points": 3.5, "rounds_won": 2, "best_round": 10, "worst_round": -3},
        {"hands": 4, "average_points": 0.75, "rounds_won": 0, "best_round": 2, "worst_round": 0},
        {"hands": 4, "average_points": 3.5, "rounds_won": 1, "best_round": 12, "worst_round": 0},
    ]
    lines = GAME.figures.player([p.figures for p in stats.players])
    assert [str(line.label) for line in lines] == [
        "Rounds played",
        "Rounds won",
        "Best round",
        "Worst round",
        "Average points per round",
    ]
    assert [str(v) for v in lines[2].values] == ["+7", "+10", "+2", "+12"]


def test_where_the_lowest_wins_the_best_round_is_the_fewest_points():
    played = rounds((0, 26, 0, 0), (13, 0, 13, 0))
    stats = GAME.figures.game_stats(GAME.figures.recorded(HEARTS, 0, NAMES, played))
    ann = stats.players[0].figures.to_dict()
    assert (ann["best_round"], ann["worst_round"], ann["rounds_won"]) == (0, 13, 1)
    careers = GAME.figures.careers([GAME.figures.recorded(HEARTS, 0, NAMES, played)])
    assert careers["Bob"].figures.rounds_won == 1


def test_head_to_head_counts_fewer_points_ahead_where_the_lowest_wins():
    played = rounds((0, 26, 0, 0), (13, 0, 13, 0), *[(26, 0, 0, 0)] * 4)
    game = GAME.figures.recorded(HEARTS, 0, NAMES, played)
    assert game.replay().totals == (117, 26, 13, 0) and game.replay().winners == (3,)
    bob = GAME.figures.head_to_head([game], ["Ann", "Bob"]).rivalry("Bob", "Ann")
    assert (bob.ahead, bob.behind, bob.hands_ahead, bob.hands_behind) == (1, 0, 5, 1)
    assert bob.average_margin == 117 - 26


def test_careers_and_head_to_head_span_tables_of_every_size():
    three = GAME.seated(3).figures.recorded(
        SheetSettings(goal="rounds", rounds=1), 0, ["Ann", "Bob", "Cat"], [written((9, 2, 4))]
    )
    six_names = ["Eve", "Fay", "Gus", "Ann", "Hal", "Bob"]
    six = GAME.seated(6).figures.recorded(
        SheetSettings(goal="rounds", rounds=1), 0, six_names, [written((0, 0, 0, 1, 0, 7))]
    )
    careers = GAME.figures.careers([three, six])
    assert (careers["Ann"].games, careers["Ann"].wins, careers["Bob"].wins) == (2, 1, 1)
    assert careers["Bob"].figures.to_dict()["best_round"] == 7
    bob = GAME.figures.head_to_head([three, six], ["Ann", "Bob"]).rivalry("Bob", "Ann")
    assert (bob.games, bob.ahead, bob.behind) == (2, 1, 1)
    # The registered table of four records a game of six at six, and refuses nine.
    assert GAME.figures.recorded(SheetSettings(), 0, six_names, []).game.seats == 6
    with pytest.raises(ValueError):
        GAME.figures.recorded(SheetSettings(), 0, [*six_names, "Ida", "Jo", "Kim"], [])
