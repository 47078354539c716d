"""Helpers of tests/web/games/test_routes.py."""

import re


def live_etag_in(page: str) -> str:
    return re.search(r'id="live" data-live="[^"]+" data-etag="([^"]+)"', page)[1].replace(
        "&#34;", '"'
    )


def unit(*names: str) -> list[str]:
    """Names as a list of games prints them: each a unit of its own, isolated."""
    return [f'<bdi class="nm" dir="auto">{name}</bdi>' for name in names]
