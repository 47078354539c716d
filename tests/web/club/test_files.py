"""A club night's files (``web/club/files.py``): the night downloaded as JSON and its standings
as CSV, for members only; its paper (issue 45): each table's list printed for signing (for
Skat a tournament list: the night's header, the Skat list, the Seeger-Fabian foot, a
signature line per player; for any other game its own sheet under the same header), and the
night's ranking printed on its own (one A4 page for 40 players, in Chromium's print); both
for the group's members only."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from babel.dates import format_date

from tests.support import club_pages
from tests.support.app import join_group
from tests.support.club_live import joined_page, live_night, play_series, skat_hand
from tests.support.club_pages import (
    THIRTEEN,
    night_of,
    removed_member,
    sign_list,
    start_night,
)
from tests.support.club_roles import plain
from tests.support.live import printed_pdf
from tests.support.web.club.files import _played_table, _row
from tests.support.web.club.shared import _query


def test_a_skat_tables_list_prints_as_a_tournament_list_with_its_seeger_fabian_foot(club):
    app, client, group_id, _key = club
    night, table, players, points = _played_table(client, app, group_id)
    assert sign_list(client, table.game_id, players[1]).status_code == 302
    path = f"/games/{table.game_id}/club/print"
    draw = client.get(f"/groups/{group_id}/club/{night.id}").get_data(as_text=True)
    assert f'href="{path}"' in draw
    page = client.get(path).get_data(as_text=True)
    # The header a club's list carries, over the game's own Skat list.
    head = page[page.index('id="club-list-head"') : page.index("</header>")]
    assert f"Club night {night.id}" in head and "Series 1 of 1" in head and "Table 1" in head
    assert all(name in head for name in players)
    assert '<table class="score' in page  # the Skat list itself, as the game's sheet draws it
    # Deal n's declarer is seat n mod 4: odd deals won, even deals lost.
    size = len(players)
    declarers = [n % size for n in range(1, size + 1)]
    won = [sum(1 for n, d in enumerate(declarers, 1) if d == s and n % 2) for s in range(size)]
    lost = [sum(1 for n, d in enumerate(declarers, 1) if d == s and not n % 2) for s in range(size)]
    assert _row(page, "Games won") == won and _row(page, "Games lost") == lost
    assert _row(page, "Won less lost, × 50") == [
        50 * (w - v) for w, v in zip(won, lost, strict=True)
    ]
    others = [sum(lost) - lost[s] for s in range(size)]
    assert _row(page, "Games the others lost") == others
    assert _row(page, "× 30 for each") == [30 * n for n in others]
    parts = [_row(page, label) for label in ("Won less lost, × 50", "× 30 for each", "Game points")]
    assert (
        _row(page, "Sum")
        == [sum(p) for p in zip(*parts, strict=True)]
        == [points[n] for n in players]
    )
    signatures = page[page.index('id="club-list-signatures"') :]
    assert signatures.count('class="line club-sign-line"') == size - 1  # one signed in the app
    assert signatures.count("signed in the app") == 1


def test_a_list_names_the_scoring_the_night_set_never_house_rules(club):
    """Issue 56, item 8: a Skat night sets only its own scoring (the Seeger-Fabian list, and
    its deals), and its lists and its tables' scoreboards said "International Skat Order +
    house rules"."""
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, _games = night_of(app, group_id)
    page = client.get(f"/games/{night.tables[0].game_id}/club/print").get_data(as_text=True)
    assert "Rules: International Skat Order + Seeger-Fabian list" in page
    assert "house rules" not in page
    german = client.get(
        f"/games/{night.tables[0].game_id}/club/print", headers={"Accept-Language": "de"}
    ).get_data(as_text=True)
    assert "Regeln: Internationale Skatordnung + Seeger-Fabian-Liste" in german
    board = client.get(f"/games/{night.tables[0].game_id}").get_data(as_text=True)
    assert "International Skat Order + Seeger-Fabian list" in board  # the table's own page
    assert "house rules" not in board


def test_another_games_table_prints_its_own_sheet_under_the_same_header(club):
    app, client, group_id, _key = club
    guests = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal"]
    answer = start_night(client, group_id, guests=guests, game="doppelkopf", rules="ddv")
    assert answer.status_code == 302, answer.get_data(as_text=True)[-600:]
    night, games = night_of(app, group_id)
    second = night.tables[1].game_id
    page = client.get(f"/games/{second}/club/print").get_data(as_text=True)
    assert "Table 2" in page and 'id="club-list-head"' in page
    assert 'id="club-list-foot"' not in page  # no Seeger-Fabian count for Doppelkopf
    players = games[night.tables[1].game_id].players
    assert page.count('class="line club-sign-line"') == len(players)


def test_the_ranking_prints_place_points_every_series_and_the_tie_rule(club):
    app, client, group_id, _key = club
    night, table, players, points = _played_table(client, app, group_id)
    standings = client.get(f"/groups/{group_id}/club/{night.id}/standings").get_data(as_text=True)
    path = f"/groups/{group_id}/club/{night.id}/ranking"
    assert f'href="{path}"' in standings
    page = client.get(path).get_data(as_text=True)
    assert "print.css" in page and f"Club night {night.id}" in page
    assert format_date(date.fromisoformat(night.created_at[:10]), "medium") in page
    assert "Skat" in page
    assert "ranked by their best single series" in page
    rows = re.findall(
        r'<bdi class="nm" dir="auto">([^<]+)</bdi></th><td class="club-points">([^<]+)<', page
    )
    assert len(rows) == 13
    shown = {name: int(value.replace("\u2212", "-")) for name, value in rows}
    assert {n: shown[n] for n in players} == {n: points[n] for n in players}


def test_the_paper_is_the_groups_members_only(club):
    app, client, group_id, _key = club
    night, table, _players, _points = _played_table(client, app, group_id)
    paths = [
        f"/games/{table.game_id}/club/print",
        f"/groups/{group_id}/club/{night.id}/ranking",
    ]
    stranger = app.test_client()
    removed = removed_member(app, group_id)
    member = app.test_client()
    join_group(member, group_id=group_id)
    for path in paths:
        assert stranger.get(path).status_code == 404
        assert removed.get(path).status_code == 404
        assert member.get(path).status_code == 200  # any member prints, not only the organiser
    # A member of another group: neither this night's ranking nor its tables' lists, under
    # her own group's address either.
    other = app.test_client()
    made = other.post("/api/groups", json={"name": "Doko"}).get_json()
    join_group(other, group_id=made["id"])
    for path in [
        *paths,
        f"/groups/{made['id']}/club/{night.id}/ranking",
    ]:
        assert other.get(path).status_code == 404, path
    # Ids tampered with: a game of no night (the group's own), none at all, no such night.
    plain = client.post(
        "/api/games",
        json={"game": "skat", "players": ["Ann", "Ben", "Cat"]},
    ).get_json()["id"]
    for path in [
        f"/games/{plain}/club/print",
        "/games/99999/club/print",
        f"/groups/{group_id}/club/{night.id + 1}/ranking",
    ]:
        assert client.get(path).status_code == 404, path


FORTY = [f"Spielerin {n:02d} Lüdenscheidt" for n in range(1, 41)]


@pytest.mark.browser
def test_the_ranking_of_forty_prints_on_one_a4_page_and_a_list_fits_its_paper(browser, live_server):
    from pypdf import PdfReader

    group, night = live_night(live_server, "skat", FORTY, series=3, name="Preisskat")
    play_series(live_server, night, skat_hand)
    base = f"/groups/{group['id']}/club/{night['id']}"
    for language, accept in (("he", "he-IL,he;q=0.9"), ("en", "en")):
        header = {"Accept-Language": accept}
        with joined_page(browser, live_server, group, extra_http_headers=header) as page:
            # A4's width at 96 dpi, as the print preview lays the page out.
            page.set_viewport_size({"width": 794, "height": 1123})
            page.emulate_media(media="print")
            page.goto(f"{base}/ranking")
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("#club-ranking tbody tr").count() == 40
            reader = PdfReader(io.BytesIO(printed_pdf(page, format="A4")))
            assert len(reader.pages) == 1
            page.goto(f"/games/{night['tables'][0]['game_id']}/club/print")
            overflow = page.evaluate(
                "() => [...document.querySelectorAll('main *:not(svg *)')].filter("
                "e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1"
                " || e.getBoundingClientRect().left < -1).map(e => e.outerHTML.slice(0, 80))"
            )
            assert overflow == []
            reader = PdfReader(io.BytesIO(printed_pdf(page, format="A4")))
            assert len(reader.pages) == 1


def test_the_night_downloads_as_json_and_its_standings_as_csv_for_members_only(club):
    app, client, group_id, _key = club
    guests = [*THIRTEEN[:12], "=HYPERLINK(1)"]
    start_night(client, group_id, guests=guests)
    night, games = night_of(app, group_id)
    expected = club_pages.play_series(client, night, games, 1)
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


def test_the_ranking_is_final_only_when_the_night_is_and_says_what_is_open(club):
    app, client, group_id, _key = club
    start_night(client, group_id)
    night, games = night_of(app, group_id)
    club_pages.play_series(client, night, games, 1)
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
    club_pages.play_series(client, night, games, 2)
    for table in night.tables:
        for name in games[table.game_id].players:
            sign_list(client, table.game_id, name)
    assert "דירוג סופי" in plain(client.get(f"{base}/ranking", headers=he))
    final = plain(client.get(f"{base}/standings"))
    assert "Final standings" in final and "Not final yet" not in final


def test_the_printed_list_shows_the_signatures_made_in_the_app_and_the_settled_dispute(club):
    app, client, group_id, _key = club
    night, table, players, _points = _played_table(client, app, group_id)
    body = {"action": "dispute", "name": players[1], "hand": "2", "note": "Kreuz, nicht Pik"}
    assert client.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    [(dispute,)] = _query(app, "SELECT id FROM club_disputes")
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute}/settle"
    assert client.post(settle, data={"outcome": "kept"}).status_code == 302
    for name in players[:2]:
        assert sign_list(client, table.game_id, name).status_code == 302
    page = plain(client.get(f"/games/{table.game_id}/club/print"))
    signatures = page[page.index('id="club-list-signatures"') :]
    # Each name whole ("Spieler 1" is not the start of "Spieler 10"'s line).
    for name in players[:2]:
        line = signatures[signatures.index(f"{name}</") :].split("</li>")[0]
        assert "✓ signed in the app at the table's phone, " in line and " UTC" in line, line
    for name in players[2:]:
        line = signatures[signatures.index(f"{name}</") :].split("</li>")[0]
        assert 'class="line club-sign-line"' in line and "signed in the app" not in line
    disputes = page[page.index('id="club-list-disputes"') : page.index('id="club-list-signatures"')]
    assert f"Hand 2, disputed by {players[1]}: Kreuz, nicht Pik · Kept as recorded" in disputes


@pytest.mark.parametrize("path", ["standings", "standings?projector=1", "ranking"])
def test_what_is_still_open_never_counts_a_zero(club, path):
    app, client, group_id, _key = club
    night, table, players, _points = _played_table(client, app, group_id)
    page = plain(client.get(f"/groups/{group_id}/club/{night.id}/{path}"))
    assert "Not final yet" in page
    assert "0 disputed hands not settled" not in page
    assert "0 finished lists" not in page
