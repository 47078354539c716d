"""Helpers of tests/games/french_tarot/test_pages.py."""

from __future__ import annotations

import io
import json

from tests.support.stored import import_path


def _imported(client, document: dict) -> tuple[int, str]:
    answer = client.post(
        import_path(client),
        data={"file": (io.BytesIO(json.dumps(document).encode()), "games.json")},
        content_type="multipart/form-data",
    )
    return answer.status_code, answer.get_data(as_text=True)
