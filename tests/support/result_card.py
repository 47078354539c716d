"""Helpers of tests/web/games/test_card.py, which other tests use too."""

from __future__ import annotations

import html
import json
import re
from typing import Any


def text_box(page: str) -> str:
    found = re.search(r'<textarea id="result-text[^"]*" readonly[^>]*>(.*?)</textarea>', page, re.S)
    assert found, "no text to send on the page"
    return html.unescape(found[1])


def model_of(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" class="card-model">(.*?)</script>', page)
    assert found, "no card model on the page"
    return json.loads(found[1])
