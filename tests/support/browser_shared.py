"""Helpers 2 test modules had, each the same in every one:
tests/browser/test_printed_names_browser.py and tests/browser/test_stats_names_browser.py."""

from __future__ import annotations

LANGUAGES = {"he": "he-IL,he;q=0.9", "en": "en", "de": "de-DE,de;q=0.9"}


PHONE = 360
