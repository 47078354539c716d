"""Helpers of tests/browser/test_table_fit_browser.py, which other tests use too."""

from __future__ import annotations

from datetime import datetime

from tests.support.browser import WORKED_TAPS
from tests.support.display_browser import new_game
from tests.support.display_browser import phone as phone  # a fixture: a language and a width
from tests.support.live import polled

TAP = 44


# Every key of the pads showing inside ``root``: its box and whether the text is cut.
KEY_BOXES = """root => Array.from(root.querySelectorAll(".pad")).filter(
  pad => pad.offsetParent !== null
).flatMap(pad => Array.from(pad.querySelectorAll("label.key")).map(key => {
  const r = key.getBoundingClientRect();
  return {text: key.textContent.trim(), title: key.title, left: r.left, right: r.right,
          width: r.width, height: r.height};
}))"""


NARROW = [("en", 360), ("de", 360), ("he", 360)]


def assert_keys_fit(page, selector: str, expected: int | None = None) -> list[dict]:
    """Every key showing under ``selector`` lies inside the screen and is a 44 px target."""
    width = page.viewport_size["width"]
    keys = page.locator(selector).evaluate(KEY_BOXES)
    assert keys, f"no keys showing in {selector}"
    if expected is not None:
        assert len(keys) == expected, keys
    for key in keys:
        assert key["left"] >= -0.5 and key["right"] <= width + 0.5, (selector, key)
        assert key["width"] >= TAP and key["height"] >= TAP, (selector, key)
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, (selector, scroll)
    return keys


def open_hand_form(page, live_server, players, hands=(), **body) -> dict:
    """A pagat-german game of ``players`` opened on its edit link, at the new-hand form."""
    created = new_game(live_server, players, hands, **body)
    page.goto(created["edit_url"])
    page.goto(f"/games/{created['id']}/hands/new")
    return created


def trick_counts(page) -> list[int | None]:
    def count(seat):
        checked = page.locator(f'input[name="tricks_{seat}"]:checked')
        return int(checked.get_attribute("value")) if checked.count() else None

    return [count(seat) for seat in range(4)]


def focused(page, expected: str = "error-summary") -> str:
    """The class of what has the focus: once it is ``expected``, or what it still is after
    5 s. Chromium moves the focus to an ``autofocus`` element at a rendering update, which
    may come after the page's load event."""
    return polled(
        page,
        lambda: page.evaluate("document.activeElement.className"),
        lambda now: now == expected,
        timeout=5000,
    )


def seats_on_screen(page, step: str) -> list[str]:
    """The players of a step from the top of the screen down."""
    return page.locator(f"#{step} .seat").evaluate_all(
        """seats => seats.map(f => [f.getBoundingClientRect().top, f.querySelector("legend button")
          .textContent]).sort((a, b) => a[0] - b[0]).map(pair => pair[1])"""
    )


def enter_a_hand(page, taps=None):
    """docs/rules/israeli-whist.md's worked example, tapped on the open hand form."""
    for name, value in taps or WORKED_TAPS:
        page.locator(f'label.key:has(input[name="{name}"][value="{value}"])').click()


def written(moment: datetime, language: str) -> str:
    """A date and a time of day as a reader of ``language`` writes them, by hand: what
    both the server and the phone's script must show."""
    hour, minute = moment.hour, f"{moment.minute:02d}"
    if language == "de":
        return f"{moment:%d.%m.%Y}, {hour:02d}:{minute}"
    months = [
        "ינו׳",
        "פבר׳",
        "מרץ",
        "אפר׳",
        "מאי",
        "יוני",
        "יולי",
        "אוג׳",
        "ספט׳",
        "אוק׳",
        "נוב׳",
        "דצמ׳",
    ]
    if language == "he":
        return f"{moment.day} ב{months[moment.month - 1]} {moment.year}, {hour}:{minute}"
    period = "AM" if hour < 12 else "PM"  # kept to its time by a narrow no-break space
    return f"{moment:%b} {moment.day}, {moment.year}, {hour % 12 or 12}:{minute}\u202f{period}"


def refused_hand(page) -> None:
    """The hand form sent back by the server: West said the forbidden number. (The keys
    refuse it, so the radio is checked by hand and the form sent the plain way.)"""
    enter_a_hand(page, WORKED_TAPS[:5])
    page.evaluate(
        """() => {
          const west = document.querySelector('input[name="contract_1"][value="4"]');
          west.disabled = false;
          west.checked = true;
          document.getElementById("hand").submit();
        }"""
    )
    page.locator(".error-summary").wait_for()
    # With JavaScript too the summary keeps the focus: hand.js neither scrolls nor moves it.
    assert focused(page) == "error-summary"
    assert page.evaluate("window.scrollY") == 0
