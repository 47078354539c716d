"""Helpers of tests/web/test_stranger.py."""

from __future__ import annotations

import http.client
import re
import urllib.request

from tests.support.groups_privacy import Browser


def start_group_form(browser: Browser, fields: dict[str, str]) -> tuple[int, str]:
    """The home page's "Start a group" form, sent with ``fields``."""
    _, page = browser.get("/")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    data = urllib.parse.urlencode({**fields, "csrf_token": token.group(1)}).encode()
    request = urllib.request.Request(browser.base + "/groups", data=data, method="POST")
    try:
        with browser.opener.open(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def get_as(browser: Browser, path: str, host: str) -> tuple[int, bytes]:
    """``path`` asked by ``browser`` (with its cookies) with the ``Host`` header ``host``."""
    connection = http.client.HTTPConnection(browser.base.removeprefix("http://"), timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host)
        connection.putheader("Cookie", "; ".join(f"{c.name}={c.value}" for c in browser.jar))
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()
