"""Helpers of tests/games/test_app_conformance.py."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.engine import Game
from scorekeeper.engine.core.game import Progress, Settings
from tests.support.browser import api
from tests.support.game_page_matrix import (
    FULL_MATRIX,
    GAMES_UNDER_TEST,
    HEIGHT,
    LANGUAGES,
    Entry,
    Phones,
    Setup,
    address,
    enter,
    game_id,
    game_name,
    join_by_request,
    kept_games,
    long_rules,
    pages_of,
    plain_text,
    previewed,
    raw_words,
    sampled_language,
    serious_axe,
    shown,
    titled,
    too_wide,
    untranslated,
)
from tests.support.live import polled, printed_pdf, view_path
from tests.support.whole_words import CUT_OR_BROKEN

WIDTHS = (360, 390)


def knob_text(value: Any) -> str:
    """A knob's value as the new-game form takes it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def holding_keys(phones: Phones, setup: Setup, language: str, width: int, axe=None):
    """The phone, holding the edit keys of the game's two games and of its club night's
    table (whose list it signs), and a member of the group of the one in progress (joined
    by its invite link), whose History, players and club night it sees. Its links are
    followed over HTTP, with the phone's cookies: no page of them is drawn. With ``axe``,
    its pages load axe-core (``Phones.page``)."""
    page = phones.page(language, width, axe=axe and serious_axe(axe))
    for played in kept_games(setup):
        if (language, width, played.id) not in setup.keys:
            assert page.request.get(f"/games/{played.id}/edit/{played.key}").ok
            setup.keys.add((language, width, played.id))
    # A phone is in at most MAX_PHONE_GROUPS groups and leaves the one it used least
    # recently for a new one: the games the suite creates on a phone may have taken this
    # group's place since it joined, and it joins again.
    joined = (language, width, -setup.group.id) in setup.keys
    if not joined or page.request.get(f"/groups/{setup.group.id}").status == 404:
        join_by_request(page.request, setup.group)
        setup.keys.add((language, width, -setup.group.id))
    return page


WALK_WIDTH = 360


# Each name as a page lays it out: its text (without a partner's "& "), whether its box cuts
# it, and the direction it is laid out in (which end an ellipsis takes).
NAMES_SHOWN = """(selector) => Array.from(document.querySelectorAll(selector)).map((el) => ({
    text: Array.from(el.childNodes).filter((n) => !(n.classList && n.classList.contains("and")))
        .map((n) => n.textContent).join(""),
    cut: el.scrollWidth > el.clientWidth + 1, direction: getComputedStyle(el).direction }))"""


HEBREW = re.compile("[\u0590-\u05ff]")


# Every key's label on the hand form (shown or not): its text, and whether its box cuts it.
KEY_LABELS = """() => Array.from(document.querySelectorAll("label.key > span")).map((el) => {
    const box = el.querySelector("bdi") || el;
    return { text: el.textContent,
        cut: box.scrollWidth > box.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 };
})"""


# The dealer's bar (an inset shadow along the top of what it marks: a hand's cell, the
# dealer's name over a partnership's hand, the legend's sample) and how far below its
# bottom what it marks starts, in px (issue 69: the bar touched the dealer's name).
DEALER_BAR = """() => [...document.querySelectorAll('table.hands .k, .legend .k')].map((el) => {
    const bar = el.getBoundingClientRect().top
        + parseFloat(getComputedStyle(el).boxShadow.split('px')[1]);
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    return { text: el.textContent.trim().slice(0, 20), gap: Math.min(...tops) - bar };
})"""


BAR_CLEARANCE = 2  # px between the dealer's bar and what it marks


def cut_at_the_wrong_end(shown: list[dict[str, Any]]) -> list[str]:
    """The names cut short at the other end than their own (a Hebrew name on an English
    page keeps its first name)."""
    wrong = []
    for name in shown:
        own = "rtl" if HEBREW.match(name["text"].strip()) else "ltr"
        if name["cut"] and name["direction"] != own:
            wrong.append(f"{name['text']!r} cut at its {name['direction']} end")
    return wrong


# Where a page draws a player's name on a key, beside a box, in the hand form's preview or
# in a list: each whole, as the sheet's (issue 69), on lines of whole words, a long word
# smaller, never cut short with an ellipsis nor broken inside a word. (The hands' column
# heads and the print keep the sheet's own rule.)
NAMES_WHOLE = (
    ".nm, .pad.names .key bdi, .seat legend button, .seat.count > label > bdi,"
    " #preview .who > bdi, .totals .p"
)


# Where a club page shows the players' names, each whole (wrapped, never cut), and the
# buttons a finger taps on it.
CLUB_NAMES = {
    "club night's draw": ".club-seats bdi",
    "club standings": ".club-standings .nm",
    "club standings on a projector": ".club-standings .nm",
    "club table's signing": ".club-signer bdi",
}


CLUB_BUTTONS = "main button, main a.btn, main select, main input:not([type=hidden])"


# The phones the templates are checked on: one a language, at the narrowest width. Each
# page is then laid out again at every wider width on the same phone (``wider_problems``).
TEMPLATE_PHONES = list(LANGUAGES)


NARROWEST = min(WIDTHS)


def turned(models: Sequence[Any], page: int, phone: int) -> list[Any]:
    """The models the phone ``phone`` (its index in ``TEMPLATE_PHONES``) checks the page
    ``page`` (its index in ``EVERY_PAGE``) on: the models in turn, one phone further on each
    page, so that every model meets every phone over the pages; a phone checks more than
    one where there are more models than phones (every model with the full matrix)."""
    if FULL_MATRIX:
        return list(models)
    count = len(TEMPLATE_PHONES)
    start = (page + phone) % count
    return [model for index, model in enumerate(models) if index % count == start] or [
        models[start % len(models)]
    ]


# Two frames drawn: the page's ResizeObservers (the save bar's room) have answered a new width.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def sent_problems(page, setup: Setup, game: Game, language: str, sent: dict[str, Any]) -> list[str]:
    """What is wrong with every page of the game as the server sent it in the language
    (``sent``: each page's status and HTML by its address), the live view of its two games
    and the preview of a hand: not answered, not titled with the game, or a word that is
    not the language's (``untranslated``) or that is the app's notation."""
    problems = []
    for name in pages_of(game):
        url = address(name, setup)
        status, html = sent[url]
        found = shown(html)
        text = found.text()
        wrong = [] if status == 200 else [f"answered {status}"]
        wrong += untranslated(text, language, game) + raw_words(text, game)
        title = re.search(r"<title>(.*?)</title>", html, re.S)
        if titled(name) and game_name(game, language) not in (title[1] if title else ""):
            wrong.append(f"the title does not name {game_name(game, language)}")
        problems += [f"{url}: {problem}" for problem in wrong]
    # The part of the scoreboard that a phone polls: the page's own fragment.
    for played in (setup.playing, setup.finished):
        response = page.request.get(f"/games/{played.id}/live")
        assert response.status == 200
        html = response.text()
        text = shown(html).text()
        problems += [f"live view: {problem}" for problem in untranslated(text, language, game)]
        assert 'class="why"' in html
    # The points of the first hand as its edit form previews them, with the hand's outcome:
    # the form as the phone has it now (its pages since may have renewed its CSRF token).
    form = shown(page.request.get(address("edit the first hand", setup)).text())
    preview = page.request.post(
        f"/games/{setup.playing.id}/hands/preview",
        form=dict(form.fields),
        headers={"Accept": "application/json"},
    )
    assert preview.status == 200, preview.text()
    answer = preview.json()
    assert len(answer["points"]) == len(answer["names"]) >= 2
    problems += [f"preview: {p}" for p in untranslated(answer["result"], language, game)]
    return problems


def submit(page, entry: Entry):
    """Taps Save (or the entry's action) and waits for the answer; returns its status."""
    button = page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save")
    with page.expect_navigation() as navigation:
        button.click()
    return navigation.value.status


def stored_game(base: str, game_id: int) -> dict[str, Any]:
    """The game as the API gives it to a holder of its view link."""
    token = view_path(base, game_id).rsplit("/", 1)[1]
    return api(base, "GET", f"/api/games/{game_id}?view={token}")


def stored_hands(base: str, game_id: int) -> list[dict[str, Any]]:
    """The game's hands as the API gives them to a holder of its view link."""
    return stored_game(base, game_id)["hands"]


def started_rules(game: Game, stored: dict[str, Any]) -> Settings:
    """The rules the stored game (its API JSON) was started with, which the table may
    have changed from its preset's (the actions' games are long games): never the
    game's default preset, under which a hand may end a game still under way."""
    return game.settings_from_dict(stored["settings"])


def replayed(game: Game, stored: dict[str, Any]) -> Progress:
    """The stored game (its API JSON) replayed under the rules it was started with, from
    its first dealer and starting totals, as the server replays it."""
    settings = started_rules(game, stored)
    records = [game.record_from_dict(settings, hand) for hand in stored["hands"]]
    return game.replay(
        settings,
        stored["first_dealer"],
        records,
        finish_after=stored.get("finished_after"),
        starting_totals=stored["starting_totals"],
    )


def same_hand(game: Game, stored: dict[str, Any], hand: dict[str, Any]) -> bool:
    return game.hand.form_values(stored) == game.hand.form_values(hand)


def start_by_form(page, game: Game, names: list[str]) -> int:
    page.goto(f"/games/new?game={game.key}")
    for seat, name in enumerate(names):
        page.fill(f'input[name="player_{seat}"]', name)
    page.locator('label.key:has(input[name="first_dealer"][value="0"])').click()
    for name, value in long_rules(game).items():
        box = page.locator(f'#new-game [name="{name}"]')
        if not box.is_visible():  # a house rule, in its folded group
            page.locator("details.house > summary").click()
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(knob_text(value))
        else:
            box.fill(knob_text(value))
    with page.expect_navigation():
        # The form's own button: "See the chances" (another form action) is there too where
        # the group has ratings in the game (its club night's table finished).
        page.locator('#new-game button[type="submit"]:not([formaction])').click()
    found = re.search(r"/games/(\d+)$", page.url)
    assert found, page.url
    return int(found.group(1))


def edit_url_of(page, game_id: int) -> str:
    page.goto(f"/games/{game_id}/share/edit?show=1")
    return page.locator(".qr-box figcaption a").get_attribute("href")


def record_with_javascript(page, base: str, game: Game, game_id: int, entry: Entry) -> None:
    """Taps the hand in, waits for the preview's points, and saves."""
    page.goto(f"/games/{game_id}/hands/new")
    enter(page, entry)
    settings = started_rules(game, stored_game(base, game_id))
    points = game.preview(settings, game.record_from_dict(settings, entry.hand))["points"]
    previewed(page, points)
    page.locator("#save").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))


def bid_cells_in_pdf(page, base: str, game: Game, game_id: int) -> list[str]:
    """The printed sheet's bids missing from its PDF, word by word: a bid cut short on
    paper ("4 downto") misses the end of a word. The PDF's text runs cells together, and
    a word of a right-to-left script may come out of it reversed. The sheet shows a bid
    for every hand whose view has one."""
    from pypdf import PdfReader

    views = game.hand_views(replayed(game, stored_game(base, game_id)))
    page.goto(f"/games/{game_id}/print")
    bids = [plain_text(b) for b in page.locator("table.score td.bid").all_inner_texts()]
    assert len(bids) == sum(view.bid is not None for view in views)
    reader = PdfReader(io.BytesIO(printed_pdf(page, format="A4")))
    text = "".join(plain_text(" ".join(p.extract_text() for p in reader.pages)).split())
    return [bid for bid in bids if any(w not in text and w[::-1] not in text for w in bid.split())]


def scoreboard_rows(page, game_id: int) -> list[str]:
    page.goto(f"/games/{game_id}?all=1")
    return [plain_text(row) for row in page.locator("table.hands tbody tr").all_inner_texts()]


def form_data(entry: Entry, **hidden: Any) -> dict[str, str]:
    data = {name: value for name, value in entry.values}
    data[entry.action or "save"] = "1"
    return data | {name: str(value) for name, value in hidden.items()}


# The size of the area a finger may touch to follow each of ``selector``'s controls: the
# control's box and what its ::after or label gives it, found by asking the page what is
# under each point on the lines through the control's centre.
TARGETS = """(selector) => {
    const found = [];
    for (const el of document.querySelectorAll(selector)) {
        // Not shown: hidden, or inside a closed <details> (laid out, never drawn).
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        el.scrollIntoView({ block: "center", inline: "center" });
        const r = el.getBoundingClientRect();
        const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
        const on = (px, py) => { const hit = document.elementFromPoint(px, py);
            return !!hit && (hit === el || el.contains(hit)); };
        const text = el.textContent.trim().slice(0, 20);
        if (!on(x, y)) { found.push({ text, width: 0, height: 0 }); continue; }
        let left = x, right = x, top = y, bottom = y;
        while (left > 0 && on(left - 1, y)) left--;
        while (right < innerWidth - 1 && on(right + 1, y)) right++;
        while (top > 0 && on(x, top - 1)) top--;
        while (bottom < innerHeight - 1 && on(x, bottom + 1)) bottom++;
        const cell = el.closest("td");
        found.push({ text, width: right - left + 1,
            height: bottom - top + 1, column: cell ? cell.getBoundingClientRect().width : null });
    }
    return found;
}"""


TAP = 44


def small_targets(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Targets under 44 × 44 px; a points cell may be as narrow as its column when the
    table's columns are narrower than 44 px (seven or eight players at 360 px), never
    narrower, nor short."""
    return [
        t
        for t in found
        if t["height"] < TAP
        or t["width"] < TAP
        and not (t.get("column") and t["width"] >= t["column"] - 2)
    ]


def club_layout_problems(page, name: str, setup: Setup) -> list[str]:
    """The names of a club page (``CLUB_NAMES``) whole, the table's on its pages, and
    the page's buttons and fields 44 px to a finger."""
    problems = []
    shown = page.evaluate(NAMES_SHOWN, CLUB_NAMES[name])
    problems += [f"cuts {name['text']!r}" for name in shown if name["cut"]]
    texts = {plain_text(name["text"]) for name in shown}
    table = {plain_text(player) for player in setup.night.table.players}
    if not texts >= table:
        problems.append(f"names {sorted(texts)}, not every player of table 1")
    targets = page.evaluate(TARGETS, CLUB_BUTTONS)
    problems += [f"a target under {TAP} px: {t}" for t in small_targets(targets)]
    return problems


def layout_problems(page, name: str, setup: Setup) -> list[str]:
    """What is wrong with the names and tap targets (issue 30) of the page ``name``, open on
    ``page``: every name a key, a box, the preview or a list draws whole (``NAMES_WHOLE``,
    the whole-words check); the score tiles show each player's name, the hands' columns
    cut one, if they must, at its own end; the group's list of games shows every name; the
    hand form's keys show a word whole; the scoreboard's hand numbers and points and the
    hand form's keys and buttons are 44 × 44 px to a finger; the dealer's bar is clear
    of the name or figures it marks (issue 69)."""
    if name == "edit the last hand":  # its preview's names, once the points are shown
        polled(page, lambda: page.locator("#preview.scores").count(), timeout=3000)
    problems = [f"a name not whole: {cut}" for cut in page.evaluate(CUT_OR_BROKEN, NAMES_WHOLE)]
    typed = sorted(plain_text(name) for name in setup.playing.players)
    if name == "scoreboard":
        tiles = page.evaluate(NAMES_SHOWN, ".totals .p")
        if sorted(plain_text(tile["text"]) for tile in tiles) != typed:
            problems.append(f"the tiles name {[tile['text'] for tile in tiles]}")
        problems += [f"a tile cuts {tile['text']!r}" for tile in tiles if tile["cut"]]
        problems += cut_at_the_wrong_end(page.evaluate(NAMES_SHOWN, "table.hands thead .p"))
        board = page.evaluate(TARGETS, "table.hands tbody a")
        problems += [] if board else ["no hand's number or points to tap"]
        problems += [
            f"the dealer's bar {bar['gap']:.1f} px from {bar['text']!r}"
            for bar in page.evaluate(DEALER_BAR)
            if bar["gap"] < BAR_CLEARANCE
        ]
        problems += [f"a target under {TAP} px: {t}" for t in small_targets(board)]
    elif name == "group":
        listed = page.evaluate(NAMES_SHOWN, ".games .who .nm")
        if not {plain_text(t["text"]) for t in listed} >= set(typed):
            problems.append(f"the games list {[t['text'] for t in listed]}")
        problems += [f"the list cuts {t['text']!r}" for t in listed if t["cut"]]
    elif name == "edit the last hand":
        labels = page.evaluate(KEY_LABELS)
        problems += [f"a key cuts {k['text']!r}" for k in labels if k["cut"]]
        form = page.evaluate(TARGETS, "#hand label.key, #hand button, .savebar button")
        problems += [] if form else ["no key or button on the hand form"]
        problems += [f"a target under {TAP} px: {t}" for t in small_targets(form)]
    elif name in CLUB_NAMES:
        problems += club_layout_problems(page, name, setup)
    return problems


def wider_problems(page, name: str, setup: Setup) -> list[str]:
    """The page open on ``page`` (at ``NARROWEST``) laid out again at each wider phone's
    width, as that phone would show it: no wider than its screen, the names and tap
    targets as ``layout_problems`` wants them. The phone is left at its own width."""
    problems = []
    try:
        for width in WIDTHS:
            if width == NARROWEST:
                continue
            page.set_viewport_size({"width": width, "height": HEIGHT})
            page.evaluate(SETTLED)  # what the page's scripts redo for the new width
            found = too_wide(page) + layout_problems(page, name, setup)
            problems += [f"at {width} px: {problem}" for problem in found]
    finally:
        page.set_viewport_size({"width": NARROWEST, "height": HEIGHT})
    return problems


PHONES = [(language, width) for language in LANGUAGES for width in WIDTHS]


def walk_phones(game: Game) -> list[tuple[str, int]]:
    """The phones a game's walk goes through its pages on: one, at 360 px, in a language
    in turn (every phone, axe too, with ``SCOREKEEPER_FULL_MATRIX=1``)."""
    return PHONES if FULL_MATRIX else [(sampled_language(game), WALK_WIDTH)]


def action_phones(game: Game) -> list[tuple[str, int]]:
    """The phones a game's actions are played on: 360 px, where a key is likeliest pushed
    off the screen, in one language a game, in turn (each language over three games)."""
    if FULL_MATRIX:
        return PHONES
    languages = list(LANGUAGES)
    return [(languages[(GAMES_UNDER_TEST.index(game) + 1) % len(languages)], 360)]


# The games walked: each registered game at its own size (and the toy game). A larger
# table of a game draws its pages from the same templates, whose widest models, the most
# players first, ``test_every_template_on_every_phone`` checks.
WALKED = [game for game in GAMES_UNDER_TEST if game_id(game) == game.key]


def walk_reads_as_sent(game: Game, language: str) -> bool:
    """Whether the game's walk (``test_every_page``) reads its pages as the server sent them
    in the language, on its phone at 360 px: what ``test_every_page_in_every_language``
    reads for every other game and language, so that no page is drawn twice for it."""
    return game in WALKED and (language, WALK_WIDTH) in walk_phones(game)


ACTIONS = [
    pytest.param(game, language, width, id=f"{language}-{width}-{game_id(game)}")
    for game in GAMES_UNDER_TEST
    for language, width in action_phones(game)
]
