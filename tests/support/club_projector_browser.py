"""Helpers of tests/browser/test_club_projector_browser.py."""

from __future__ import annotations

TV = {"width": 1280, "height": 720}


def _players(count: int) -> list[str]:
    return [f"Spielerin {n:02d} Lüdenscheidt" for n in range(1, count + 1)]


def _fits(page) -> tuple[float, float]:
    """(the standings' bottom, the size of a line's type) on the screen; nothing below
    the screen to scroll to."""
    bottom, size, height = page.evaluate(
        "[document.querySelector('#club-standings').getBoundingClientRect().bottom,"
        " parseFloat(getComputedStyle(document.querySelector('#club-standings td')).fontSize),"
        " document.documentElement.scrollHeight]"
    )
    assert bottom <= TV["height"] and height <= TV["height"], (bottom, height)
    return bottom, size
