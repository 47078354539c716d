"""Careers and head-to-head summed from each game's kept figures (``db.game_figures``,
issue 12) give exactly what replaying every game at once gives, for random games of both
games with players changing seats; kept figures follow the game's version; the streamed
export is the whole document, and the CLI writes it as it goes."""

from __future__ import annotations

import functools
import json
import operator
import random
import sys
from pathlib import Path

import pytest

from scorekeeper import db, game_play, transfer
from scorekeeper.db import figures as kept
from scorekeeper.engine import GAMES, get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from big_db import random_hand  # noqa: E402  (legal random Israeli Whist hands)

from tests.support.app import game_in_new_group
from tests.support.play import records as drawn_records

POOL = ["Ann", "Ben", "Cat", "Dov", "Eli", "Fay", "Gus"]


def bid_whist_hand(rng: random.Random, settings):
    """A legal random Bid Whist hand, through the game's own ``record_from_dict``."""
    rules = get_game("bid-whist")
    while True:
        level = rng.randrange(3, 8)
        body = {"bidder": rng.randrange(4), "bid": f"{level}{rng.choice('UDN')}"}
        if body["bid"].endswith("N"):
            body["direction"] = rng.choice(["uptown", "downtown"])
        else:
            body["trump"] = rng.choice("SHDC")
        body["books"] = rng.randrange(0, 14)
        try:
            return rules.record_from_dict(settings, body)
        except Exception:  # an illegal shape: draw again
            continue


def simulated_draw(key: str, rng: random.Random):
    """Another game's preset, its settings, and a draw of its hands in the order its own
    simulation deals them (each legal where it falls in a game started by seat 0)."""
    rules = get_game(key)
    preset = rules.default_preset
    settings = rules.preset(preset)
    hands = iter(drawn_records(rules, settings, 10, rng.randrange(1 << 30)))
    return preset, settings, lambda _rng, _settings: next(hands)


def random_games(database, rng: random.Random, key: str, count: int) -> list[int]:
    ids = []
    for _ in range(count):
        if key == "israeli-whist":
            from scorekeeper.engine.israeli_whist import PRESETS

            preset, settings = "pagat-german", PRESETS["pagat-german"]
            draw = random_hand
        elif key == "bid-whist":
            from scorekeeper.engine.bid_whist import PRESETS

            preset = next(iter(PRESETS))
            settings = PRESETS[preset]
            draw = bid_whist_hand
        else:
            preset, settings, draw = simulated_draw(key, rng)
        rules = get_game(key)
        players = rng.sample(POOL, rules.seats)
        # A simulated deal is dealt by seat (deal index mod seats): the game starts there.
        first = rng.randrange(rules.seats) if key in ("israeli-whist", "bid-whist") else 0
        game_id, _key = game_in_new_group(
            database,
            players,
            preset,
            settings,
            first,
            key,
        )
        for _number in range(rng.randrange(0, 9)):
            game = db.load_game(database, game_id)
            if game.status != "in_progress":
                break
            if rng.random() < 0.25:
                away = [n for n in POOL if n not in game.seated]
                db.change_seat(database, game_id, rng.randrange(len(players)), rng.choice(away))
            try:
                game_play.add_hand(database, game_id, draw(rng, settings))
            except Exception:  # noqa: BLE001  a hand the game refuses (after its end)
                break
        ids.append(game_id)
    return ids


def replayed(database, ids):
    return [kept.recorded(game, hands) for game, hands in db.load_games_with_hands(database, ids)]


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_summed_figures_are_the_replayed_ones(tmp_path, key, seed):
    database = db.migrate(str(tmp_path / "figures.db"))
    try:
        rng = random.Random(seed)
        ids = random_games(database, rng, key, 12)
        rules = get_game(key)
        kept.clear_cache()
        per_game = db.game_figures(database, ids)
        assert [f.game_id for f in per_game] == ids
        careers = rules.figures.careers(replayed(database, ids))
        for name, career in careers.items():
            mine = [f.players[name] for f in per_game if name in f.players]
            assert functools.reduce(operator.add, mine) == career.figures
        chosen = rng.sample(POOL, 4)
        table = rules.figures.head_to_head(replayed(database, ids), chosen)
        sums = {(r.player, r.opponent): r for r in rules.figures.head_to_head([], chosen).rivalries}
        for figures in per_game:
            for pair, rivalry in figures.rivalries.items():
                if pair in sums:
                    sums[pair] += rivalry
        assert tuple(sums.values()) == table.rivalries
        # Read back from stored rows alone, the figures are the same.
        kept.refresh(database, ids)
        database.conn.commit()
        kept.clear_cache()
        assert db.game_figures(database, ids) == per_game
    finally:
        database.close()


def test_kept_figures_follow_the_game_version(tmp_path):
    database = db.migrate(str(tmp_path / "figures.db"))
    try:
        [game_id] = random_games(database, random.Random(5), "israeli-whist", 1)
        before = db.game_figures(database, [game_id])[0]
        db.set_game_details(database, game_id, "Friday", None)  # any write bumps the version
        kept.clear_cache()
        after = db.game_figures(database, [game_id])[0]
        game = db.load_game(database, game_id)
        assert after.version == game.version != before.version
        # The read kept them, for this game's new version, for the next process too.
        stored = database.execute(
            "SELECT version FROM game_figures WHERE game_id = ?", [game_id]
        ).fetchone()
        assert stored[0] == game.version
        kept.clear_cache()
        assert db.game_figures(database, [game_id])[0] == after  # read back from the row
        assert after.players == before.players and after.rivalries == before.rivalries
    finally:
        database.close()


def test_a_stored_row_that_cannot_be_read_is_worked_out_again(tmp_path):
    database = db.migrate(str(tmp_path / "figures.db"))
    try:
        ids = random_games(database, random.Random(7), "israeli-whist", 2)
        good = db.game_figures(database, ids)
        kept.refresh(database, ids)
        database.conn.commit()
        database.execute("UPDATE game_figures SET figures = '{\"players\": 1}'")
        database.conn.commit()
        kept.clear_cache()
        assert db.game_figures(database, ids) == good
    finally:
        database.close()


def test_the_cli_export_streams_the_same_document(tmp_path):
    from click.testing import CliRunner

    from scorekeeper.cli import main

    path = tmp_path / "export.db"
    database = db.migrate(str(path))
    try:
        random_games(database, random.Random(8), "israeli-whist", 3)
        random_games(database, random.Random(9), "bid-whist", 3)
        whole = transfer.export_json(database)
        whole_csv = transfer.export_csv(database)
    finally:
        database.close()
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["export", "--db", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == whole
    assert len(json.loads(whole)["games"]) == 6
    out = tmp_path / "out.csv"
    args = ["export", "--db", str(path), "--format", "csv", "-o", str(out)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert out.read_bytes().decode("utf-8") == whole_csv
    assert not list(tmp_path.glob("*.partial"))
