"""A club night's buttons whose words take two lines on a 360 px phone ("Als Maximiliane
Schröder unterschreiben", "Diese Beanstandung entscheiden…") keep room above and below their
words, as a button of one line has: none of their lines touches the button's edge."""

from __future__ import annotations

import pytest

from tests.support.live import call_json, watched_page

NAMES = ["Maximiliane Schröder", "Friederike Oberhaus", "Christophorus Engel"]

# Each button: the room between its border and the top of its first line of words and
# the bottom of its last, in px.
ROOM = """() => [...document.querySelectorAll('main .btn')]
.filter((b) => b.offsetParent).map((b) => {
  const box = b.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(b);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0);
  const top = Math.min(...lines.map((r) => r.top));
  const bottom = Math.max(...lines.map((r) => r.bottom));
  return [b.textContent.trim(), new Set(lines.map((r) => Math.round(r.top))).size,
          top - box.top, box.bottom - bottom];
})"""


@pytest.mark.browser
def test_a_two_line_button_of_the_signing_page_keeps_room_around_its_words(browser, live_server):
    status, group = call_json(live_server, "POST", "/api/groups", {"name": "Skatclub"})
    assert status == 201, group
    body = {"game": "skat", "players": NAMES, "deals_per_player": 1, "series": 1}
    path = f"/api/groups/{group['id']}/club"
    status, night = call_json(live_server, "POST", path, body, group["key"])
    assert status == 201, night
    [made], [table] = night["keys"], night["tables"]
    size = len(table["players"])
    for number in range(1, size + 1):
        hand = {"declarer": number % size, "game": "clubs", "matadors": 1, "bid": 18}
        hand["declarer_points"] = 70
        path = f"/api/games/{made['game_id']}/hands"
        status, _ = call_json(live_server, "POST", path, hand, made["edit_key"])
        assert status == 201
    header = {"Accept-Language": "de-DE,de;q=0.9"}
    viewport = {"width": 360, "height": 800}
    with watched_page(browser, live_server, viewport, extra_http_headers=header) as page:
        page.goto(group["join_url"])
        page.locator("#label").fill(table["players"][0])
        with page.expect_navigation():
            page.locator("#join").click()
        page.goto(f"/games/{made['game_id']}/club")
        with page.expect_navigation():
            page.locator("form:has(input[name=action][value=confirm]) button").click()
        buttons = page.evaluate(ROOM)
    two_lines = [b for b in buttons if b[1] > 1]
    assert two_lines, buttons  # the page has buttons of two lines at 360 px
    cramped = [b for b in buttons if min(b[2], b[3]) < 4]
    assert cramped == [], cramped
