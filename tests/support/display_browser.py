"""Helpers of tests/browser/test_display_browser.py, which other tests use too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.live import PHONE, call_json, serving


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[str]:
    """One live server (CSRF on, as conftest's) for the module's tests, started once
    rather than once a test: each test starts its own games on it, in a fresh phone."""
    with serving(tmp_path_factory.mktemp("display")) as base:
        yield base


LANGUAGES = {"en": "en", "de": "de-DE,de;q=0.9", "he": "he-IL,he;q=0.9"}


def api(base: str, method: str, path: str, body=None, key=None):
    status, answer = call_json(base, method, path, body, key)
    assert status < 400, answer
    return answer


def new_game(base: str, players, hands=(), **body) -> dict:
    created = api(
        base,
        "POST",
        "/api/games",
        {"players": players, "rules": "pagat-german", "first_dealer": 0, **body},
    )
    for hand in hands:
        api(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
    return created


@pytest.fixture
def phone(browser, live_server, request):
    """A phone asking for the language ``request.param`` is named by, at 390 px or 360 px."""
    language, width = request.param
    context = browser.new_context(
        viewport={"width": width, "height": PHONE["height"]},
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    yield context.new_page()
    context.close()
