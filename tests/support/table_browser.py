"""Helpers of tests/browser/test_table_browser.py, which other tests use too."""

from tests.support.live import until


def wait_for_worker(page, seconds: float = 10.0, holding: str = "") -> None:
    """Waits until the service worker is active, so that it serves the next navigation,
    and has kept a copy of the page (one that says ``holding``: a copy kept of an earlier
    load of the page may be there before the current one)."""
    until(
        page,
        """async (holding) => {
            const registration = await navigator.serviceWorker.getRegistration();
            const pages = await caches.open("pages");
            const kept = await pages.match(location.href, {ignoreVary: true});
            return Boolean(registration && registration.active
                && registration.active.state === "activated"
                && kept && (await kept.text()).includes(holding));
        }""",
        holding,
        timeout=seconds * 1000,
    )


def show_page(page, state: str) -> None:
    """Acts as the phone does when its screen goes off ("hidden") or on ("visible")."""
    page.evaluate(
        """state => {
            Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


# Whether the page says it is offline: the stored scoreboard's #offline notice shown, or the
# kept page's line saying so (its words: the "kept-offline" template).
OFFLINE_SAID = """() => {
  const notice = document.getElementById("offline");
  if (notice && notice.checkVisibility()) return true;
  const status = document.getElementById("kept-status");
  const words = document.querySelector("template#kept-offline");
  return Boolean(status && words) && status.textContent.trim() === words.content.textContent.trim();
}"""
