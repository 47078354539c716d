"""The printed and blank score sheets of every registered game, at every table size it
seats: every row of the hands table has as many cells as its head has columns; the hand's
own columns are the ones the game has (no empty "Bid" under a game without bids, no
dealer where the game shows none); Oh Hell's blank sheet lists the cards dealt hand by
hand; the round sheet's has one column of points and total per player."""

from __future__ import annotations

import pytest

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import partnered, seat_counts
from tests.support.app import join_group
from tests.support.game_page_matrix import NAMES
from tests.support.web.games.sheet_columns import (
    column_heads,
    columns,
    heads,
    played,
    table_id,
    table_of,
    width,
)

TABLES = [game.seated(count) for game in GAMES.values() for count in seat_counts(game)]


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.mark.parametrize("game", TABLES, ids=table_id)
def test_every_row_of_a_printed_sheet_fills_its_columns(client, game):
    game_id = played(client, game)
    for url in (f"/games/{game_id}/print", f"/games/{game_id}/print?explain=1"):
        page = client.get(url)
        assert page.status_code == 200
        table = table_of(page.get_data(as_text=True))
        rows = table.rows["tbody"]
        # Each hand's outcome on a line across the table under it.
        lines = game.row_layout == "under"
        assert len(rows) == 1 + 6 * (1 + lines)  # the totals carried over, and each hand
        assert {width(row) for row in rows} == {columns(table)}, url
        # Each side's name heads its entry columns, points and total.
        per_side = len(game.page_words.entry_heads) + 2
        assert columns(table) == len(heads(table)) - len(game.sides) + per_side * len(game.sides)


@pytest.mark.parametrize("game", TABLES, ids=table_id)
def test_a_sheets_own_columns_are_the_games(client, game):
    words = game.page_words
    settings = game.preset(game.default_preset)
    table = table_of(client.get(f"/games/{played(client, game, 2)}/print").get_data(as_text=True))
    own = heads(table)[: len(heads(table)) - len(game.sides)]
    assert own[0] == "#"
    assert ("Dealer" in own) == settings.shows_dealer
    assert (str(words.auction_head) in own) == (words.auction_head is not None)
    assert (words.bid_head is not None) == any(str(words.bid_head) == head for head in own)
    # A game that says each hand's outcome on a line under its cells (Doppelkopf) prints
    # no outcome column nothing would fill; any other ends its own columns with it.
    if game.row_layout == "under":
        assert str(words.outcome_head) not in own
    else:
        assert own[-1] == str(words.outcome_head)
    if not partnered(game):
        assert heads(table)[len(own) :] == list(NAMES[: game.seats])


@pytest.mark.parametrize("game", TABLES, ids=table_id)
def test_a_blank_sheet_has_a_column_group_per_side_and_its_rows(client, game):
    page = client.get(f"/sheets/blank?game={game.key}&players={game.seats}")
    assert page.status_code == 200
    table = table_of(page.get_data(as_text=True))
    rows = table.rows["tbody"]
    assert {width(row) for row in rows} == {columns(table)}
    per_side = len(game.page_words.entry_heads) + 2
    words = game.page_words
    own = 2 + game.preset(game.default_preset).shows_dealer
    own += (words.auction_head is not None) + (words.bid_head is not None)
    assert len(heads(table)) == own + len(game.sides)
    assert columns(table) - (len(heads(table)) - len(game.sides)) == per_side * len(game.sides)
    deals = game.paper.sheet_deals(game.preset(game.default_preset))
    if deals:
        # One row per hand, its cards written in the deal's column.
        assert [row[0][1] for row in rows] == [str(n) for n in range(1, len(deals) + 1)]
        column = heads(table).index(str(game.page_words.bid_head))
        assert tuple(row[column][1] for row in rows) == deals
    else:
        assert len(rows) == 32 and all(text == "" for row in rows for _, text in row[1:])


def test_oh_hells_blank_sheet_lists_the_cards_dealt_at_each_table_size(client):
    for players, most in ((3, 10), (5, 10), (6, 8), (7, 7)):
        page = client.get(f"/sheets/blank?game=oh-hell&players={players}").get_data(as_text=True)
        table = table_of(page)
        cards = [row[heads(table).index("Cards")][1] for row in table.rows["tbody"]]
        down = [str(n) for n in range(most, 0, -1)]
        assert cards == down + down[-2::-1], players


def test_the_round_sheets_blank_sheet_has_a_column_of_points_and_total_per_player(client):
    for players in (2, 5, 8):
        page = client.get(f"/sheets/blank?game=any-game&players={players}").get_data(as_text=True)
        table = table_of(page)
        assert heads(table) == ["#", "Dealer", "Round won by", "Round total"] + [""] * players
        assert [text for _, text in table.rows["thead"][1]] == ["Pts", "Tot"] * players


def test_a_round_sheet_without_a_dealer_prints_none(client):
    created = client.post(
        "/api/games",
        json={"game": "any-game", "players": ["Ann", "Bob", "Cat"], "settings": {"dealer": False}},
    ).get_json()
    key = {"Authorization": f"Bearer {created['edit_key']}"}
    assert (
        client.post(
            f"/api/games/{created['id']}/hands", json={"points": [5, -3, 0]}, headers=key
        ).status_code
        == 201
    )
    join_group(client, created["id"])
    table = table_of(client.get(f"/games/{created['id']}/print").get_data(as_text=True))
    assert heads(table) == ["#", "Round won by", "Round total", "Ann", "Bob", "Cat"]
    assert [text for _, text in table.rows["tbody"][0]][:3] == ["1", "Ann", "total +2"]


SHEET_LANGUAGES = ("en", "he", "de", "fr")


@pytest.mark.parametrize("game", [game.seated(game.seats) for game in GAMES.values()], ids=table_id)
def test_no_two_columns_of_a_sheet_share_one_head_in_any_language(client, game):
    """Every registered game's printed sheet heads each column with its own word in
    English, Hebrew, German and French: Skat's card points and points both read "נק׳",
    French Tarot's (and Belote's) card points and points both "Pts", and the two columns
    could not be told apart."""
    game_id = played(client, game, 2)
    for language in SHEET_LANGUAGES:
        page = client.get(f"/games/{game_id}/print", headers={"Accept-Language": language})
        assert page.status_code == 200
        found = column_heads(table_of(page.get_data(as_text=True)))
        assert all(found), (language, found)
        shared = sorted({head for head in found if found.count(head) > 1})
        assert shared == [], f"{game.key} in {language}: {found}"
