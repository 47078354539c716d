"""What a stranger with nothing but the address can do to the server, and cannot (issue 29,
findings 1 to 3), over the real server: an import cannot choose the ids of other groups'
games; no request, however large a game or however many ``Host`` headers, keeps unbounded
memory; no address starts groups and games without end.

How long other groups wait meanwhile is measured by ``benchmarks/attack.py``, not here.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator

import pytest

from scorekeeper import db, transfer
from scorekeeper.engine import GAMES

from .conftest import SERVED, serving
from .test_app_conformance import simulated_hands
from .test_groups_privacy import GAME_ROUTES, Browser, call

NAMES = ["Noa", "Avi", "Dana", "Gil"]


def post_file(browser: Browser, path: str, body: bytes) -> tuple[int, str]:
    """Uploads ``body`` as the import form's file, with the form's CSRF token."""
    _, page = browser.get(path)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
        f"{token.group(1) if token else ''}\r\n".encode(),
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="games.json"'
        "\r\nContent-Type: application/json\r\n\r\n".encode(),
        body,
        f"\r\n--{boundary}--\r\n".encode(),
    ]
    request = urllib.request.Request(
        browser.base + path,
        data=b"".join(parts),
        method="POST",
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    try:
        with browser.opener.open(request, timeout=60) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def new_group(base: str) -> dict:
    """A new group through the API."""
    status, group = call(base, "POST", "/api/groups", {"name": "Ours"})
    assert status == 201, group
    return group


def joined(base: str, group: dict) -> Browser:
    """A phone that followed the group's invite link."""
    browser = Browser(base)
    path = urllib.parse.urlparse(group["join_url"]).path
    status, _page = browser.post_form(path, {})
    assert status == 200
    return browser


def played_game(base: str, group: dict, key: str = "israeli-whist", hands: int = 3) -> dict:
    game = GAMES[key]
    status, created = call(
        base,
        "POST",
        "/api/games",
        {
            "game": key,
            "players": NAMES[: game.seats] if game.seats <= 4 else [*NAMES, "Eve"][: game.seats],
            "first_dealer": 0,
            "group": str(group["id"]),
            "settings": game.lasting(10),
        },
        group["key"],
    )
    assert status == 201, created
    for hand in simulated_hands(game, hands, long=True):
        answer = call(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
        assert answer[0] == 201, answer
    return created


@pytest.fixture
def server(tmp_path) -> Iterator[str]:
    with serving(tmp_path) as base:
        yield base


# --- finding 3: ids chosen by an importer -----------------------------------------------


def test_an_import_cannot_choose_the_ids_of_other_groups_games(server):
    stranger_group = new_group(server)
    played_game(server, stranger_group)
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
    created = played_game(server, table_group, hands=3)
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
