"""Helpers of tests/web/test_french.py."""

import html
import re

from tests.games.israeli_whist.worked import WORKED_EXAMPLE


def page_text(response) -> str:
    """The page's visible words: scripts and templates out, tags out, spaces folded."""
    text = response.get_data(as_text=True)
    text = re.sub(r"<(script|template)\b.*?</\1>", " ", text, flags=re.S)
    # Folds ASCII white space only: the no-break spaces of French typography stay.
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", text))).strip()


def whist_hand(tricks=WORKED_EXAMPLE["tricks"]) -> dict:
    """docs/rules/israeli-whist.md's example 1 on the hand form (North declares 7C)."""
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
