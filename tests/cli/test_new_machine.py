"""docs/hosting.md's restore on a new machine (issue 42): the old machine lost, a new one
given only what it says to keep (the environment file, the links' secret and the
replica), and its restore command run as it writes it. Every phone and link then
works as before: the member's phone still opens its group, the group's key and the game's
edit key still save, its view link still opens.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

from tests.games.israeli_whist.worked import WORKED_EXAMPLE as HAND
from tests.support.cli.new_machine import (
    a_browser,
    call,
    environment_file,
    loaded,
    readme_restore_command,
    readme_secret_lines,
)
from tests.support.replication import call_health
from tests.support.serve_workers import free_port, wait_for


class Served:
    """`scorekeeper serve` as the deploy unit starts it (no URL on its command line)."""

    def __init__(self, folder: Path, env_file: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(self.port)]
            + ["--db", str(folder / "scorekeeper.db"), "--replicate-interval", "200ms"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=loaded(env_file),
            cwd=folder,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
        )
        wait_for(self.port, self.process)
        assert call_health(self.port) == 200
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self) -> str:
        self.process.send_signal(signal.SIGINT)  # as systemctl stop: the last saves go out
        return self.process.communicate(timeout=60)[0]


def test_a_new_machine_restored_as_the_readme_says_opens_every_link_and_phone(tmp_path):
    replica = tmp_path / "replica"
    old, new = tmp_path / "old-machine", tmp_path / "new-machine"
    old.mkdir()
    new.mkdir()
    env_file = environment_file(tmp_path, replica)

    # The old machine: a group, a phone that joined it, a game with hands.
    served = Served(old, env_file)
    phone = a_browser()
    stranger = urllib.request.build_opener()
    try:
        status, text = call(stranger, served.base, "POST", "/api/groups", {"name": "Thursday"})
        assert status == 201, text
        group = json.loads(text)
        invite = urllib.parse.urlsplit(group["join_url"]).path
        status, page = call(phone, served.base, "GET", invite)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        form = {"label": "Noa", **({"csrf_token": token[1]} if token else {})}
        status, page = call(phone, served.base, "POST", invite, form=form)
        assert status == 200 and f"/groups/{group['id']}" in page, page[:300]
        body = {"players": ["Noa", "Avi", "Dana", "Gil"], "group": group["id"]}
        status, text = call(stranger, served.base, "POST", "/api/games", body, group["key"])
        assert status == 201, text
        game = json.loads(text)
        for _ in range(3):
            path = f"/api/games/{game['id']}/hands"
            saved = call(stranger, served.base, "POST", path, HAND, game["edit_key"])
            assert saved[0] == 201, saved
        # The replica has its first files before the machine is lost (Litestream writes
        # them within its interval; on a busy machine that can take a few seconds).
        deadline = time.monotonic() + 60
        while not any(replica.rglob("*.ltx")) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        log = served.stop()
    assert "Replicating every save to" in log, log

    # What docs/hosting.md says to keep besides the database: the environment file (shared
    # above) and the links' secret, taken off the old machine before it was lost.
    kept = tmp_path / "kept"
    kept.mkdir()
    for key in (old / "scorekeeper.db-secrets").glob("tokens*.key"):
        (kept / key.name).write_bytes(key.read_bytes())
    for line in readme_secret_lines(kept, new):
        subprocess.run(["sh", "-c", line], check=True, timeout=30)

    # The new machine: the environment file, the secret and the replica, docs/hosting.md's command.
    done = subprocess.run(
        readme_restore_command(env_file, new),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Restored 1 group, 1 game, 3 hands" in done.stdout, done.stdout
    served = Served(new, env_file)
    try:
        view = urllib.parse.urlsplit(game["view_url"]).path
        answers = {
            "the phone opens its group": call(phone, served.base, "GET", f"/groups/{group['id']}"),
            "the view link opens": call(a_browser(), served.base, "GET", view),
            "the group's key lists its games": call(
                stranger, served.base, "GET", f"/api/games?group={group['id']}", key=group["key"]
            ),
            "the edit key saves": call(
                stranger, served.base, "POST", f"/api/games/{game['id']}/hands", HAND,
                game["edit_key"],
            ),
        }  # fmt: skip
    finally:
        served.stop()
    assert {what: status for what, (status, _text) in answers.items()} == {
        "the phone opens its group": 200,
        "the view link opens": 200,
        "the group's key lists its games": 200,
        "the edit key saves": 201,
    }, answers
    assert oct(os.stat(new / "scorekeeper.db").st_mode & 0o777) == "0o600"
