"""What a stranger with nothing but the address can do to the server, and cannot (issue 29,
findings 1 to 3), over the real server: an import cannot choose the ids of other groups'
games; no request, however large a game or however many ``Host`` headers, keeps unbounded
memory; no address starts groups and games without end.

How long other groups wait meanwhile is measured by ``benchmarks/attack.py``, not here.
"""

from __future__ import annotations

import html
import json
import threading
import urllib.error
import urllib.parse
import urllib.request

from scorekeeper import db, game_play, transfer
from scorekeeper.engine import GAMES
from scorekeeper.transfer import formats
from scorekeeper.web import create_app, throttle
from scorekeeper.web.games import routes as games_view
from scorekeeper.web.games import sheets
from scorekeeper.web.review import imports
from tests.support.app import app_config
from tests.support.game_page_matrix import simulated_hands
from tests.support.groups_privacy import GAME_ROUTES, Browser, call
from tests.support.live import SERVED
from tests.support.plain_form import in_plain_form
from tests.support.stranger import (
    NAMES,
    ask,
    joined,
    new_group,
    played_game,
    post_file,
    served,
    server,  # noqa: F401  (fixtures)
)
from tests.support.upgrade import FIXTURES, contains, migrated_copy
from tests.support.web.stranger import get_as, start_group_form

# --- finding 3: ids chosen by an importer -----------------------------------------------


def test_an_import_cannot_choose_the_ids_of_other_groups_games(server):
    stranger_group = new_group(server)
    played_game(server, stranger_group, "israeli-whist")
    database = db.open_database(SERVED[server])
    try:
        document = json.loads(transfer.export_json(database))
    finally:
        database.close()
    first = document["games"][0]
    document["games"] = [
        {**first, "id": 987654320},
        {**first, "id": 999999999999999999},
    ]
    stranger = joined(server, stranger_group)
    status, page = post_file(
        stranger, f"/groups/{stranger_group['id']}/import", json.dumps(document).encode()
    )
    assert status == 200, page
    assert "Imported 2 games" in page

    # Another group's next game: an id as small as the server's games are few.
    table_group = new_group(server)
    created = played_game(server, table_group, "israeli-whist", hands=3)
    assert created["id"] < 100
    member = joined(server, table_group)
    assert member.get(urllib.parse.urlparse(created["edit_url"]).path)[0] == 200
    # (A game in progress has no result card yet: 409, as for any game.)
    for route in [r for r in GAME_ROUTES if not r.endswith("/result")]:
        path = route.format(id=created["id"])
        status, text = member.get(path, {"Authorization": f"Bearer {created['edit_key']}"})
        assert status == 200, (path, status, text[:300])

    # Every id the import stored is small too, and the group's export imports again.
    status, exported = stranger.get(f"/groups/{stranger_group['id']}/export.json")
    assert status == 200
    ids = [game["id"] for game in json.loads(exported)["games"]]
    assert len(ids) == 3 and max(ids) < 100
    status, page = post_file(stranger, f"/groups/{stranger_group['id']}/import", exported.encode())
    assert status == 200, page
    assert "Imported 3 games" in page


# --- finding 1: memory ------------------------------------------------------------------


def test_made_up_hosts_neither_multiply_the_pages_kept_nor_reach_the_links(tmp_path):
    with served(tmp_path) as (base, app):
        group = new_group(base)
        game = played_game(base, group, "israeli-whist", hands=3)
        member = joined(base, group)
        cache = app.extensions["scorekeeper.pages"]
        port = base.rsplit(":", 1)[1]
        for path in (f"/games/{game['id']}", f"/games/{game['id']}?all=1"):
            kept = None
            for number in range(8):
                host = f"evil{number}.example:{port}"
                status, body = get_as(member, path, host)
                assert status == 200
                assert b"evil" not in body
                assert f"http://127.0.0.1:{port}/view/".encode() in body
                kept = len(cache) if kept is None else kept
                assert len(cache) == kept, "a made-up Host made another page to keep"


def test_the_page_cache_holds_at_most_its_bytes(tmp_path):
    size = 200_000
    with served(tmp_path, PAGE_CACHE_SIZE=size) as (base, app):
        group = new_group(base)
        member = joined(base, group)
        cache = app.extensions["scorekeeper.pages"]
        for _ in range(6):
            game = played_game(base, group, "israeli-whist", hands=40)
            for path in (f"/games/{game['id']}", f"/games/{game['id']}?all=1"):
                assert member.get(path)[0] == 200
                assert 0 < cache.held <= size
        # Each scoreboard of 40 hands is kept (the newest ones), never all twelve.
        assert 2 < len(cache) < 6


def test_a_game_past_the_hands_limit_is_refused_naming_it(tmp_path, monkeypatch):
    monkeypatch.setattr(game_play, "MAX_HANDS", 3)
    with served(tmp_path) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, "israeli-whist", hands=3)
        hand = simulated_hands(GAMES["israeli-whist"], 4, long=True)[3]
        status, answer = call(
            base, "POST", f"/api/games/{game['id']}/hands", hand, game["edit_key"]
        )
        assert status == 409
        assert answer == {
            "error": "a game holds at most 3 hands: start a new game to play on",
            "field": "number",
        }


def test_an_import_past_its_limits_is_refused_naming_them(tmp_path, monkeypatch):
    with served(tmp_path) as (base, _app):
        group = new_group(base)
        played_game(base, group, "israeli-whist", hands=3)
        played_game(base, group, "israeli-whist", hands=3)
        member = joined(base, group)
        status, exported = member.get(f"/groups/{group['id']}/export.json")
        assert status == 200
        monkeypatch.setattr(imports, "IMPORT_MAX_GAMES", 1)
        status, page = post_file(member, f"/groups/{group['id']}/import", exported.encode())
        assert status == 422
        assert "one import takes at most 1 games" in html.unescape(page)
        monkeypatch.setattr(imports, "IMPORT_MAX_GAMES", 2)
        monkeypatch.setattr(imports, "IMPORT_MAX_HANDS", 5)
        status, page = post_file(member, f"/groups/{group['id']}/import", exported.encode())
        assert status == 422
        assert "at most 5 hands and saved revisions of hands" in html.unescape(page)
        # One game of more hands than a game holds.
        monkeypatch.setattr(formats, "MAX_HANDS", 2)
        monkeypatch.setattr(imports, "IMPORT_MAX_HANDS", 100)
        status, page = post_file(member, f"/groups/{group['id']}/import", exported.encode())
        assert status == 422
        assert "a game holds at most" in html.unescape(page)
        # Nothing was imported meanwhile.
        status, again = member.get(f"/groups/{group['id']}/export.json")
        assert len(json.loads(again)["games"]) == 2


# --- finding 2: one group cannot slow another -------------------------------------------


def test_an_address_starts_a_burst_of_groups_and_games_then_is_told_when_to_come_back(tmp_path):
    with served(tmp_path, RATE_LIMITS=throttle.RATES) as (base, _app):
        made = [ask(base, "POST", "/api/groups", {}) for _ in range(throttle.RATES["group"].burst)]
        assert [status for status, _answer, _headers in made] == [201] * 5
        # A made-up forwarded address is not trusted without --proxy: the same client.
        status, answer, headers = ask(
            base, "POST", "/api/groups", {}, {"X-Forwarded-For": "203.0.113.9"}
        )
        assert status == 429
        assert answer == {
            "error": "A phone may start 5 groups at once, then one every 10 minutes. "
            "Try again in 10 minutes.",
            "field": "group",
        }
        assert 0 < int(headers["Retry-After"]) <= 600
        # A game without a group starts a group too: refused the same way.
        game = {"players": NAMES, "first_dealer": 0}
        assert ask(base, "POST", "/api/games", game)[0] == 429
        # Games in a group of its own: a burst of 30, then refused naming games.
        group = made[0][1]
        game["group"] = str(group["id"])
        auth = {"Authorization": f"Bearer {group['key']}"}
        statuses = [ask(base, "POST", "/api/games", game, auth)[0] for _ in range(31)]
        assert statuses == [201] * 30 + [429]
        status, answer, headers = ask(base, "POST", "/api/games", game, auth)
        assert (status, answer["field"]) == (429, "game")
        assert "30 games at once, then one every 1 minute" in answer["error"]
        # The home page's "Start a group" says it on a page, in the page's language.
        phone = Browser(base)
        phone.get("/?lang=en")
        status, page = start_group_form(phone, {"name": "Ours"})
        assert status == 429
        assert "A phone may start 5 groups at once" in html.unescape(page)


def test_behind_a_trusted_proxy_each_forwarded_address_is_counted_apart(tmp_path):
    with served(tmp_path, RATE_LIMITS=throttle.RATES, proxy=1) as (base, _app):
        for phone in ("203.0.113.1", "203.0.113.2"):
            forwarded = {"X-Forwarded-For": phone}
            statuses = [ask(base, "POST", "/api/groups", {}, forwarded)[0] for _ in range(6)]
            assert statuses == [201] * 5 + [429]


def test_a_server_open_only_to_invited_groups_starts_one_only_with_the_owners_key(tmp_path):
    with served(tmp_path, INVITED_ONLY=True) as (base, _app):
        status, answer, _headers = ask(base, "POST", "/api/groups", {"name": "Ours"})
        assert (status, answer["field"]) == (403, "group")
        assert "open only to invited groups" in answer["error"]
        game = {"players": NAMES, "first_dealer": 0}
        assert ask(base, "POST", "/api/games", game)[0] == 403
        database = db.open_database(SERVED[base])
        try:
            owner = db.owner_key(database)
        finally:
            database.close()
        auth = {"Authorization": f"Bearer {owner}"}
        status, group, _headers = ask(base, "POST", "/api/groups", {"name": "Ours"}, auth)
        assert status == 201
        # Its members start its games as before.
        game["group"] = str(group["id"])
        member = {"Authorization": f"Bearer {group['key']}"}
        assert ask(base, "POST", "/api/games", game, member)[0] == 201
        # On the home page: the owner's key field, and a refusal without the key.
        phone = Browser(base)
        status, page = phone.get("/")
        assert 'name="owner_key"' in page
        assert "Start a game" not in page
        status, page = start_group_form(phone, {"name": "Theirs", "owner_key": "guess"})
        assert status == 403
        assert "open only to invited groups" in html.unescape(page)
        status, page = start_group_form(phone, {"name": "Theirs", "owner_key": owner})
        assert status == 200
        assert "The group is ready" in page


def test_heavy_work_takes_its_slot_while_other_groups_save_and_read(tmp_path, monkeypatch):
    """An export held open (a slow phone, or a stranger's huge one) keeps its slot; one more
    heavy request waits for it, the next is told to come back, and another group's saves
    and pages are answered meanwhile."""
    release = threading.Event()
    streamed = transfer.export_chunks

    def held(*args, **kwargs):
        chunks = streamed(*args, **kwargs)
        yield next(chunks)
        release.wait(30)
        yield from chunks

    monkeypatch.setattr(transfer, "export_chunks", held)
    monkeypatch.setattr(throttle, "HEAVY_WAIT", 0.2)
    with served(tmp_path) as (base, _app):
        stranger_group = new_group(base)
        stranger_game = played_game(base, stranger_group, "israeli-whist")
        stranger = joined(base, stranger_group)
        table_group = new_group(base)
        table_game = played_game(base, table_group, "israeli-whist", hands=2)
        table = joined(base, table_group)

        opened = stranger.opener.open(f"{base}/games/{stranger_game['id']}/export.json")
        hands = simulated_hands(GAMES["israeli-whist"], 4, long=True)
        try:
            # The slot is taken: a second export waits a moment, then is told to retry.
            status, page = stranger.get(f"/games/{stranger_game['id']}/print")
            assert status == 503
            assert "busy with another large import, print or export" in html.unescape(page)
            # Another group's saves and pages go on.
            key = table_game["edit_key"]
            for hand in hands[2:]:
                path = f"/api/games/{table_game['id']}/hands"
                assert call(base, "POST", path, hand, key)[0] == 201
            assert table.get(f"/groups/{table_group['id']}")[0] == 200
            assert table.get(f"/games/{table_game['id']}")[0] == 200
        finally:
            release.set()
            with opened:
                assert json.loads(opened.read())["games"][0]["id"] == stranger_game["id"]
        # Once the export is sent, the slot is free again.
        assert stranger.get(f"/games/{stranger_game['id']}/print")[0] == 200


def test_a_hands_address_is_cut_at_its_number_whatever_the_games_id(tmp_path):
    """A game whose id holds the digits the scoreboard cuts hands' addresses at (a database
    from before may hold one, from an import) gets its rows' links right."""
    app = create_app(app_config(tmp_path))
    with app.test_request_context("/"):
        for game_id in (7, games_view._HAND_SLOT, games_view._HAND_SLOT * 10 + 1):
            head, tail = games_view._hand_url("games.why", game_id)
            assert f"{head}12{tail}" == f"/games/{game_id}/hands/12/why"
            head, tail = games_view._hand_url("games.edit_hand", game_id)
            assert f"{head}3{tail}" == f"/games/{game_id}/hands/3/edit"


def test_a_whole_games_sheet_is_made_once_for_every_host_and_query(tmp_path, monkeypatch):
    """The heaviest page (the sheet with every score's workings) is made once per version
    of the game and language: asked again, under made-up hosts and queries, it is sent as
    made; a new hand makes it again."""
    made = []
    render = sheets.game_paper
    monkeypatch.setattr(sheets, "game_paper", lambda *a, **k: made.append(1) or render(*a, **k))
    with served(tmp_path) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, "israeli-whist", hands=3)
        member = joined(base, group)
        port = base.rsplit(":", 1)[1]
        bodies = set()
        for number, query in enumerate(["explain=1", "explain=1&x=<b>", "x=1&explain=1"]):
            path = f"/games/{game['id']}/print?{query}"
            status, body = get_as(member, path, f"evil{number}.example:{port}")
            assert status == 200
            assert b"evil" not in body and b"&lt;b&gt;" not in body and b"x=1" not in body
            bodies.add(body)
        assert len(made) == 1 and len(bodies) == 1
        hand = simulated_hands(GAMES["israeli-whist"], 4, long=True)[3]
        path = f"/api/games/{game['id']}/hands"
        assert call(base, "POST", path, hand, game["edit_key"])[0] == 201
        assert member.get(f"/games/{game['id']}/print?explain=1")[0] == 200
        assert len(made) == 2


def test_a_database_from_before_upgrades_keeping_every_game_and_gains_an_owners_key(tmp_path):
    """The v4 fixture (written before issue 29) upgrades (migration m017) with every game
    exported as before, its links working, and an owner's key made once."""
    # Its export as the old code wrote it (opening the fixture itself would upgrade it).
    before = json.loads((FIXTURES / "scorekeeper-v4-export.json").read_text())
    in_plain_form(before["games"])  # the seed games' records as m027 writes them
    path = migrated_copy(FIXTURES / "scorekeeper-v4.db", tmp_path / "v4.db")
    database = db.open_database(str(path))
    try:
        assert contains(before, json.loads(transfer.export_json(database))) == []
        key = db.owner_key(database)
        assert db.owner_key(database) == key and db.is_owner_key(database, key)
        assert not db.is_owner_key(database, key + "x")
        games = db.list_games(database)
    finally:
        database.close()
    app = create_app(app_config(tmp_path, DATABASE=str(path)))
    client = app.test_client()
    for game in games:
        assert client.get(f"/view/{game.view_token}", follow_redirects=True).status_code == 200
