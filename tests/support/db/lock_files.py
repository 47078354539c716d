"""Helpers of tests/db/test_lock_files.py."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)
