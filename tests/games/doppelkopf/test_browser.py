"""Doppelkopf played through its pages on a small phone (360 px) in real Chromium, in
English, German and Hebrew: every tap of a hand is counted (Record, the keys, the card
points' box, Save), a 120:120 hand under the house rules starts a Bock round that the
scoreboard and the next hand's form show ahead, a marriage is entered with one tap more
than a plain hand (its keys the two Re players) and named on its row, and each page fits the phone.
Screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import Taps, api
from tests.support.games.doppelkopf.browser import fits, points
from tests.support.live import view_path
from tests.support.rtl_browser import game_on_a_small_phone

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Ann", "Bob", "Cat", "Dan"],
    "de": ["Anneliese Müller-Lüdenscheidt", "Bernd", "Claudia", "Detlef"],
    "he": ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"],
}
AHEAD = {
    "en": "Bock ×2 · 4 Bock hands to come",
    "de": "Bock ×2 · Noch 4 Bockspiele",
    "he": "בוק ×2 · עוד 4 ידי בוק",
}


WORKED = {
    "en": "1 won = 1 × 2 Re = 2 × 2 Bock = 4 × 3 soloist = 12",
    "de": "1 gewonnen = 1 × 2 Re = 2 × 2 Bock = 4 × 3 Solist = 12",
    "he": "1 ניצחון = 1 × 2 רה = 2 × 2 בוק = 4 × 3 סולן/ית = 12",
}
BOCK_FOLLOWS = {"en": "a Bock round follows", "de": "Bockrunde folgt", "he": "אחריה סבב בוק"}
OWED = {
    "en": "2 Bock hands are still owed. Finish anyway?",
    "de": "Noch 2 Bockspiele stehen aus. Trotzdem beenden?",
    "he": "עוד 2 ידי בוק טרם שוחקו. לסיים בכל זאת?",
}
MARRIAGE = {
    "en": f"Bock hand ×2 · Marriage: {NAMES['en'][0]} with {NAMES['en'][2]}",
    "de": f"Bockspiel ×2 · Hochzeit: {NAMES['de'][0]} mit {NAMES['de'][2]}",
    "he": f"יד בוק ×2 · חתונה: {NAMES['he'][0]} עם {NAMES['he'][2]}",
}


@pytest.mark.parametrize("language", ["en", "de", "he"])
def test_doppelkopf_through_its_pages(browser, live_server, language):
    body = {"game": "doppelkopf", "players": NAMES[language], "rules": "house", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, language, body) as (page, created):
        # Hand 1: Ann and Dan are Re, 120 : 120, nothing said: Record, two players, the
        # points, Save. Kontra wins (1 + against the Queens) and a Bock round starts.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("re_0", 0)
        taps.key("re_1", 3)
        points(taps, 120)
        fits(page, "hand-form", language)
        taps.save()
        assert taps.count == 5
        assert AHEAD[language] in page.locator("main").inner_text()
        fits(page, "scoreboard-bock", language)
        # Hand 2, a Bock hand: Bob's queens solo, "Re" said, 130: one tap for Solo, one for
        # the solo, one for "Re".
        taps = Taps(page)
        taps(page.locator("#record"))
        assert AHEAD[language] in page.locator("main").inner_text()
        taps.key("re_0", 1)
        taps.key("re_1", "solo")
        taps.key("solo", "queens")
        points(taps, 130)
        taps.key("re_announcement", "re")
        fits(page, "hand-form-solo", language)
        # The preview works the value out, the Bock hand's factor in it (its figures
        # isolated from the Hebrew words around them, issue 69: read without the marks).
        page.wait_for_function(
            "t => document.querySelector('main').innerText.replace(/\\u00a0/g, ' ')"
            ".replace(/[\\u2066-\\u2069]/g, '').includes(t)",
            arg=WORKED[language],
        )
        taps.save()
        assert taps.count == 7
        token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
        game = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")
        # (1 + 0) × 2 (Re) × 2 (Bock) = 4 for the soloist thrice.
        assert [hand["points"] for hand in game["hands"]] == [[-2, 2, 2, -2], [-4, 12, -4, -4]]
        assert [hand["bock"] for hand in game["hands"]] == [1, 2]
        assert game["bock_hands"] == [2, 2, 2]
        fits(page, "scoreboard", language)
        # Each hand's line under its cells says who won and what it was worth, Bock and all.
        lines = page.locator("table.hands tr.outcome-line").all_inner_texts()
        read = re.sub("[\u2066-\u2069]", "", lines[1].replace("\u00a0", " "))
        assert len(lines) == 2 and WORKED[language] in read
        assert BOCK_FOLLOWS[language] in lines[0]
        # Hand 3, a marriage: Ann announced it and Cat won the clarifying trick. One tap
        # more than a plain hand, for who announced it; scored as the normal game it is.
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("re_0", 0)
        taps.key("re_1", 2)
        # Who announced it: "no" and the two Re players only (issue 56), in the field of
        # the first Re player, the others' hidden.
        offered = page.locator("#marriage_0 input:not([disabled])")
        assert offered.evaluate_all("keys => keys.map((k) => k.value)") == ["none", "0", "2"]
        assert all(page.locator(f"#marriage_{seat}").is_hidden() for seat in (1, 2, 3))
        taps.key("marriage_0", 0)
        points(taps, 163)
        fits(page, "hand-form-marriage", language)
        taps.save()
        assert taps.count == 6
        line = page.locator("table.hands tr.outcome-line").all_inner_texts()[2]
        assert re.sub("[\u2068\u2069]", "", line).startswith(MARRIAGE[language]), line
        # "Finish now" first says the Bock hands still owed; confirmed, the game ends.
        page.locator("a[href$='/finish']").click()
        assert OWED[language] in page.locator("#still-owed").inner_text()
        fits(page, "finish-owed", language)
        page.locator("#finish-now").click()
        page.wait_for_selector("#rematch")
