"""Helpers of tests/web/games/test_sheet_columns.py."""

from __future__ import annotations

from html.parser import HTMLParser

from scorekeeper.engine import Game
from tests.support.app import join_group
from tests.support.game_page_matrix import NAMES, long_rules, simulated_hands


def table_id(game: Game) -> str:
    return f"{game.key}-{game.seats}"


class Table(HTMLParser):
    """The ``table.score`` of a sheet: its head's first row and each row's cells, with how
    many columns each cell spans."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.part = ""
        self.rows: dict[str, list[list[tuple[int, str]]]] = {"thead": [], "tbody": []}
        self.cell: list[str] | None = None
        self.span = 1

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "table" and "score" in (found.get("class") or "").split():
            self.inside = True
        elif self.inside and tag in ("thead", "tbody"):
            self.part = tag
        elif self.inside and tag == "tr":
            self.rows[self.part].append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = []
            self.span = int(found.get("colspan", 1))

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[self.part][-1].append((self.span, "".join(self.cell).strip()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table_of(html: str) -> Table:
    parsed = Table()
    parsed.feed(html)
    return parsed


def width(row: list[tuple[int, str]]) -> int:
    return sum(span for span, _ in row)


def columns(table: Table) -> int:
    """The columns of the head: its first row's, the side names spanning theirs."""
    return width(table.rows["thead"][0])


def heads(table: Table) -> list[str]:
    return [text for _span, text in table.rows["thead"][0]]


def played(client, game: Game, count: int = 6) -> int:
    created = client.post(
        "/api/games",
        json={
            "game": game.key,
            "players": list(NAMES[: game.seats]),
            "first_dealer": 0,
            "settings": long_rules(game),
            "starting_totals": [5] * len(game.sides),
        },
    ).get_json()
    key = {"Authorization": f"Bearer {created['edit_key']}"}
    for hand in simulated_hands(game, count, long=True):
        answer = client.post(f"/api/games/{created['id']}/hands", json=hand, headers=key)
        assert answer.status_code == 201, answer.get_json()
    join_group(client, created["id"])
    return created["id"]


def column_heads(table: Table) -> list[str]:
    """The head of each of a sheet's columns but the players' names: its own columns'
    (the number, who dealt, who the hand is about, its bid, its outcome), then one
    player's entry columns, points and total."""
    # A side's name spans its columns (two at least: its points and total); its own
    # columns span one each, over both rows of the head.
    own = [text for span, text in table.rows["thead"][0] if span == 1]
    seats = sum(1 for span, _text in table.rows["thead"][0] if span > 1)
    second = [text for _span, text in table.rows["thead"][1]]
    return own + second[: len(second) // max(seats, 1)]
