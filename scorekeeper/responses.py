"""What every response gets: security headers, gzip for pages and JSON, cache-busted
static URLs. Phones at a card table are often on weak Wi-Fi, so pages travel compressed."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

from flask import Flask, Response, request, url_for

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
COMPRESSIBLE = ("text/html", "application/json", "text/plain")
MIN_GZIP_BYTES = 600


def init_app(app: Flask) -> None:
    hashes = _static_hashes(Path(app.static_folder or "static"))

    def static_url(filename: str) -> str:
        """The URL of a static file with its content hash, so it can be cached for a year."""
        return url_for("static", filename=filename, v=hashes.get(filename, "0"))

    app.jinja_env.globals["static_url"] = static_url
    app.after_request(_finish)


def _static_hashes(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:10]
        for path in folder.rglob("*")
        if path.is_file()
    }


def _finish(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "same-origin")
    headers.setdefault("X-Frame-Options", "DENY")
    if response.mimetype in COMPRESSIBLE and not response.direct_passthrough:
        headers.add("Vary", "Accept-Encoding")
        if (
            "gzip" in request.headers.get("Accept-Encoding", "")
            and "Content-Encoding" not in headers
            and response.status_code not in (204, 304)
        ):
            body = response.get_data()
            if len(body) >= MIN_GZIP_BYTES:
                response.set_data(gzip.compress(body, compresslevel=6))
                headers["Content-Encoding"] = "gzip"
    return response
