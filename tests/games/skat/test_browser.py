"""Skat played through its pages on a small phone (360 px) in real Chromium, in German,
English and Hebrew: the game's value shows on the form before Save ("with 2, game 3,
× 12 = 36"), every tap of a deal is counted (Record, the keys, each digit typed, Save),
the scoreboard shows the deals, and each page fits the phone. Screenshots are kept in
``test-artifacts/``."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import SCOREBOARD_URL, Taps, api
from tests.support.games.skat.browser import fits, typed
from tests.support.live import opens, view_path, watched_page
from tests.support.rtl_browser import game_on_a_small_phone

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Ann", "Bob", "Cat"],
    "de": ["Annegret Müller-Lüdenscheidt", "Bernd", "Carola"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa"],
}
VALUE = {
    "en": "with 2, game 3, × 12 = 36",
    "de": "mit 2, Spiel 3, × 12 = 36",
    "he": "עם 2, משחק 3, × 12 = 36",
}


# Each deal's working on the scoreboard, and the table's width: (em's box, table's).
WORKING_WIDTHS = """() => [...document.querySelectorAll('.hands [id^="h"] th em')].map(
    e => [e.closest('th').getBoundingClientRect().width,
          e.closest('table').getBoundingClientRect().width])"""


@pytest.mark.parametrize("language", ["de", "en", "he"])
def test_skat_through_its_pages(browser, live_server, language):
    body = {"game": "skat", "players": NAMES[language], "rules": "isko", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        names = NAMES[language]
        # Deal 1: Bob plays clubs with 2 on 36 and takes 75 card points.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("declarer", "1")
        taps.key("game", "clubs")
        assert not page.locator('input[name="bid_0"]').is_visible()
        typed(taps, "bid_1", "36")
        taps.key("matadors", "2")
        typed(taps, "declarer_points_1", "75")
        page.wait_for_function(
            "() => document.getElementById('preview-result').textContent.length > 0"
        )
        assert VALUE[language] in page.locator("#preview-result").inner_text()
        fits(page, "hand-form", language)
        taps.save()
        assert taps.count == 11
        # Deal 2: Cat plays a Null hand on 35 and wins it: no matadors, no card points.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("declarer", "2")
        taps.key("game", "null")
        assert not page.locator('input[name="matadors"]').first.is_visible()
        assert not page.locator('input[name="declarer_points_2"]').is_visible()
        typed(taps, "bid_2", "35")
        taps.key("hand", "yes")
        assert not page.locator('input[name="schneider_announced"]').first.is_visible()
        assert not page.locator("section#tops").is_visible()  # no matadors in a Null
        taps.key("won", "yes")
        fits(page, "null-form", language)
        taps.save()
        assert taps.count == 9
        # Deal 3: nobody bid 18: Record, Thrown in.
        page.locator("#record").click()
        page.locator("#thrown-in").click()
        page.wait_for_url(SCOREBOARD_URL)
        assert names[0] in page.locator(".flash").first.inner_text()
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert [hand["points"] for hand in game["hands"]] == [[0, 36, 0], [0, 0, 35], [0, 0, 0]]
        assert game["dealer"] == 0  # the deal passes on after a deal thrown in too
        scoreboard = page.locator("main").inner_text()
        assert names[1] in scoreboard and "♣" in scoreboard
        # Issue 43: the value's working ("with 2, game 3, × 12 = 36 · won") is a line
        # across the table, not words cut in a narrow first column ("Schneide", "gewonne").
        widths = page.evaluate(WORKING_WIDTHS)
        assert widths and all(width >= 0.8 * table for width, table in widths), widths
        fits(page, "scoreboard", language)
        if language != "de":
            return
        # Issue 43, 6: a fourth arrives and, later, one leaves: the same list plays on.
        seats = f"{live_server}/games/{created['id']}/seats"
        page.goto(seats)
        Taps(page).key("seat", "joins")
        page.locator('input[name="name"]').fill("Dora")
        page.locator("#change").click()
        page.wait_for_url(SCOREBOARD_URL)
        assert "Dora" in page.locator(".flash").first.inner_text()
        # Spiel 4: Dora deals (and sits out), as the deal passes on to her seat.
        assert "Dora" in page.locator("p.turn").first.inner_text()
        fits(page, "scoreboard-grown", language)
        page.goto(seats)
        fits(page, "seats-at-four", language)
        Taps(page).key("seat", "0")
        page.locator("#leave").click()
        page.wait_for_url(SCOREBOARD_URL)
        assert names[0] in page.locator(".flash").first.inner_text()
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        assert game["players"][3] == "Dora" and game["dealer"] == 3
        fits(page, "scoreboard-shrunk", language)


# --- a club night (issue 45) ---------------------------------------------------------------

CLUB = ["Anna", "Bernd", "Carla", "Dieter", "Eva", "Frank", "Gisela", "Hans", "Ilse",
        "Jürgen", "Karin", "Lutz", "Monika"]  # fmt: skip


def test_a_skat_club_night_of_thirteen_on_a_german_phone(browser, live_server, axe):
    """Start a night of 13 from the group page, draw (tables of 4, 3, 3, 3), open a table's
    game, record two deals at each table, and see the standings equal the Seeger-Fabian
    sums of the lists, each page fitting 360 px with no serious accessibility problem."""
    from tests.support.accessibility import SERIOUS
    from tests.support.rtl_browser import ACCEPT_LANGUAGE, SMALL_PHONE

    def checked(page, name: str) -> None:
        fits(page, name, "de")
        results = axe.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
        assert serious == [], results.generate_report()

    header = {"Accept-Language": ACCEPT_LANGUAGE["de"]}
    with watched_page(browser, live_server, SMALL_PHONE, extra_http_headers=header) as page:
        group = api(live_server, "POST", "/api/groups", {"name": "Skatclub"})
        page.goto(group["join_url"])
        opens(page.locator("form button[type=submit]").first)
        opens(page.locator("#club-night"))
        checked(page, "club-start")
        page.locator("#club-guests").fill("\n".join(CLUB))
        page.locator("#club-deals").fill("1")
        opens(page.locator("#club-draw"))
        tables = page.locator(".club-table")
        assert [tables.nth(i).locator(".club-seats li").count() for i in range(4)] == [4, 3, 3, 3]
        checked(page, "club-draw")
        seated = [tables.nth(i).locator(".club-seats li").all_inner_texts() for i in range(4)]
        draw_url = page.url
        links = [tables.nth(i).locator("a.btn").get_attribute("href") for i in range(4)]
        opens(page.locator("#table-1 a.btn"))
        assert page.url.endswith(links[0])
        assert all(page.get_by_text(name).first.is_visible() for name in seated[0])
        expected = dict.fromkeys(CLUB, 0)
        for link, players in zip(links, seated, strict=True):
            game_id = int(re.search(r"/games/(\d+)", link)[1])
            share = page.request.get(f"{live_server}/games/{game_id}/share/edit?show=1").text()
            key = re.search(rf"/games/{game_id}/edit/([A-Za-z0-9_-]+)", share)[1]
            for deal, hand in ((1, (22, "spades", 70)), (2, (20, "hearts", 55))):
                bid, suit, points = hand
                body = {"declarer": deal, "game": suit, "matadors": 1, "bid": bid,
                        "declarer_points": points}  # fmt: skip
                api(live_server, "POST", f"/api/games/{game_id}/hands", body, key)
            size = len(players)
            for seat, name in enumerate(players):
                expected[name] += 72 if seat == 1 else -90 if seat == 2 else 0
                expected[name] += (30 if size == 4 else 40) if seat != 2 else 0
        page.goto(f"{draw_url}/standings")
        checked(page, "club-standings")
        rows = page.locator("#club-standings tbody tr")
        shown = {
            rows.nth(i).locator("th").inner_text(): int(
                rows.nth(i)
                .locator(".club-points")
                .inner_text()
                .replace("\u2212", "-")
                .strip("\u2066\u2069")
            )
            for i in range(rows.count())
        }
        assert shown == expected
