"""Helpers of tests/cli/test_secrets_at_start.py."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import urllib.parse
from pathlib import Path

from tests.support.serve_workers import answer


def token_of(url: str) -> str:
    return urllib.parse.urlparse(url).path.rsplit("/", 1)[1]


def restored(kept: tuple[Path, dict], target: Path, with_secrets: bool = True) -> Path:
    """The backup copied to ``target`` (a folder), with or without its secrets folder."""
    source, _links = kept
    target.mkdir(exist_ok=True)
    with (
        contextlib.closing(sqlite3.connect(source)) as live,
        contextlib.closing(sqlite3.connect(target / source.name)) as copy,
    ):
        live.backup(copy)  # what the log holds too, as a backup copies it
    if with_secrets:
        shutil.copytree(f"{source}-secrets", target / f"{source.name}-secrets")
    return target / source.name


def opens(port: int, links: dict) -> tuple[int, int]:
    return (
        answer(port, "GET", f"/join/{links['invite']}").status,
        answer(port, "GET", f"/view/{links['view']}").status,
    )
