"""Helpers of tests/cli/test_replica_password.py."""

from __future__ import annotations

import subprocess
import sys

from tests.support.backup import ENV

# Without any replica settings the machine running the tests may have.
CLEAN = {name: value for name, value in ENV.items() if "SCOREKEEPER_REPLICA" not in name}


def run(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        capture_output=True,
        text=True,
        env=env or CLEAN,
        timeout=60,
        check=False,
    )
