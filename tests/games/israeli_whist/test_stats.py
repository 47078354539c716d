"""Statistics, each figure computed by hand from a known set of hands.

Seats are S, W, N, E = 0..3. Every game below is played under pagat-german (the dealer
opens, the declarer's contract equals its level, no Frisch): 10 + n² for an exact
contract, -10 per trick missed, a zero made scores +30 over and +50 under, a failed zero
with t tricks -50 + 10·(t-1).

GAME, the main game, has six deals (target 100, so it is still in progress):

    hand  declarer  contracts       tricks          points               over/under
    1     N 7C      2  3  7  0      0  3  8  2      -20  19 -10 -40      under (12)
    2     thrown in
    3     S 5S      5  4  0  3      5  4  0  4       35  26  50 -10      under (12)
    4     W 6H      5  6  3  0      6  6  1  0      -10  46 -20  30      over  (14)
    5     E 8NT     5  2  1  8      4  1  0  8      -10 -10 -10  74      over  (16)
    6     S 5D      5  0  0  7      5  2  0  6       35 -40  50 -10      under (12)
    total                                            30  41  60  44

Hand 1 is docs/rules/israeli-whist.md's example 1. The last bidder (right of the declarer) and
the number forbidden to them:

    hand 1: W, forbidden 4, named 3, took 3: made
    hand 3: E, forbidden 4, named 3, took 4: missed by one onto the forbidden number: hurt
    hand 4: S, forbidden 4, named 5, took 6: missed by one, away from it: not hurt
    hand 5: N, nothing forbidden (the others total 15), named 1, took 0: not hurt
    hand 6: E, forbidden 8, named 7, took 6: missed by one, away from it: not hurt
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import get_game
from scorekeeper.engine.core.stats import HandPick, Rate, Rivalry
from scorekeeper.engine.israeli_whist import preset, record_from_dict
from scorekeeper.engine.israeli_whist.stats import (
    PlayerFigures,
    forbidden_hurt,
    game_figures,
    made_over_under,
)
from tests.support.games.israeli_whist.shared import PAGAT
from tests.support.games.israeli_whist.stats import hand

WHIST = get_game("israeli-whist")
game_stats = WHIST.figures.game_stats

S, W, N, E = range(4)
NAMES = ("Avi", "Bat", "Gil", "Dana")


WORKED_EXAMPLE = hand(N, "7C", [2, 3, 7, 0], [0, 3, 8, 2])

HANDS = (
    WORKED_EXAMPLE,
    record_from_dict(PAGAT, {"thrown_in": True}),
    hand(S, "5S", [5, 4, 0, 3], [5, 4, 0, 4]),
    hand(W, "6H", [5, 6, 3, 0], [6, 6, 1, 0]),
    hand(E, "8NT", [5, 2, 1, 8], [4, 1, 0, 8]),
    hand(S, "5D", [5, 0, 0, 7], [5, 2, 0, 6]),
)

GAME = WHIST.figures.recorded(PAGAT, S, NAMES, HANDS, key="g1")


@pytest.fixture(scope="module")
def stats():
    return game_stats(GAME)


# --- Rate -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("made", "attempted", "percent", "text"),
    [
        (2, 5, 40.0, "2/5 (40%)"),
        (3, 8, 37.5, "3/8 (38%)"),
        (2, 2, 100.0, "2/2 (100%)"),
        (0, 1, 0.0, "0/1 (0%)"),
        (0, 0, None, "0/0"),
    ],
)
def test_rate(made, attempted, percent, text):
    rate = Rate(made, attempted)
    assert rate.percent == percent
    assert str(rate) == text
    assert rate.to_dict() == {"made": made, "attempted": attempted, "percent": percent}


def test_rates_add_up():
    assert Rate(2, 5) + Rate(1, 1) + Rate() == Rate(3, 6)


@pytest.mark.parametrize(("made", "attempted"), [(3, 2), (-1, 2)])
def test_impossible_rate_is_refused(made, attempted):
    with pytest.raises(ValueError):
        Rate(made, attempted)


# --- the forbidden number ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("declarer", "bid", "contracts", "tricks", "hurt"),
    [
        # The worked example: West, last bidder, made 3 (forbidden 4).
        (N, "7C", [2, 3, 7, 0], [0, 3, 8, 2], False),
        # East wanted 4 (forbidden), named 3, took 4.
        (S, "5S", [5, 4, 0, 3], [5, 4, 0, 4], True),
        # East wanted 4 (forbidden), named 5 (over), took 4.
        (S, "5S", [5, 4, 0, 5], [5, 4, 0, 4], True),
        # East named 3 and took 2: missed by one, but away from the forbidden 4.
        (S, "5S", [5, 4, 0, 3], [5, 4, 2, 2], False),
        # East named 2 and took the forbidden 4: missed by two, the rule did not force that.
        (S, "5S", [5, 4, 0, 2], [5, 4, 0, 4], False),
        # The others total 15, so nothing is forbidden; North named 1 and took 0.
        (E, "8NT", [5, 2, 1, 8], [4, 1, 0, 8], False),
        # West missed by one, but only the last bidder (East, who made 4) faces the rule.
        (S, "5S", [5, 3, 0, 4], [5, 4, 0, 4], False),
    ],
)
def test_forbidden_hurt(declarer, bid, contracts, tricks, hurt):
    assert forbidden_hurt(hand(declarer, bid, contracts, tricks)) is hurt


# --- one game ---------------------------------------------------------------------------


def test_worked_example_points_come_from_the_engine():
    stats = game_stats(WHIST.figures.recorded(PAGAT, S, NAMES, (WORKED_EXAMPLE,)))
    assert [p.total for p in stats.players] == [-20, 19, -10, -40]
    elhanani = preset("elhanani")
    stats = game_stats(
        WHIST.figures.recorded(
            elhanani, S, NAMES, (hand(N, "7C", [2, 3, 7, 0], [0, 3, 8, 2], settings=elhanani),)
        )
    )
    assert [p.total for p in stats.players] == [-10, 9, -5, -20]


def test_hand_counts(stats):
    assert (stats.hands, stats.played, stats.thrown_in) == (6, 5, 1)
    assert [p.figures.hands for p in stats.players] == [5, 5, 5, 5]


def test_totals_status_and_winner(stats):
    assert [p.total for p in stats.players] == [30, 41, 60, 44]
    assert (stats.status, stats.winner) == ("in_progress", None)
    assert not any(p.won for p in stats.players)


@pytest.mark.parametrize(
    ("seat", "contracts", "zeros", "declarer"),
    [
        (S, Rate(2, 5), Rate(0, 0), Rate(2, 2)),
        (W, Rate(3, 5), Rate(0, 1), Rate(1, 1)),
        (N, Rate(2, 5), Rate(2, 2), Rate(0, 1)),
        (E, Rate(2, 5), Rate(1, 2), Rate(1, 1)),
    ],
)
def test_contract_zero_and_declarer_rates(stats, seat, contracts, zeros, declarer):
    figures = stats.players[seat].figures
    assert (figures.contracts, figures.zeros, figures.declarer) == (contracts, zeros, declarer)


@pytest.mark.parametrize(
    ("seat", "average_contract", "average_points"),
    [
        (S, 22 / 5, 30 / 5),
        (W, 15 / 5, 41 / 5),
        (N, 11 / 5, 60 / 5),
        (E, 18 / 5, 44 / 5),
    ],
)
def test_averages_per_played_hand(stats, seat, average_contract, average_points):
    figures = stats.players[seat].figures
    assert figures.average_contract == pytest.approx(average_contract)
    assert figures.average_points == pytest.approx(average_points)


@pytest.mark.parametrize(
    ("seat", "best", "worst"),
    [
        # South scored 35 in hands 3 and 6: the earlier one counts.
        (S, HandPick(35, 3, "g1"), HandPick(-20, 1, "g1")),
        (W, HandPick(46, 4, "g1"), HandPick(-40, 6, "g1")),
        (N, HandPick(50, 3, "g1"), HandPick(-20, 4, "g1")),
        (E, HandPick(74, 5, "g1"), HandPick(-40, 1, "g1")),
    ],
)
def test_best_and_worst_hand(stats, seat, best, worst):
    figures = stats.players[seat].figures
    assert (figures.best, figures.worst) == (best, worst)


@pytest.mark.parametrize(
    ("seat", "last_bidder", "hurt"),
    [(S, 1, 0), (W, 1, 0), (N, 1, 0), (E, 2, 1)],
)
def test_last_bidder_and_forbidden_hurt(stats, seat, last_bidder, hurt):
    figures = stats.players[seat].figures
    assert (figures.last_bidder, figures.forbidden_hurt) == (last_bidder, hurt)


def test_over_under_split_and_made_rates(stats):
    assert game_figures(stats)[1].values == ("2 / 3",)
    # Over: hand 4 made W and E, hand 5 made E. Under: hand 1 W; hand 3 S W N; hand 6 S N.
    assert made_over_under(stats) == (Rate(3, 8), Rate(6, 12))


def test_revoke_penalty_counts_in_points_not_in_contracts():
    revoked = hand(N, "7C", [2, 3, 7, 0], [0, 3, 8, 2], revokes=[0, 1, 0, 0])
    figures = game_stats(WHIST.figures.recorded(PAGAT, S, NAMES, (revoked,))).players[W].figures
    assert figures.points_sum == 19 - 100
    assert figures.contracts == Rate(1, 1)


def test_void_hand_scores_nothing_and_makes_nothing():
    elhanani = preset("elhanani")
    # Nobody makes their contract, so under elhanani the hand scores 0 for everyone.
    void = hand(N, "7C", [2, 3, 7, 0], [1, 4, 6, 2], settings=elhanani)
    stats = game_stats(WHIST.figures.recorded(elhanani, S, NAMES, (void,)))
    assert [p.total for p in stats.players] == [0, 0, 0, 0]
    assert made_over_under(stats)[1] == Rate(0, 4)
    assert stats.players[N].figures.declarer == Rate(0, 1)


def test_only_thrown_in_deals():
    stats = game_stats(
        WHIST.figures.recorded(PAGAT, S, NAMES, (record_from_dict(PAGAT, {"thrown_in": True}),) * 2)
    )
    assert (stats.hands, stats.played, stats.thrown_in) == (2, 0, 2)
    assert game_figures(stats)[1].values == ("0 / 0",)
    figures = stats.players[S].figures
    assert figures == PlayerFigures()
    assert (figures.average_contract, figures.average_points, figures.best) == (None, None, None)
    assert made_over_under(stats)[0].percent is None


def test_empty_game():
    stats = game_stats(WHIST.figures.recorded(PAGAT, S, NAMES, ()))
    assert (stats.hands, stats.played, stats.status) == (0, 0, "in_progress")
    assert stats.players[0].figures.average_points is None


def test_player_lookup(stats):
    assert stats.player("Gil").seat == N
    with pytest.raises(KeyError):
        stats.player("Zoe")


def test_game_figures(stats):
    assert stats.key == "g1"
    assert (stats.hands, stats.played, stats.thrown_in) == (6, 5, 1)
    assert made_over_under(stats)[0].percent == 37.5
    dana = stats.players[E]
    assert dana.name == "Dana"
    assert dana.figures.zeros == Rate(1, 2)
    assert dana.figures.average_contract == 3.6
    assert dana.figures.best == HandPick(74, 5, "g1")
    assert (dana.figures.last_bidder, dana.figures.forbidden_hurt) == (2, 1)


@pytest.mark.parametrize(
    "players",
    [("Avi", "Bat", "Gil"), ("Avi", "Bat", "Gil", "Avi"), ("Avi", "Bat", "Gil", "Dana", "Eli")],
)
def test_a_game_needs_four_distinct_names(players):
    with pytest.raises(ValueError):
        WHIST.figures.recorded(PAGAT, S, players, ())


# --- across games -----------------------------------------------------------------------
#
# Two more games, each won in one hand (target 50), in other seats and company:
#
#   GAME2: Dana Avi Eli Bat. S bids 8S: contracts 8 1 1 2, tricks 8 1 1 3.
#          Points 74 11 11 -10. Dana wins. Bat (E, last bidder, forbidden 3) named 2, took 3:
#          hurt.
#   GAME3: Bat Gil Avi Dana. W bids 9C: contracts 0 9 1 0, tricks 3 9 1 0.
#          Points -30 91 11 50. Gil wins. Bat (S, last bidder, forbidden 3) named 0 and took
#          3: a failed zero, missed by three, not hurt.

SHORT = PAGAT.with_changes({"target": 50})
GAME2 = WHIST.figures.recorded(
    SHORT, S, ("Dana", "Avi", "Eli", "Bat"), (hand(S, "8S", [8, 1, 1, 2], [8, 1, 1, 3]),), "g2"
)
GAME3 = WHIST.figures.recorded(
    SHORT, S, ("Bat", "Gil", "Avi", "Dana"), (hand(W, "9C", [0, 9, 1, 0], [3, 9, 1, 0]),), "g3"
)
GAMES = (GAME, GAME2, GAME3)


def test_short_games_score_as_described():
    assert [p.total for p in game_stats(GAME2).players] == [74, 11, 11, -10]
    assert game_stats(GAME2).winner == "Dana"
    assert [p.total for p in game_stats(GAME3).players] == [-30, 91, 11, 50]
    assert game_stats(GAME3).winner == "Gil"


@pytest.mark.parametrize(
    ("name", "games", "finished", "wins", "win_percent"),
    [
        ("Avi", 3, 2, 0, 0.0),
        ("Bat", 3, 2, 0, 0.0),
        ("Dana", 3, 2, 1, 50.0),
        ("Gil", 2, 1, 1, 100.0),
        ("Eli", 1, 1, 0, 0.0),
    ],
)
def test_career_games_and_wins(name, games, finished, wins, win_percent):
    entry = WHIST.figures.careers(GAMES)[name]
    assert (entry.games, entry.finished, entry.wins) == (games, finished, wins)
    assert entry.win_rate.percent == win_percent


@pytest.mark.parametrize(
    ("name", "hands", "contracts", "zeros", "declarer", "contract_sum", "points_sum"),
    [
        # Avi: S in GAME (2/5), made 1 in GAME2 and in GAME3.
        ("Avi", 7, Rate(4, 7), Rate(0, 0), Rate(2, 2), 22 + 1 + 1, 30 + 11 + 11),
        # Bat: W in GAME (3/5), missed 2 in GAME2, failed a zero in GAME3.
        ("Bat", 7, Rate(3, 7), Rate(0, 2), Rate(1, 1), 15 + 2 + 0, 41 - 10 - 30),
        # Dana: E in GAME (2/5), made 8 as declarer in GAME2, made a zero in GAME3.
        ("Dana", 7, Rate(4, 7), Rate(2, 3), Rate(2, 2), 18 + 8 + 0, 44 + 74 + 50),
    ],
)
def test_career_rates(name, hands, contracts, zeros, declarer, contract_sum, points_sum):
    figures = WHIST.figures.careers(GAMES)[name].figures
    assert (figures.hands, figures.contracts, figures.zeros) == (hands, contracts, zeros)
    assert figures.declarer == declarer
    assert figures.average_contract == pytest.approx(contract_sum / hands)
    assert figures.average_points == pytest.approx(points_sum / hands)


@pytest.mark.parametrize(
    ("name", "best", "worst", "last_bidder", "hurt"),
    [
        ("Avi", HandPick(35, 3, "g1"), HandPick(-20, 1, "g1"), 1, 0),
        ("Bat", HandPick(46, 4, "g1"), HandPick(-40, 6, "g1"), 3, 1),
        # Dana scored 74 in GAME hand 5 and in GAME2 hand 1: the earlier game counts.
        ("Dana", HandPick(74, 5, "g1"), HandPick(-40, 1, "g1"), 2, 1),
    ],
)
def test_career_best_worst_and_last_bidder(name, best, worst, last_bidder, hurt):
    figures = WHIST.figures.careers(GAMES)[name].figures
    assert (figures.best, figures.worst) == (best, worst)
    assert (figures.last_bidder, figures.forbidden_hurt) == (last_bidder, hurt)


def test_careers_are_sorted_by_name_and_match_one_career():
    everyone = WHIST.figures.careers(GAMES)
    assert list(everyone) == ["Avi", "Bat", "Dana", "Eli", "Gil"]
    assert (
        WHIST.figures.careers(g for g in GAMES if "Dana" in g.players)["Dana"] == everyone["Dana"]
    )


def test_a_stranger_has_no_career():
    assert "Zoe" not in WHIST.figures.careers(GAMES)


def test_career_figures():
    gil = WHIST.figures.careers(GAMES)["Gil"]
    assert (gil.games, gil.finished, gil.wins) == (2, 1, 1)
    assert gil.win_rate == Rate(1, 1)
    assert gil.figures.best == HandPick(91, 1, "g3")


# Head-to-head of Avi, Bat, Dana and Eli. Only GAME2 and GAME3 are finished.
#   Avi-Bat: final 11:-10 and 11:-30. Hands (Avi:Bat) GAME -20:19 35:26 -10:46 -10:-10 35:-40,
#            GAME2 11:-10, GAME3 11:-30.
#   Avi-Dana: final 11:74 and 11:50. Hands GAME -20:-40 35:-10 -10:30 -10:74 35:-10,
#             GAME2 11:74, GAME3 11:50.
#   Avi-Eli: only GAME2, final 11:11.
@pytest.mark.parametrize(
    ("player", "opponent", "expected"),
    [
        (
            "Avi",
            "Bat",
            dict(games=3, finished=2, ahead=2, behind=0, level=0, wins=0, margin_sum=62,
                 hands=7, hands_ahead=4, hands_behind=2),
        ),
        (
            "Bat",
            "Avi",
            dict(games=3, finished=2, ahead=0, behind=2, level=0, wins=0, margin_sum=-62,
                 hands=7, hands_ahead=2, hands_behind=4),
        ),
        (
            "Avi",
            "Dana",
            dict(games=3, finished=2, ahead=0, behind=2, level=0, wins=0, margin_sum=-102,
                 hands=7, hands_ahead=3, hands_behind=4),
        ),
        (
            "Dana",
            "Avi",
            dict(games=3, finished=2, ahead=2, behind=0, level=0, wins=1, margin_sum=102,
                 hands=7, hands_ahead=4, hands_behind=3),
        ),
        (
            "Avi",
            "Eli",
            dict(games=1, finished=1, ahead=0, behind=0, level=1, wins=0, margin_sum=0,
                 hands=1, hands_ahead=0, hands_behind=0),
        ),
        (
            "Dana",
            "Eli",
            dict(games=1, finished=1, ahead=1, behind=0, level=0, wins=1, margin_sum=63,
                 hands=1, hands_ahead=1, hands_behind=0),
        ),
    ],
)  # fmt: skip
def test_head_to_head(player, opponent, expected):
    table = WHIST.figures.head_to_head(GAMES, ["Avi", "Bat", "Dana", "Eli"])
    assert table.rivalry(player, opponent) == Rivalry(player, opponent, **expected)


def test_head_to_head_average_margin():
    table = WHIST.figures.head_to_head(GAMES, ["Avi", "Dana"])
    assert table.rivalry("Avi", "Dana").average_margin == -51.0
    assert table.rivalry("Avi", "Dana").to_dict()["average_margin"] == -51.0


def test_head_to_head_lists_every_ordered_pair_once():
    table = WHIST.figures.head_to_head(GAMES, ["Avi", "Bat", "Zoe"])
    pairs = [(r.player, r.opponent) for r in table.rivalries]
    assert sorted(pairs) == sorted(
        [("Avi", "Bat"), ("Avi", "Zoe"), ("Bat", "Avi"), ("Bat", "Zoe"), ("Zoe", "Avi"),
         ("Zoe", "Bat")]
    )  # fmt: skip
    # Someone who never sat with the others has an empty record, not a missing one.
    assert table.rivalry("Zoe", "Avi") == Rivalry("Zoe", "Avi")
    assert table.rivalry("Avi", "Zoe").average_margin is None
    assert table.to_dict()["players"] == ["Avi", "Bat", "Zoe"]


def test_head_to_head_errors():
    with pytest.raises(ValueError):
        WHIST.figures.head_to_head(GAMES, ["Avi", "Avi"])
    with pytest.raises(KeyError):
        WHIST.figures.head_to_head(GAMES, ["Avi", "Bat"]).rivalry("Avi", "Avi")


def test_in_progress_game_counts_hands_but_not_order():
    # In GAME alone Bat leads Avi 41 to 30, but the game is not over.
    rivalry = WHIST.figures.head_to_head([GAME], ["Avi", "Bat"]).rivalry("Avi", "Bat")
    assert (rivalry.games, rivalry.finished, rivalry.ahead, rivalry.behind) == (1, 0, 0, 0)
    assert (rivalry.hands, rivalry.margin_sum) == (5, 0)
