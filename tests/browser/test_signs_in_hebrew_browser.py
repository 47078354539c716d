"""The minus sign isolated on every Hebrew page that prints a signed number (issue 69): in
real Chromium, a sign is drawn before its figure ("−200", never "200−") on every registered
game's rules page and blank sheet, and on a played game's scoreboard, print, statistics and
revisions. Read from where the browser drew each character, so a number that only looks
isolated in the HTML (``dir="auto"`` on a bare "−200", which has no strong letter to go by)
is caught as a reader would see it."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from tests.support.live import watched_page
from tests.support.rtl_browser import ACCEPT_LANGUAGE, SMALL_PHONE
from tests.support.signs_in_hebrew_browser import played

pytestmark = pytest.mark.browser

# Every sign before a digit that no letter precedes (a Hebrew "ל-13" joins a word to a
# number: no sign), with the box of the sign and of the digit after it as drawn.
SIGNS_AFTER = """() => {
  const sign = /(?<![\\p{L}\\d])[−+-](?=\\d)/gu;
  const wrong = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest("script, style, template, [hidden]")) continue;
    for (const match of node.textContent.matchAll(sign)) {
      const box = (at) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect();
      };
      const mark = box(match.index), digit = box(match.index + 1);
      if (!mark.width || !digit.width || Math.abs(mark.top - digit.top) > 2) continue;
      if (mark.left > digit.left) {
        const text = node.textContent;
        wrong.push(text.slice(Math.max(0, match.index - 20), match.index + 8).trim());
      }
    }
  }
  return wrong;
}"""

COUNT_SIGNS = "() => (document.body.innerText.match(/[−+-]\\d/g) || []).length"

PLAYED = ("french-tarot", "spades", "israeli-whist", "skat")


def test_every_signed_number_on_a_hebrew_page_reads_sign_first(browser, live_server):
    header = {"Accept-Language": ACCEPT_LANGUAGE["he"]}
    wrong = {}
    with watched_page(browser, live_server, SMALL_PHONE, extra_http_headers=header) as page:
        pages = [f"/rules/{key}" for key in GAMES]
        pages += [f"/sheets/blank?game={key}" for key in GAMES]
        for key in PLAYED:
            game_id, edit_key = played(live_server, key)
            page.goto(f"/games/{game_id}/edit/{edit_key}")
            pages += [
                f"/games/{game_id}",
                f"/games/{game_id}/print",
                f"/games/{game_id}/print?explain=1",
                f"/games/{game_id}/stats",
                f"/games/{game_id}/revisions",
            ]
        signs = 0
        for path in pages:
            page.goto(path)
            assert page.locator("html").get_attribute("dir") == "rtl", path
            signs += page.evaluate(COUNT_SIGNS)
            found = page.evaluate(SIGNS_AFTER)
            if found:
                wrong[path] = found
    assert signs > 100  # the pages do print signed numbers: the check has something to read
    assert wrong == {}
