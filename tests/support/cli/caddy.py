"""Helpers of tests/cli/test_caddy.py."""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.serve_workers import free_port

CADDY = shutil.which("caddy")


DEPLOY = Path(__file__).parents[3] / "deploy"


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


def connections_to(port: int) -> int:
    """Established TCP connections to ``port`` on 127.0.0.1, from /proc/net/tcp."""
    rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
    local = f"0100007F:{port:04X}"
    return sum(1 for row in rows if row.split()[1] == local and row.split()[3] == "01")
