"""HTTPS in front of the server (issue 31): Debian's Caddy with `tls internal` on
127.0.0.1, proxying to the real `scorekeeper serve --proxy 1`, as deploy/Caddyfile does
for a real domain. A hand is saved through it over HTTPS and read back, the connection
checked against Caddy's own certificate authority.

Caddy is installed by .ci/run (apt-get install caddy); without it these tests skip, as
the browser tests do without Chromium, unless SCOREKEEPER_REQUIRE_BROWSER=1 (CI) makes a
missing Caddy a failure.
"""

from __future__ import annotations

import json
import os
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE as HAND
from tests.games.israeli_whist.worked import WORKED_POINTS
from tests.support.cli.caddy import CADDY, DEPLOY, connections_to, fronted, https_json, opened_once
from tests.support.replication import serving

if CADDY is None and os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") != "1":
    pytest.skip("Caddy is not installed: apt-get install caddy", allow_module_level=True)


def test_a_hand_saved_over_https_through_caddy(tmp_path):
    with (
        serving(tmp_path / "scorekeeper.db", "--proxy", "1") as (app_port, _server),
        fronted(tmp_path, app_port) as (context, base, https_port),
    ):
        players = {"players": ["Avi", "Dana", "Noa", "Eli"], "target": 100}
        status, game, _headers = https_json(context, base, "POST", "/api/games", players)
        assert status == 201, game
        path = f"/api/games/{game['id']}/hands"
        status, saved, _headers = https_json(context, base, "POST", path, HAND, game["edit_key"])
        assert (status, saved["number"]) == (201, 1), saved
        status, read, _headers = https_json(
            context, base, "GET", f"/api/games/{game['id']}", key=game["edit_key"]
        )
        assert status == 200
        assert [hand["number"] for hand in read["hands"]] == [1]
        assert read["hands"][0]["points"] == WORKED_POINTS
        with urllib.request.urlopen(base + "/healthz", context=context, timeout=30) as health:
            assert health.status == 200
        # Over HTTPS (Caddy's X-Forwarded-Proto, trusted under --proxy 1) the phone's
        # cookie is Secure and the browser is told to keep to HTTPS (issue 29).
        response = opened_once(context, f"{base}/games/{game['id']}/edit/{game['edit_key']}")
        assert response.status in (302, 303), response.status
        cookie = response.headers["Set-Cookie"]
        assert "; Secure" in cookie and "; HttpOnly" in cookie, cookie
        assert response.headers["Strict-Transport-Security"].startswith("max-age=")
        # Plain HTTP to the HTTPS port is refused, never answered with a page.
        with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
            urllib.request.urlopen(f"http://127.0.0.1:{https_port}/healthz", timeout=10)


def test_requests_sent_slowly_through_caddy_hold_no_worker_of_the_server(tmp_path):
    """``serve --workers`` behind deploy/Caddyfile. gunicorn's gthread workers read a
    request on the thread that answers it: six whose bodies stop half-way, more than the
    two workers have threads, held every thread, and no phone was answered. Caddy reads
    each request whole before passing it on (and the workers now do too, on waitress:
    test_serve_slow_clients.py), and a hand is saved meanwhile."""
    options = ["--proxy", "1", "--workers", "2", "--threads", "1"]
    held: list[ssl.SSLSocket] = []
    with (
        serving(tmp_path / "scorekeeper.db", *options) as (app_port, _server),
        fronted(tmp_path, app_port) as (context, base, https_port),
    ):
        try:
            for _ in range(6):
                raw = socket.create_connection(("127.0.0.1", https_port), timeout=30)
                stalled = context.wrap_socket(raw, server_hostname="127.0.0.1")
                held.append(stalled)
                stalled.sendall(
                    b"POST /api/groups HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
                )
            # Passed on at once, they would reach the server within moments (a busy
            # machine: later); given whole, never. Waited for either way, up to 3 s.
            deadline = time.monotonic() + 3
            while connections_to(app_port) < 6 and time.monotonic() < deadline:
                time.sleep(0.05)
            players = {"players": ["Avi", "Dana", "Noa", "Eli"], "target": 100}
            status, game, _headers = https_json(context, base, "POST", "/api/games", players)
            assert status == 201, game
            path = f"/api/games/{game['id']}/hands"
            status, saved, _headers = https_json(
                context, base, "POST", path, HAND, game["edit_key"]
            )
            assert (status, saved["number"]) == (201, 1), saved
        finally:
            for stalled in held:
                stalled.close()


def test_the_deployed_caddyfile_is_valid_for_caddy():
    """deploy/Caddyfile, with its example domain, as Caddy reads it."""
    assert CADDY is not None
    done = subprocess.run(
        [CADDY, "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    adapted = json.loads(done.stdout)
    [server] = adapted["apps"]["http"]["servers"].values()
    handlers = json.dumps(server["routes"])
    assert "scores.example.org" in handlers
    assert '"upstreams": [{"dial": "127.0.0.1:5000"}]' in handlers
