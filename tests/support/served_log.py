"""``scorekeeper serve`` in a process of its own with its log in a file, for the tests of
what a host's mistake or a planted file does to it (issue 66: its lock files, its
secrets): started or refused, asked over real HTTP, its log read."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.support.backup import ENV
from tests.support.serve_workers import answer, free_port, wait_for


@dataclass
class Served:
    port: int
    process: subprocess.Popen
    log: Path

    def said(self) -> str:
        """Everything the server wrote so far."""
        return self.log.read_text(errors="replace")


def _command(database: Path, port: int, options: tuple[str, ...]) -> list[str]:
    return [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)] + [
        "--db",
        str(database),
        *options,
    ]


def _umask(mask: int | None):
    return None if mask is None else (lambda: os.umask(mask))


@contextlib.contextmanager
def serving(
    database: Path, *options: str, umask: int | None = None, env: dict | None = None
) -> Iterator[Served]:
    """``serve`` on ``database`` (with ``options``, under ``umask``), once it listens;
    stopped at the end."""
    port = free_port()
    log = database.parent / f"{database.name}-serve.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            _command(database, port, options),
            stdout=output,
            stderr=subprocess.STDOUT,
            env=env or ENV,
            preexec_fn=_umask(umask),  # noqa: PLW1509
        )
    try:
        wait_for(port, process)
        assert answer(port, "GET", "/healthz").status == 200
        yield Served(port, process, log)
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(60)


def refused(database: Path, *options: str, env: dict | None = None) -> tuple[int, str]:
    """``serve`` on ``database`` when it must not start: its exit status and output."""
    done = subprocess.run(
        _command(database, free_port(), options),
        capture_output=True,
        text=True,
        env=env or ENV,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr
