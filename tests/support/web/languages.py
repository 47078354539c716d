"""Helpers of tests/web/test_languages.py."""

import re

from tests.games.israeli_whist.worked import WORKED_EXAMPLE


def page_text(response) -> str:
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|template)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def hand_form(tricks=WORKED_EXAMPLE["tricks"]) -> dict:
    """The hand form filled in with docs/rules/israeli-whist.md's example 1 (North declares 7C)."""
    return {
        "number": 1,
        "declarer": 2,
        "level": 7,
        "denomination": "C",
        "frisch_rounds": 0,
        **{f"contract_{s}": c for s, c in enumerate(WORKED_EXAMPLE["contracts"])},
        **{f"tricks_{s}": t for s, t in enumerate(tricks)},
        "save": 1,
    }
