"""A club night's pages (issue 45), through the Flask client: a 13-player Skat night of two
series played to the end through its tables' games, its standings equal to the
Seeger-Fabian sums of the lists, and every new route attacked (a stranger, a removed
member, a member who is not the organiser, another group's night, bad input)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import db
from scorekeeper.db import club as stored
from scorekeeper.engine.registry import GAMES
from tests.support.app import join_group
from tests.support.club_pages import (
    LOSE,
    THIRTEEN,
    WIN,
    edit_key,
    night_of,
    play_series,
    removed_member,
    standings_shown,
    start_night,
)
from tests.support.club_roles import plain


def test_a_thirteen_player_skat_night_of_two_series_stands_as_the_lists_add_up(club):
    app, client, group_id, key = club
    answer = start_night(client, group_id)
    assert answer.status_code == 302
    night, games = night_of(app, group_id)
    draw = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert draw.count('class="club-table"') == 4
    assert [len(games[t.game_id].players) for t in night.tables] == [4, 3, 3, 3]
    assert draw.count('class="club-qr"') == 4  # no phone records a table yet: its code
    expected = play_series(client, night, games, 1)
    assert standings_shown(client, group_id, night.id) == expected

    # Series 2: Spieler 5 has gone home, Gast came late.
    present = "\n".join([n for n in THIRTEEN if n != "Spieler 5"] + ["Gast"])
    answer = client.post(
        f"/groups/{group_id}/club/{night.id}/next", data={"present": present, "confirmed": "1"}
    )
    assert answer.status_code == 302
    night, games = night_of(app, group_id, night.id)
    second = [games[t.game_id].players for t in night.tables_of(2)]
    assert sorted(n for t in second for n in t) == sorted(present.splitlines())
    first_mates = {
        frozenset((a, b))
        for t in night.tables_of(1)
        for a in games[t.game_id].players
        for b in games[t.game_id].players
        if a != b
    }
    assert not any(frozenset((a, b)) in first_mates for t in second for a in t for b in t if a != b)
    for name, gained in play_series(client, night, games, 2).items():
        expected[name] = expected.get(name, 0) + gained
    assert standings_shown(client, group_id, night.id) == expected
    # The night's games are the group's: on its page, and in its History.
    assert all(games[t.game_id].group_id == group_id for t in night.tables)


def test_the_next_series_waits_for_every_table_and_changes_nothing_meanwhile(club):
    app, client, group_id, key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    answer = client.post(
        f"/groups/{group_id}/club/{night.id}/next",
        data={"present": "\n".join(THIRTEEN), "confirmed": "1"},
    )
    assert answer.status_code == 409
    first = games[night.tables[0].game_id].players
    assert "Table 1 (" + ", ".join(first) + ") is still playing" in answer.get_data(as_text=True)
    assert night_of(app, group_id, night.id)[0].series == 1


def test_no_series_past_the_nights_last(club):
    app, client, group_id, key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    answer = client.post(
        f"/groups/{group_id}/club/{night.id}/next",
        data={"present": "\n".join(THIRTEEN), "confirmed": "1"},
    )
    assert answer.status_code == 409
    assert "all of them are drawn" in answer.get_data(as_text=True)
    assert night_of(app, group_id, night.id)[0].series == 1


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"guests": [*THIRTEEN, "spieler 3"]}, "spieler 3 is named twice"),
        ({"guests": ["Ann", "Ben"]}, "needs at least 3 players, and 2 are here"),
        ({"series": "0"}, "Series must be a whole number from 1 to 12, not 0"),
        ({"deals_per_player": "x"}, "Deals per player in a series must be a whole number"),
        ({"guests": ["A" * 31, *THIRTEEN]}, "names are at most 30 characters"),
        ({"rules": "nope"}, "The rules must be one of"),
        ({"scoring": "elo"}, "The standings count must be one of Points"),
    ],
)
def test_bad_input_is_refused_naming_the_field_and_nothing_is_stored(club, fields, said):
    app, client, group_id, key = club
    answer = start_night(client, group_id, **fields)
    assert answer.status_code == 400
    shown = answer.get_data(as_text=True).replace("\u2068", "").replace("\u2069", "")
    assert said in shown, shown[shown.find("error-summary") :][:400]
    with app.app_context():
        assert db.get_db().execute("SELECT count(*) FROM club_nights").fetchone()[0] == 0


def test_a_member_who_is_not_the_organiser_sees_the_draw_but_cannot_draw(club):
    app, client, group_id, key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    other = app.test_client()
    join_group(other, group_id=group_id)
    page = other.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert 'class="club-qr"' not in page and 'id="ask-takeover"' in page
    assert "/edit/" not in page and "draw-next" not in page
    answer = other.post(
        f"/groups/{group_id}/club/{night.id}/next",
        data={"present": "\n".join(THIRTEEN), "confirmed": "1"},
    )
    assert answer.status_code == 403
    assert "Only the night's organisers (Phone 1) draw its next series" in plain(answer)
    assert night_of(app, group_id, night.id)[0].series == 1


def _routes(group_id, night_id):
    return [
        ("get", f"/groups/{group_id}/club"),
        ("post", f"/groups/{group_id}/club"),
        ("get", f"/groups/{group_id}/club/{night_id}"),
        ("get", f"/groups/{group_id}/club/{night_id}/standings"),
        ("get", f"/groups/{group_id}/club/{night_id}/standings?projector=1"),
        ("post", f"/groups/{group_id}/club/{night_id}/next"),
    ]


def test_a_stranger_and_a_removed_member_get_404_everywhere(club):
    app, client, group_id, key = club
    start_night(client, group_id)
    night, _games = night_of(app, group_id)
    stranger = app.test_client()
    removed = removed_member(app, group_id)
    for visitor in (stranger, removed):
        for method, path in _routes(group_id, night.id):
            body = {"present": "x", "guests": "\n".join(THIRTEEN), "draw": "1"}
            answer = (
                getattr(visitor, method)(path, data=body)
                if method == "post"
                else (visitor.get(path))
            )
            assert answer.status_code == 404, (method, path)
    assert night_of(app, group_id, night.id)[0].series == 1


def test_another_groups_night_under_this_groups_address_is_404(club):
    app, client, group_id, key = club
    other = client.post("/api/groups", json={"name": "Doko"}).get_json()
    join_group(client, group_id=other["id"])
    start_night(client, other["id"])
    night, _games = night_of(app, other["id"])
    for method, path in _routes(group_id, night.id)[2:]:
        answer = getattr(client, method)(path)
        assert answer.status_code == 404, path
    assert client.get(f"/groups/{group_id}/club/{night.id}/standings?series=x").status_code == 404
    assert client.get(f"/groups/{other['id']}/club/{night.id}?series=9").status_code == 404


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_has_a_club_night_through_its_pages(club, key):
    """Every registered game: the form offers it, a night of 13 starts with its defaults,
    and its draw and standings pages answer."""
    app, client, group_id, _group_key = club
    form = client.get(f"/groups/{group_id}/club?game={key}")
    assert form.status_code == 200
    answer = start_night(client, group_id, game=key, rules="", deals_per_player="0")
    assert answer.status_code == 302, answer.get_data(as_text=True)[-3000:]
    night, games = night_of(app, group_id)
    seated = sum(len(games[t.game_id].players) for t in night.tables)
    assert seated + len(night.sitting_out.get(1, ())) == 13
    assert client.get(answer.headers["Location"]).status_code == 200
    standings = client.get(f"/groups/{group_id}/club/{night.id}/standings")
    assert standings.status_code == 200 and standings.headers["Refresh"] == "20"
    assert (
        client.get(f"/groups/{group_id}/club/{night.id}/standings?projector=1").status_code == 200
    )


def test_the_group_page_links_the_club_night(club):
    app, client, group_id, _key = club
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert f'href="/groups/{group_id}/club"' in page


# --- each table's list signed by its players, and a disputed hand --------------------------


def _count(app, table: str) -> int:
    with app.app_context():
        return db.get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_a_tables_players_sign_its_list_in_turn_once_each(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    table = night.tables[1]
    players = games[table.game_id].players
    early = client.post(f"/games/{table.game_id}/club", data={"name": players[0]})
    assert early.status_code == 409
    assert "list is not finished yet" in early.get_data(as_text=True)
    play_series(client, night, games, 1)
    for name in players:
        asked = client.post(f"/games/{table.game_id}/club", data={"name": name})
        assert asked.status_code == 200 and "confirm-sign" in asked.get_data(as_text=True), name
        answer = client.post(f"/games/{table.game_id}/club", data={"name": name, "sure": "1"})
        assert answer.status_code == 302, name
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert f"Signed: {len(players)} of {len(players)}" in draw
    twice = client.post(f"/games/{table.game_id}/club", data={"name": players[0], "sure": "1"})
    assert twice.status_code == 409
    assert f"{players[0]} has signed this list already" in plain(twice)
    stranger_name = client.post(f"/games/{table.game_id}/club", data={"name": "Zoe"})
    assert stranger_name.status_code == 400
    assert "does not sit at table 2" in stranger_name.get_data(as_text=True)
    assert _count(app, "club_confirmations") == len(players)
    # A hand corrected after the signatures: the list is to be signed again.
    key = edit_key(client, table.game_id)
    hand = {"declarer": 1, **WIN, "declarer_points": 80}
    changed = client.put(
        f"/api/games/{table.game_id}/hands/1", json=hand, headers={"Authorization": f"Bearer {key}"}
    )
    assert changed.status_code == 200, changed.get_json()
    page = client.get(f"/games/{table.game_id}/club").get_data(as_text=True)
    assert "Hand 1 changed after this player signed." in page
    assert (
        client.post(
            f"/games/{table.game_id}/club", data={"name": players[0], "sure": "1"}
        ).status_code
        == 302
    )


def test_a_disputed_hand_is_marked_for_the_organiser_who_settles_it(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables[0]
    name = games[table.game_id].players[2]
    bad = client.post(
        f"/games/{table.game_id}/club", data={"action": "dispute", "name": name, "hand": "9"}
    )
    assert bad.status_code == 400
    assert "a hand of this list, 1 to 4, not 9" in bad.get_data(as_text=True)
    body = {"action": "dispute", "name": name, "hand": "3", "note": "Es war Kreuz, nicht Pik"}
    assert client.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert "Table 1, hand 3, disputed by" in draw and "Es war Kreuz" in draw
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    member = app.test_client()
    join_group(member, group_id=group_id)
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    assert member.post(settle, data={"outcome": "kept"}).status_code == 403
    assert member.get(settle).status_code == 403
    missing = f"/groups/{group_id}/club/{night.id}/disputes/99/settle"
    assert client.post(missing, data={"outcome": "kept"}).status_code == 404
    asked = client.get(settle)
    assert asked.status_code == 200 and "Es war Kreuz" in asked.get_data(as_text=True)
    unsaid = client.post(settle)  # settled without saying how: refused, nothing changed
    assert unsaid.status_code == 400
    assert "corrected or kept" in unsaid.get_data(as_text=True)
    with app.app_context():
        assert stored.disputes(db.get_db(), night.id)[0].resolved_at is None
    assert client.post(settle, data={"outcome": "kept"}).status_code == 302
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert 'id="disputes"' not in draw  # no longer open
    assert "1 dispute settled" in draw and "Kept as recorded" in draw
    with app.app_context():
        assert stored.disputes(db.get_db(), night.id)[0].outcome == "kept"
    assert client.post(settle, data={"outcome": "corrected"}).status_code == 409  # settled


def test_a_phone_of_another_table_or_of_no_table_cannot_sign(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    first, second = night.tables[0].game_id, night.tables[1].game_id
    table_phone = app.test_client()
    assert table_phone.get(f"/games/{first}/edit/{edit_key(client, first)}").status_code == 302
    assert table_phone.get(f"/games/{first}/club").status_code == 200
    name = games[second].players[0]
    for body in ({"name": name}, {"action": "dispute", "name": name, "hand": "1"}):
        assert table_phone.post(f"/games/{second}/club", data=body).status_code == 404
    member = app.test_client()
    join_group(member, group_id=group_id)  # sees the game, holds no key, no player's name
    refused = member.post(f"/games/{second}/club", data={"name": name, "sure": "1"})
    assert refused.status_code == 403
    assert "none of this table" in refused.get_data(as_text=True)
    assert app.test_client().get(f"/games/{second}/club").status_code == 404
    plain = client.post(
        "/api/games",
        json={"game": "skat", "players": ["A", "B", "C"], "rules": "isko", "first_dealer": 0},
    ).get_json()
    client.get(f"/games/{plain['id']}/edit/{plain['edit_key']}")
    assert client.get(f"/games/{plain['id']}/club").status_code == 409
    assert _count(app, "club_confirmations") == _count(app, "club_disputes") == 0


def test_a_tables_own_phone_finds_the_signing_page_on_its_scoreboard(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, _games = night_of(app, group_id)
    game_id = night.tables[2].game_id
    table_phone = app.test_client()
    table_phone.get(f"/games/{game_id}/edit/{edit_key(client, game_id)}")
    assert f'href="/games/{game_id}/club"' in table_phone.get(f"/games/{game_id}").get_data(
        as_text=True
    )
    watcher = app.test_client()
    join_group(watcher, group_id=group_id)  # a member without the key: no such link
    assert "/club" not in watcher.get(f"/games/{game_id}").get_data(as_text=True)
    plain_game = client.post(
        "/api/games", json={"game": "skat", "players": ["A", "B", "C"], "rules": "isko"}
    ).get_json()
    client.get(f"/games/{plain_game['id']}/edit/{plain_game['edit_key']}")
    assert "club-sign" not in client.get(f"/games/{plain_game['id']}").get_data(as_text=True)


def test_the_night_downloads_as_json_and_its_standings_as_csv_for_members_only(club):
    app, client, group_id, _key = club
    guests = [*THIRTEEN[:12], "=HYPERLINK(1)"]
    start_night(client, group_id, guests=guests)
    night, games = night_of(app, group_id)
    expected = play_series(client, night, games, 1)
    base = f"/groups/{group_id}/club/{night.id}"
    whole = client.get(f"{base}/export.json")
    assert whole.status_code == 200 and "attachment" in whole.headers["Content-Disposition"]
    body = whole.get_json()
    assert {line["name"]: line["points"] for line in body["standings"]} == expected
    assert [len(t["players"]) for t in body["tables"]] == [4, 3, 3, 3]
    sheet = client.get(f"{base}/export.csv").get_data(as_text=True).splitlines()
    assert sheet[0] == "place,player,points,series_1,tables,hands"
    rows = {row.split(",")[1]: int(row.split(",")[2]) for row in sheet[1:]}
    assert rows["'=HYPERLINK(1)"] == expected["=HYPERLINK(1)"]
    for visitor in (app.test_client(),):
        assert visitor.get(f"{base}/export.json").status_code == 404
        assert visitor.get(f"{base}/export.csv").status_code == 404


def test_a_player_of_another_table_cannot_take_a_seat_at_this_one(club):
    """ "A player leaves or joins…" at a club table refuses a player drawn to another
    table of the series, naming them and the table; anyone else takes the seat."""
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    first, second = night.tables[0].game_id, night.tables[1].game_id
    key = edit_key(client, first)
    elsewhere = games[second].players[1]
    answer = client.post(
        f"/api/games/{first}/seats",
        json={"seat": 2, "name": elsewhere.upper()},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert answer.status_code == 422
    assert answer.get_json()["field"] == "name"
    assert "sits at table 2 in this series" in answer.get_json()["error"]
    assert night_of(app, group_id, night.id)[1][first].changes == ()
    fine = client.post(
        f"/api/games/{first}/seats",
        json={"seat": 2, "name": "Gast"},
        headers={"Authorization": f"Bearer {key}"},
    )
    assert fine.status_code < 300, fine.get_json()


def test_a_seat_taken_over_mid_series_credits_each_player_the_hands_they_sat(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    table = night.tables[1]  # a table of three: deals 1 won by seat 1, 2 lost by seat 2
    players = games[table.game_id].players
    key = edit_key(client, table.game_id)
    auth = {"Authorization": f"Bearer {key}"}
    for number in (1, 2):
        hand = {"declarer": number % 3, **(WIN if number % 2 else LOSE)}
        assert (
            client.post(f"/api/games/{table.game_id}/hands", json=hand, headers=auth).status_code
            == 201
        )
    seated = client.post(
        f"/api/games/{table.game_id}/seats", json={"seat": 1, "name": "Gast"}, headers=auth
    )
    assert seated.status_code < 300, seated.get_json()
    hand = {"declarer": 1, **WIN}  # deal 3: Gast, in seat 1, wins
    assert (
        client.post(f"/api/games/{table.game_id}/hands", json=hand, headers=auth).status_code == 201
    )
    shown = standings_shown(client, group_id, night.id)
    assert shown[players[1]] == 72 + 40  # won deal 1, and 40 for seat 2's lost deal 2
    assert shown["Gast"] == 72
    assert shown[players[0]] == 40 and shown[players[2]] == -90
    # And the hands each sat (issue 56, item 10): 2 for the player who left, 1 for Gast.
    csv_text = client.get(f"/groups/{group_id}/club/{night.id}/export.csv").get_data(as_text=True)
    rows = {row.split(",")[1]: row.split(",") for row in csv_text.splitlines()[1:]}
    assert rows[players[1]][-1] == "2" and rows["Gast"][-1] == "1"
    assert rows[players[0]][-1] == "3" and rows[players[2]][-1] == "3"


def test_the_draw_links_each_tables_list_printed_for_signing(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, _games = night_of(app, group_id)
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    for table in night.tables:
        path = f"/games/{table.game_id}/club/print"
        assert f'href="{path}"' in draw
        assert client.get(path).status_code == 200


# --- a club night one organiser runs alone (issue 56) -----------------------------------


def member_named(app, group_id: int, label: str):
    """A phone that joined the group under ``label``, its name in the group."""
    with app.app_context():
        group = db.load_group(db.get_db(), group_id)
    phone = app.test_client()
    answer = phone.post(f"/join/{group.invite}", data={"label": label})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return phone


def test_drawing_the_next_series_asks_first_saying_what_is_still_open(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    first, second = night.tables_of(1)[0], night.tables_of(1)[1]
    disputer = games[first.game_id].players[1]
    body = {"action": "dispute", "name": disputer, "hand": "3"}
    assert client.post(f"/games/{first.game_id}/club", data=body).status_code == 302
    for name in games[second.game_id].players[:-1]:
        signed = client.post(f"/games/{second.game_id}/club", data={"name": name, "sure": "1"})
        assert signed.status_code == 302
    present = "\n".join(THIRTEEN)
    asked = client.post(f"/groups/{group_id}/club/{night.id}/next", data={"present": present})
    assert asked.status_code == 200
    page = plain(asked)
    assert "Draw series 2 now?" in page and "cannot be undone" in page
    assert f"Table 1 (series 1): hand 3, disputed by {disputer}, is not settled." in page
    last = games[second.game_id].players[-1]
    size = len(games[second.game_id].players)
    said = f"Table 2 (series 1): {size - 1} of its {size} players signed its list; {last} not yet."
    assert said in page
    assert "13 players: 4 tables of 4/3/3/3 players" in page  # the new tables, before the draw
    assert night_of(app, group_id, night.id)[0].series == 1  # nothing drawn by asking
    drawn = client.post(
        f"/groups/{group_id}/club/{night.id}/next", data={"present": present, "confirmed": "1"}
    )
    assert drawn.status_code == 302
    assert night_of(app, group_id, night.id)[0].series == 2


def test_a_member_signs_on_their_own_phone_for_their_own_name_and_can_take_it_back(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    table = night.tables_of(1)[0]
    players = games[table.game_id].players
    own = member_named(app, group_id, players[0])
    early = own.post(f"/games/{table.game_id}/club", data={"name": players[0], "sure": "1"})
    assert early.status_code == 409  # the list is still being played
    play_series(client, night, games, 1)
    page = plain(own.get(f"/games/{table.game_id}/club"))
    assert f"{players[0]} signs…" in page
    assert f"{players[1]} signs…" not in page
    other = own.post(f"/games/{table.game_id}/club", data={"name": players[1], "sure": "1"})
    assert other.status_code == 400
    assert f"This phone signs for {players[0]} only" in plain(other)
    asked = own.post(f"/games/{table.game_id}/club", data={"name": players[0]})
    assert asked.status_code == 200 and "confirm-sign" in asked.get_data(as_text=True)
    assert _count(app, "club_confirmations") == 0  # asking stores nothing
    signed = own.post(f"/games/{table.game_id}/club", data={"name": players[0], "sure": "1"})
    assert signed.status_code == 302
    assert _count(app, "club_confirmations") == 1
    undone = own.post(f"/games/{table.game_id}/club", data={"name": players[0], "action": "unsign"})
    assert undone.status_code == 302
    assert _count(app, "club_confirmations") == 0
    own.post(f"/games/{table.game_id}/club", data={"name": players[0], "sure": "1"})
    present = "\n".join(THIRTEEN)
    client.post(
        f"/groups/{group_id}/club/{night.id}/next", data={"present": present, "confirmed": "1"}
    )
    late = own.post(f"/games/{table.game_id}/club", data={"name": players[0], "action": "unsign"})
    assert late.status_code == 409
    assert "signatures of series 1 stay" in plain(late)
    assert _count(app, "club_confirmations") == 1
    removed = removed_member(app, group_id)
    assert removed.post(f"/games/{table.game_id}/club", data={"name": players[1]}).status_code in (
        403,
        404,
    )


def test_the_signing_page_names_the_disputed_hand_how_it_was_settled_and_what_changed(club):
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables[0]
    players = games[table.game_id].players
    client.post(f"/games/{table.game_id}/club", data={"name": players[0], "sure": "1"})
    body = {"action": "dispute", "name": players[2], "hand": "2", "note": "Grand, nicht Kreuz"}
    client.post(f"/games/{table.game_id}/club", data=body)
    page = plain(client.get(f"/games/{table.game_id}/club"))
    assert f"Hand 2, disputed by {players[2]}: " in page and "Grand, nicht Kreuz" in page
    assert "waiting for the organiser" in page
    key = edit_key(client, table.game_id)
    hand = {"declarer": 2 % len(players), **WIN, "declarer_points": 80}
    changed = client.put(
        f"/api/games/{table.game_id}/hands/2", json=hand, headers={"Authorization": f"Bearer {key}"}
    )
    assert changed.status_code == 200
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    assert client.post(settle, data={"outcome": "corrected"}).status_code == 302
    page = plain(client.get(f"/games/{table.game_id}/club"))
    assert "Corrected on the table's game" in page and "waiting for the organiser" not in page
    assert "Hand 2 changed after this player signed." in page
    he = plain(client.get(f"/games/{table.game_id}/club", headers={"Accept-Language": "he"}))
    assert "תוקן במשחק של השולחן" in he and "יד 2 השתנתה אחרי שהשחקן חתם." in he


def test_the_ranking_is_final_only_when_the_night_is_and_says_what_is_open(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    base = f"/groups/{group_id}/club/{night.id}"
    he = {"Accept-Language": "he"}
    ranking = plain(client.get(f"{base}/ranking", headers=he))
    assert "דירוג סופי" not in ranking
    assert "דירוג אחרי סבב 1 מתוך 2" in ranking
    assert "לא כל השחקנים חתמו" in ranking  # the lists not yet signed, counted
    standings = plain(client.get(f"{base}/standings"))
    assert "Standings after series 1 of 2" in standings
    assert "Not final yet" in standings and "0 of its 4 players signed its list" in standings
    present = "\n".join(THIRTEEN)
    client.post(f"{base}/next", data={"present": present, "confirmed": "1"})
    night, games = night_of(app, group_id, night.id)
    play_series(client, night, games, 2)
    for table in night.tables:
        for name in games[table.game_id].players:
            client.post(f"/games/{table.game_id}/club", data={"name": name, "sure": "1"})
    assert "דירוג סופי" in plain(client.get(f"{base}/ranking", headers=he))
    final = plain(client.get(f"{base}/standings"))
    assert "Final standings" in final and "Not final yet" not in final


def test_a_finished_tables_scoreboard_leads_to_signing_and_says_night_table_and_series(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    table = night.tables_of(1)[1]
    phone = app.test_client()
    phone.get(f"/games/{table.game_id}/edit/{edit_key(client, table.game_id)}")
    playing = phone.get(f"/games/{table.game_id}").get_data(as_text=True)
    assert f"Club night {night.id} · Table 2 · Series 1" in playing
    play_series(client, night, games, 1)
    done = phone.get(f"/games/{table.game_id}").get_data(as_text=True)
    sign = done.index('id="club-sign"')
    assert "Sign table 2&#39;s list" in done or "Sign table 2's list" in done
    assert "primary big" in done[done.rindex("<a", 0, sign) : sign]
    assert 'id="rematch"' not in done  # a rematch is no step of the night


def test_the_nights_words_read_as_the_table_says_them(club):
    """Issue 56, item 8: German counts "Serien", Hebrew says one deal a player as one (not
    "deal no. 1") and one finished table in the singular."""
    app, client, group_id, _key = club
    start = client.get(f"/groups/{group_id}/club", headers={"Accept-Language": "de"})
    assert "Serien" in start.get_data(as_text=True)
    english = client.get(f"/groups/{group_id}/club").get_data(as_text=True)
    assert "one table of standings adds them all up" in english
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    he = client.get(f"/groups/{group_id}/club/{night.id}", headers={"Accept-Language": "he"})
    page = he.get_data(as_text=True)
    assert "יד אחת לכל שחקן" in page and "יד 1 לכל שחקן" not in page
    assert "הסתיים" in page and "הסתיימו" not in page


def test_the_standings_and_ranking_of_a_series_still_playing_say_during_it_not_after(club):
    """Before any list of series 1 is finished, the standings and the printed ranking are
    the standings during series 1, in every language; once its tables are finished,
    after it."""
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    base = f"/groups/{group_id}/club/{night.id}"
    standings = plain(client.get(f"{base}/standings"))
    assert "Standings during series 1 of 2" in standings
    assert "Standings after series 1 of 2" not in standings
    assert "Ranking during series 1 of 2" in plain(client.get(f"{base}/ranking"))
    de = plain(client.get(f"{base}/standings", headers={"Accept-Language": "de"}))
    assert "Stand während Serie 1 von 2" in de and "Stand nach Serie" not in de
    he = plain(client.get(f"{base}/ranking", headers={"Accept-Language": "he"}))
    assert "דירוג במהלך סבב 1 מתוך 2" in he and "דירוג אחרי" not in he
    fr = plain(client.get(f"{base}/standings?projector=1", headers={"Accept-Language": "fr"}))
    assert "Classement pendant la série 1 sur 2" in fr
    play_series(client, night, games, 1)
    assert "Standings after series 1 of 2" in plain(client.get(f"{base}/standings"))


def test_the_hebrew_standings_link_the_ranking_without_calling_it_final_mid_night(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    standings = f"/groups/{group_id}/club/{night.id}/standings"
    he = plain(client.get(standings, headers={"Accept-Language": "he"}))
    assert "הדירוג להדפסה" in he and "הדירוג הסופי" not in he


def disputed_after_series_1(app, client, group_id, headers=None):
    """A night whose series 1 is played, table 1's hand 2 disputed by its second player
    ("Kreuz, nicht Pik"), in the language of ``headers``: the night, that table and its
    players; the dispute's flashed words wait for the table's page."""
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    play_series(client, night, games, 1)
    table = night.tables_of(1)[0]
    players = games[table.game_id].players
    body = {"action": "dispute", "name": players[1], "hand": "2", "note": "Kreuz, nicht Pik"}
    answer = client.post(f"/games/{table.game_id}/club", data=body, headers=headers)
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith(f"/games/{table.game_id}/club")
    return night, table, players


def test_an_open_dispute_is_the_first_thing_on_the_organisers_night_page(club):
    """The organiser's next step, settling a disputed hand, comes before the tables (four
    of them are some 2,800 px of a phone's page), and the words for it are the same on
    every page of the night: German "Spielleitung", Hebrew "בערעור של"."""
    app, client, group_id, _key = club
    night, table, players = disputed_after_series_1(app, client, group_id)
    page = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert page.index('id="disputes"') < page.index('id="club-tables"')
    de = plain(client.get(f"/games/{table.game_id}/club", headers={"Accept-Language": "de"}))
    assert "wartet auf die Spielleitung" in de and "Turnierleitung" not in de
    he = {"Accept-Language": "he"}
    night_he = plain(client.get(f"/groups/{group_id}/club/{night.id}", headers=he))
    sign_he = plain(client.get(f"/games/{table.game_id}/club", headers=he))
    assert f"יד 2, בערעור של {players[1]}" in night_he and "במחלוקת של" not in night_he
    assert f"יד 2, בערעור של {players[1]}" in sign_he


def test_a_players_own_phone_meets_signing_as_the_big_step_at_the_end_of_the_series(club):
    """A member's own phone bearing a player's name, on the table's scoreboard at the end
    of the series, finds "Sign table 1's list" as the big step (it signs there); another
    member's phone, which signs for no one at this table, a plain link."""
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    table = night.tables_of(1)[0]
    own = member_named(app, group_id, games[table.game_id].players[0])
    other = member_named(app, group_id, "Zuschauerin")
    play_series(client, night, games, 1)

    def sign_button(phone) -> str:
        done = phone.get(f"/games/{table.game_id}").get_data(as_text=True)
        sign = done.index('id="club-sign"')
        return done[done.rindex("<a", 0, sign) : sign]

    assert "primary big" in sign_button(own)
    assert "primary" not in sign_button(other)


def test_the_settle_page_says_the_disputed_hand_as_the_tables_game_has_it(club):
    """The organiser weighs a dispute against the hand itself: the settle page says hand 2
    as recorded (its declarer by name, its game and the result), in the page's language."""
    app, client, group_id, _key = club
    night, table, players = disputed_after_series_1(app, client, group_id)
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    page = re.sub(r"</?span[^>]*>", "", plain(client.get(settle)))  # each part whole
    said = re.search(r'<p id="disputed-hand">As recorded: ([^<]+)</p>', page)
    assert said, "the settle page does not say the hand"
    assert "♥" in said[1] and "lost" in said[1]  # LOSE: a Hearts game, lost
    assert any(said[1].startswith(name + " · ") for name in players), said[1]  # its declarer
    de = plain(client.get(settle, headers={"Accept-Language": "de"}))
    assert '<p id="disputed-hand">Wie eingetragen: ' in de


def test_a_dispute_has_one_hebrew_word_and_the_german_settle_link_says_spiel_once(club):
    """Hebrew says a club dispute with one word, ערעור, on every page of it and in every
    string of the catalogue that speaks of one (it said מחלוקת and "חולק" too); German's
    settle page corrects the hand ("Spiel") on its own form, not "das Spiel von Tisch 1 …
    um das Spiel zu berichtigen"."""
    from babel.messages.pofile import read_po

    app, client, group_id, _key = club
    he = {"Accept-Language": "he"}
    night, table, players = disputed_after_series_1(app, client, group_id, headers=he)
    flashed = plain(client.get(f"/games/{table.game_id}/club", headers=he))
    assert f"ערעור של {players[1]} על יד 2" in flashed
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    base = f"/groups/{group_id}/club/{night.id}"
    pages = [
        flashed,
        plain(client.get(f"/games/{table.game_id}/club?hand=1", headers=he)),
        plain(client.get(base, headers=he)),
        plain(client.get(f"{base}/disputes/{dispute_id}/settle", headers=he)),
    ]
    for page in pages:
        assert "ערעור" in page
        assert "מחלוקת" not in page and "חולק" not in page
    assert "ידיים בערעור" in pages[1] and "לערער על היד" in pages[1]
    hebrew = Path(__file__).parents[3] / "scorekeeper/translations/he/LC_MESSAGES/messages.po"
    with hebrew.open(encoding="utf-8") as po:
        catalog = read_po(po)
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        said = message.string if isinstance(message.string, tuple) else (message.string,)
        if any("disput" in text for text in ids):
            assert not any("מחלוקת" in s or "חולק" in s for s in said), message.id
    de = plain(
        client.get(f"{base}/disputes/{dispute_id}/settle", headers={"Accept-Language": "de"})
    )
    assert "Spiel 2 im Formular berichtigen" in de  # straight to the hand's own form
    assert "Spiel von Tisch 1" not in de and "um das Spiel zu berichtigen" not in de
