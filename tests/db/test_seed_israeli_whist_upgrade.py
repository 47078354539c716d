"""Israeli Whist on the plain schema (issue 55): a database written by the code before it
(``fixtures/seed-israeli-whist.db``, made by ``make_seed_israeli_whist_fixture.py`` with the
JSON of what that code computed) opens after migration m027 with every hand, point, total,
winner and revision unchanged; an older export still imports; a hand is still entered
through the API, the form and the command line. A deal thrown in keeps the Frisch rounds
played before it (issue 66: m027 dropped them, m030 brings them back from the column that
held them), and every value of the flat columns m031 drops is in the hand's record."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper import db as D
from scorekeeper import game_play
from scorekeeper.cli import entry
from scorekeeper.db.plain_hands.israeli_whist import rewrite
from scorekeeper.engine import get_game
from scorekeeper.engine.core.errors import InvalidHand
from tests.support.db.seed_israeli_whist_upgrade import _stored_records

FIXTURES = Path(__file__).parents[1] / "fixtures"
BEFORE = json.loads((FIXTURES / "seed-israeli-whist.json").read_text())["games"]
GAME = get_game("israeli-whist")


@pytest.fixture
def upgraded(tmp_path):
    path = tmp_path / "seed.db"
    shutil.copy(FIXTURES / "seed-israeli-whist.db", path)
    shutil.copytree(FIXTURES / "seed-israeli-whist.db-secrets", tmp_path / "seed.db-secrets")
    return D.migrate(str(path))


@pytest.mark.parametrize("before", BEFORE, ids=lambda game: f"game{game['id']}")
def test_every_hand_point_and_total_unchanged(upgraded, before):
    game = D.load_game(upgraded, before["id"])
    assert (game.status, game.winner, list(game.totals)) == (
        before["status"],
        before["winner"],
        before["totals"],
    )
    records = [GAME.record_from_dict(game.settings, r) for r in _stored_records(upgraded, game.id)]
    progress = GAME.replay(
        game.settings, game.first_dealer, records, starting_totals=game.starting_totals
    )
    assert [list(h.points) for h in progress.hands] == before["replayed"]["points"]
    assert [list(h.totals) for h in progress.hands] == before["replayed"]["totals"]
    assert (progress.status, list(progress.winners)) == (
        before["replayed"]["status"],
        before["replayed"]["winners"],
    )
    seats = [
        [
            (row["points"], row["total"])
            for row in upgraded.query(
                "SELECT points, total FROM hand_seats WHERE hand_id = ? ORDER BY seat", [row["id"]]
            )
        ]
        for row in upgraded.query(
            "SELECT id FROM hands WHERE game_id = ? ORDER BY number", [game.id]
        )
    ]
    assert seats == [[(s["points"], s["total"]) for s in h["seats"]] for h in before["hands"]]
    # The app's own reading (the stored states, the scoreboard) agrees.
    shown = game_play.current_progress(upgraded, game)
    assert list(shown.totals) == before["totals"]


@pytest.mark.parametrize("before", BEFORE, ids=lambda game: f"game{game['id']}")
def test_records_are_in_the_plain_schemas_form(upgraded, before):
    """Each stored record is the one the schema writes for the same hand: reading it and
    writing it again gives it back, and it holds the old record's values."""
    game = D.load_game(upgraded, before["id"])
    for stored, old in zip(_stored_records(upgraded, game.id), before["hands"], strict=True):
        assert GAME.record_from_dict(game.settings, stored).to_dict() == stored
        old = old["record"]
        if old.get("thrown_in"):
            rounds = {"frisch_rounds": old["frisch_rounds"]} if old["frisch_rounds"] else {}
            assert stored == {"thrown_in": True, **rounds}
            continue
        assert stored["tricks"] == old["tricks"]
        assert stored.get("revokes", [0, 0, 0, 0]) == old.get("revokes", [0, 0, 0, 0])
        for key in ("declarer", "bid", "contracts"):
            assert stored.get(key) == old.get(key)
        if not old.get("pass_round"):
            assert stored.get("frisch_rounds", 0) == old["frisch_rounds"]


def test_revisions_rewritten_and_readable(upgraded):
    for before in BEFORE:
        game = D.load_game(upgraded, before["id"])
        rows = list(
            upgraded.query(
                "SELECT number, revision, action, hand FROM hand_revisions WHERE game_id = ? "
                "ORDER BY id",
                [game.id],
            )
        )
        assert len(rows) == len(before["revisions"])
        for row, old in zip(rows, before["revisions"], strict=True):
            hand = json.loads(row["hand"])
            assert (row["number"], row["revision"], row["action"]) == (
                old["number"],
                old["revision"],
                old["action"],
            )
            expected = rewrite(old["hand"], before["settings"])
            if expected.get("thrown_in") is True and old["hand"].get("frisch_rounds"):
                expected["frisch_rounds"] = old["hand"]["frisch_rounds"]  # m030
            assert hand == expected
            record = GAME.record_from_dict(game.settings, hand)
            assert record == GAME.record_from_dict(game.settings, rewrite(old["hand"], {}))
    # The revisions page draws each saved version.
    game = D.load_game(upgraded, BEFORE[0]["id"])
    for old in BEFORE[0]["revisions"]:
        view = GAME.revision_view(rewrite(old["hand"], {}), game.players, game.settings)
        assert view.summary


FLAT = {
    "hands": ("frisch_rounds", "declarer", "bid", "over_under", "contracts_total"),
    "hand_seats": ("contract", "tricks", "revokes"),
}


def test_the_flat_columns_go_and_every_value_they_held_is_in_the_record(upgraded):
    """m031 drops the flat columns Israeli Whist's own storage wrote; what they held (as
    the fixture's JSON has them, written by the code before) is in each hand's record:
    the Frisch rounds (of a deal thrown in too, and a pass round's are its rules'), the
    declarer and the bid, each seat's contract, tricks and revokes, and over or under and
    the contracts' total as the rules work them out from it."""
    for table, columns in FLAT.items():
        present = {row["name"] for row in upgraded.query(f"PRAGMA table_info({table})")}
        assert not present & set(columns), table
    for before in BEFORE:
        game = D.load_game(upgraded, before["id"])
        stored = _stored_records(upgraded, game.id)
        for record, old in zip(stored, before["hands"], strict=True):
            hand = GAME.record_from_dict(game.settings, record)
            flat, seats = old["flat"], old["seats"]
            rounds = game.settings.frisch_rounds if hand.pass_round else hand.frisch_rounds
            assert rounds == flat["frisch_rounds"]
            if hand.thrown_in:
                assert flat["declarer"] is None and all(s["tricks"] is None for s in seats)
                continue
            assert [list(hand.tricks), list(hand.revokes)] == [
                [s["tricks"] for s in seats],
                [s["revokes"] for s in seats],
            ]
            if hand.pass_round:
                continue  # no declarer, bid or contracts; the columns held none
            score = GAME.score(game.settings, hand, None)
            assert (score.over_under, score.contracts_total) == (
                flat["over_under"],
                flat["contracts_total"],
            )
            assert (hand.declarer, str(hand.bid)) == (flat["declarer"], flat["bid"])
            assert list(hand.contracts) == [s["contract"] for s in seats]


THROWN_IN_AFTER_THREE = {"thrown_in": True, "frisch_rounds": 3}


def test_a_deal_thrown_in_keeps_its_frisch_rounds_in_export_import_and_the_api(upgraded, tmp_path):
    """The database written before the move holds a deal thrown in after 3 Frisch rounds
    (``hands.frisch_rounds`` 3): once upgraded its record, the API's game, the export and
    an import of it say so; the API keeps a number given and refuses one the rules
    cannot give (a deal is thrown in only after the last Frisch round)."""
    from scorekeeper import transfer
    from scorekeeper.web import create_app
    from tests.support.app import app_config, join_group

    game_id = BEFORE[0]["id"]
    thrown = [h["number"] for h in BEFORE[0]["hands"] if h["record"].get("thrown_in")]
    assert thrown and BEFORE[0]["hands"][thrown[0] - 1]["flat"]["frisch_rounds"] == 3
    assert _stored_records(upgraded, game_id)[thrown[0] - 1] == THROWN_IN_AFTER_THREE
    exported = json.loads(transfer.export_json(upgraded))
    hands = exported["games"][0]["hands"]
    assert {k: hands[thrown[0] - 1][k] for k in THROWN_IN_AFTER_THREE} == THROWN_IN_AFTER_THREE
    fresh = D.migrate(str(tmp_path / "fresh.db"))
    (_old, new_id, _key), *_ = transfer.import_file(fresh, json.dumps(exported))
    assert _stored_records(fresh, new_id)[thrown[0] - 1] == THROWN_IN_AFTER_THREE

    app = create_app(app_config(tmp_path / "served"))
    client = app.test_client()
    made = client.post("/api/games", json={"players": ["Noa", "Avi", "Dana", "Eli"]})
    game, key = made.get_json()["id"], {"Authorization": f"Bearer {made.get_json()['edit_key']}"}
    path = f"/api/games/{game}/hands"
    assert client.post(path, json=THROWN_IN_AFTER_THREE, headers=key).status_code == 201
    assert client.post(path, json={"thrown_in": True}, headers=key).status_code == 201
    refused = client.post(path, json={"thrown_in": True, "frisch_rounds": 1}, headers=key)
    assert refused.status_code == 422
    assert refused.get_json()["field"] == "frisch_rounds"
    assert "only after all 3 Frisch rounds" in refused.get_json()["error"]
    join_group(client, game)
    shown = client.get(f"/api/games/{game}").get_json()["hands"]
    assert [{k: h[k] for k in THROWN_IN_AFTER_THREE} for h in shown] == [THROWN_IN_AFTER_THREE] * 2
    sheet = client.get(f"/games/{game}").get_data(as_text=True)
    assert "3 Frisch" in sheet


def test_rewrite_is_frozen_and_idempotent():
    played = {
        "thrown_in": False,
        "declarer": 2,
        "bid": "7C",
        "frisch_rounds": 0,
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
        "revokes": [0, 0, 0, 0],
    }
    new = rewrite(played, {})
    assert list(new) == ["declarer", "bid", "contracts", "tricks", "thrown_in"]
    assert rewrite(new, {}) == new
    assert rewrite({"thrown_in": True, "frisch_rounds": 3}, {}) == {"thrown_in": True}
    passed = {
        "pass_round": True,
        "frisch_rounds": 1,
        "tricks": [0, 5, 4, 4],
        "revokes": [0, 0, 1, 0],
    }
    assert rewrite(passed, {}) == {
        "pass_round": True,
        "tricks": [0, 5, 4, 4],
        "revokes": [0, 0, 1, 0],
        "thrown_in": False,
    }
    assert rewrite("not a hand", {}) == "not a hand"  # the reading refuses it after


def test_an_old_export_imports(upgraded, tmp_path):
    """A JSON export written by the code before the plain schema (its records and its
    revisions in the legacy form) imports, every total confirmed, in the new form."""
    from scorekeeper import transfer

    exported = json.loads(transfer.export_json(upgraded))
    legacy = {"thrown_in", "pass_round", "declarer", "bid", "frisch_rounds"}
    legacy |= {"contracts", "tricks", "revokes"}
    for document, before in zip(exported["games"], BEFORE, strict=True):
        for hand, old in zip(document["hands"], before["hands"], strict=True):
            for key in legacy & set(hand):
                del hand[key]
            hand.update(old["record"])
        for revision, old in zip(document["revisions"], before["revisions"], strict=True):
            revision["hand"] = old["hand"]
    fresh = D.migrate(str(tmp_path / "fresh.db"))
    imported = transfer.import_file(fresh, json.dumps(exported))
    assert len(imported) == len(BEFORE)
    for (_old_id, new_id, _key), before in zip(imported, BEFORE, strict=True):
        game = D.load_game(fresh, new_id)
        assert (list(game.totals), game.status) == (before["totals"], before["status"])
        assert _stored_records(fresh, new_id) == _stored_records(upgraded, before["id"])


def test_form_and_cli_still_enter_a_hand():
    settings = GAME.preset("standard")
    values = {
        "frisch_rounds": "1",
        "declarer": "2",
        "level": "7",
        "denomination": "NT",
        **{f"contract_{s}": str(c) for s, c in enumerate([2, 3, 7, 0])},
        **{f"tricks_{s}": str(t) for s, t in enumerate([0, 3, 8, 2])},
        **{f"revokes_{s}": "0" for s in range(4)},
    }
    body = GAME.hand.form_body(GAME.context(settings), values, None)
    record = GAME.record_from_dict(settings, body)
    assert record.to_dict() == {
        "frisch_rounds": 1,
        "declarer": 2,
        "bid": "7NT",
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
        "thrown_in": False,
    }
    assert GAME.hand.form_values(record.to_dict()) | {"revokes_0": "0"} == {
        k: v for k, v in values.items() if not k.startswith("revokes") or k == "revokes_0"
    }
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(settings, {**body, "contracts": [2, 3, 8, 0]})
    assert "13" in str(refused.value)
    args = ["score", "--game", "israeli-whist", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"]
    assert entry([*args, "--declarer", "2", "--bid", "7NT", "--json"]) == 0
    assert entry(args) == 0
