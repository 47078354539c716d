"""Helpers of tests/engine/test_json_memory.py."""

from __future__ import annotations

import subprocess
import sys

# A megabyte of zeros: the value is a list of 500,000 references (4 MB). Issue 54's 5 MB
# body (benchmarks/body_memory.py: 30 MB after, 218 MB before) is this one five times,
# which the bound below scales to: at most 10 bytes of memory for a byte of body.
COUNT = 500_000


# The peak is measured in a Python of its own: tracemalloc counts every thread's memory, and
# a live server or a phone another test of this worker left running allocates too.
CHILD = f"""
import sys, tracemalloc
from scorekeeper.json_input import JsonProblem, loads
zeros = ("[" + ",".join(["0"] * {COUNT}) + "]").encode()
text = {{"bytes": zeros, "text": zeros.decode(), "long": zeros[:-1] + b"," + b"9" * 30 + b"]"}}
text = text[sys.argv[1]]
tracemalloc.start()
try:
    said = len(loads(text))
except JsonProblem as problem:
    said = problem.field
print(tracemalloc.get_traced_memory()[1], said)
"""


def _peak(body: str) -> tuple[int, str]:
    """The peak of memory traced while ``loads`` reads the body named, and what it said:
    the length of the value read, or the field it refused."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, body], capture_output=True, text=True, check=True
    )
    peak, said = done.stdout.split()
    return int(peak), said


def _nested(depth: int, inside: str = "0") -> str:
    return "[" * depth + inside + "]" * depth
