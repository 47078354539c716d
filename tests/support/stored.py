"""What tests read of the stored games without being their group's members (issue 21):
how many games the file holds, the API's game read as the holder of its view link reads it
(its view token is stored raw, as the view link shows it), a group's listing; and a test
browser made a member of a group, as its invite link makes it."""

from __future__ import annotations

from scorekeeper import db


def game_count(client) -> int:
    """How many games the app's database holds."""
    with client.application.app_context():
        return db.count_games(db.get_db())[0]


def view_token(client, game_id: int) -> str:
    with client.application.app_context():
        game = db.load_game(db.get_db(), int(game_id))
        assert game is not None, f"there is no game {game_id}"
        return game.view_token


def viewed(client, game_id: int, rest: str = "") -> str:
    """``/api/games/<id><rest>`` with the game's view token, as its view link reads it."""
    joiner = "&" if "?" in rest else "?"
    return f"/api/games/{game_id}{rest}{joiner}view={view_token(client, game_id)}"


def group_listing(client, game_id: int, query: str = "") -> dict:
    """``GET /api/games`` of the group of ``game_id``, with a new key of that group (the
    database keeps only the old key's hash; whoever owns the file may make a new one)."""
    with client.application.app_context():
        database = db.get_db()
        group_id = db.load_game(database, int(game_id)).group_id
        key = db.replace_group_key(database, group_id)
    response = client.get(
        f"/api/games?group={group_id}{'&' + query if query else ''}",
        headers={"Authorization": f"Bearer {key}"},
    )
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def join(client, group_id: int) -> None:
    """Makes ``client``'s browser a member of the group, as its invite link does: the
    session holds the group's proof (``web.access``)."""
    from scorekeeper.web.access import SESSION_GROUPS, membership_proof

    with client.application.test_request_context():
        group = db.load_group(db.get_db(), int(group_id))
        proof = membership_proof(group.id, group.member_epoch)
    with client.session_transaction() as session:
        session[SESSION_GROUPS] = {**session.get(SESSION_GROUPS, {}), str(group_id): proof}


def new_group(client, name: str | None = None) -> tuple[int, str]:
    """A group started through the API, this browser a member: (id, key)."""
    made = client.post("/api/groups", json={"name": name})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    join(client, body["id"])
    return body["id"], body["key"]


def member_group(client) -> int:
    """The group this browser belongs to: the first it joined, or else a new one it
    starts (as a phone starts a group on the home page)."""
    held = held_groups(client)
    return held[0] if held else new_group(client)[0]


def held_groups(client) -> list[int]:
    """The groups ``client``'s browser is a member of now, as the server keeps them (or,
    for a cookie not yet sent since an old-format ``join``, as the cookie holds them)."""
    from scorekeeper.db import phones
    from scorekeeper.web.access import SESSION_GROUPS, SESSION_PHONE

    with client.session_transaction() as session:
        token = session.get(SESSION_PHONE)
        old = [int(group) for group in session.get(SESSION_GROUPS, {})]
    with client.application.app_context():
        database = db.get_db()
        phone_id = db.phones.phone_by_token(database, token) if token else None
        held = phones.phone_groups(database, phone_id) if phone_id else []
    return held + [group for group in old if group not in held]


def import_path(client) -> str:
    """The import page of this browser's group (``member_group``)."""
    return f"/groups/{member_group(client)}/import"


def one_group(client, *game_ids: int) -> int:
    """Puts the games in the group of the first, as the upgrade puts a database's games
    in one group, and makes this browser its member; returns the group's id."""
    from tests.support.app import move_to_group

    with client.application.app_context():
        group_id = db.load_game(db.get_db(), int(game_ids[0])).group_id
    for game_id in game_ids[1:]:
        move_to_group(client.application.config["DATABASE"], int(game_id), group_id)
    join(client, group_id)
    return group_id
