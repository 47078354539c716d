"""A club night's paper read whole (issue 56, item 7): the ranking and a table's list, at
360 px and printed on A4, in Hebrew, English, German and French, show every column of
every row (none cut at the edge of the page or of its cell) and break no word in the
middle ("gewonne|n", "משח|ק", "Bartholom|äus"): a narrow heading wraps between its words
or is abbreviated, the whole word in its title."""

from __future__ import annotations

import pytest

from tests.support.club_live import on_phone_and_a4
from tests.support.club_paper_fit_browser import _night
from tests.support.live import SHOTS, keep_screenshot

LANGUAGES = {"he": "he-IL,he;q=0.9", "en": "en", "de": "de-DE,de;q=0.9", "fr": "fr-FR,fr;q=0.9"}

# Every cell of the tables and every name of the paper: its box inside the page and inside
# its own cell (nothing hidden by the cell's width), and each of its words on one line.
CUT = """(paper) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  // The list's own hands table scrolls sideways in its box on a phone (its first column
  // stays): there its headings only keep their words whole.
  const cells = document.querySelectorAll(
    '#club-ranking th, #club-ranking td, .club-foot th, .club-foot td, .club-list-players li,'
    + ' .club-sign-name, .score thead th' + (paper ? ', .score td' : ''));
  for (const cell of cells) {
    const box = cell.getBoundingClientRect();
    const text = cell.textContent.trim();
    const scrolls = !paper && cell.closest('.score');
    if (!scrolls && (box.right > width + 1 || box.left < -1)) {
      found.push('off the page: ' + text);
    }
    if (cell.scrollWidth > cell.clientWidth + 1) found.push('cut in its cell: ' + text);
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push('broken word: ' + m[0]);
      }
    }
  }
  return found;
}"""


@pytest.mark.browser
def test_the_ranking_and_a_list_show_every_column_whole_on_a_phone_and_on_a4(browser, live_server):
    group, night = _night(live_server)
    ranking = f"/groups/{group['id']}/club/{night['id']}/ranking"
    lists = [f"/games/{table['game_id']}/club/print" for table in night["tables"]]
    # On the phone every table's list (the draw seats the names where it likes); on A4,
    # whose columns are wider, the first.
    paths = {"screen": [ranking, *lists], "print": [ranking, lists[0]]}
    found = {}
    for language, media, page in on_phone_and_a4(browser, live_server, group, LANGUAGES):
        for path in paths[media]:
            page.goto(path)
            assert page.locator("html").get_attribute("lang") == language
            cut = page.evaluate(CUT, media == "print")
            name = path.rsplit("/", 1)[-1] + path.split("/")[2]
            keep_screenshot(page, SHOTS / "club-paper" / f"{name}-{media}-{language}.png")
            if cut:
                found[(language, media, name)] = cut
    assert found == {}, "\n".join(f"{k}: {sorted(set(v))}" for k, v in found.items())
