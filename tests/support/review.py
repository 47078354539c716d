"""Helpers of tests/web/review/test_review.py, which other tests use too."""

from __future__ import annotations

from html.parser import HTMLParser

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
