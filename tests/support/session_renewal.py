"""Helpers of tests/web/test_session_renewal.py, which other tests use too."""

from __future__ import annotations

import re

from tests.support.pages import text_of


def session_cookie(client) -> str | None:
    cookie = client.get_cookie("session")
    return cookie.value if cookie else None


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def join(client, invite: str, label: str = "Victim"):
    page = client.get(f"/join/{invite}")
    assert page.status_code == 200, text_of(page)
    return client.post(
        f"/join/{invite}", data={"label": label, "csrf_token": csrf_of(text_of(page))}
    )
