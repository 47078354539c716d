"""The printed sheet's words and widths (issue 43, item 3), read from the HTML: the
winner and the totals each on a line of its own with its label, and the outcome column as
wide as its longest word, the names giving way."""

from __future__ import annotations

import re

from scorekeeper.engine import get_game
from scorekeeper.web.games.sheets import SheetColumns, sheet_widths
from tests.support.app_conformance import long_rules, simulated_hands


def test_the_winner_and_the_totals_are_two_labelled_lines(client, make_game, post_hand):
    game = get_game("doppelkopf")
    names = ["Claus", "Dana", "Emil", "Frida"]
    game_id, key = make_game(
        game=game.key, players=names, rules=game.default_preset, settings=long_rules(game)
    )
    for hand in simulated_hands(game, 3, long=True):
        assert post_hand(game_id, key, hand).status_code == 201
    auth = {"Authorization": f"Bearer {key}"}
    assert client.post(f"/api/games/{game_id}/finish", headers=auth).status_code == 200
    page = client.get(f"/games/{game_id}/print", headers={"Accept-Language": "de"})
    html = page.get_data(as_text=True)
    winner = re.search(r'<p class="result" id="winner">(.*?)</p>', html, re.S)[1]
    totals = re.search(r'<p class="result" id="totals">(.*?)</p>', html, re.S)[1]
    assert winner.startswith("Sieger: ") and "Summen" not in winner
    assert totals.startswith("Summen: ")
    assert all(name in totals for name in names)


def test_the_outcome_column_takes_its_longest_word_and_the_names_give_way():
    game = get_game("oh-hell")
    columns = SheetColumns.of(game, game.presets[game.default_preset])
    plain = sheet_widths(game, columns, ["9 ♠"], ["over 10/9"])
    german = sheet_widths(game, columns, ["9 ♠"], ["unterboten 6/7", "überboten 20/10"])
    assert plain["outcome"] == "w4"
    assert german["outcome"] == "w7"  # "unterboten": 10 characters
    assert int(german["who"][1:]) < int(plain["who"][1:])


def test_the_pages_policy_names_its_scripts(client):
    """The scoreboard and result pages logged "script-src was not explicitly set": the
    policy names scripts on their own, so a refusal names the rule it broke."""
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
