"""Helpers of tests/web/test_session_renewal.py."""

from __future__ import annotations

from scorekeeper.web.offline import phone_engine
from tests.support.app import SEAT_NAMES
from tests.support.session_renewal import session_cookie


def shared_cacheable(response) -> bool:
    """True when a shared cache may keep ``response`` for others (RFC 9111): its
    Cache-Control says neither private nor no-store (the test's own reading)."""
    control = response.headers.get("Cache-Control")
    if control is None:
        return "Last-Modified" in response.headers
    directives = {part.strip().split("=")[0].lower() for part in control.split(",")}
    return not directives & {"private", "no-store"}


def copy_cookies(source, into) -> None:
    """``into`` gets ``source``'s cookies (``into``'s own are dropped): a cookie planted."""
    into._cookies.clear()
    for cookie in source._cookies.values():
        into.set_cookie(cookie.key, cookie.value, domain=cookie.domain, path=cookie.path)


def planter(app):
    """A stranger's phone with a session of its own (it opened a game of its own), whose
    cookie it then plants in the victim's browser."""
    attacker = app.test_client()
    own = attacker.post("/api/games", json={"players": SEAT_NAMES, "first_dealer": 0})
    assert attacker.get(f"/games/{own.get_json()['id']}/edit/{own.get_json()['edit_key']}")
    assert session_cookie(attacker)
    return attacker


def public_paths(app) -> list[str]:
    """Every address whose answer any cache may keep: each static file, the engine's files
    (Pyodide's, the engine's zip, its words, the cut library, its worker), the manifest,
    the service worker and the offline page, the rules pages, the health check."""
    with app.test_request_context():
        urls = phone_engine.urls()
    engine = [urls["worker"], urls["engine"], urls["stdlib"], *urls["words"].values()]
    engine += [urls["pyodide"] + name for name in phone_engine.DOWNLOADED]
    static = [f"/static/{name}" for name in sorted(app.extensions["scorekeeper.static"])]
    pages = ["/manifest.webmanifest", "/sw.js", "/offline", "/healthz", "/rules/skat"]
    return [*static, *engine, *pages]


def no_cookie_on_public_answers(app, client) -> list[str]:
    """The public paths whose answer (cacheable by a shared cache) set a cookie, asked as
    a browser that says nothing of Sec-Fetch-Mode (Safari before 16.4)."""
    wrong = []
    shared = 0
    for path in public_paths(app):
        response = client.get(path)
        response.close()
        if response.status_code != 200:
            wrong.append(f"{path}: {response.status_code}")
            continue
        if shared_cacheable(response):
            shared += 1
            if "Set-Cookie" in response.headers:
                wrong.append(f"{path}: {response.headers['Set-Cookie'][:40]}")
    assert shared > 20, shared  # the static and engine files are there, and public
    return wrong
