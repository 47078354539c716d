"""Helpers of tests/browser/test_engine_snapshot_browser.py."""

from __future__ import annotations

import json
import re

from scorekeeper.engine.registry import GAMES
from tests.support.phone_engine import page_requests, proof_requests

# A name no game of the suite uses, in two scripts.
NAME = "Snapshotia בדיקת-צילום"


def named_calls() -> list[dict]:
    """A game's pages' calls (its sheet, its form), its players named ``NAME`` and others,
    drawn in Hebrew, and its proof calls (hands read, previewed, resumed)."""
    rules = GAMES["israeli-whist"]
    players = [NAME, "Zelda", "Yair", "Xavier"]
    pages = [{**call, "players": players} for call in page_requests(rules, "he", seed=46)]
    return pages + proof_requests(rules, 6, seed=46)


def hebrew_said(answers: list[dict]) -> set[str]:
    """The Hebrew sentences of the words file in the phone's ``answers`` (runs of ten
    characters or more of Hebrew letters and spaces), but for the names of players."""
    text = json.dumps(answers, ensure_ascii=False)
    found = {run.strip() for run in re.findall(r"[\u05d0-\u05ea][\u05d0-\u05ea ]{9,}", text)}
    return {run for run in found if run not in NAME}


def phone_engine_quoted(address: str) -> str:
    from urllib.parse import quote

    return quote(address, safe="")
