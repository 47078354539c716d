"""Helpers of tests/web/groups/test_groups_privacy.py, which other tests use too."""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.error
import urllib.parse
import urllib.request


class Browser:
    """A phone with its own cookies: real HTTP, redirects followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        _, page = self.get(path)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        data = {**fields, **({"csrf_token": token.group(1)} if token else {})}
        request = urllib.request.Request(
            self.base + path, data=urllib.parse.urlencode(data).encode(), method="POST"
        )
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")


def call(base: str, method: str, path: str, body=None, key: str | None = None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text.decode("utf-8", "replace")


# Every route of docs/guide.md and docs/api.md: {id} a game, {g} a group, {name} a player.
GAME_ROUTES = [
    "/games/{id}",
    "/games/{id}?all=1",
    "/games/{id}/live",
    "/games/{id}/stats",
    "/games/{id}/print",
    "/games/{id}/print?explain=1",
    "/games/{id}/export.json",
    "/games/{id}/export.csv",
    "/games/{id}/revisions",
    "/games/{id}/hands/1/why",
    "/games/{id}/hands/new",
    "/games/{id}/hands/1/edit",
    "/games/{id}/hands/3/delete",
    "/games/{id}/seats",
    "/games/{id}/finish",
    "/games/{id}/details",
    "/games/{id}/share/edit",
    "/games/{id}/share/edit?show=1",
    "/games/{id}/share/new-link",
    "/games/{id}/qr/view.svg",
    "/games/{id}/qr/edit.svg",
    "/games/{id}/result",
    "/games/{id}/offline",
    "/api/games/{id}",
    "/api/games/{id}/score?contracts=2,3,7,0&tricks=0,3,8,2",
]
