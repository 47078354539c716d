"""What Keep says it kept, in the page's language (issue 69): a French phone reads
"2,7 Mo en 0,7 s", never "2.7 Mo en 0.7 s" (keep.js writes both through Intl.NumberFormat
for the page's language, as the server's pages write a decimal through Babel)."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import api
from tests.support.live import watched_page
from tests.support.offline_phone import keep_game
from tests.support.rtl_browser import ACCEPT_LANGUAGE, SMALL_PHONE

pytestmark = pytest.mark.browser


def test_a_french_phone_says_what_it_kept_with_a_decimal_comma(browser, live_server):
    header = {"Accept-Language": ACCEPT_LANGUAGE["fr"]}
    with watched_page(browser, live_server, SMALL_PHONE, extra_http_headers=header) as page:
        created = api(live_server, "POST", "/api/games", {"players": ["Ann", "Ben", "Cat", "Dan"]})
        page.goto(created["edit_url"])
        keep_game(page, created["id"], "Ann")
        said = page.locator("#keep-status").inner_text()
        assert re.fullmatch(
            r"Gardée sur ce téléphone\u00a0: \d+,\d\u00a0Mo en \d+,\d\u00a0s\. .+", said
        ), said
