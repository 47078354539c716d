"""An evening's result card in real Chromium at 390 px, in English, Hebrew and German
(issue 22): "Send result" on the evening's page, on a phone that cannot share files,
downloads the PNG the page drew and copies the text; the PNG is 1080 x 1350, under
300 KB and not blank; the card draws the page's words, names and figures in their places
on a Hebrew card; the evening's page and its result page are axe-clean and fit 360 px."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper import db
from tests.support.evening_card import played_to_the_end
from tests.support.evening_card_browser import serious
from tests.support.evenings import START, sheet, stored
from tests.support.live import PHONE, SERVED, join_in_browser
from tests.support.result_card_browser import FSI, LANGUAGES, OUR_TABLE, model_of, phone, sent_card

pytestmark = pytest.mark.browser

DOWNLOADED = {
    "en": "This phone cannot send pictures from here: the picture was downloaded and the text",
    "he": "הטלפון הזה לא יכול לשלוח תמונות מכאן: התמונה הורדה והטקסט הועתק.",
    "de": "Dieses Handy kann von hier keine Bilder senden: Das Bild wurde heruntergeladen und",
}
PLAYERS = (
    "אלכסנדרה בן-דויד",
    "Christopher Mont",
    "שלומית אבן-חיימי",
    "Montgomery-White",
    "נחמיה בן-אליעזר",
    "Bartholomew Kidd",
)


@pytest.fixture
def evening(live_server):
    """An evening of Bid Whist (partners), Oh Hell at 5 and a round sheet at 6, long
    names of both scripts: (its first game, its group)."""
    database = db.open_database(SERVED[live_server])
    try:
        group = db.create_group(database, None)[0].id
        ids = stored(
            database,
            played_to_the_end("bid-whist", 4, START, PLAYERS[:4]),
            played_to_the_end("oh-hell", 5, START + timedelta(hours=1), PLAYERS[1:6]),
            sheet([(6, 5, 4, 3, 2, 1)], PLAYERS, START + timedelta(hours=2)),
            group_id=group,
        )
    finally:
        database.close()
    return ids[0], group


@pytest.mark.parametrize("language", LANGUAGES)
def test_send_the_evenings_result_downloads_its_card_and_copies_its_text(
    browser, live_server, axe, evening, language
):
    first, group = evening
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
        join_in_browser(page, live_server, first)
        page.goto(f"/groups/{group}/evenings/{first}")
        sent_card(page, language, f"evening-{first}.png")
        status = page.locator(".card-status")
        status.wait_for(state="visible")
        assert status.inner_text().startswith(DOWNLOADED[language])
        model = model_of(page)
        assert model["dir"] == ("rtl" if language == "he" else "ltr")
        assert page.evaluate("navigator.clipboard.readText()") == model["text"]
        # What the card drew: the title, the group, the date, the caption, every player
        # whole with their average place and note, and the winners' sentence.
        texts = [run["text"] for run in page.evaluate("window.drawnText")]
        assert model["title"] in texts and model["date"] in texts
        assert model["caption"] in texts and model["brand"] in texts
        assert f"{FSI}{OUR_TABLE[language]}\u2069" in texts
        assert len(model["rows"]) == len(PLAYERS)
        for row in model["rows"]:
            assert f"{FSI}{row['names'][0]}\u2069" in texts, row
            assert row["total"] in texts and row["note"] in texts, row
        assert model["winner"] in " ".join(texts)
        # The evening's page with its text opened, at 390 px: axe-clean, as wide as the
        # phone.
        page.locator("details.card-text-fold").evaluate("fold => { fold.open = true; }")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert serious(axe, page) == []
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_evenings_result_page_on_a_small_phone(browser, live_server, axe, evening, language):
    first, group = evening
    for width in (360, PHONE["width"]):
        context = phone(browser, live_server, language, width=width)
        try:
            page = context.new_page()
            join_in_browser(page, live_server, first)
            page.goto(f"/groups/{group}/evenings/{first}/result")
            preview = page.locator("img.card-preview")
            preview.wait_for(state="visible")
            assert page.evaluate("document.querySelector('img.card-preview').naturalWidth") == 1080
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, (width, wide)
            if width == PHONE["width"]:
                assert serious(axe, page) == []
            if language == "he":
                # Names at the right, right to left; figures left to right at the left.
                model = model_of(page)
                runs = {run["text"]: run for run in page.evaluate("window.drawnText")}
                for row in model["rows"]:
                    name = runs[f"{FSI}{row['names'][0]}\u2069"]
                    assert (name["direction"], name["align"], name["x"] > 540) == (
                        "rtl",
                        "right",
                        True,
                    )
                    number = runs[row["total"]]
                    assert (number["direction"], number["align"], number["x"] < 540) == (
                        "ltr",
                        "left",
                        True,
                    )
        finally:
            context.close()


def test_without_javascript_send_result_opens_the_evenings_text(browser, live_server, evening):
    first, group = evening
    context = browser.new_context(viewport=PHONE, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        join_in_browser(page, live_server, first)
        page.goto(f"/groups/{group}/evenings/{first}")
        with page.expect_navigation():
            page.locator(".send-result").click()
        assert page.url.endswith(f"/groups/{group}/evenings/{first}/result")
        text = page.locator("#result-text").input_value()
        assert text.splitlines()[0].strip("\u200e").startswith("Evening of")
        assert page.locator("img.card-preview").is_hidden()
    finally:
        context.close()


def test_a_picture_of_ten_players_draws_eight_and_says_how_many_more(browser, live_server):
    """The first eight players of the standings on the picture, readable, and the line
    that sends the reader to the text for the other two; in Hebrew, as a phone draws it."""
    ten = (*PLAYERS, "Ivy Long-Name", "ג'ונתן", "Quentin Blake", "רותם")
    database = db.open_database(SERVED[live_server])
    try:
        group = db.create_group(database, None)[0].id
        ids = stored(
            database,
            sheet([tuple(range(8, 0, -1))], ten[:8], START),
            sheet([(1, 2)], ten[8:], START + timedelta(hours=1)),
            group_id=group,
        )
    finally:
        database.close()
    context = phone(browser, live_server, "he", accept_downloads=True)
    try:
        page = context.new_page()
        join_in_browser(page, live_server, ids[0])
        page.goto(f"/groups/{group}/evenings/{ids[0]}")
        sent_card(page, "he", f"evening-{ids[0]}.png")
        model = model_of(page)
        runs = page.evaluate("window.drawnText")
        texts = [run["text"] for run in runs]
        assert model["more"] == "ועוד 2 שחקנים: ראו בטקסט" and model["more"] in texts
        names = [t for t in texts if t.startswith(FSI) and t.strip(FSI + "\u2069") in ten]
        assert len(names) == 8
        assert len(model["text"].splitlines()) == 3 + 10 + 1
    finally:
        context.close()
