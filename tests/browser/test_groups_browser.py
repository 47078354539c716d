"""In real Chromium at 390 px, in each language: starting a group, its invite link and QR
code, joining by it, renaming, a new invite link and leaving (issue 21)."""

import json
import re
import shutil

import pytest

from scorekeeper.cli import entry
from tests.support.groups_browser import phone
from tests.support.live import PHONE, opens, serving
from tests.support.shared import LANGUAGES
from tests.support.upgrade import V4_DB, V4_KEYS

pytestmark = pytest.mark.browser

OUR_TABLE = {"en": "Our table", "he": "השולחן שלנו", "de": "Unser Tisch"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_group_is_started_shared_joined_renamed_and_left(browser, live_server, language):
    first, second = phone(browser, live_server, language), phone(browser, live_server, language)
    try:
        maker = first.new_page()
        maker.goto("/")
        assert maker.locator("ul.games").count() == 0
        # A group with no name is "Our table", in the page's language.
        with maker.expect_navigation():
            maker.locator("#start-group-button").click()
        group_url = maker.url
        assert maker.locator("h1").inner_text() == OUR_TABLE[language]
        opens(maker.locator("#invite"))
        assert maker.locator(".qr-box").count() == 0  # behind a warning
        opens(maker.locator("#show-invite"))
        assert maker.locator('.qr-box svg[role="img"]').is_visible()
        invite = maker.locator(".qr-box figcaption a").get_attribute("href")
        assert "/join/" in invite
        # The figure fits the phone's width.
        assert maker.locator(".qr-box").bounding_box()["width"] <= PHONE["width"]

        joiner = second.new_page()
        joiner.goto(invite)
        assert OUR_TABLE[language] in joiner.locator("h1").inner_text()
        with joiner.expect_navigation():
            joiner.locator("#join").click()
        assert joiner.url == group_url

        maker.goto(group_url)
        maker.fill('input[name="name"]', "Shabbat · שבת")
        with maker.expect_navigation():
            maker.locator("#rename").click()
        assert maker.locator("h1").inner_text() == "Shabbat · שבת"
        joiner.reload()
        assert joiner.locator("h1").inner_text() == "Shabbat · שבת"

        # A new invite link: the old one stops working, the phone that joined stays.
        maker.goto(group_url)
        maker.locator("#renew-invite").click()
        with maker.expect_navigation():
            maker.locator("#new-invite-link").click()
        third = phone(browser, live_server, language)
        try:
            late = third.new_page()
            assert late.goto(invite).status == 404
        finally:
            third.close()
        assert joiner.goto(group_url).status == 200

        # Leaving, after a confirmation: this phone only.
        joiner.locator("#leave").click()
        with joiner.expect_navigation():
            joiner.locator("#leave-group").click()
        assert joiner.goto(group_url).status == 404
        assert maker.goto(group_url).status == 200
    finally:
        first.close()
        second.close()


# --- "Our table" after an upgrade ---------------------------------------------------------

FITS = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_upgraded_database_is_our_table_joined_by_the_owner_s_link(
    browser, tmp_path, capsys, language
):
    """A database written before groups (the v4 fixture), served: ``scorekeeper groups``
    gives its owner the one group's invite link; a phone that opens it joins "Our table"
    (translated), sees every game in progress on the home page, and the old links work:
    a game's ``/games/<id>`` for the member, an edit link for anyone holding it."""
    shutil.copyfile(V4_DB, tmp_path / "scorekeeper.db")
    keys = json.loads(V4_KEYS.read_text())
    with serving(tmp_path) as base:
        code = entry(["groups", "--db", str(tmp_path / "scorekeeper.db"), "--url", base])
        out, _err = capsys.readouterr()
        assert code == 0, out
        (invite,) = re.findall(rf"{re.escape(base)}/join/\S+", out)
        context = phone(browser, base, language)
        try:
            page = context.new_page()
            assert page.goto("/games/1").status == 404  # not a member yet
            page.goto(invite)
            assert OUR_TABLE[language] in page.locator("h1").inner_text()
            with page.expect_navigation():
                page.locator("#join").click()
            assert page.locator("h1").inner_text() == OUR_TABLE[language]
            assert page.evaluate(FITS)[0] <= PHONE["width"]
            direction = "rtl" if language == "he" else "ltr"
            assert page.locator("html").get_attribute("dir") == direction
            page.goto("/")
            home = page.locator("main").inner_text()
            assert OUR_TABLE[language] in home
            for name in ("נועה", "Sam", "שירה", "דוד"):  # the four games in progress
                assert name in home, name
            assert page.evaluate(FITS)[0] <= PHONE["width"]
            # An old link to a game opens for a member, as it did before.
            for game_id in range(1, 7):
                assert page.goto(f"/games/{game_id}").status == 200, game_id
            page.goto("/history")
            assert "/groups/" in page.url and page.locator("ul.games li").count() == 6
        finally:
            context.close()
        # An edit link from before keeps working, for a phone that is no member.
        other = phone(browser, base, language)
        try:
            editor = other.new_page()
            assert editor.goto(f"/games/6/edit/{keys['6']}").status == 200
            assert editor.url.endswith("/games/6")
            assert editor.goto("/games/6/hands/new").status == 200
            assert editor.goto("/games/1").status == 404  # the key opens its own game only
        finally:
            other.close()
