"""Helpers of tests/browser/test_evening_at_the_table_browser.py."""

from __future__ import annotations

import re

from tests.support.browser import SCOREBOARD_URL, Taps, radio
from tests.support.live import keep_screenshot
from tests.support.shared import API_FIELD

SMALL_PHONE = {"width": 360, "height": 740}


LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9"}


# Long names in both scripts (16+ characters): on a page of either direction, one of
# them runs against it.
NAMES = [
    "אלכסנדרה בן-דויד",
    "Christopher Montgomery-Whitley",
    "נועה שמעוני-רוזנברג",
    "Marcus Aurelius Pemberton",
]


GAMES = {
    "en": {
        "israeli-whist": "Israeli Whist",
        "spades": "Spades",
        "hearts": "Hearts",
        "oh-hell": "Oh Hell",
        "bid-whist": "Bid Whist",
    },
    "he": {
        "israeli-whist": "ויסט ישראלי",
        "spades": "ספייד",
        "hearts": "הארטס",
        "oh-hell": "אוֹ הֶל",
        "bid-whist": "ביד ויסט",
    },
}


THROWN_IN = {"en": "thrown in", "he": "חלוקה מחדש"}


MOON = {"en": "shot the moon", "he": "ירח"}


DEAL = {"en": "Deal {} cards", "he": "לחלק {} קלפים לכל אחד"}


MAY_NOT_BID = {"en": "may not bid", "he": "לא יכול להכריז"}


ISOLATES = re.compile("[\u2066-\u2069\u200e\u200f]")


NOTATION = re.compile(r"\b\d(?:U|D|NT)\b|C, D, H, S")


SEAT_NUMBER = re.compile(r"\bseat \d|\bPlatz \d|מושב \d", re.IGNORECASE)


PRESET_KEY = re.compile(
    r"any-game|oh-hell|pagat-german|israeli-whist|bid-whist|elhanani|round_total|"
    r"· spades ·|Rules: spades"
)


# New game's house-rule headings once stayed raw English keys on a Hebrew page.
RAW_HEADING = {"en": re.compile("(?!x)x"), "he": re.compile(r"\b(?:bidding|auction)\b", re.I)}


FITS = "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"


# Every visible element that holds a whole player's name and draws it in a box narrower
# than the name's run: the innermost element holding the name, or its nearest box when
# it is inline (a <bdi>). The heads of the hands' columns, a name's tap key and the hand
# form's one-line preview of the points are the places a name too long is cut short on
# purpose, each on its own and at its own logical end (dir=auto, a <bdi>'s own; the key's
# title holds the whole name): that is checked apart.
CLIPPED = """(names) => {
  const strip = (s) => s.replace(/[\\u2066-\\u2069\\u200e\\u200f]/g, '');
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    const text = strip(el.textContent);
    for (const name of names) {
      if (!text.includes(name)) continue;
      if ([...el.children].some((c) => strip(c.textContent).includes(name))) continue;
      if (el.closest('table.hands thead, #preview, label.key')) {
        if (el.closest('[dir=auto], bdi:not([dir])') === null) {
          found.push(`${name} cut short without dir=auto`);
        }
        continue;
      }
      // A chart's label: Chromium's scrollWidth of an SVG <text> lays its lines (tspans
      // each placed by x) end to end as one, so the label is measured against the chart.
      if (el instanceof SVGElement && el.ownerSVGElement) {
        const chart = el.ownerSVGElement.getBoundingClientRect();
        const label = el.getBoundingClientRect();
        if (label.right > chart.right + 0.5 || label.left < chart.left - 0.5) {
          const [l, r] = [label.left, label.right].map(Math.round);
          found.push(`${name} in a chart: ${l}-${r} past ${Math.round(chart.right)}`);
        }
        continue;
      }
      let box = el;
      while (box && box.clientWidth === 0) box = box.parentElement;
      if (!box) continue;
      const where = `<${box.tagName.toLowerCase()} class="${box.className}">`;
      if (box.scrollWidth > box.clientWidth + 1) {
        found.push(`${name} in ${where}: ${box.scrollWidth} > ${box.clientWidth}`);
        continue;
      }
      // An ellipsis drawn for a fraction of a pixel too many, which scrollWidth rounds away.
      const style = getComputedStyle(box);
      if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') {
        const range = document.createRange();
        range.selectNodeContents(el);
        const outer = box.getBoundingClientRect();
        const lines = [...range.getClientRects()];
        if (lines.some((r) => r.right > outer.right + 0.05 || r.left < outer.left - 0.05)) {
          found.push(`${name} in ${where}: cut with an ellipsis`);
        }
      }
    }
  }
  return found;
}"""


# Every word of a player's name that the page breaks across two lines (a break after a
# hyphen is a break between words).
BROKEN = """(names) => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const name of names) {
      let at = node.data.indexOf(name);
      if (at < 0) continue;
      for (const word of name.split(/(?<=[\\s-])/)) {
        const range = document.createRange();
        const bare = word.trimEnd();
        range.setStart(node, at);
        range.setEnd(node, at + bare.length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(`${bare} (${name})`);
        at += word.length;
      }
    }
  }
  return broken;
}"""


LAID_OUT = f"(names) => [{FITS}, ({CLIPPED})(names), ({BROKEN})(names)]"


def read(page) -> str:
    """The page's visible text as a person reads it: isolates dropped, spaces collapsed."""
    return " ".join(ISOLATES.sub("", page.locator("body").inner_text()).split())


class Evening:
    """Two phones at one table, and what each check saw."""

    def __init__(self, browser, live_server, language, shots) -> None:
        self.language = language
        self.shots = shots
        self.errors: list[str] = []
        self.contexts = []
        self.a = self.phone(browser, live_server)
        self.b = self.phone(browser, live_server)
        self.taps: dict[str, list[int]] = {}

    def phone(self, browser, live_server):
        context = browser.new_context(
            viewport=SMALL_PHONE,
            base_url=live_server,
            extra_http_headers={"Accept-Language": LANGUAGES[self.language]},
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()

    def looks_right(self, page, where: str, shot: str | None = None) -> str:
        """Checks what a person reads on ``page``; returns its text."""
        if shot:
            keep_screenshot(page, self.shots / f"{shot}.png")
        text = read(page)
        for pattern in (API_FIELD, NOTATION, SEAT_NUMBER, PRESET_KEY, RAW_HEADING[self.language]):
            assert not pattern.search(text), (where, pattern.search(text).group(), text)
        # The page's width, the names it clips and breaks, read in one go.
        (width, room), clipped, broken = page.evaluate(LAID_OUT, NAMES)
        assert width <= room, (where, width, room)
        assert clipped == [], (where, clipped)
        assert broken == [], (where, broken)
        return text

    def saved(self, game: str, hand: int, taps: Taps) -> str:
        """After a Save on A: A's message and board, then B following the game."""
        a, b = self.a, self.b
        assert SCOREBOARD_URL.search(a.url), a.url
        self.taps.setdefault(game, []).append(taps.count)
        flash = " ".join(ISOLATES.sub("", a.locator(".flash").first.inner_text()).split())
        # A scored hand or round is never announced as thrown in.
        assert THROWN_IN[self.language] not in flash, flash
        assert any(name in flash for name in NAMES) or game == "bid-whist", flash
        where = f"{game} hand {hand}"
        text = self.looks_right(a, f"A {where}", f"{game}-{hand}-a")
        for name in NAMES:
            assert name in text, (where, name)
        b.goto(a.url)
        followed = self.looks_right(b, f"B {where}", f"{game}-{hand}-b" if hand == 1 else None)
        assert b.locator(".totals b").all_inner_texts() == a.locator(".totals b").all_inner_texts()
        for name in NAMES:
            assert name in followed, (where, name)
        return flash

    def new_game(self, game: str, preset: str | None = None) -> None:
        """A starts ``game`` through New game: the game's choice, the names, the first
        dealer, Start."""
        a = self.a
        a.goto("/games/new")
        with a.expect_navigation():
            a.get_by_role("link", name=GAMES[self.language][game], exact=True).click()
        self.looks_right(a, f"new {game}")
        for seat, name in enumerate(NAMES):
            a.locator(f"#player_{seat}").fill(name)
        if preset:
            a.locator(f"#rules label:has(input[value='{preset}'])").click()
        a.locator("label.key:has(input[name=first_dealer][value='0'])").click()
        with a.expect_navigation():
            a.locator("form button.primary[type=submit]").click()
        assert SCOREBOARD_URL.search(a.url), a.url
        self.looks_right(a, f"{game} scoreboard", f"{game}-0-a")
        # The tab names the game (the rules line names the preset: "Pagat (German page)").
        assert GAMES[self.language][game] in a.title(), a.title()

    def record(self) -> Taps:
        taps = Taps(self.a)
        taps(self.a.locator("#record"))
        self.a.wait_for_url("**/hands/new")
        self.a.wait_for_function("() => document.documentElement.classList.contains('js')")
        return taps


def israeli_whist(evening: Evening) -> None:
    """docs/rules/israeli-whist.md's example 1 twice: North (seat 2) declares 7♣, East, South, West
    name 0, 2, 3; tricks in the same order, North's fill themselves in."""
    evening.new_game("israeli-whist", "pagat-german")
    for hand in (1, 2):
        taps = evening.record()
        for name, value in (("declarer", 2), ("level", 7), ("denomination", "C")):
            taps.key(name, value)
        for name, value in (("contract_3", 0), ("contract_0", 2), ("contract_1", 3)):
            taps.key(name, value)
        if hand == 1:
            evening.looks_right(evening.a, "israeli-whist form", "israeli-whist-form")
        for name, value in (("tricks_3", 2), ("tricks_0", 0), ("tricks_1", 3)):
            taps.key(name, value)
        taps.save()
        evening.saved("israeli-whist", hand, taps)
    assert evening.a.locator(".totals b").all_inner_texts() == ["−40", "38", "−20", "−80"]


def spades(evening: Evening) -> None:
    """Hand 1 (seat 0 deals): Christopher bids nil and takes nothing. Hand 2 (seat 1
    deals): an empty Save first, refused naming the first bidder, then the hand."""
    a = evening.a
    evening.new_game("spades")
    taps = evening.record()
    for seat, bid in zip([1, 2, 3, 0], [0, 4, 3, 4], strict=True):
        taps.key(f"bid_{seat}", bid)
    for seat, taken in zip([1, 2, 3], [0, 4, 3], strict=True):
        taps.key(f"tricks_{seat}", taken)
    assert radio(a, "tricks_0", 6).is_checked()
    evening.looks_right(a, "spades form", "spades-form")
    taps.save()
    flash = evening.saved("spades", 1, taps)
    assert NAMES[1] in flash
    taps = evening.record()
    with a.expect_navigation():
        taps(a.locator("#save"))
    (summary,) = a.locator(".error-summary li").all_inner_texts()
    assert NAMES[2] in ISOLATES.sub("", summary), summary
    evening.looks_right(a, "spades refusal", "spades-refusal")
    for seat in (2, 3, 0, 1):
        taps.key(f"bid_{seat}", 3)
    for seat in (2, 3, 0):
        taps.key(f"tricks_{seat}", 3)
    taps.save()
    evening.saved("spades", 2, taps)


def hearts(evening: Evening) -> None:
    """Hearts by its one choice: a round typed (the last player's points filled in), then
    a moon tapped on its shooter."""
    a = evening.a
    evening.new_game("hearts")
    taps = evening.record()
    taps(a.locator("#points_0"))
    for points in ("3", "13", "10"):
        a.keyboard.type(points)
        a.keyboard.press("Enter")
        taps.count += len(points) + 1
    assert a.locator("#points_3").input_value() == "0"
    taps.save()
    evening.saved("hearts", 1, taps)
    taps = evening.record()
    taps(a.locator("#moon label.key", has_text=NAMES[2]))
    evening.looks_right(a, "hearts moon form", "hearts-moon-form")
    taps.save()
    flash = evening.saved("hearts", 2, taps)
    assert MOON[evening.language] in flash
    assert a.locator(".totals b").all_inner_texts() == ["29", "39", "10", "26"]


def oh_hell(evening: Evening) -> None:
    """Four players, ten cards first. The dealer's bid, tapped before the others', is
    hooked once they have bid: refused, naming the dealer, then corrected."""
    a = evening.a
    evening.new_game("oh-hell")
    assert DEAL[evening.language].format(10) in read(a)
    taps = evening.record()
    assert DEAL[evening.language].format(10) in read(a)
    taps.key("trump", "H")
    # The dealer's 7 tapped out of turn, before the others have bid (a tap on the
    # dealer's name opens the row): allowed so far.
    taps(a.locator('.seat[data-prefix="bid"][data-seat="0"] legend button'))
    taps.key("bid_0", 7)
    assert radio(a, "bid_0", 7).is_checked()
    for seat in (1, 2, 3):
        taps.key(f"bid_{seat}", 1)
    # Now 7 would make the bids total the 10 cards: taken back, barred, and said why.
    assert not radio(a, "bid_0", 7).is_checked()
    assert radio(a, "bid_0", 7).is_disabled()
    why = " ".join(ISOLATES.sub("", a.locator("#bid_0 .why").inner_text()).split())
    assert NAMES[0] in why and MAY_NOT_BID[evening.language] in why, why
    evening.looks_right(a, "oh-hell hook", "oh-hell-hook")
    taps.key("bid_0", 0)
    for seat in (1, 2, 3):
        taps.key(f"tricks_{seat}", 1)
    assert radio(a, "tricks_0", 7).is_checked()
    taps.save()
    evening.saved("oh-hell", 1, taps)
    assert DEAL[evening.language].format(9) in read(a)
    assert DEAL[evening.language].format(9) in read(evening.b)
    taps = evening.record()
    taps.key("trump", "S")
    for seat in (2, 3, 0):
        taps.key(f"bid_{seat}", 2)
    taps.key("bid_1", 0)
    for seat in (2, 3, 0):
        taps.key(f"tricks_{seat}", 2)
    taps.save()
    evening.saved("oh-hell", 2, taps)


def bid_whist(evening: Evening) -> None:
    """Christopher bids 4 uptown in hearts and makes 11 books; then Alexandra 5 no-trump
    downtown, 11 books."""
    evening.new_game("bid-whist")
    taps = evening.record()
    for name, value in (("bidder", 1), ("level", 4), ("kind", "U"), ("trump", "H")):
        taps.key(name, value)
    taps.key("books", 11)
    evening.looks_right(evening.a, "bid-whist form", "bid-whist-form")
    taps.save()
    evening.saved("bid-whist", 1, taps)
    taps = evening.record()
    for name, value in (("bidder", 2), ("level", 5), ("kind", "NT"), ("direction", "low")):
        taps.key(name, value)
    taps.key("books", 11)
    taps.save()
    evening.saved("bid-whist", 2, taps)


def lists_name_every_game_and_player(evening: Evening, page, path: str, shot: str) -> None:
    page.goto(path)
    text = evening.looks_right(page, f"list {path}", shot)
    for game, name in GAMES[evening.language].items():
        assert name in text, (path, game)
    items = page.locator("ul.games li")
    for i in range(items.count()):
        item = " ".join(ISOLATES.sub("", items.nth(i).inner_text()).split())
        if not any(name in item for name in GAMES[evening.language].values()):
            continue
        # Every player of every game, both partners of a side.
        for name in NAMES:
            assert name in item, (path, item, name)
