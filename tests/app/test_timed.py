"""``make test`` says how long it took and the CPU it cost (issue 82): scripts/timed.py runs
the suite's command and says so at its end, its exit code the command's."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.support.timed import TIMED, timed


def test_it_says_the_time_and_the_cpu_of_the_whole_tree_and_keeps_the_exit_code():
    for code in (0, 3):
        returned, said = timed(code)
        assert returned == code
        spent, line = said.strip().splitlines()
        found = re.fullmatch(
            r"the suite took (\d+):(\d\d) \((\d+) s\) of wall time and ([\d,]+) CPU-s "
            rf"on \d+ cores \(exit {code}\)",
            line,
        )
        assert found, line
        # The command's own CPU and its child's, each counted once it ended: at least what
        # the command saw of itself and its child (rounded to whole seconds).
        assert int(found[4].replace(",", "")) >= int(float(spent))


def test_a_command_that_cannot_be_run_is_said_and_fails():
    done = subprocess.run(
        [sys.executable, str(TIMED), "the suite", "/nonexistent/command"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 127 and "could not be run" in done.stderr
