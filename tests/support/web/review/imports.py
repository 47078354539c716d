"""Helpers of tests/web/review/test_imports.py."""

from __future__ import annotations

import io


def upload(client, path, data: bytes):
    return client.post(
        path,
        data={"file": (io.BytesIO(data), "games.json"), "submit": "1"},
        content_type="multipart/form-data",
    )
