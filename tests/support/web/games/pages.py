"""Helpers of tests/web/games/test_pages.py."""


def bdi(*names: str) -> list[str]:
    """Names as a page prints them: each in its own <bdi>."""
    return [f"<bdi>{name}</bdi>" for name in names]
