"""Helpers of tests/web/api/test_api_whole_body.py."""

from __future__ import annotations

import json

from scorekeeper.db.plain_hands.israeli_whist import rewrite
from scorekeeper.engine import GAMES
from scorekeeper.engine.core.game import seat_counts
from tests.support.play import records

# Names of two scripts and one that is markup, seated in turn.
NAMES = (
    "נועה בן-דויד",
    "Christopher",
    "<b>Zoë</b>&x",
    "Montgomery",
    "שלומית",
    "Bart",
    "Eli",
    "Ana",
)


HANDS = 40


VARYING = ("id", "created_at", "view_url")


def simulated(game, variant: int) -> list[dict]:
    """``HANDS`` hands of ``game`` (seeded: its own simulation, or random hands drawn from
    its schema), as API bodies."""
    settings = game.preset(game.default_preset)
    return [record.to_dict() for record in records(game, settings, HANDS, seed=35 + variant)]


def held(game, body: dict) -> list[dict]:
    """The hands of a whole body, as the API bodies that recorded them: each hand's
    values of the game's hand fields (a field the hand left empty left out)."""
    return [
        {
            name: value
            for name, value in hand.items()
            if name in game.hand.hand_fields and value is not None
        }
        for hand in body["hands"]
    ]


def played(
    client, group: dict, key: str, variant: int, hands: list[dict] | None = None
) -> tuple[int, dict[str, str]]:
    """A game of ``key`` (at its largest table for ``variant`` 1) started in ``group``
    (``POST /api/groups``'s answer) and played through the API: ``hands`` (None: its
    simulated ones) until the game ends or ``HANDS`` are played, a substitution after
    the fifth hand. Returns its id and its edit key's header."""
    game = GAMES[key]
    if variant:
        game = game.seated(seat_counts(game)[-1])
    players = [NAMES[(variant + i) % len(NAMES)] for i in range(game.seats)]
    made = client.post(
        "/api/games",
        json={"game": key, "players": players, "group": group["id"], "first_dealer": 0},
        headers={"Authorization": f"Bearer {group['key']}"},
    )
    assert made.status_code == 201, made.get_json()
    game_id, edit = made.get_json()["id"], made.get_json()["edit_key"]
    auth = {"Authorization": f"Bearer {edit}"}
    for number, hand in enumerate(simulated(game, variant) if hands is None else hands, 1):
        if number == 6:
            seat = {"seat": 1, "name": "Yael <sub>"}
            assert client.post(f"/api/games/{game_id}/seats", json=seat, headers=auth).status_code
        answer = client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)
        assert answer.status_code == 201, answer.get_json()
        if answer.get_json()["status"] == "finished":
            break
    return game_id, auth


def whole_bodies(client, before: dict[str, dict] | None = None) -> dict[str, dict]:
    """Each game's whole body (``GET /api/games/<id>``), by its key and table size,
    without what differs from one run to the next: of the games in ``before`` (played
    with the hands held there), or of every registered game (its simulated hands)."""
    bodies = {}
    group = client.post("/api/groups", json={}).get_json()
    names = (
        sorted(before)
        if before is not None
        else [
            f"{key}/{variant}"
            for key in sorted(GAMES)
            for variant in ((0, 1) if len(seat_counts(GAMES[key])) > 1 else (0,))
        ]
    )
    for name in names:
        key, variant = name.split("/")[0], int(name.split("/")[1])
        game = GAMES[key]
        if variant:
            game = game.seated(seat_counts(game)[-1])
        hands = None if before is None else held(game, before[name])
        game_id, auth = played(client, group, key, variant, hands)
        answer = client.get(f"/api/games/{game_id}", headers=auth)
        assert answer.status_code == 200
        body = json.loads(answer.get_data())
        bodies[name] = {k: v for k, v in body.items() if k not in VARYING}
    return bodies


RECORD_KEYS = {"thrown_in", "pass_round", "declarer", "bid", "frisch_rounds"}
RECORD_KEYS |= {"contracts", "tricks", "revokes"}


def in_plain_form(body: dict) -> dict:
    """An Israeli Whist body written before issue 55, each hand's record in the form the
    plain schema writes (``db.plain_hands``): every value kept, less repeated."""
    for hand in body["hands"]:
        record = {key: hand.pop(key) for key in list(hand) if key in RECORD_KEYS}
        hand.update(rewrite(record, body["settings"]))
    return body
