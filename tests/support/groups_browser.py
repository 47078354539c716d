"""Helpers of tests/browser/test_groups_browser.py."""

from tests.support.live import PHONE
from tests.support.shared import LANGUAGES


def phone(browser, live_server, language: str):
    return browser.new_context(
        viewport=PHONE,
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
