"""Israeli Whist on the plain schema (issue 55): a database written by the code before it
(``fixtures/seed-israeli-whist.db``, made by ``make_seed_israeli_whist_fixture.py`` with the
JSON of what that code computed) opens after migration m027 with every hand, point, total,
winner and revision unchanged; an older export still imports; a hand is still entered
through the API, the form and the command line."""

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

FIXTURES = Path(__file__).parents[1] / "fixtures"
BEFORE = json.loads((FIXTURES / "seed-israeli-whist.json").read_text())["games"]
GAME = get_game("israeli-whist")


@pytest.fixture
def upgraded(tmp_path):
    path = tmp_path / "seed.db"
    shutil.copy(FIXTURES / "seed-israeli-whist.db", path)
    shutil.copytree(FIXTURES / "seed-israeli-whist.db-secrets", tmp_path / "seed.db-secrets")
    return D.migrate(str(path))


def _stored_records(database, game_id):
    return [
        json.loads(row["record"])
        for row in database.query(
            "SELECT record FROM hands WHERE game_id = ? ORDER BY number", [game_id]
        )
    ]


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
            assert stored == {"thrown_in": True}
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
            assert hand == rewrite(old["hand"], before["settings"])
            record = GAME.record_from_dict(game.settings, hand)
            assert record == GAME.record_from_dict(game.settings, rewrite(old["hand"], {}))
    # The revisions page draws each saved version.
    game = D.load_game(upgraded, BEFORE[0]["id"])
    for old in BEFORE[0]["revisions"]:
        view = GAME.revision_view(rewrite(old["hand"], {}), game.players, game.settings)
        assert view.summary


def test_the_old_hands_keep_their_flat_columns_and_a_new_hand_leaves_them_empty(upgraded):
    """The flat columns the legacy ``table_columns`` wrote stay as they were on the hands
    stored before (a file read with SQL or Datasette shows them as it did); a hand saved
    now leaves them at their defaults, its record holding every value."""
    game_id = BEFORE[0]["id"]
    before = list(
        upgraded.query(
            "SELECT declarer, bid FROM hands WHERE game_id = ? AND declarer IS NOT NULL",
            [game_id],
        )
    )
    assert before, "the fixture's hands carry their declarer and bid in flat columns"
    number = game_play.add_hand(
        upgraded,
        game_id,
        {"declarer": 1, "bid": "6H", "contracts": [2, 6, 2, 2], "tricks": [2, 6, 2, 3]},
    )
    rows = list(
        upgraded.query(
            "SELECT frisch_rounds, declarer, bid, over_under, contracts_total FROM hands "
            "WHERE game_id = ? ORDER BY number DESC LIMIT 1",
            [game_id],
        )
    )
    assert rows == [
        {
            "frisch_rounds": 0,
            "declarer": None,
            "bid": None,
            "over_under": None,
            "contracts_total": None,
        }
    ], number


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
    body = GAME.form_body(settings, values, None)
    record = GAME.record_from_dict(settings, body)
    assert record.to_dict() == {
        "frisch_rounds": 1,
        "declarer": 2,
        "bid": "7NT",
        "contracts": [2, 3, 7, 0],
        "tricks": [0, 3, 8, 2],
        "thrown_in": False,
    }
    assert GAME.form_values(record.to_dict()) | {"revokes_0": "0"} == {
        k: v for k, v in values.items() if not k.startswith("revokes") or k == "revokes_0"
    }
    with pytest.raises(InvalidHand) as refused:
        GAME.record_from_dict(settings, {**body, "contracts": [2, 3, 8, 0]})
    assert "13" in str(refused.value)
    args = ["score", "--game", "israeli-whist", "--contracts", "2,3,7,0", "--tricks", "0,3,8,2"]
    assert entry([*args, "--declarer", "2", "--bid", "7NT", "--json"]) == 0
    assert entry(args) == 0
