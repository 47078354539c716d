"""Helpers of tests/web/groups/test_members.py."""

from __future__ import annotations

import base64
import copy
import re
import urllib.request
import zlib

from tests.support.groups_privacy import Browser


def copied(browser: Browser) -> Browser:
    """Another phone holding a copy of ``browser``'s cookies (a backup, a stolen copy)."""
    twin = Browser(browser.base)
    for cookie in browser.jar:
        twin.jar.set_cookie(copy.copy(cookie))
    return twin


def session_payload(browser: Browser) -> str:
    """What the session cookie says to anyone who reads it (signed, not encrypted)."""
    (cookie,) = [c for c in browser.jar if c.name == "session"]
    value = cookie.value.strip('"')
    packed, body = value.startswith("."), value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return (zlib.decompress(raw) if packed else raw).decode()


GROUP_PAGES = [
    "/groups/{g}",
    "/groups/{g}/history",
    "/groups/{g}/players",
    "/groups/{g}/members",
    "/groups/{g}/export.json",
    "/games/{game}",
    "/api/games/{game}",
]


def sees(phone: Browser, group_id: int, game_id: int) -> dict[str, int]:
    return {path: phone.get(path.format(g=group_id, game=game_id))[0] for path in GROUP_PAGES}


def post_with_token_of(phone: Browser, page_path: str, path: str) -> int:
    """POSTs to ``path`` with the CSRF token of the phone's own page ``page_path``."""
    _, page = phone.get(page_path)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    request = urllib.request.Request(
        phone.base + path, data=urllib.parse.urlencode({"csrf_token": token}).encode()
    )
    try:
        with phone.opener.open(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
