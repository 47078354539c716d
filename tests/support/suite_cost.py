"""Helpers of tests/app/test_suite_cost.py."""

from __future__ import annotations

import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def workers_of(tmp_path, module: str, hooks: str) -> set[str]:
    """The workers a ``--dist loadgroup`` run on two workers ran the tests of ``module``
    that write ``ran-<n>`` on, with this suite's ``hooks``."""
    import subprocess
    import sys

    (tmp_path / "conftest.py").write_text(
        f"from tests.support.scheduling import {hooks}  # noqa: F401\n"
    )
    (tmp_path / "test_grouped.py").write_text(module)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "2",
            "--dist",
            "loadgroup",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return {(tmp_path / f"ran-{n}").read_text() for n in range(6)}
