"""What a phone shows, measured in real Chromium at 390x844 (and 360 px wide).

- A Hebrew name on an English page keeps its numbers where they belong: in the saved
  message, in Revisions and on the print sheet, each character's box is measured.
- A revoke shows as a mark of its own, apart from the made contract's points.
- The print page fits the phone, its chart clear of the rules; on paper and on screen,
  totals of four digits and more are printed whole.
- The statistics show all four players' columns inside the screen.

Screenshots go to ``test-artifacts/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import io
import unicodedata

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.accessibility import SERIOUS
from tests.support.browser import Taps, record_worked_example
from tests.support.budget import benchmark_module
from tests.support.display_browser import (  # noqa: F401  (fixtures)
    LANGUAGES,
    LONG_NAMES,
    api,
    assert_reads_left_to_right,
    boxes_meet,
    live_server,
    new_game,
    pdf_fonts,
    phone,
    sample_game,
    screenshot,
)
from tests.support.live import PHONE, printed_pdf, view_path

pytestmark = pytest.mark.browser


FSI, PDI, MINUS = "\u2068", "\u2069", "\u2212"


# --- item 3: a Hebrew name on an English page ---------------------------------------------


NOA = ["נועה", "West", "North", "East"]
# נועה declares 6♥ and makes it: contracts 6 3 2 1, tricks 6 3 2 2 (+46).
NOA_DECLARES = {"declarer": 0, "bid": "6H", "contracts": [6, 3, 2, 1], "tricks": [6, 3, 2, 2]}


def test_the_saved_message_keeps_the_points_beside_a_hebrew_name(page, live_server):
    created = new_game(live_server, NOA)
    page.goto(created["edit_url"])
    record_worked_example(page, Taps(page))
    screenshot(page, "en-saved-message", ".flash.saved")
    assert_reads_left_to_right(page, ".flash.saved", "נועה", f"{MINUS}20")
    assert f"{FSI}נועה{PDI} {MINUS}20" in page.locator(".flash.saved").inner_text()


def test_revisions_keep_the_bid_whole_beside_a_hebrew_name(page, live_server):
    created = new_game(live_server, NOA, [WORKED_EXAMPLE, NOA_DECLARES])
    page.goto(view_path(live_server, created["id"]))
    page.goto(f"/games/{created['id']}/revisions")
    screenshot(page, "en-revisions", "ol.revisions")
    assert_reads_left_to_right(page, "ol.revisions li:nth-child(2)", "נועה", "6♥")


def test_the_print_sheet_keeps_each_total_beside_its_name(page, live_server):
    created = new_game(live_server, NOA, [WORKED_EXAMPLE, NOA_DECLARES])
    page.goto(view_path(live_server, created["id"]))
    page.goto(f"/games/{created['id']}/print")
    screenshot(page, "en-print-totals", "#totals")
    assert_reads_left_to_right(page, "#totals", "נועה", "26")
    assert page.locator("#totals bdi").first.inner_text() == "נועה"


def test_the_measure_sees_a_split_bid(page):
    page.set_content('<p id="p">נועה 6♥ · contracts</p><p id="q"><bdi>נועה</bdi> 6♥</p>')
    with pytest.raises(AssertionError):
        assert_reads_left_to_right(page, "#p", "נועה", "6♥")
    assert_reads_left_to_right(page, "#q", "נועה", "6♥")


# --- item 4: a revoke ---------------------------------------------------------------------


def test_a_revoke_is_a_mark_apart_from_the_made_contract(page, live_server):
    created = new_game(
        live_server,
        ["South", "West", "North", "East"],
        [{**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]}],
    )
    page.goto(created["edit_url"])
    west = page.locator("#h1 td").nth(1)
    screenshot(page, "revoke-scoreboard", "table.hands")
    points, mark = west.locator("i"), west.locator(".rv")
    assert points.inner_text() == "+19"
    assert mark.is_visible() and mark.locator("[aria-hidden]").inner_text() == f"R {MINUS}100"
    assert west.locator("b").inner_text() == f"{MINUS}81"
    colour = "el => getComputedStyle(el).color"
    assert points.evaluate(colour) != mark.evaluate(colour)
    assert (
        mark.bounding_box()["y"] >= points.bounding_box()["y"] + points.bounding_box()["height"] - 1
    )
    assert page.locator(".legend .rv").inner_text() == "R"

    page.goto(view_path(live_server, created["id"]))

    page.goto(f"/games/{created['id']}/print")
    screenshot(page, "revoke-print", "table.score")
    cell = page.locator("table.score tbody tr").first.locator("td.p").nth(1)
    assert cell.inner_text().split("\n")[0] == "+19"
    assert cell.locator(".rv [aria-hidden]").inner_text() == f"R {MINUS}100"


# --- items 6 and 9: the print page on a phone and on paper ---------------------------------

# Totals of four to seven characters, with a revoke costing 10,000 (the knob's highest value;
# a player revokes at most 13 times a hand): South 7 × 179 = 1253; West 7 × 30 − 10000 =
# −9790; North 7 × 30 − 110000 = −109790; East 7 × −10 − 10000 = −10070.
BIG = {"declarer": 0, "bid": "13NT", "contracts": [13, 0, 0, 1], "tricks": [13, 0, 0, 0]}
BIG_HANDS = [
    {**BIG, "revokes": [0, 0, 0, 1]},
    {**BIG, "revokes": [0, 1, 0, 0]},
    {**BIG, "revokes": [0, 0, 11, 0]},
    *[BIG] * 4,
]
BIG_SETTINGS = {"revoke_penalty": 10_000}
BIG_TOTALS = ["1253", f"{MINUS}9790", f"{MINUS}109790", f"{MINUS}10070"]

NO_OVERFLOW = (
    """() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"""
)


PHONES = [("en", 390), ("de", 390), ("he", 390), ("en", 360)]


BESIDE_THE_CHART = (".rules .scoring", ".rules .points-table", ".rules .rule")


@pytest.mark.parametrize("phone", PHONES, indirect=True, ids=lambda p: f"{p[0]}-{p[1]}")
def test_the_print_page_reads_on_a_phone(phone, live_server):
    page = phone
    created = sample_game(live_server)
    page.goto(view_path(live_server, created["id"]))
    page.goto(f"/games/{created['id']}/print")
    width = page.viewport_size["width"]
    scroll, client = page.evaluate(NO_OVERFLOW)
    assert scroll <= width and client <= width, (scroll, client)
    # Measured once the fonts are in and all in one moment: a box measured before a font
    # swap moves the next one, and two boxes from two moments can seem to meet.
    page.evaluate("document.fonts.ready.then(() => true)")
    chart, *others = page.evaluate(
        """(selectors) => selectors.map((s) => {
             const r = document.querySelector(s).getBoundingClientRect();
             return {x: r.x, y: r.y, width: r.width, height: r.height};
           })""",
        ["figure.chart", *BESIDE_THE_CHART],
    )
    for name, edges in zip(BESIDE_THE_CHART, others, strict=True):
        assert not boxes_meet(chart, edges), name
    # The wide tables scroll in their own boxes, which stay on the screen.
    for box in page.locator(".scroll").all():
        edges = box.bounding_box()
        assert edges["x"] >= -0.5 and edges["x"] + edges["width"] <= width + 0.5
    # Readable: the page's text is at least 14 px, the score table's at least 12 px.
    size = "el => parseFloat(getComputedStyle(el).fontSize)"
    assert page.locator(".rules .scoring td").first.evaluate(size) >= 14
    assert page.locator("table.score td").first.evaluate(size) >= 12
    screenshot(page, f"print-{page.evaluate('document.documentElement.lang')}-{width}")


# Each total cell whose text is cut: wider than its box, or ending in an ellipsis.
CUT_TOTALS = """() => [...document.querySelectorAll("table.score td.t")]
  .filter((td) => td.scrollWidth > td.clientWidth || td.innerText.includes("…"))
  .map((td) => td.innerText)"""


@pytest.mark.parametrize("phone", [("en", 390), ("he", 390)], indirect=True, ids=lambda p: p[0])
def test_long_totals_are_whole_on_screen(phone, live_server):
    created = new_game(live_server, LONG_NAMES, BIG_HANDS, target=100_000, settings=BIG_SETTINGS)
    phone.goto(view_path(live_server, created["id"]))
    phone.goto(f"/games/{created['id']}/print")
    last = phone.locator("table.score tbody tr").last.locator("td.t").all_inner_texts()
    assert [t.strip("\u2066\u2069") for t in last] == BIG_TOTALS
    assert phone.evaluate(CUT_TOTALS) == []


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_long_totals_print_whole(page, live_server, paper):
    from pypdf import PdfReader

    created = new_game(live_server, LONG_NAMES, BIG_HANDS, target=100_000, settings=BIG_SETTINGS)
    # Enough hands for a second page: the header repeats and the totals keep growing.
    sample_hand = benchmark_module().sample_hand
    for index in range(45):
        api(
            live_server,
            "POST",
            f"/api/games/{created['id']}/hands",
            sample_hand(index),
            created["edit_key"],
        )
    page.goto(view_path(live_server, created["id"]))
    page.goto(f"/games/{created['id']}/print")
    assert page.evaluate(CUT_TOTALS) == []
    reader = PdfReader(io.BytesIO(printed_pdf(page, format=paper)))
    assert len(reader.pages) == 2
    text = " ".join(unicodedata.normalize("NFKC", p.extract_text()) for p in reader.pages)
    words = set(text.replace("-", MINUS).split())
    for total in BIG_TOTALS:
        assert total in words, total
    assert "…" not in text
    token = view_path(live_server, created["id"]).rsplit("/", 1)[1]
    totals = api(live_server, "GET", f"/api/games/{created['id']}?view={token}")["totals"]
    for value in totals:
        shown = f"{MINUS}{-value}" if value < 0 else str(value)
        assert shown in words, shown


@pytest.mark.parametrize("phone", [("en", 390), ("he", 390)], indirect=True, ids=lambda p: p[0])
def test_the_sheet_prints_in_its_own_font(phone, live_server):
    """Every glyph of the printed sheet, Hebrew, suits and minus signs, the chart's too,
    comes from the font under static/fonts/, whatever fonts the machine has: with the
    system's, Noto Sans drew the digits of "−9790" and DejaVu its minus sign, and the
    PDF's text read "− 9790"."""
    from pypdf import PdfReader

    names = ["Shira Ben-David", "נועה", "Noa Rosenberg", "Eitan Mizrahi"]
    created = new_game(live_server, names, BIG_HANDS, target=100_000, settings=BIG_SETTINGS)
    phone.goto(view_path(live_server, created["id"]))
    phone.goto(f"/games/{created['id']}/print")
    phone.evaluate("document.fonts.ready")
    loaded = "[...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family)"
    assert phone.evaluate(loaded) == ["Scorekeeper Sans"] * 2
    reader = PdfReader(io.BytesIO(printed_pdf(phone, format="A4")))
    assert pdf_fonts(reader) == {"ScorekeeperSans-Regular", "ScorekeeperSans-Bold"}
    text = unicodedata.normalize("NFKC", reader.pages[0].extract_text())
    assert f"{MINUS}109790" in text.split()


# --- item 8: the statistics ---------------------------------------------------------------

# Every cell of the players' figures that sticks out of the screen or out of its own box.
OUTSIDE = """(width) => [...document.querySelectorAll("#player-figures th, #player-figures td")]
  .filter((cell) => {
    const box = cell.getBoundingClientRect();
    return box.left < -0.5 || box.right > width + 0.5 || cell.scrollWidth > cell.clientWidth;
  })
  .map((cell) => cell.innerText)"""


@pytest.mark.parametrize("phone", PHONES, indirect=True, ids=lambda p: f"{p[0]}-{p[1]}")
def test_statistics_show_every_player_on_a_phone(phone, live_server):
    page = phone
    created = sample_game(live_server)
    page.goto(view_path(live_server, created["id"]))
    page.goto(f"/games/{created['id']}/stats")
    width = page.viewport_size["width"]
    columns = page.locator("#player-figures thead th")
    assert columns.count() == 5
    assert page.evaluate(OUTSIDE, width) == []
    # Nothing hidden to scroll to either: the table fits its box.
    assert page.locator(".wide").evaluate("el => el.scrollWidth <= el.clientWidth")
    table = page.locator("#player-figures").bounding_box()
    assert table["x"] >= 0 and table["x"] + table["width"] <= width
    scroll, _client = page.evaluate(NO_OVERFLOW)
    assert scroll <= width
    screenshot(page, f"stats-{page.evaluate('document.documentElement.lang')}-{width}")


# --- accessibility of what changed ----------------------------------------------------------

AXE_PAGES = [
    ("/games/{id}", "en", "light"),
    ("/games/{id}", "en", "dark"),
    ("/games/{id}", "he", "light"),
    ("/games/{id}", "he", "dark"),
    ("/games/{id}/stats", "en", "light"),
    ("/games/{id}/print", "he", "light"),
]


@pytest.mark.parametrize(("path", "language", "scheme"), AXE_PAGES)
def test_revoke_marks_and_figures_pass_axe(axe, browser, live_server, path, language, scheme):
    context = browser.new_context(
        viewport=PHONE,
        base_url=live_server,
        locale=language,
        color_scheme=scheme,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    page = context.new_page()
    created = sample_game(live_server, hands=4)
    page.goto(created["edit_url"])
    page.goto(path.format(id=created["id"]))
    results = axe.run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    context.close()
    assert serious == [], results.generate_report()
