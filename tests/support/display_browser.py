"""Helpers of tests/browser/test_display_browser.py, which other tests use too."""

from __future__ import annotations

import itertools
import pathlib
from collections.abc import Iterator

import pytest

from tests.games.israeli_whist.worked import WORKED_EXAMPLE
from tests.support.budget import benchmark_module
from tests.support.live import PHONE, call_json, serving


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[str]:
    """One live server (CSRF on, as conftest's) for the module's tests, started once
    rather than once a test: each test starts its own games on it, in a fresh phone."""
    with serving(tmp_path_factory.mktemp("display")) as base:
        yield base


LANGUAGES = {"en": "en", "de": "de-DE,de;q=0.9", "he": "he-IL,he;q=0.9"}


def api(base: str, method: str, path: str, body=None, key=None):
    status, answer = call_json(base, method, path, body, key)
    assert status < 400, answer
    return answer


def new_game(base: str, players, hands=(), **body) -> dict:
    created = api(
        base,
        "POST",
        "/api/games",
        {"players": players, "rules": "pagat-german", "first_dealer": 0, **body},
    )
    for hand in hands:
        api(base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"])
    return created


@pytest.fixture
def phone(browser, live_server, request):
    """A phone asking for the language ``request.param`` is named by, at 390 px or 360 px."""
    language, width = request.param
    context = browser.new_context(
        viewport={"width": width, "height": PHONE["height"]},
        base_url=live_server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    yield context.new_page()
    context.close()


ARTIFACTS = pathlib.Path(__file__).resolve().parents[2] / "test-artifacts"


LONG_NAMES = ["Shira Ben-David", "Wassim Haddad", "Noa Rosenberg", "Eitan Mizrahi"]


# The boxes of ``name`` and of each character of the first ``token`` after it, in the
# text of the element ``selector``, however many text nodes that text spans.
BOXES = """([selector, name, token]) => {
  const root = document.querySelector(selector);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const places = [];
  let text = "";
  while (walker.nextNode()) {
    const node = walker.currentNode;
    for (let i = 0; i < node.textContent.length; i++) places.push([node, i]);
    text += node.textContent;
  }
  const box = (from, to) => {
    const range = document.createRange();
    range.setStart(...places[from]);
    range.setEnd(places[to - 1][0], places[to - 1][1] + 1);
    const r = range.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top};
  };
  const at = text.indexOf(name);
  const after = text.indexOf(token, at + name.length);
  if (at < 0 || after < 0) return null;
  const chars = [];
  for (let i = after; i < after + token.length; i++) chars.push(box(i, i + 1));
  return {name: box(at, at + name.length), token: chars, text};
}"""


def screenshot(page, name: str, selector: str | None = None) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    target = page.locator(selector).first if selector else page
    options = {} if selector else {"full_page": True}
    target.screenshot(path=str(ARTIFACTS / f"display-{name}.png"), **options)


def assert_reads_left_to_right(page, selector: str, name: str, token: str) -> None:
    """On an English page: the name, then the token to its right, its characters in order
    and side by side (not split around the name)."""
    found = page.evaluate(BOXES, [selector, name, token])
    assert found is not None, f"{name!r} then {token!r} not in {selector}"
    first, chars = found["name"], found["token"]
    assert all(abs(c["top"] - first["top"]) < 2 for c in chars), "not on one line"
    assert chars[0]["left"] >= first["right"] - 0.5, (found["text"], first, chars)
    for before, after in itertools.pairwise(chars):
        assert -0.5 <= after["left"] - before["right"] < 2, (found["text"], chars)


def boxes_meet(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def sample_game(base: str, hands: int = 12) -> dict:
    sample_hand = benchmark_module().sample_hand
    return new_game(
        base,
        LONG_NAMES,
        [sample_hand(i) for i in range(hands)] + [{**WORKED_EXAMPLE, "revokes": [0, 1, 0, 0]}],
        target=100_000,
    )


def pdf_fonts(reader) -> set[str]:
    """The names of the fonts a PDF embeds, without their subset tags (``ABCDEF+``)."""
    found = set()

    def walk(resources) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            found.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+")[-1])
        for xobject in (resources.get("/XObject") or {}).values():
            walk(xobject.get_object().get("/Resources"))

    for pdf_page in reader.pages:
        walk(pdf_page.get("/Resources"))
    return found
