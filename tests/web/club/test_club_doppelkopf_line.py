"""Doppelkopf's one-line hand description (the delete page, a club dispute's settle page)
says each player's party in the table's words, each party a run of its own (noticed at
stop 61: the Latin "Re"/"K" stayed Latin on Hebrew pages, and ran with the Latin names
beside them in the wrong order). Through the Flask client on a real SQLite file."""

from __future__ import annotations

import html
import re

from scorekeeper import db
from scorekeeper.db import club as stored
from tests.support.club_pages import edit_key, night_of, start_night
from tests.support.web.club.club_doppelkopf_line import (
    FOUR,
    RE_WINS,
    _delete_line,
    _four_with_one_hand,
)

HEBREW = {"Accept-Language": "he"}

# A name as a Hebrew page isolates it, then its party, isolated too.
MARKED = re.compile("\u2068([^\u2069]+)\u2069: \u2066([^\u2069]+)\u2069")


def test_the_hebrew_delete_page_says_each_doppelkopf_party_in_hebrew_each_in_its_own_run(client):
    game_id = _four_with_one_hand(client, re=[1, 2])
    line = _delete_line(client, game_id, HEBREW)
    assert MARKED.findall(line) == [
        (FOUR[0], "קונטרה"),
        (FOUR[1], "רה"),
        (FOUR[2], "רה"),
        (FOUR[3], "קונטרה"),
    ], line
    assert ": Re" not in line and ": K" not in line
    english = _delete_line(client, game_id, {"Accept-Language": "en"})
    assert english.endswith(
        f"\u2068{FOUR[0]}\u2069: Kontra · \u2068{FOUR[1]}\u2069: Re · "
        f"\u2068{FOUR[2]}\u2069: Re · \u2068{FOUR[3]}\u2069: Kontra"
    ), english


def test_a_disputed_doppelkopf_hand_at_a_table_of_five_is_said_in_hebrew_on_the_settle_page(club):
    """At a table of five the description, read without the hand's place, cannot tell
    who dealt and sat out: it marks the Re players only (it marked the dealer Kontra)."""
    app, client, group_id, _key = club
    ten = [*FOUR, "Gundula Hofstätter", "Ottokar Liebknecht", "Roswitha Pfeiffer", "Eberhard"]
    ten += ["Hildegard Vogelsang", "Konstantin Weißgerber"]
    start_night(client, group_id, guests=ten, game="doppelkopf", rules="ddv", series="1")
    night, games = night_of(app, group_id)
    table = night.tables[0]
    game = games[table.game_id]
    players, dealer = game.players, game.first_dealer
    re_seats = [(dealer + 1) % 5, (dealer + 2) % 5]
    answer = client.post(
        f"/api/games/{table.game_id}/hands",
        json={"re": re_seats, **RE_WINS},
        headers={"Authorization": f"Bearer {edit_key(client, table.game_id)}"},
    )
    assert answer.status_code == 201, answer.get_json()
    body = {"action": "dispute", "name": players[0], "hand": "1"}
    assert client.post(f"/games/{table.game_id}/club", data=body).status_code == 302
    with app.app_context():
        dispute_id = stored.disputes(db.get_db(), night.id)[0].id
    settle = f"/groups/{group_id}/club/{night.id}/disputes/{dispute_id}/settle"
    page = html.unescape(client.get(settle, headers=HEBREW).get_data(as_text=True))
    said = re.search(r'<p id="disputed-hand">(.*?)</p>', page, re.S)[1]
    said = re.sub(r"</?span[^>]*>", "", said)  # the hand's parts, each whole on a line
    assert MARKED.findall(said) == [(players[seat], "רה") for seat in sorted(re_seats)], said
    # no player marked Kontra (the card points name both parties: "רה 130, קונטרה 110")
    assert "\u2066קונטרה" not in said and ": K" not in said


def test_a_hebrew_scoreboard_sheet_and_revisions_mark_each_party_in_hebrew(client):
    """The party in each player's cell ("Re", "K") is the table's word on a Hebrew page:
    רה and ק׳ on the scoreboard and the printed sheet (they stayed Latin); German keeps Re
    and K. The hand's revisions say each player's party whole, as the hand's line does
    (רה, קונטרה: issue 69, a figure says what it is)."""
    game_id = _four_with_one_hand(client, re=[1, 3])
    # The scoreboard's cell, and the printed sheet's party column.
    cells = {
        f"/games/{game_id}": r'<span class="e">([^<]*)</span>',
        f"/games/{game_id}/print": r'<td class="s">([^<]*)</td>',
    }
    for path, cell in cells.items():
        page = client.get(path, headers=HEBREW).get_data(as_text=True)
        assert re.findall(cell, page)[:4] == ["ק׳", "רה", "ק׳", "רה"], path
        german = client.get(path, headers={"Accept-Language": "de"}).get_data(as_text=True)
        assert re.findall(cell, german)[:4] == ["K", "Re", "K", "Re"], path
    revisions = html.unescape(
        client.get(f"/games/{game_id}/revisions", headers=HEBREW).get_data(as_text=True)
    )
    figures = re.search(r'<span class="by-player">(.*?)</span></li>', revisions, re.S)[1]
    parties = re.findall(r"<bdi>([^<]*)</bdi> ([^<]*)</span>", figures)
    assert parties == list(zip(FOUR, ["קונטרה", "רה", "קונטרה", "רה"], strict=True)), figures
