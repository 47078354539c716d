"""What every response gets: security headers, gzip for pages and JSON, cache-busted
static URLs. Phones at a card table are often on weak Wi-Fi, so pages travel compressed.

A response that carries a game's edit key, in its body or in its own address, is never
stored by any cache: it gets ``Cache-Control: private, no-store`` here, whichever view
made it, and the shared page cache refuses it. Building an edit link with ``url_for``
is what marks a response, so no view has to remember to.

Every other answer is ``private, no-store`` too unless its view chose its own
``Cache-Control`` (a scoreboard is ``private, no-cache``, so the phone keeps it to read
offline; a static file is cached for a year): a page of a group's data is never kept
by accident. A request that came over HTTPS (directly, or through a proxy that
``serve --proxy`` trusts) gets ``Strict-Transport-Security`` and a ``Secure`` session
cookie (``SessionInterface``). An answer a shared cache may keep (a static or engine file,
the manifest, the service worker) never carries the session cookie, whatever the request
changed in the session (``shared_cacheable``).

Pages and JSON are gzipped when the request's ``Accept-Encoding`` takes gzip at a quality
above zero (Werkzeug's parse of its q-values: ``gzip;q=0`` is a refusal, ``*`` a yes).
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, g, has_request_context, request, url_for
from flask.sessions import SecureCookieSessionInterface
from werkzeug.urls import iri_to_uri

from ..lru import Lru
from .access import session_saved, stale_session
from .chart import STYLE_CSP_SOURCE

CONTENT_SECURITY_POLICY = (
    # Scripts named on their own: a refusal then names the rule it broke ("script-src"),
    # not the fallback (issue 43).
    f"default-src 'self'; script-src 'self'; style-src 'self' {STYLE_CSP_SOURCE}; "
    "img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# A year, as browsers' HSTS preload lists ask; subdomains are not this app's to speak for.
STRICT_TRANSPORT_SECURITY = "max-age=31536000"
# The browser features a page may use: the screen wake lock on a game's pages, nothing else.
# Only features Chromium knows: one it does not ("bluetooth", which Chromium builds without
# Web Bluetooth do not list) is logged as an error on every page, and a page that cannot use
# it needs no word on it (tests/support/live.watched_page fails a page that logs anything).
PERMISSIONS_POLICY = (
    "screen-wake-lock=(self), camera=(), microphone=(), geolocation=(), payment=(), "
    "usb=(), serial=(), accelerometer=(), gyroscope=(), magnetometer=()"
)
COMPRESSIBLE = ("text/html", "application/json", "text/plain")
MIN_GZIP_BYTES = 600


def init_app(app: Flask) -> None:
    bodies = _static_bodies(Path(app.static_folder or "static"))
    hashes = {name: hashlib.sha256(body.raw).hexdigest()[:10] for name, body in bodies.items()}
    app.extensions["scorekeeper.static"] = bodies

    def static_url(filename: str) -> str:
        """The URL of a static file with its content hash, so it can be cached for a year."""
        return url_for("static", filename=filename, v=hashes.get(filename, "0"))

    app.jinja_env.globals["static_url"] = static_url
    app.extensions["scorekeeper.pages"] = PageCache(app.config["PAGE_CACHE_SIZE"])
    app.url_defaults(_note_edit_links)
    app.after_request(_finish)
    app.session_interface = SessionInterface()


# The header the service worker (static/sw.js) puts on a page it fetches in the background
# to keep a copy, not for the phone to show.
COPY_HEADER = "Scorekeeper-Copy"
# Marks a page that is not kept only because it shows a message once (the scoreboard after
# a save): the phone's service worker fetches it again, as a COPY, to keep the page
# without the message. Every other page not to be kept is fetched once.
SAID_ONCE_HEADER = "Scorekeeper-Said-Once"


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed cookie session, marked ``Secure`` whenever the request came over
    HTTPS (``SESSION_COOKIE_SECURE`` makes it so always).

    A background copy (COPY_HEADER) never writes the cookie: it started from the cookie
    the phone had then, and a page the phone opened meanwhile (a form with its CSRF
    token, a message to show once) may have changed it since; answering with the older
    cookie would undo that, and the form's Save would be refused as expired.

    A static file (at its content's hash) is the same whoever asks: it answers without
    ``Vary: Cookie``, which Flask adds once a ``before_request`` has read the session. With
    it, a phone's HTTP cache held the file only for the cookie it was first fetched with,
    and the first page to set a new one (a CSRF token) made it fetch every file again:
    Keep fetched app.css, app.js, keep.js and hand.js again on Slow 3G, 43 kB (issue 44).

    No answer a shared cache may keep (``shared_cacheable``: a static file, an engine
    file, the manifest) carries the cookie, whatever the request changed in the session
    (a CSRF secret given to a cookie from before, a removed phone's message): a proxy
    would hand that cookie, the phone's session, to everyone it gives the file to. What
    the request changed waits for the phone's next private answer. Nor does an answer to
    a request still holding a token renewed a moment ago (``access.stale_session``): its
    cookie, sent after the new one, would put back a token that names no phone."""

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        if has_request_context():
            if request.headers.get(COPY_HEADER) or shared_cacheable(response):
                return
            if self.should_set_cookie(app, session) and stale_session():
                return  # (a session left as it came writes nothing: no need to ask)
        super().save_session(app, session, response)
        if has_request_context():
            session_saved()

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (
            has_request_context() and request.is_secure
        )


def shared_cacheable(response: Response) -> bool:
    """True when a shared cache (a proxy, the venue's cache) may keep ``response`` to give
    to others: its ``Cache-Control`` says neither ``private`` nor ``no-store``, or it has
    none but a ``Last-Modified`` to reckon a freshness from (RFC 9111 4.2.2). Asked once
    every ``after_request`` ran (``_finish`` made every answer private but static files)."""
    if "Cache-Control" not in response.headers:
        return "Last-Modified" in response.headers
    control = response.cache_control
    return not (control.private or control.no_store)


def accepts_gzip() -> bool:
    """True when the request's ``Accept-Encoding`` takes gzip (at a quality above zero,
    by Werkzeug's parse: ``gzip;q=0`` refuses it, ``*`` takes it)."""
    return request.accept_encodings.quality("gzip") > 0


# The route of the edit link; its ``key`` is the game's edit key.
EDIT_LINK = "games.edit_link"
PRIVATE = "private, no-store"


def _note_edit_links(endpoint: str, values: dict) -> None:
    """Runs for every ``url_for``: building an edit link marks this response private."""
    if endpoint == EDIT_LINK and values.get("key"):
        g.carries_edit_key = True


def carries_edit_key() -> bool:
    """True when this response holds an edit key: an edit link was built for it, or its
    own address holds one (``/games/<id>/edit/<key>``)."""
    return bool(g.get("carries_edit_key")) or "key" in (request.view_args or {})


@dataclass(frozen=True, slots=True)
class CachedPage:
    """A rendered page, plain and gzipped."""

    body: bytes
    gzipped: bytes
    # It holds an edit key: it may be sent to its own request, never kept for others.
    private: bool = False

    @classmethod
    def of(cls, html: str) -> CachedPage:
        body = html.encode()
        return cls(body, gzip.compress(body, compresslevel=6), bool(g.get("carries_edit_key")))

    def response(self) -> Response:
        """The page as a response, gzipped when the browser accepts it."""
        if accepts_gzip():
            response = Response(self.gzipped, mimetype="text/html")
            response.headers["Content-Encoding"] = "gzip"
        else:
            response = Response(self.body, mimetype="text/html")
        response.headers.add("Vary", "Accept-Encoding")
        return response


class PageCache(Lru):
    """Rendered pages keyed by everything they depend on, such as (game id, the game's
    version, whether the viewer may edit). A write bumps the version, so an entry never
    goes stale: it just stops being asked for and falls out, oldest first.

    Bounded in bytes, not pages (issue 29): the pages kept, plain and gzipped, hold at most
    ``size`` bytes together, and a page larger than a quarter of that is sent but never
    kept, so a few huge pages cannot push out every table's scoreboard.
    """

    # What an entry costs beside its bodies: the key, the entry and the dictionary's slot.
    ENTRY_OVERHEAD = 512

    def __init__(self, size: int) -> None:
        super().__init__(size, self.cost, largest=size // 4)

    @classmethod
    def cost(cls, key: tuple, page: CachedPage) -> int:
        return len(page.body) + len(page.gzipped) + len(repr(key)) + cls.ENTRY_OVERHEAD

    def put(self, key: tuple, page: CachedPage) -> None:
        if not page.private:
            super().put(key, page)


def page_cache() -> PageCache:
    from flask import current_app

    return current_app.extensions["scorekeeper.pages"]


# Static files sent compressed: text that phones load on every first visit.
STATIC_COMPRESSIBLE = (".css", ".js", ".svg", ".json", ".webmanifest", ".txt")


@dataclass(frozen=True, slots=True)
class StaticBody:
    """A static file's bytes, read once at start-up, and gzipped when that pays."""

    raw: bytes
    gzipped: bytes | None


def _static_bodies(folder: Path) -> dict[str, StaticBody]:
    """Every static file (they are few and small) by its path in the folder."""
    found = {}
    for path in folder.rglob("*"):
        if path.is_file():
            raw = path.read_bytes()
            packed = (
                gzip.compress(raw, compresslevel=9) if path.suffix in STATIC_COMPRESSIBLE else None
            )
            found[path.relative_to(folder).as_posix()] = StaticBody(raw, packed)
    return found


def _static_from_memory(response: Response) -> None:
    """Sends a static file's body from memory, gzipped when the browser accepts it, and
    closes the file Flask opened: a phone that drops the connection mid-file leaves no
    file open behind it."""
    if request.endpoint != "static" or response.status_code != 200:
        return
    body = current_app.extensions["scorekeeper.static"].get(
        (request.view_args or {}).get("filename", "")
    )
    if body is None:
        return
    if hasattr(response.response, "close"):
        response.response.close()
    response.direct_passthrough = False
    if body.gzipped is None:
        response.set_data(body.raw)
        return
    response.headers.add("Vary", "Accept-Encoding")
    if accepts_gzip():
        response.set_data(body.gzipped)
        response.headers["Content-Encoding"] = "gzip"
        if response.headers.get("ETag"):
            response.set_etag(response.get_etag()[0] + "-gz")
    else:
        response.set_data(body.raw)


def _finish(response: Response) -> Response:
    _static_from_memory(response)
    headers = response.headers
    if carries_edit_key() or (request.endpoint != "static" and "Cache-Control" not in headers):
        headers["Cache-Control"] = PRIVATE
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
    # A page opened from another site cannot reach this one's window (the edit key's page).
    headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if response.mimetype in COMPRESSIBLE and not response.direct_passthrough:
        if "Accept-Encoding" not in headers.get("Vary", ""):
            headers.add("Vary", "Accept-Encoding")
        if (
            accepts_gzip()
            and "Content-Encoding" not in headers
            and response.status_code not in (204, 304)
        ):
            body = response.get_data()
            if len(body) >= MIN_GZIP_BYTES:
                response.set_data(gzip.compress(body, compresslevel=6))
                headers["Content-Encoding"] = "gzip"
    return response


def safe_path(target: str | None, fallback: str) -> str:
    r"""``target`` as the ``Location`` header will carry it, when that is a path on this
    site; else ``fallback``. Every redirect to an address taken from a request goes
    through here.

    The check runs on Werkzeug's normalization of the header (``iri_to_uri``), because
    that is what the browser gets: it drops tabs and newlines, so ``/\t/evil.example``
    would leave as ``//evil.example``, another site. Control characters and backslashes
    (which browsers read as ``/``) are refused before that.
    """
    if not isinstance(target, str) or not target or len(target) > 2048:
        return fallback
    if any(ord(c) < 0x20 or c == "\x7f" or c == "\\" for c in target):
        return fallback
    location = iri_to_uri(target)
    parts = urlsplit(location)
    if parts.scheme or parts.netloc or not location.startswith("/") or location.startswith("//"):
        return fallback
    return location
