"""Helpers of tests/app/test_incremental_save.py, which other tests use too."""

from __future__ import annotations

import json

from scorekeeper import db, game_play
from scorekeeper.engine.core.game import seat_values
from scorekeeper.engine.registry import get_game
from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.app import app_config, trace_statements
from tests.support.shared import NAMES


def check_against_replay(database, game_id: int) -> None:
    """Everything stored that a replay derives equals a replay of the whole game from
    scratch: each hand's dealer, state, points and running totals; the players' totals; the
    game's status, winner and hand count; and where a save would resume from."""
    game, hands = db.load_game_with_hands(database, game_id)
    rules = get_game(game.game)
    progress = game_play.progress_of(game, hands)
    rows = database.execute(
        "SELECT id, number, dealer, state FROM hands WHERE game_id = ? ORDER BY number",
        [game_id],
    ).fetchall()
    assert [r[1] for r in rows] == [h.number for h in progress.hands]
    for (hand_id, number, dealer, state), replayed in zip(rows, progress.hands, strict=True):
        assert dealer == replayed.dealer, number
        assert json.loads(state) == replayed.state.to_dict(), number
        seats = database.execute(
            "SELECT points, total FROM hand_seats WHERE hand_id = ? ORDER BY seat", [hand_id]
        ).fetchall()
        assert [tuple(s) for s in seats] == list(
            zip(
                seat_values(rules, replayed.points),
                seat_values(rules, replayed.totals),
                strict=True,
            )
        ), number
    row = database.execute(
        "SELECT status, winner, hand_count FROM games WHERE id = ?", [game_id]
    ).fetchone()
    assert tuple(row) == (progress.status, progress.winner, len(progress.hands))
    totals = database.execute(
        "SELECT total FROM players WHERE game_id = ? ORDER BY seat", [game_id]
    ).fetchall()
    assert tuple(t[0] for t in totals) == seat_values(rules, progress.totals)
    now = game_play.current_progress(database, game)
    assert now.state.to_dict() == progress.state.to_dict()
    assert (now.totals, now.dealer, now.opener, now.status, now.winner) == (
        progress.totals,
        progress.dealer,
        progress.opener,
        progress.status,
        progress.winner,
    )
    assert (now.next_number, now.tie_at_top) == (progress.next_number, progress.tie_at_top)


BENCH = ["Eve", "Fay", "Gus", "Hal"]


def apply(database, game_id: int, pool: list, op: tuple) -> None:
    """One change as a phone would make it; refusals (the game is over, a change that ends
    the game before a later hand, no such hand) leave the game as it was."""
    game = db.load_game(database, game_id)
    try:
        match op:
            case ("add", i):
                game_play.add_hand(database, game_id, pool[i], number=game.hand_count + 1)
            case ("edit", number, i):
                game_play.replace_hand(database, game_id, number, pool[i])
            case ("delete", back):
                game_play.delete_last_hand(database, game_id, max(game.hand_count - back, 1))
            case ("seat", seat, who):
                if BENCH[who] not in game.seated:
                    db.change_seat(database, game_id, seat, BENCH[who])
            case ("finish", _):
                game_play.finish_game(database, game_id)
    except (db.Conflict, db.NotFound):
        pass


def statements_of_a_save(tmp_path, monkeypatch, hands: int) -> list[str]:
    """The SQL statements of one hand POST through the API (the server's side, from the
    request's own connection) to a game that already has ``hands`` hands."""
    from scorekeeper.web import create_app

    app = create_app(app_config(tmp_path))
    client = app.test_client()
    created = client.post(
        "/api/games", json={"players": NAMES, "rules": "pagat-german", "target": 10_000}
    ).get_json()
    auth = {"Authorization": f"Bearer {created['edit_key']}"}
    path = f"/api/games/{created['id']}/hands"
    for number in range(1, hands + 1):
        assert (
            client.post(path, json={**WORKED_EXAMPLE, "number": number}, headers=auth).status_code
            == 201
        )
    statements = trace_statements(monkeypatch)
    response = client.post(path, json={**WORKED_EXAMPLE, "number": hands + 1}, headers=auth)
    assert response.status_code == 201
    assert response.get_json()["next_number"] == hands + 2
    assert response.get_json()["totals"][1] == 19 * (hands + 1)
    monkeypatch.undo()
    return statements


IW, BW = get_game("israeli-whist"), get_game("bid-whist")


def _pool(rules, settings_, seed: int, deals: int = 40) -> list:
    """Hands as a table writes them down, from deals the game's bots played, with every
    fifth a deal thrown in (the dealer deals again in Israeli Whist) and, in Israeli Whist,
    every seventh the worked example (West makes a contract, so a target is reached)."""
    bots = rules.simulation.bots[-1]
    pool = [
        rules.simulation.record_of(d) for d in rules.simulation.deals(settings_, deals, seed, bots)
    ]
    thrown = {"thrown_in": True}
    if rules is IW:
        thrown["frisch_rounds"] = settings_.frisch_rounds
    for i in range(0, deals, 5):
        pool[i] = rules.record_from_dict(settings_, thrown)
    if rules is IW:
        for i in range(3, deals, 7):
            pool[i] = rules.record_from_dict(settings_, WORKED_EXAMPLE)
    return pool
