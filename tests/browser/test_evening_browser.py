"""What tables do in the middle of an evening (issue 11), in real Chromium at 390x844: a
pass round, totals carried over from paper reaching the target, a rematch, a player who
leaves with the statistics checked, and a points cell explained in English and Hebrew."""

from __future__ import annotations

import re

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import SEAT_NAMES
from tests.support.browser import SCOREBOARD_URL, WORKED_TAPS, Taps, totals
from tests.support.evening_browser import clean, game_on_phone
from tests.support.live import PHONE, opens

pytestmark = pytest.mark.browser


def test_everyone_passed_and_the_table_plays_a_pass_round(page, live_server):
    game_on_phone(page, live_server, settings={"all_pass": "pass_round"})
    taps = Taps(page)
    taps(page.locator("#record"))
    # Nobody bid: one key says so (issue 55: a yes/no at the top of phase one, which hides
    # the auction), the table opens the first player's count, and the counts follow in turn.
    taps.key("pass_round", "yes")
    taps(page.locator('#tricks .seat[data-seat="0"] legend button'))
    for seat, tricks in ((0, 0), (1, 3), (2, 4)):
        taps.key(f"tricks_{seat}", tricks)
    assert page.locator('input[name="tricks_3"][value="6"]').is_checked()  # filled in
    taps.save()
    page.wait_for_url(SCOREBOARD_URL)
    assert taps.count == 7
    assert totals(page) == ["50", "−30", "−40", "−60"]
    assert page.locator("#h1 th em").inner_text() == "pass round"


def test_totals_carried_from_paper_reach_the_target_and_a_rematch_follows(page, live_server):
    page.goto("/games/new?game=israeli-whist")
    for seat, name in enumerate(SEAT_NAMES):
        page.fill(f"#player_{seat}", name)
    page.get_by_text("Pagat (German page)", exact=True).click()
    page.locator("#starting summary").click()
    # The boxes are named after the players as they are typed.
    assert page.locator("#starting label").nth(1).locator("bdi").inner_text() == "West"
    page.fill("#start_1", "95")
    page.fill("#start_3", "-20")
    page.locator("label.key:has(input[name=first_dealer][value='0'])").click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(SCOREBOARD_URL)
    assert totals(page) == ["0", "95", "0", "−20"]
    assert clean(page.locator("#h0").inner_text()).split() == [
        "0",
        "carried",
        "over",
        "0",
        "95",
        "0",
        "−20",
    ]
    taps = Taps(page)
    taps(page.locator("#record"))
    for name, value in WORKED_TAPS:
        taps.key(name, value)
    taps.save()
    assert totals(page) == ["−20", "114", "−10", "−60"]
    assert page.locator(".banner.win").inner_text() == "West wins with 114!"
    # Same players again: one tap, the deal passing on from where this game ended.
    first_game = page.url
    opens(page.locator("#rematch"))
    assert page.url != first_game
    assert page.locator(".totals li > span").all_inner_texts() == SEAT_NAMES
    assert totals(page) == ["0", "0", "0", "0"]
    assert page.locator(".turn").inner_text() == "Hand 1: West deals, West opens"


def test_a_player_leaves_and_the_statistics_credit_each_hand(page, live_server):
    created = game_on_phone(page, live_server, hands=[WORKED_EXAMPLE])
    opens(page.locator("#change-seat"))
    page.locator("label.key:has(input[name=seat][value='1'])").click()
    page.fill("#name", "Eve")
    opens(page.locator("#change"))
    page.wait_for_url(SCOREBOARD_URL)
    assert clean(page.locator("p.seat-change").inner_text()) == "From hand 2: Eve for West"
    assert page.locator(".totals li > span").all_inner_texts() == ["South", "Eve", "North", "East"]
    taps = Taps(page)
    taps(page.locator("#record"))
    assert page.locator("#contracts .seat[data-seat='1'] legend button").inner_text() == "Eve"
    for name, value in WORKED_TAPS:
        taps.key(name, value)
    taps.save()
    assert totals(page) == ["−40", "38", "−20", "−80"]
    assert clean(page.locator("tr.seat-change").inner_text()) == "From hand 2: Eve for West"
    page.goto(f"/games/{created['id']}/stats")
    heads = page.locator("#player-figures thead th").all_inner_texts()[1:]
    assert heads == ["South", "West", "Eve", "North", "East"]
    hands = page.locator("#player-figures tr:has(th:text-is('Hands played')) td")
    assert hands.all_inner_texts() == ["2", "1", "1", "2", "2"]


@pytest.mark.parametrize(
    ("language", "heading", "term"),
    [
        ("en", "Hand 1: how it was scored", "3 made: 10 + 3² = +19"),
        ("he", "יד 1: איך חושב הניקוד", "הימור 3 הצליח: 10 + 3² = +19"),
    ],
)
def test_a_points_cell_explains_itself(browser, live_server, language, heading, term):
    context = browser.new_context(
        viewport=PHONE,
        base_url=live_server,
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    page = context.new_page()
    try:
        game_on_phone(page, live_server, hands=[WORKED_EXAMPLE])
        opens(page.locator("#h1 td").nth(1).locator("a.why"))
        assert re.search(r"/hands/1/why#s1$", page.url)
        assert clean(page.locator("h1").inner_text()) == heading
        west = page.locator("#s1")
        assert clean(west.locator("li").inner_text()) == term
        # The stretched link covers the whole cell: a thumb anywhere on it gets there.
        assert page.locator("html").get_attribute("lang") == language
    finally:
        context.close()
