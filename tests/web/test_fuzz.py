"""Property-based fuzzing: no input of any kind gets a 5xx or a traceback.

Hypothesis sends every route of the app (every API route, every page and form, found in
the app's URL map, so a route added later is fuzzed too) requests built from valid ones
with fields swapped for wrong types, huge, negative and unicode numbers, deep nesting,
odd content types and tampered URLs; it feeds the import (the library call and the
``scorekeeper import`` command) export files mutated the same way, and ``scorekeeper
score`` odd numbers. Each answer must be below 500 and free of tracebacks, each command
must exit 0 or 2 with one line, and a file that imports must leave every page working.

Every run explores anew from a random seed. pytest's closing summary prints it, with the
requests sent and how many were answered 5xx; a failure's message names it too, with
the round it failed in (and Hypothesis adds its falsifying example). To replay a run,
set ``SCOREKEEPER_FUZZ_SEED`` to its seed. ``SCOREKEEPER_FUZZ_EXAMPLES`` scales the
number of examples (default 1; e.g. 10 for a long hunt, when TIME_BUDGET must grow too).
A passing run takes about 40 s: no test starts a new round of examples once its share
of ``TIME_BUDGET`` is spent, so a slow machine sends fewer requests rather than waiting.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import strategies as st

from scorekeeper import db, transfer
from scorekeeper.cli import entry
from scorekeeper.engine import GAMES
from scorekeeper.engine.israeli_whist import KNOBS
from tests.support.web.fuzz import (
    SEED,
    TALLY,
    check,
    export_document,
    files_from,
    fuzz,
    import_with_the_command,
    make_world,
    number_text,
    requests_for,
    routes,
    sampled,
    seat_list,
    text_value,
    typed_options,
)


class FuzzReport:
    """Prints the tally in pytest's closing summary, where ``make test`` shows it."""

    def pytest_terminal_summary(self, terminalreporter) -> None:
        failed = bool(TALLY.server_errors or TALLY.tracebacks)
        terminalreporter.write_sep("-", "fuzz", red=failed, green=not failed)
        terminalreporter.write_line(
            f"{TALLY.requests} requests sent, {TALLY.server_errors} answered 5xx; "
            f"{TALLY.imports} import files tried ({TALLY.imported} imported); "
            f"{TALLY.commands} commands run; {TALLY.tracebacks} tracebacks"
        )
        terminalreporter.write_line(f"seed {SEED}: replay with SCOREKEEPER_FUZZ_SEED={SEED}")


@pytest.fixture(autouse=True)  # each test's: the three spread over a parallel run's workers
def fuzz_report(request):
    if not request.config.pluginmanager.has_plugin("scorekeeper-fuzz-report"):
        request.config.pluginmanager.register(FuzzReport(), "scorekeeper-fuzz-report")


# --- values ---------------------------------------------------------------------------------


# --- the app under fuzz -----------------------------------------------------------------------


# --- tests ----------------------------------------------------------------------------------


def test_no_request_gets_a_5xx_or_a_traceback(tmp_path):
    """Every route, every method: tampered URLs, bodies, query strings and headers."""
    world = make_world(tmp_path)
    requests = requests_for(world, routes(world.app))  # one strategy (see ``sampled``)

    def send(data):
        method, path, request = data.draw(requests)
        response = world.client.open(path, method=method, **request)
        check(response, f"{method} {path} {request}")

    fuzz(send, examples=3000, share=0.6)
    # Whatever the fuzz stored, every page that lists or shows games still works.
    for path in ["/", "/history", "/players", "/api/games", "/export.json", "/export.csv"]:
        check(world.client.get(path), path)
    for game_id in world.game_ids:
        for page in ("", "/stats", "/print", "/revisions", "/live"):
            check(world.client.get(f"/games/{game_id}{page}"), f"/games/{game_id}{page}")
    for group_id in world.group_ids:
        for page in ("", "/history", "/players", "/import", "/export.json"):
            check(world.client.get(f"/groups/{group_id}{page}"), f"/groups/{group_id}{page}")


def test_no_import_file_gets_a_traceback_or_breaks_a_page(tmp_path):
    """Mutated export files, and raw ones: refused with ImportProblem, or imported whole
    with every page of the imported games still answering; the command exits 0 or 2."""
    world = make_world(tmp_path)
    document = export_document(tmp_path)
    # The world's games of every registered game, as its group's export writes them.
    database = db.connect(world.app.config["DATABASE"])
    try:
        every = json.loads(transfer.export_json(database))["games"]
    finally:
        database.close()
    document["games"] += [game for game in every if game["game"] != "israeli-whist"]
    files = tmp_path / "files"
    files.mkdir()
    texts = files_from(document)  # one strategy (see ``sampled``)

    def try_file(data):
        text = data.draw(texts)
        way = data.draw(st.integers(0, 7))
        TALLY.imports += 1
        if way == 0:
            import_with_the_command(text, files, world)
            return
        if way == 1:  # the group's import page, as a phone uploads it
            upload = {"file": (io.BytesIO(text.encode("utf-8", "replace")), "games.json")}
            path = f"/groups/{world.group_ids[0]}/import"
            check(world.client.post(path, data=upload), f"POST {path}")
            return
        database = db.connect(world.app.config["DATABASE"])
        try:
            imported = transfer.import_file(database, text)
        except transfer.ImportProblem as problem:
            assert str(problem) and problem.where and problem.field
            return
        finally:
            database.close()
        TALLY.imported += 1
        for _file_id, game_id, _key in imported:
            for page in ("", "/stats", "/print", "/revisions", "/export.json", "/export.csv"):
                check(world.client.get(f"/games/{game_id}{page}"), f"imported game {page}")
            check(world.client.get(f"/api/games/{game_id}"), "imported game, API")
        for path in ("/", "/history", "/players", "/export.json"):
            check(world.client.get(path), f"{path} after an import")

    fuzz(try_file, examples=900, share=0.3)


def test_the_score_command_exits_0_or_2_with_one_line(tmp_path):
    """``scorekeeper score`` with odd numbers and knob values, for Israeli Whist (the
    default game) and for every registered game by its own options: a result, or one line."""
    seats = seat_list(number_text).map(lambda v: ",".join(map(str, v))) | text_value

    def score(data):
        game = data.draw(sampled([None, *sorted(GAMES)]))
        if game is not None:
            args = typed_options(data, GAMES[game])
        else:
            contracts, tricks = data.draw(seats), data.draw(seats)
            revokes = data.draw(st.none() | seats)
            knob = data.draw(st.none() | st.tuples(sampled([*KNOBS, "nonsense"]), text_value))
            args = ["score", f"--contracts={contracts}", f"--tricks={tricks}"]
            args += [] if revokes is None else [f"--revokes={revokes}"]
            args += [] if knob is None else [f"--set={knob[0]}={knob[1]}"]
        TALLY.commands += 1
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = entry(args)
        if "Traceback" in err.getvalue():
            TALLY.tracebacks += 1
        assert code in (0, 2), (args, err.getvalue()[:500])
        assert "Traceback" not in err.getvalue()
        if code == 2:
            assert err.getvalue().startswith("scorekeeper: error: ")
            assert err.getvalue().count("\n") == 1, err.getvalue()

    fuzz(score, examples=300, share=0.1)
