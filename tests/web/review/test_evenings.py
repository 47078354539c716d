"""Evenings (issue 22): a group's games of one sitting, found from the hand times kept on
each game's row, and the evening's page (standings, best hands, thrown-in dealers) for
the group's members only, over every registered game.

Games with hands at chosen times are stored through the data layer's own import (every
hand checked and scored by the engine, as ``benchmarks/big_db.py`` does); hands recorded
through the API test that the times follow a save, an edit and a delete.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from scorekeeper import db
from scorekeeper.engine import GAMES
from scorekeeper.engine.core.display import signed
from scorekeeper.engine.core.game import seat_counts
from scorekeeper.engine.core.seats import placings_of
from scorekeeper.engine.registry import table_game
from scorekeeper.web import create_app
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config
from tests.support.evenings import (
    NAMES,
    START,
    database,  # noqa: F401  (fixtures)
    finished,
    sheet,
    simulated,
    standings_rows,
    store_in,
    stored,
    thrown_in_first,
)
from tests.support.stored import join
from tests.support.web.review.evenings import group_id_of

HEBREW = ("אלכסנדרה בן-דויד", "שלומית אבן-חיימי", "נחמיה בן-אליעזר", "Christopher Mont")


# --- the four-hour rule -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gap", "together"),
    [
        (timedelta(hours=4), True),
        (timedelta(hours=4, seconds=1), False),
        (timedelta(minutes=1), True),
        (timedelta(days=7), False),
    ],
)
def test_four_hours_between_last_hand_and_next_first_hand_is_one_evening(database, gap, together):
    rounds = [(1, 2, 3)] * 3  # hands at 0, 4 and 8 minutes
    first = sheet(rounds, NAMES[:3], START)
    second = sheet(rounds, NAMES[:3], START + timedelta(minutes=8) + gap)
    one, two = stored(database, first, second)
    group = group_id_of(database, one)
    evening = db.evening_of(database, group, two)
    assert evening.game_ids == ((one, two) if together else (two,))
    assert db.evening_of(database, group, one).game_ids == ((one, two) if together else (one,))
    if not together:
        assert (evening.earlier, db.evening_of(database, group, one).later) == (one, two)


def test_an_evening_is_a_chain_and_its_id_stays_its_first_game(database):
    """Each game within four hours of the one before: one evening however long the
    night, named by its first game as later games join it."""
    games = [sheet([(1, 2)], NAMES[:2], START + timedelta(hours=3 * i)) for i in range(4)]
    ids = stored(database, *games)
    group = group_id_of(database, ids[0])
    assert db.evening_of(database, group, ids[-1]).id == ids[0]
    later = stored(
        database, sheet([(1, 2)], NAMES[:2], START + timedelta(hours=12)), group_id=group
    )
    evening = db.evening_of(database, group, later[0])
    assert (evening.id, evening.game_ids) == (ids[0], (*ids, *later))
    # Games of other groups at the same times are not part of it.
    stored(database, sheet([(1, 2)], NAMES[:2], START + timedelta(hours=1)))
    assert db.evening_of(database, group, ids[0]).game_ids == (*ids, *later)


def test_more_games_than_one_batch_walk_to_the_evenings_ends(database):
    games = [sheet([(1, 2)], NAMES[:2], START + timedelta(minutes=30 * i)) for i in range(70)]
    before = sheet([(1, 2)], NAMES[:2], START - timedelta(days=1))
    after = sheet([(1, 2)], NAMES[:2], START + timedelta(days=2))
    ids = stored(database, before, *games, after)
    group = group_id_of(database, ids[0])
    evening = db.evening_of(database, group, ids[35])
    assert evening.game_ids == tuple(ids[1:-1])
    assert (evening.earlier, evening.later) == (ids[0], ids[-1])


def test_hand_times_follow_every_save_edit_and_delete(client, make_game, post_hand):
    """The API's save, edit and delete keep the game row's times in their transaction:
    the first hand's time is kept by an edit, and a game without hands has none."""
    game_id, key = make_game("israeli-whist", rules="pagat-german")
    database = db.open_database(client.application.config["DATABASE"])

    def times():
        return database.execute(
            "SELECT first_hand_at, last_hand_at FROM games WHERE id = ?", [game_id]
        ).fetchone()

    def hand_times():
        return database.execute(
            "SELECT min(created_at), max(created_at) FROM hands WHERE game_id = ?", [game_id]
        ).fetchone()

    assert times() == (None, None)
    assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    assert post_hand(game_id, key, WORKED_EXAMPLE).status_code == 201
    assert times() == hand_times() != (None, None)
    headers = {"Authorization": f"Bearer {key}"}
    edited = client.put(f"/api/games/{game_id}/hands/1", json=WORKED_EXAMPLE, headers=headers)
    assert edited.status_code == 200, edited.get_json()
    assert times() == hand_times()
    assert client.delete(f"/api/games/{game_id}/hands/2", headers=headers).status_code == 200
    assert times() == hand_times()
    assert client.delete(f"/api/games/{game_id}/hands/1", headers=headers).status_code == 200
    assert times() == (None, None)
    database.close()


def test_a_game_in_progress_belongs_to_the_evening_going_on(client, make_game, post_hand):
    """A game started and played now joins the evening whose last hand was recorded less
    than four hours ago, though neither game has finished; a game without hands yet takes
    its place by when it was started."""
    first, key = make_game("israeli-whist", rules="pagat-german")
    assert post_hand(first, key, WORKED_EXAMPLE).status_code == 201
    second, key2 = make_game("israeli-whist", rules="pagat-german")
    database = db.open_database(client.application.config["DATABASE"])
    group = group_id_of(database, first)
    assert db.evening_of(database, group, second).game_ids == (first, second)
    assert post_hand(second, key2, WORKED_EXAMPLE).status_code == 201
    evening = db.evening_of(database, group, first)
    assert evening.game_ids == (first, second)
    database.close()
    page = client.get(f"/groups/{group}/evenings/{first}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "still going on" in text
    assert "No game of this evening has finished yet." in text
    assert text.count("1 hand<") == 2
    # Looked at again after a save, the page shows the game as it is now.
    assert post_hand(second, key2, WORKED_EXAMPLE).status_code == 201
    text = client.get(f"/groups/{group}/evenings/{first}").get_data(as_text=True)
    assert text.count("1 hand<") == 1 and "2 hands<" in text


# --- the evening's page -------------------------------------------------------------------


@pytest.fixture
def site(tmp_path):
    app = create_app(app_config(tmp_path))
    return app, app.test_client()


def test_standings_average_places_then_wins_with_ties_sharing_a_rank(site):
    _app, client = site
    players = NAMES[:3]
    # Game 1: Ann 10, Ben 10, Cat 1 -> Ann and Ben share the win and place 1; Cat 3rd.
    # Game 2: Cat 9, Ben 5, Ann 1 -> Cat 1st, Ben 2nd, Ann 3rd.
    # Game 3 (lowest wins): Ann 1, Ben 5, Cat 5 -> Ann 1st, Ben and Cat share 2nd.
    # Ann: 1 + 3 + 1 = 5, 2 wins; Ben: 1 + 2 + 2 = 5, 1 win; Cat: 3 + 1 + 2 = 6, 1 win:
    # Ann and Ben level on places, Ann ahead on wins.
    games = [
        sheet([(10, 10, 1)], players, START),
        sheet([(1, 5, 9)], players, START + timedelta(hours=1)),
        sheet([(1, 5, 5)], players, START + timedelta(hours=2), goal="rounds_low"),
    ]
    group, ids = store_in(client, *games)
    html = client.get(f"/groups/{group}/evenings/{ids[0]}").get_data(as_text=True)
    assert standings_rows(html) == [
        ["1", "Ann", "1.7", "3", "2"],
        ["2", "Ben", "1.7", "3", "1"],
        ["3", "Cat", "2.0", "3", "1"],
    ]
    # Level on places and wins: one rank, shared.
    group, ids = store_in(client, sheet([(3, 3, 1)], players, START))
    html = client.get(f"/groups/{group}/evenings/{ids[0]}").get_data(as_text=True)
    assert standings_rows(html) == [
        ["1", "Ann", "1.0", "1", "1"],
        ["1", "Ben", "1.0", "1", "1"],
        ["3", "Cat", "3.0", "1", "0"],
    ]


@pytest.mark.parametrize(
    ("totals", "winners", "lowest", "places"),
    [
        ((10, 10, 1), (0, 1), False, (1, 1, 3)),
        ((10, 7, 7, 1), (0,), False, (1, 2, 2, 4)),
        ((1, 5, 5), (0,), True, (1, 2, 2)),
        # A winner named by the rules comes first whatever the totals (a side that fell
        # to the losing floor loses with more points than its rival had at the start).
        ((5, 9), (0,), False, (1, 2)),
        ((4, 4), (), False, (1, 1)),
    ],
)
def test_placings_winners_first_then_totals_level_sharing_the_better_place(
    totals, winners, lowest, places
):
    assert placings_of(totals, winners, lowest) == places


def test_partners_share_their_sides_place(site):
    """Both partners take their side's place and win; the winners are placed first."""
    _app, client = site
    game = finished("bid-whist", 4, START)
    group, ids = store_in(client, game)
    html = client.get(f"/groups/{group}/evenings/{ids[0]}").get_data(as_text=True)
    rows = {row[1]: row for row in standings_rows(html)}
    winner = game.progress.winner
    for index, side in enumerate(table_game("bid-whist", 4).sides):
        won = index == winner
        for seat in side:
            assert rows[game.players[seat]][0] == ("1" if won else "3")
            assert rows[game.players[seat]][2:] == (["1.0", "1", "1"] if won else ["2.0", "1", "0"])


def test_the_best_hand_of_each_kind_and_who_dealt_the_most_thrown_in_deals(site):
    _app, client = site
    players = NAMES[:4]
    # Two Israeli Whist games, each opening with a thrown-in deal dealt by seat 0: Ann
    # deals both. Then a sheet whose best round is Cat's 40.
    first = thrown_in_first(simulated("israeli-whist", 4, 5, START, players=players))
    second = thrown_in_first(
        simulated("israeli-whist", 4, 5, START + timedelta(hours=1), players=("Ann", *NAMES[4:7]))
    )
    rounds = sheet([(5, 10, 40, -3), (39, 0, 0, 0)], players, START + timedelta(hours=2))
    group, ids = store_in(client, first, second, rounds)
    assert first.hands[0].record.thrown_in and second.hands[0].record.thrown_in
    html = client.get(f"/groups/{group}/evenings/{ids[0]}").get_data(as_text=True)
    thrown = re.sub(r"<[^>]+>", "", re.search(r'<p id="thrown-in">(.*?)</p>', html)[1])
    assert thrown == "Dealt the most thrown-in deals: Ann (2 deals)"
    best = re.search(r'<ul class="best-hands" id="best-hands">(.*?)</ul>', html, re.S)[1]
    lines = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r"<li>(.*?)</li>", best)]
    assert lines[-1] == f"Any other game: Cat, +40 in hand 1 · Game {ids[2]}"
    # The Israeli Whist line names the best played hand of both games, as the engine
    # scores each seat; a thrown-in deal is never the best.
    whist = table_game("israeli-whist", 4)
    best_points = max(
        max(whist.points(g.settings, h.record))
        for g in (first, second)
        for h in g.hands
        if not h.record.thrown_in
    )
    assert f"{signed(best_points)} in hand" in lines[0]


def test_every_registered_game_in_one_evening_at_every_table_size(site):
    """One evening of every game in the registry at each number of players it seats
    (Oh Hell at 3 to 7, the round sheet at 2 to 8): the page lists them all, with a best
    hand for each kind."""
    _app, client = site
    games = []
    moment = START
    for key, registered in GAMES.items():
        for seats in seat_counts(registered):
            games.append(simulated(key, seats, 6, moment, players=NAMES[:seats]))
            moment += timedelta(minutes=30)
    group, ids = store_in(client, *games)
    response = client.get(f"/groups/{group}/evenings/{ids[3]}")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/groups/{group}/evenings/{ids[0]}"
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    for game_id in ids:
        assert f'href="/games/{game_id}"' in html
    best = re.search(r'id="best-hands">(.*?)</ul>', html, re.S)[1]
    assert best.count("<li>") == len(GAMES)
    assert f"{len(ids)} games" in html


def test_history_folds_games_under_their_evenings_newest_first(site):
    _app, client = site
    players = NAMES[:2]
    games = [
        sheet([(1, 2)], players, START),
        sheet([(1, 2)], players, START + timedelta(hours=1)),
        sheet([(1, 2)], ("Ann", "Cat"), START + timedelta(days=7)),
    ]
    group, ids = store_in(client, *games)
    html = client.get(f"/groups/{group}/history").get_data(as_text=True)
    evenings = re.findall(r'<details class="evening">(.*?)</details>', html, re.S)
    assert len(evenings) == 2
    assert f"/groups/{group}/evenings/{ids[2]}" in evenings[0]
    assert f"/groups/{group}/evenings/{ids[0]}" in evenings[1]
    assert re.findall(r'href="/games/(\d+)"', evenings[1]) == [str(ids[1]), str(ids[0])]
    # The filters keep working: Cat played only in the second evening.
    html = client.get(f"/groups/{group}/history?player=Cat").get_data(as_text=True)
    assert re.findall(r'href="/games/(\d+)"', html) == [str(ids[2])]
    # Paged as before: one game a page, the first evening on pages 2 and 3.
    client.application.config["PAGE_SIZE"] = 1
    html = client.get(f"/groups/{group}/history?page=3").get_data(as_text=True)
    assert re.findall(r'href="/games/(\d+)"', html) == [str(ids[0])]
    assert "2 games" in html
    # The old addresses still answer.
    assert client.get("/history").status_code in (200, 302)


# --- privacy -----------------------------------------------------------------------------


def test_an_evening_is_for_the_groups_members_only(tmp_path):
    app = create_app(app_config(tmp_path))
    member = app.test_client()
    group, ids = store_in(member, sheet([(1, 2)], NAMES[:2], START))
    path = f"/groups/{group}/evenings/{ids[0]}"
    assert member.get(path).status_code == 200
    stranger = app.test_client()
    assert stranger.get(path).status_code == 404
    other = app.test_client()
    other_group, other_ids = store_in(other, sheet([(1, 2)], NAMES[:2], START))
    assert other.get(path).status_code == 404
    # Another group's game under one's own group: no such evening here.
    assert other.get(f"/groups/{other_group}/evenings/{ids[0]}").status_code == 404
    assert member.get(f"/groups/{group}/evenings/{other_ids[0]}").status_code == 404
    assert member.get(f"/groups/{group}/evenings/99999999999999999999").status_code == 404
    assert member.get(f"/groups/{group}/evenings/0").status_code == 404


def test_rtl_names_of_sixteen_characters(site):
    _app, client = site
    client.set_cookie("language", "he")
    group, ids = store_in(client, sheet([(3, 1, 2, 0)], HEBREW, START))
    response = client.get(f"/groups/{group}/evenings/{ids[0]}", headers={"Accept-Language": "he"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'dir="rtl"' in html
    assert "<bdi>אלכסנדרה בן-דויד</bdi>" in html


# --- the upgrade -------------------------------------------------------------------------


def test_an_older_database_gets_its_games_hand_times(tmp_path):
    import shutil
    from pathlib import Path

    path = tmp_path / "v4.db"
    shutil.copy(Path(__file__).parents[2] / "fixtures" / "scorekeeper-v4.db", path)
    database = db.open_database(str(path))
    rows = database.execute(
        "SELECT g.id, g.first_hand_at, g.last_hand_at, min(h.created_at), max(h.created_at) "
        "FROM games g LEFT JOIN hands h ON h.game_id = g.id GROUP BY g.id ORDER BY g.id"
    ).fetchall()
    assert rows and all(row[1:3] == row[3:5] for row in rows)
    assert any(row[1] is None for row in rows)  # a game without hands has no times
    group = db.load_game(database, rows[0][0]).group_id
    evening = db.evening_of(database, group, rows[-1][0])
    assert evening.game_ids == tuple(row[0] for row in rows)
    database.close()
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    client = app.test_client()
    join(client, group)
    assert client.get(f"/groups/{group}/evenings/{rows[0][0]}").status_code == 200


def test_games_imported_with_one_time_for_all_make_evenings_of_at_most_200(site):
    """A file from a tool that kept no times gives every game one time: the evening stops
    at ``MAX_EVENING_GAMES`` games, and an address inside it leads, by redirects that
    only go back, to a page that answers."""
    _app, client = site
    games = [sheet([(1, 2)], NAMES[:2], START, minutes=0) for _ in range(210)]
    group, ids = store_in(client, *games)
    database = db.open_database(client.application.config["DATABASE"])
    evening = db.evening_of(database, group, ids[0])
    database.close()
    assert len(evening.games) == db.evenings.MAX_EVENING_GAMES
    response = client.get(f"/groups/{group}/evenings/{ids[-1]}", follow_redirects=True)
    assert response.status_code == 200


# --- the engine's evening figures, on their own ---------------------------------------------


def test_a_player_who_left_before_the_end_takes_no_place_and_the_new_one_takes_it():
    """Ben leaves after round 1 and Eli sits in his seat: Eli takes the seat's place and
    win; Ben's best round still counts as his, as he scored it."""
    from scorekeeper.engine.core.evening import EveningGame, evening_figures
    from scorekeeper.engine.core.seating import SeatChange

    game = table_game("any-game", 3)
    settings = game.preset("any-game").with_changes({"goal": "rounds", "rounds": 2})
    records = [game.record_from_dict(settings, {"points": p}) for p in ([1, 50, 2], [1, 5, 2])]
    progress = game.replay(settings, 0, records)
    played = EveningGame(7, game, ("Ann", "Ben", "Cat"), (SeatChange(2, 1, "Eli"),), progress)
    figures = evening_figures([played])
    assert [(s.rank, s.name, s.places, s.wins) for s in figures.standings] == [
        (1, "Eli", 1, 1),
        (2, "Cat", 2, 0),
        (3, "Ann", 3, 0),
    ]
    (best,) = figures.best_hands
    assert (best.kind, best.game, best.number, best.names, best.points) == (
        "any-game",
        7,
        1,
        ("Ben",),
        50,
    )
    assert figures.thrown_in is None
