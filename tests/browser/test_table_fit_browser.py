"""At the table (issue 8): the hand form and New game, measured in real Chromium.

- Every row of keys fits a 360 px screen with names of 16 letters, in English, German and
  Hebrew, and every key is a tap target of at least 44 px; the declarer keys are an even
  grid.
- Editing one trick count fills the last one in again, on the edit form too.
- Without JavaScript, a refused save opens on a summary of its problems.
- Smaller faults: open-and-close sections look it, one order for contracts and tricks, a
  readable score preview, one offline notice, a revoke stepper, revisions with names and
  the phone's time.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.accessibility import SERIOUS
from tests.support.app import SEAT_NAMES
from tests.support.browser import radio
from tests.support.display_browser import LANGUAGES, new_game
from tests.support.display_browser import phone as phone  # a fixture: a language and a width
from tests.support.live import PHONE, join_in_browser, opens, serving, view_path
from tests.support.table_fit_browser import (
    NARROW,
    TAP,
    assert_keys_fit,
    enter_a_hand,
    focused,
    open_hand_form,
    refused_hand,
    seats_on_screen,
    trick_counts,
    written,
)
from tests.support.whole_words import CUT_OR_BROKEN

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[str]:
    """One live server (CSRF on, as conftest's) for the module's tests, started once
    rather than once a test: each test starts its own games on it, in a fresh phone."""
    with serving(tmp_path_factory.mktemp("table-fit")) as base:
        yield base


# Sixteen letters each, the longest names the keys must hold whole or cut short cleanly.
LONG = ["Alexandra Müller", "Christopher Lang", "Jonathan Stevens", "Elisabeth Garcia"]
# The names of the issue: the first-dealer keys ran 542 px wide on a 390 px screen.
ISSUE = ["Alexandra", "Christopher", "Jonathan", "Elisabeth"]


narrow = pytest.mark.parametrize("phone", NARROW, indirect=True, ids=lambda p: f"{p[0]}-{p[1]}")


# --- item 1: keys fit with long names -------------------------------------------------------


def test_the_first_dealer_of_the_issue_can_be_tapped(page):
    page.goto("/games/new?game=israeli-whist")
    for seat, name in enumerate(ISSUE):
        page.fill(f"#player_{seat}", name)
    keys = assert_keys_fit(page, "#new-game fieldset:has(input[name=first_dealer])", 5)
    assert [k["text"] for k in keys][1:] == ISSUE
    elisabeth = page.locator("label.key:has(input[name=first_dealer][value='3'])")
    elisabeth.click()
    assert radio(page, "first_dealer", 3).is_checked()


@narrow
def test_first_dealer_keys_fit_with_long_names(phone):
    page = phone
    page.goto("/games/new?game=israeli-whist")
    for seat, name in enumerate(LONG):
        page.fill(f"#player_{seat}", name)
    keys = assert_keys_fit(page, "#new-game fieldset:has(input[name=first_dealer])", 5)
    # A name cut short on its key is whole in its title.
    assert [k["title"] for k in keys][1:] == LONG
    page.locator("label.key:has(input[name=first_dealer][value='3'])").click()
    assert radio(page, "first_dealer", 3).is_checked()


@narrow
def test_hand_form_keys_fit_with_long_names(phone, live_server):
    page = phone
    open_hand_form(page, live_server, LONG)
    keys = assert_keys_fit(page, "#bid")
    # Each name whole on its key, on lines of whole words (issue 69), never cut short.
    assert [k["text"] for k in keys if k["text"] in LONG] == LONG
    assert page.evaluate(CUT_OR_BROKEN, "#bid .pad.names .key bdi") == []
    for name, value in (("declarer", 3), ("level", 7), ("denomination", "C")):
        page.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
    for step in ("contracts", "tricks"):
        for seat in range(4):
            page.locator(f'#{step} .seat[data-seat="{seat}"] legend button').click()
            assert_keys_fit(page, f'#{step} .seat[data-seat="{seat}"]', 14)


# --- item 2: an even grid of declarer keys, and the players list as it was -----------------


@pytest.mark.parametrize("names", [SEAT_NAMES, ISSUE, LONG], ids=["short", "issue", "long"])
def test_declarer_keys_are_an_even_grid(page, live_server, names):
    open_hand_form(page, live_server, names)
    pad = page.locator("#bid .pad:has(input[name=declarer])")
    assert pad.evaluate("el => getComputedStyle(el).display") == "grid"
    widths = [
        box["width"]
        for box in pad.locator("label.key").evaluate_all(
            "keys => keys.map(k => k.getBoundingClientRect().toJSON())"
        )
    ]
    assert max(widths) - min(widths) <= 1, widths


def test_the_players_list_keeps_its_own_look(page, live_server):
    created = new_game(live_server, SEAT_NAMES, [WORKED_EXAMPLE])
    join_in_browser(page, live_server, created["id"])
    page.goto("/players")
    players = page.locator("ul.player-list")
    assert players.evaluate("el => getComputedStyle(el).display") == "flex"
    assert players.evaluate("el => getComputedStyle(el).listStyleType") == "none"
    links = players.locator("a")
    assert links.count() == 4
    for box in links.evaluate_all("links => links.map(a => a.getBoundingClientRect().toJSON())"):
        assert box["height"] >= TAP


# --- item 5: the filled-in trick count follows every change, on the edit form too ----------

# Hand 3 of the issue: North took 3 tricks and East 7.
HAND_3 = {**WORKED_EXAMPLE, "tricks": [0, 3, 3, 7]}


def test_editing_one_trick_count_refills_the_last(page, live_server):
    created = new_game(live_server, SEAT_NAMES, [WORKED_EXAMPLE, WORKED_EXAMPLE, HAND_3])
    page.goto(created["edit_url"])
    page.goto(f"/games/{created['id']}/hands/3/edit")
    assert trick_counts(page) == [0, 3, 3, 7]
    assert page.locator("#tricks h2 output").inner_text() == "13 of 13"
    page.locator('#tricks .seat[data-seat="2"] legend button').click()
    page.locator('label.key:has(input[name="tricks_2"][value="4"])').click()
    assert page.locator("#tricks h2 output").inner_text() == "13 of 13"
    after = trick_counts(page)
    auto = page.locator("#tricks .seat.auto")
    assert auto.count() == 1
    refilled = int(auto.get_attribute("data-seat"))
    assert refilled != 2 and after[2] == 4
    assert after[refilled] == HAND_3["tricks"][refilled] - 1
    assert sum(after) == 13
    page.locator("#save").click()
    page.wait_for_url(f"**/games/{created['id']}")
    assert page.locator(".flash.saved").count() == 1
    assert page.locator("#h3 td").nth(2).inner_text().startswith("7/4")


# --- item 7: without JavaScript, a refused save opens on its problems ----------------------


@pytest.fixture
def no_script(browser, live_server):
    context = browser.new_context(viewport=PHONE, base_url=live_server, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_without_javascript_a_refused_hand_opens_on_its_problems(no_script, live_server):
    page = no_script
    open_hand_form(page, live_server, SEAT_NAMES)
    taps = (
        ("declarer", 2),
        ("level", 7),
        ("denomination", "C"),
        ("contract_3", 0),
        ("contract_0", 2),
        ("contract_1", 4),  # West's forbidden number: 7 + 0 + 2 + 4 = 13
        *((f"tricks_{seat}", t) for seat, t in enumerate(WORKED_EXAMPLE["tricks"])),
    )
    for name, value in taps:
        page.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
    opens(page.locator("#save"))
    summary = page.locator(".error-summary")
    assert summary.get_attribute("role") == "alert"
    assert summary.locator("h2").inner_text() == "There is a problem"
    assert focused(page) == "error-summary"
    box = summary.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    link = summary.locator("a")
    assert link.inner_text() == (
        "\u2068West\u2069 may not say 4: the contracts would total exactly 13."
    )
    link.click()
    assert page.url.endswith("#contract_1")
    west = page.locator("#contract_1").bounding_box()
    assert west["y"] >= -1 and west["y"] < PHONE["height"]
    assert "may not say 4" in page.locator("#contract_1 .err").inner_text()


def test_without_javascript_a_refused_new_game_opens_on_its_problems(no_script):
    page = no_script
    page.goto("/games/new?game=israeli-whist")
    for seat, name in enumerate(["Ann", "Bo", "Cy", "ann"]):
        page.fill(f"#player_{seat}", name)
    opens(page.locator("button.big"))
    assert focused(page) == "error-summary"
    link = page.locator(".error-summary a")
    assert link.get_attribute("href") == "#player_3"
    assert "tell them apart" in link.inner_text()


# --- item 11: smaller faults ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "order"),
    [
        # The declarer does not speak: East opens phase two, North's 7 is its bid.
        ("pagat-german", ["East", "South", "West", "North"]),
        # The declarer speaks first.
        ("standard", ["North", "East", "South", "West"]),
    ],
)
def test_contracts_and_tricks_list_the_players_in_one_order(page, live_server, rules, order):
    open_hand_form(page, live_server, SEAT_NAMES, rules=rules)
    for name, value in (("declarer", 2), ("level", 7), ("denomination", "C")):
        page.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
    assert seats_on_screen(page, "contracts") == order
    assert seats_on_screen(page, "tricks") == order


MARKER = "el => getComputedStyle(el, '::before').content"
CLOSED, OPEN, CLOSED_RTL = "\u25b8", "\u25be", "\u25c2"


def test_sections_that_open_and_close_have_a_marker(page, live_server):
    created = new_game(live_server, SEAT_NAMES, [WORKED_EXAMPLE])
    page.goto(created["edit_url"])
    for path, summary in (
        ("/games/new?game=israeli-whist", "details.house summary"),
        (f"/games/{created['id']}", "details.share summary"),
        (f"/games/{created['id']}/hands/new", "details.folded summary"),
    ):
        page.goto(path)
        marker = page.locator(summary)
        assert CLOSED in marker.evaluate(MARKER), path
        marker.click()
        assert OPEN in marker.evaluate(MARKER), path
    # Phase one folds once it is complete, and says so.
    head = page.locator("#bid .head")
    assert OPEN in head.evaluate(MARKER) and head.get_attribute("aria-expanded") == "true"
    for name, value in (("declarer", 2), ("level", 7), ("denomination", "C")):
        page.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
    assert CLOSED in head.evaluate(MARKER) and head.get_attribute("aria-expanded") == "false"


@pytest.mark.parametrize("phone", [("he", 390)], indirect=True, ids=["he"])
def test_a_closed_marker_points_the_way_hebrew_reads(phone):
    phone.goto("/games/new?game=israeli-whist")
    assert CLOSED_RTL in phone.locator("details.house summary").evaluate(MARKER)


# The preview's cells: their tops, and whether a cell's points are cut.
PREVIEW = """out => ({
  size: parseFloat(getComputedStyle(out).fontSize),
  cells: Array.from(out.children).map(cell => {
    const r = cell.getBoundingClientRect();
    const pts = cell.querySelector(".pts");
    const cut = pts.scrollWidth > pts.clientWidth
      || pts.getBoundingClientRect().right > r.right + 0.5;
    return {top: Math.round(r.top), left: r.left, right: r.right, cut: cut};
  }),
})"""


@narrow
def test_the_score_preview_reads_at_arms_length(phone, live_server):
    page = phone
    open_hand_form(page, live_server, LONG)
    enter_a_hand(page)
    page.wait_for_function("() => document.querySelectorAll('#preview .pts').length === 4")
    found = page.locator("#preview").evaluate(PREVIEW)
    assert found["size"] >= 16
    assert len({cell["top"] for cell in found["cells"]}) <= 2, found
    width = page.viewport_size["width"]
    for cell in found["cells"]:
        assert not cell["cut"] and cell["left"] >= 0 and cell["right"] <= width, cell


def test_offline_the_hand_form_shows_one_notice_that_covers_nothing(page, live_server):
    open_hand_form(page, live_server, SEAT_NAMES)
    enter_a_hand(page)
    page.context.set_offline(True)
    notice = page.locator("#offline")
    notice.wait_for(state="visible")
    # With the tricks' heading scrolled to the top of the screen, the notice is not over it.
    page.locator("#tricks h2").evaluate("h => h.scrollIntoView({block: 'start'})")
    heading = page.locator("#tricks h2").bounding_box()
    box = notice.bounding_box()
    assert box["y"] + box["height"] <= heading["y"] or box["y"] >= heading["y"] + heading["height"]
    page.locator("#save").click()
    page.locator("#save-offline").wait_for(state="visible", timeout=5000)
    shown = [n for n in ("#offline", "#save-offline", ".alert") if page.locator(n).is_visible()]
    assert shown == ["#save-offline", ".alert"], shown
    assert page.locator(".alert").count() == 1
    page.context.set_offline(False)


def test_revokes_are_a_stepper(page, live_server):
    open_hand_form(page, live_server, SEAT_NAMES)
    enter_a_hand(page)
    page.locator("details.folded summary").click()
    west = page.locator("#revokes_1")
    more = page.get_by_role("button", name="One more: Revokes by West")
    fewer = page.get_by_role("button", name="One fewer: Revokes by West")
    for button in (more, fewer):
        box = button.bounding_box()
        assert box["width"] >= TAP and box["height"] >= TAP
    assert west.input_value() == "0" and fewer.is_disabled()
    more.click()
    more.click()
    assert west.input_value() == "2" and not fewer.is_disabled()
    fewer.click()
    assert west.input_value() == "1"
    # The penalty shows in the preview at once: West +19 − 100.
    page.wait_for_function(
        "() => document.querySelector('#preview').textContent.includes('\u221281')"
    )
    # − and + sit either side of the number.
    boxes = [b.bounding_box()["x"] for b in (fewer, west, more)]
    assert boxes == sorted(boxes)


def test_without_javascript_revokes_are_a_number_box(no_script, live_server):
    page = no_script
    open_hand_form(page, live_server, SEAT_NAMES)
    page.locator("details.folded summary").click()
    assert page.locator("#revokes_1").get_attribute("type") == "number"
    assert page.locator(".stepper").count() == 0
    assert page.get_by_label("West", exact=True).count() >= 1


def test_revisions_name_the_players_and_show_the_phones_time(browser, live_server):
    created = new_game(live_server, SEAT_NAMES, [{**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]}])
    for language, zone in [("en", "Asia/Jerusalem"), ("de", "Asia/Jerusalem"), ("he", "UTC")]:
        # The phone's own language is English: the page's is the one chosen at its foot.
        context = browser.new_context(
            viewport=PHONE, base_url=live_server, timezone_id=zone, locale="en-US"
        )
        page = context.new_page()
        page.goto(view_path(live_server, created["id"]))
        page.goto(f"/games/{created['id']}/revisions")
        with page.expect_navigation():
            page.locator(f'button[name="language"][value="{language}"]').click()
        entry = page.locator("ol.revisions li").first
        if language == "en":
            assert entry.locator(".by-player > span").all_text_contents() == [
                "South contract 2, took 0",
                "West contract 3, took 3, 1 revoke: −100",
                "North contract 7, took 8",
                "East contract 0, took 2",
            ]
        time = entry.locator("time")
        utc = datetime.fromisoformat(time.get_attribute("datetime").replace("Z", "+00:00"))
        local = utc.astimezone(ZoneInfo(zone))
        shown, title = time.inner_text(), time.get_attribute("title")
        # The server's time (the title) and the phone's, in the page's language both: the
        # same words but for the hour, which is the phone's own and no longer says UTC.
        assert title == written(utc, language) + " UTC", (language, title)
        assert shown == written(local, language), (language, shown)
        context.close()


def test_without_javascript_revisions_show_the_time_in_utc(no_script, live_server):
    created = new_game(live_server, SEAT_NAMES, [WORKED_EXAMPLE])
    no_script.goto(view_path(live_server, created["id"]))
    no_script.goto(f"/games/{created['id']}/revisions")
    time = no_script.locator("ol.revisions time")
    utc = datetime.fromisoformat(time.get_attribute("datetime").replace("Z", "+00:00"))
    assert time.inner_text() == written(utc, "en") + " UTC"


# --- what changed, through axe: no serious or critical violation -----------------------------


@pytest.mark.parametrize(("language", "scheme"), [("en", "light"), ("he", "dark")])
def test_what_changed_passes_axe(axe, browser, live_server, language, scheme):
    context = browser.new_context(
        viewport=PHONE,
        base_url=live_server,
        locale=language,
        color_scheme=scheme,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    page = context.new_page()
    hands = [WORKED_EXAMPLE, {**WORKED_EXAMPLE, "revokes": [1, 0, 0, 0]}]
    created = open_hand_form(page, live_server, LONG, hands)
    refused_hand(page)
    page.locator("details.folded summary").click()
    checked = [axe.run(page)]
    page.goto("/games/new?game=israeli-whist")
    for seat, name in enumerate(["Ann", "Bo", "Cy", "ann"]):
        page.fill(f"#player_{seat}", name)
    page.locator("button.big").click()
    page.locator(".error-summary").wait_for()
    checked.append(axe.run(page))
    page.goto(view_path(live_server, created["id"]))
    page.goto(f"/games/{created['id']}/revisions")
    checked.append(axe.run(page))
    context.close()
    for results in checked:
        serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
        assert serious == [], results.generate_report()
