"""Hebrew, right to left, in real Chromium at 390x844: nothing overflows sideways.

Each page is screenshotted to ``test-artifacts/`` (git-ignored) for a person to look at.
"""

import pytest

from tests.support.rtl_browser import FLIPPED, OVERFLOWING, check_page, hebrew_game

pytestmark = pytest.mark.browser


@pytest.fixture
def hebrew(page):
    """A phone whose browser asks for Hebrew."""
    page.set_extra_http_headers({"Accept-Language": "he-IL,he;q=0.9"})
    return page


def test_home_in_hebrew(hebrew, live_server):
    hebrew_game(hebrew, live_server, hands=2)
    hebrew.goto("/")
    assert hebrew.get_by_role("link", name="משחק חדש").count() == 1
    check_page(hebrew, "home")


def test_new_game_in_hebrew(hebrew):
    hebrew.goto("/games/new?game=israeli-whist")
    hebrew.locator("details.house summary").click()
    hebrew.fill("#player_0", "דני")
    check_page(hebrew, "new-game")
    # The first-dealer key shows the name as it is typed, and its own label when blank.
    assert hebrew.locator("label.key:has(input[value='0'])").inner_text() == "דני"
    assert hebrew.locator("label.key:has(input[value='1'])").inner_text() == "שני"


def test_record_hand_in_hebrew(hebrew, live_server):
    game_id = hebrew_game(hebrew, live_server)
    hebrew.goto(f"/games/{game_id}/hands/new")
    for name, value in (("declarer", 2), ("level", 7), ("denomination", "C")):
        hebrew.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
    for seat, contract in ((2, 7), (3, 0), (0, 2)):
        hebrew.locator(f'label.key:has(input[name="contract_{seat}"][value="{contract}"])').click()
    why = hebrew.locator('#contracts .seat[data-seat="1"] .why')
    assert why.inner_text() == "רותם לא יכול להגיד 4: סכום ההימורים יהיה בדיוק 13."
    assert hebrew.locator("#contracts h2 output").inner_text() == "סה״כ 9"
    for name, value in (("contract_1", 3), ("tricks_2", 8), ("tricks_3", 2), ("tricks_0", 0)):
        hebrew.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()
    assert hebrew.locator("#contracts h2 output").inner_text() == "סה״כ 12 · אנדר"
    assert hebrew.locator("#tricks h2 output").inner_text() == "13 מתוך 13"
    hebrew.wait_for_function("() => document.getElementById('preview').textContent.length > 0")
    assert hebrew.locator("#preview > span").all_text_contents() == [
        "דני −20",
        "רותם +19",
        "Noa −10",
        "אביגיל בן-דוד −40",
    ]
    hebrew.locator('#contracts .seat[data-seat="1"] legend button').click()
    check_page(hebrew, "record-hand")


def test_scoreboard_with_hands_in_hebrew(hebrew, live_server):
    game_id = hebrew_game(hebrew, live_server, hands=5)
    hebrew.goto(f"/games/{game_id}")
    assert hebrew.locator("#record").inner_text() == "רישום יד 6"
    # Numbers keep their sign on the left and bids their level on the left.
    first = hebrew.locator("#h1")
    assert first.locator("th span").inner_text() == "7♣"
    assert first.locator("td").first.inner_text().split("\n")[0] == "2/0 −20"
    assert first.locator("th em").inner_text() == "אנדר"
    check_page(hebrew, "scoreboard")


def test_the_checks_see_a_flipped_number_and_an_overflow(hebrew):
    hebrew.set_content(
        '<html dir="rtl" lang="he"><body><p>רנונסים (−100 לכל אחד)</p>'
        '<p>רנונסים (<bdi dir="ltr">−100</bdi>) <span dir="ltr">7♣</span></p>'
        '<div style="width: 600px">רחב</div></body></html>'
    )
    assert hebrew.evaluate(FLIPPED) == ["−100 in p"]
    assert hebrew.evaluate(OVERFLOWING) == ["div. -218..382"]
