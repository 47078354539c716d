"""Ratings within a group (docs/rules/ratings.md), checked against the ``openskill`` library
called directly, on games played through the API: ties, partnerships, a substitute, a
lowest-wins sheet, every registered game, a finished game edited or un-finished, an older
file, and the helpers the pages use (the table with its trend, a player's history, the
chances of a seating and the fairest partnerships)."""

from __future__ import annotations

import math
import shutil
from types import SimpleNamespace

import pytest

from scorekeeper import db, game_play
from scorekeeper.engine import GAMES, get_game, ratings
from scorekeeper.engine.core.game import seat_counts
from tests.support.app import move_to_group
from tests.support.game_page_matrix import names_for, simulated_hands
from tests.support.play import bot_runs
from tests.support.ratings_play import LIBRARY, Table, assert_matches, library_ratings
from tests.support.upgrade import V4_DB
from tests.support.web.review.ratings_openskill import (
    blend_of,
    database_of,
    kept_trends,
    library_of,
    play_apart,
    sheet_of,
    spades_near_the_end,
)

FOUR = ["Noa", "Avi", "Dana", "Gil"]


@pytest.fixture
def table(client):
    return Table(client)


# --- the rules --------------------------------------------------------------------------


def test_the_worked_example_of_rules_section_6():
    """Four new players finish Israeli Whist 130, 95, 95, 60: the winner rises, the two
    at 95 move alike, the last falls; exactly as the library rates it."""
    whist = get_game("israeli-whist")
    game = SimpleNamespace(
        id=1,
        game="israeli-whist",
        players=tuple(FOUR),
        changes=(),
        hand_count=12,
        totals=(130, 95, 95, 60),
        settings=whist.preset(whist.default_preset),
    )
    event = ratings.event_of(game)
    assert event.teams == (("Noa",), ("Avi",), ("Dana",), ("Gil",))
    assert event.scores == (130, 95, 95, 60) and not event.changed_hands
    after = ratings.rate({}, event)
    expected = LIBRARY.rate([[LIBRARY.rating()] for _ in FOUR], scores=[130, 95, 95, 60])
    for name, [rating] in zip(FOUR, expected, strict=True):
        assert (after[name].mu, after[name].sigma) == (rating.mu, rating.sigma)
        assert after[name].games == 1 and after[name].provisional
    assert after["Noa"].mu > 25 > after["Gil"].mu
    assert after["Avi"] == after["Dana"]
    assert after["Noa"].mu > after["Avi"].mu > after["Gil"].mu
    assert after["Noa"].shown == round(after["Noa"].mu - 3 * after["Noa"].sigma, 1)


def test_the_worked_example_played_through_the_api(table):
    table.sheet(FOUR, [130, 95, 95, 60])
    answer = table.ratings("any-game")
    assert [row["player"] for row in answer][0] == "Noa" and answer[-1]["player"] == "Gil"
    assert_matches({r["player"]: r for r in answer}, [([[n] for n in FOUR], [130, 95, 95, 60])])


def test_a_run_of_games_with_ties_and_changing_tables(table):
    games = [
        (FOUR, [40, 40, 10, 10]),
        (["Noa", "Avi", "Tal"], [5, 30, 30]),
        (["Gil", "Tal", "Dana", "Avi", "Noa"], [12, 12, 12, 12, 12]),
        (["Dana", "Noa"], [-3, 7]),
    ]
    for players, points in games:
        table.sheet(players, points)
    assert_matches(
        table.by_player("any-game"),
        [([[n] for n in players], points) for players, points in games],
    )


def test_the_lowest_total_wins_a_low_sheet_so_its_totals_are_negated(table):
    table.sheet(FOUR, [10, 0, 13, 3], goal="rounds_low")
    answer = table.by_player("any-game")
    assert_matches(answer, [([[n] for n in FOUR], [-10, 0, -13, -3])])
    assert max(answer, key=lambda n: answer[n]["mu"]) == "Avi"
    assert min(answer, key=lambda n: answer[n]["mu"]) == "Dana"


SPADES_HAND = {"bids": [4, 2, 3, 3], "tricks": [5, 2, 3, 3]}  # A +71, B +50


def test_a_partnership_game_rates_each_side_as_a_team_of_two(table):
    game_id = spades_near_the_end(table, FOUR)
    assert table.hand(game_id, SPADES_HAND)["status"] == "finished"
    sides = get_game("spades").sides
    teams = [[FOUR[seat] for seat in side] for side in sides]
    assert teams == [["Noa", "Dana"], ["Avi", "Gil"]]
    answer = table.by_player("spades")
    assert_matches(answer, [(teams, [501, 350])])
    assert answer["Noa"]["mu"] == answer["Dana"]["mu"] > answer["Avi"]["mu"]


# --- a seat that changed hands: one player blended from its sitters ---------------------

"""Sheets that rate the players apart first: Gil strong, Tal weak, Noa and Avi between."""


def test_a_shared_seat_is_one_player_blended_from_its_sitters(table):
    """Tal sits the last hand of 20 for Gil: Noa, Avi and Dana move exactly as the library
    moves them against one player of Gil's and Tal's ratings blended 19 to 1; Gil moves by
    19/20 of that player's move, Tal by 1/20."""
    prior = play_apart(table)
    before = table.by_player("any-game")
    game_id = table.start("any-game", FOUR, settings={"goal": "rounds", "rounds": 20})
    for number in range(1, 21):
        if number == 20:
            table.seat(game_id, 3, "Tal")
        answer = table.hand(game_id, {"points": [1, 3, 0, 2]})
    assert answer["status"] == "finished" and answer["totals"] == [20, 60, 0, 40]
    after = table.by_player("any-game")

    rated = {name: library_of(row) for name, row in before.items()}
    seat = blend_of([(rated["Gil"], 19 / 20), (rated["Tal"], 1 / 20)])
    [[noa], [avi], [dana], [seat_after]] = LIBRARY.rate(
        [[rated["Noa"]], [rated["Avi"]], [rated["Dana"]], [seat]], scores=[20, 60, 0, 40]
    )
    for name, expected in (("Noa", noa), ("Avi", avi), ("Dana", dana)):
        assert (after[name]["mu"], after[name]["sigma"]) == (expected.mu, expected.sigma)
    seat_move = seat_after.mu - seat.mu
    kept = seat_after.sigma**2 / seat.sigma**2
    assert seat_move > 0 and kept < 1  # second of four: the seat rises a little
    for name, share in (("Gil", 19 / 20), ("Tal", 1 / 20)):
        old, new = before[name], after[name]
        assert new["mu"] - old["mu"] == pytest.approx(share * seat_move, rel=1e-12)
        assert new["sigma"] ** 2 == pytest.approx(
            old["sigma"] ** 2 * (1 - share * (1 - kept)), rel=1e-12
        )
        assert new["games"] == old["games"] + 1
    # The sitter of one hand in twenty barely moves: at most a twentieth of the seat.
    assert 0 < after["Tal"]["mu"] - before["Tal"]["mu"] <= seat_move / 20 * (1 + 1e-12)
    assert before["Tal"]["sigma"] > after["Tal"]["sigma"] > before["Tal"]["sigma"] * 0.999
    shared = [("Gil", 19 / 20), ("Tal", 1 / 20)]
    assert_matches(after, [*prior, ([["Noa"], ["Avi"], ["Dana"], [shared]], [20, 60, 0, 40])])


RATED = {
    "Noa": ratings.Rating(29.0, 5.0, 6),
    "Avi": ratings.Rating(23.5, 6.0, 6),
    "Dana": ratings.Rating(26.0, 7.0, 3),
    "Gil": ratings.Rating(31.0, 4.0, 9),
    "Tal": ratings.Rating(18.0, 7.5, 2),
}


def test_the_winner_gains_as_against_one_player_of_the_blended_rating():
    from scorekeeper.engine.core.seating import SeatChange

    # Tal sits for Gil from hand 4 of 4; Noa wins.
    shared = ratings.event_of(sheet_of(FOUR, [SeatChange(4, 3, "Tal")], (12, 4, 8, 0)))
    assert shared.changed_hands
    assert shared.seats[3] == ((("Gil", 0.75), ("Tal", 0.25)),)
    after = ratings.rate(RATED, shared)
    # The same game with that seat one player, "Blend", of the blended rating.
    mu = 0.75 * 31.0 + 0.25 * 18.0
    sigma = math.sqrt(0.75 * 4.0**2 + 0.25 * 7.5**2)
    alone = ratings.event_of(sheet_of(["Noa", "Avi", "Dana", "Blend"], [], (12, 4, 8, 0)))
    assert not alone.changed_hands
    as_one = ratings.rate({**RATED, "Blend": ratings.Rating(mu, sigma, 0)}, alone)
    for name in ("Noa", "Avi", "Dana"):
        assert after[name] == as_one[name]
    assert after["Noa"].mu > RATED["Noa"].mu
    # Not the library's weights: with them Noa gained about twice as much.
    as_library = {name: LIBRARY.rating(mu=r.mu, sigma=r.sigma) for name, r in RATED.items()}
    weighted = LIBRARY.rate(
        [[as_library[name]] for name in ("Noa", "Avi", "Dana")]
        + [[as_library["Gil"], as_library["Tal"]]],
        scores=[12, 4, 8, 0],
        weights=[[1.0], [1.0], [1.0], [0.75, 0.25]],
    )
    assert weighted[0][0].mu - 29.0 > 1.5 * (after["Noa"].mu - 29.0)
    # The seat's move is shared 3 to 1: Gil and Tal both lose, Tal a third of Gil's loss.
    seat_move = as_one["Blend"].mu - mu
    assert after["Gil"].mu - 31.0 == pytest.approx(0.75 * seat_move, rel=1e-12)
    assert after["Tal"].mu - 18.0 == pytest.approx(0.25 * seat_move, rel=1e-12)
    assert seat_move < 0 and after["Gil"].games == 10 and after["Tal"].games == 3


def test_a_substitute_as_strong_as_the_one_they_replace_changes_nothing_for_the_others():
    from scorekeeper.engine.core.seating import SeatChange

    game = sheet_of(FOUR, [SeatChange(3, 3, "Tal")], (12, 4, 8, 0))
    twin = {**RATED, "Tal": ratings.Rating(31.0, 4.0, 1)}
    after = ratings.rate(twin, ratings.event_of(game))
    plain = ratings.rate(twin, ratings.event_of(sheet_of(FOUR, [], (12, 4, 8, 0))))
    for name in ("Noa", "Avi", "Dana"):
        assert after[name].mu == pytest.approx(plain[name].mu, rel=1e-12)
        assert after[name].sigma == pytest.approx(plain[name].sigma, rel=1e-12)
    # Gil and Tal share Gil's move alone, half each.
    for name in ("Gil", "Tal"):
        assert after[name].mu - 31.0 == pytest.approx((plain["Gil"].mu - 31.0) / 2, rel=1e-9)
        assert plain["Gil"].sigma < after[name].sigma < 4.0


def test_a_substitute_in_a_partnership_blends_only_their_seat(table):
    """Eve sits for Dana from the second hand of three: Noa, Dana's partner throughout, is
    an ordinary member of the side; the side's other seat is Dana and Eve blended 1 to 2."""
    first = spades_near_the_end(table, FOUR)
    table.hand(first, SPADES_HAND)  # Noa & Dana win
    second = spades_near_the_end(table, ["Eve", "Avi", "Gil", "Noa"])
    table.hand(second, SPADES_HAND)  # Eve & Gil win
    sides = get_game("spades").sides
    prior = [
        ([["Noa", "Dana"], ["Avi", "Gil"]], [501, 350]),
        ([["Eve", "Gil"], ["Avi", "Noa"]], [501, 350]),
    ]
    assert [[["Eve", "Avi", "Gil", "Noa"][s] for s in side] for side in sides] == prior[1][0]
    before = table.by_player("spades")
    game_id = spades_near_the_end(table, FOUR, starting=(300, 300))
    table.hand(game_id, SPADES_HAND)  # 371, 350
    table.seat(game_id, 2, "Eve")
    table.hand(game_id, SPADES_HAND)  # 442, 400
    assert table.hand(game_id, SPADES_HAND)["status"] == "finished"  # 513, 450
    after = table.by_player("spades")

    rated = {name: library_of(row) for name, row in before.items()}
    seat = blend_of([(rated["Dana"], 1 / 3), (rated["Eve"], 2 / 3)])
    [[noa, seat_after], [avi, gil]] = LIBRARY.rate(
        [[rated["Noa"], seat], [rated["Avi"], rated["Gil"]]], scores=[513, 450]
    )
    for name, expected in (("Noa", noa), ("Avi", avi), ("Gil", gil)):
        assert (after[name]["mu"], after[name]["sigma"]) == (expected.mu, expected.sigma)
    for name, share in (("Dana", 1 / 3), ("Eve", 2 / 3)):
        moved = after[name]["mu"] - before[name]["mu"]
        assert moved == pytest.approx(share * (seat_after.mu - seat.mu), rel=1e-12)
        assert moved > 0 and after[name]["sigma"] < before[name]["sigma"]
    shared = [("Dana", 1 / 3), ("Eve", 2 / 3)]
    assert_matches(after, [*prior, ([["Noa", shared], ["Avi", "Gil"]], [513, 450])])
    database = database_of(table.client)
    try:
        shares = {
            p.game_id: p.share for p in db.rating_history(database, table.id, "spades", "Eve")
        }
    finally:
        database.close()
    assert shares == {second: 1.0, game_id: 2 / 3}


def test_a_seat_changed_in_a_sheet_moves_each_sitter_by_their_share(table):
    game_id = table.start("any-game", FOUR, settings={"goal": "rounds", "rounds": 4})
    for _ in range(3):
        table.hand(game_id, {"points": [3, 1, 2, 0]})
    table.seat(game_id, 3, "Tal")
    assert table.hand(game_id, {"points": [3, 1, 2, 0]})["status"] == "finished"
    teams = [["Noa"], ["Avi"], ["Dana"], [[("Gil", 0.75), ("Tal", 0.25)]]]
    answer = table.by_player("any-game")
    assert_matches(answer, [(teams, [12, 4, 8, 0])])
    # All new, the blend is a new player: the others as in a game without a substitute.
    plain = library_ratings([([[n] for n in FOUR], [12, 4, 8, 0])])
    for name in ("Noa", "Avi", "Dana"):
        assert answer[name]["mu"] == plain[name][0].mu
    fall = plain["Gil"][0].mu - 25
    assert answer["Gil"]["mu"] - 25 == pytest.approx(0.75 * fall)
    assert answer["Tal"]["mu"] - 25 == pytest.approx(0.25 * fall)


def test_editing_a_game_before_one_with_a_substitute_rates_it_again(table):
    first = table.sheet(FOUR, [10, 20, 30, 40])
    game_id = table.start("any-game", FOUR, settings={"goal": "rounds", "rounds": 4})
    for number in range(1, 5):
        if number == 2:
            table.seat(game_id, 0, "Tal")
        table.hand(game_id, {"points": [3, 1, 2, 0]})
    table.sheet(["Tal", "Noa"], [1, 2])
    shared = [[[("Noa", 0.25), ("Tal", 0.75)]], ["Avi"], ["Dana"], ["Gil"]]
    later = [(shared, [12, 4, 8, 0]), ([["Tal"], ["Noa"]], [1, 2])]
    assert_matches(table.by_player("any-game"), [([[n] for n in FOUR], [10, 20, 30, 40]), *later])
    edited = table.client.put(
        f"/api/games/{first}/hands/1",
        json={"points": [40, 30, 20, 10]},
        headers=table.edit_keys[first],
    )
    assert edited.status_code == 200, edited.get_json()
    assert_matches(table.by_player("any-game"), [([[n] for n in FOUR], [40, 30, 20, 10]), *later])


def test_editing_a_finished_games_hand_rates_again_from_that_game_on(table):
    first = table.sheet(FOUR, [10, 20, 30, 40])
    table.sheet(["Noa", "Avi", "Tal"], [9, 8, 7])
    table.sheet(["Dana", "Tal"], [1, 2])
    before = [
        ([[n] for n in FOUR], [10, 20, 30, 40]),
        ([["Noa"], ["Avi"], ["Tal"]], [9, 8, 7]),
        ([["Dana"], ["Tal"]], [1, 2]),
    ]
    assert_matches(table.by_player("any-game"), before)
    edited = table.client.put(
        f"/api/games/{first}/hands/1",
        json={"points": [40, 30, 20, 10]},
        headers=table.edit_keys[first],
    )
    assert edited.status_code == 200, edited.get_json()
    after = [([[n] for n in FOUR], [40, 30, 20, 10]), *before[1:]]
    assert_matches(table.by_player("any-game"), after)


def test_deleting_a_finished_games_last_hand_takes_it_out_until_it_ends_again(table):
    first = table.sheet(FOUR, [10, 20, 30, 40])
    table.sheet(["Noa", "Avi"], [5, 1])
    deleted = table.client.delete(f"/api/games/{first}/hands/1", headers=table.edit_keys[first])
    assert deleted.status_code in (200, 204)
    assert_matches(table.by_player("any-game"), [([["Noa"], ["Avi"]], [5, 1])])
    # Finished again, it is the newest event: it comes after the game that ended meanwhile.
    table.hand(first, {"points": [1, 2, 3, 4]})
    assert_matches(
        table.by_player("any-game"),
        [([["Noa"], ["Avi"]], [5, 1]), ([[n] for n in FOUR], [1, 2, 3, 4])],
    )


def test_a_game_in_progress_is_not_rated_and_kinds_are_apart(table):
    game_id = table.start("any-game", FOUR, settings={"goal": "rounds", "rounds": 2})
    table.hand(game_id, {"points": [1, 2, 3, 4]})
    assert table.ratings("any-game") == []
    spades = spades_near_the_end(table, FOUR)
    table.hand(spades, SPADES_HAND)
    assert table.ratings("any-game") == [] and len(table.ratings("spades")) == 4


def test_a_game_finished_now_is_rated_with_the_side_ahead(table):
    bid_whist = get_game("bid-whist")
    game_id = table.start("bid-whist", FOUR, first_dealer=0)
    for hand in simulated_hands(bid_whist, 20, seed=5):
        answer = table.hand(game_id, hand)
        if answer["status"] != "finished":
            finished = table.client.post(
                f"/api/games/{game_id}/finish", headers=table.edit_keys[game_id]
            )
            assert finished.status_code == 200, finished.get_json()
            answer = finished.get_json()
        if answer["status"] == "finished":
            break
    totals = answer["totals"]
    teams = [[FOUR[seat] for seat in side] for side in bid_whist.sides]
    assert_matches(table.by_player("bid-whist"), [(teams, totals)])


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_every_registered_game_is_rated(table, game):
    players = names_for(game)
    finished = None
    for bots in bot_runs(game):
        game_id = table.start(game.key, players, first_dealer=0)
        for hand in simulated_hands(game, 200, seed=11, bots=bots):
            if table.hand(game_id, hand)["status"] == "finished":
                finished = game_id
                break
        if finished:
            break
    if finished is None:
        assert game.progression.finish_now
        table.client.post(f"/api/games/{game_id}/finish", headers=table.edit_keys[game_id])
        finished = game_id
    stored = db.load_game(database := database_of(table.client), finished)
    database.close()
    assert stored.status == "finished"
    event = ratings.event_of(stored)
    teams = [[players[seat] for seat in side] for side in game.seated(len(players)).sides]
    scores = [stored.totals[side[0]] for side in game.seated(len(players)).sides]
    sign = -1 if stored.settings.lowest_wins else 1
    assert [list(team) for team in event.teams] == teams
    assert_matches(table.by_player(game.key), [(teams, [sign * s for s in scores])])


# --- the order of events, and the work of one ---------------------------------------------


def test_a_new_finished_game_leaves_every_earlier_rating_row_as_it_was(table):
    table.sheet(FOUR, [1, 2, 3, 4])
    table.sheet(FOUR, [4, 3, 2, 1])
    database = database_of(table.client)
    try:
        rows = database.execute("SELECT rowid, * FROM rating_history ORDER BY rowid").fetchall()
        table.sheet(FOUR, [2, 2, 1, 1])
        again = database.execute("SELECT rowid, * FROM rating_history ORDER BY rowid").fetchall()
    finally:
        database.close()
    assert again[: len(rows)] == rows and len(again) == len(rows) + 4


def test_rebuild_gives_the_ratings_kept_game_by_game(table):
    table.sheet(FOUR, [1, 2, 3, 4])
    table.sheet(["Noa", "Tal"], [3, 3])
    spades = spades_near_the_end(table, FOUR)
    table.hand(spades, SPADES_HAND)
    kept = {kind: table.ratings(kind) for kind in ("any-game", "spades")}
    database = database_of(table.client)
    try:
        assert db.rebuild_ratings(database, table.id) == 3
        assert db.rebuild_ratings(database) == 3
    finally:
        database.close()
    assert {kind: table.ratings(kind) for kind in ("any-game", "spades")} == kept


# --- an older file -----------------------------------------------------------------------


def test_an_upgraded_file_rates_its_finished_games_on_first_use(tmp_path):
    path = tmp_path / "v4.db"
    shutil.copyfile(V4_DB, path)
    database = db.migrate(str(path))
    try:
        pending = database.execute(
            "SELECT g.game, r.rated FROM rating_games r JOIN games g ON g.id = r.game_id "
            "ORDER BY r.position"
        ).fetchall()
        assert sorted(pending) == [("bid-whist", 0), ("oh-hell", 0)]
        # In the order they finished: their last hands' times, then their ids.
        ordered = database.execute(
            "SELECT g.id FROM games g WHERE g.status = 'finished' ORDER BY (SELECT "
            "max(h.created_at) FROM hands h WHERE h.game_id = g.id AND h.number = "
            "g.hand_count), g.id"
        ).fetchall()
        assert (
            database.execute("SELECT game_id FROM rating_games ORDER BY position").fetchall()
            == ordered
        )
        assert database.execute("SELECT count(*) FROM ratings").fetchone()[0] == 0
        group = db.list_groups(database)[0]
        for kind in ("bid-whist", "oh-hell"):
            finished = [g for g in db.list_games(database, "finished", 100) if g.game == kind]
            [game] = finished
            rules = get_game(kind).seated(len(game.players))
            teams = [[game.players[seat] for seat in side] for side in rules.sides]
            scores = [game.totals[side[0]] for side in rules.sides]
            table = db.ratings_table(database, group.id, kind)
            assert_matches({r.player: r.to_dict() for r in table}, [(teams, scores)])
        assert (
            database.execute("SELECT count(*) FROM rating_games WHERE rated = 0").fetchone()[0] == 0
        )
        # Every game of the file is still there, as it was.
        assert len(db.list_games(database, limit=100)) == 6
    finally:
        database.close()


# --- what the pages read -----------------------------------------------------------------


def test_the_ratings_table_ranks_with_trend_and_provisional(table):
    for round_ in range(12):
        table.sheet(["Noa", "Avi"], [10, 0] if round_ % 3 else [0, 10])
    table.sheet(["Noa", "Gil"], [1, 0])
    database = database_of(table.client)
    try:
        rows = db.ratings_table(database, table.id, "any-game")
        history = db.rating_history(database, table.id, "any-game", "Noa")
        every = db.player_rating_histories(database, table.id, "Noa")
    finally:
        database.close()
    assert [r.player for r in rows] == ["Noa", "Avi", "Gil"]
    assert [r.rank for r in rows] == [1, 2, 3]
    noa, avi, gil = rows
    assert (noa.games, avi.games, gil.games) == (13, 12, 1)
    assert not noa.provisional and gil.provisional
    assert len(noa.recent) == 10 and len(gil.recent) == 1
    assert noa.recent[-1] == noa.rating
    # The trend: the shown rating now less the one before the tenth game back.
    assert noa.trend == round(noa.rating - history[-11].rating, 1)
    assert gil.trend == round(gil.rating - 0.0, 1)
    assert [p.games for p in history] == list(range(1, 14))
    assert history[-1].mu == noa.mu and history[-1].sigma == noa.sigma
    assert list(every) == ["any-game"] and every["any-game"] == history


def test_equal_shown_ratings_share_a_rank(table):
    table.sheet(FOUR, [130, 95, 95, 60])
    rows = table.ratings("any-game")
    database = database_of(table.client)
    try:
        ranks = [r.rank for r in db.ratings_table(database, table.id, "any-game")]
    finally:
        database.close()
    assert rows[1]["rating"] == rows[2]["rating"] and ranks == [1, 2, 2, 4]
    assert [r["player"] for r in rows] == ["Noa", "Avi", "Dana", "Gil"]


def test_win_chances_are_the_librarys_prediction(table):
    table.sheet(FOUR, [40, 30, 20, 10])
    table.sheet(FOUR, [40, 30, 20, 10])
    database = database_of(table.client)
    try:
        chances = db.predict_win(database, table.id, "any-game", ["Gil", "Noa", "Zoe"])
        rated = db.ratings_table(database, table.id, "any-game")
    finally:
        database.close()
    by_name = {r.player: LIBRARY.rating(mu=r.mu, sigma=r.sigma) for r in rated}
    expected = LIBRARY.predict_win([[by_name["Gil"]], [by_name["Noa"]], [LIBRARY.rating()]])
    assert chances == tuple(expected)
    assert chances[1] > chances[0] and sum(chances) == pytest.approx(1)


def test_the_fairest_partnerships_put_the_strong_with_the_weak(table):
    # Noa and Avi win every game, Dana and Gil lose: apart, their sides are even.
    for _ in range(6):
        game_id = spades_near_the_end(table, ["Noa", "Avi", "Dana", "Gil"])
        table.hand(game_id, SPADES_HAND)  # Noa & Dana win
        game_id = spades_near_the_end(table, ["Avi", "Noa", "Gil", "Dana"])
        table.hand(game_id, SPADES_HAND)  # Avi & Gil win
    database = database_of(table.client)
    try:
        fairest = db.fairest_partnerships(
            database, table.id, "spades", ["Noa", "Avi", "Dana", "Gil"]
        )
        current = {r.player: r for r in db.ratings_table(database, table.id, "spades")}
        every = []
        for seating in (
            ["Noa", "Avi", "Dana", "Gil"],
            ["Noa", "Dana", "Avi", "Gil"],
            ["Noa", "Avi", "Gil", "Dana"],
        ):
            every.append(db.predict_win(database, table.id, "spades", seating))
    finally:
        database.close()
    gaps = [abs(a - b) for a, b in every]
    assert abs(fairest.chances[0] - fairest.chances[1]) == min(gaps)
    strong = {n for n in current if current[n].mu > 25}
    assert len(strong) == 2
    for side in fairest.sides:
        assert len(set(side) & strong) == 1
    teams = [
        [LIBRARY.rating(mu=current[n].mu, sigma=current[n].sigma) for n in side]
        for side in fairest.sides
    ]
    assert fairest.chances == tuple(LIBRARY.predict_win(teams))


def test_fairest_partnerships_need_a_partnership_game():
    with pytest.raises(ValueError):
        ratings.fairest_partnerships("israeli-whist", FOUR, {})
    assert ratings.has_partners("bid-whist") and not ratings.has_partners("oh-hell")


def test_library_helper_agrees_with_itself():
    # The tests' own replay of events, against one call of the library.
    [[a], [b]] = LIBRARY.rate([[LIBRARY.rating()], [LIBRARY.rating()]], scores=[2, 1])
    replayed = library_ratings([([["A"], ["B"]], [2, 1])])
    assert replayed["A"][0].mu == a.mu and replayed["B"][0].sigma == b.sigma


def test_a_finished_game_moved_to_another_group_is_rated_there(client, table):
    other = Table(client)
    other.sheet(["Noa", "Zed"], [1, 2])
    moved = table.sheet(FOUR, [4, 3, 2, 1])
    table.sheet(["Noa", "Avi"], [1, 5])
    lone = table.start("spades", FOUR, starting_totals=[430, 300])
    table.hand(lone, SPADES_HAND)
    move_to_group(client.application.config["DATABASE"], moved, other.id)
    move_to_group(client.application.config["DATABASE"], lone, other.id)
    assert_matches(table.by_player("any-game"), [([["Noa"], ["Avi"]], [1, 5])])
    assert table.ratings("spades") == []
    assert_matches(
        other.by_player("any-game"),
        [([["Noa"], ["Zed"]], [1, 2]), ([[n] for n in FOUR], [4, 3, 2, 1])],
    )
    assert len(other.ratings("spades")) == 4


def test_a_finishing_save_runs_the_same_statements_after_2_games_as_after_40(tmp_path):
    """The work of one finished game does not grow with the group's games: its one event
    is rated from the stored current ratings."""
    database = db.migrate(str(tmp_path / "games.db"))
    sheet = get_game("any-game").seated(4)
    settings = sheet.settings_from_dict({"goal": "rounds", "rounds": 1})
    group = db.create_group(database, None)[0].id

    def finish(points) -> list[str]:
        game_id, _key = db.create_game(
            database, FOUR, "any-game", settings, 0, "any-game", group_id=group
        )
        statements: list[str] = []
        database.conn.set_trace_callback(statements.append)
        try:
            game_play.add_hand(database, game_id, {"points": points})
        finally:
            database.conn.set_trace_callback(None)
        return statements

    counts = []
    for played in range(41):
        statements = finish([played % 7, 3, 5, played % 4])
        if played in (2, 40):
            counts.append(len(statements))
    try:
        assert counts[0] == counts[1]
        assert db.ratings_table(database, group, "any-game")[0].games == 41
    finally:
        database.close()


TABLES = [(game, n) for game in GAMES.values() for n in seat_counts(game)]


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=[f"{game.key}-{n}" for game, n in TABLES])
def test_every_game_at_every_table_size_makes_one_team_per_side(game, seats):
    seated = game.seated(seats)
    players = tuple(f"P{seat}" for seat in range(seats))
    totals = [0] * seats
    for index, side in enumerate(seated.sides):
        for seat in side:
            totals[seat] = 10 * index  # partners hold their side's total
    played = SimpleNamespace(
        id=1,
        game=game.key,
        players=players,
        changes=(),
        hand_count=3,
        totals=tuple(totals),
        settings=seated.preset(seated.default_preset),
    )
    event = ratings.event_of(played)
    assert event.teams == tuple(tuple(players[s] for s in side) for side in seated.sides)
    # More is better in a rating: a game whose lowest total wins (Phase 10) turns them.
    by_side = [10 * index for index in range(len(seated.sides))]
    assert event.scores == tuple(float(v) for v in played.settings.in_favour(by_side))
    after = ratings.rate({}, event)
    assert set(after) == set(players) and all(r.games == 1 for r in after.values())
    chances = ratings.win_chances(game.key, players, after)
    assert len(chances) == len(seated.sides) and sum(chances) == pytest.approx(1)


def test_a_player_who_sat_in_two_seats_counts_where_they_sat_more():
    from scorekeeper.engine.core.seating import SeatChange

    sheet = get_game("any-game")
    played = SimpleNamespace(
        id=1,
        game="any-game",
        players=("Ann", "Bob", "Cat", "Dan"),
        # Eve takes Ann's seat from hand 3; Ann takes Bob's from hand 5.
        changes=(SeatChange(3, 0, "Eve"), SeatChange(5, 1, "Ann")),
        hand_count=8,
        totals=(10, 20, 30, 40),
        settings=sheet.preset(sheet.default_preset),
    )
    event = ratings.event_of(played)
    assert event.teams == (("Eve",), ("Bob", "Ann"), ("Cat",), ("Dan",))
    assert event.shares == ((0.75,), (0.5, 0.5), (1.0,), (1.0,))
    assert event.changed_hands and event.share_of("Ann") == 0.5
    # Ann's two hands in seat 0 make part of its strength; only seat 1 moves her.
    assert event.seats[:2] == (((("Ann", 0.25), ("Eve", 0.75)),), ((("Bob", 0.5), ("Ann", 0.5)),))
    current = {
        "Ann": ratings.Rating(30.0, 5.0, 4),
        "Bob": ratings.Rating(20.0, 6.0, 4),
        "Eve": ratings.Rating(24.0, 7.0, 4),
    }
    new = LIBRARY.rating()
    model = {name: LIBRARY.rating(mu=r.mu, sigma=r.sigma) for name, r in current.items()}
    seat0 = blend_of([(model["Ann"], 0.25), (model["Eve"], 0.75)])
    seat1 = blend_of([(model["Bob"], 0.5), (model["Ann"], 0.5)])
    [[seat0_after], [seat1_after], [cat], [dan]] = LIBRARY.rate(
        [[seat0], [seat1], [new], [LIBRARY.rating()]], scores=[10, 20, 30, 40]
    )
    after = ratings.rate(current, event)
    assert set(after) == {"Eve", "Bob", "Ann", "Cat", "Dan"}
    assert (after["Cat"].mu, after["Dan"].sigma) == (cat.mu, dan.sigma)
    assert after["Ann"].mu - 30.0 == pytest.approx(0.5 * (seat1_after.mu - seat1.mu), rel=1e-12)
    assert after["Eve"].mu - 24.0 == pytest.approx(0.75 * (seat0_after.mu - seat0.mu), rel=1e-12)
    assert after["Ann"].games == 5


def test_one_who_sat_in_both_seats_of_their_side_moves_by_their_share_of_each():
    from scorekeeper.engine.core.seating import SeatChange

    spades = get_game("spades")
    played = SimpleNamespace(
        id=1,
        game="spades",
        players=tuple(FOUR),
        # Eve takes Dana's seat (2) from hand 2; Dana takes Noa's (0), her partner's, from 3.
        changes=(SeatChange(2, 2, "Eve"), SeatChange(3, 0, "Dana")),
        hand_count=4,
        totals=(500, 300, 500, 300),
        settings=spades.preset(spades.default_preset),
    )
    event = ratings.event_of(played)
    assert event.teams == (("Noa", "Dana", "Eve"), ("Avi", "Gil"))
    assert event.shares == ((0.5, 0.75, 0.75), (1.0, 1.0))
    seat0, seat2 = event.seats[0]
    assert seat0 == (("Noa", 0.5), ("Dana", 0.5)) and seat2 == (("Dana", 0.25), ("Eve", 0.75))
    current = {"Noa": ratings.Rating(28.0, 5.0, 3), "Dana": ratings.Rating(22.0, 6.0, 3)}
    model = {name: LIBRARY.rating(mu=r.mu, sigma=r.sigma) for name, r in current.items()}
    blended = [
        blend_of([(model["Noa"], 0.5), (model["Dana"], 0.5)]),
        blend_of([(model["Dana"], 0.25), (LIBRARY.rating(), 0.75)]),
    ]
    [news, [avi, gil]] = LIBRARY.rate(
        [blended, [LIBRARY.rating(), LIBRARY.rating()]], scores=[500, 300]
    )
    after = ratings.rate(current, event)
    moves = [new.mu - old.mu for new, old in zip(news, blended, strict=True)]
    assert after["Dana"].mu - 22.0 == pytest.approx(0.5 * moves[0] + 0.25 * moves[1], rel=1e-12)
    kept = [new.sigma**2 / old.sigma**2 for new, old in zip(news, blended, strict=True)]
    shrunk = 0.5 * (1 - kept[0]) + 0.25 * (1 - kept[1])
    assert after["Dana"].sigma ** 2 == pytest.approx(36.0 * (1 - shrunk), rel=1e-12)
    assert (after["Avi"].mu, after["Gil"].sigma) == (avi.mu, gil.sigma)
    assert after["Dana"].games == 4


def test_games_finished_at_the_same_moment_are_rated_in_the_order_of_their_ids(table):
    later = table.sheet(["Noa", "Avi"], [1, 2])
    earlier = table.sheet(["Noa", "Avi"], [2, 1])
    database = database_of(table.client)
    try:
        # As a file from before the ratings: no events yet, the last hands at one time.
        with db.writing(database):
            for name in ("rating_history", "ratings", "rating_games"):
                database.execute(f"DELETE FROM {name}")
            database.execute("UPDATE hands SET created_at = '2025-01-01T20:00:00+00:00'")
        db.rebuild_ratings(database)
        order = [
            row[0] for row in database.execute("SELECT game_id FROM rating_games ORDER BY position")
        ]
        assert order == [later, earlier]
        with db.writing(database):
            database.execute(
                "UPDATE hands SET created_at = '2025-01-01T21:00:00+00:00' WHERE game_id = ?",
                [later],
            )
            database.execute("DELETE FROM rating_games")
        db.rebuild_ratings(database)
        order = [
            row[0] for row in database.execute("SELECT game_id FROM rating_games ORDER BY position")
        ]
    finally:
        database.close()
    assert order == [earlier, later]
    assert_matches(
        table.by_player("any-game"),
        [([["Noa"], ["Avi"]], [2, 1]), ([["Noa"], ["Avi"]], [1, 2])],
    )


def test_the_kept_trends_follow_every_change_of_the_ratings(table):
    """The ratings page reads each player's trend kept with their rating; it is always
    what their history gives, as games finish, are edited (every later event rated
    again), are no longer finished, and after a rebuild."""
    first = table.sheet(FOUR, [10, 20, 30, 40])
    for round_ in range(11):
        table.sheet(["Noa", "Avi", "Tal"], [round_, 5, 10 - round_])
    kept, worked_out = kept_trends(table.client)
    assert kept == worked_out and len(kept) == 5
    assert all(text and text != "[]" for text in kept.values())
    edited = table.client.put(
        f"/api/games/{first}/hands/1",
        json={"points": [40, 30, 20, 10]},
        headers=table.edit_keys[first],
    )
    assert edited.status_code == 200, edited.get_json()
    table.ratings("any-game")  # rated when read
    assert kept_trends(table.client)[0] != kept
    kept, worked_out = kept_trends(table.client)
    assert kept == worked_out
    deleted = table.client.delete(f"/api/games/{first}/hands/1", headers=table.edit_keys[first])
    assert deleted.status_code in (200, 204)
    table.ratings("any-game")
    kept, worked_out = kept_trends(table.client)
    assert kept == worked_out and len(kept) == 3  # Dana and Gil played only the first
    database = database_of(table.client)
    try:
        db.rebuild_ratings(database)
    finally:
        database.close()
    assert kept_trends(table.client) == (kept, worked_out)
