"""A name inside a sentence of a club night's pages stays whole on one line where it fits
(noticed at stop 61: "Adelheid ו־Walburga / Hinterseer" in a Hebrew sentence of Latin
names read right but looked broken): it wraps inside only when it alone is wider than the
line. In Chromium at 360 px, in Hebrew, English and German, on the pages a Doppelkopf
night of ten long names shows: the draw, a table's signing page, its scoreboard, the
standings and the table's printed list."""

from __future__ import annotations

import pytest

from tests.support.club_live import LANGUAGES, joined_page, live_night, play_series
from tests.support.club_names_on_a_line_browser import _doppelkopf
from tests.support.live import SHOTS, keep_screenshot

TEN = [
    "Adelheid Kirchhoff",
    "Walburga Hinterseer",
    "Maximiliane Schröder",
    "אלכסנדרה בן-שושן",
    "Bartholomäus Brenner",
    "Friederike Oberhaus",
    "Konstantin Lindemann",
    "Gottfried Wallenberg",
    "Leopoldine Sternberg",
    "Christophorus Engel",
]

# Every name the page isolates (a <bdi>, or a run between FSI and PDI in a text): on
# more than one line although it is narrower than the line it sits in.
SPLIT = """() => {
  const found = [];
  // The width of the lines the name sits in: its nearest box that is not inline.
  const lineOf = (node) => {
    let box = node.parentElement;
    if (box.tagName === 'BDI') box = box.parentElement;
    while (getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
    const style = getComputedStyle(box);
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };
  const check = (range, text, node) => {
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const tops = new Set(rects.map((r) => Math.round(r.top)));
    if (tops.size < 2) return;
    const width = rects.reduce((sum, r) => sum + r.width, 0);
    if (width < lineOf(node) - 2) found.push(text);
  };
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const inBdi = node.parentElement.closest('bdi');
    if (inBdi && inBdi.textContent === node.data && node.data.includes(' ')) {
      const range = document.createRange();
      range.selectNodeContents(node);
      check(range, node.data, node);
    }
    const re = /\\u2068([^\\u2069]* [^\\u2069]*)\\u2069/g;
    for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      check(range, m[1], node);
    }
  }
  return [...new Set(found)];
}"""


@pytest.mark.browser
def test_a_name_in_a_sentence_stays_whole_on_a_line_where_it_fits(browser, live_server):
    group, night = live_night(live_server, "doppelkopf", TEN, name="Doko")
    play_series(live_server, night, _doppelkopf)
    base = f"/groups/{group['id']}/club/{night['id']}"
    table = night["tables"][0]
    pages = {
        "night": base,
        "sign": f"/games/{table['game_id']}/club",
        "standings": f"{base}/standings",
        "list": f"/games/{table['game_id']}/club/print",
        "scoreboard": f"/games/{table['game_id']}",
    }
    found = {}
    for language, accept in LANGUAGES.items():
        header = {"Accept-Language": accept}
        with joined_page(browser, live_server, group, extra_http_headers=header) as page:
            page.set_viewport_size({"width": 360, "height": 800})
            for name, path in pages.items():
                page.goto(path)
                assert page.locator("html").get_attribute("lang") == language
                keep_screenshot(page, SHOTS / "club-names-on-a-line" / f"{name}-{language}.png")
                split = page.evaluate(SPLIT)
                if split:
                    found[(language, name)] = split
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
