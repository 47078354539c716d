"""Helpers of tests/games/euchre/test_rules.py."""

from __future__ import annotations

import html
import re

from tests.support.rtl_browser import fits_the_phone


def body(makers="A", tricks=3, alone=False, defender_alone=False, trump="H", named_by=None):
    found = {"makers": makers} | ({} if named_by is None else {"named_by": named_by})
    return found | {
        "trump": trump,
        "alone": alone,
        "defender_alone": defender_alone,
        "tricks": tricks,
    }


def form_values(hand: dict) -> dict[str, str]:
    """A hand as the hand form posts it: its keys' values, yes and no for the flags."""
    yes_no = {True: "yes", False: "no"}
    return {
        "save": "1",
        **{k: yes_no.get(v, str(v)) if isinstance(v, bool) else str(v) for k, v in hand.items()},
    }


def options(hand: dict) -> list[str]:
    found = ["--makers", hand["makers"], "--trump", hand["trump"], "--tricks", str(hand["tricks"])]
    found += ["--named-by", str(hand["named_by"])] if "named_by" in hand else []
    return found + ["--alone"] * hand["alone"] + ["--defender-alone"] * hand["defender_alone"]


def summary_text(response) -> str:
    """A page's text as a reader sees it: tags, isolates and runs of blanks aside."""
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    text = html.unescape(text).translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    return re.sub(r"\s+", " ", text)


def fits(page, name: str, language: str) -> None:
    """The page is in ``language``, fits the phone, and is kept as a screenshot."""
    fits_the_phone(page, f"euchre-{language}-{name}", language)
