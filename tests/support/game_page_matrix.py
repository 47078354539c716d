"""The games, pages, languages and phones of the app conformance suite
(tests/games/test_app_conformance.py), which other tests use too: every game under test and
its hands, the live server and the phones that open its pages, the pages of a game and
what none of them may show, and a hand entered on its form. The suite's own helpers are
``tests/support/games/app_conformance.py``."""

from __future__ import annotations

import copy
import functools
import html as entities
import itertools
import os
import pathlib
import re
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
from scorekeeper.engine.core.game import seat_counts
from tests.support.app import group_of
from tests.support.browser import api
from tests.support.live import SERVED, polled, serving
from tests.support.play import hands_at, simulates
from tests.support.play import iter_records as drawn_hands
from tests.support.toy_game import GAME as TOY

# Every game, and a game whose table size varies also at its largest table (the most
# names on a 360 px page).
GAMES_UNDER_TEST: list[Game] = [
    *GAMES.values(),
    *(game.seated(seat_counts(game)[-1]) for game in GAMES.values() if len(seat_counts(game)) > 1),
    TOY,
]


LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9", "fr": "fr-FR,fr;q=0.9"}


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


TRANSLATIONS = pathlib.Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def game_id(game: Game) -> str:
    """The game's key; with its number of players where that is not the registered one."""
    return game.key if GAMES.get(game.key, game) is game else f"{game.key}-{game.seats}"


def catalogue(language: str) -> dict[str, str]:
    """The language's translations by English text (singular forms); not those the
    catalogue gives in a context (a game's name after "of": "de la belote"), which the
    same English says elsewhere."""
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        found = {}
        for message in read_po(handle):
            if not message.id or message.context:
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


def by_inner_word(phrases: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The phrases by the longest of their inner words (between two spaces), and those
    without one: a phrase is in a text only if each of its inner words is a whole piece of
    the text split at its spaces, so ``english_in`` reads a page once, not 1,600 times."""
    found: dict[str, list[str]] = {}
    without = []
    for phrase in phrases:
        inner = phrase.split(" ")[1:-1]
        if inner:
            found.setdefault(max(inner, key=len), []).append(phrase)
        else:
            without.append(phrase)
    return found, without


PHRASES_BY_WORD = {language: by_inner_word(PHRASES[language]) for language in PHRASES}


def english_in(text: str, language: str) -> list[str]:
    """The phrases of ``PHRASES[language]`` in ``text``, in their order: each one that an
    inner word of (``by_inner_word``) finds in the text's pieces, looked for in it."""
    index, without = PHRASES_BY_WORD[language]
    near = set(without)
    for word in index.keys() & set(text.split(" ")):
        near.update(index[word])
    return [phrase for phrase in PHRASES[language] if phrase in near and phrase in text]


SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


# An address a page shows (the view link under its QR code): its random token may hold
# "-sc4_eu", which is no word of any language, so it is left out of the words checked.
ADDRESS = re.compile(r"https?://\S+")


def code_names(game: Game) -> set[str]:
    """The words a game's rules are stored as (knob names and choices): never a word a
    page in another language shows."""
    words = {knob.name for knob in game.preset(game.default_preset).knobs_for_table()}
    words |= {
        choice
        for knob in game.preset(game.default_preset).knobs_for_table()
        for choice in knob.choices
    }
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
    problems += [f"English: {phrase}" for phrase in english_in(text, language)]
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
    knobs = {
        knob.name for knob in game.preset(game.default_preset).knobs_for_table() if "_" in knob.name
    }
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
        # The phones whose pages load axe-core (``page``'s ``axe``): what removes it.
        self.armed: dict[tuple[str, int, bool], Any] = {}

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

    def page(self, language: str, width: int, javascript: bool = True, axe=None):
        """The phone's page; with ``axe`` (a ``SeriousAxe``), one whose every page loads
        axe-core before its own scripts run, until the phone is next asked for without it
        (the walks and actions load no axe they do not run)."""
        context = self.context(language, width, javascript)
        key = (language, width, javascript)
        if context.pages:
            page = context.pages[0]
        else:
            page = context.new_page()
            errors = self.errors.setdefault(key, [])
            page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        armed = self.armed.get(key)
        if axe is not None and armed is None:
            self.armed[key] = page.add_init_script(axe.script)
        elif axe is None and armed is not None:
            armed.close()
            del self.armed[key]
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
    numbers = None if numbers is None or simulates(game) else tuple(numbers[:count])
    drawn = (id(game), count, seed, bots, long, numbers)
    if drawn not in DRAWN or DRAWN[drawn][0] is not game:
        DRAWN[drawn] = (game, draw_hands(game, count, seed, bots, long, numbers))
    return copy.deepcopy(DRAWN[drawn][1])


# The hands ``simulated_hands`` has drawn in this process, by what it was asked (and the
# game, whose id is only its while it lives): a test asks again for the hands another
# drew (the races on 2 and 16 phones, a game's setup again on another server).
DRAWN: dict[tuple[Any, ...], tuple[Game, list[dict[str, Any]]]] = {}
THROWN_IN_WITHIN = 300  # the deals a thrown-in one is looked for among


def draw_hands(game, count, seed, bots, long, numbers) -> list[dict[str, Any]]:
    """``simulated_hands``, drawn: no more deals than the answer needs (the first
    thrown-in one among ``THROWN_IN_WITHIN`` is found once it is dealt)."""
    settings = game.preset(game.default_preset)
    if long:
        settings = settings.with_changes(long_rules(game))
    if numbers is not None:
        return [r.to_dict() for r in hands_at(game, settings, numbers, seed)]
    records = drawn_hands(game, settings, max(count, THROWN_IN_WITHIN), seed, bots)
    if not simulates(game):  # random hands drawn at their places: kept in their order
        return [r.to_dict() for r in itertools.islice(records, count)]
    thrown: list[Any] = []
    played: list[Any] = []
    for record in records:
        if not record.thrown_in:
            played.append(record)
        elif not thrown:
            thrown.append(record)
        if thrown and len(played) >= count - 1:
            break
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
    kinds = game.simulation.bots or (None,)  # None: random hands, for a game without bots
    for bots in kinds:
        drawn = simulated_hands(game, FINISHED_HANDS, seed=11, bots=bots)
        if bots != kinds[-1] and not ends(game, drawn):
            continue  # the rules play these hands to no end: not posted, a hundred of them
        game_id, key = start_by_api(base, game)
        for hands, hand in enumerate(drawn, 1):
            answer = api(base, "POST", f"/api/games/{game_id}/hands", hand, key)
            if answer["status"] == "finished":
                return Played(game_id, key, names_for(game), hands)
    assert game.progression.finish_now, (
        f"{game.key}: no bot of the game finished it in {FINISHED_HANDS} hands"
    )
    api(base, "POST", f"/api/games/{game_id}/finish", {}, key)
    return Played(game_id, key, names_for(game), hands)


def ends(game: Game, hands: list[dict[str, Any]]) -> bool:
    """Whether the hands end a game of the default preset dealt first by seat 0, as the
    engine replays them (a hand after the end is refused)."""
    settings = game.preset(game.default_preset)
    records = [game.record_from_dict(settings, hand) for hand in hands]
    try:
        return game.replay(settings, 0, records).status == "finished"
    except ValueError:  # a hand after the game's end
        return True


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
    the organiser's phone shows (as ``tests/support/club_pages.edit_key`` reads it), its hands (a
    list's end, or ``TABLE_HANDS``), one disputed (its note a name that is markup) and one
    player's signature where the list ended.

    Which phone sees which: the phone that started the night is its organiser (on its draw
    the tables' edit codes and the next series' form); every other phone joins the group
    by ``holding_keys`` and sees the club pages as a member does, so the walk and the
    templates check both views over the games. Every phone holds the first table's edit
    key (``kept_games``), as a phone of that table does, to open its signing page."""
    game, group = setup.game, setup.group
    language = sampled_language(game)
    request = phones.context(language, CLUB_PHONE_WIDTH).request
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
    # The dispute form is the hand's: a tap on hand 1 opens it (issue 68).
    token = CSRF_TOKEN.search(request.get(f"/games/{table.id}/club?hand=1").text())[1]
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
        if name != "finish now" or game.progression.finish_now
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


def page_problems(
    page, axe, url: str, language: str, game: Game, titled: bool, sent: dict | None = None
) -> list[str]:
    """Everything wrong with the page at ``url`` as the phone ``page`` shows it (what axe
    finds too, unless ``axe`` is None); ``sent`` keeps its status and HTML as the server
    sent them, by its address."""
    response = page.goto(url)
    if sent is not None:
        sent[url] = (response.status, response.text())
    problems = [] if response.status == 200 else [f"answered {response.status}"]
    read = page.evaluate(PAGE_READ)  # one round trip to the browser for all three
    problems += too_wide(page, read["overflow"])
    text = read["text"]
    problems += untranslated(text, language, game) + raw_words(text, game)
    if titled and game_name(game, language) not in read["title"]:
        problems.append(f"the title {read['title']!r} does not name {game_name(game, language)}")
    for violation in serious_axe(axe).run(page) if axe else ():
        if violation["impact"] in SERIOUS:
            nodes = [node["html"][:100] for node in violation["nodes"][:3]]
            problems.append(f"axe {violation['id']} ({violation['impact']}): {nodes}")
    return problems


# axe-core's rules whose findings are all of less than a serious impact (a rule's findings
# take the impact the rule declares): ``page_problems`` reports none of them.
LESSER_RULES = f"""() => axe._audit.rules
    .filter((rule) => rule.impact && !{list(SERIOUS)!r}.includes(rule.impact))
    .map((rule) => rule.id)"""


# axe-core's colour-contrast rule reads each element's colours (its text's, every background
# behind it) and parses each string again through colorjs, tens of thousands of times on a
# page of 101 hands, for a handful of different strings: over half of axe's time on the
# harness's pages. A colour's parse depends on its string alone, so axe is given a parse
# that keeps what each string gave (its channels and alpha) and sets them again, as the
# parse set them; a string it cannot read goes to axe's own parse every time, which fails
# and notes it as before. Installed once in each document's axe (a page may load axe again).
REMEMBERED_COLOURS = """() => {
    const Color = axe.commons.color.Color;
    if (Color.prototype.parseString.remembers) return;
    const parse = Color.prototype.parseString;
    const parsed = new Map();
    function parseString(text) {
        const known = parsed.get(text);
        if (known === undefined) {
            parse.call(this, text);
            parsed.set(text, [this.r, this.g, this.b, this.alpha]);
        } else {
            [this.r, this.g, this.b, this.alpha] = known;
        }
        return this;
    }
    parseString.remembers = true;
    Color.prototype.parseString = parseString;
}"""


# axe run on the page open, with its colours remembered (``REMEMBERED_COLOURS``): its violations.
SERIOUS_RUN = f"""(o) => {{ ({REMEMBERED_COLOURS})();
    return axe.run(document, o).then((r) => r.violations); }}"""


class SeriousAxe:
    """axe-core asked for the findings ``page_problems`` reports: its rules of a serious or
    critical impact (``LESSER_RULES`` turned off), the violations alone, its colours parsed
    once a string (``REMEMBERED_COLOURS``). A phone asked for with it (``Phones.page``)
    loads axe with every page, from the script the browser holds, rather than being sent
    its 570 kB again for each page checked."""

    def __init__(self, axe) -> None:
        self.script = axe.axe_script
        self.options: dict[str, Any] | None = None

    def run(self, page) -> list[dict[str, Any]]:
        """The violations axe finds on the page open on ``page``."""
        if not page.evaluate("() => typeof axe === 'object'"):  # a phone that loads none
            page.evaluate(self.script)
        if self.options is None:
            lesser = page.evaluate(LESSER_RULES)
            rules = {rule: {"enabled": False} for rule in lesser}
            self.options = {"resultTypes": ["violations"], "rules": rules}
        return page.evaluate(SERIOUS_RUN, self.options)


SERIOUS_AXES: dict[int, SeriousAxe] = {}


def serious_axe(axe) -> SeriousAxe:
    """The ``SeriousAxe`` of the session's axe (the ``axe`` fixture), made once."""
    if isinstance(axe, SeriousAxe):
        return axe
    if id(axe) not in SERIOUS_AXES:
        SERIOUS_AXES[id(axe)] = SeriousAxe(axe)
    return SERIOUS_AXES[id(axe)]


FULL_MATRIX = os.environ.get("SCOREKEEPER_FULL_MATRIX") == "1"


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
    return read(Kinds(), html)


# The markup the app's templates write, read by one regular expression at C speed (html.parser
# reads a page of a hundred hands in a tenth of a second, and the harness reads thousands):
# text, a start tag of plain attributes, an end tag (html.parser's own ``endtagfind``), a
# comment with no "--" inside, a doctype. Anything else makes ``read`` hand the page to
# html.parser.
TOKEN = re.compile(
    r"""([^<]+)"""
    r"""|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z_:@][-a-zA-Z0-9_:.@]*"""
    r"""(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`/]+(?=[\s>])))?)*)\s*(/?)>"""
    r"""|</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>"""
    r"""|<!--(?:(?!--).)*-->|<!doctype[^>]*>"""
    r"""|(<)""",
    re.S | re.I,
)
ATTRIBUTE = re.compile(
    r"""\s+([a-zA-Z_:@][-a-zA-Z0-9_:.@]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`/]+))?"""
)
RAW_TEXT = {tag: re.compile(rf"</\s*{tag}\s*>", re.I) for tag in ("script", "style")}


class Unusual(Exception):
    """Markup ``events`` does not read as html.parser would: html.parser reads the page."""


@functools.lru_cache(maxsize=4096)
def attributes_of(written: str) -> tuple[tuple[str, str | None], ...]:
    """A start tag's attributes as html.parser gives them: names in lower case, values
    unquoted and unescaped, None for an attribute without one. (A page repeats a few.)"""
    found = []
    for attribute in ATTRIBUTE.finditer(written):
        value = attribute[2]
        if value is not None:
            if value[:1] in ("'", '"'):
                value = value[1:-1]
            value = entities.unescape(value) if value else value
        found.append((attribute[1].lower(), value))
    return tuple(found)


def events(html: str) -> list[tuple[str, Any, Any]]:
    """What html.parser (``convert_charrefs``) calls its handlers with for ``html``, in
    order: ("start", tag, attributes), ("end", tag, None), ("data", text, None); raises
    ``Unusual`` at markup ``TOKEN`` does not know. A tag closed by "/>" is its start and its
    end, as html.parser's ``handle_startendtag`` calls them; a script's or style's text
    is raw, up to its end tag, not unescaped."""
    found: list[tuple[str, Any, Any]] = []
    at, size = 0, len(html)
    while at < size:
        for token in TOKEN.finditer(html, at):
            text, tag, written, closed, end, odd = token.groups()
            if text is not None:
                found.append(("data", entities.unescape(text), None))
            elif tag is not None:
                tag = tag.lower()
                found.append(("start", tag, attributes_of(written)))
                if closed:
                    found.append(("end", tag, None))
                elif tag in RAW_TEXT:
                    at = token.end()
                    break  # its text read below, the tokens after it again
            elif end is not None:
                found.append(("end", end.lower(), None))
            elif odd is not None:
                raise Unusual(html[token.start() : token.start() + 20])
        else:
            return found
        closes = RAW_TEXT[tag].search(html, at)
        if closes is None:
            raise Unusual(f"no end of <{tag}>")
        if closes.start() > at:
            found.append(("data", html[at : closes.start()], None))
        found.append(("end", tag, None))
        at = closes.end()
    return found


def read(parser: HTMLParser, html: str) -> Any:
    """``parser`` having read ``html`` as its ``feed`` and ``close`` would: by ``events``
    where the markup is the templates' own, else by html.parser."""
    try:
        found = events(html)
    except Unusual:
        parser.feed(html)
        parser.close()
        return parser
    for kind, first, second in found:
        if kind == "start":
            parser.handle_starttag(first, second)
        elif kind == "end":
            parser.handle_endtag(first)
        else:
            parser.handle_data(first)
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
    return read(Shown(), html)


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
    defaults: tuple[tuple[str, str], ...] = ()
    """The keys its rules ask at their default, left out of ``form_values`` as a new form
    has them tapped (Schafkopf's "nobody knocked"): an edit's form shows the stored value,
    so ``enter`` taps these too."""


def entry_of(game: Game, hand: dict[str, Any], players: list[str]) -> Entry:
    """The form's way to a hand of a long game (``long_rules``): its ``form_values``, and
    the action whose body is that hand when Save's is not."""
    settings = game.preset(game.default_preset).with_changes(long_rules(game))
    spec = game.hand_form(settings, players)
    values = game.hand.form_values(hand)
    every = {f.name: values.get(f.name) for f in spec.fields}
    record = game.record_from_dict(settings, hand)
    action = None
    for candidate in [None, *(a.name for a in spec.actions)]:
        try:
            entered = game.record_from_dict(
                settings, game.hand.form_body(game.context(settings), every, candidate)
            )
        except Exception:  # noqa: BLE001 - a way that does not give this hand
            continue
        if entered == record:
            action = candidate
            break
    else:
        raise AssertionError(f"{game.key}: the form has no way to enter {hand}")
    ordered = tuple((f.name, values[f.name]) for f in spec.fields if f.name in values)
    defaults = tuple(
        (f.name, f.default)
        for f in spec.fields
        if f.name not in values and f.choices and f.default is not None and not f.is_hidden
    )
    return Entry(hand, ordered, action, defaults)


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
    for name, value in entry.values + entry.defaults:
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
                if page.locator(f'#hand fieldset.line[id="{name}"][hidden]').count():
                    continue  # not asked for this hand (a show rule): the server drops it
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
            inner = page.locator(f'input[name="{name}"]:not([type="hidden"])')
            page.locator("#hand details", has=inner).locator("summary").click()
        box.fill(value)


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


def previewed(page, points: Sequence[int]) -> None:
    """Waits until the form's preview shows ``points``, each as the sheet signs it. The
    points of an earlier state of the form, complete before the last tap, stay shown until
    the answer for that tap comes: the first points shown are not yet the hand's."""
    want = [signed(p) for p in points]

    def shows(shown: str) -> bool:
        return all(p in shown for p in want)

    shown = polled(page, lambda: plain_text(page.locator("#preview").inner_text()), shows)
    assert shows(shown), f"the preview shows {shown!r}, not {want}"


def sampled_language(game: Game) -> str:
    """The language a game's walk goes in, in turn over the games under test; a game of
    another suite's (``test_seats_browser``'s toy tables) by its number of seats."""
    turn = GAMES_UNDER_TEST.index(game) if game in GAMES_UNDER_TEST else game.seats
    return list(LANGUAGES)[turn % len(LANGUAGES)]
