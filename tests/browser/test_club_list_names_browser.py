"""A club table's printed list (issue 56, noticed at stop 61): on A4 and on a phone at
360 px, the dealer and declarer columns of a Skat and a Doppelkopf list show a long name
whole ("Maximiliane Schröder", "אלכסנדרה בן-שושן"), wrapped between its words rather than
cut to "Maximili…", and the list's headings ("Partei") are whole; in Hebrew, English and
German, in Chromium."""

from __future__ import annotations

import pytest

from tests.support.club_list_names_browser import _doppelkopf
from tests.support.club_live import LANGUAGES, live_night, on_phone_and_a4, play_series, skat_hand
from tests.support.live import SHOTS, keep_screenshot
from tests.support.whole_words import CUT_OR_BROKEN

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
NAMES_AND_HEADINGS = (
    ".score td.who, .score td.who bdi, .score thead th, .score thead th bdi, .score .who span"
)


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
            cut = page.evaluate(CUT_OR_BROKEN, NAMES_AND_HEADINGS)
            if cut:
                found[(language, media, number)] = cut
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())
