"""Helpers 49 test modules had, each the same in every one: tests/app/test_incremental_save.py,
tests/browser/test_evening_at_the_table_browser.py, tests/browser/test_groups_browser.py,
tests/browser/test_keep_unasked_browser.py, tests/browser/test_printed_value_column_browser.py,
tests/cli/test_cli.py, tests/cli/test_cli_games.py, tests/cli/test_cli_groups.py,
tests/cli/test_cli_hand_options.py, tests/cli/test_cli_ratings.py,
tests/cli/test_copy_opens_nothing.py, tests/db/test_db.py, tests/db/test_groups_db.py,
tests/db/test_upgrade.py, tests/engine/test_schema.py, tests/games/any_game/test_browser.py,
tests/games/any_game/test_five_crowns_rules.py, tests/games/any_game/test_hearts_pages.py,
tests/games/any_game/test_hearts_rules.py, tests/games/bid_whist/test_api.py,
tests/games/bid_whist/test_browser.py, tests/games/bid_whist/test_cli.py,
tests/games/bridge/test_bridge_board_browser.py, tests/games/doppelkopf/test_rules.py,
tests/games/israeli_whist/test_import_iws.py, tests/games/israeli_whist/test_surface.py,
tests/games/phase_10/test_phases_in_words.py, tests/games/phase_10/test_rules.py,
tests/games/pinochle/test_rules.py, tests/games/schafkopf/test_rules.py,
tests/games/skat/test_rules.py, tests/games/test_why_terms.py,
tests/games/wizard/test_rules.py, tests/transfer/test_csv_per_game.py,
tests/transfer/test_transfer.py, tests/web/api/test_api_progress_result.py,
tests/web/api/test_groups_api.py, tests/web/api/test_routes.py,
tests/web/games/test_hand_place.py, tests/web/games/test_revisions.py,
tests/web/games/test_rules.py, tests/web/games/test_table_words.py,
tests/web/groups/test_group_seats.py, tests/web/groups/test_removed_member.py,
tests/web/groups/test_routes.py, tests/web/offline/test_routes.py,
tests/web/review/test_bounded_work.py, tests/web/review/test_downloads.py and
tests/web/review/test_imports.py."""

import csv
import io
import json
import re
import urllib.request

from scorekeeper.cli import entry
from scorekeeper.engine import GAMES, get_game
from scorekeeper.engine.israeli_whist import PRESETS

NAMES = ["Ann", "Bob", "Cat", "Dan"]


API_FIELD = re.compile(r"\w+\[\d+\]")


LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9"}


GAME = GAMES["israeli-whist"]


def call(base: str, path: str, body: dict, key: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def run(capsys, *args):
    code = entry(list(args))
    out, err = capsys.readouterr()
    return code, out, err


PAGAT = PRESETS["pagat-german"]


SHEET = get_game("any-game")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


IW = get_game("israeli-whist")


def plain_csv(text: str) -> str:
    """A CSV export of the code before issue 55 as today's writes it: a deal thrown in and
    a pass round no longer record their Frisch rounds (always the rules' every one), so
    their rows leave ``frisch_rounds`` empty."""
    rows = list(csv.reader(io.StringIO(text)))
    head = rows[0]
    rounds, thrown, contract, tricks = (
        head.index(name) for name in ("frisch_rounds", "thrown_in", "contract", "tricks")
    )
    for row in rows[1:]:
        if row[thrown] == "1" or (row[contract] == "" and row[tricks] != ""):
            row[rounds] = ""
    found = io.StringIO()
    csv.writer(found).writerows(rows)
    return found.getvalue()


PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


def dump(database):
    return [list(database[t].rows) for t in sorted(database.table_names())]


SIGNED = re.compile(r"(?<![\w\u2212+-])[+\u2212-]\d")
