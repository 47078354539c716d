"""The page a phone shows for a game it keeps to go on without the network (issue 34).

``GET /games/<id>/kept`` is a shell: the page's words in its language, the question whose
phone it is (``templates/_kept.html``: asked on this page once a hand is recorded here, for
a phone the server knows no name of; never before the game is kept: issue 56), the
addresses ``static/keep.js`` needs (the snapshot and the batch of ``web/offline/routes.py``, the
engine of ``web/offline/phone_engine.py``, the scripts with their sizes and digests). It holds no
hand, no total and no key: the engine in the phone draws the scoreboard, the hand form and
the kept views from the snapshot and the queue keep.js keeps in IndexedDB. keep.js stores
this page in Cache Storage when the game is kept, and the service worker shows it for the
game's scoreboard and hand form when the server cannot be reached.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from flask import current_app, render_template, url_for

from ... import db
from ...engine.pages import kept
from ..access import edit_required
from ..i18n import current_language
from ..responses import PRIVATE
from ..weight import light
from .blueprint import bp
from .engine_files import (
    DOWNLOADED,
    ENCODINGS,
    build_folder,
    built,
    encoding_taken,
    pyodide_folder,
    sent_size,
    urls,
)

# The scripts and stylesheet the kept page runs on, stored with it.
ASSETS = (
    "app.css",
    "app.js",
    "hand.js",
    "draft.js",
    "kept-store.js",
    "phone-engine.js",
    "keep-drawn.js",
    "kept-copy.js",
    "keep.js",
    "icons/icon-192.png",
)


def _size(path: Path) -> int:
    """The bytes of a file, or 0 for one not there (a server without ``make pyodide``:
    Keep then fails on its download and says so, and nothing is kept)."""
    return path.stat().st_size if path.is_file() else 0


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's bytes as a phone holds them once downloaded (decoded), in
    hex; "" for a file not there. A phone stores a downloaded file only when its bytes
    have this digest, and uses a stored one only while they still have it (issue 56): a
    file planted in its cache, or cut short, is fetched again."""
    if not path.is_file():
        return ""
    found = path.stat()
    return _sha256(str(path), found.st_mtime_ns, found.st_size)


@functools.lru_cache(maxsize=64)
def _sha256(path: str, _mtime_ns: int, _size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _static(filename: str) -> dict[str, Any]:
    folder = Path(current_app.static_folder or "static")
    url = current_app.jinja_env.globals["static_url"](filename)
    return {"url": url, "size": _size(folder / filename), "sha256": sha256_of(folder / filename)}


def _sent(path: Path) -> int:
    """The bytes a file of Pyodide's takes over the wire to this browser: its compressed
    copy's it takes best, else its own."""
    stored = [
        name for name, suffix in ENCODINGS.items() if _size(path.with_name(path.name + suffix))
    ]
    encoding = encoding_taken(stored)
    return _size(path.with_name(path.name + ENCODINGS[encoding]) if encoding else path)


def page_engine() -> dict[str, Any]:
    """The engine's addresses (``phone_engine.urls``) with the words files cut to the one
    of this page's language (none for English): what the kept page's worker loads."""
    engine = urls()
    language = current_language()
    engine["words"] = {name: url for name, url in engine["words"].items() if name == language}
    return engine


def downloads() -> list[dict[str, Any]]:
    """Everything a phone stores to go on alone, each with the bytes it holds once
    downloaded (``size``: a progress bar's measure) and, where they differ, the bytes sent
    for it to this browser (``sent``: Pyodide's files and the built ones go compressed;
    what Keep says it took): the engine (Pyodide, its standard library cut for the
    engine, the worker, the engine's zip, the words file of the page's language:
    ``page_engine``) and the page's own scripts. A file not built (no ``make phone``)
    counts 0 bytes: Keep fails on its download and says so."""
    engine = page_engine()
    folder = pyodide_folder()
    found = [
        {
            "url": engine["pyodide"] + name,
            "size": _size(folder / name),
            "sent": _sent(folder / name),
            "sha256": sha256_of(folder / name),
        }
        for name in DOWNLOADED
    ]
    files = built()
    named = [("stdlib", engine["stdlib"]), ("worker", engine["worker"])]
    named.append(("engine", engine["engine"]))
    named += [(f"words-{language}", url) for language, url in engine["words"].items()]
    for logical, url in named:
        entry = files.get(logical)
        if logical == "stdlib" and entry is None:
            continue  # no Pyodide fetched: its own files fail Keep's download first
        size = entry["size"] if entry else 0
        digest = sha256_of(build_folder() / entry["name"]) if entry else ""
        found.append(
            {"url": url, "size": size, "sent": sent_size(entry) if entry else 0, "sha256": digest}
        )
    return found + [_static(name) for name in ASSETS]


def current_build(listed: list[dict[str, Any]]) -> list[str]:
    """The addresses of every file of the engine's build this server serves and of the
    kept page's scripts (``listed``: ``downloads``), with the words of every language:
    what a phone keeps of the engine (``kept-engine``). Keep removes every other file
    stored there (``static/keep.js``), so the phone holds one build, whatever builds,
    Pyodide releases and scripts it kept before; the words of every language stay, for
    a game kept in another language."""
    return sorted({*(item["url"] for item in listed), *urls()["words"].values()})


# Started by app.js with the request for keep.js (the Keep button lists them), not two
# round trips later, once the kept page has named them: 4 s less on Slow 3G (issue 44).
# The largest two only: over HTTP/1.1 a browser opens six connections to a server, and
# keep.js, the kept page, the snapshot and the live poll need theirs meanwhile.
EARLY = 2


@bp.app_template_global()
def kept_early() -> str:
    """The files Keep downloads first, the largest sent, for the Keep button: each as its
    address and the SHA-256 of its bytes (``address#digest``, space separated), the same
    for every game. app.js has the service worker download them (static/sw.js), which
    stores each file whole and checked, whatever page the phone goes to meanwhile."""
    found = sorted(downloads(), key=lambda item: -item.get("sent", item["size"]))
    return " ".join(f"{item['url']}#{item['sha256']}" for item in found[:EARLY] if item["size"])


@light
@bp.get("/games/<int:game_id>/kept")
@edit_required
def kept_page(game_id: int, game: db.StoredGame):
    """The shell of a kept game's offline scoreboard and hand form (see the module)."""
    setup = {
        "id": game_id,
        "language": current_language(),
        "snapshot": url_for("offline.snapshot", game_id=game_id),
        "send": url_for("offline.send_hands", game_id=game_id),
        "page": url_for("offline.kept_page", game_id=game_id),
        "scoreboard": url_for("games.scoreboard", game_id=game_id),
        "engine": page_engine(),
        "hand": current_app.jinja_env.globals["static_url"]("hand.js"),
        "draft": current_app.jinja_env.globals["static_url"]("draft.js"),
        # The server's form for the next hand, whose taps the kept page's form keeps too.
        "form": url_for("games.record_hand", game_id=game_id),
        "downloads": downloads(),
    }
    setup["build"] = current_build(setup["downloads"])
    page = render_template("kept.html", game=game, setup=setup, players=kept.whose(game.seated))
    response = current_app.make_response(page)
    response.headers["Cache-Control"] = PRIVATE
    return response
