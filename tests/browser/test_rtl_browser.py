"""Hebrew, right to left, in real Chromium at 390x844: nothing overflows sideways.

Each page is screenshotted to ``test-artifacts/`` (git-ignored) for a person to look at.
"""

import contextlib
import pathlib

import pytest

from tests.browser.test_browser import api
from tests.conftest import WORKED_EXAMPLE, watched_page

pytestmark = pytest.mark.browser

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"
HEBREW_NAMES = ["דני", "רותם", "Noa", "אביגיל בן-דוד"]

# Elements that stick out of the viewport, ignoring what is hidden, what a scrolling box
# (overflow auto or hidden) holds, and the visually hidden text for screen readers.
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX !== "visible" || style.clipPath !== "none") return true;
    }
    return false;
  };
  const found = [];
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    const hidden = style.display === "none" || style.visibility === "hidden";
    if (hidden || style.clipPath !== "none") continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if ((box.left < -0.5 || box.right > width + 0.5) && !clipped(el)) {
      const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
      found.push(`${el.tagName.toLowerCase()}.${el.className} ${where}`);
    }
  }
  return found;
}"""

# Numbers, scores and bids whose characters do not run left to right on screen: a "−20"
# shown as "20−", or a "7♣" shown as "♣7". Each character's box is measured.
FLIPPED = """() => {
  const token = /[−+-]?\\d+(?:\\/\\d+)?(?:NT|OT|[♣♦♥♠])?/g;
  const flipped = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest("script, style, template")) continue;
    for (const match of node.textContent.matchAll(token)) {
      if (match[0].length < 2) continue;
      const boxes = [];
      for (let i = match.index; i < match.index + match[0].length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        boxes.push(range.getBoundingClientRect());
      }
      if (boxes.some((box) => !box.width)) continue;
      const oneLine = boxes.every((box) => Math.abs(box.top - boxes[0].top) < 2);
      if (oneLine && boxes.some((box, i) => i && box.left < boxes[i - 1].left - 0.5)) {
        flipped.push(`${match[0]} in ${node.parentElement.tagName.toLowerCase()}`);
      }
    }
  }
  return flipped;
}"""


@pytest.fixture
def hebrew(page):
    """A phone whose browser asks for Hebrew."""
    page.set_extra_http_headers({"Accept-Language": "he-IL,he;q=0.9"})
    return page


def check_page(page, name: str) -> None:
    """Asserts the page is Hebrew and right to left and fits the phone; keeps a screenshot."""
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "he"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"he-{name}.png"), full_page=True)
    scroll, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll <= client, (name, scroll, client)
    assert page.evaluate(OVERFLOWING) == [], name
    assert page.evaluate(FLIPPED) == [], name


SAMPLE_HANDS = [
    WORKED_EXAMPLE,
    {"declarer": 1, "bid": "8NT", "contracts": [1, 8, 2, 3], "tricks": [1, 8, 2, 2]},
    {"thrown_in": True, "frisch_rounds": 3},
    {"declarer": 3, "bid": "9H", "contracts": [0, 2, 1, 9], "tricks": [1, 2, 1, 9]},
    {"declarer": 0, "bid": "7S", "contracts": [7, 3, 2, 0], "tricks": [7, 3, 3, 0]},
]


def hebrew_game(page, live_server, hands: int = 0):
    """A game of Hebrew and Latin names under standard rules with ``hands`` hands, opened
    on this phone's edit link."""
    created = api(
        live_server,
        "POST",
        "/api/games",
        {"players": HEBREW_NAMES, "rules": "standard", "first_dealer": 0, "target": 500},
    )
    for hand in SAMPLE_HANDS[:hands]:
        api(live_server, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
    page.goto(created["edit_url"])
    return created["id"]


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


SMALL_PHONE = {"width": 360, "height": 740}
ACCEPT_LANGUAGE = {"en": "en", "de": "de-DE,de;q=0.9", "he": "he-IL,he;q=0.9"}


@contextlib.contextmanager
def game_on_a_small_phone(browser, live_server, language: str, body: dict):
    """A fresh 360 px phone whose browser asks for ``language`` (en, de or he), on the
    edit link of a game created through the API with ``body``: (the page, the API's
    answer)."""
    header = {"Accept-Language": ACCEPT_LANGUAGE[language]}
    with watched_page(browser, live_server, SMALL_PHONE, extra_http_headers=header) as page:
        created = api(live_server, "POST", "/api/games", body)
        page.goto(created["edit_url"])
        yield page, created


def new_game_page_fits(page, game: str, shot: str, language: str) -> None:
    """The new-game page of ``game`` with its house rules open fits the phone (screenshot
    ``shot``); the phone then goes back to the page it was on."""
    back = page.url
    page.goto(f"/games/new?game={game}")
    page.locator("details.house summary").click()
    fits_the_phone(page, shot, language)
    page.goto(back)


def fits_the_phone(page, shot: str, language: str) -> None:
    """The page is in ``language``, fits the phone without overflow, and is kept as the
    screenshot ``ARTIFACTS/<shot>.png``."""
    assert page.locator("html").get_attribute("lang") == language
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"), full_page=True)
    scroll, client = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll <= client, (shot, scroll, client)
    assert page.evaluate(OVERFLOWING) == [], shot
