"""Helpers of tests/web/groups/test_removed_member.py."""

from __future__ import annotations

import html
import json
import re
import urllib.request
from dataclasses import dataclass

from scorekeeper.engine import GAMES
from tests.support.game_page_matrix import simulated_hands
from tests.support.groups_privacy import Browser, call
from tests.support.shared import NoRedirect
from tests.support.stranger import NAMES

GAME = "israeli-whist"


PLAYED = 3


def post_json(phone: Browser, path: str, body: dict, csrf: str | None = None) -> tuple[int, dict]:
    """A JSON POST with the phone's cookies (and a CSRF token, as keep.js sends it)."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if csrf:
        headers["X-CSRFToken"] = csrf
    request = urllib.request.Request(
        phone.base + path, data=json.dumps(body).encode(), method="POST", headers=headers
    )
    try:
        with phone.opener.open(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def status_of(phone: Browser, path: str, follow: bool = True) -> int:
    if follow:
        return phone.get(path)[0]
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPCookieProcessor(phone.jar))
    try:
        with opener.open(phone.base + path, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def csrf_of(phone: Browser) -> str:
    """The CSRF token of the phone's session, from a page's form."""
    _, page = phone.get("/")
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def path_of(url: str) -> str:
    return urllib.parse.urlparse(url).path


def words(page: str) -> str:
    """A page's words as a phone reads them: no tags, entities read, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub("<[^>]+>", "", page)))


@dataclass
class Table:
    base: str
    group: dict
    game: dict
    ann: Browser
    cat: Browser
    cat_api_key: str
    view_path: str
    edit_path: str


def joined(base: str, join_path: str, label: str) -> Browser:
    phone = Browser(base)
    status, page = phone.post_form(join_path, {"label": label})
    assert status == 200 and "/members" in page, page[:300]
    return phone


def the_member(phone: Browser, group_id: int, label: str) -> str:
    """The path of the Remove page of the member called ``label``."""
    _, page = phone.get(f"/groups/{group_id}/members")
    found = re.search(
        rf'href="(/groups/{group_id}/members/\d+/remove)"[^>]*>Remove[^<]*</a>',
        page.split(f"{label}</bdi>")[1],
    )
    return found.group(1)


def what_a_phone_held_opens(table: Table, phone: Browser) -> dict[str, int]:
    """What each thing the phone held answers it now."""
    game_id, group_id = table.game["id"], table.group["id"]
    opened = {
        "view link": status_of(phone, table.view_path, follow=False),
        "edit link": status_of(phone, table.edit_path, follow=False),
        "scoreboard": status_of(phone, f"/games/{game_id}"),
        "snapshot": status_of(phone, f"/games/{game_id}/offline"),
        "kept page": status_of(phone, f"/games/{game_id}/kept"),
        "group": status_of(phone, f"/groups/{group_id}"),
    }
    hand = simulated_hands(GAMES[GAME], PLAYED + 1, long=True)[PLAYED]
    opened["offline batch"] = post_json(
        phone,
        f"/games/{game_id}/offline/hands",
        {"by": NAMES[0], "hands": [{"number": PLAYED + 1, "after": 1, "hand": hand}]},
        csrf_of(phone),
    )[0]
    return opened


def what_the_api_key_opens(table: Table) -> dict[str, int]:
    base, key = table.base, table.cat_api_key
    game_id, group_id = table.game["id"], table.group["id"]
    return {
        "group": call(base, "GET", f"/api/groups/{group_id}", key=key)[0],
        "game": call(base, "GET", f"/api/games/{game_id}", key=key)[0],
        "new game": call(
            base,
            "POST",
            "/api/games",
            {"game": GAME, "players": NAMES, "first_dealer": 0, "group": str(group_id)},
            key,
        )[0],
    }


def ann_records(table: Table) -> None:
    """Ann records the next hand as her kept page would, without joining again."""
    game_id = table.game["id"]
    status, shot = table.ann.get(f"/games/{game_id}/offline")
    assert status == 200, shot
    shot = json.loads(shot)
    hand = simulated_hands(GAMES[GAME], PLAYED + 1, long=True)[PLAYED]
    status, answer = post_json(
        table.ann,
        f"/games/{game_id}/offline/hands",
        {"by": NAMES[0], "hands": [{"number": PLAYED + 1, "after": shot["version"], "hand": hand}]},
        shot["csrf_token"],
    )
    assert status == 200, answer
    assert status_of(table.ann, f"/groups/{table.group['id']}") == 200
