"""Helpers of tests/browser/test_keep_unasked_browser.py."""

from __future__ import annotations

from tests.support.shared import GAME

NAMES = ["Noa", "Ben", "Dana", "Carl"]


HAND = {"declarer": 2, "bid": "7C", "contracts": [2, 3, 7, 0], "tricks": [0, 3, 8, 2]}


def api(page, method: str, path: str, body: dict, key: str | None = None) -> dict:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    answer = page.request.fetch(path, method=method, data=body, headers=headers)
    assert answer.ok, answer.text()
    return answer.json()


def started(page, hands: int) -> dict:
    body = {"game": GAME.key, "players": NAMES, "rules": GAME.default_preset, "first_dealer": 0}
    created = api(page, "POST", "/api/games", body)
    for _ in range(hands):
        api(page, "POST", f"/api/games/{created['id']}/hands", HAND, created["edit_key"])
    return created


def entry():
    from tests.support.game_page_matrix import entry_of

    return entry_of(GAME, HAND, NAMES)


# Counts the bytes a page hashes (``crypto.subtle.digest``) in its tab's session storage, so
# that the count goes on over the tab's reloads (``HASHED_IN_WORKER``: the service worker's).
HASHED_IN_PAGE = """(() => {
  if (!globalThis.crypto || !crypto.subtle) return; // a page of no origin (about:blank)
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  crypto.subtle.digest = (algorithm, data) => {
    const before = Number(sessionStorage.getItem("test:hashed") || 0);
    sessionStorage.setItem("test:hashed", String(before + (data.byteLength || 0)));
    return digest(algorithm, data);
  };
})()"""
HASHED_IN_WORKER = """() => {
  if (self.hashed !== undefined) return;
  self.hashed = 0;
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  crypto.subtle.digest = (algorithm, data) => {
    self.hashed += data.byteLength || 0;
    return digest(algorithm, data);
  };
}"""

# The bytes the kept engine's cache holds under an address (0: none).
CACHED_SIZE = """async (url) => {
  const kept = await (await caches.open("kept-engine")).match(url);
  return kept ? (await kept.arrayBuffer()).byteLength : 0;
}"""

PLANT = """async (url) => (await caches.open("kept-engine")).put(url, new Response(
  "print('planted')", { headers: { "Content-Type": "application/zip" } }))"""
PLANTED = len("print('planted')")

# The address of the engine's zip in the kept engine's cache.
ENGINE_ZIP = """async () => (await (await caches.open("kept-engine")).keys())
  .map((request) => new URL(request.url).pathname)
  .find((path) => path.startsWith("/engine/scorekeeper-"))"""
