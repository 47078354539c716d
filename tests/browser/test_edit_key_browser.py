"""In real Chromium with the service worker running: nothing the phone stores holds the key."""

import pytest

from tests.support.browser import SCOREBOARD_URL, game_opened_by_edit_link
from tests.support.edit_key_browser import settle
from tests.support.live import opens
from tests.support.table_browser import wait_for_worker

pytestmark = pytest.mark.browser

STORED = """async () => {
    const stored = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const response = await cache.match(request);
            stored.push({cache: name, url: request.url, body: await response.text()});
        }
    }
    return stored;
}"""


def test_no_cache_on_the_phone_holds_the_edit_key(page, live_server):
    game_id, key = game_opened_by_edit_link(page, live_server)
    page.wait_for_url(SCOREBOARD_URL)
    wait_for_worker(page)
    page.reload()  # now through the worker
    settle(page)

    # Every page that shows the key, opened through the worker.
    opens(page.locator("#edit-qr"))
    opens(page.locator("#show-edit-qr"))
    assert key in page.content()
    page.goto(f"/games/{game_id}/qr/edit.svg")
    page.goto(f"{live_server}/games/{game_id}/edit/{key}")
    page.wait_for_url(SCOREBOARD_URL)
    page.evaluate(
        """urls => urls.forEach(
            url => navigator.serviceWorker.controller.postMessage({keep: url}))""",
        [
            f"{live_server}/games/{game_id}/edit/{key}",
            f"{live_server}/games/{game_id}/share/edit?show=1",
        ],
    )
    page.goto(f"/games/{game_id}")
    settle(page)
    page.goto("/")  # home shows the phone's groups: no-store, never kept (issue 29)

    stored = page.evaluate(STORED)
    assert any(s["url"].endswith(f"/games/{game_id}") for s in stored)  # the check looks
    for entry in stored:
        assert key not in entry["url"], entry["url"]
        assert key not in entry["body"], entry["url"]
        assert "/share/edit" not in entry["url"], entry["url"]


def test_a_new_worker_drops_pages_an_older_one_kept_with_the_key(page, live_server):
    game_id, key = game_opened_by_edit_link(page, live_server)
    page.wait_for_url(SCOREBOARD_URL)
    wait_for_worker(page)
    # What a worker before this fix kept: the editor's scoreboard with the edit link.
    page.evaluate(
        """async ([url, link]) => {
            const cache = await caches.open("pages");
            await cache.put(url, new Response(`<a href="${link}">${link}</a>`,
                {headers: {"Content-Type": "text/html"}}));
            const registration = await navigator.serviceWorker.getRegistration();
            await registration.unregister();
        }""",
        [f"{live_server}/games/{game_id}/revisions", f"{live_server}/games/{game_id}/edit/{key}"],
    )
    page.reload()  # registers the worker again: it installs and activates afresh
    wait_for_worker(page)  # activated: the new worker has looked through what is kept
    stored = page.evaluate(STORED)
    assert all(key not in entry["body"] for entry in stored)
    assert not any(entry["url"].endswith("/revisions") for entry in stored)
