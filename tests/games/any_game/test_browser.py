"""The round sheet's hand form on a phone, in real Chromium, with the sheet registered here
(the registry does not list it yet): a number box per player, negatives typed or signed
with ±, the running total as typed, the round total checked live with the last player's
points filled in, a round that misses the total refused with the entries kept, and the
form in Hebrew at 360 px. Each round's taps are counted as a finger makes them: a tap on
a box, every key of the phone's keyboard, and Save."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.any_game import GAME
from tests.support.accessibility import SERIOUS
from tests.support.browser import SCOREBOARD_URL, Taps, api
from tests.support.games.any_game.browser import box, head, sheet, totals, unisolated
from tests.support.live import opens, view_path
from tests.support.rtl_browser import check_page
from tests.support.shared import PLAYERS

pytestmark = pytest.mark.browser

HEBREW_PLAYERS = ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳"]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(GAMES, GAME.key, GAME)


class Fingers(Taps):
    """Taps (counted, each waiting for a page it opens) and the phone's keyboard."""

    tap = Taps.__call__

    def type(self, keys: str) -> None:
        """Each character a key of the phone's keyboard, then its Enter ("next")."""
        self.page.keyboard.type(keys)
        self.page.keyboard.press("Enter")
        self.count += len(keys) + 1


def test_a_round_with_the_running_total_as_typed(page, live_server):
    sheet(page, live_server)
    fingers = Fingers(page)
    fingers.tap(box(page, 0))
    fingers.type("12")
    assert head(page).inner_text() == "total 12"
    fingers.type("-3")  # the keyboard's own minus
    assert head(page).inner_text() == "total 9"
    fingers.type("5")
    fingers.tap(page.locator(".seat[data-seat='2'] .sign"))  # ± makes it −5
    assert box(page, 2).input_value() == "-5"
    assert head(page).inner_text() == "total 4"
    fingers.type("")  # Enter: on from the box ± left the focus in
    assert page.evaluate("document.activeElement.id") == "points_3"
    assert box(page, 3).get_attribute("enterkeyhint") == "next"
    page.keyboard.type("0")
    fingers.count += 1
    assert head(page).inner_text() == "total 4"
    # The last box, nothing missing: its Enter says "done", and saves the round.
    assert box(page, 3).get_attribute("enterkeyhint") == "done"
    fingers.type("")
    page.wait_for_url(SCOREBOARD_URL)
    assert totals(page) == ["12", "\u22123", "\u22125", "0"]
    # tap box 1, "12"+Enter, "-3"+Enter, "5"+Enter, ±, Enter, "0"+Enter (saved)
    assert fingers.count == 1 + 3 + 3 + 2 + 1 + 1 + 2 == 13


def test_the_round_total_is_checked_live_and_the_last_filled_in(page, live_server):
    sheet(page, live_server, round_total=26)
    fingers = Fingers(page)
    fingers.tap(box(page, 0))
    fingers.type("30")
    fingers.type("-7")
    assert box(page, 3).input_value() == ""
    assert head(page).inner_text() == "23 of 26"
    page.keyboard.type("0")
    fingers.count += 1
    # Dan's 3 filled itself in, marked so; the round adds up to 26; Cat's is the last box
    # to type, and its Enter goes on to Dan's (issue 77: never past a box filled in by
    # itself), whose Enter says "done".
    assert box(page, 3).input_value() == "3"
    assert "auto" in page.locator(".seat[data-seat='3']").get_attribute("class").split()
    assert head(page).inner_text() == "26 of 26"
    assert box(page, 2).get_attribute("enterkeyhint") == "next"
    assert box(page, 3).get_attribute("enterkeyhint") == "done"
    # A change to another box moves the filled-in points with it: below zero too.
    box(page, 2).fill("5")
    assert box(page, 3).input_value() == "-2"
    box(page, 2).fill("0")
    assert box(page, 3).input_value() == "3"
    fingers.type("")  # Enter on Cat's box: on to Dan's 3, the table sees it
    assert box(page, 3).evaluate("(box) => box === document.activeElement")
    fingers.type("")  # Enter on the last box, nothing missing: saved
    page.wait_for_url(SCOREBOARD_URL)
    assert totals(page) == ["30", "\u22127", "0", "3"]
    # tap box 1, "30"+Enter, "-7"+Enter, "0"+Enter, Enter (saved)
    assert fingers.count == 1 + 3 + 3 + 2 + 1 == 10


def test_a_round_that_misses_the_total_is_refused_with_the_entries_kept(page, live_server):
    game_id = sheet(page, live_server, round_total=26)
    for seat, points in enumerate(["10", "10", "5"]):
        box(page, seat).fill(points)
    box(page, 3).fill("0")  # typed over the filled-in 1
    assert head(page).inner_text() == "25 of 26"
    assert "off" in head(page).get_attribute("class")
    page.locator("#save").click()
    page.wait_for_selector(".error-summary")
    assert page.url.endswith(f"/games/{game_id}/hands/new")
    problem = page.locator(".seat[data-seat='3'] .err")
    # The player named, not "seat 4" (issue 30).
    assert problem.inner_text().translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))) == (
        "The round totals 25, not 26: Dan's points would have to be +1."
    )
    assert [box(page, s).input_value() for s in range(4)] == ["10", "10", "5", "0"]
    # Nothing was saved.
    token = view_path(live_server, game_id).rsplit("/", 1)[1]
    assert api(live_server, "GET", f"/api/games/{game_id}?view={token}")["hands"] == []


def test_the_sheet_in_hebrew_fits_a_small_phone_and_is_accessible(browser, live_server, axe):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        base_url=live_server,
        extra_http_headers={"Accept-Language": "he-IL,he;q=0.9"},
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        sheet(page, live_server, players=HEBREW_PLAYERS, round_total=26)
        box(page, 0).fill("-120")
        box(page, 1).fill("100")
        box(page, 2).fill("40")
        assert box(page, 3).input_value() == "6"
        box(page, 1).focus()
        # A number keeps its minus in front, on a right-to-left page too.
        assert box(page, 0).evaluate("(el) => getComputedStyle(el).direction") == "ltr"
        check_page(page, "any-game-round")
        results = axe.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
        assert serious == [], results.generate_report()
    finally:
        context.close()
    assert errors == []


def test_hearts_with_a_shot_moon_through_the_forms(page, live_server):
    """Hearts set up with one choice on New game, a typed round (the last player's points
    filled in) and a moon tapped on its shooter, each counted from the scoreboard."""
    page.goto("/games/new")
    opens(page.get_by_role("link", name="Hearts"))
    assert page.locator("input[name='rules'][value='hearts']").is_checked()
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#player_{seat}").fill(name)
    page.locator("#first_dealer input[value='0']").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(SCOREBOARD_URL)
    assert "Hearts" in page.locator(".rules").inner_text()
    assert page.title().endswith("Hearts")

    # A typed round: Record, a tap on the first box, three numbers, Save.
    fingers = Fingers(page)
    fingers.tap(page.locator("#record"))
    assert page.locator("h1").inner_text().startswith("Round 1")
    fingers.tap(box(page, 0))
    fingers.type("3")
    fingers.type("13")
    fingers.type("10")
    assert box(page, 3).input_value() == "0"  # filled in, said "auto"
    assert "auto" in page.locator(".seat[data-seat='3']").get_attribute("class").split()
    fingers.save()
    assert fingers.count == 1 + 1 + 2 + 3 + 3 + 1 == 11
    assert totals(page) == ["3", "13", "10", "0"]
    # Hearts passes left before round 1 (issue 43, item 10).
    flash = unisolated(page.locator(".flash").first.inner_text())
    assert flash.startswith("Round 1 (pass left): Ann +3")

    # A moon: Record, a tap on the shooter, Save.
    fingers = Fingers(page)
    fingers.tap(page.locator("#record"))
    fingers.tap(page.locator("#moon label.key", has_text="Cat"))
    fingers.save()
    assert fingers.count == 3
    assert totals(page) == ["29", "39", "10", "26"]
    assert unisolated(page.locator(".flash").first.inner_text()) == (
        "Round 2 (pass right · Cat shot the moon): Ann +26 · Bob +26 · Cat 0 · Dan +26"
    )
    assert "Cat shot the moon" in unisolated(page.locator("table.hands").inner_text())


def test_a_number_below_zero_filled_in_is_said(page, live_server):
    sheet(page, live_server, round_total=26)
    for seat, points in enumerate(["26", "26", "26"]):
        box(page, seat).fill(points)
    assert box(page, 3).input_value() == "-52"
    note = page.locator(".seat[data-seat='3'] .why")
    assert note.is_visible()
    assert note.inner_text() == (
        "Filled in: \u221252, below zero, for the round to total 26. Check the others' points."
    )


def test_a_hearts_round_never_fills_in_a_number_below_zero(page, live_server):
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"game": GAME.key, "players": PLAYERS, "rules": "hearts", "first_dealer": 0},
    )
    page.goto(created["edit_url"])
    page.goto(f"/games/{created['id']}/hands/new")
    for seat, points in enumerate(["26", "26", "26"]):
        box(page, seat).fill(points)
    assert box(page, 3).input_value() == ""
    assert "which these points cannot be" in page.locator(".seat[data-seat='3'] .why").inner_text()


def test_a_tapped_moon_hides_the_points_it_writes_and_previews_them(page, live_server):
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"game": GAME.key, "players": PLAYERS, "rules": "hearts", "first_dealer": 0},
    )
    page.goto(created["edit_url"])
    page.goto(f"/games/{created['id']}/hands/new")
    page.locator("#moon label.key", has_text="Bob").click()
    assert not box(page, 0).is_visible()
    page.wait_for_selector("#preview.scores")
    assert unisolated(page.locator("#preview").inner_text()).split() == [
        "Ann",
        "+26",
        "Bob",
        "0",
        "Cat",
        "+26",
        "Dan",
        "+26",
    ]
    page.locator("#moon label.key", has_text="nobody").click()
    assert box(page, 0).is_visible()
