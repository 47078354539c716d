"""A club night on a live server, for the tests of its pages in Chromium: the night made
and a series played through the JSON API, and a phone of the group joined to it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tests.support.live import call_json, watched_page

LANGUAGES = {"he": "he-IL,he;q=0.9", "en": "en", "de": "de-DE,de;q=0.9"}


def live_night(
    live_server, game: str, players: list[str], series: int = 2, name: str = "Club"
) -> tuple[dict, dict]:
    """A new group and its club night of ``game``, one deal per player in each series."""
    status, group = call_json(live_server, "POST", "/api/groups", {"name": name})
    assert status == 201, group
    body = {"game": game, "players": players, "deals_per_player": 1, "series": series}
    status, night = call_json(
        live_server, "POST", f"/api/groups/{group['id']}/club", body, group["key"]
    )
    assert status == 201, night
    return group, night


def play_series(live_server, night: dict, hand_of: Callable[[int, int, dict], dict]) -> None:
    """Every table's deals of the series, hand ``number`` (from 1) being
    ``hand_of(number, table size, table)``."""
    for made, table in zip(night["keys"], night["tables"], strict=True):
        size = len(table["players"])
        for number in range(1, size + 1):
            hand = hand_of(number, size, table)
            status, answer = call_json(
                live_server, "POST", f"/api/games/{made['game_id']}/hands", hand, made["edit_key"]
            )
            assert status == 201, answer


def skat_hand(number: int, size: int, table: dict | None = None) -> dict:
    """A Kreuz game of one matador at 18, won and lost by turns; its declarer is never a
    table of four's dealer (seat n − 1 deals deal n)."""
    return {
        "declarer": number % size,
        "game": "clubs",
        "matadors": 1,
        "bid": 18,
        "declarer_points": 70 if number % 2 else 50,
    }


@contextmanager
def joined_page(browser, live_server, group: dict, **context) -> Iterator:
    """A watched page (``tests.support.live.watched_page``) of a phone that joined the
    group through its invitation."""
    with watched_page(browser, live_server, **context) as page:
        page.goto(group["join_url"])
        if page.locator("#join").count():
            with page.expect_navigation():
                page.locator("#join").click()
        yield page


def on_phone_and_a4(browser, live_server, group: dict, languages: dict[str, str]) -> Iterator:
    """(language, media, page) for each language's joined phone, first on screen at 360 px,
    then in print at A4 less its margins (190 mm at 96 dpi)."""
    for language, accept in languages.items():
        header = {"Accept-Language": accept}
        with joined_page(browser, live_server, group, extra_http_headers=header) as page:
            for media, width in (("screen", 360), ("print", 718)):
                page.set_viewport_size({"width": width, "height": 800})
                page.emulate_media(media=media)
                yield language, media, page
