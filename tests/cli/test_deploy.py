"""deploy/'s systemd units (issue 31): the commands they run are the command line's own,
and systemd reads them."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.support.cli.deploy import DEPLOY, exec_start, service_settings


@pytest.mark.parametrize("unit", ["scorekeeper.service", "scorekeeper-backup.service"])
def test_the_units_commands_are_the_command_lines_own(unit, monkeypatch):
    """Each unit runs a command and options the command line has, as it reads them; the
    server takes the replica's URL from the environment file, as systemd passes it."""
    from scorekeeper.cli import main

    monkeypatch.setenv("SCOREKEEPER_REPLICA", "file:///r")
    program, command, *arguments = exec_start(unit)
    assert program == "/opt/scorekeeper/venv/bin/scorekeeper"
    context = main.commands[command].make_context(command, arguments)
    if command == "serve":
        assert context.params["replicate"] == "file:///r"
        assert (context.params["host"], context.params["port"]) == ("127.0.0.1", 5000)
        assert context.params["proxy"] == 1


def test_the_server_is_restarted_on_any_exit_and_reloads_its_workers():
    """The hand-written master exited 0 once its workers were gone, which
    Restart=on-failure left stopped (issue 54, finding 8). Any exit restarts it now;
    reload sends SIGHUP, on which gunicorn replaces the workers gracefully, and stop
    sends SIGTERM, on which it lets them finish what they answer."""
    settings = service_settings("scorekeeper.service")
    assert settings["Restart"] == "always"
    assert settings["ExecReload"] == "/bin/kill -HUP $MAINPID"
    assert settings["KillSignal"] == "SIGTERM"
    program, command, *arguments = exec_start("scorekeeper.service")
    from scorekeeper.cli import main

    context = main.commands[command].make_context(command, arguments)
    assert context.params["workers"] > 1  # the arbiter that restarts workers runs


@pytest.mark.parametrize("unit", ["scorekeeper.service", "scorekeeper-backup.service"])
def test_no_unit_puts_a_setting_on_its_command_line(unit):
    """A command line is every local user's to read (/proc/PID/cmdline): the replica's
    URL, which may hold a password, stays in the environment (issue 42, finding 5)."""
    text = (DEPLOY / unit).read_text()
    assert not [word for word in exec_start(unit) if "$" in word]
    assert "UMask=0077" in text


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
