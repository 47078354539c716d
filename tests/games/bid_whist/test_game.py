"""Every member of the Game interface as Bid Whist answers it, with docs/rules/bid-whist.md's
worked examples: preview, the scoreboard's rows, the sheets' rules, statistics per player
and per side, the independent checker, the simulation tally, and a hand stored in a real
SQLite file."""

import json

import pytest

from scorekeeper import db, game_play
from scorekeeper.engine.bid_whist import GAME
from scorekeeper.engine.core.display import Notation
from scorekeeper.engine.core.game import Game, seat_values, side_values
from scorekeeper.engine.registry import GAMES, UNLISTED
from tests.support.app import game_in_new_group
from tests.support.games.bid_whist.game import hand, progress_of
from tests.support.games.bid_whist.shared import S

NAMES = ["Ann", "Bob", "Cat", "Dan"]  # A: Ann & Cat, B: Bob & Dan


FOUR_UP = {"bidder": 0, "bid": "4U", "trump": "H", "books": 11}  # A +5
FIVE_NT = {"bidder": 1, "bid": "5NT", "direction": "low", "books": 10}  # B set, -10
THREE_D = {"bidder": 2, "bid": "3D", "trump": "S", "books": 9, "reneges": [1, 0]}  # A -3
BOSTON_UP = {**FOUR_UP, "books": 13}  # +7
SEVEN_NT = {"bidder": 0, "bid": "7NT", "direction": "high", "books": 13}  # A +14, Boston


def test_bid_whist_is_offered():
    assert isinstance(GAME, Game) and GAME not in UNLISTED and GAMES["bid-whist"] is GAME
    assert GAME.progression.finish_now is True and GAME.simulation.bots == ("random", "heuristic")


@pytest.mark.parametrize(
    ("body", "changes", "preview", "seats"),
    [
        (FOUR_UP, {}, {"points": [5, 0], "made": True, "needed": 10}, (5, 0, 5, 0)),
        (FIVE_NT, {}, {"points": [0, -10], "made": False, "needed": 11}, (0, -10, 0, -10)),
        (
            FIVE_NT,
            {"set_goes_to": "defenders_gain"},
            {"points": [10, 0], "made": False, "needed": 11},
            (10, 0, 10, 0),
        ),
        (THREE_D, {}, {"points": [-3, 0], "made": False, "needed": 9}, (-3, 0, -3, 0)),
        (SEVEN_NT, {}, {"points": [14, 0], "made": True, "needed": 13}, (14, 0, 14, 0)),
        (SEVEN_NT, {"boston": "double"}, {"points": [28, 0], "made": True, "needed": 13}, None),
    ],
)
def test_preview_gives_points_per_side_and_points_per_seat_alike(body, changes, preview, seats):
    settings = S.with_changes(changes)
    record = hand(settings, **body)
    assert GAME.preview(settings, record) == preview
    points = GAME.points(settings, record)
    assert side_values(GAME, points) == tuple(preview["points"])
    assert seat_values(GAME, preview["points"]) == points
    if seats:
        assert points == seats


def test_a_thrown_in_hand_previews_nothing():
    record = hand(thrown_in=True)
    assert GAME.preview(S, record) == {"points": [0, 0], "made": None, "needed": None}
    assert GAME.points(S, record) == (0, 0, 0, 0)


def test_partners_must_score_alike():
    with pytest.raises(ValueError):
        side_values(GAME, (1, 0, 2, 0))
    with pytest.raises(ValueError):
        seat_values(GAME, (1, 2, 3))


def test_scoreboard_rows_say_the_bid_books_outcome_and_both_totals():
    progress, _ = progress_of(FOUR_UP, FIVE_NT, {"thrown_in": True}, THREE_D)
    views = GAME.hand_views(progress)
    assert [v.number for v in views] == [1, 2, 3, 4]
    assert [v.dealer for v in views] == [0, 1, 2, 3]
    assert [v.about for v in views] == [0, 1, None, 2]
    assert [str(v.bid) if v.bid else None for v in views] == [
        "4 uptown ♥",
        "5 no-trump low",
        None,
        "3 downtown ♠",
    ]
    assert [v.bid.css if v.bid else None for v in views] == ["r", "", None, ""]
    assert [str(v.outcome) for v in views] == ["made", "set", "thrown in", "set"]
    first, second, thrown, renege = views
    assert [(s.entry, s.points, s.total, s.made) for s in first.seats] == [
        (("10", "11"), 5, 5, True),
        (("–", "2"), 0, 0, None),
    ]
    assert [(s.entry, s.points, s.total, s.made) for s in second.seats] == [
        (("–", "3"), 0, 5, None),
        (("11", "10"), -10, -10, False),
    ]
    assert [(s.entry, s.points, s.total) for s in thrown.seats] == [((), None, 5), ((), None, -10)]
    # a caught renege by A moved 3 books: 9 - 3 = 6 books of 9 needed
    assert renege.seats[0].entry == ("9", "6") and renege.seats[0].points == -3
    assert [hand.totals for hand in progress.hands] == [(5, 0), (5, -10), (5, -10), (2, -10)]
    assert progress.totals == (2, -10) and progress.winner is None


def test_a_boston_is_its_own_outcome_and_the_winner_is_a_side():
    twelve = {**FOUR_UP, "books": 12}  # +6
    progress, _ = progress_of(twelve, {**twelve, "bidder": 2}, SEVEN_NT)
    assert [str(v.outcome) for v in GAME.hand_views(progress)] == ["made", "made", "Boston"]
    assert progress.totals == (26, 0) and progress.winner == 0
    assert (progress.status, progress.tie_at_top) == ("finished", False)


def test_finish_now_ends_the_game_with_the_side_ahead_and_a_tie_plays_on():
    records = [hand(**FOUR_UP), hand(**{**FOUR_UP, "bidder": 1})]
    level = GAME.replay(S, 0, records, finish_after=2)
    assert (level.status, level.tie_at_top) == ("in_progress", True)
    ahead = GAME.replay(S, 0, [*records, hand(**FOUR_UP)], finish_after=2)
    assert (ahead.status, ahead.winner) == ("finished", 0)


def test_rules_lines_and_points_table_for_the_sheets():
    lines = {str(line.label): line.value for line in GAME.rules_lines(S)}
    assert lines["Uptown or downtown made, B books"] == Notation("B − 6")
    assert lines["No-trump made, B books"] == Notation("2·(B − 6)")
    assert lines["No-trump set at level L"] == Notation("−2L")
    assert str(lines["A set"]) == "the bidders lose the points"
    # Every knob as the new-game form says it, after the scoring table.
    assert list(lines)[4:] == [
        str(knob.label) for knob in GAME.preset(GAME.default_preset).knobs_for_table()
    ]
    assert lines["Books per renege"] == 3 and str(lines["When all pass"]).startswith("thrown in")
    assert lines["Lowest bid"] == 3 and lines["Target score"] == 21
    assert str(lines["Deal limit"]) == "none" and lines["Jokers"] == 2
    house = S.with_changes({"minimum_level": 4, "boston": "wins_game", "deal_limit": 12})
    lines = {str(line.label): line.value for line in GAME.rules_lines(house)}
    assert str(lines["Boston (all 13 books)"]) == "wins the game" and lines["Deal limit"] == 12
    # The points of a bid made exactly are the line "B − 6" at B = 6 + L: no table of them.
    assert GAME.paper.points_table(S) == GAME.paper.points_table(house) == []
    notes = [str(note) for note in GAME.rules_notes(S)]
    assert "6 + L books" in notes[0] and "+21 or more wins" in notes[1] and "−21" in notes[1]


@pytest.mark.parametrize(
    ("changes", "books", "throw_in"),
    [({}, 3, True), ({"renege_books": 2, "all_pass": "dealer_must_bid"}, 2, False)],
)
def test_the_hand_form_folds_the_bid_and_the_reneges_and_hints_the_books(changes, books, throw_in):
    """The bid's step folds once made, the reneges sit folded under the books at 0 with
    the books each moves, the deal everyone passed is thrown in only under ``redeal``, and
    the books box hears what the level needs."""
    spec = GAME.hand_form(S.with_changes(changes), NAMES)
    bid, taken = spec.steps
    assert (bid.folds, taken.folds, bid.folded_label) == (True, False, None)
    assert str(taken.folded_label) == f"Reneges ({books} books each)"
    assert [(f.name, f.default) for f in taken.fields if f.folded] == [
        ("reneges_0", "0"),
        ("reneges_1", "0"),
    ]
    assert [str(a.label) for a in spec.actions] == ["Everyone passed: throw in"] * throw_in
    assert spec.rules["hint"][0]["table"]["4"] == 10
    assert (spec.error_target("bid"), spec.error_target("reneges")) == ("level", "reneges_0")


def test_describe_hand_in_one_line():
    """The core's line from the hand's row: the bidder, the bid, made or set, and each
    side's books in words (issue 69: "10 11" said nothing): the bidders' taken of those
    needed, the defenders' taken, and a renege named (after reneges: Cat's side needed 9,
    took 9 - 3)."""
    said = GAME.describe_hand(FOUR_UP, NAMES)
    assert [str(part) for part in said] == [
        "Ann",
        "Bid: 4 uptown ♥",
        "made",
        "Ann & Cat: 11 books of 10 needed",
        "Bob & Dan: 2 books",
    ]
    said = GAME.describe_hand(hand(**THREE_D).to_dict(), NAMES)
    assert [str(part) for part in said][1:] == [
        "Bid: 3 downtown ♠",
        "set",
        "Ann & Cat: 6 books of 9 needed, 1 renege",
        "Bob & Dan: 7 books",
    ]
    assert [str(p) for p in GAME.describe_hand({"thrown_in": True}, NAMES)] == ["thrown in"]


def test_statistics_per_player_per_side_and_per_game():
    games = [
        GAME.figures.recorded(S, 0, NAMES, [hand(**b) for b in (FOUR_UP, FIVE_NT, THREE_D)], 1),
        GAME.figures.recorded(
            S, 1, ["Ann", "Bob", "Eve", "Cat"], [hand(**SEVEN_NT), hand(**BOSTON_UP)], 2
        ),
    ]
    stats = GAME.figures.game_stats(games[0])
    assert (stats.hands, stats.played) == (3, 3)
    assert stats.winner is None and [p.total for p in stats.players] == [2, -10, 2, -10]
    ann, bob, cat, _dan = (p.figures for p in stats.players)
    assert (ann.bids.made, ann.bids.attempted, ann.sets, ann.over_sum) == (1, 1, 0, 1)
    assert (cat.bids.attempted, cat.sets, cat.average_over) == (1, 1, -3.0)
    assert (bob.by_kind[2].attempted, bob.by_level[2].made) == (1, 0)
    side_a = stats.sides[0]
    assert (side_a.name, side_a.total, side_a.figures.bids.attempted) == ("Ann & Cat", 2, 2)
    assert side_a.figures.average_over == -1.0 and side_a.figures.points_sum == 2
    lines = {str(line.label): line.values for line in GAME.figures.player([ann, bob, cat])}
    assert [str(v) for v in lines["Bids made"]] == ["1/1 (100%)", "0/1 (0%)", "0/1 (0%)"]
    assert [str(v) for v in lines["Level 4 bids made"]] == ["1/1 (100%)", "–", "–"]
    assert [str(v) for v in lines["Average books over the bid"]] == ["+1.0", "−1.0", "−3.0"]
    assert [str(v) for v in lines["Sets"]] == ["0", "1", "1"]
    game_lines = {str(line.label): line.values for line in GAME.figures.game_lines(stats)}
    kinds = ("Uptown bids", "Downtown bids", "No-trump bids")
    assert [str(game_lines[kind][0]) for kind in kinds] == ["1/3 (33%)"] * 3
    assert str(game_lines["Hands"][0]) == "3 (3 played, 0 thrown in)"
    # the second game: Ann and Cat sit opposite; Ann's side wins with two Bostons, 14 + 7
    second = GAME.figures.game_stats(games[1])
    assert second.winner == "Ann & Eve" and second.sides[0].figures.bostons == 2
    careers = GAME.figures.careers(games)
    assert list(careers) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    ann_career = careers["Ann"]
    assert (ann_career.games, ann_career.finished, ann_career.wins) == (2, 1, 1)
    assert ann_career.figures.bids.attempted == 3 and ann_career.figures.bostons == 2
    career = {
        str(line.label): line.values
        for line in GAME.figures.career_lines("Ann", 2, 1, 1, ann_career.figures)
    }
    assert str(career["Finished games won"][0]) == "1/1 (100%)"
    assert str(career["Bostons"][0]) == "2"
    table = GAME.figures.head_to_head(games, ["Ann", "Cat", "Bob"])
    partners = table.rivalry("Ann", "Cat")
    assert (partners.partnered, partners.games, partners.finished) == (1, 1, 1)
    assert (partners.ahead, partners.wins, partners.hands_ahead) == (1, 1, 2)
    assert partners.average_margin == 21.0
    against_bob = table.rivalry("Bob", "Ann")
    assert (against_bob.games, against_bob.hands, against_bob.hands_behind) == (2, 5, 4)
    assert [str(note) for note in GAME.figures.notes][0].startswith("A player's bids")


def test_recorded_games_need_four_different_names():
    with pytest.raises(ValueError):
        GAME.figures.recorded(S, 0, ["Ann", "Ann", "Cat", "Dan"], [])


def test_the_checker_catches_wrong_points_and_the_record_reads_the_bidders_books():
    """The harness's check of a deal is the core's: its record reads and scores the
    deal's points (per side); every card, call and trick is checked by
    ``test_simulate.check_deal``'s own reading of the rules."""
    deal = next(d for d in GAME.simulation.deals(S, 20, seed=1) if not d["thrown_in"])
    assert GAME.simulation.broken_rules(S, deal) == []
    swapped = {**deal, "points": [p - 1 for p in deal["points"]]}
    assert any("points" in problem for problem in GAME.simulation.broken_rules(S, swapped))
    record = GAME.simulation.record_of(deal)
    assert record.books == deal["books"][deal["bidder"] % 2]


def test_the_simulation_tally_counts_the_interface_deals():
    tally = GAME.simulation.tally()
    deals = list(GAME.simulation.deals(S, 200, seed=9, bots="heuristic"))
    for deal in deals:
        tally.add(deal)
    lines = tally.lines()
    assert lines[0].startswith("deals: 200")
    played = [d for d in deals if not d["thrown_in"]]
    sets = sum(not GAME.preview(S, GAME.simulation.record_of(d))["made"] for d in played)
    assert f"sets: {sets} " in "\n".join(lines)


@pytest.fixture
def bid_whist_registered():
    assert GAMES[GAME.key] is GAME
    return GAME


def test_a_bid_whist_hand_stores_in_sqlite(tmp_path, bid_whist_registered):
    database = db.migrate(str(tmp_path / "bw.db"))
    game_id, _key = game_in_new_group(
        database,
        NAMES,
        "bid-whist",
        S,
        0,
        game="bid-whist",
    )
    number, progress, _revision = game_play.add_hand(database, game_id, hand(**FOUR_UP))
    assert number == 1 and progress.totals == (5, 0)
    game_play.add_hand(database, game_id, hand(thrown_in=True))
    row = database.execute("SELECT record FROM hands WHERE number = 1").fetchone()
    assert '"trump": "H"' in row[0]
    assert json.loads(row[0]) == {**FOUR_UP, "thrown_in": False}
    game, hands = db.load_game_with_hands(database, game_id)
    assert [h.record for h in hands] == [hand(**FOUR_UP), hand(thrown_in=True)]
    database.conn.close()


def test_the_stored_state_keeps_its_keys_and_refuses_what_bid_whist_never_writes():
    """What the store and the phone keep after a hand (its state's ``to_dict()``) reads back as it
    was: the race's state (``core.progress.RaceState``), every deal counted toward the
    deal limit; a state with a seat or sides Bid Whist has not, or a field left out, is
    refused as a ValueError."""
    progress = GAME.replay(S, 3, [hand(**SEVEN_NT), hand(thrown_in=True)], starting_totals=[2, -1])
    stored = progress.hands[0].state.to_dict()
    assert stored == {
        "number": 1,
        "totals": [16, -1],
        "dealer": 0,
        "scored": 1,
        "target_reached": False,
        "winners": [],
        "start": [2, -1],
    }
    assert progress.hands[1].state.to_dict()["scored"] == 2
    ended = GAME.replay(S, 0, [hand(**SEVEN_NT)] * 2).state.to_dict()
    assert (ended["winners"], ended["target_reached"], ended["totals"]) == ([0], True, [28, 0])
    assert GAME.resume(S, stored, [hand(thrown_in=True)]).totals == progress.totals
    for wrong in (
        {"dealer": 4},
        {"number": -1},
        {"number": "one"},
        {"totals": [1, 2, 3]},
        {"start": ["x", 0]},
    ):
        with pytest.raises(ValueError):
            GAME.resume(S, stored | wrong, [])
    with pytest.raises(ValueError):
        GAME.resume(S, {k: v for k, v in stored.items() if k != "scored"}, [])
