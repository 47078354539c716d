"""A club table's printed list (issue 56, noticed at stop 61): on A4 and on a phone at
360 px, the dealer and declarer columns of a Skat and a Doppelkopf list show a long name
whole ("Maximiliane Schröder", "אלכסנדרה בן-שושן"), wrapped between its words rather than
cut to "Maximili…", and the list's headings ("Partei") are whole; in Hebrew, English and
German, in Chromium."""

from __future__ import annotations

import pytest

from tests.support.live import SHOTS, call_json, keep_screenshot, watched_page

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

LANGUAGES = {"he": "he-IL,he;q=0.9", "en": "en", "de": "de-DE,de;q=0.9"}

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


def _night(live_server, game: str, players: list[str], play) -> tuple[dict, dict]:
    status, group = call_json(live_server, "POST", "/api/groups", {"name": "Club"})
    assert status == 201, group
    body = {"game": game, "players": players, "deals_per_player": 1, "series": 1}
    status, night = call_json(
        live_server, "POST", f"/api/groups/{group['id']}/club", body, group["key"]
    )
    assert status == 201, night
    for made, table in zip(night["keys"], night["tables"], strict=True):
        size = len(table["players"])
        for number in range(1, size + 1):
            hand = play(number, size, table)
            status, answer = call_json(
                live_server, "POST", f"/api/games/{made['game_id']}/hands", hand, made["edit_key"]
            )
            assert status == 201, answer
    return group, night


def _skat(number: int, size: int, table: dict) -> dict:
    # The declarer is never a four-table's dealer (seat n − 1 deals deal n).
    return {
        "declarer": number % size,
        "game": "clubs",
        "matadors": 1,
        "bid": 18,
        "declarer_points": 70 if number % 2 else 50,
    }


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
    group, night = _night(live_server, game, players, _skat if game == "skat" else _doppelkopf)
    lists = [f"/games/{table['game_id']}/club/print" for table in night["tables"]]
    found = {}
    for language, accept in LANGUAGES.items():
        header = {"Accept-Language": accept}
        with watched_page(browser, live_server, extra_http_headers=header) as page:
            page.goto(group["join_url"])
            if page.locator("#join").count():
                with page.expect_navigation():
                    page.locator("#join").click()
            # A phone at 360 px, and A4 less its margins (190 mm at 96 dpi) in print.
            for media, width in (("screen", 360), ("print", 718)):
                page.set_viewport_size({"width": width, "height": 800})
                page.emulate_media(media=media)
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
