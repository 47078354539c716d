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

from scorekeeper import db, transfer
from scorekeeper.db import figures as kept
from scorekeeper.engine import GAMES, get_game

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from tests.support.db.game_figures import POOL, random_games, replayed


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
