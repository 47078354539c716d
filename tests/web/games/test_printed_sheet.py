"""The printed sheet's words and widths (issue 43, item 3), read from the HTML: the
winner and the totals each on a line of its own with its label, and the outcome column as
wide as its longest word, the names giving way. One sheet drawn by templates (issue 67): a
club's table list is the game's own printed sheet, and no HTML is written in Python."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scorekeeper.engine import get_game
from scorekeeper.web.games.paper import SheetColumns, sheet_widths
from tests.support.club_pages import edit_key, night_of, play_table, start_night
from tests.support.game_page_matrix import long_rules, simulated_hands
from tests.support.web.games.printed_sheet import em

ROOT = Path(__file__).resolve().parents[3] / "scorekeeper"
# The sheet's Python: the print's views, what they show, the scoreboard's rows, and the
# model and its layout.
PRINTED = (
    "web/games/sheets.py",
    "web/games/printed.py",
    "web/games/scoreboard.py",
    "web/games/paper.py",
    "engine/pages/sheet.py",
)
MARKUP = re.compile(r"</?[a-z][a-z0-9]*[\s>/]")


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


def test_the_outcome_column_takes_its_longest_word_and_the_table_still_fits():
    game = get_game("oh-hell")
    columns = SheetColumns.of(game, game.presets[game.default_preset])
    plain = sheet_widths(game, columns, str, ["9 ♠"], ["over 10/9"])
    german = sheet_widths(game, columns, str, ["9 ♠"], ["unterboten 6/7", "überboten 20/10"])
    assert plain["outcome"] == "w4"
    # "unterboten" at the outcome's .87 em of 7.5 pt: 5.2 em of the font's advances, and
    # up to a pixel a letter where Chromium draws it on whole pixels, and its padding.
    assert em(german["outcome"]) >= 6
    # The whole table on the page, smaller if it must (never below 40 %), and upright.
    assert 40 <= int(german["fit"]) <= int(plain["fit"]) and "paper" not in german


def test_the_pages_policy_names_its_scripts(client):
    """The scoreboard and result pages logged "script-src was not explicitly set": the
    policy names scripts on their own, so a refusal names the rule it broke."""
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self';" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]


def test_the_printed_sheet_writes_no_html_in_python():
    """Its modules hold no markup in a string, and a club's list draws the sheet by its
    template rather than call the print's view and splice the answer."""
    found = []
    for name in PRINTED:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        found += [
            (name, node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and MARKUP.search(node.value)
        ]
    assert found == []
    files = ast.parse((ROOT / "web/club/files.py").read_text(encoding="utf-8"))
    listed = next(n for n in ast.walk(files) if getattr(n, "name", "") == "table_list")
    called = {
        node.func.attr
        for node in ast.walk(listed)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    assert not called & {"get_data", "decompress", "replace"}, called


def test_a_club_tables_list_is_the_games_printed_sheet(club):
    """The list a table signs prints the game's sheet as its print does: the same rules,
    hands, workings' link and result, under the club's header and over its count."""
    app, client, group_id, _key = club
    start_night(client, group_id, series="1")
    night, games = night_of(app, group_id)
    table = night.tables[0]
    players = games[table.game_id].players
    play_table(client, table.game_id, edit_key(client, table.game_id), players, {})
    for language in ("en", "he"):
        headers = {"Accept-Language": language}
        printed = client.get(f"/games/{table.game_id}/print", headers=headers)
        listed = client.get(f"/games/{table.game_id}/club/print", headers=headers)
        assert printed.status_code == listed.status_code == 200
        sheet = printed.get_data(as_text=True)
        paper = listed.get_data(as_text=True)
        own = sheet[sheet.index('<p class="screen-only">') : sheet.index("</main>")]
        head = paper.index('id="club-list-head"')
        assert paper.index(own) > head  # the whole sheet, under the club's header
        assert paper.index('id="club-list-foot"') > paper.index(own) + len(own)
        assert '<body class="sheet club-paper club-sf">' in paper


def test_every_column_width_the_model_gives_is_a_rule_of_the_print():
    """Every class sheet_widths can give a column (whole and half em, from a figure's
    narrowest to a name's widest) is a rule of print.css: a total two figures wide once
    came out "w2", which no rule sized, and its column fell back to 4.9 em, pushing Oh
    Hell's table of seven 21 px past the page."""
    from scorekeeper.web.games.paper import _em_class, _up

    css = (Path(__file__).parents[3] / "static" / "print.css").read_text(encoding="utf-8")
    ruled = set(re.findall(r"col\.(w\d+h?) \{", css))
    given = {_em_class(_up(tenths / 10)) for tenths in range(10, 201)}  # PAD at least
    assert given - ruled == set()
