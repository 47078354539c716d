"""The links a page, a QR code or the API gives another phone: the address other phones
reach this server by (never a ``Host`` a client sent, unless nothing better is known), a
game's view and edit links, and their QR codes (segno, SVG). Shared by every area that
shows or answers a link (a game's sharing, a group's invite, a club night's tables, the
API)."""

from __future__ import annotations

import functools
import ipaddress
from urllib.parse import urlsplit

import segno
from flask import current_app, request, url_for
from markupsafe import Markup, escape

from .. import db

# The config key ``scorekeeper serve --host 0.0.0.0`` sets to the address other phones use.
LAN_URL = "LAN_URL"


# The config keys ``serve`` sets: its own addresses (as it prints them), and how many
# reverse proxies it trusts.
SERVER_URLS = "SERVER_URLS"
PROXIES = "PROXIES"


def public_root() -> str:
    """The address to put in links and QR codes, ending in ``/``.

    Never the ``Host`` a client sent, unless nothing better is known (issue 29): any client
    can send any ``Host``, and a page built from it would be another page to keep. So the
    address configured (``serve --public-url``) comes first; then, under ``serve``, the
    host a trusted proxy forwarded, or the address the phone opened when it is one of the
    server's own, else the server's own (the LAN address when there is one). Built without
    ``serve`` (tests, another WSGI server), the request's. A phone cannot reach this
    machine by its loopback name, so a page opened there shows the LAN address, if any.
    """
    config = current_app.config
    if config.get("PUBLIC_URL"):
        return config["PUBLIC_URL"].rstrip("/") + "/"
    root = request.host_url
    own = config.get(SERVER_URLS)
    if own and not config.get(PROXIES) and root not in own:
        root = own[-1]
    lan = config.get(LAN_URL)
    host = urlsplit(root).hostname or ""
    if lan and (host == "localhost" or _is_loopback(host)):
        return lan.rstrip("/") + "/"
    return root


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def public_url(path: str) -> str:
    """``path`` (of this app, as ``url_for`` gives it) as another phone opens it."""
    return public_root() + path.lstrip("/")


def view_url(game: db.StoredGame) -> str:
    """The read-only link to a game, as another phone at the table can open it: its view
    token (never the sequential id alone) lets whoever opens it see the game."""
    return public_url(url_for("groups.view", token=game.view_token))


def edit_url(game_id: int, key: str) -> str:
    """The link that lets a phone record hands in a game."""
    return public_root() + url_for("games.edit_link", game_id=game_id, key=key).lstrip("/")


@functools.lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    """The QR code of ``url`` as an SVG element: dark modules on white with the quiet zone,
    so that it scans on a dark page too. Its size comes from CSS (``svg.qr``)."""
    return segno.make(url, error="m").svg_inline(
        dark="#000", light="#fff", omitsize=True, svgclass="qr", lineclass=None
    )


def qr_markup(url: str, label: str) -> Markup:
    """The QR code inline in a page, named for screen readers."""
    # segno's SVG is numbers only; the label is escaped.
    return Markup(qr_svg(url).replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))
