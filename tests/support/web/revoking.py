"""Helpers of tests/web/test_revoking.py."""

from __future__ import annotations

import json
import urllib.request

from tests.games.israeli_whist.worked import WORKED_EXAMPLE


def raw(base: str, method: str, path: str, key: str | None = None) -> tuple[int, str]:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = json.dumps(WORKED_EXAMPLE).encode() if method in ("POST", "PATCH", "PUT") else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
