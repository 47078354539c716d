"""The check at the end of the run (``tests/support/tracebacks.py``, issue 66): a run
whose servers or apps logged a traceback fails, naming the test and the traceback. Each
case runs pytest itself, in a process of its own, on a small test file."""

from __future__ import annotations

import pytest

from tests.support.suite_tracebacks import run
from tests.support.tracebacks import tracebacks_in

CASES = {
    "a server started by the test": (
        "import subprocess, sys\n"
        "def test_starts_a_server():\n"
        "    subprocess.run([sys.executable, '-c', 'raise ValueError(\"served badly\")'],\n"
        "                   capture_output=True, check=False)\n",
        "ValueError: served badly",
    ),
    "a server started with an environment copied before the test": (
        "import os, subprocess, sys\n"
        "ENV = dict(os.environ)\n"
        "def test_starts_a_server():\n"
        "    subprocess.run([sys.executable, '-c', 'raise KeyError(\"copied\")'],\n"
        "                   capture_output=True, check=False, env=ENV)\n",
        "KeyError: 'copied'",
    ),
    "the app in the test process": (
        "from flask import Flask\n"
        "def test_logs_an_error():\n"
        "    app = Flask('x')\n"
        "    try:\n"
        "        1 / 0\n"
        "    except ZeroDivisionError:\n"
        "        app.logger.exception('unhandled error')\n",
        "ZeroDivisionError: division by zero",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_traceback_logged_fails_the_run_naming_the_test(tmp_path, case):
    source, exception = CASES[case]
    done = run(tmp_path, source)
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "tracebacks in the servers' and apps' logs" in said, said
    assert "test_case.py::test_" in said and exception in said, said


def test_a_run_whose_logs_hold_no_traceback_passes(tmp_path):
    source = (
        "import logging, subprocess, sys\n"
        "def test_quiet():\n"
        "    logging.getLogger('scorekeeper').error('refused, and said so')\n"
        "    subprocess.run([sys.executable, '-c', 'import sys; sys.stderr.write(\"ok\\\\n\")'],\n"
        "                   check=True)\n"
    )
    done = run(tmp_path, source)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tracebacks in" not in done.stdout


def test_each_traceback_is_read_whole_with_its_test():
    log = (
        "# test: tests/a.py::test_one (call)\n"
        "ERROR:scorekeeper:unhandled error\n"
        "Traceback (most recent call last):\n"
        '  File "x.py", line 1, in f\n'
        "    raise OSError(40, 'Too many levels of symbolic links')\n"
        "OSError: [Errno 40] Too many levels of symbolic links\n"
        "an ordinary line\n"
        "# test: tests/a.py::test_two (call)\n"
        "Traceback (most recent call last):\n"
        '  File "y.py", line 2, in g\n'
        "KeyError: 'k'\n"
    )
    found = tracebacks_in(log, "serve")
    assert [(f.test, f.traceback.splitlines()[-1]) for f in found] == [
        ("tests/a.py::test_one (call)", "OSError: [Errno 40] Too many levels of symbolic links"),
        ("tests/a.py::test_two (call)", "KeyError: 'k'"),
    ]
