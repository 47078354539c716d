"""Helpers of tests/browser/test_rtl_browser.py, which other tests use too."""

import contextlib
import pathlib

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.browser import api
from tests.support.live import watched_page

ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"


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
    flipped = page.evaluate(FLIPPED)
    assert flipped == [], (name, flipped)


SMALL_PHONE = {"width": 360, "height": 740}


ACCEPT_LANGUAGE = {
    "en": "en",
    "de": "de-DE,de;q=0.9",
    "he": "he-IL,he;q=0.9",
    "fr": "fr-FR,fr;q=0.9",
}


@contextlib.contextmanager
def game_on_a_small_phone(browser, live_server, language: str, body: dict):
    """A fresh 360 px phone whose browser asks for ``language`` (en, de, he or fr), on the
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


HEBREW_NAMES = ["דני", "רותם", "Noa", "אביגיל בן-דוד"]


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
