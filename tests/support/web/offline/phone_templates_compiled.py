"""Helpers of tests/web/offline/test_phone_templates_compiled.py."""

from __future__ import annotations

import json

from scorekeeper.engine.registry import GAMES
from scorekeeper.pages import phone
from tests.support.phone_engine import page_requests

LANGUAGES = ("en", "he")  # the environment compiled in, and one made after


def drawn() -> dict[str, list[dict]]:
    """A game's pages in each language (its forms, a preview, a refusal, its sheet)."""
    rules = GAMES["israeli-whist"]
    return {
        language: json.loads(phone.batch(json.dumps(page_requests(rules, language, seed=46))))
        for language in LANGUAGES
    }
