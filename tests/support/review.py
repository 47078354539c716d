"""Helpers of tests/web/review/test_review.py, which other tests use too."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE

MINUS = "\u2212"


class Tables(HTMLParser):
    """Every table's rows as lists of cell texts, by the table's id."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._table = dict(attrs).get("id", "")
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" / ")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[self._table].append(self._row)
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def rows_of(response, table_id: str) -> dict[str, list[str]]:
    """A table's rows keyed by their first cell."""
    rows = Tables(response.get_data(as_text=True)).tables[table_id]
    return {row[0]: row[1:] for row in rows}


def text_of(response) -> str:
    return response.get_data(as_text=True)


NAMES = ["Avi", "Bat", "Gil", "Dana"]


THROWN_IN = {"thrown_in": True, "frisch_rounds": 0}


GAME = [
    WORKED_EXAMPLE,
    THROWN_IN,
    {"declarer": 0, "bid": "5S", "contracts": [5, 4, 0, 3], "tricks": [5, 4, 0, 4]},
    {"declarer": 1, "bid": "6H", "contracts": [5, 6, 3, 0], "tricks": [6, 6, 1, 0]},
    {"declarer": 3, "bid": "8NT", "contracts": [5, 2, 1, 8], "tricks": [4, 1, 0, 8]},
    {"declarer": 0, "bid": "5D", "contracts": [5, 0, 0, 7], "tricks": [5, 2, 0, 6]},
]


# The second game: the worked example alone, target 15, so Dana (seat 1) wins with 19.
SECOND_SEATS = ["Bat", "Dana", "Avi", "Gil"]


@pytest.fixture
def played(client, make_game, post_hand):
    """(GAME's id and key, the second game's id)."""
    first, key = make_game("israeli-whist", rules="pagat-german", players=NAMES, first_dealer=0)
    for hand in GAME:
        assert post_hand(first, key, hand).status_code == 201
    second, key2 = make_game("israeli-whist", rules="pagat-german", players=SECOND_SEATS, target=15)
    assert post_hand(second, key2, WORKED_EXAMPLE).status_code == 201
    return first, key, second
