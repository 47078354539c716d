"""Helpers of tests/web/games/test_edit_key.py."""

import json
import re

from tests.support.app import SEAT_NAMES
from tests.support.pages import text_of
from tests.support.web.shared import csrf_of


def created(client):
    response = client.post("/api/games", json={"players": SEAT_NAMES, "first_dealer": 0})
    return response, response.get_json()["id"], response.get_json()["edit_key"]


def editor_pages(game_id: int, key: str) -> list[tuple[str, str]]:
    """Every address an editor's phone may ask for, with its method."""
    return [
        ("get", "/"),
        ("get", f"/games/{game_id}/edit/{key}"),
        ("get", f"/games/{game_id}"),
        ("get", f"/games/{game_id}?x=1"),
        ("get", f"/games/{game_id}/live"),
        ("get", f"/games/{game_id}/hands/new"),
        ("get", f"/games/{game_id}/hands/1/edit"),
        ("get", f"/games/{game_id}/hands/1/delete"),
        ("get", f"/games/{game_id}/revisions"),
        ("get", f"/games/{game_id}/stats"),
        ("get", f"/games/{game_id}/details"),
        ("get", f"/games/{game_id}/print"),
        ("get", f"/games/{game_id}/share/edit"),
        ("get", f"/games/{game_id}/share/edit?show=1"),
        ("get", f"/games/{game_id}/share/new-link"),
        ("get", f"/games/{game_id}/qr/view.svg"),
        ("get", f"/games/{game_id}/qr/edit.svg"),
        ("get", f"/api/games/{game_id}"),
        ("get", "/api/games"),
        ("get", "/history"),
        ("get", "/sw.js"),
    ]


def worker_patterns(client) -> tuple[re.Pattern, re.Pattern]:
    script = client.get("/sw.js").get_data(as_text=True)
    keyed = re.search(r"const KEYED = new RegExp\((\".*\")\);", script)[1]
    link = re.search(r"const EDIT_LINK = new RegExp\((\".*\")\);", script)[1]
    return re.compile(json.loads(keyed)), re.compile(json.loads(link))


def renew(phone, game_id):
    """Taps "New edit link…" and confirms; returns the answer to the POST."""
    warning = text_of(phone.get(f"/games/{game_id}/share/edit"))
    assert f'href="/games/{game_id}/share/new-link"' in warning
    confirm = phone.get(f"/games/{game_id}/share/new-link")
    assert confirm.status_code == 200 and "Make a new edit link?" in text_of(confirm)
    return phone.post(
        f"/games/{game_id}/share/new-link", data={"csrf_token": csrf_of(text_of(confirm))}
    )


def new_key_shown_to(phone, game_id) -> str:
    page = text_of(phone.get(f"/games/{game_id}/share/edit?show=1"))
    return re.search(rf"/games/{game_id}/edit/([A-Za-z0-9_-]+)", page)[1]


def copy_cookies(source, into) -> None:
    for cookie in source._cookies.values():
        into.set_cookie(cookie.key, cookie.value, domain=cookie.domain, path=cookie.path)
