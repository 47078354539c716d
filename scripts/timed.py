"""Runs a command and says, once it is over, how long it took and the CPU it cost
(issue 82: ``make test`` reports its own time and CPU). Standard library only: it runs
before the virtual environment is made.

    python3 scripts/timed.py "make test" make suite

The CPU is every process of the command's tree that ended before it did (the kernel
counts a child's CPU, and its own children's, once it is waited for): the test workers,
the servers and command lines they start, Chromium and its renderers. Its exit code is
the command's.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time


def minutes(seconds: float) -> str:
    """``seconds`` as minutes and seconds: ``20:40``."""
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print("usage: timed.py NAME COMMAND [ARGUMENT…]", file=sys.stderr)
        return 2
    name, command = argv[0], argv[1:]
    started = time.monotonic()
    try:
        code = subprocess.call(command)
    except OSError as error:
        print(f"{name}: {command[0]} could not be run: {error}", file=sys.stderr)
        return 127
    wall = time.monotonic() - started
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = used.ru_utime + used.ru_stime
    cores = os.cpu_count() or 1
    print(
        f"{name} took {minutes(wall)} ({wall:.0f} s) of wall time and {cpu:,.0f} CPU-s "
        f"on {cores} cores (exit {code})",
        flush=True,
    )
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
