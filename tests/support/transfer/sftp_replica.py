"""Helpers of tests/transfer/test_sftp_replica.py."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.support.serve_workers import free_port


def serve(tmp_path, env: dict, *more: str) -> subprocess.Popen:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(tmp_path / "live.db"), "--replicate-interval", "200ms", *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    process.port = port  # type: ignore[attr-defined]
    return process


def sent(root: Path) -> list[tuple[str, int]]:
    """The replica's files on the SFTP host, with their sizes."""
    found = []
    for path in root.rglob("*.ltx"):
        try:
            found.append((str(path), path.stat().st_size))
        except FileNotFoundError:  # compacted away while we looked
            continue
    return sorted(found)


def settled(root: Path, quiet: float = 1.0, seconds: float = 30) -> None:
    """Waits until the replica's files have not changed for ``quiet`` seconds."""
    deadline = time.monotonic() + seconds
    last, since = sent(root), time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - since < quiet:
        time.sleep(0.1)
        now = sent(root)
        if now != last:
            last, since = now, time.monotonic()


def command_line(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
