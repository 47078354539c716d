"""Loaded by every Python process a test starts (``tests/support/tracebacks.py`` puts this
folder on their ``PYTHONPATH``): what the process writes to its standard error (its log:
a server's, gunicorn's, waitress's, an uncaught exception's traceback) also goes to a file
of its own in ``$SUITE_TRACEBACK_LOGS``, headed by the test that started it, for the
check at the end of the run. Nothing else of the process changes."""

from __future__ import annotations

import os
import sys
import uuid


class _Copied:
    """A text stream that writes through to ``stream`` and, at once, to ``copy``."""

    def __init__(self, stream, copy) -> None:
        self._stream = stream
        self._copy = copy

    def write(self, text: str) -> int:
        try:
            self._copy.write(text)
            self._copy.flush()
        except (OSError, ValueError):  # the folder gone with the run: the stream goes on
            pass
        return self._stream.write(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _test(folder: str) -> str:
    """The test that started this process: its environment's, else the one its parent
    (the test process) says it runs."""
    if os.environ.get("PYTEST_CURRENT_TEST"):
        return os.environ["PYTEST_CURRENT_TEST"]
    try:
        with open(os.path.join(folder, f"current-{os.getppid()}"), encoding="utf-8") as current:
            return current.read()
    except OSError:
        return "(a test's process)"


def _copy_standard_error(folder: str) -> None:
    try:
        copy = open(  # noqa: SIM115 - open for the process's life
            os.path.join(folder, f"child-{os.getpid()}-{uuid.uuid4().hex[:8]}.log"),
            "a",
            encoding="utf-8",
            errors="replace",
        )
    except OSError:
        return
    copy.write(f"# test: {_test(folder)}\n")
    copy.write(f"# command: {' '.join(getattr(sys, 'orig_argv', sys.argv))}\n")
    copy.flush()
    if sys.stderr is not None:
        sys.stderr = _Copied(sys.stderr, copy)


if os.environ.get("SUITE_TRACEBACK_LOGS"):
    _copy_standard_error(os.environ["SUITE_TRACEBACK_LOGS"])
