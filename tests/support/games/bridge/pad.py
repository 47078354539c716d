"""Helpers of tests/games/bridge/test_pad.py."""

from __future__ import annotations

import html
import re

from tests.support.bridge_rules import form_values


def text_of(page: str) -> str:
    """The page's text: no tags, no isolates, spaces folded."""
    page = html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\xa0", " ")
    page = page.translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))
    return re.sub(r"\s+", " ", page).replace("& ", "&").replace("&", "& ")


def pad_of(page: str) -> list[list[str]]:
    """The pad's rows, each its cells' text."""
    body = re.split(r'<tbody class="bridge-pad \w+-pad" id="pad">', page)[1].split("</tbody>")[0]
    rows = re.findall(r"<tr class=\"([^\"]*)\">(.*?)</tr>", body, re.S)
    return [
        [kind, *(text_of(cell).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row))]
        for kind, row in rows
    ]


def grid_of(page: str) -> list[list[str]]:
    """Chicago's grid (issue 56): each row's class and its cells' text, the words a
    screen reader alone hears (``vh``) left out."""
    grid = page.split('<table class="chicago-grid">')[1].split("</table>")[0]
    grid = re.sub(r'<span class="vh">.*?</span>', "", grid)
    rows = re.findall(r"<tr(?: class=\"([^\"]*)\")?>(.*?)</tr>", grid, re.S)
    return [
        [kind, *(text_of(cell).strip() for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row))]
        for kind, row in rows
    ]


def result_form(hand: dict, result: str) -> dict[str, str]:
    return {**form_values(hand), "tricks": result}


def saved_lines(response) -> list[str]:
    """The lines a page says of what was just saved, as text."""
    found = re.findall(r'<p class="flash saved" role="status">(.*?)</p>', response.get_data(True))
    return [text_of(line).strip() for line in found]
