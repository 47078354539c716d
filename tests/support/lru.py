"""Helpers of tests/app/test_lru.py."""

from __future__ import annotations

import gzip

from scorekeeper.web.responses import CachedPage


def _page(html: str) -> CachedPage:
    body = html.encode()
    return CachedPage(body, gzip.compress(body), False)
