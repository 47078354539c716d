"""``GET /api/games/<id>`` without paging answers as it did before issue 35 made it
cheaper: every registered game's whole body, each hand with its explanation, compared
with the bodies the code before wrote (``tests/fixtures/api-whole-bodies.json``).

The fixture was written by the code of commit 46271a3 (before the change) with
``PYTHONPATH=<that commit's tree> python tests/test_api_whole_body.py OUT.json``; the
games are played through the API alone, their hands from each game's own simulation
(seeded), so a rerun plays the same games. Only what differs from one run to the next
is left out: the game's id and creation time, and its view link's token. A deliberate
change to what the API answers (a new field, a new hand schema) writes the fixture again.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from scorekeeper.engine import GAMES

FIXTURE = Path(__file__).parent / "fixtures" / "api-whole-bodies.json"
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


def played(client, group: dict, key: str, variant: int) -> tuple[int, dict[str, str]]:
    """A game of ``key`` (at its largest table for ``variant`` 1) started in ``group``
    (``POST /api/groups``'s answer) and played through the API: its simulated hands
    until the game ends or ``HANDS`` are played, a substitution after the fifth hand.
    Returns its id and its edit key's header."""
    game = GAMES[key]
    if variant:
        game = game.seated(game.seat_counts[-1])
    players = [NAMES[(variant + i) % len(NAMES)] for i in range(game.seats)]
    made = client.post(
        "/api/games",
        json={"game": key, "players": players, "group": group["id"], "first_dealer": 0},
        headers={"Authorization": f"Bearer {group['key']}"},
    )
    assert made.status_code == 201, made.get_json()
    game_id, edit = made.get_json()["id"], made.get_json()["edit_key"]
    auth = {"Authorization": f"Bearer {edit}"}
    settings = game.preset(game.default_preset)
    for number, deal in enumerate(game.simulate(settings, HANDS, seed=35 + variant), 1):
        if number == 6:
            seat = {"seat": 1, "name": "Yael <sub>"}
            assert client.post(f"/api/games/{game_id}/seats", json=seat, headers=auth).status_code
        hand = game.record_of_deal(deal).to_dict()
        answer = client.post(f"/api/games/{game_id}/hands", json=hand, headers=auth)
        assert answer.status_code == 201, answer.get_json()
        if answer.get_json()["status"] == "finished":
            break
    return game_id, auth


def whole_bodies(client) -> dict[str, dict]:
    """Each game's whole body (``GET /api/games/<id>``), by its key and table size,
    without what differs from one run to the next."""
    bodies = {}
    group = client.post("/api/groups", json={}).get_json()
    for key in sorted(GAMES):
        for variant in (0, 1) if len(GAMES[key].seat_counts) > 1 else (0,):
            game_id, auth = played(client, group, key, variant)
            answer = client.get(f"/api/games/{game_id}", headers=auth)
            assert answer.status_code == 200
            body = json.loads(answer.get_data())
            bodies[f"{key}/{variant}"] = {k: v for k, v in body.items() if k not in VARYING}
    return bodies


def test_the_whole_body_answers_as_before(client):
    before = json.loads(FIXTURE.read_text(encoding="utf-8"))
    now = whole_bodies(client)
    for name, body in before.items():
        assert now[name] == body, name
        assert all("explain" in hand for hand in body["hands"]) and body["hands"], name


if __name__ == "__main__":
    from scorekeeper.web import create_app

    with tempfile.TemporaryDirectory() as folder:
        config = {"DATABASE": str(Path(folder) / "api.db"), "SECRET_KEY": "fixture"}
        client = create_app(config | {"TESTING": True}).test_client()
        text = json.dumps(whole_bodies(client), ensure_ascii=False, indent=1, sort_keys=True)
    Path(sys.argv[1]).write_text(text + "\n", encoding="utf-8")
