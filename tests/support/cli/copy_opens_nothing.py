"""Helpers of tests/cli/test_copy_opens_nothing.py."""

from __future__ import annotations

import sqlite3
import urllib.request
from pathlib import Path

from tests.support.groups_privacy import Browser
from tests.support.shared import NoRedirect


def sealed_values(path: Path) -> list[str]:
    """Every sealed invite and view link the database file ``path`` stores."""
    with sqlite3.connect(path) as stored:
        found = [
            value
            for (value,) in stored.execute(
                "SELECT invite_sealed FROM groups UNION ALL SELECT view_sealed FROM games"
            )
        ]
    stored.close()
    return found


def tokens_of(group: dict, game: dict) -> tuple[str, str]:
    """(the invite token, the view token) the API's links carry."""
    invite = urllib.parse.urlparse(group["join_url"]).path.removeprefix("/join/")
    view = urllib.parse.urlparse(game["view_url"]).path.removeprefix("/view/")
    return invite, view


def opens(base: str, invite: str, view: str) -> tuple[int, int]:
    """(what the invite link answers a new phone, what the view link answers another)."""
    joining = Browser(base).get(f"/join/{invite}")[0]
    viewer = Browser(base)
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPCookieProcessor(viewer.jar))
    address = f"{base}/view/{view}"
    for _hop in range(2):
        try:
            with opener.open(urllib.request.Request(address), timeout=30) as answer:
                return joining, answer.status
        except urllib.error.HTTPError as error:
            # A value holding "/" (quoted as %2F) reaches the server as "//"; Werkzeug
            # answers 308 to the path with the slashes merged. Follow that one hop: what
            # it lands on is what the link opens.
            if error.code != 308:
                return joining, error.code
            address = urllib.parse.urljoin(address, error.headers["Location"])
    return joining, 308


def stored_bytes(folder: Path) -> bytes:
    """Every byte of the database's own files (the file, its -wal and -shm)."""
    return b"".join(
        path.read_bytes()
        for path in sorted(folder.iterdir())
        if path.is_file() and path.name.startswith("scorekeeper.db")
    )


def copy_of(source: Path, target: Path) -> None:
    """A consistent copy of the database file alone, as a backup or a thief takes it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(source) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
    live.close()
    copy.close()
