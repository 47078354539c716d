"""Helpers of tests/web/test_weight.py."""

from __future__ import annotations

import os
import select
import signal
import warnings

from flask import Flask

from scorekeeper.web import throttle
from scorekeeper.web.weight import weight_of

# Routes that declare no weight, each with why it needs none.
EXEMPT = {
    "static": "Flask's own route for the files under static/: it reads no body and draws "
    "nothing, sending a file as it is",
}


BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def undeclared(app: Flask) -> list[str]:
    """Each route of ``app`` whose view declares no weight, with its methods."""
    missing = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in EXEMPT:
            continue
        if weight_of(app.view_functions[rule.endpoint]) is None:
            methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
            reads = " (reads a body)" if BODY_METHODS & set(methods) else ""
            missing.append(f"{rule.endpoint} {'/'.join(methods)} {rule.rule}{reads}")
    return missing


def _held(app: Flask) -> list[throttle.Held]:
    """Every heavy slot of ``app``'s server and every place to wait for one, held."""
    heavy_slots = app.extensions["scorekeeper.heavy"]
    held = [files.take() for files in (heavy_slots.slots, heavy_slots.waiting) for _ in files.paths]
    assert None not in held
    return held


def _night_file(client, group_id: int, night_id: int) -> str:
    answer = client.get(f"/groups/{group_id}/club/{night_id}/export.json")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def _upload(client, group_id: int, text: str):
    boundary = "----weight-test"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.json"\r\n'
        f"Content-Type: application/json\r\n\r\n{text}\r\n--{boundary}--\r\n"
    ).encode()
    return client.post(
        f"/groups/{group_id}/club/import",
        data=body,
        content_type=f"multipart/form-data; boundary={boundary}",
    )


def _killed_while(work, meanwhile=lambda: None) -> None:
    """Forks a child of this process (as ``serve --workers`` forks its workers) that runs
    ``work(ready)``, which calls ``ready()`` once it holds what it takes and then waits;
    once it is ready, runs ``meanwhile()``, kills the child with SIGKILL and reaps it."""
    read, write = os.pipe()
    with warnings.catch_warnings():  # the server's threads stay in this process, as in serve
        warnings.filterwarnings("ignore", ".*multi-threaded.*fork", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: never back into the tests
        try:
            os.close(read)
            work(lambda: os.write(write, b"1"))
        finally:
            os._exit(1)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as ready:
            assert select.select([ready], [], [], 60)[0], "the child never took it"
            assert ready.read(1) == b"1", "the child took nothing"
        meanwhile()
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
