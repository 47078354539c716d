"""Helpers of tests/browser/test_table_fit_browser.py, which other tests use too."""

from __future__ import annotations

from tests.support.display_browser import phone as phone  # a fixture: a language and a width

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
