"""Where a test run's files go (a pytest plugin, loaded by ``tests/conftest.py``): a
memory file system when the machine has one with room, else the usual temporary folder.

Each test's SQLite file is a real file either way, written with ``synchronous = FULL``
as the app writes it; on a disk every commit waits for its ``fdatasync`` (a few
milliseconds on a busy one, some ten a test), on ``/dev/shm`` it does not. A passed
test's folder is removed as it ends (``tmp_path_retention_policy`` in pyproject.toml),
so that the run holds only the failed tests' files. ``--basetemp`` or
``PYTEST_DEBUG_TEMPROOT`` choose the place themselves."""

from __future__ import annotations

import os
import tempfile

import pytest

MEMORY = "/dev/shm"
ROOM = 2 << 30  # bytes free the memory file system needs: a run's live files, many times over


def in_memory(folder: str = MEMORY, room: int = ROOM) -> bool:
    """Whether ``folder`` is a writable file system with ``room`` bytes free."""
    try:
        found = os.statvfs(folder)
    except OSError:
        return False
    return os.access(folder, os.W_OK | os.X_OK) and found.f_bavail * found.f_frsize >= room


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config) -> None:
    """Points the temporary folder of this process and of what it starts (pytest-xdist's
    workers, Chromium's profiles, servers in their own processes) at ``MEMORY``: before
    any other plugin's set-up makes a folder of its own there (``tracebacks``' logs, where
    each test's name is written as it starts, three times a test, a fifth of a
    millisecond's CPU and some milliseconds' wait each on a busy disk)."""
    if config.option.basetemp or os.environ.get("PYTEST_DEBUG_TEMPROOT"):
        return
    if os.environ.get("PYTEST_XDIST_WORKER") or not in_memory():
        return  # a worker is given its folder by the run that started it
    os.environ["TMPDIR"] = MEMORY
    tempfile.tempdir = None  # read again from TMPDIR
