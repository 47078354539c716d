"""The app conformance suite: every registered game, and the toy game the tests register,
through the real pages in real Chromium, at 360 and 390 px, in English, Hebrew and German,
with names of 16 characters (Hebrew and Latin) and a name that is markup.

The engine's conformance suite (``tests/test_conformance.py``) runs every game's rules;
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
import os
import pathlib
import re
import threading
import unicodedata
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from babel.messages.pofile import read_po

from scorekeeper.engine import GAMES, Game
from scorekeeper.engine.core.display import signed
from scorekeeper.engine.core.game import CSV_SHARED_COLUMNS

from .conftest import SERVED, group_of, new_app, polled, printed_pdf, serving, view_path
from .play import hands_at, simulates
from .play import iter_records as drawn_hands
from .play import records as drawn_records
from .test_browser import api
from .toy_game import GAME as TOY

pytestmark = pytest.mark.browser
# A parallel run keeps each game's tests on one worker, and the games spread over the
# workers (``conftest.pytest_collection_modifyitems``).
PER_GAME_GROUPS = True

# Every game, and a game whose table size varies also at its largest table (the most
# names on a 360 px page).
GAMES_UNDER_TEST: list[Game] = [
    *GAMES.values(),
    *(game.seated(game.seat_counts[-1]) for game in GAMES.values() if len(game.seat_counts) > 1),
    TOY,
]
LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9", "fr": "fr-FR,fr;q=0.9"}
WIDTHS = (360, 390)
PHONES = [(language, width) for language in LANGUAGES for width in WIDTHS]
HEIGHT = 800
SERIOUS = ("serious", "critical")

# Names of 16 characters, Hebrew and Latin, and one that is markup: seated in turn, so a
# partnership game's sides mix the two scripts.
NAMES = (
    "אלכסנדרה בן-דויד",
    "Christopher Mont",
    "<b>Zoë</b>&amp;x",
    "Montgomery-White",
    "שלומית אבן-חיימי",
    "Bartholomew Kidd",
    "נחמיה בן-אליעזר",
    "Maximilian Ernst",
)
assert all(len(name) in (15, 16) for name in NAMES)

TRANSLATIONS = pathlib.Path(__file__).resolve().parents[1] / "scorekeeper" / "translations"


def game_id(game: Game) -> str:
    """The game's key; with its number of players where that is not the registered one."""
    return game.key if GAMES.get(game.key, game) is game else f"{game.key}-{game.seats}"


# --- what a page may not show ---------------------------------------------------------------


def catalogue(language: str) -> dict[str, str]:
    """The language's translations by English text (singular forms)."""
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        found = {}
        for message in read_po(handle):
            if not message.id:
                continue
            english = message.id[0] if isinstance(message.id, tuple) else message.id
            text = message.string[0] if isinstance(message.string, tuple) else message.string
            found[english] = text
        return found


CATALOGUES = {language: catalogue(language) for language in LANGUAGES if language != "en"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+\}|%[sd]")


def english_phrases(language: str) -> list[str]:
    """Pieces of the catalogue's English that the language words otherwise: on its pages
    any of them is English that escaped translation. Only pieces of three words or more,
    so that a word both languages share ("Name", "OK") is not taken for one."""
    found = set()
    for english, text in CATALOGUES[language].items():
        if not text or text == english:
            continue
        for piece in PLACEHOLDER.split(english):
            piece = piece.strip(" .,:;·()…!?–-")
            if len(piece.split()) >= 3 and piece not in text:
                found.add(piece)
    return sorted(found, key=len, reverse=True)


PHRASES = {language: english_phrases(language) for language in CATALOGUES}
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
# An address a page shows (the view link under its QR code): its random token may hold
# "-sc4_eu", which is no word of any language, so it is left out of the words checked.
ADDRESS = re.compile(r"https?://\S+")


def code_names(game: Game) -> set[str]:
    """The words a game's rules are stored as (knob names and choices): never a word a
    page in another language shows."""
    words = {knob.name for knob in game.knobs}
    words |= {choice for knob in game.knobs for choice in knob.choices}
    return {word for word in words if re.fullmatch(r"[a-z_]{3,}", word)}


def game_name(game: Game, language: str) -> str:
    """The game's name in ``language`` (English for a game the catalogue lacks)."""
    english = game.name.template
    return english if language == "en" else CATALOGUES[language].get(english) or english


def untranslated(text: str, language: str, game: Game) -> list[str]:
    """What in a page's visible ``text`` is not in its ``language``."""
    if language == "en":
        return []
    text = ADDRESS.sub(" ", text)
    problems = [f"snake_case: {word}" for word in SNAKE_CASE.findall(text)]
    if game.name.template in CATALOGUES[language]:
        # A game whose words the catalogue has (every game the app offers; not the toy
        # the tests register): a word its rules are stored as is one it failed to say.
        words = set(re.findall(r"[A-Za-z_]+", text))
        problems += [f"code name: {word}" for word in sorted(words & code_names(game))]
    problems += [f"English: {phrase}" for phrase in PHRASES[language] if phrase in text]
    return problems


API_FIELD = re.compile(r"\b[a-z_]+\[\d+\]")


def raw_words(text: str, game: Game) -> list[str]:
    """What in a page's visible ``text``, in any language English too, is the app's own
    notation rather than a word: an API field (``bids[0]``), a preset's key where its name
    belongs (``pagat-german``; a key that is also a word, ``spades``, where a page names
    the rules: "· spades ·", "Rules: spades"), a knob's name (``round_total``)."""
    text = ADDRESS.sub(" ", text)
    problems = [f"API field: {found}" for found in API_FIELD.findall(text)]
    for key in game.presets:
        if "-" in key:
            hits = re.findall(rf"(?<![\w/-]){re.escape(key)}(?![\w/-])", text)
        else:
            hits = re.findall(rf"· {re.escape(key)} ·|: {re.escape(key)}\b", text)
        problems += [f"preset key: {key}"] * bool(hits)
    knobs = {knob.name for knob in game.knobs if "_" in knob.name}
    problems += [f"knob name: {word}" for word in sorted(knobs & set(re.findall(r"\w+", text)))]
    return problems


# Visible text in the page's own language: the language buttons at the foot of every
# page name each language in itself, and are left out.
VISIBLE_TEXT = """() => {
    const own = document.documentElement.lang;
    const others = Array.from(document.querySelectorAll("body [lang]"))
        .filter((el) => el.lang !== own);
    others.forEach((el) => { el.dataset.display = el.style.display; el.style.display = "none"; });
    const text = document.body.innerText;
    others.forEach((el) => { el.style.display = el.dataset.display; });
    return document.title + "\\n" + text;
}"""
OVERFLOW = """() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"""
# What ``page_problems`` reads of a page, in one call rather than three: how wide it is
# (``OVERFLOW``), then its title and visible text (``VISIBLE_TEXT``), and its title alone.
PAGE_READ = f"""() => ({{ overflow: ({OVERFLOW})(), text: ({VISIBLE_TEXT})(),
    title: document.title }})"""


# --- the server, the phones and the games ----------------------------------------------------


@pytest.fixture(scope="module")
def toy_registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, TOY.key, TOY)
        yield


@pytest.fixture(scope="module")
def server(toy_registered, tmp_path_factory) -> Iterator[str]:
    """One live server for the module, CSRF on, on its own SQLite file."""
    with serving(tmp_path_factory.mktemp("conformance")) as base:
        yield base


class Phones:
    """A phone (browser context) per language and width, opened once for the module."""

    def __init__(self, browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: dict[tuple[str, int, bool], Any] = {}
        self.errors: dict[tuple[str, int, bool], list[str]] = {}

    def context(self, language: str, width: int, javascript: bool = True):
        key = (language, width, javascript)
        if key not in self.contexts:
            self.contexts[key] = self.browser.new_context(
                viewport={"width": width, "height": HEIGHT},
                base_url=self.base,
                locale=language,
                extra_http_headers={"Accept-Language": LANGUAGES[language]},
                java_script_enabled=javascript,
            )
        return self.contexts[key]

    def page(self, language: str, width: int, javascript: bool = True):
        context = self.context(language, width, javascript)
        if context.pages:
            return context.pages[0]
        page = context.new_page()
        errors = self.errors.setdefault((language, width, javascript), [])
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        return page

    def script_errors(self, language: str, width: int, javascript: bool = True) -> list[str]:
        """The script errors the phone's page raised since it was last asked (then none)."""
        errors = self.errors.setdefault((language, width, javascript), [])
        found, errors[:] = list(errors), []
        return found

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="module")
def phones(browser, server) -> Iterator[Phones]:
    found = Phones(browser, server)
    yield found
    found.close()


def names_for(game: Game) -> list[str]:
    return list(NAMES[: game.seats])


LONG = 100  # hands a test's long game lasts at least


def long_rules(game: Game) -> dict[str, Any]:
    """The game's knob changes for a long game (``Game.lasting``): the hands of a test do
    not end it, and any of them stands wherever it is saved or edited."""
    return game.lasting(LONG) or {}  # None: a game that cannot last, played as it is


def knob_text(value: Any) -> str:
    """A knob's value as the new-game form takes it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def simulated_hands(
    game: Game,
    count: int,
    seed: int = 3,
    bots: str | None = None,
    long: bool = False,
    numbers: Sequence[int] | None = None,
) -> list[dict[str, Any]]:
    """``count`` legal hands as the game records them, from its own simulation by
    ``bots`` (the game's first kind of bot by default) under its default preset, or the
    long game's rules with ``long``; a thrown-in deal first when the game has one among
    its first few hundred. A game without simulation with ``numbers``: hand i drawn for
    the place of hand ``numbers[i]``, where the test enters it."""
    settings = game.preset(game.default_preset)
    if long:
        settings = settings.with_changes(long_rules(game))
    if numbers is not None and not simulates(game):
        return [r.to_dict() for r in hands_at(game, settings, numbers[:count], seed)]
    records = drawn_records(game, settings, max(count, 300), seed, bots)
    if not simulates(game):  # random hands drawn at their places: kept in their order
        return [r.to_dict() for r in records[:count]]
    thrown = [r for r in records if r.thrown_in][:1]
    played = [r for r in records if not r.thrown_in]
    return [r.to_dict() for r in (thrown + played)[:count]]


@dataclass
class Played:
    """A game of the matrix's: its id, edit key, players and hands."""

    id: int
    key: str
    players: list[str]
    hands: int


@dataclass
class ClubNight:
    """A club night of the game (issue 45): its id, and its first table, whose list has
    hands, a disputed hand and, where it ends after a hand a player, a signature."""

    id: int
    table: Played


@dataclass
class Setup:
    """A game's data for the page matrix: a game in progress and a finished one, and a
    club night of the game in the group of the one in progress."""

    game: Game
    playing: Played
    finished: Played
    group: Any = None  # the game in progress's group (db.Group), whose pages are checked
    keys: set[tuple[str, int, int]] = field(default_factory=set)  # (language, width, game)
    night: ClubNight | None = None


def start_by_api(base: str, game: Game, long: bool = False) -> tuple[int, str]:
    body = {"game": game.key, "players": names_for(game), "rules": game.default_preset}
    if long:
        body["settings"] = long_rules(game)
    created = api(base, "POST", "/api/games", {**body, "first_dealer": 0})
    return created["id"], created["edit_key"]


# A game no bot ends (Skat, Doppelkopf) is finished after this many hands: numbers of three
# digits on its pages, and a sheet longer than the 60 hands a page shows at first.
FINISHED_HANDS = 101


def play_to_the_end(base: str, game: Game) -> Played:
    """A game played to its end by the game's bots: by each kind in turn until one ends
    it (a random bot may never reach the target), else ended by "finish now"."""
    for bots in game.bot_kinds or (None,):  # None: random hands, for a game without bots
        game_id, key = start_by_api(base, game)
        for hands, hand in enumerate(simulated_hands(game, FINISHED_HANDS, seed=11, bots=bots), 1):
            answer = api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
            if answer["status"] == "finished":
                return Played(game_id, key, names_for(game), hands)
    assert game.finish_now, f"{game.key}: no bot of the game finished it in {FINISHED_HANDS} hands"
    api(base, "POST", f"/api/games/{game_id}/finish", {}, key)
    return Played(game_id, key, names_for(game), hands)


def setup_of(base: str, game: Game, phones: Phones) -> Setup:
    """A game's two games for the page matrix, made through the API, the group of the one
    in progress (read from the server's file, for its invite), and a club night of the
    game in that group, started through its pages (``club_night_of``)."""
    game_id, key = start_by_api(base, game, long=True)
    hands = simulated_hands(game, 4, long=True)
    for hand in hands:
        api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
    playing = Played(game_id, key, names_for(game), len(hands))
    setup = Setup(game, playing, play_to_the_end(base, game), group_of(SERVED[base], game_id))
    setup.night = club_night_of(phones, setup)
    return setup


class Setups(dict):
    """Every game's two games for the page matrix, each made the first time a test asks
    for it: a worker of a parallel run (``conftest.pytest_collection_modifyitems``) makes
    only the games of the tests it runs."""

    def __init__(self, base: str, phones: Phones) -> None:
        super().__init__()
        self.base = base
        self.phones = phones

    def __missing__(self, key: str) -> Setup:
        (game,) = [game for game in GAMES_UNDER_TEST if game_id(game) == key]
        self[key] = setup_of(self.base, game, self.phones)
        return self[key]


@pytest.fixture(scope="module")
def setups(server, phones) -> dict[str, Setup]:
    return Setups(server, phones)


CSRF_TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def join_by_request(request, group) -> None:
    """Joins ``group`` by its invite link as its page's Join button does, over HTTP with
    the phone's cookies (``request``: a browser context's), without drawing the page."""
    path = f"/join/{group.invite}"
    token = CSRF_TOKEN.search(request.get(path).text())
    answered = request.post(path, form={"csrf_token": token[1]} if token else {})
    assert answered.ok and answered.url.endswith(f"/groups/{group.id}"), answered.url


def holding_keys(phones: Phones, setup: Setup, language: str, width: int):
    """The phone, holding the edit keys of the game's two games and of its club night's
    table (whose list it signs), and a member of the group of the one in progress (joined
    by its invite link), whose History, players and club night it sees. Its links are
    followed over HTTP, with the phone's cookies: no page of them is drawn."""
    page = phones.page(language, width)
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


def kept_games(setup: Setup) -> list[Played]:
    """The games whose edit keys the phones that check the pages hold: the game's two,
    and its club night's table."""
    table = [setup.night.table] if setup.night else []
    return [setup.playing, setup.finished, *table]


# The club night's players: the game's names, then guests of 15 and 16 characters (Hebrew
# and Latin, as the game's), for two tables of the game.
GUESTS = tuple(f"{name[:12]} {number}" for number, name in enumerate(NAMES, 10))
CLUB_PHONE_WIDTH = 360
TABLE_HANDS = 2  # hands recorded at the table of a night that plays to the game's end
EDIT_LINK = r"/games/{id}/edit/([A-Za-z0-9_-]+)"


def club_night_of(phones: Phones, setup: Setup) -> ClubNight:
    """A club night of the game in the group of its game in progress, started through the
    pages as an organiser does: a phone of the setup (the game's language's at 360 px,
    ``sampled_language``) joins the group and posts the start form with its CSRF token:
    the game's names ticked and guests for two tables, two series, the game's rules and
    defaults, but a hand a player in a series where the game counts them, so that a
    table's list ends and is signed. At the first table, through the API with the edit key
    the organiser's phone shows (as ``test_club_pages.edit_key`` reads it), its hands (a
    list's end, or ``TABLE_HANDS``), one disputed (its note a name that is markup) and one
    player's signature where the list ended.

    Which phone sees which: the phone that started the night is its organiser (on its draw
    the tables' edit codes and the next series' form); every other phone joins the group
    by ``holding_keys`` and sees the club pages as a member does, so the walk and the
    templates check both views over the games. Every phone holds the first table's edit
    key (``kept_games``), as a phone of that table does, to open its signing page."""
    game, group = setup.game, setup.group
    language = sampled_language(game)
    request = phones.page(language, CLUB_PHONE_WIDTH).request
    if (language, CLUB_PHONE_WIDTH, -group.id) not in setup.keys:
        join_by_request(request, group)
        setup.keys.add((language, CLUB_PHONE_WIDTH, -group.id))
    path = f"/groups/{group.id}/club"
    form = request.get(f"{path}?game={game.key}").text()
    guests = [name for name in (*NAMES, *GUESTS) if name not in setup.playing.players]
    fields = [
        ("csrf_token", CSRF_TOKEN.search(form)[1]),
        ("game", game.key),
        ("series", "2"),
        ("scoring", "points"),
        *(("player", name) for name in setup.playing.players),
        ("guests", "\n".join(guests[: game.seats])),
        ("draw", "1"),
    ]
    counted = 'name="deals_per_player" id="club-deals"' in form
    if counted:
        fields.append(("deals_per_player", "1"))
    answered = request.post(
        path,
        data=urllib.parse.urlencode(fields),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    drawn = re.search(rf"/groups/{group.id}/club/(\d+)$", answered.url)
    assert answered.ok and drawn, (answered.status, answered.url, answered.text()[-2000:])
    night = int(drawn[1])
    table = first_table(SERVED[phones.base], group.id, night)
    shown = request.get(f"/games/{table.id}/share/edit?show=1").text()
    key = re.search(EDIT_LINK.format(id=table.id), shown)[1]
    kind = GAMES[game.key].seated(len(table.players))
    hands = drawn_hands(kind, table.settings, 400, seed=5, first_dealer=table.first_dealer)
    for number, record in enumerate(hands, 1):
        answer = api(phones.base, "POST", f"/api/games/{table.id}/hands", record.to_dict(), key)
        if answer["status"] == "finished" or (not counted and number == TABLE_HANDS):
            break
    finished = answer["status"] == "finished"
    assert finished or not counted, f"{game.key}: a table's list did not end"
    token = CSRF_TOKEN.search(request.get(f"/games/{table.id}/club").text())[1]
    said = {"csrf_token": token, "name": table.players[0]}
    dispute = {**said, "action": "dispute", "hand": "1", "note": NAMES[2]}
    for body in [dispute, *([said] if finished else [])]:
        answered = request.post(f"/games/{table.id}/club", form=body)
        assert answered.ok and answered.url.endswith(f"/games/{table.id}/club"), answered.url
    return ClubNight(night, Played(table.id, key, list(table.players), number))


def first_table(database_path, group_id: int, night_id: int):
    """The stored game of the night's first table (read from the server's file)."""
    from scorekeeper import db
    from scorekeeper.db import club as stored

    database = db.open_database(str(database_path))
    try:
        night = stored.load_night(database, night_id, group_id)
        return db.load_game(database, night.tables[0].game_id)
    finally:
        database.close()


# --- every page ------------------------------------------------------------------------------


def quoted(name: str) -> str:
    return urllib.parse.quote(name, safe="")


# Each page of a game, by the address it is asked at: ``p`` is the game in progress, ``f``
# the finished one, ``g`` the game (its key and default preset).
PAGES: dict[str, str] = {
    "new game": "/games/new?game={g.key}",
    "scoreboard": "/games/{p.id}",
    "finished scoreboard": "/games/{f.id}",
    "result card": "/games/{f.id}/result",
    "every hand": "/games/{f.id}?all=1",
    "record a hand": "/games/{p.id}/hands/new",
    "edit the first hand": "/games/{p.id}/hands/1/edit",
    "edit the last hand": "/games/{p.id}/hands/{p.hands}/edit",
    "delete the last hand": "/games/{p.id}/hands/{p.hands}/delete",
    "delete a hand before the last": "/games/{p.id}/hands/1/delete",
    "first hand scored": "/games/{p.id}/hands/1/why",
    "last hand scored": "/games/{p.id}/hands/{p.hands}/why",
    "revisions": "/games/{p.id}/revisions",
    "statistics": "/games/{f.id}/stats",
    "print": "/games/{f.id}/print",
    "print with workings": "/games/{f.id}/print?explain=1",
    "blank sheet": "/sheets/blank?game={g.key}&rules={g.default_preset}&players={g.seats}",
    "rules": "/rules/{g.key}",
    "history": "/groups/{group}/history?game={g.key}",
    "head to head": "/groups/{group}/players?player={n0}&player={n1}&game={g.key}",
    "a player leaves or joins": "/games/{p.id}/seats",
    "finish now": "/games/{p.id}/finish",
    "name and notes": "/games/{p.id}/details",
    "the edit link's QR code": "/games/{p.id}/share/edit?show=1",
    "new edit link": "/games/{p.id}/share/new-link",
}
# Pages of no one game: they are checked the same way, but their title names no game.
ANY_GAME_PAGES: dict[str, str] = {
    "players": "/groups/{group}/players",
    "player": "/groups/{group}/players/{n2}",
    "group": "/groups/{group}",
}
# A club night's pages (issue 45), of the game's night (``club_night_of``): ``c`` is the
# night, ``t`` its first table's game.
CLUB_PAGES: dict[str, str] = {
    "club night's form": "/groups/{group}/club?game={g.key}",
    "club night's draw": "/groups/{group}/club/{c.id}",
    "club standings": "/groups/{group}/club/{c.id}/standings",
    "club standings on a projector": "/groups/{group}/club/{c.id}/standings?projector=1",
    "club ranking printed": "/groups/{group}/club/{c.id}/ranking",
    "club table's signing": "/games/{t.id}/club",
    "club table's list printed": "/games/{t.id}/club/print",
}


def titled(name: str) -> bool:
    """Whether the page ``name``'s title names the game: a game's and a club night's
    pages (the night's game) do, the group's pages of any game not."""
    return name not in ANY_GAME_PAGES


def pages_of(game: Game) -> list[str]:
    return [
        name
        for name in [*PAGES, *ANY_GAME_PAGES, *CLUB_PAGES]
        if name != "finish now" or game.finish_now
    ]


def address(name: str, setup: Setup) -> str:
    template = PAGES.get(name) or ANY_GAME_PAGES.get(name) or CLUB_PAGES[name]
    names = {f"n{i}": quoted(n) for i, n in enumerate(setup.playing.players)}
    night = setup.night
    return template.format(
        g=setup.game,
        p=setup.playing,
        f=setup.finished,
        group=setup.group.id,
        c=night,
        t=night.table if night else None,
        **names,
    )


def too_wide(page, overflow: Sequence[int] | None = None) -> list[str]:
    """The page open on ``page`` wider than its screen, if it is (``overflow``: its
    ``OVERFLOW`` as already read)."""
    wide, room = page.evaluate(OVERFLOW) if overflow is None else overflow
    return [f"{wide} px wide on a {room} px screen"] if wide > room else []


def page_problems(page, axe, url: str, language: str, game: Game, titled: bool) -> list[str]:
    """Everything wrong with the page at ``url`` as the phone ``page`` shows it (what axe
    finds too, unless ``axe`` is None)."""
    response = page.goto(url)
    problems = [] if response.status == 200 else [f"answered {response.status}"]
    read = page.evaluate(PAGE_READ)  # one round trip to the browser for all three
    problems += too_wide(page, read["overflow"])
    text = read["text"]
    problems += untranslated(text, language, game) + raw_words(text, game)
    if titled and game_name(game, language) not in read["title"]:
        problems.append(f"the title {read['title']!r} does not name {game_name(game, language)}")
    for violation in axe.run(page).response["violations"] if axe else ():
        if violation["impact"] in SERIOUS:
            nodes = [node["html"][:100] for node in violation["nodes"][:3]]
            problems.append(f"axe {violation['id']} ({violation['impact']}): {nodes}")
    return problems


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

FULL_MATRIX = os.environ.get("SCOREKEEPER_FULL_MATRIX") == "1"
EVERY_PAGE = [*PAGES, *ANY_GAME_PAGES, *CLUB_PAGES]
WALK_WIDTH = 360


def walk_phones(game: Game) -> list[tuple[str, int]]:
    """The phones a game's walk goes through its pages on: one, at 360 px, in a language
    in turn (every phone, axe too, with ``SCOREKEEPER_FULL_MATRIX=1``)."""
    return PHONES if FULL_MATRIX else [(sampled_language(game), WALK_WIDTH)]


# Each name as a page lays it out: its text (without a partner's "& "), whether its box cuts
# it, and the direction it is laid out in (which end an ellipsis takes).
NAMES_SHOWN = """(selector) => Array.from(document.querySelectorAll(selector)).map((el) => ({
    text: Array.from(el.childNodes).filter((n) => !(n.classList && n.classList.contains("and")))
        .map((n) => n.textContent).join(""),
    cut: el.scrollWidth > el.clientWidth + 1, direction: getComputedStyle(el).direction }))"""
HEBREW = re.compile("[\u0590-\u05ff]")
# Every key's label on the hand form (shown or not): its text, whether its box cuts it, and
# for a name's key the name's own direction.
KEY_LABELS = """() => Array.from(document.querySelectorAll("label.key > span")).map((el) => {
    const name = el.querySelector("bdi");
    const box = name || el;
    return { text: el.textContent, name: !!name, direction: getComputedStyle(box).direction,
        cut: box.scrollWidth > box.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 };
})"""


def cut_at_the_wrong_end(shown: list[dict[str, Any]]) -> list[str]:
    """The names cut short at the other end than their own (a Hebrew name on an English
    page keeps its first name)."""
    wrong = []
    for name in shown:
        own = "rtl" if HEBREW.match(name["text"].strip()) else "ltr"
        if name["cut"] and name["direction"] != own:
            wrong.append(f"{name['text']!r} cut at its {name['direction']} end")
    return wrong


def layout_problems(page, name: str, setup: Setup) -> list[str]:
    """What is wrong with the names and tap targets (issue 30) of the page ``name``, open on
    ``page``: the score tiles show each player's name whole, the hands' columns cut one,
    if they must, at its own end; the group's list of games shows every name whole; the
    hand form's keys show a word whole and cut a name at its own end; the scoreboard's hand
    numbers and points and the hand form's keys and buttons are 44 × 44 px to a finger."""
    problems = []
    typed = sorted(plain_text(name) for name in setup.playing.players)
    if name == "scoreboard":
        tiles = page.evaluate(NAMES_SHOWN, ".totals .p")
        if sorted(plain_text(tile["text"]) for tile in tiles) != typed:
            problems.append(f"the tiles name {[tile['text'] for tile in tiles]}")
        problems += [f"a tile cuts {tile['text']!r}" for tile in tiles if tile["cut"]]
        problems += cut_at_the_wrong_end(page.evaluate(NAMES_SHOWN, "table.hands thead .p"))
        board = page.evaluate(TARGETS, "table.hands tbody a")
        problems += [] if board else ["no hand's number or points to tap"]
        problems += [f"a target under {TAP} px: {t}" for t in small_targets(board)]
    elif name == "group":
        listed = page.evaluate(NAMES_SHOWN, ".games .who .nm")
        if not {plain_text(t["text"]) for t in listed} >= set(typed):
            problems.append(f"the games list {[t['text'] for t in listed]}")
        problems += [f"the list cuts {t['text']!r}" for t in listed if t["cut"]]
    elif name == "edit the last hand":
        labels = page.evaluate(KEY_LABELS)
        problems += [f"a key cuts {k['text']!r}" for k in labels if k["cut"] and not k["name"]]
        problems += cut_at_the_wrong_end([k for k in labels if k["name"]])
        form = page.evaluate(TARGETS, "#hand label.key, #hand button, .savebar button")
        problems += [] if form else ["no key or button on the hand form"]
        problems += [f"a target under {TAP} px: {t}" for t in small_targets(form)]
    elif name in CLUB_NAMES:
        problems += club_layout_problems(page, name, setup)
    return problems


# Where a club page shows the players' names, each whole (wrapped, never cut), and the
# buttons a finger taps on it.
CLUB_NAMES = {
    "club night's draw": ".club-seats bdi",
    "club standings": ".club-standings .nm",
    "club standings on a projector": ".club-standings .nm",
    "club table's signing": ".club-signer bdi",
}
CLUB_BUTTONS = "main button, main a.btn, main select, main input:not([type=hidden])"


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


# Where the links of the page open lead (this server's, not files to download).
LINKS = """() => Array.from(document.querySelectorAll("a[href]"))
    .filter((a) => a.origin === location.origin && !a.hasAttribute("download"))
    .map((a) => a.pathname + a.search)"""


# The games walked: each registered game at its own size (and the toy game). A larger
# table of a game draws its pages from the same templates, whose widest models, the most
# players first, ``test_every_template_on_every_phone`` checks.
WALKED = [game for game in GAMES_UNDER_TEST if game_id(game) == game.key]


@pytest.mark.parametrize("game", WALKED, ids=game_id)
def test_every_page(phones, setups, axe, game):
    """A walk through every page of the game on its phone (``walk_phones``): answered, no
    script error, no wider than the screen, no word that is not the language's or that is
    the app's notation, the game named in the title, the names whole or cut at their own
    end, targets a finger can tap (``layout_problems``); every link on the pages answered."""
    setup = setups[game_id(game)]
    problems = []
    for language, width in walk_phones(game):
        page = holding_keys(phones, setup, language, width)
        phones.script_errors(language, width)
        visited: set[str] = set()
        links: set[str] = set()
        for name in pages_of(game):
            url = address(name, setup)
            checker = axe if FULL_MATRIX else None
            found = page_problems(page, checker, url, language, game, titled=titled(name))
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
    assert not problems, "\n".join(problems)


def action_phones(game: Game) -> list[tuple[str, int]]:
    """The phones a game's actions are played on: 360 px, where a key is likeliest pushed
    off the screen, in one language a game, in turn (each language over three games)."""
    if FULL_MATRIX:
        return PHONES
    languages = list(LANGUAGES)
    return [(languages[(GAMES_UNDER_TEST.index(game) + 1) % len(languages)], 360)]


def test_the_walks_and_the_actions_meet_every_language_at_360_px():
    """Every game walks its pages, and plays its actions, at 360 px; over the games, in
    every language, each game's actions in another language than its walk."""
    walked = [phone for game in WALKED for phone in walk_phones(game)]
    played = [phone for game in GAMES_UNDER_TEST for phone in action_phones(game)]
    for phones in (walked, played):
        assert {language for language, width in phones if width == 360} == set(LANGUAGES)
    for game in GAMES_UNDER_TEST:
        assert any(width == 360 for _, width in walk_phones(game)), game_id(game)
        assert any(width == 360 for _, width in action_phones(game)), game_id(game)
        assert FULL_MATRIX or walk_phones(game) != action_phones(game), game_id(game)


# --- the widest models ------------------------------------------------------------------------


# Attributes every element of a kind has or lacks alike, whatever its data: left out of it.
VALUED = ("class", "type", "role", "id", "href", "value", "name", "style", "content")


class Kinds(HTMLParser):
    """The kinds of element a page's body holds (tag, classes, type, role and the names of
    its other attributes: ``for``, ``aria-*``, ``disabled``…), without its text: two pages of
    the same kinds are the same markup to a layout or to axe, whatever their words and
    numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: set[str] = set()
        self.body = False
        self.text = 0

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        self.body |= tag == "body"
        if not self.body:
            return
        classes = ".".join(sorted((found.get("class") or "").split()))
        named = ",".join(sorted(name for name in found if name not in VALUED))
        self.found.add(f"{tag}.{classes}[{found.get('type', '')}|{found.get('role', '')}|{named}]")

    def handle_data(self, data):
        self.text += len(data.strip()) if self.body else 0


def kinds_of(html: str) -> Kinds:
    parser = Kinds()
    parser.feed(html)
    parser.close()
    return parser


def cover(kinds: dict[str, Kinds], seats: dict[str, int]) -> list[str]:
    """The models of a page, from each game's ``kinds`` of it: first the game with the most
    players (the longest text of them, its words the language's longest), then, as long as a
    kind of element is shown by none of those chosen, the game that shows most of them."""
    left = dict(kinds)
    first = max(left, key=lambda key: (seats[key], left[key].text))
    chosen = [first]
    seen = set(left.pop(first).found)
    while left:
        best = max(left, key=lambda key: (len(left[key].found - seen), seats[key], left[key].text))
        if not left[best].found - seen:
            break
        chosen.append(best)
        seen |= left.pop(best).found
    return chosen


class Widest:
    """The widest models of every page (``cover``), read from every game's pages as the
    server sends them in German (whose words are the longest), each game's the first time a
    test asks."""

    LANGUAGE = "de"

    def __init__(self, browser, base: str, setups: dict[str, Setup]) -> None:
        self.setups = setups
        self.context = browser.new_context(
            base_url=base, extra_http_headers={"Accept-Language": LANGUAGES[self.LANGUAGE]}
        )
        self.kinds: dict[str, dict[str, Kinds]] = {}
        self.models: dict[str, list[Game]] = {}

    def pages_of_game(self, game: Game) -> dict[str, Kinds]:
        key = game_id(game)
        if key not in self.kinds:
            setup = self.setups[key]
            request = self.context.request
            for played in kept_games(setup):
                assert request.get(f"/games/{played.id}/edit/{played.key}").ok
            join_by_request(request, setup.group)
            found = {}
            for name in pages_of(game):
                answered = request.get(address(name, setup))
                assert answered.ok, (name, answered.status)
                found[name] = kinds_of(answered.text())
            self.kinds[key] = found
        return self.kinds[key]

    def of(self, name: str) -> list[Game]:
        if name not in self.models:
            having = {game_id(game): game for game in GAMES_UNDER_TEST if name in pages_of(game)}
            kinds = {key: self.pages_of_game(game)[name] for key, game in having.items()}
            seats = {key: game.seats for key, game in having.items()}
            self.models[name] = [having[key] for key in cover(kinds, seats)]
        return self.models[name]

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def widest(browser, server, setups) -> Iterator[Widest]:
    found = Widest(browser, server, setups)
    yield found
    found.close()


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
    static = pathlib.Path(__file__).resolve().parents[1] / "static"
    for sheet in static.glob("*.css"):
        for found in MEDIA_WIDTH.finditer(sheet.read_text(encoding="utf-8")):
            bound = int(found[1])
            assert not min(WIDTHS) <= bound <= max(WIDTHS), (sheet.name, found[0])


# Two frames drawn: the page's ResizeObservers (the save bar's room) have answered a new width.
SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


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


STRUCTURE = [
    pytest.param(name, language, id=f"{name}-{language}")
    for name in EVERY_PAGE
    for language in TEMPLATE_PHONES
]


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
        page = holding_keys(phones, setup, language, NARROWEST)
        url = address(name, setup)
        found = page_problems(page, axe, url, language, game, titled=titled(name))
        found += layout_problems(page, name, setup)
        found += wider_problems(page, name, setup)
        problems += [f"{game_id(game)} {url}: {problem}" for problem in found]
    problems += [f"script error: {e}" for e in phones.script_errors(language, NARROWEST)]
    assert not problems, "\n".join(problems)


# --- every page in every language, over HTTP (no browser) --------------------------------------


class Shown(HTMLParser):
    """A page's text in its own language, as Chromium shows it and more (hidden parts
    too): without scripts, styles, templates, a textarea's value, or what is marked as in
    another language (the language buttons); and the fields the hand form (#hand) sends."""

    SKIPPED = ("script", "style", "template", "textarea")
    EMPTY = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.own = ""
        self.open: list[tuple[str, bool, bool]] = []  # (tag, left out, in the hand form)
        self.texts: list[str] = []
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "html":
            self.own = found.get("lang") or ""
        left_out, form = self.open[-1][1:] if self.open else (False, False)
        left_out |= tag in self.SKIPPED or found.get("lang", self.own) != self.own
        form |= tag == "form" and found.get("id") == "hand"
        sent = found.get("type") not in ("radio", "checkbox") or "checked" in found
        if form and tag == "input" and found.get("name") and "disabled" not in found and sent:
            self.fields.append((found["name"], found.get("value") or ""))
        if form and tag == "select" and "disabled" not in found:
            self.select, self.options = found.get("name"), []
        if self.select and tag == "option":
            self.options.append((found.get("value") or "", "selected" in found))
        if tag not in self.EMPTY:
            self.open.append((tag, left_out, form))

    def handle_endtag(self, tag):
        if tag == "select" and self.select:
            chosen = [value for value, selected in self.options if selected] or [
                value for value, _ in self.options[:1]
            ]
            self.fields += [(self.select, value) for value in chosen]
            self.select = None
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if not (self.open and self.open[-1][1]):
            self.texts.append(data)

    def text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.texts))


def shown(html: str) -> Shown:
    parser = Shown()
    parser.feed(html)
    parser.close()
    return parser


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES_UNDER_TEST, ids=game_id)
def test_every_page_in_every_language(phones, setups, game, language):
    """Every page of the game, the live view of its two games and the preview of a hand,
    in the language, as the server sends them: answered, titled with the game, and with no
    word that is not the language's (``untranslated``) or that is the app's notation."""
    setup = setups[game_id(game)]
    page = holding_keys(phones, setup, language, 360)
    problems = []
    for name in pages_of(game):
        url = address(name, setup)
        response = page.request.get(url)
        found = shown(response.text())
        text = found.text()
        wrong = [] if response.status == 200 else [f"answered {response.status}"]
        wrong += untranslated(text, language, game) + raw_words(text, game)
        title = re.search(r"<title>(.*?)</title>", response.text(), re.S)
        if titled(name) and game_name(game, language) not in (title[1] if title else ""):
            wrong.append(f"the title does not name {game_name(game, language)}")
        problems += [f"{url}: {problem}" for problem in wrong]
        if name == "edit the first hand":
            form = found
    # The part of the scoreboard that a phone polls: the page's own fragment.
    for played in (setup.playing, setup.finished):
        response = page.request.get(f"/games/{played.id}/live")
        assert response.status == 200
        text = shown(response.text()).text()
        problems += [f"live view: {problem}" for problem in untranslated(text, language, game)]
        assert 'class="why"' in response.text()
    # The points of the first hand as its edit form previews them, with the hand's outcome.
    preview = page.request.post(
        f"/games/{setup.playing.id}/hands/preview",
        form=dict(form.fields),
        headers={"Accept": "application/json"},
    )
    assert preview.status == 200, preview.text()
    answer = preview.json()
    assert len(answer["points"]) == len(answer["names"]) >= 2
    problems += [f"preview: {p}" for p in untranslated(answer["result"], language, game)]
    assert not problems, "\n".join(problems)


# --- every action, through the pages ----------------------------------------------------------


def plain_text(text: str) -> str:
    """Text as a reader compares it: isolates dropped, forms and spaces folded."""
    text = unicodedata.normalize("NFKC", re.sub("[\u2066-\u2069\u200e\u200f]", "", text))
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class Entry:
    """How the table enters one hand on the form: the values of its fields in the form's
    order, and the action it taps (everyone passed…), or None for Save."""

    hand: dict[str, Any]
    values: tuple[tuple[str, str], ...]
    action: str | None


def entry_of(game: Game, hand: dict[str, Any], players: list[str]) -> Entry:
    """The form's way to a hand of a long game (``long_rules``): its ``form_values``, and
    the action whose body is that hand when Save's is not."""
    settings = game.preset(game.default_preset).with_changes(long_rules(game))
    spec = game.hand_form(settings, players)
    values = game.form_values(hand)
    every = {f.name: values.get(f.name) for f in spec.fields}
    record = game.record_from_dict(settings, hand)
    action = None
    for candidate in [None, *(a.name for a in spec.actions)]:
        try:
            entered = game.record_from_dict(settings, game.form_body(settings, every, candidate))
        except Exception:  # noqa: BLE001 - a way that does not give this hand
            continue
        if entered == record:
            action = candidate
            break
    else:
        raise AssertionError(f"{game.key}: the form has no way to enter {hand}")
    ordered = tuple((f.name, values[f.name]) for f in spec.fields if f.name in values)
    return Entry(hand, ordered, action)


def key_of(name: str, value: str) -> str:
    return f'label.key:has(input[name="{name}"][value="{value}"])'


# What ``enter`` and ``kept`` ask of a field before they tap it, in one round trip to the
# browser rather than up to five: the radio's (how many, whether it is checked), its key's
# (how many, whether it is visible, as Playwright's ``is_visible`` tells it), and the number
# box's (how many, its value, how many folded <details> hold it and whether the first is open).
# More than one of a radio, key or box is an error, as Playwright's strict locators made it.
FIELD_STATE = """([radio, key, box]) => {
    const style = (el) => el.ownerDocument.defaultView.getComputedStyle(el);
    const visible = (el) => {
        const css = style(el);
        if (css.display === "contents") {
            return Array.from(el.childNodes).some((child) => {
                if (child.nodeType === 1) return visible(child);
                if (child.nodeType !== 3) return false;
                const range = document.createRange();
                range.selectNode(child);
                const rect = range.getBoundingClientRect();
                return rect.width > 0 && rect.height > 0;
            });
        }
        if (!el.checkVisibility() || css.visibility !== "visible") return false;
        const rect = el.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0;
    };
    const radios = document.querySelectorAll(radio);
    const keys = document.querySelectorAll(key);
    const boxes = document.querySelectorAll(box);
    const folded = boxes.length === 1
        ? Array.from(document.querySelectorAll("#hand details")).filter((d) => d.contains(boxes[0]))
        : [];
    return {
        radios: radios.length, checked: radios.length === 1 && radios[0].checked,
        keys: keys.length, visible: keys.length === 1 && visible(keys[0]),
        boxes: boxes.length, value: boxes.length === 1 ? boxes[0].value : null,
        folded: folded.length, open: folded.length > 0 && folded[0].hasAttribute("open"),
    };
}"""


def field_state(page, name: str, value: str) -> dict[str, Any]:
    """The field ``name``'s state on the hand form (``FIELD_STATE``) for the value ``value``."""
    radio = f'#hand input[type="radio"][name="{name}"][value="{value}"]'
    box = f'#hand input[name="{name}"]:not([type="hidden"])'
    return page.evaluate(FIELD_STATE, [radio, f"#hand {key_of(name, value)}", box])


def enter(page, entry: Entry) -> None:
    """Enters a hand on the form as a finger does: taps each key, opens what is folded."""
    for name, value in entry.values:
        state = field_state(page, name, value)
        if state["radios"]:
            assert state["radios"] == 1, f"{state['radios']} radios of {name}={value}"
            if state["checked"]:
                continue  # filled in by itself (the last count, a fixed contract)
            key = page.locator(f"#hand {key_of(name, value)}")
            assert state["keys"] <= 1, f"{state['keys']} keys of {name}={value}"
            if not state["visible"]:  # a seat not asked yet, or a step folded once complete
                inner = page.locator(key_of(name, value))
                seat = page.locator("#hand fieldset.seat", has=inner)
                if seat.count():
                    seat.locator("legend button").click()
                else:
                    page.locator("#hand .step", has=inner).locator("button.head").click()
            key.click()
            continue
        box = page.locator(f'#hand input[name="{name}"]:not([type="hidden"])')
        assert state["boxes"] <= 1, f"{state['boxes']} boxes of {name}"
        if not state["boxes"] or state["value"] == value:
            continue  # sent, not asked; or already so
        assert state["folded"] <= 1, f"{state['folded']} folds around {name}"
        if state["folded"] and not state["open"]:
            page.locator("#hand details", has=box).locator("summary").click()
        box.fill(value)


def submit(page, entry: Entry):
    """Taps Save (or the entry's action) and waits for the answer; returns its status."""
    button = page.locator(f"#{entry.action.replace('_', '-')}" if entry.action else "#save")
    with page.expect_navigation() as navigation:
        button.click()
    return navigation.value.status


def kept(page, entry: Entry) -> list[str]:
    """The entries a refused form lost: each should still be on it."""
    fields = [
        [
            f'#hand input[type="radio"][name="{name}"][value="{value}"]',
            f'#hand input[name="{name}"]',
        ]
        for name, value in entry.values
    ]
    found = page.evaluate(KEPT_STATE, fields)  # one round trip for every field
    lost = []
    for (name, value), (radios, checked, boxed) in zip(entry.values, found, strict=True):
        if radios:
            assert radios == 1, f"{radios} radios of {name}={value}"
            if not checked:
                lost.append(f"{name}={value}")
            continue
        if boxed is not None and boxed not in (value, ""):
            lost.append(f"{name}={value}")
    return lost


# For each of ``kept``'s fields: how many radios of its value, whether the one is checked,
# and the value of the first box of its name (None: no box).
KEPT_STATE = """(fields) => fields.map(([radio, box]) => {
    const radios = document.querySelectorAll(radio);
    const first = document.querySelector(box);
    return [radios.length, radios.length === 1 && radios[0].checked, first ? first.value : null];
})"""


def stored_hands(base: str, game_id: int) -> list[dict[str, Any]]:
    """The game's hands as the API gives them to a holder of its view link."""
    token = view_path(base, game_id).rsplit("/", 1)[1]
    return api(base, "GET", f"/api/games/{game_id}?view={token}")["hands"]


def same_hand(game: Game, stored: dict[str, Any], hand: dict[str, Any]) -> bool:
    return game.form_values(stored) == game.form_values(hand)


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


def previewed(page, points: Sequence[int]) -> None:
    """Waits until the form's preview shows ``points``, each as the sheet signs it. The
    points of an earlier state of the form, complete before the last tap, stay shown until
    the answer for that tap comes: the first points shown are not yet the hand's."""
    want = [signed(p) for p in points]

    def shows(shown: str) -> bool:
        return all(p in shown for p in want)

    shown = polled(page, lambda: plain_text(page.locator("#preview").inner_text()), shows)
    assert shows(shown), f"the preview shows {shown!r}, not {want}"


def record_with_javascript(page, base: str, game: Game, game_id: int, entry: Entry) -> None:
    """Taps the hand in, waits for the preview's points, and saves."""
    page.goto(f"/games/{game_id}/hands/new")
    enter(page, entry)
    settings = game.preset(game.default_preset)
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

    settings = game.preset(game.default_preset)
    records = [game.record_from_dict(settings, hand) for hand in stored_hands(base, game_id)]
    views = game.hand_views(game.replay(settings, 0, records))
    page.goto(f"/games/{game_id}/print")
    bids = [plain_text(b) for b in page.locator("table.score td.bid").all_inner_texts()]
    assert len(bids) == sum(view.bid is not None for view in views)
    reader = PdfReader(io.BytesIO(printed_pdf(page, format="A4")))
    text = "".join(plain_text(" ".join(p.extract_text() for p in reader.pages)).split())
    return [bid for bid in bids if any(w not in text and w[::-1] not in text for w in bid.split())]


def scoreboard_rows(page, game_id: int) -> list[str]:
    page.goto(f"/games/{game_id}?all=1")
    return [plain_text(row) for row in page.locator("table.hands tbody tr").all_inner_texts()]


ACTIONS = [
    pytest.param(game, language, width, id=f"{language}-{width}-{game_id(game)}")
    for game in GAMES_UNDER_TEST
    for language, width in action_phones(game)
]


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
    own = {column.name for column in game.csv_columns}
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


def form_data(entry: Entry, **hidden: Any) -> dict[str, str]:
    data = {name: value for name, value in entry.values}
    data[entry.action or "save"] = "1"
    return data | {name: str(value) for name, value in hidden.items()}


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


def sampled_language(game: Game) -> str:
    """The language a game's walk goes in, in turn over the games under test; a game of
    another suite's (``test_seats_browser``'s toy tables) by its number of seats."""
    turn = GAMES_UNDER_TEST.index(game) if game in GAMES_UNDER_TEST else game.seats
    return list(LANGUAGES)[turn % len(LANGUAGES)]


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


@pytest.mark.parametrize("game", GAMES_UNDER_TEST, ids=game_id)
def test_the_printed_sheet_holds_every_players_columns(phones, setups, browser, server, game):
    setup = setups[game_id(game)]
    language = sampled_language(game)
    context = browser.new_context(
        viewport={"width": 718, "height": 1000},
        base_url=server,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
    )
    try:
        page = context.new_page()
        page.emulate_media(media="print")
        page.goto(f"/games/{setup.playing.id}/edit/{setup.playing.key}")
        page.goto(f"/games/{setup.playing.id}/print")
        printed = page.evaluate(PRINTED)
    finally:
        context.close()
    assert printed["outside"] == 0, printed["wide"]
    names = [plain_text(name) for name in printed["names"]]
    for players in map(plain_text, setup.playing.players):
        assert any(players in name for name in names), (players, names)


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
