"""The members pages in a real Chromium at 360 px, in Hebrew and English (issue 29): a
phone joins under its name, another removes it after asking, the group's history shows
who joined, left and was removed, and a new API key is shown once. Each page fits the
phone with long Hebrew names and is screenshotted to ``test-artifacts/``."""

from __future__ import annotations

import pytest

from scorekeeper import db
from tests.support.browser import api
from tests.support.live import SERVED, until, watched_page
from tests.support.members_browser import invite_of, shot

LANGUAGES = {"he": "he-IL,he;q=0.9", "en": "en-GB,en;q=0.9"}
NAMES = {
    "he": ["אביגיל בן־חיים מרמת השרון", "דניאל", "שירה"],
    "en": ["Abigail Montgomery-Whitfield", "Daniel", "Shira"],
}


@pytest.mark.parametrize("language", ["he", "en"])
def test_members_remove_and_the_history_at_360_px(browser, axe, live_server, language):
    group = api(
        live_server,
        "POST",
        "/api/groups",
        {"name": "שישי בערב" if language == "he" else "Friday night"},
    )
    gid = group["id"]
    headers = {"Accept-Language": LANGUAGES[language]}
    phones = []
    for name in NAMES[language]:
        context = watched_page(browser, live_server, extra_http_headers=headers)
        page = context.__enter__()
        phones.append((context, page))
        page.goto(f"/join/{invite_of(live_server, gid)}")
        page.fill("input[name=label]", name)
        if name == NAMES[language][0]:
            shot(page, language, "group-join", axe)
        with page.expect_navigation():
            page.locator("#join").click()
    first, second, third = (page for _, page in phones)
    # Daniel leaves by himself.
    second.goto(f"/groups/{gid}/leave")
    with second.expect_navigation():
        second.locator("#leave-group").click()

    first.goto(f"/groups/{gid}")
    assert first.locator("#members-link").count() == 1
    shot(first, language, "group-with-members-link", axe)
    first.locator("#members-link").click()
    first.wait_for_url(f"**/groups/{gid}/members")
    assert first.locator("#members li").count() == 2
    shot(first, language, "group-members", axe)

    first.locator("#members a.danger").first.click()
    first.wait_for_url("**/remove")
    assert NAMES[language][2] in first.locator("h1").inner_text()
    shot(first, language, "group-remove-confirm", axe)
    with first.expect_navigation():
        first.locator("#remove-member").click()
    assert first.locator("#members li").count() == 1
    history = first.locator("#member-history li")
    assert history.count() == 5  # three joined, one left, one removed
    shot(first, language, "group-members-history", axe)

    # The removed phone is told so on its next page, and the group is gone from it.
    third.goto("/")
    assert third.locator(".flash, [role=status], .alert").count() >= 1
    shot(third, language, "removed-phone-home", axe)
    assert third.goto(f"/groups/{gid}").status == 404

    first.goto(f"/groups/{gid}/key")
    shot(first, language, "group-new-key-confirm", axe)
    with first.expect_navigation():
        first.locator("#make-key").click()
    assert len(first.locator("#group-key").inner_text()) >= 20
    shot(first, language, "group-new-key-shown", axe)
    for context, _page in phones:
        context.__exit__(None, None, None)


KEPT = """async () => (await (await caches.open("pages")).keys()).map((r) => r.url)"""


def test_a_phone_that_leaves_keeps_none_of_the_group_s_pages(page, live_server):
    """Finding 7: the service worker kept a group's scoreboards after the phone left.
    Now the page after "Leave the group" has it drop every page it kept."""
    from tests.support.live import join_in_browser
    from tests.support.table_browser import wait_for_worker

    created = api(
        live_server,
        "POST",
        "/api/games",
        {"players": ["Ann", "Ben", "Cat", "Dan"], "rules": "pagat-german", "first_dealer": 0},
    )
    join_in_browser(page, live_server, created["id"])
    page.goto(f"/games/{created['id']}")
    wait_for_worker(page)
    page.reload()  # through the worker, which keeps it
    wait_for_worker(page)
    assert any(url.endswith(f"/games/{created['id']}") for url in page.evaluate(KEPT))
    database = db.open_database(SERVED[live_server])
    try:
        group_id = db.load_game(database, created["id"]).group_id
    finally:
        database.close()
    page.goto(f"/groups/{group_id}/leave")
    with page.expect_navigation():
        page.locator("#leave-group").click()
    until(page, f"async () => (await ({KEPT})()).length === 0")
    page.context.set_offline(True)
    page.goto(f"/games/{created['id']}")
    assert "Ann" not in page.content()  # the offline page, not the game
    page.context.set_offline(False)
