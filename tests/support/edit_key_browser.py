"""Helpers of tests/browser/test_edit_key_browser.py."""

import time


def settle(page, seconds: float = 10.0) -> None:
    """Waits until the worker has kept the page now shown (it keeps a copy of each)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(
        """async () => Boolean(await (await caches.open("pages")).match(location.href))"""
    ):
        assert time.monotonic() < deadline, f"the worker kept no copy of {page.url}"
        page.wait_for_timeout(100)
