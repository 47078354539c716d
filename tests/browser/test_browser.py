"""The table app in real Chromium at 390x844, against a live server with CSRF on.

Every tap goes through ``Taps``, which counts it, so the tap budget of a hand is measured
the way a player would spend it: from the scoreboard back to the scoreboard.
"""

import re

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.browser import (
    SCOREBOARD_URL,
    WORKED_TAPS,
    Taps,
    api,
    game_opened_by_edit_link,
    radio,
    record_worked_example,
    totals,
)
from tests.support.live import opens

pytestmark = pytest.mark.browser

TAP_BUDGET = 14


def test_create_a_game(page, live_server):
    page.goto("/")
    opens(page.get_by_role("link", name="Start a game"))
    opens(page.get_by_role("link", name="Israeli Whist"))
    assert page.locator("#sides").count() == 0  # no partners in Israeli Whist
    for seat, name in enumerate(SEAT_NAMES):
        page.fill(f"#player_{seat}", name)
    # The first-dealer keys show the names as they are typed.
    assert page.locator("label.key:has(input[name=first_dealer][value='0'])").inner_text() == (
        "South"
    )
    page.locator("label.key:has(input[name=first_dealer][value='0'])").click()
    page.get_by_text("Pagat (German page)", exact=True).click()
    page.locator("details.house summary").click()
    assert page.locator("[data-knob=declarer_may_raise] output").inner_text() == "no"
    page.fill("#target", "150")
    opens(page.get_by_role("button", name="Start the game"))
    assert re.search(r"/games/\d+$", page.url)
    assert page.locator(".rules").inner_text().endswith("Pagat (German page) · to 150")
    assert page.locator(".totals li > span").all_inner_texts() == SEAT_NAMES
    assert page.locator(".turn").inner_text() == "Hand 1: South deals, South opens"
    assert page.locator("#record").inner_text() == "Record hand 1"
    # The creating browser remembers the game: it is listed as editable here.
    page.goto("/")
    assert "editable here" in page.locator(".games").inner_text()


def test_record_the_worked_example_within_the_tap_budget(page, live_server):
    game_id, _ = game_opened_by_edit_link(page, live_server)
    taps = Taps(page)
    record_worked_example(page, taps)
    assert page.url.endswith(f"/games/{game_id}")
    assert taps.count == 11 <= TAP_BUDGET
    assert totals(page) == ["−20", "19", "−10", "−40"]
    # Each name sits between FSI and PDI, so a number beside it never joins its run.
    assert page.locator(".flash").inner_text() == (
        "Hand 1 (under): \u2068South\u2069 −20 · \u2068West\u2069 +19 · "
        "\u2068North\u2069 −10 · \u2068East\u2069 −40"
    )
    row = page.locator("#h1")
    assert row.locator("th span").inner_text() == "7♣"
    assert row.locator("th em").inner_text() == "under"
    assert row.locator("td").all_inner_texts() == [
        "2/0 −20\n−20",
        "3/3 +19\n19",
        "7/8 −10\n−10",
        "0/2 −40\n−40",
    ]
    assert row.locator("td.d").count() == 1 and "7/8" in row.locator("td.d").inner_text()
    assert page.locator(".totals li.lead > span").inner_text() == "West"
    assert page.locator(".turn").inner_text() == "Hand 2: West deals, West opens"


def test_standard_rules_take_one_tap_more_as_the_declarer_names_a_contract(page, live_server):
    game_opened_by_edit_link(page, live_server, rules="standard")
    taps = Taps(page)
    taps(page.locator("#record"))
    taps.key("declarer", 2)
    taps.key("level", 7)
    taps.key("denomination", "C")
    # The declarer speaks first and may not go below the bid level.
    assert radio(page, "contract_2", 6).is_disabled()
    assert not radio(page, "contract_2", 8).is_disabled()
    for seat, contract in ((2, 7), (3, 0), (0, 2), (1, 3)):
        taps.key(f"contract_{seat}", contract)
    # Tricks in the same order: North, East, South; West's fill themselves in.
    for seat, tricks in ((2, 8), (3, 2), (0, 0)):
        taps.key(f"tricks_{seat}", tricks)
    taps.save()
    assert taps.count == 12 <= TAP_BUDGET
    assert totals(page) == ["−20", "19", "−10", "−40"]


def test_the_forbidden_number_is_disabled_with_its_reason(page, live_server):
    game_opened_by_edit_link(page, live_server)
    page.locator("#record").click()
    taps = Taps(page)
    taps.key("declarer", 2)
    taps.key("level", 7)
    taps.key("denomination", "C")
    assert page.locator("#contracts h2 output").inner_text() == "total 7"
    taps.key("contract_3", 0)
    assert not radio(page, "contract_1", 4).is_disabled()  # East and South still to speak
    taps.key("contract_0", 2)
    # West speaks last: 7 + 0 + 2 = 9, so 4 would make 13.
    assert radio(page, "contract_1", 4).is_disabled()
    assert [n for n in range(14) if radio(page, "contract_1", n).is_disabled()] == [4]
    west = page.locator('#contracts .seat[data-seat="1"]')
    assert west.locator(".why").inner_text() == (
        "West may not say 4: the contracts would total exactly 13."
    )
    page.locator('label.key:has(input[name="contract_1"][value="4"])').click(force=True)
    assert not radio(page, "contract_1", 4).is_checked()
    taps.key("contract_1", 5)
    assert page.locator("#contracts h2 output").inner_text() == "total 14 · over"
    # Correcting South to 1 moves the forbidden number for West to 5, which is cleared.
    page.locator('#contracts .seat[data-seat="0"] legend button').click()
    taps.key("contract_0", 1)
    assert (
        radio(page, "contract_1", 5).is_disabled()
        and not radio(page, "contract_1", 4).is_disabled()
    )
    assert not radio(page, "contract_1", 5).is_checked()


def test_the_last_tricks_fill_themselves_in(page, live_server):
    game_opened_by_edit_link(page, live_server)
    page.locator("#record").click()
    taps = Taps(page)
    for name, value in WORKED_TAPS[:-1]:  # all but West's tricks
        taps.key(name, value)
    assert page.locator("#tricks h2 output").inner_text() == "2 of 13"
    assert not any(radio(page, "tricks_2", n).is_checked() for n in range(14))
    taps.key("tricks_1", 3)
    north = page.locator('#tricks .seat[data-seat="2"]')
    assert radio(page, "tricks_2", 8).is_checked()
    assert "auto" in north.get_attribute("class")
    assert page.locator("#tricks h2 output").inner_text() == "13 of 13"
    # The engine scores the hand before it is saved.
    page.wait_for_function("() => document.getElementById('preview').textContent.length > 0")
    assert page.locator("#preview > span").all_text_contents() == [
        "South −20",
        "West +19",
        "North −10",
        "East −40",
    ]
    # Correcting West refills North.
    page.locator('#tricks .seat[data-seat="1"] legend button').click()
    taps.key("tricks_1", 4)
    assert radio(page, "tricks_2", 7).is_checked()


def test_edit_a_past_hand_and_see_the_totals_change(page, live_server):
    game_id, key = game_opened_by_edit_link(page, live_server)
    for _ in range(2):
        api(live_server, "POST", f"/api/games/{game_id}/hands", WORKED_EXAMPLE, key)
    page.goto(f"/games/{game_id}")
    assert totals(page) == ["−40", "38", "−20", "−80"]
    opens(page.locator("#h1 th a"))
    assert page.locator("h1").inner_text().startswith("Edit hand 1")
    assert radio(page, "declarer", 2).is_checked() and radio(page, "tricks_2", 8).is_checked()
    # North took 7, East 3: North makes 7 (+59), East's zero fails with 3 tricks (-30).
    page.locator('#tricks .seat[data-seat="2"] legend button').click()
    page.locator('label.key:has(input[name="tricks_2"][value="7"])').click()
    page.locator('#tricks .seat[data-seat="3"] legend button').click()
    page.locator('label.key:has(input[name="tricks_3"][value="3"])').click()
    page.locator("#save").click()
    page.wait_for_url(SCOREBOARD_URL)
    assert page.url.endswith(f"/games/{game_id}")
    assert totals(page) == ["−40", "38", "49", "−70"]
    assert page.locator("#h1 td").nth(2).inner_text() == "7/7 +59\n59"
    assert page.locator("#h2 td").nth(2).inner_text() == "7/8 −10\n49"
    opens(page.get_by_role("link", name="Revisions"))
    assert page.locator(".revisions .tag").all_inner_texts() == ["recorded", "edited", "recorded"]


def test_a_tie_at_the_target_plays_on(page, live_server):
    game_id, _ = game_opened_by_edit_link(page, live_server, target=15)
    taps = Taps(page)
    # North declares 5C; South and West both make 3 (+19 each) and tie above 15.
    taps(page.locator("#record"))
    for name, value in (
        ("declarer", 2),
        ("level", 5),
        ("denomination", "C"),
        ("contract_3", 0),
        ("contract_0", 3),
        ("contract_1", 3),
        ("tricks_3", 1),
        ("tricks_0", 3),
        ("tricks_1", 3),
    ):
        taps.key(name, value)
    taps.save()
    assert totals(page) == ["19", "19", "−10", "−50"]
    assert page.locator(".banner.tie").inner_text() == (
        "Tie at the top: \u2068South\u2069 and \u2068West\u2069 on 19. Play on!"
    )
    assert page.locator("#record").inner_text() == "Record hand 2"
    # South declares 5S and makes it; West misses a contract of 1: South wins alone.
    taps(page.locator("#record"))
    for name, value in (
        ("declarer", 0),
        ("level", 5),
        ("denomination", "S"),
        ("contract_1", 1),
        ("contract_2", 3),
        ("contract_3", 3),
        ("tricks_1", 0),
        ("tricks_2", 4),
        ("tricks_3", 4),
    ):
        taps.key(name, value)
    taps.save()
    assert page.locator(".banner.win").inner_text() == "South wins with 54!"
    assert page.locator("#record").count() == 0
    assert page.locator(".totals li.lead > span").inner_text() == "South"


def test_delete_the_last_hand_after_confirming(page, live_server):
    game_id, key = game_opened_by_edit_link(page, live_server)
    api(live_server, "POST", f"/api/games/{game_id}/hands", WORKED_EXAMPLE, key)
    page.goto(f"/games/{game_id}")
    opens(page.get_by_role("link", name="Delete hand 1"))
    assert page.locator("h1").inner_text() == "Delete hand 1?"
    opens(page.get_by_role("button", name="Delete hand 1"))
    assert totals(page) == ["0", "0", "0", "0"]
    assert "Hand 1 deleted" in page.locator(".flash").inner_text()


def test_the_page_fits_a_phone_without_sideways_scrolling(page, live_server):
    game_id, key = game_opened_by_edit_link(page, live_server)
    for _ in range(3):
        api(live_server, "POST", f"/api/games/{game_id}/hands", WORKED_EXAMPLE, key)
    for path in ("/", "/games/new", f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)


def test_each_named_contract_shows_what_it_puts_at_stake(page, live_server):
    # pagat-german: a made n scores 10 + n², each trick off costs 10; a zero made scores 30
    # in an over hand and 50 in an under one, and failing costs 50, then 10 back per trick.
    game_opened_by_edit_link(page, live_server)
    page.locator("#record").click()
    taps = Taps(page)
    taps.key("declarer", 2)
    taps.key("level", 7)
    taps.key("denomination", "C")
    north = page.locator('#contracts .seat[data-seat="2"] .stake')
    assert north.inner_text() == "At stake: +59 if made, −10 per trick off."
    taps.key("contract_3", 0)
    east = page.locator('#contracts .seat[data-seat="3"] .stake')
    assert east.inner_text() == (
        "At stake: +30 if made in an over hand, +50 in an under hand; "
        "failing costs −50, then +10 back per trick."
    )
    taps.key("contract_0", 3)
    assert page.locator('#contracts .seat[data-seat="0"] .stake').inner_text() == (
        "At stake: +19 if made, −10 per trick off."
    )
    assert page.locator('#contracts .seat[data-seat="1"] .stake').is_hidden()


def test_the_suite_s_chromium_is_the_browser_s_version(browser):
    """The browsers tests run in (Debian's headless shell where installed: conftest.py) is
    the same Chromium, to its last number, as Debian's browser package installed beside it:
    the pages are checked on the engine a phone's Chromium of that version lays out with."""
    import os
    import subprocess

    from tests.support.live import BROWSER_BINARIES

    full = BROWSER_BINARIES[-1]  # the browser the suite falls back to
    if not os.path.exists(full):
        pytest.skip("Debian's chromium package is not installed beside the suite's browser")
    said = subprocess.run([full, "--version"], capture_output=True, text=True, timeout=60)
    version = re.search(r"\b(\d+\.\d+\.\d+\.\d+)\b", said.stdout)
    assert version, said.stdout
    assert browser.version == version[1]


def test_a_wait_for_a_promise_fails_and_until_waits_for_what_it_holds(browser):
    """Playwright's ``wait_for_function`` takes an async function's Promise for a true
    answer and waits for nothing: the suite makes it fail, saying why, and ``until`` asks
    again till what the Promise holds is true."""
    from playwright.sync_api import Error

    from tests.support.live import until

    page = browser.new_page()
    page.set_content("<p id=p>before</p>")
    page.evaluate(
        "() => setTimeout(() => { document.getElementById('p').textContent = 'after'; }, 300)"
    )
    with pytest.raises(Error, match="handed a Promise"):
        page.wait_for_function("async () => document.getElementById('p').textContent === 'after'")
    said = until(page, "async (want) => document.getElementById('p').textContent === want", "after")
    assert said is True
    # A function with an answer of its own waits as before, given its argument.
    page.evaluate(
        "() => setTimeout(() => { document.getElementById('p').textContent = 'last'; }, 300)"
    )
    page.wait_for_function(
        "(want) => document.getElementById('p').textContent === want", arg="last"
    )
    with pytest.raises(AssertionError, match="not so after"):
        until(page, "async () => false", timeout=300)
    page.close()
