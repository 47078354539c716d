"""deploy/'s systemd units (issue 31): the commands they run are the command line's own,
and systemd reads them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).parent.parent / "deploy"


def exec_start(unit: str) -> list[str]:
    """The scorekeeper command of a deploy/ unit's ExecStart, the replica's URL filled in."""
    [line] = [
        line for line in (DEPLOY / unit).read_text().splitlines() if line.startswith("ExecStart=")
    ]
    words = line.removeprefix("ExecStart=").replace("${SCOREKEEPER_REPLICA}", "file:///r")
    return words.split()


@pytest.mark.parametrize("unit", ["scorekeeper.service", "scorekeeper-backup.service"])
def test_the_units_commands_are_the_command_lines_own(unit):
    """Each unit runs a command and options the command line has, as it reads them."""
    from scorekeeper.cli import main

    program, command, *arguments = exec_start(unit)
    assert program == "/opt/scorekeeper/venv/bin/scorekeeper"
    context = main.commands[command].make_context(command, arguments)
    if command == "serve":
        assert context.params["replicate"] == "file:///r"
        assert (context.params["host"], context.params["port"]) == ("127.0.0.1", 5000)
        assert context.params["proxy"] == 1


def test_the_units_are_valid_for_systemd():
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    units = [str(DEPLOY / name) for name in ("scorekeeper.service", "scorekeeper-backup.service")]
    done = subprocess.run(
        [analyze, "verify", *units, str(DEPLOY / "scorekeeper-backup.timer")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    # The one complaint allowed: the program is not installed on this machine.
    complaints = [
        line
        for line in (done.stdout + done.stderr).splitlines()
        if line.strip() and "/opt/scorekeeper/venv/bin/scorekeeper is not executable" not in line
    ]
    assert complaints == []
