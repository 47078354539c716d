"""A player's statistics count the deals they played (noticed at stop 62): the dealer at a
Doppelkopf table of five, or at a Skat table of four, sits the deal out, so it is no hand
of theirs, neither in Hands played nor in the averages and counts per hand (each game
says who sits a hand out: ``sits_out``). Through the Flask client on a real SQLite file:
the hands recorded through the API, the game's statistics page, the player's career page
and the head-to-head table read; and figures a database kept under the old count worked
out again."""

from __future__ import annotations

import json
import re
import sqlite3

from scorekeeper.database_check import check_database
from scorekeeper.db import figures as kept_figures
from scorekeeper.web.review.players import PLAYER_DATA
from tests.support.skat_rules import grand
from tests.support.stored import held_groups
from tests.support.web.review.stats_sat_out import (
    _career,
    _counted_every_deal,
    _doppelkopf,
    _figures,
    _hands_against,
)

FIVE = ["Adelheid", "Bertram", "Clothilde", "Dietmar", "Elfriede"]


def test_a_doppelkopf_dealer_at_a_table_of_five_plays_four_of_five_deals(client, make_game):
    """Five deals, each player dealing one and sitting it out: points per deal (the
    dealer's 0 each time) 0 1 1 −1 −1 | 2 0 −2 −2 2 | −2 −2 0 2 2 | 1 −1 −1 0 1 |
    3 3 −3 −3 0."""
    game_id = _doppelkopf(client, make_game, FIVE, 5)
    figures = _figures(client, game_id)
    assert figures["Figure"] == FIVE
    assert figures["Total"] == ["4", "1", "−5", "−4", "4"]
    assert figures["Hands played"] == ["4", "4", "4", "4", "4"]  # not 5
    # 4/4, 1/4, −5/4, −4/4, 4/4 (not 4/5, 1/5, ...)
    assert figures["Average points per hand"] == ["+1.0", "+0.2", "−1.2", "−1.0", "+1.0"]
    career = _career(client, "Adelheid")
    assert career["Hands played"] == ["4"]
    assert career["Average points per hand"] == ["+1.0"]
    # Together in deals 3 to 5 only (Adelheid dealt the first, Bertram the second): level
    # in the third and fifth, Adelheid ahead in the fourth.
    assert _hands_against(client, "doppelkopf", "Adelheid", "Bertram") == "hands 1–0 of 3"
    assert _hands_against(client, "doppelkopf", "Bertram", "Adelheid") == "hands 0–1 of 3"


def test_a_skat_dealer_at_a_table_of_four_is_not_counted_the_deal_they_sat_out(client, make_game):
    """Four deals at four, Seeger-Fabian: Ann, Bob, Cat and Dan deal in turn and sit out.
    Bob's 30 for Cat's lost grand came in a deal he dealt: his total, not a hand of his,
    nor one in which he scored the most."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    game_id, key = make_game(
        "skat", rules="isko", players=names, first_dealer=0, settings={"seeger_fabian": "on"}
    )
    for declarer, points in [(1, 70), (2, 50), (3, 70), (0, 70)]:
        answer = client.post(
            f"/api/games/{game_id}/hands",
            json=grand(declarer, points),
            headers={"Authorization": f"Bearer {key}"},
        )
        assert answer.status_code == 201, answer.get_json()
    # Points per deal: 0 98 0 0 | 30 30 −146 30 | 0 0 0 98 | 98 0 0 0.
    figures = _figures(client, game_id)
    assert figures["Total"] == ["128", "128", "−146", "128"]
    assert figures["Hands played"] == ["3", "3", "3", "3"]  # not 4
    assert figures["Average points per hand"] == ["+42.7", "+32.7", "−48.7", "+42.7"]
    assert figures["Hands with the most points"] == ["2", "1", "0", "2"]
    career = _career(client, "Bob")
    assert career["Hands played"] == ["3"]
    assert career["Average points per hand"] == ["+32.7"]
    # Ann and Bob both played the third and fourth deals only: level, then Ann's 98.
    assert _hands_against(client, "skat", "Ann", "Bob") == "hands 1–0 of 2"


def test_at_a_table_of_four_everyone_plays_every_deal(client, make_game):
    """Doppelkopf at four: nobody sits out, every deal is each player's, as before
    (points per deal −1 1 1 −1 | 2 2 −2 −2 | 2 −2 −2 2 | 1 1 −1 −1)."""
    names = FIVE[:4]
    game_id = _doppelkopf(client, make_game, names, 4)
    figures = _figures(client, game_id)
    assert figures["Total"] == ["4", "2", "−4", "−2"]
    assert figures["Hands played"] == ["4", "4", "4", "4"]
    assert figures["Average points per hand"] == ["+1.0", "+0.5", "−1.0", "−0.5"]
    assert figures["Hands with the most points"] == ["3", "3", "1", "1"]
    assert _career(client, "Dietmar")["Hands played"] == ["4"]
    assert _hands_against(client, "doppelkopf", "Adelheid", "Bertram") == "hands 1–1 of 4"


def test_figures_a_database_kept_under_the_old_count_are_worked_out_again(client, make_game, app):
    """A database whose pages were read before: the figures and statistics it keeps for
    the game (``game_figures``, ``game_stats``) counted each dealer's deal out. Kept under
    another format, they are not read but worked out again and kept anew, and the
    database's check finds nothing wrong with it."""
    game_id = _doppelkopf(client, make_game, FIVE, 5)
    assert _figures(client, game_id)["Hands played"] == ["4"] * 5
    assert _career(client, "Elfriede")["Hands played"] == ["4"]
    path = app.config["DATABASE"]
    with sqlite3.connect(path) as connection:
        for table, column in (("game_figures", "figures"), ("game_stats", "stats")):
            (text,) = connection.execute(
                f"SELECT {column} FROM {table} WHERE game_id = ?", [game_id]
            ).fetchone()
            old = json.dumps(_counted_every_deal(json.loads(text)), separators=(",", ":"))
            assert old != text
            connection.execute(
                f"UPDATE {table} SET {column} = ?, format = '2' WHERE game_id = ?", [old, game_id]
            )
    connection.close()
    # As a new process finds them: neither the figures nor a player's page's reads kept.
    kept_figures.clear_cache()
    PLAYER_DATA.clear()
    assert check_database(path).ok
    assert _figures(client, game_id)["Hands played"] == ["4"] * 5
    assert _career(client, "Elfriede")["Hands played"] == ["4"]
    with sqlite3.connect(path) as connection:
        formats = {
            table: connection.execute(
                f"SELECT format FROM {table} WHERE game_id = ?", [game_id]
            ).fetchone()[0]
            for table in ("game_figures", "game_stats")
        }
    connection.close()
    assert formats == {"game_figures": kept_figures.FORMAT, "game_stats": kept_figures.STATS_FORMAT}
    assert "2" not in formats.values()


def test_an_evenings_best_hand_is_one_its_players_played(client, make_game):
    """Skat at four, Seeger-Fabian: Bob loses a grand in the first deal, which Ann deals
    and sits out; she, Cat and Dan are paid 30 each, the evening's best Skat hand. Cat and
    Dan played it; Ann did not, so it is not hers, though her seat comes first."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    game_id, key = make_game(
        "skat", rules="isko", players=names, first_dealer=0, settings={"seeger_fabian": "on"}
    )
    answer = client.post(
        f"/api/games/{game_id}/hands", json=grand(1, 50), headers={"Authorization": f"Bearer {key}"}
    )
    assert answer.get_json()["points"] == [30, -146, 30, 30]
    (group,) = held_groups(client)
    page = client.get(f"/groups/{group}/evenings/{game_id}")
    assert page.status_code == 200
    listed = re.search(r'id="best-hands">(.*?)</ul>', page.get_data(as_text=True), re.S)[1]
    best = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r"<li>(.*?)</li>", listed)]
    assert best == [f"Skat: Cat, +30 in hand 1 · Game {game_id}"]
