"""The app conformance suite: every registered game, and the toy game the tests register,
through the real pages in real Chromium, at 360 and 390 px, in English, Hebrew and German,
with names of 16 characters (Hebrew and Latin) and a name that is markup.

The engine's conformance suite (``tests/games/test_conformance.py``) runs every game's rules;
this one runs every game's pages, so that no page can work for one game only. Nothing
here names a game: hands come from each game's own simulation (``simulate`` and
``record_of_deal``), the hand form is filled from its ``form_values``, and what a page
must show comes from the game's own views. A new game passes it with no change here.

Every game is checked on every page, and every template on every phone, but not every
combination: a phone in Chromium costs half a second a page, and games × pages × languages ×
widths would double with the games. So the suite grows with the templates, not the games:

- **Every page in every language, without a browser** (per game and language): each page
  answers 200 over HTTP, with a title naming the game being played and on Hebrew and German
  pages no snake_case identifier, no rule's code name and no English sentence of the
  catalogue left untranslated; so does the live view and the hand form's preview.
- **Every template on every phone, in Chromium** (per page and language, not per
  game): each page against its widest models (``Widest``), picked from the registry: the
  game with the most players (eight names of 16 characters, Hebrew and Latin), then the
  fewest games whose page shows every kind of element (tag, classes, role) that any
  game's does, each phone checking them in turn. No horizontal overflow, no serious or
  critical axe finding, the words above, the names whole or cut at their own end, tap
  targets of 44 px, no script error. A new game joins the models only where it draws
  something no other game does. Each language's phone checks them at 360 px, axe too, and
  lays each out again at 390 px (``wider_problems``): no rule of the stylesheets tells the
  two widths apart, so the markup, words and colours axe reads are the same.
- **One walk a game through its pages**, in Chromium at 360 px, a language in turn
  (``walk_phones``), each registered game at its own size (``WALKED``): what only the
  game's own pages show: no script error, every link answered, no horizontal overflow,
  the words and title above, names and tap targets.
- **Actions** (per game, at 360 px, its language in turn): New game through its form; a
  hand recorded by tapping the form with JavaScript, after its preview; a hand recorded with
  JavaScript off; an edit; the last hand deleted through the HTML page; Revisions; two
  phones saving the same hand through the form (one is stored, the other answers 409
  with its entries kept); a stale edit (409, entries kept).
- **Files**: the printed sheet's PDF has every hand's bid in full; the CSV has the
  game's own columns; an export imported again gives the same scoreboard.

``SCOREKEEPER_FULL_MATRIX=1`` walks every game's pages on every phone, axe too, and runs the
actions on every phone (each language at each width).

One live server and one browser serve the whole module; each language and width is one
browser context (a phone), holding the edit keys of the games it records in.
"""

from __future__ import annotations

import csv
import io
import json
import pathlib
import re
import threading
import urllib.parse
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest

from scorekeeper.engine.core.game import CSV_SHARED_COLUMNS
from scorekeeper.engine.registry import get_game
from tests.support import game_page_matrix
from tests.support.app import group_of, new_app
from tests.support.game_page_matrix import (  # noqa: F401  (fixtures)
    ANY_GAME_PAGES,
    CLUB_PAGES,
    FULL_MATRIX,
    GAMES_UNDER_TEST,
    HEIGHT,
    LANGUAGES,
    NAMES,
    PAGES,
    SERIOUS,
    Entry,
    Kinds,
    Phones,
    Setup,
    Widest,
    address,
    cover,
    enter,
    entry_of,
    game_id,
    game_name,
    join_by_request,
    kept,
    kept_games,
    long_rules,
    names_for,
    page_problems,
    pages_of,
    phones,
    plain_text,
    previewed,
    raw_words,
    sampled_language,
    serious_axe,
    server,
    setups,
    shown,
    simulated_hands,
    titled,
    too_wide,
    toy_registered,
    untranslated,
)
from tests.support.games.app_conformance import (
    ACTIONS,
    NARROWEST,
    TEMPLATE_PHONES,
    WALK_WIDTH,
    WALKED,
    WIDTHS,
    action_phones,
    bid_cells_in_pdf,
    edit_url_of,
    form_data,
    holding_keys,
    layout_problems,
    record_with_javascript,
    replayed,
    same_hand,
    scoreboard_rows,
    sent_problems,
    start_by_form,
    started_rules,
    stored_hands,
    submit,
    turned,
    walk_phones,
    walk_reads_as_sent,
    wider_problems,
)
from tests.support.live import SERVED
from tests.support.play import records as drawn_records
from tests.support.play import simulates

pytestmark = pytest.mark.browser
# A parallel run keeps each game's tests on one worker, and the games spread over the
# workers (``conftest.pytest_collection_modifyitems``).
PER_GAME_GROUPS = True


assert all(len(name) in (15, 16) for name in NAMES)


# --- what a page may not show ---------------------------------------------------------------


# --- the server, the phones and the games ----------------------------------------------------


# --- every page ------------------------------------------------------------------------------


# --- which phone checks what ------------------------------------------------------------------
# What a page must be is checked in three places, so that the suite grows with its templates,
# not with games × pages × languages × widths:
#
# - ``test_every_page_in_every_language`` (no browser): every page of every game in every
#   language, as the server sends it: answered, titled, its words the language's.
# - ``test_every_template_on_every_phone`` (Chromium): each page on every phone (language
#   and width), with axe, against the widest models (``Widest``): the game with the most
#   players, then the fewest games whose page shows every kind of element any game's does.
#   A new game joins them only where its page draws something no other game's does.
# - ``test_every_page`` (Chromium): one walk a game through its pages on one phone, at
#   360 px in a language in turn: what only the game's own walk shows (no script error,
#   every link answered, the page no wider than the screen, its names whole).

EVERY_PAGE = [*PAGES, *ANY_GAME_PAGES, *CLUB_PAGES]


# Where the links of the page open lead (this server's, not files to download).
LINKS = """() => Array.from(document.querySelectorAll("a[href]"))
    .filter((a) => a.origin === location.origin && !a.hasAttribute("download"))
    .map((a) => a.pathname + a.search)"""


@pytest.mark.parametrize("game", WALKED, ids=game_id)
def test_every_page(phones, setups, axe, game):
    """A walk through every page of the game on its phone (``walk_phones``): answered, no
    script error, no wider than the screen, no word that is not the language's or that is
    the app's notation, the game named in the title, the names whole or cut at their own
    end, targets a finger can tap (``layout_problems``); every link on the pages answered;
    and the pages as the server sent them to the walk (``sent_problems``)."""
    setup = setups[game_id(game)]
    problems = []
    checker = axe if FULL_MATRIX else None
    for language, width in walk_phones(game):
        page = holding_keys(phones, setup, language, width, checker)
        phones.script_errors(language, width)
        visited: set[str] = set()
        links: set[str] = set()
        sent: dict[str, Any] = {}
        for name in pages_of(game):
            url = address(name, setup)
            found = page_problems(
                page, checker, url, language, game, titled=titled(name), sent=sent
            )
            found += layout_problems(page, name, setup)
            problems += [f"{name} ({language}, {width} px) {url}: {p}" for p in found]
            visited.add(urllib.parse.unquote(url))
            links.update(page.evaluate(LINKS))
        # A group's pages are its members': the finished game's group is not the phone's.
        others = re.compile(rf"/groups/(?!{setup.group.id}(/|$))")
        # One link of each shape: a finished game's hundred hands' edit links are one.
        shapes = {}
        for link in sorted(links):
            if urllib.parse.unquote(link) not in visited and not others.match(link):
                shapes.setdefault(re.sub(r"\d+", "#", link), link)
        for link in shapes.values():
            answered = page.request.get(link)
            if answered.status >= 400:
                problems.append(f"a link to {link} answers {answered.status}")
        problems += [f"script error: {e}" for e in phones.script_errors(language, width)]
        if walk_reads_as_sent(game, language) and width == WALK_WIDTH:
            found = sent_problems(page, setup, game, language, sent)
            problems += [f"as sent ({language}): {problem}" for problem in found]
    assert not problems, "\n".join(problems)


def test_the_walks_and_the_actions_meet_every_language_at_360_px():
    """Every game walks its pages, and plays its actions, at 360 px; over the games, in
    every language, each game's actions in another language than its walk."""
    walked = [phone for game in WALKED for phone in walk_phones(game)]
    played = [phone for game in GAMES_UNDER_TEST for phone in action_phones(game)]
    for chosen in (walked, played):
        assert {language for language, width in chosen if width == 360} == set(LANGUAGES)
    for game in GAMES_UNDER_TEST:
        assert any(width == 360 for _, width in walk_phones(game)), game_id(game)
        assert any(width == 360 for _, width in action_phones(game)), game_id(game)
        assert FULL_MATRIX or walk_phones(game) != action_phones(game), game_id(game)


# --- the widest models ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def widest(browser, server, setups) -> Iterator[Widest]:
    found = Widest(browser, server, setups)
    yield found
    found.close()


def test_the_models_take_the_phones_in_turn():
    """Every model of a page is checked on some phone, every phone checks the page, and
    over the pages each model meets every phone, however many models a page has."""
    phones = range(len(TEMPLATE_PHONES))
    for count in range(1, 2 * len(TEMPLATE_PHONES) + 2):
        models = list(range(count))
        met: dict[int, set[int]] = {model: set() for model in models}
        for page in range(len(EVERY_PAGE)):
            checked = [turned(models, page, phone) for phone in phones]
            assert all(checked)
            assert {model for each in checked for model in each} == set(models), count
            for phone, each in enumerate(checked):
                for model in each:
                    met[model].add(phone)
        assert all(seen == set(phones) for seen in met.values()), count


def test_the_widest_models_cover_every_kind_and_start_with_the_most_players():
    def page(*found: str, text: int = 0) -> Kinds:
        kinds = Kinds()
        kinds.found, kinds.text = set(found), text
        return kinds

    kinds = {
        "a": page("p", "td.bid", text=10),
        "b": page("p", "td.bid", text=30),
        "c": page("p", "td.thrown"),
        "d": page("p"),
        "e": page("p", "td.bid", "td.thrown", "li.and", text=5),
    }
    seats = {"a": 8, "b": 8, "c": 4, "d": 4, "e": 4}
    assert cover(kinds, seats) == ["b", "e"]
    assert cover({"d": kinds["d"]}, {"d": 4}) == ["d"]


# Where a stylesheet's rule depends on the screen's width: a width of a phone between two
# of them is laid out by other rules than a phone on the other side.
MEDIA_WIDTH = re.compile(r"\((?:min|max)-width:\s*(\d+)px\)")


def test_no_rule_of_the_stylesheets_tells_the_phones_apart():
    """No @media rule of the app's stylesheets falls between the phones' widths, so that
    a page is laid out by the same rules on each: its markup, words and colours are the
    same at every width, and axe, which reads those, runs at the narrowest
    (``wider_problems`` lays it out again at the others)."""
    static = pathlib.Path(__file__).resolve().parents[2] / "static"
    for sheet in static.glob("*.css"):
        for found in MEDIA_WIDTH.finditer(sheet.read_text(encoding="utf-8")):
            bound = int(found[1])
            assert not min(WIDTHS) <= bound <= max(WIDTHS), (sheet.name, found[0])


STRUCTURE = [
    pytest.param(name, language, id=f"{name}-{language}")
    for name in EVERY_PAGE
    for language in TEMPLATE_PHONES
]


# The templates' tests share the widest models, read from every game's pages: they run
# together on one worker of a parallel run, the games' readings first, each its own test
# (read in the first template's test, they made it the suite's longest).
TEMPLATES = pytest.mark.xdist_group("games.test_app_conformance")


@TEMPLATES
@pytest.mark.parametrize("game", GAMES_UNDER_TEST, ids=game_id)
def test_every_page_of_the_game_is_read_for_the_widest_models(widest, game):
    """Every page of the game answers, in German, to the phone that reads the widest
    models (``Widest``): the game's two games, its club night and its group's pages made."""
    assert list(widest.pages_of_game(game)) == pages_of(game)


@TEMPLATES
@pytest.mark.parametrize(("name", "language"), STRUCTURE)
def test_every_template_on_every_phone(phones, setups, widest, axe, name, language):
    """Each page in every language against its widest models (``Widest``), the models in
    turn (``turned``), on the language's narrowest phone: answered, no wider than the
    screen, no serious axe finding, the words the language's, the names whole or cut at
    their own end, no script error; then laid out at every wider phone's width
    (``wider_problems``)."""
    every = widest.of(name)
    models = turned(every, EVERY_PAGE.index(name), TEMPLATE_PHONES.index(language))
    phones.script_errors(language, NARROWEST)
    problems = []
    for game in models:
        setup = setups[game_id(game)]
        page = holding_keys(phones, setup, language, NARROWEST, axe)
        url = address(name, setup)
        found = page_problems(page, axe, url, language, game, titled=titled(name))
        found += layout_problems(page, name, setup)
        found += wider_problems(page, name, setup)
        problems += [f"{game_id(game)} {url}: {problem}" for problem in found]
    problems += [f"script error: {e}" for e in phones.script_errors(language, NARROWEST)]
    assert not problems, "\n".join(problems)


# A page with findings of every impact: an image without a text (critical), grey on grey
# (serious), a heading skipping levels (moderate), and no main landmark (moderate).
FAULTY_PAGE = """<!doctype html><html lang="en"><head><title>Faults</title></head><body>
<h1>Faults</h1><h4>Skipped</h4><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<p style="color:#999;background:#aaa">Hard to read</p><button></button></body></html>"""


def test_the_phones_axe_reports_what_the_whole_of_axe_reports_as_serious(browser, server, axe):
    """``SeriousAxe``, on a phone that loads axe-core with its pages, finds every serious
    and critical finding that axe with all of its rules finds, on a page with findings of
    every impact. A phone of its own: the module's have the app's service worker, which
    answers an address of the app before the test's route can."""
    phone = Phones(browser, server)
    try:
        page = phone.page("en", NARROWEST, axe=serious_axe(axe))
        # A navigation, as to the app's pages: the phone loads axe-core with it.
        page.route(
            "**/faulty", lambda route: route.fulfill(body=FAULTY_PAGE, content_type="text/html")
        )
        page.goto("/faulty")
        assert page.title() == "Faults"
        assert page.evaluate("() => typeof axe === 'object'")
        every = axe.run(page).response["violations"]
        assert {v["impact"] for v in every} >= {"critical", "serious", "moderate"}
        found = serious_axe(axe).run(page)
        phone.page("en", NARROWEST)  # no axe with its pages any more
        page.goto("/faulty")
        assert page.evaluate("() => typeof axe") == "undefined"
    finally:
        phone.close()
    serious = {(v["id"], v["impact"], len(v["nodes"])) for v in every if v["impact"] in SERIOUS}
    assert {(v["id"], v["impact"], len(v["nodes"])) for v in found} == serious
    assert all(v["impact"] in SERIOUS for v in found)


# Colours in every notation a computed style gives axe (hex and names become rgb(); color(),
# oklch() and lab() stay), translucent text and backgrounds, opacity, each one twice, so that
# the second reads a colour already parsed: findings of colour-contrast that pass, fail and
# cannot be told.
COLOURED_PAGE = """<!doctype html><html lang="en"><head><title>Colours</title></head><body>
<main>{}</main></body></html>""".format(
    "".join(
        f'<div style="background:{background}"><p style="color:{colour}">Words {n}</p>'
        f'<p style="color:{colour};opacity:.6">Faded {n}</p></div>'
        for n, (colour, background) in enumerate(
            2
            * [
                ("#777", "#888"),
                ("rgba(0, 0, 0, 0.5)", "white"),
                ("hsl(0.5turn 50% 40%)", "rgb(250 250 250)"),
                ("color(display-p3 1 0 0)", "#fff"),
                ("oklch(40% 0.1 200)", "lab(90% 0 0)"),
                ("red", "transparent"),
                ("#123", "rgba(255, 255, 0, 0.4)"),
                ("#000", "linear-gradient(#fff, #eee)"),
            ]
        )
    )
)


# axe's own parse counted by string (``window.parsed``), then remembered, then what axe asks
# counted (``window.asked``).
COUNTED_PARSES = """(remembered) => {
    const Color = axe.commons.color.Color;
    const counted = (parse, found) => function (text) {
        found[text] = (found[text] || 0) + 1;
        return parse.call(this, text);
    };
    window.parsed = {};
    window.asked = {};
    Color.prototype.parseString = counted(Color.prototype.parseString, window.parsed);
    eval(remembered)();
    Color.prototype.parseString = counted(Color.prototype.parseString, window.asked);
}"""


def test_the_phones_axe_reads_every_colour_as_axe_does(browser, server, axe):
    """axe with its colours remembered (``REMEMBERED_COLOURS``) finds on every element what
    axe as it comes finds: colour-contrast's every node (passed, failed or undecided), with
    the colours, ratio and font it read, on a page of colours in every notation, each met
    twice; and the second meeting was read from what the first parsed."""
    phone = Phones(browser, server)
    try:
        page = phone.page("en", NARROWEST)
        page.route(
            "**/colours", lambda route: route.fulfill(body=COLOURED_PAGE, content_type="text/html")
        )
        page.goto("/colours")
        page.evaluate(serious_axe(axe).script)
        rule = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
        results = "(o) => axe.run(document, o).then((r) => [r.passes, r.violations, r.incomplete])"
        fresh = page.evaluate(results, rule)
        # How often axe asks for a colour, and how often its own parse is run.
        page.evaluate(COUNTED_PARSES, game_page_matrix.REMEMBERED_COLOURS)
        remembered = page.evaluate(results, rule)
        asked, parsed = page.evaluate("() => [window.asked, window.parsed]")
    finally:
        phone.close()
    assert set(asked) == set(parsed) and set(parsed.values()) == {1}
    assert max(asked.values()) > 1

    def nodes(found):
        return [
            (rule["id"], node["html"], node["any"], node["all"], node["none"])
            for kind in found
            for rule in kind
            for node in rule["nodes"]
        ]

    assert [len(kind) for kind in fresh] == [1, 1, 1]  # passed, failed, undecided
    assert nodes(remembered) == nodes(fresh)
    assert len(nodes(fresh)) == 32


# --- every page in every language, over HTTP (no browser) --------------------------------------


SENT = [
    pytest.param(game, language, id=f"{game_id(game)}-{language}")
    for game in GAMES_UNDER_TEST
    for language in LANGUAGES
    if not walk_reads_as_sent(game, language)
]


@pytest.mark.parametrize(("game", "language"), SENT)
def test_every_page_in_every_language(phones, setups, game, language):
    """Every page of the game, the live view of its two games and the preview of a hand,
    in the language, as the server sends them (``sent_problems``); in the language its
    walk goes in, the walk reads them."""
    setup = setups[game_id(game)]
    page = holding_keys(phones, setup, language, 360)
    sent = {}
    for name in pages_of(game):
        url = address(name, setup)
        response = page.request.get(url)
        sent[url] = (response.status, response.text())
    problems = sent_problems(page, setup, game, language, sent)
    assert not problems, "\n".join(problems)


def test_every_game_is_read_as_sent_in_every_language_once():
    """Each game's pages, as the server sends them, are read in each language by one test:
    its walk or ``test_every_page_in_every_language``."""
    read = {(game_id(game), language) for game, language in (p.values for p in SENT)}
    walked = {
        (game_id(game), language)
        for game in GAMES_UNDER_TEST
        for language in LANGUAGES
        if walk_reads_as_sent(game, language)
    }
    assert not read & walked
    assert read | walked == {
        (game_id(g), language) for g in GAMES_UNDER_TEST for language in LANGUAGES
    }
    assert len(walked) == len(WALKED) * (len(LANGUAGES) if FULL_MATRIX else 1)


class Recorded(HTMLParser):
    """What html.parser calls its handlers with (``game_page_matrix.events``'s way)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, Any, Any]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append(("start", tag, tuple(attrs)))

    def handle_endtag(self, tag):
        self.found.append(("end", tag, None))

    def handle_data(self, data):
        self.found.append(("data", data, None))


# Markup the templates write (``events`` reads it), and markup they do not (html.parser does).
MARKUP = [
    '<!DOCTYPE html><html lang="he"><head><title>a &amp; b</title><style>p>a{x:1}&amp;'
    '</style></head><body><p class=x id="y" disabled>Hi &lt;b&gt; &#1488; &copy</p><br/>'
    '<input type="radio" checked /><!-- c --><script>if (a<b && c) x="</div>";</SCRIPT >'
    '<a href=\'q&amp;r\' data-x="" ARIA-Label="&quot;">t</a ></body></html>',
    'a<script>1</script>b<style>c</style><p>d</ p><DIV CLASS="A">x &amp</DIV>',
    "",
    "text only &amp;",
]
UNUSUAL = [
    "x<3",
    "a <",
    '<a b="x"c="y">',
    "<a href=foo/>",
    "<!-- a -- > b -->",
    "<a:b>",
    "<script>x",
]


def test_the_fast_reader_reads_markup_as_html_parser_does():
    """``game_page_matrix.events`` gives what html.parser gives for the markup the templates
    write, and leaves any other to html.parser (``read``): ``shown`` and ``kinds_of`` read
    every page as they did through html.parser alone."""
    for html in MARKUP:
        recorded = Recorded()
        recorded.feed(html)
        recorded.close()
        assert game_page_matrix.events(html) == recorded.found, html
    for html in UNUSUAL:
        with pytest.raises(game_page_matrix.Unusual):
            game_page_matrix.events(html)
        recorded = Recorded()
        recorded.feed(html)
        recorded.close()
        assert game_page_matrix.read(Recorded(), html).found == recorded.found
    page = "<html lang=he><body><p>שלום</p><span lang=en>English</span>x<3</body></html>"
    assert shown(page).text() == "שלום x < 3"


@pytest.mark.parametrize("game", GAMES_UNDER_TEST, ids=game_id)
def test_the_hands_drawn_are_the_first_legal_ones_and_a_thrown_in_deal_first(monkeypatch, game):
    """``simulated_hands``, which stops drawing once it has what it gives, gives what
    drawing all ``THROWN_IN_WITHIN`` deals gave: the first thrown-in deal among them, if
    any, then the others in their order (random hands in theirs); the same, and a copy
    of its own, when asked again."""
    monkeypatch.setattr(game_page_matrix, "THROWN_IN_WITHIN", 40)
    monkeypatch.setattr(game_page_matrix, "DRAWN", {})
    settings = game.preset(game.default_preset).with_changes(long_rules(game))
    records = drawn_records(game, settings, 40, 3)
    thrown = [r for r in records if r.thrown_in][:1] if simulates(game) else []
    played = [r for r in records if not r.thrown_in] if simulates(game) else records
    for count in (1, 4, 10):
        every = [r.to_dict() for r in (thrown + played)[:count]]
        assert simulated_hands(game, count, long=True) == every
        drawn = simulated_hands(game, count, long=True)
        drawn[0]["changed"] = True  # a copy: the next test's hands are as drawn
        assert simulated_hands(game, count, long=True) == every


def test_the_harness_replays_a_game_under_the_rules_it_was_started_with(
    client, make_game, post_hand
):
    """A table starts Any game without a target (not its default preset's race to 100)
    and scores 150 in its first hand: the game goes on, and the harness, replaying the
    stored game, finds it as the server does. It replayed stored hands under the game's
    default preset, under which that one legal hand ends the game (issue 81)."""
    game = get_game("any-game")
    game_id, key = make_game("any-game", settings={"goal": "open"})
    hand = {"points": [150, 0, 0, 0]}
    assert post_hand(game_id, key, hand).status_code == 201
    stored = client.get(f"/api/games/{game_id}").get_json()
    default = game.preset(game.default_preset)
    ended = game.replay(default, 0, [game.record_from_dict(default, hand)])
    assert (stored["status"], ended.status) == ("in_progress", "finished")
    progress = replayed(game, stored)
    assert (progress.status, list(progress.totals)) == (stored["status"], stored["totals"])
    assert started_rules(game, stored).goal == "open"


# --- every action, through the pages ----------------------------------------------------------


@pytest.mark.parametrize(("game", "language", "width"), ACTIONS)
def test_a_game_through_its_pages(phones, server, browser, game, language, width):
    names = names_for(game)
    page = phones.page(language, width)
    game_id = start_by_form(page, game, names)
    # Where each hand is entered below: 1 and 2, 1 edited, 2 raced, then 2 edited in a race.
    seed = 7 * width + len(language) + len(game.key)
    hands = simulated_hands(game, 10, seed, long=True, numbers=(1, 2, 1, 2, 2, 2, 2, 2, 2, 2))
    entries = [entry_of(game, hand, names) for hand in hands]
    played = [e for e in entries if e.action is None]

    # A hand tapped in with JavaScript, after its preview; then one without JavaScript
    # (everyone passed, where the game has that), on another phone holding the edit link.
    record_with_javascript(page, server, game, game_id, played[0])
    edit_url = edit_url_of(page, game_id)
    plain = phones.page(language, width, javascript=False)
    plain.goto(edit_url)
    plain.goto(f"/games/{game_id}/hands/new")
    second = entries[0] if entries[0].action else played[1]
    enter(plain, second)
    assert submit(plain, second) == 200 and plain.url.endswith(f"/games/{game_id}")
    stored = stored_hands(server, game_id)
    assert [
        same_hand(game, s, e.hand) for s, e in zip(stored, (played[0], second), strict=True)
    ] == [True] * 2

    # An edit, with JavaScript: the form opens with the hand as stored.
    page.goto(f"/games/{game_id}/hands/1/edit")
    assert kept(page, played[0]) == []
    enter(page, played[2])
    page.locator("#save").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}$"))
    first = stored_hands(server, game_id)[0]
    assert same_hand(game, first, played[2].hand) and first["revision"] == 2

    # The last hand deleted through the HTML page, after its confirmation.
    plain.goto(f"/games/{game_id}/hands/2/delete")
    with plain.expect_navigation() as navigation:
        plain.locator("form button.danger").click()
    assert navigation.value.status == 200 and len(stored_hands(server, game_id)) == 1
    page.goto(f"/games/{game_id}/revisions")
    assert page.locator("ol.revisions > li").count() == 4  # 1 and 2 recorded, 1 edited, 2 deleted

    # Two phones save the same hand through the form: one is stored, the other hears so
    # (409) and keeps what it typed; then the same for a stale edit.
    other = browser.new_context(
        viewport={"width": width, "height": HEIGHT},
        base_url=server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
        java_script_enabled=False,
    )
    try:
        rival = other.new_page()
        rival.goto(edit_url)
        for path, first, second in (("new", played[3], played[4]), ("2/edit", *played[5:7])):
            for phone in (plain, rival):
                phone.goto(f"/games/{game_id}/hands/{path}")
            enter(plain, first)
            enter(rival, second)
            assert submit(plain, first) == 200
            assert submit(rival, second) == 409, rival.locator("main").inner_text()
            assert kept(rival, second) == []
            stored = stored_hands(server, game_id)
            assert len(stored) == 2 and same_hand(game, stored[1], first.hand)
    finally:
        other.close()

    # The printed sheet keeps every bid whole on paper.
    assert bid_cells_in_pdf(page, server, game, game_id) == []

    # Export, and import of the export: the same scoreboard.
    exported = page.request.get(f"/games/{game_id}/export.json")
    assert exported.status == 200
    # The CSV has the columns every game has and the game's own, and no other game's.
    text = page.request.get(f"/games/{game_id}/export.csv").text()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 2 * game.seats
    own = {column.name for column in game.csv.columns}
    assert set(rows[0]) == set(CSV_SHARED_COLUMNS) | own
    assert [row["player"] for row in rows] == names * 2
    # Into the game's own group: this phone belongs to several by now (every setup's).
    page.goto(f"/groups/{group_of(SERVED[server], game_id).id}/import")
    page.set_input_files(
        'input[type="file"]',
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": exported.body()}],
    )
    with page.expect_navigation():
        page.locator('button[name="submit"]').click()
    imported = page.locator("ul.games a").first.get_attribute("href")
    copy = int(imported.rsplit("/", 1)[1])
    assert copy != game_id
    assert scoreboard_rows(page, copy) == scoreboard_rows(page, game_id)
    assert (
        json.loads(page.request.get(f"/games/{copy}/export.json").text())["games"][0]["hands"]
        == json.loads(exported.text())["games"][0]["hands"]
    )


# --- phones racing through the form (no browser: the Flask test client, many at once) ----------


@pytest.mark.parametrize("phones_at_once", [2, 16])
@pytest.mark.parametrize("game", GAMES_UNDER_TEST, ids=game_id)
def test_phones_racing_through_the_form_store_one_hand(
    tmp_path, toy_registered, game, phones_at_once
):
    """Phones posting the same new hand, the same edit, or the same delete through the
    HTML form: one is stored; each other phone answers 409, never 500, with its page."""
    app = new_app(tmp_path)  # the migrated database and compiled templates, not made again
    names = names_for(game)
    created = (
        app.test_client()
        .post(
            "/api/games",
            json={
                "game": game.key,
                "players": names,
                "first_dealer": 0,
                "rules": game.default_preset,
                "settings": long_rules(game),
            },
        )
        .get_json()
    )
    hands = simulated_hands(game, 10, seed=5, long=True, numbers=(1,) * 10)  # all as hand 1
    entries = [entry_of(game, hand, names) for hand in hands]
    clients = []
    for _ in range(phones_at_once):
        client = app.test_client()
        assert client.get(created["edit_url"]).status_code == 302
        clients.append(client)
    game_path = f"/games/{created['id']}"

    def race(path: str, datas: list[dict[str, str]]) -> list[int]:
        statuses: list[int] = [0] * len(clients)
        start = threading.Barrier(len(clients))

        def post(index: int) -> None:
            start.wait()
            statuses[index] = clients[index].post(path, data=datas[index]).status_code

        threads = [threading.Thread(target=post, args=(i,)) for i in range(len(clients))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return sorted(statuses)

    view = created["view_url"].rsplit("/", 1)[1]  # the API reads a game by its view token

    def hands() -> list[dict[str, Any]]:
        return app.test_client().get(f"/api{game_path}?view={view}").get_json()["hands"]

    first = entries[0]
    edit = next(e for e in entries if e.values != first.values)
    new = [form_data(first, number=1)] * len(clients)
    assert race(f"{game_path}/hands/new", new) == [302] + [409] * (len(clients) - 1)
    assert len(hands()) == 1
    edits = [form_data(edit, revision=1)] * len(clients)
    assert race(f"{game_path}/hands/1/edit", edits) == [302] + [409] * (len(clients) - 1)
    assert hands()[0]["revision"] == 2
    deletes = [{"revision": "2"}] * len(clients)
    assert race(f"{game_path}/hands/1/delete", deletes) == [302] + [409] * (len(clients) - 1)
    assert hands() == []
    # Recorded again: a phone still holding the deleted hand's revision is told, not lost.
    phone = clients[0]
    assert phone.post(f"{game_path}/hands/new", data=form_data(first, number=1)).status_code == 302
    stale = phone.post(f"{game_path}/hands/1/edit", data=form_data(edit, revision=2))
    assert stale.status_code == 409
    assert phone.post(f"{game_path}/hands/1/delete", data={"revision": "2"}).status_code == 409
    assert len(hands()) == 1


# --- every column printed (issue 30) -----------------------------------------------------------
# One language a game, in turn (each game meets another language than the one before it).


# Every cell of the printed sheet's table inside the paper's width (A4 less its margins:
# 190 mm is 718 CSS px), and the names of the players' columns.
PRINTED = """() => {
    const table = document.querySelector("table.score").getBoundingClientRect();
    const page = document.body.getBoundingClientRect();
    const cells = Array.from(document.querySelectorAll("table.score th, table.score td"));
    return {
        outside: cells.filter((c) => { const r = c.getBoundingClientRect();
            return r.left < page.left - 1 || r.right > page.right + 1; }).length,
        wide: [table.left, table.right, page.left, page.right],
        names: Array.from(document.querySelectorAll("table.score thead th.name"))
            .map((c) => c.textContent),
    };
}"""


@pytest.fixture(scope="module")
def printers(browser, server) -> Iterator[dict[str, Any]]:
    """A phone per language as wide as A4's printable width (``PRINTED``), opened once for
    the module: each test prints on a page of its own."""
    found: dict[str, Any] = {}
    yield found
    for context in found.values():
        context.close()


@pytest.mark.parametrize("game", GAMES_UNDER_TEST, ids=game_id)
def test_the_printed_sheet_holds_every_players_columns(setups, printers, browser, server, game):
    setup = setups[game_id(game)]
    language = sampled_language(game)
    if language not in printers:
        printers[language] = browser.new_context(
            viewport={"width": 718, "height": 1000},
            base_url=server,
            extra_http_headers={"Accept-Language": LANGUAGES[language]},
        )
    page = printers[language].new_page()
    try:
        page.emulate_media(media="print")
        # The game's edit key, held as its link gives it: its scoreboard is not drawn.
        assert page.request.get(f"/games/{setup.playing.id}/edit/{setup.playing.key}").ok
        page.goto(f"/games/{setup.playing.id}/print")
        if page.evaluate("() => document.body.classList.contains('wide')"):
            # A table too wide to print readably upright prints across A4 (277 mm).
            page.set_viewport_size({"width": 1047, "height": 1000})
        printed = page.evaluate(PRINTED)
    finally:
        page.close()
    assert printed["outside"] == 0, printed["wide"]
    names = [plain_text(name) for name in printed["names"]]
    for players in map(plain_text, setup.playing.players):
        assert any(players in name for name in names), (players, names)
