"""Issue 54, findings 1, 2 and 8 (the slots and the lock): what a request weighs is
declared on its view, and every club route that imports, prints, exports or draws a
whole night takes a heavy slot as a game's print does; the slots and the rates' lock are
lock files held with ``flock``, so that a process killed while holding one (the OOM
killer during an export) holds nothing, and the next import runs instead of every heavy
request answering 503 until a restart.

The processes here are real: a child forked from the server's process takes the slot or
the lock through the app's own code and is killed with SIGKILL; the server is the real
waitress server of ``serve``."""

from __future__ import annotations

import json
import os
import re
import stat
import threading
import time

import pytest

from scorekeeper.web import create_app, throttle
from scorekeeper.web.weight import Weight, heavy, light, weight_of
from tests.support.app import app_config
from tests.support.club_pages import night_of, start_night
from tests.support.groups_privacy import call
from tests.support.stranger import joined, new_group, played_game, post_file, served
from tests.support.web.weight import EXEMPT, _held, _killed_while, _night_file, _upload, undeclared

# A route whose address says it prints, exports or imports draws a sheet or a file, or
# reads an uploaded one: heavy for the method that does it.
PAPER_OR_FILE = re.compile(r"/(print|export|import|ranking)\b|/export\.")


def test_every_route_declares_its_weight(tmp_path):
    """A route added without ``@heavy`` or ``@light`` fails here, naming it: a route that
    reads a body or draws a sheet must have been weighed by whoever wrote it."""
    app = create_app(app_config(tmp_path))
    assert undeclared(app) == []
    assert set(EXEMPT) <= set(app.view_functions)  # no exemption outlives its route


def test_a_route_without_a_weight_is_found(tmp_path):
    app = create_app(app_config(tmp_path))
    app.add_url_rule("/brew", "brew", lambda: "", methods=["POST"])
    assert undeclared(app) == ["brew POST /brew (reads a body)"]


def test_what_prints_exports_or_imports_is_heavy(tmp_path):
    app = create_app(app_config(tmp_path))
    found = []
    for rule in app.url_map.iter_rules():
        if not PAPER_OR_FILE.search(rule.rule):
            continue
        declared = weight_of(app.view_functions[rule.endpoint])
        # An import page's GET is its form; what is posted is the file.
        method = "POST" if "POST" in (rule.methods or ()) else "GET"
        assert declared is not None and declared.is_heavy(method), rule.rule
        found.append(rule.endpoint)
    assert {
        "club.api_import_night",
        "club.import_night",
        "club.table_list",
        "club.ranking",
        "club.export",
        "games.game_sheet",
        "review.import_group",
        "review.export_group",
    } <= set(found)


def test_a_weight_is_declared_per_method_and_once():
    def page():
        return ""

    form = heavy("post")(page)
    assert weight_of(form) == Weight(frozenset({"POST"}))
    assert weight_of(form).is_heavy("POST") and not weight_of(form).is_heavy("GET")

    def sheet():
        return ""

    heavy(sheet)
    assert weight_of(sheet).is_heavy("HEAD")  # a HEAD runs the GET view whole
    assert not weight_of(sheet).is_heavy("OPTIONS")
    with pytest.raises(ValueError, match="both"):
        light(sheet)
    with pytest.raises(ValueError, match="BREW"):
        heavy("BREW")


# --- finding 1 and 2: a club night's import and paper are heavy work ------------------------


REQUESTS = {
    "the API's import": lambda c, g, n, t, k, a: c.post(
        f"/api/groups/{g}/club/import", data=a, headers={**k, "Content-Type": "application/json"}
    ),
    "the club page's import": lambda c, g, n, t, k, a: _upload(c, g, a),
    "a table's list printed": lambda c, g, n, t, k, a: c.get(f"/games/{t}/club/print"),
    "the night's ranking printed": lambda c, g, n, t, k, a: c.get(f"/groups/{g}/club/{n}/ranking"),
    "the night exported": lambda c, g, n, t, k, a: c.get(f"/groups/{g}/club/{n}/export.json"),
    "the night through the API": lambda c, g, n, t, k, a: c.get(
        f"/api/groups/{g}/club/{n}", headers=k
    ),
    "the next series drawn": lambda c, g, n, t, k, a: c.post(f"/groups/{g}/club/{n}/next"),
}


@pytest.mark.parametrize("asked", list(REQUESTS))
def test_a_club_nights_import_and_paper_wait_for_a_heavy_slot(club, asked):
    """With the server's heavy slots and waiting places taken, a night's import (API and
    page), a table's printed list, the ranking and the night's files are answered 503 with
    ``Retry-After``, as a game's print is, and change nothing; once a slot is free they
    run. They used to run at once, however many."""
    app, client, group_id, key = club
    assert start_night(client, group_id).status_code == 302
    night, games = night_of(app, group_id)
    table = night.tables[0].game_id
    text = _night_file(client, group_id, night.id)
    auth = {"Authorization": f"Bearer {key}"}
    ask = REQUESTS[asked]
    held = _held(app)
    try:
        answer = ask(client, group_id, night.id, table, auth, text)
        assert answer.status_code == 503, answer.get_data(as_text=True)[-500:]
        assert answer.headers["Retry-After"] == str(throttle.HEAVY_RETRY_SECONDS)
        assert "busy with another large import, print or export" in answer.get_data(as_text=True)
        assert client.get(f"/games/{table}/print").status_code == 503  # as a game's print
        assert night_of(app, group_id) == (night, games)  # nothing imported or drawn
    finally:
        for lock in held:
            lock.release()
    assert ask(client, group_id, night.id, table, auth, text).status_code < 500


# --- finding 8: what a killed process held is given back -------------------------------------


def test_a_process_killed_holding_the_heavy_slot_holds_it_no_more(tmp_path, monkeypatch):
    """A worker killed while it holds the server's one heavy slot (the OOM killer in the
    middle of an export): the next import and print run. The slot was a semaphore the
    dead worker never gave back: every import, print and export answered 503 until the
    server was restarted."""
    monkeypatch.setattr(throttle, "HEAVY_WAIT", 0.3)
    with served(tmp_path) as (base, app):
        group = new_group(base)
        game = played_game(base, group, "israeli-whist", hands=2)
        member = joined(base, group)
        status, games_file = member.get(f"/groups/{group['id']}/export.json")
        assert status == 200
        body = {"game": "skat", "players": [f"Spieler {n}" for n in range(1, 9)], "series": 1}
        status, night = call(base, "POST", f"/api/groups/{group['id']}/club", body, group["key"])
        assert status == 201, night
        status, night_file = member.get(f"/groups/{group['id']}/club/{night['id']}/export.json")
        assert status == 200

        def take_the_slot(ready) -> None:
            with app.test_request_context("/"):
                throttle.take_heavy_slot()
                ready()
                time.sleep(60)

        def held_meanwhile() -> None:
            # While the child holds it, a print waits its moment and is told to retry.
            assert member.get(f"/games/{game['id']}/print")[0] == 503

        _killed_while(take_the_slot, held_meanwhile)
        status, page = post_file(member, f"/groups/{group['id']}/import", games_file.encode())
        assert status == 200, page[-500:]
        assert "Imported 1 game" in page
        path = f"/api/groups/{group['id']}/club/import"
        status, answer = call(base, "POST", path, json.loads(night_file), group["key"])
        assert status == 201, answer
        assert member.get(f"/games/{game['id']}/print")[0] == 200


def test_a_process_killed_holding_the_rates_lock_leaves_the_count_going(tmp_path):
    """A worker killed in the instant it holds the lock of the shared rate table: the
    others go on counting (a stranger's sixth group is refused, 429). The lock was a
    semaphore the dead worker kept: every worker then waited a second for it on each
    group or game started and let the count go, so no address was limited any more."""
    with served(tmp_path, RATE_LIMITS=throttle.RATES) as (base, app):
        buckets = app.extensions["scorekeeper.rates"]["group"]

        def hold_the_lock(ready) -> None:
            def stuck(*_args):
                ready()
                time.sleep(60)

            buckets._take = stuck  # the child's copy: stops with the lock held
            buckets.take("198.51.100.1", time.monotonic())

        _killed_while(hold_the_lock)
        statuses = [call(base, "POST", "/api/groups", {})[0] for _ in range(6)]
    burst = throttle.RATES["group"].burst
    assert statuses == [201] * burst + [429] * (6 - burst)


# --- the lock files themselves --------------------------------------------------------------


def test_threads_of_one_process_exclude_each_other(tmp_path):
    """flock belongs to an open file description: two takings in one process (one thread
    or two) exclude each other, since each opens the file anew."""
    files = throttle.LockFiles(tmp_path / "locks", "heavy", 1)
    first = files.take()
    assert first is not None
    assert files.take() is None
    seen = []
    thread = threading.Thread(target=lambda: seen.append(files.take()))
    thread.start()
    thread.join()
    assert seen == [None]
    first.release()
    first.release()  # once is enough; twice changes nothing
    thread = threading.Thread(target=lambda: seen.append(files.take()))
    thread.start()
    thread.join()
    assert seen[-1] is not None
    assert files.take() is None
    seen[-1].release()


def test_a_waiter_gets_the_slot_when_it_is_given_back(tmp_path):
    files = throttle.LockFiles(tmp_path / "locks", "heavy", 1)
    first = files.take()
    timer = threading.Timer(0.1, first.release)
    timer.start()
    second = files.wait(30)
    timer.join()
    assert second is not None
    second.release()


def test_the_lock_files_are_private_whatever_the_umask(tmp_path):
    """Made when the app is made (issue 66), in ``<database>-locks`` beside the database:
    the folder 0700, the files 0600, under an umask that would leave them open to all."""
    before = os.umask(0)
    try:
        app = create_app(app_config(tmp_path, HEAVY_SLOTS=2))
        folder = tmp_path / "scorekeeper.db-locks"
        names = sorted(p.name for p in folder.iterdir())
        held = app.extensions["scorekeeper.heavy"].take(0)
        assert held is not None
        held.release()
    finally:
        os.umask(before)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert names == ["heavy-0", "heavy-1", "waiting-0", "waiting-1"]
    assert {stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()} == {0o600}
