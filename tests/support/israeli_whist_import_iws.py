"""Helpers of tests/games/israeli_whist/test_import_iws.py, which other tests use too."""

from __future__ import annotations

from pathlib import Path

from tests.support.stored import import_path

FIXTURE = Path(__file__).parents[1] / "fixtures" / "iws-export.json"


def upload(client, data: bytes, name="iws-export.json"):
    """Posts ``data`` as the form's file. The body is built here, in memory: the test
    client's own builder spools a large one to a temporary file it leaves open."""
    boundary = "----iws-test-boundary"
    body = (
        (
            f"--{boundary}\r\n"
            'Content-Disposition: form-data; name="submit"\r\n\r\n1\r\n'
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="file"; filename="{name}"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return client.post(
        import_path(client), data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )
