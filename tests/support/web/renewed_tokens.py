"""Helpers of tests/web/test_renewed_tokens.py."""

from __future__ import annotations

import http.client
import json
import os
import re
import sqlite3
import subprocess
import sys
import urllib.parse

from scorekeeper import db
from tests.support.serve_workers import wait_for


def ask(port: int, method: str, path: str, cookie: str | None = None, form=None, body=None):
    """One request to the server on ``port``, on a connection of its own, redirects not
    followed: (status, the session cookie it sets or None, the page)."""
    headers = {}
    data = None
    if cookie:
        headers["Cookie"] = f"session={cookie}"
    if form is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        data = urllib.parse.urlencode(form)
    elif body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, data, headers)
        answer = connection.getresponse()
        page = answer.read().decode("utf-8", "replace")
        set_cookies = [value for name, value in answer.getheaders() if name == "Set-Cookie"]
    finally:
        connection.close()
    sessions = [c for c in set_cookies if c.startswith("session=")]
    found = re.match(r"session=([^;]*)", sessions[-1]).group(1) if sessions else None
    return answer.status, found, page


def phones_count(path) -> int:
    database = sqlite3.connect(path)
    try:
        return database.execute("SELECT count(*) FROM phones").fetchone()[0]
    finally:
        database.close()


def start_serve(path, port: int) -> subprocess.Popen:
    """``scorekeeper serve`` in a process of its own on the database at ``path``."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)]
        + ["--db", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "SCOREKEEPER_SECRET_KEY": "test"},
    )
    try:
        wait_for(port, process)
    except BaseException:
        process.kill()
        process.communicate(timeout=30)
        raise
    return process


def renewed_rows(app) -> list[tuple]:
    with app.app_context():
        return db.get_db().execute("SELECT old_hash, phone_id FROM renewed_tokens").fetchall()
