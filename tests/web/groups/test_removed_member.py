"""A removed member is gone (issue 42, findings 2 and 8), over the real waitress server of
``serve``: after Remove (and Leave) nothing the phone held opens anything of the group
(its cookie, the view link it opened, the edit link it used, with the game's snapshot,
offline batch and kept page, and the API key it made), while the remaining members keep
recording without joining again; and a new edit link shuts out whoever the old one
leaked to. What the phone kept in its service worker and IndexedDB is
``tests/browser/test_members_browser.py``'s.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.support.groups_privacy import Browser, call
from tests.support.stranger import NAMES, new_group, played_game, served
from tests.support.web.groups.removed_member import (
    GAME,
    PLAYED,
    Table,
    ann_records,
    joined,
    path_of,
    status_of,
    the_member,
    what_a_phone_held_opens,
    what_the_api_key_opens,
    words,
)


@pytest.fixture
def table(tmp_path) -> Iterator[Table]:
    """A group with a game of three hands; Ann and Cat in it, both recording in the game
    by its edit link; Cat also opened its view link and made the group's API key."""
    with served(tmp_path) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, GAME, PLAYED)
        join_path = path_of(group["join_url"])
        ann, cat = joined(base, join_path, "Ann"), joined(base, join_path, "Cat")
        edit_path = f"/games/{game['id']}/edit/{game['edit_key']}"
        view_path = path_of(game["view_url"])
        for phone in (ann, cat):
            assert status_of(phone, edit_path) == 200
            assert status_of(phone, f"/games/{game['id']}/offline") == 200
        assert status_of(cat, view_path) == 200
        status, page = cat.post_form(f"/groups/{group['id']}/key", {})
        assert status == 200
        cat_api_key = re.search(r'id="group-key"[^>]*>([^<]+)<', page).group(1).strip()
        assert call(base, "GET", f"/api/groups/{group['id']}", key=cat_api_key)[0] == 200
        yield Table(base, group, game, ann, cat, cat_api_key, view_path, edit_path)


GONE = {
    "view link": 404,
    "edit link": 404,
    "scoreboard": 404,
    "snapshot": 404,
    "kept page": 404,
    "group": 404,
    "offline batch": 404,
}


def test_a_removed_phone_opens_nothing_it_held_and_the_others_go_on(table):
    """Finding 2: today the view link opens the game again, the edit link gives back the
    edit right (snapshot 200, a batch saved), and the API key reads and starts games."""
    game_id, group_id = table.game["id"], table.group["id"]
    old_invite = path_of(table.group["join_url"])
    status, page = table.ann.post_form(the_member(table.ann, group_id, "Cat"), {})
    assert status == 200
    # Cat's own phone, and a new one Cat opens the same links on (the phone's history).
    for phone in (table.cat, Browser(table.base)):
        assert what_a_phone_held_opens(table, phone) == GONE
        assert status_of(phone, old_invite) == 404
    assert what_the_api_key_opens(table) == {"group": 404, "game": 404, "new game": 404}
    ann_records(table)
    assert status_of(Browser(table.base), f"/games/{game_id}") == 404
    # The page says which links changed.
    said = words(page)
    assert "Cat is no longer in the group." in said
    assert "The group has a new invite link: the old one no longer works." in said
    assert "Its game has a new view link: the old one no longer opens it." in said
    assert "1 game has a new edit link" in said
    assert "The group's API key that Cat made no longer works." in said


def test_a_phone_that_leaves_takes_nothing_with_it(table):
    group_id = table.group["id"]
    status, page = table.cat.post_form(f"/groups/{group_id}/leave", {})
    assert status == 200
    for phone in (table.cat, Browser(table.base)):
        assert what_a_phone_held_opens(table, phone) == GONE
        assert status_of(phone, path_of(table.group["join_url"])) == 404
    assert what_the_api_key_opens(table) == {"group": 404, "game": 404, "new game": 404}
    ann_records(table)
    said = words(page)
    assert "This phone has left the group." in said
    assert "The group has a new invite link: the old one no longer works." in said
    assert "The group's API key that this phone made no longer works." in said


def test_an_api_key_made_by_a_member_still_there_keeps_working(table):
    """Only what the phone made goes: the key Ann makes survives Cat's removal."""
    group_id = table.group["id"]
    _, page = table.ann.post_form(f"/groups/{group_id}/key", {})
    ann_key = re.search(r'id="group-key"[^>]*>([^<]+)<', page).group(1).strip()
    table.ann.post_form(the_member(table.ann, group_id, "Cat"), {})
    assert call(table.base, "GET", f"/api/groups/{group_id}", key=ann_key)[0] == 200


def test_after_a_new_edit_link_a_stranger_who_opened_the_old_one_reads_nothing(table):
    """Finding 8: today the stranger still reads the game (200) while the old view link
    answers 404."""
    game_id = table.game["id"]
    stranger = Browser(table.base)
    assert status_of(stranger, table.edit_path) == 200
    status, _ = table.ann.post_form(f"/games/{game_id}/share/new-link", {})
    assert status == 200
    assert status_of(Browser(table.base), table.view_path, follow=False) == 404
    status, page = stranger.get(f"/games/{game_id}")
    assert status == 403 and "was replaced" in page
    assert not any(name in page for name in NAMES)
    for path in (
        f"/games/{game_id}",
        f"/games/{game_id}/offline",
        f"/games/{game_id}/kept",
        f"/games/{game_id}/sheet",
        f"/api/games/{game_id}",
    ):
        assert status_of(stranger, path) == 404, path
    # The group's members still see it; the phone that made the link records.
    assert status_of(table.cat, f"/games/{game_id}") == 200
    ann_records(table)


# --- finding 6: what the phone kept to go on offline ---------------------------------------

KEPT_GAMES = """async () => {
    const pages = (await (await caches.open("kept-pages")).keys()).map((r) => r.url);
    const records = await new Promise((resolve) => {
        const opening = indexedDB.open("scorekeeper-offline", 1);
        opening.onupgradeneeded = () =>
            opening.result.createObjectStore("games", { keyPath: "id" });
        opening.onsuccess = () => {
            const asked = opening.result.transaction("games").objectStore("games").getAllKeys();
            asked.onsuccess = () => { opening.result.close(); resolve(asked.result); };
        };
    });
    return { pages, records };
}"""


@pytest.mark.parametrize("how", ["leave", "removed"])
def test_a_kept_game_is_taken_off_the_phone_when_it_leaves_or_is_removed(browser, tmp_path, how):
    """Finding 6: the service worker forgot only its ``pages`` cache; the kept game's page
    (``kept-pages``) and its snapshot of every hand in IndexedDB stayed, and were shown
    whenever the network failed."""
    from tests.support.offline_phone import PHONE, keep_game

    with served(tmp_path) as (base, _app):
        group = new_group(base)
        game = played_game(base, group, GAME, PLAYED)
        context = browser.new_context(
            viewport={"width": PHONE[0], "height": PHONE[1]}, base_url=base
        )
        errors: list[str] = []
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            page.goto(path_of(group["join_url"]))
            page.locator("#label").fill("Cat")
            with page.expect_navigation():
                page.locator("#join").click()
            page.goto(path_of(game["edit_url"]))
            keep_game(page, game["id"], NAMES[0])
            kept = page.evaluate(KEPT_GAMES)
            assert kept["records"] == [game["id"]]
            assert any(url.endswith(f"/games/{game['id']}/kept") for url in kept["pages"])
            if how == "leave":
                page.goto(f"/groups/{group['id']}/leave")
                with page.expect_navigation():
                    page.locator("#leave-group").click()
            else:
                ann = joined(base, path_of(group["join_url"]), "Ann")
                status, _ = ann.post_form(the_member(ann, group["id"], "Cat"), {})
                assert status == 200
                page.goto("/")  # the phone's next page: it is told, and forgets
            deadline = time.monotonic() + 20
            while (kept := page.evaluate(KEPT_GAMES)) != {"pages": [], "records": []}:
                assert time.monotonic() < deadline, kept
                time.sleep(0.2)
            page.context.set_offline(True)
            page.goto(f"/games/{game['id']}")
            assert not any(name in page.content() for name in NAMES)  # not the game
        finally:
            context.close()
        assert errors == [], errors
