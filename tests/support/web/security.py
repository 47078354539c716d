"""Helpers of tests/web/test_security.py."""

from urllib.parse import urlsplit


def leaves_the_site(location: str) -> bool:
    parts = urlsplit(location)
    return bool(
        parts.scheme
        or parts.netloc
        or not location.startswith("/")
        or location.startswith("//")
        or "\\" in location
    )
