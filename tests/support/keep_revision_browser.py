"""Helpers of tests/browser/test_keep_revision_browser.py."""

from __future__ import annotations


def sending(page, game_id: int):
    return page.expect_response(lambda r: r.url.endswith(f"/games/{game_id}/offline/hands"))


def busy_once(route, answered: list[int]) -> None:
    """The server's answer while its heavy slots are taken, the first time only."""
    if answered:
        route.continue_()
        return
    said = "The server is busy with other phones' changes to their games."
    body = {"error": said, "message": said, "field": None}
    route.fulfill(status=503, json=body, headers={"Retry-After": "1"})
