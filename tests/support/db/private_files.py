"""Helpers of tests/db/test_private_files.py."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

from tests.support.backup import ENV


def scorekeeper(umask: int, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=120,
        check=False,
        umask=umask,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def mode(path: Path) -> str:
    return oct(stat.S_IMODE(path.stat().st_mode))


def open_to_others(folder: Path) -> dict[str, str]:
    """Everything under ``folder`` (and the folder) that group or others may reach."""
    found = {}
    for path in [folder, *folder.rglob("*")]:
        if path.is_symlink():
            continue
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            found[str(path.relative_to(folder.parent))] = mode(path)
    return found
