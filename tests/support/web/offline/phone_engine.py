"""Helpers of tests/web/offline/test_phone_engine.py."""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path
from typing import Any

from scorekeeper import db
from scorekeeper.engine.core.play import random_game
from tests.support.play import simulates


def fake_library() -> bytes:
    """A standard library zip of one documented module and one data file."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("json/__init__.py", '"""JSON."""\n\nimport os  # said\nX = 1\n')
        archive.writestr("json/py.typed", "")
    return buffer.getvalue()


def fake_files(names) -> dict[str, bytes]:
    return {
        name: fake_library() if name == "python_stdlib.zip" else name.encode() * 100
        for name in names
    }


def fake_tarball(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def snapshot_of(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder``, with its size and time of change."""
    return {
        path.relative_to(folder).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in folder.rglob("*")
        if path.is_file()
    }


def every_address(urls: dict[str, Any]) -> dict[str, str]:
    """The built files' addresses by their logical name (``phone_build``'s manifest)."""
    found = {"engine": urls["engine"], "stdlib": urls["stdlib"], "worker": urls["worker"]}
    return found | {f"words-{language}": url for language, url in urls["words"].items()}


def hand_bodies(rules, settings, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` legal hands of one game in a row (fewer for a game that ends first)."""
    if simulates(rules):
        deals = rules.simulation.deals(settings, count, seed=seed, bots=rules.simulation.bots[0])
        return [rules.simulation.record_of(deal).to_dict() for deal in deals]
    bodies = []
    for placed in random_game(rules, settings, count, seed, first_dealer=0):
        if placed.game:
            break
        bodies.append(placed.record.to_dict())
    return bodies


def request_of(game: db.StoredGame) -> dict[str, Any]:
    return {"game": game.game, "seats": len(game.players), "settings": game.settings.to_dict()}
