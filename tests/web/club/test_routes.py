"""A club night's pages (issue 45), through the Flask client: a 13-player Skat night of two
series played to the end through its tables' games, its standings equal to the
Seeger-Fabian sums of the lists, and every new route attacked (a stranger, a removed
member, a member who is not the organiser, another group's night, bad input). A table's list
(signing, disputes) is test_lists.py's, the night's files and paper test_files.py's."""

from __future__ import annotations

import pytest

from scorekeeper import db
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
    sign_list,
    standings_shown,
    start_night,
)
from tests.support.club_roles import plain
from tests.support.web.club.routes import _routes
from tests.support.web.club.shared import disputed_after_series_1


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
        signed = sign_list(client, second.game_id, name)
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
