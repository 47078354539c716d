"""No traceback in any server log of the suite (issue 66): a pytest plugin, loaded by
``tests/conftest.py``, that fails the run naming each test whose servers or apps logged
one, and the traceback.

A server answers a phone with a page, never with a traceback, and logs none either: one in
its log is a 500 someone met, a worker that died, or an error swallowed where it should
have been answered. Tests look at what they ask for; this looks at everything the run's
servers and apps wrote:

- **the test processes' own logs** (the Flask test client's apps, werkzeug's live
  servers, waitress run in a thread): a handler on the root logger keeps every record
  that carries an exception or a traceback, with the test that was running;
- **every Python process a test starts** (``scorekeeper serve`` and its gunicorn workers,
  the command line, a helper): the folder ``child_logs`` goes on their ``PYTHONPATH``,
  whose ``sitecustomize`` copies the process's standard error (where its log, gunicorn's,
  waitress's and any uncaught exception go) to a file headed by the test that started it.

The files are in one folder for the run (``$SUITE_TRACEBACK_LOGS``, made by the process
that runs pytest and shared with pytest-xdist's workers); at the end that process reads
them all, prints each traceback under the test's name, and fails the run. A child finds
its test in ``$PYTEST_CURRENT_TEST``, or, started with an environment copied before the
test began, in the file ``current-<pid>`` its test process keeps in that folder.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

# Not SCOREKEEPER_…: a test that gives a child the environment of a unit drops those.
FOLDER = "SUITE_TRACEBACK_LOGS"
CHILD_HOOK = Path(__file__).resolve().parent / "child_logs"
STARTS = "Traceback (most recent call last):"
MOST_SHOWN = 20  # tracebacks printed in full; the rest are counted


@dataclass(frozen=True)
class Found:
    test: str
    where: str
    traceback: str


class _Recorder(logging.Handler):
    """Writes each record that carries a traceback, with the running test, to ``path``."""

    def __init__(self, path: Path) -> None:
        super().__init__(logging.NOTSET)
        self.path = path

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[0] is not None:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        if STARTS not in text:
            return
        test = os.environ.get("PYTEST_CURRENT_TEST", "(no test)")
        with self.path.open("a", encoding="utf-8", errors="replace") as log:
            log.write(f"# test: {test}\n# logger: {record.name}\n{text}\n")


def _runs_tests(config: pytest.Config) -> bool:
    """Whether this process runs tests: a pytest-xdist worker, or a run without workers."""
    return bool(os.environ.get("PYTEST_XDIST_WORKER")) or not getattr(
        config.option, "numprocesses", None
    )


def pytest_configure(config: pytest.Config) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        config._traceback_logs = Path(tempfile.mkdtemp(prefix="scorekeeper-logs-"))
        os.environ[FOLDER] = str(config._traceback_logs)
    if not _runs_tests(config) or not os.environ.get(FOLDER):
        return
    folder = Path(os.environ[FOLDER])
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    logging.getLogger().addHandler(_Recorder(folder / f"tests-{worker}-{os.getpid()}.log"))
    paths = [str(CHILD_HOOK), *filter(None, [os.environ.get("PYTHONPATH")])]
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)


def _now_running(item: pytest.Item, phase: str) -> None:
    """Writes where a child of this process finds its test (see the module's docstring)."""
    folder = os.environ.get(FOLDER)
    if folder:
        Path(folder, f"current-{os.getpid()}").write_text(f"{item.nodeid} ({phase})")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _now_running(item, "setup")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    _now_running(item, "call")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    _now_running(item, "teardown")


def tracebacks_in(text: str, where: str) -> list[Found]:
    """Each traceback ``text`` holds (a log file: ``# test:`` lines say whose the lines
    after them are), with its test: from its first line to the exception's own line."""
    found, test, lines = [], "(no test)", text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("# test: "):
            test = line.removeprefix("# test: ")
        if line.lstrip().startswith(STARTS):
            end = index + 1
            while end < len(lines) and (lines[end][:1] in (" ", "\t") or not lines[end]):
                end += 1
            found.append(Found(test, where, "\n".join(lines[index : end + 1])))
            index = end
        index += 1
    return found


def read_all(folder: Path) -> list[Found]:
    """Every traceback in the run's log files in ``folder``."""
    found = []
    for path in sorted(folder.glob("*.log")):
        text = path.read_text(encoding="utf-8", errors="replace")
        command = next((ln for ln in text.splitlines() if ln.startswith("# command: ")), "")
        where = command.removeprefix("# command: ") or "the test process"
        found += tracebacks_in(text, where)
    return found


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    folder = getattr(session.config, "_traceback_logs", None)
    if folder is None:
        return
    found = read_all(folder)
    shutil.rmtree(folder, ignore_errors=True)
    session.config._tracebacks_found = found
    if found and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    found = getattr(config, "_tracebacks_found", [])
    if not found:
        return
    terminalreporter.section("tracebacks in the servers' and apps' logs", sep="=", red=True)
    for item in found[:MOST_SHOWN]:
        terminalreporter.write_line(f"{item.test}  ({item.where})", bold=True)
        terminalreporter.write_line(item.traceback)
        terminalreporter.write_line("")
    if len(found) > MOST_SHOWN:
        terminalreporter.write_line(f"... and {len(found) - MOST_SHOWN} more")
    tests = sorted({item.test for item in found})
    terminalreporter.write_line(
        f"{len(found)} traceback(s) logged, in {len(tests)} test(s): the run fails", red=True
    )
