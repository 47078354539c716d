"""Helpers 4 test modules had, each the same in every one: tests/web/games/test_hands.py,
tests/web/games/test_routes.py, tests/web/games/test_starting_totals.py and
tests/web/games/test_substitutions.py."""

from __future__ import annotations

import re

from tests.support.pages import text_of


def iso(name: str) -> str:
    """A player's name as a sentence in plain text holds it: between FSI and PDI."""
    return f"\u2068{name}\u2069"


def errors_in(response) -> list[str]:
    return re.findall(r'class="err">([^<]*)<', text_of(response))


SUMMARY = re.compile(
    r'<div class="error-summary" role="alert" tabindex="-1" autofocus[^>]*>\s*'
    r"<h2[^>]*>There is a problem</h2>\s*<ul>(.*?)</ul>",
    re.S,
)


def summary_links(response) -> list[tuple[str, str]]:
    """The (href, text) links of the page's error summary, which must come before the form's
    first field."""
    page = text_of(response)
    found = SUMMARY.search(page)
    assert found is not None, "no error summary"
    assert found.start() < page.index("<fieldset"), "the summary is not at the top"
    return re.findall(r'<a href="#([^"]+)">([^<]*)</a>', found.group(1))


def plain(response) -> str:
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return re.sub(r"\s+", " ", re.sub("[\u2066-\u2069]", "", text)).replace("&amp;", "&")
