"""Helpers of tests/app/test_timed.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TIMED = Path(__file__).parents[2] / "scripts" / "timed.py"

# A command that spends CPU in a child of its own (as pytest's workers and Chromium are the
# command's grandchildren), says how much, and ends with the code it is given.
BUSY = """
import subprocess, sys, time
subprocess.run([sys.executable, "-c", "sum(i * i for i in range(3_000_000))"], check=True)
sum(i * i for i in range(3_000_000))
import resource
own = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime)
sys.exit(int(sys.argv[1]))
"""


def timed(code: int) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, str(TIMED), "the suite", sys.executable, "-c", BUSY, str(code)],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout
