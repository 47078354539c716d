"""Helpers of tests/browser/test_offline_walk_browser.py, which other tests use too."""

from __future__ import annotations

from typing import Any

from tests.support.app_conformance import (
    LANGUAGES,
)


class KeepingPhone:
    """The module's phone that keeps games, 360 px wide, opened once and kept while the
    module's tests run (``offline_phone.new_phone``): it keeps every game it edits, and Pyodide,
    its standard library and the engine are fetched and compiled once for all of them, as
    on a real phone; a new one starts from the snapshot of the engine another phone of the
    test process made (``engine_seed.seeded``), as a phone that kept a game before. Each
    walk's browser asks for the walk's language (``Accept-Language``, as when the table
    changes the phone's language): the kept page of a game is in the language it was kept
    in. A phone that fails a walk is closed, so that the next walk
    starts on a fresh one."""

    def __init__(self, browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.context: Any = None
        self.language = ""
        self.errors: list[str] = []

    def __call__(self, language: str):
        if self.context is None:
            from tests.support.offline_phone import new_phone

            self.context = new_phone(self.browser, self.base, language, seeded=True)
            self.context.on("weberror", lambda error: self.errors.append(str(error.error)))
        elif language != self.language:
            self.context.set_extra_http_headers({"Accept-Language": LANGUAGES[language]})
        self.language = language
        return self.context

    def script_errors(self) -> list[str]:
        found, self.errors[:] = list(self.errors), []
        return found

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = None
