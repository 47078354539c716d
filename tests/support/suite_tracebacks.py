"""Helpers of tests/app/test_suite_tracebacks.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.tracebacks import CHILD_HOOK, FOLDER

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    """pytest with the plugin alone on a test file holding ``source``, in its own process,
    away from this run's own check."""
    (tmp_path / "test_case.py").write_text(source)
    hook = str(CHILD_HOOK)
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in (FOLDER, "PYTEST_XDIST_WORKER", "PYTEST_CURRENT_TEST", "PYTEST_ADDOPTS")
    }
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != hook]
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *paths])
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.support.tracebacks", "-q", "-p"]
        + ["no:cacheprovider", "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
