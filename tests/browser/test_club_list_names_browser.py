"""A club table's printed list (issue 56, noticed at stop 61): on A4 and on a phone at
360 px, the dealer and declarer columns of a Skat and a Doppelkopf list show a long name
whole ("Maximiliane Schröder", "אלכסנדרה בן-שושן"), wrapped between its words rather than
cut to "Maximili…", and the list's headings ("Partei") are whole; in Hebrew, English and
German, in Chromium."""

from __future__ import annotations

import pytest

from tests.support.club_live import LANGUAGES, live_night, on_phone_and_a4, play_series, skat_hand
from tests.support.live import SHOTS, keep_screenshot

LONG = [
    "Maximiliane Schröder",
    "אלכסנדרה בן-שושן",
    "Bartholomäus Brenner",
    "Walburga Hinterseer",
    "Friederike Oberhaus",
    "Konstantin Lindemann",
    "Gottfried Wallenberg",
    "Leopoldine Sternberg",
    "Christophorus Engel",
    "Hildegard Morgenroth",
]

# Each name of the hands' columns and each heading of the list: no word of it hidden by
# its box (cut, or an ellipsis) or broken over two lines.
CUT = """() => {
  const found = [];
  const boxes = document.querySelectorAll(
    '.score td.who, .score td.who bdi, .score thead th, .score thead th bdi, .score .who span');
  for (const box of boxes) {
    const text = box.textContent.trim();
    if (!text) continue;
    if (box.scrollWidth > box.clientWidth + 1) found.push('cut: ' + text);
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // A word, or the part of one up to a hyphen, after which a name may wrap.
      const re = /[^\\s-]+-?/g;
      for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()];
        const tops = new Set(rects.map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push('broken word: ' + m[0]);
        const cell = box.closest('td, th').getBoundingClientRect();
        for (const r of rects) {
          const past = r.right > cell.right + 1 || r.left < cell.left - 1;
          if (past) found.push('past its cell: ' + m[0]);
        }
      }
    }
  }
  return [...new Set(found)];
}"""


def _doppelkopf(number: int, size: int, table: dict) -> dict:
    dealer = (number - 1) % size  # a club table's seat 1 deals first
    re = sorted([(dealer + 1) % size, (dealer + 3) % size])
    if number == 2:  # a solo: the line names its soloist
        return {"re": [re[0]], "solo": "queens", "re_points": 125, "re_announcement": "re"}
    return {"re": re, "re_points": 130 if number % 2 else 100, "kontra_announcement": "kontra"}


@pytest.mark.browser
@pytest.mark.parametrize("game", ["skat", "doppelkopf"])
def test_a_tables_printed_list_shows_long_names_and_headings_whole(browser, live_server, game):
    players = LONG[:7] if game == "skat" else LONG
    group, night = live_night(live_server, game, players, series=1)
    play_series(live_server, night, skat_hand if game == "skat" else _doppelkopf)
    lists = [f"/games/{table['game_id']}/club/print" for table in night["tables"]]
    found = {}
    for language, media, page in on_phone_and_a4(browser, live_server, group, LANGUAGES):
        for number, path in enumerate(lists, start=1):
            page.goto(path)
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator(".score td.who").count()
            shot = f"{game}-table{number}-{media}-{language}.png"
            keep_screenshot(page, SHOTS / "club-list-names" / shot)
            cut = page.evaluate(CUT)
            if cut:
                found[(language, media, number)] = cut
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
