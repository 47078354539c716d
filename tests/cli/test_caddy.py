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
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE as HAND
from tests.games.israeli_whist.worked import WORKED_POINTS
from tests.support.replication import serving
from tests.support.serve_workers import free_port

CADDY = shutil.which("caddy")
DEPLOY = Path(__file__).parents[2] / "deploy"

if CADDY is None and os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") != "1":
    pytest.skip("Caddy is not installed: apt-get install caddy", allow_module_level=True)


def deployed_site(app_port: int) -> str:
    """The directives of deploy/Caddyfile's site, proxying to ``app_port``."""
    text = (DEPLOY / "Caddyfile").read_text()
    body = text.split("scores.example.org {", 1)[1].rsplit("}", 1)[0]
    assert "127.0.0.1:5000" in body
    return body.replace("127.0.0.1:5000", f"127.0.0.1:{app_port}")


def caddyfile(folder: Path, https_port: int, app_port: int) -> str:
    """deploy/Caddyfile's site, on 127.0.0.1 with Caddy's internal CA instead of a
    public certificate, its admin endpoint off and its state in ``folder``."""
    return f"""{{
	admin off
	auto_https disable_redirects
	skip_install_trust
	http_port {free_port()}
	https_port {https_port}
	storage file_system {{
		root {folder / "data"}
	}}
}}

https://127.0.0.1:{https_port} {{
	tls internal
{deployed_site(app_port)}}}
"""


def wait_listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"caddy stopped: {process.stdout.read()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("caddy did not start listening")


def https_json(context, base: str, method: str, path: str, body=None, key=None):
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {key}"} if key else {}),
    )
    try:
        with urllib.request.urlopen(request, timeout=30, context=context) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read()), error.headers


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def opened_once(context, url: str):
    """The answer to one GET of ``url``, a redirect not followed (its headers are read)."""
    opener = urllib.request.build_opener(_NoRedirect, urllib.request.HTTPSHandler(context=context))
    try:
        with opener.open(url, timeout=30) as response:
            return response
    except urllib.error.HTTPError as error:
        with error:
            return error


@contextmanager
def fronted(tmp_path: Path, app_port: int) -> Iterator[tuple[ssl.SSLContext, str, int]]:
    """Caddy in front of the server on ``app_port``, as deploy/Caddyfile sets it; yields
    a TLS context that trusts its certificate, its base URL and its port."""
    assert CADDY is not None, "Caddy is not installed: apt-get install caddy"
    https_port = free_port()
    config = tmp_path / "Caddyfile"
    config.write_text(caddyfile(tmp_path, https_port, app_port))
    caddy = subprocess.Popen(
        [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")},
    )
    try:
        wait_listening(https_port, caddy)
        root = tmp_path / "data" / "pki" / "authorities" / "local" / "root.crt"
        deadline = time.monotonic() + 30
        while not root.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        # Verified against Caddy's own authority: a real TLS connection, not a bypass.
        context = ssl.create_default_context(cafile=str(root))
        base = f"https://127.0.0.1:{https_port}"
        # Caddy listens before its certificate is issued (on a busy machine, a moment
        # later): until then the handshake fails.
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", context=context, timeout=30):
                    break
            except urllib.error.URLError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield context, base, https_port
    finally:
        caddy.terminate()
        caddy.communicate(timeout=30)


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


def connections_to(port: int) -> int:
    """Established TCP connections to ``port`` on 127.0.0.1, from /proc/net/tcp."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    local = f"0100007F:{port:04X}"
    return sum(1 for row in rows if row.split()[1] == local and row.split()[3] == "01")


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
