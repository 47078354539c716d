"""A finished game's result card in real Chromium at 390 px, in English, Hebrew and German
(issue 22): "Send result" on a phone that cannot share files downloads the PNG the page
drew and copies the text; the PNG is 1080 x 1350, under 300 KB and not blank; what the
card draws is the page's text, names and numbers in their places on a Hebrew card; the
pages are axe-clean and fit 360 px; without JavaScript the text is one tap away."""

from __future__ import annotations

import pathlib

import pytest

from scorekeeper.engine import GAMES
from tests.support.accessibility import SERIOUS
from tests.support.live import PHONE, call_json, join_in_browser
from tests.support.result_card_browser import (
    FSI,
    LANGUAGES,
    OUR_TABLE,
    PDI,
    finished_game,
    model_of,
    phone,
    png_size,
    sent_card,
)

pytestmark = pytest.mark.browser

DOWNLOADED = {
    "en": "This phone cannot send pictures from here: the picture was downloaded and the text",
    "he": "הטלפון הזה לא יכול לשלוח תמונות מכאן: התמונה הורדה והטקסט הועתק.",
    "de": "Dieses Handy kann von hier keine Bilder senden: Das Bild wurde heruntergeladen und",
}
# Partners of both scripts, a name that is markup, and totals below zero (Bid Whist).
NAMES = ["נועה בן-דויד", "Christopher", "<b>Zoë</b>", "Lior!", "שלומית", "Max", "Eve", "Tom"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_send_result_downloads_the_card_and_copies_its_text(browser, live_server, language):
    game = GAMES["bid-whist"]
    created = finished_game(live_server, game, NAMES[:4])
    context = phone(
        browser,
        live_server,
        language,
        accept_downloads=True,
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        join_in_browser(page, live_server, created["id"])
        page.goto(f"/games/{created['id']}")
        # A finished game's scoreboard loads without the card's script (issue 56): it comes
        # with the tap on "Send result", which then sends.
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.scorekeeperCard === undefined")
        assert page.locator('script[src*="card.js"]').count() == 0
        sent_card(page, language, f"result-{created['id']}.png")
        # The phone says what happened, and the text is on the clipboard.
        status = page.locator(".card-status")
        status.wait_for(state="visible")
        assert status.inner_text().startswith(DOWNLOADED[language])
        model = model_of(page)
        assert page.evaluate("navigator.clipboard.readText()") == model["text"]
        assert page.locator(".card-text textarea").input_value() == model["text"]
        # What the card drew is the page's words, every name whole and every total.
        drawn = page.evaluate("window.drawnText")
        texts = [run["text"] for run in drawn]
        assert model["title"] in texts and OUR_TABLE[language] in [
            t.strip(FSI + PDI) for t in texts
        ]
        assert model["date"] in texts and model["brand"] in texts
        for row in model["rows"]:
            for name in row["names"]:
                assert f"{FSI}{name}{PDI}" in texts, name
            assert row["total"] in texts
        assert model["winner"] in " ".join(texts)
        assert errors == []
    finally:
        context.close()


def test_a_hebrew_card_sets_names_at_the_right_and_numbers_left_to_right(browser, live_server):
    game = GAMES["any-game"].seated(8)
    created = finished_game(live_server, game, NAMES)
    context = phone(browser, live_server, "he")
    try:
        page = context.new_page()
        join_in_browser(page, live_server, created["id"])
        page.goto(f"/games/{created['id']}/result")
        preview = page.locator("img.card-preview")
        preview.wait_for(state="visible")
        assert page.evaluate("document.querySelector('img.card-preview').naturalWidth") == 1080
        assert preview.get_attribute("alt") == "כרטיס התוצאה"
        model = model_of(page)
        assert model["dir"] == "rtl" and len(model["rows"]) == 8
        runs = {run["text"]: run for run in page.evaluate("window.drawnText")}
        for row in model["rows"]:
            name = runs[f"{FSI}{row['names'][0]}{PDI}"]
            assert (name["direction"], name["align"]) == ("rtl", "right")
            assert name["x"] > 540
            number = runs[row["total"]]
            assert (number["direction"], number["align"]) == ("ltr", "left")
            assert number["x"] < 540
        # The places read 1 onwards down the card, as the server ordered the rows.
        assert [row["place"] for row in model["rows"]] == sorted(
            (row["place"] for row in model["rows"]), key=int
        )
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_result_pages_are_accessible_and_fit_a_small_phone(browser, live_server, axe, language):
    """At 360 px, axe too, and laid out again at 390 px on the same phone."""
    created = finished_game(live_server, GAMES["spades"], NAMES[:4])
    context = phone(browser, live_server, language, width=360)
    try:
        page = context.new_page()
        join_in_browser(page, live_server, created["id"])
        for path in (f"/games/{created['id']}", f"/games/{created['id']}/result"):
            page.goto(path)
            if path.endswith("result"):
                page.locator("img.card-preview").wait_for(state="visible")
            else:
                page.locator("details.card-text-fold summary").click()
            results = axe.run(page)
            serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
            assert serious == [], results.generate_report()
            for width in (360, 390):
                page.set_viewport_size({"width": width, "height": PHONE["height"]})
                wide, room = page.evaluate(
                    "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
                )
                assert wide <= room, (path, width, wide)
            page.set_viewport_size({"width": 360, "height": PHONE["height"]})
    finally:
        context.close()


def test_without_javascript_send_result_opens_the_text(browser, live_server):
    created = finished_game(live_server, GAMES["oh-hell"], NAMES[:4])
    context = browser.new_context(viewport=PHONE, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"/games/{created['id']}/edit/{created['edit_key']}")
        with page.expect_navigation():
            page.locator(".send-result").click()
        assert page.url.endswith(f"/games/{created['id']}/result")
        text = page.locator("#result-text").input_value()
        assert text.splitlines()[0].strip("\u200e") == "Oh Hell"  # no group: not a member
        assert page.locator("img.card-preview").is_hidden()
    finally:
        context.close()


def test_a_game_finished_while_watching_offers_its_card(browser, live_server):
    status, created = call_json(
        live_server,
        "POST",
        "/api/games",
        {
            "game": "any-game",
            "players": ["Ann", "נועה"],
            "settings": {"goal": "rounds", "rounds": 2},
        },
    )
    assert status == 201, created
    path = f"/api/games/{created['id']}/hands"
    call_json(live_server, "POST", path, {"points": [10, 5]}, created["edit_key"])
    context = phone(browser, live_server, "en", accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"/games/{created['id']}/edit/{created['edit_key']}")
        assert page.locator(".send-result").count() == 0
        # A game in progress loads without the card's script; the tap on the card brings it.
        assert page.evaluate("window.scorekeeperCard === undefined")
        assert page.locator('script[src*="card.js"]').count() == 0
        call_json(live_server, "POST", path, {"points": [0, 20]}, created["edit_key"])
        # The live part shows the end, and the card with it.
        page.locator(".send-result").wait_for(state="visible")
        assert page.evaluate("window.scorekeeperCard === undefined")  # until it is asked for
        with page.expect_download() as caught:
            page.locator(".send-result").click()
        assert png_size(pathlib.Path(caught.value.path()).read_bytes()) == (1080, 1350)
        rows = model_of(page)["rows"]
        assert [(row["names"], row["total"]) for row in rows] == [(["נועה"], "25"), (["Ann"], "10")]
    finally:
        context.close()
