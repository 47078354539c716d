"""Helpers of tests/cli/test_new_machine.py."""

from __future__ import annotations

import http.cookiejar
import json
import os
import shlex
import sys
import urllib.request
from pathlib import Path

HOSTING = Path(__file__).parents[3] / "docs" / "hosting.md"


def environment_file(folder: Path, replica: Path) -> Path:
    """What /etc/scorekeeper/env holds on both machines (deploy/env.example's names)."""
    env = folder / "env"
    env.write_text(
        "SCOREKEEPER_SECRET_KEY=kept-in-the-password-manager\n"
        f"SCOREKEEPER_REPLICA=file://{replica}\n"
    )
    return env


def loaded(env_file: Path) -> dict[str, str]:
    """The environment a unit's EnvironmentFile= gives, on top of this one's."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    for line in env_file.read_text().splitlines():
        name, _, value = line.partition("=")
        keep[name] = value
    return keep


def call(opener, base: str, method: str, path: str, body=None, key=None, form=None):
    data, headers = None, {}
    if body is not None:
        data, headers = json.dumps(body).encode(), {"Content-Type": "application/json"}
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode()


def a_browser():
    """An opener that keeps its cookies, as a phone's browser does."""
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )


def readme_restore_command(env_file: Path, folder: Path) -> list[str]:
    """docs/hosting.md's "from the replica" restore line, with this test's paths for the
    machine's: the environment file, the installed program, the scorekeeper user's shell."""
    [line] = [
        line
        for line in HOSTING.read_text().splitlines()
        if "restore --from-replica" in line and line.startswith("sudo")
    ]
    words = shlex.split(line)
    assert words[:3] == ["sudo", "-u", "scorekeeper"], line
    script = words[5]
    script = script.replace("/etc/scorekeeper/env", str(env_file))
    script = script.replace(
        "/opt/scorekeeper/venv/bin/scorekeeper", f"{sys.executable} -m scorekeeper.cli"
    )
    return ["sh", "-c", f"cd {shlex.quote(str(folder))} && {script}"]


def readme_secret_lines(kept: Path, new: Path) -> list[str]:
    """docs/hosting.md's lines that put the kept keys (``tokens*.key``) back on the new
    machine, with this test's folders for the machine's (no other user to own them here)."""
    lines = [
        line
        for line in HOSTING.read_text().splitlines()
        if line.startswith("sudo install") and "scorekeeper.db-secrets" in line
    ]
    assert len(lines) == 2, lines
    return [
        line.replace("sudo ", "", 1)
        .replace("-o scorekeeper ", "")
        .replace("/var/lib/scorekeeper", str(new))
        .replace(" tokens*.key ", f" {shlex.quote(str(kept))}/tokens*.key ")
        for line in lines
    ]
