"""The installable web app: its manifest, the service worker and the page it shows offline.

The service worker (static/sw.js) is served from the site's root so that its scope is
the whole site. This module puts in front of it the list of app-shell files it stores
on install, with their content-hashed URLs, and a version made from them: a new release
changes the list, so phones fetch the new worker and drop the old shell.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from flask import Response, current_app, render_template, request, url_for
from flask_babel import gettext as _

from ..access import FORGET_HEADER
from ..i18n import RTL_LANGUAGES, current_language
from ..responses import COPY_HEADER, EDIT_LINK, SAID_ONCE_HEADER
from ..weight import light
from .blueprint import bp

# The colours of the light theme (static/app.css): the splash screen and the status bar.
BACKGROUND = "#f5f3ee"
THEME = "#0a6b4d"
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
)
WORKER = "sw.js"
KEPT_STORE = "kept-store.js"
# Shell files the worker stores at once: what every page (base.html) uses, and the small
# icon. The other scripts and stylesheets (the hand form's, the print sheet's) are stored
# as pages use them, and pages as they are opened: a first visit downloads only its own.
SHELL_FILES = ("app.css", "app.js", "icons/icon-192.png")
# Routes whose answers carry a game's edit key, in their address or in the page: the
# worker leaves them to the network and keeps nothing of them (they are no-store too).
KEYED_ENDPOINTS = frozenset(
    {
        "games.edit_link",
        "games.edit_code",
        "games.edit_qr",
        "games.new_edit_link",
        # A group's invite link, and the pages that show it or make a new one (issue 21).
        "groups.join_group",
        "groups.invite",
        "groups.new_invite",
    }
)


def _static_url(filename: str) -> str:
    return current_app.jinja_env.globals["static_url"](filename)


@light
@bp.get("/manifest.webmanifest")
def manifest():
    """The web app manifest, in the player's language."""
    language = current_language()
    body = {
        "name": _("Scorekeeper for Israeli Whist"),
        "short_name": _("Scorekeeper"),
        "description": _("Keeps the score of Israeli Whist at the card table."),
        "lang": language,
        "dir": "rtl" if language in RTL_LANGUAGES else "ltr",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": _static_url(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def shell_urls() -> list[str]:
    """What the worker stores on install: the app shell and the offline page."""
    return [*(_static_url(f) for f in SHELL_FILES), url_for("offline.offline_page")]


def _rule_pattern(rule: str, variable: str) -> str:
    """A route (``/games/<int:game_id>/edit/<key>``) as a regular expression that reads
    the same in Python and JavaScript, each variable matching ``variable``."""
    return re.sub(r"<[^>]+>", lambda _: variable, re.escape(request.script_root + rule))


def keyed_paths() -> str:
    """A regular expression for the paths that carry an edit key (KEYED_ENDPOINTS)."""
    rules = sorted(
        _rule_pattern(rule.rule, "[^/]+")
        for rule in current_app.url_map.iter_rules()
        if rule.endpoint in KEYED_ENDPOINTS
    )
    return "^(?:" + "|".join(rules) + ")$"


def edit_link_in_page() -> str:
    """A regular expression that finds an edit link inside a page."""
    rules = [r.rule for r in current_app.url_map.iter_rules() if r.endpoint == EDIT_LINK]
    return "|".join(_rule_pattern(rule, "[^/\"'<>\\s]+") for rule in rules)


@light
@bp.get("/sw.js")
def service_worker():
    """The service worker, from the root so that it may serve every page of the site."""
    shell = shell_urls()
    folder = Path(current_app.static_folder or "static")
    # The kept games' storage (KeptStore), the page's own script, in front of the worker's:
    # in its one response, so that a phone that keeps no game fetches nothing of it.
    script = "\n".join((folder / name).read_text(encoding="utf-8") for name in (KEPT_STORE, WORKER))
    constants = (
        f"const SHELL = {json.dumps(shell)};\n"
        f"const OFFLINE = {json.dumps(url_for('offline.offline_page'))};\n"
        f"const KEYED = new RegExp({json.dumps(keyed_paths())});\n"
        f"const EDIT_LINK = new RegExp({json.dumps(edit_link_in_page())});\n"
        f"const FORGET = {json.dumps(FORGET_HEADER)};\n"
        f"const COPY = {json.dumps(COPY_HEADER)};\n"
        f"const SAID_ONCE = {json.dumps(SAID_ONCE_HEADER)};\n"
    )
    version = hashlib.sha256((constants + script).encode()).hexdigest()[:12]
    body = f"{constants}const VERSION = {json.dumps(version)};\n{script}"
    response = Response(body, mimetype="text/javascript")
    # Browsers check for a new worker on each visit; never let a cache answer for it.
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@light
@bp.get("/offline", endpoint="offline_page")
def offline():
    """What the service worker shows for a page this phone never opened while online."""
    response = Response(render_template("offline.html"))
    response.headers["Cache-Control"] = "no-cache"
    return response
