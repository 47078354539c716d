"""In real Chromium at 390 px, in each language: starting a group, its invite link and QR
code, joining by it, renaming, a new invite link and leaving (issue 21)."""

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser

LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9"}
OUR_TABLE = {"en": "Our table", "he": "השולחן שלנו", "de": "Unser Tisch"}


def phone(browser, live_server, language: str):
    return browser.new_context(
        viewport=PHONE,
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )


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
        maker.locator("#invite").click()
        assert maker.locator(".qr-box").count() == 0  # behind a warning
        maker.locator("#show-invite").click()
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
