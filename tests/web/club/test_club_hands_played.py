"""A club night's Hands column counts the hands a player played (issue 56, noticed at
stop 61): a player who sat a deal out (the dealer at a Doppelkopf table of five, or at a
Skat table of four) did not play it. Through the Flask client on a real SQLite file: the
night started and played through its tables' games, the ranking page and the CSV read."""

from __future__ import annotations

from tests.support.club_pages import (
    THIRTEEN,
    edit_key,
    night_of,
    play_series,
    start_night,
)
from tests.support.web.club.club_hands_played import _csv_hands, _play_doppelkopf, _ranking_hands

TEN = [
    "Adelheid Brunnmüller",
    "Walburga Eisenhuth",
    "Maximiliane Schröder",
    "Friedhelm Krause",
    "Gundula Hofstätter",
    "Ottokar Liebknecht",
    "Roswitha Pfeiffer",
    "Eberhard Zimmermann",
    "Hildegard Vogelsang",
    "Konstantin Weißgerber",
]


def test_a_doppelkopf_player_at_a_table_of_five_is_counted_the_hands_they_played(club):
    """Ten players, two series of two tables of five, five deals each: every player deals
    once per series and sits that deal out, so plays 4 + 4 = 8 hands, not 10."""
    app, client, group_id, _key = club
    answer = start_night(client, group_id, guests=TEN, game="doppelkopf", rules="ddv", series="2")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    night, games = night_of(app, group_id)
    assert [len(games[t.game_id].players) for t in night.tables] == [5, 5]
    _play_doppelkopf(client, night, games, 1)
    assert _ranking_hands(client, group_id, night.id) == dict.fromkeys(TEN, (1, 4))
    answer = client.post(
        f"/groups/{group_id}/club/{night.id}/next",
        data={"present": "\n".join(TEN), "confirmed": "1"},
    )
    assert answer.status_code == 302
    night, games = night_of(app, group_id, night.id)
    _play_doppelkopf(client, night, games, 2)
    assert _ranking_hands(client, group_id, night.id) == dict.fromkeys(TEN, (2, 8))
    assert _csv_hands(client, group_id, night.id) == dict.fromkeys(TEN, 8)


def test_a_skat_player_at_a_table_of_four_is_not_counted_the_deal_they_sat_out(club):
    """Thirteen players: one table of four (four deals, each dealer sitting out one) and
    three of three (three deals, all played)."""
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    expected = {name: 3 for table in night.tables_of(1) for name in games[table.game_id].players}
    assert sorted(expected) == sorted(THIRTEEN)
    assert _csv_hands(client, group_id, night.id) == expected
    assert {n: h for n, (_t, h) in _ranking_hands(client, group_id, night.id).items()} == expected


def test_a_seat_taken_over_at_a_table_of_five_credits_the_hands_each_played(club):
    """Seat 3 changes hands after deal 2: its first player played deals 1 and 2; Gast
    dealt deal 3, sitting it out, and played 4 and 5. Everyone else sat out the one deal
    they dealt."""
    app, client, group_id, _key = club
    start_night(client, group_id, guests=TEN, game="doppelkopf", rules="ddv", series="1")
    night, games = night_of(app, group_id)
    table = night.tables[0]
    game = games[table.game_id]
    players, size = game.players, len(game.players)
    auth = {"Authorization": f"Bearer {edit_key(client, table.game_id)}"}
    for number in range(1, size + 1):
        if number == 3:
            seated = client.post(
                f"/api/games/{table.game_id}/seats", json={"seat": 2, "name": "Gast"}, headers=auth
            )
            assert seated.status_code < 300, seated.get_json()
        dealer = (game.first_dealer + number - 1) % size
        hand = {"re": [(dealer + 1) % size, (dealer + 2) % size], "re_points": 130}
        answer = client.post(f"/api/games/{table.game_id}/hands", json=hand, headers=auth)
        assert answer.status_code == 201, answer.get_json()
    hands = _csv_hands(client, group_id, night.id)
    assert game.first_dealer == 0
    assert hands[players[2]] == 2 and hands["Gast"] == 2
    assert [hands[players[seat]] for seat in (0, 1, 3, 4)] == [4, 4, 4, 4]


TWENTY_TWO = [f"Spielerin {n}" for n in range(1, 23)]


def test_a_five_table_doppelkopf_night_counts_the_deals_each_player_played(club):
    """22 players at DDV Doppelkopf, the deals per player left to the rules (6): five
    tables, two of five (30 deals, each dealer sitting one out: everyone plays 24) and
    three of four (24 deals, all played). Worked by hand: at every deal the two players
    left of the dealer are Re and win with 130 (1 point each, the other two players -1
    each, the dealer at five 0), so each player's points are the Re deals they played
    less their Kontra deals. The ranking's Hands and the CSV say 24 for every player."""
    app, client, group_id, _key = club
    answer = start_night(
        client,
        group_id,
        guests=TWENTY_TWO,
        game="doppelkopf",
        rules="ddv",
        series="1",
        deals_per_player="",
    )
    assert answer.status_code == 302, answer.get_data(as_text=True)[-600:]
    night, games = night_of(app, group_id)
    sizes = [len(games[t.game_id].players) for t in night.tables]
    assert sizes == [5, 5, 4, 4, 4]
    assert [games[t.game_id].settings.deals for t in night.tables] == [30, 30, 24, 24, 24]
    expected: dict[str, int] = {}
    for table in night.tables:
        game = games[table.game_id]
        size = len(game.players)
        for number in range(1, 6 * size + 1):
            dealer = (game.first_dealer + number - 1) % size
            re_side = {(dealer + 1) % size, (dealer + 2) % size}
            for seat, name in enumerate(game.players):
                sat_out = size == 5 and seat == dealer
                points = 0 if sat_out else 1 if seat in re_side else -1
                expected[name] = expected.get(name, 0) + points
    _play_doppelkopf(client, night, games, 1, deals_per_player=6)
    assert _ranking_hands(client, group_id, night.id) == dict.fromkeys(TWENTY_TWO, (1, 24))
    assert _csv_hands(client, group_id, night.id) == dict.fromkeys(TWENTY_TWO, 24)
    sheet = client.get(f"/groups/{group_id}/club/{night.id}/export.csv").get_data(as_text=True)
    shown = {row.split(",")[1]: int(row.split(",")[2]) for row in sheet.splitlines()[1:]}
    assert shown == expected
