"""Helpers of tests/web/test_forms.py: every form of the app found twice, without a list
kept by hand: its classes (every ``FlaskForm`` subclass of ``scorekeeper.web``, each
game's new-game form among them) and its pages (the forms the app's own pages draw, found
by following their links from the group's, the night's and the new game's pages)."""

from __future__ import annotations

import html
import importlib
import pkgutil
import re
import sqlite3
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode, urlsplit

from flask_wtf import FlaskForm
from wtforms.fields.choices import SelectFieldBase
from wtforms.fields.core import UnboundField

import scorekeeper.web
from scorekeeper import db
from scorekeeper.engine import GAMES, get_game
from scorekeeper.engine.core.game import seat_counts
from scorekeeper.web.games.forms import new_game_form_for
from tests.support.club_roles import NINE, ClubNight, club_night, edit_key_of

FOREIGN_NUMBER = str(2**64)
"""A number past any id SQLite stores."""


def every_form_class(app: Any) -> set[type]:
    """Every form class of the web app: each of its modules imported, each registered
    game's new-game form made (their classes are made on first use), then every subclass
    of ``FlaskForm``, however deep; a new-game form only while its game is registered (a
    toy game another test of the process registered for a while leaves its form's class)."""
    for module in pkgutil.walk_packages(scorekeeper.web.__path__, "scorekeeper.web."):
        importlib.import_module(module.name)
    with app.test_request_context():
        for key in GAMES:
            new_game_form_for(get_game(key))
    found: set[type] = set()
    waiting = [FlaskForm]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            if subclass not in found and subclass.__module__.startswith("scorekeeper."):
                found.add(subclass)
                waiting.append(subclass)
    return {
        form_class
        for form_class in found
        if getattr(getattr(form_class, "game", None), "key", None) in (None, *GAMES)
    }


def choice_fields(form_class: type) -> list[str]:
    """The names of a form class's choice fields (menus and rows of keys)."""
    return sorted(
        name
        for name in dir(form_class)
        if isinstance(unbound := getattr(form_class, name, None), UnboundField)
        and issubclass(unbound.field_class, SelectFieldBase)
    )


def form_name(form_class: type) -> str:
    """A form class as a failure names it (a new-game form by its game)."""
    game = getattr(form_class, "game", None)
    return f"{form_class.__qualname__}({game.key})" if game else form_class.__qualname__


# --- the world the pages are drawn in -------------------------------------------------------


@dataclass
class World:
    """A Skat night on its organiser's phone: a table's list played and a hand of it
    disputed, a member's request to take the night over open, the other tables still
    playing; and a member of another group, whose id no menu of this group offers."""

    club: ClubNight
    foreign_member: int
    games: list[int] = field(default_factory=list)

    def rows(self) -> dict[str, list[tuple]]:
        """Every stored row, table by table: what a refused form must leave as it was."""
        with sqlite3.connect(self.club.app.config["DATABASE"]) as connection:
            tables = [
                name
                for (name,) in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
                )
            ]
            return {
                name: sorted(map(repr, connection.execute(f'SELECT * FROM "{name}"')))
                for name in tables
            }


def make_world(tmp_path) -> World:
    club = club_night(tmp_path, tuple(NINE[:3]))
    club.start()
    night, _games = club.stored()
    table = night.tables[0]
    club.play(club.organiser, table, {})
    players = club.players_at(table)
    # Disputed by a player on their own phone where the draw sat one with a phone (the
    # table's phone acts only for players without one), else on the table's phone.
    by = next((name for name in players if name in club.phones), players[1])
    dispute = {"action": "dispute", "name": by, "hand": "2", "note": "Kreuz"}
    phone = club.phones.get(by, club.organiser)
    assert phone.post(f"/games/{table.game_id}/club", data=dispute).status_code == 302
    assert club.phones[NINE[0]].post(f"{club.base}/takeover").status_code == 302
    elsewhere = club.app.test_client()
    other = elsewhere.post("/api/groups", json={"name": "Anderer Klub"}).get_json()
    with club.app.app_context():
        invite = db.load_group(db.get_db(), other["id"]).invite
    assert elsewhere.post(f"/join/{invite}", data={"label": "Fremd"}).status_code == 302
    [(foreign,)] = club.query("SELECT id FROM members WHERE group_id = ?", (other["id"],))
    edit_key_of(club.organiser, night.tables[1].game_id)  # a table still playing, its key held
    return World(club, foreign, [a_game_of(club, key) for key in GAMES])


def a_game_of(club: ClubNight, key: str) -> int:
    """A game of ``key`` in the night's group, its edit link opened on the organiser's
    phone: its hand form is drawn there."""
    seated = seat_counts(get_game(key))[0]
    body = {"game": key, "players": NINE[:seated], "first_dealer": 0, "group": club.group_id}
    made = club.organiser.post(
        "/api/games", json=body, headers={"Authorization": f"Bearer {club.key}"}
    )
    assert made.status_code == 201, made.get_json()
    opened = club.organiser.get(urlsplit(made.get_json()["edit_url"]).path)
    assert opened.status_code in (200, 302, 303), opened.status_code
    return made.get_json()["id"]


def first_pages(world: World) -> list[str]:
    club = world.club
    return [
        "/",
        f"/groups/{club.group_id}",
        club.base,
        f"/groups/{club.group_id}/club",
        "/games/new",
        *(f"/games/{game_id}/hands/new" for game_id in world.games),
    ]


# --- the pages' forms -----------------------------------------------------------------------

# Links the crawl does not follow: files, streams and pictures, which draw no form.
NOT_PAGES = re.compile(r"/static/|/engine/|/export|/qr/|\.svg|/sw\.js|/live\b|\.webmanifest")


@dataclass
class PageForm:
    """A form a page draws to be posted: where, what it sends as drawn, and each choice
    field's offered values."""

    page: str
    action: str
    sent: dict[str, list[str]] = field(default_factory=dict)
    choices: dict[str, list[str]] = field(default_factory=dict)
    buttons: dict[str, list[str]] = field(default_factory=dict)

    def shape(self) -> tuple:
        """What tells two forms apart: where they post, what they send and offer (each
        game's new-game form is one, whichever preset its page shows)."""
        offered = tuple(sorted((name, tuple(values)) for name, values in self.choices.items()))
        return (urlsplit(route_of(self.action)).path, tuple(sorted(self.sent)), offered)

    def forged(self, value: str, only: Collection[str] | None = None) -> tuple[str, list[str]]:
        """The form as its page drew it, each of its choice fields (of ``only``) that does
        not offer ``value`` holding it instead: the body, and those fields."""
        changed = [
            name
            for name, offered in self.choices.items()
            if value not in offered and (only is None or name in only)
        ]
        sent = {**self.sent, **{name: [value] for name in changed}}
        return urlencode([(key, each) for key, values in sent.items() for each in values]), changed


class _Forms(HTMLParser):
    """The page's forms that post, and its links."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[PageForm] = []
        self.links: list[str] = []
        self.form: PageForm | None = None
        self.menu: str | None = None
        self.menu_chosen: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        found = {name: value if value is not None else "" for name, value in attrs}
        if tag == "a" and found.get("href", "").startswith("/"):
            self.links.append(found["href"])
        if tag == "form":
            posts = found.get("method", "get").lower() == "post"
            self.form = PageForm(self.page, found.get("action") or self.page) if posts else None
            if self.form:
                self.forms.append(self.form)
        if tag == "option" and self.menu and self.form is not None:
            value = found.get("value", "")
            self.form.choices[self.menu].append(value)
            if "selected" in found or not self.form.sent[self.menu]:
                self.form.sent[self.menu] = [value]
        if self.form is None or "disabled" in found or not found.get("name"):
            return
        name = found["name"]
        if tag == "input":
            kind = found.get("type", "text")
            if kind == "radio":
                self.form.choices.setdefault(name, []).append(found.get("value", "on"))
                if "checked" in found:
                    self.form.sent[name] = [found.get("value", "on")]
                self.form.sent.setdefault(name, [])
            elif kind == "checkbox":
                if "checked" in found:
                    self.form.sent.setdefault(name, []).append(found.get("value", "on"))
            elif kind not in ("submit", "button", "image", "reset", "file"):
                self.form.sent.setdefault(name, []).append(found.get("value", ""))
            elif kind == "submit":
                self._button(name, found.get("value", ""))
        elif tag == "button" and found.get("type", "submit") == "submit":
            self._button(name, found.get("value", ""))
        elif tag == "textarea":
            self.form.sent.setdefault(name, [""])
        elif tag == "select":
            self.menu, self.menu_chosen = name, None
            self.form.choices.setdefault(name, [])
            self.form.sent[name] = []

    def _button(self, name: str, value: str) -> None:
        """A button that sends its value: several of one name are a choice (the
        language's)."""
        assert self.form is not None
        buttons = self.form.buttons.setdefault(name, [])
        buttons.append(value)
        self.form.sent.setdefault(name, [value])
        if len(set(buttons)) > 1:
            self.form.choices[name] = buttons

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.form is not None:
            # A row of keys none of which is checked sends nothing, as "" reads.
            for name, sent in self.form.sent.items():
                if not sent and name in self.form.choices and "" not in self.form.choices[name]:
                    self.form.choices[name].append("")
            self.form = None
        if tag == "select":
            self.menu = None


def route_of(path: str) -> str:
    """A link with its ids taken out: pages of one route are crawled once (a menu's query
    kept: each game's new-game page is a page of its own)."""
    parts = urlsplit(html.unescape(path))
    return re.sub(r"/\d+", "/N", parts.path) + ("?" + parts.query if parts.query else "")


def pages_forms(client: Any, first: list[str], most: int = 400) -> Iterator[PageForm]:
    """Every form that posts, of every page reached from ``first`` by its links (each
    route once), each form of one shape once."""
    seen: set[str] = set()
    seen_routes: set[str] = set()
    seen_shapes: set[tuple] = set()
    waiting = list(first)
    while waiting and len(seen_routes) < most:
        link = html.unescape(waiting.pop(0)).split("#")[0]
        # Pages of one route are crawled once, but for the first: each game's hand form.
        if (
            NOT_PAGES.search(link)
            or link in seen
            or (route_of(link) in seen_routes and link not in first)
        ):
            continue
        seen.add(link)
        seen_routes.add(route_of(link))
        answer = client.get(link)
        if answer.status_code != 200 or answer.mimetype != "text/html":
            continue
        parser = _Forms(link)
        parser.feed(answer.get_data(as_text=True))
        waiting += parser.links
        for form in one_form_a_choice(parser.forms):
            if form.choices and form.shape() not in seen_shapes:
                seen_shapes.add(form.shape())
                yield form


def one_form_a_choice(forms: list[PageForm]) -> list[PageForm]:
    """A page's forms, those that post the same fields to one place, differing in one
    hidden value (a button a form: "Hand it over", "Keep organising"), as one form whose
    choice that field is."""
    alike: dict[tuple, list[PageForm]] = {}
    for form in forms:
        alike.setdefault((form.action, tuple(sorted(form.sent))), []).append(form)
    joined = []
    for group in alike.values():
        first = group[0]
        for name in first.sent:
            values = [form.sent[name] for form in group]
            if (
                len(group) > 1
                and all(len(v) == 1 for v in values)
                and len(set(map(tuple, values))) > 1
            ):
                first.choices[name] = [v[0] for v in values]
        joined.append(first)
    return joined


def foreign_values(foreign_member: int) -> list[str]:
    """What a forged request may send for a choice field: another group's member, a word,
    a number past any id, nothing."""
    return [str(foreign_member), "abc", FOREIGN_NUMBER, ""]


NOTHING = ""
"""Sent last, only to the fields a form class reads: a hand form's keys are the engine's,
for which "" reads as no key tapped (what a browser sends for a row none is checked of)."""


def plain_text(answer: Any) -> str:
    text = re.sub(r"<[^>]+>", " ", html.unescape(answer.get_data(as_text=True)))
    return " ".join(text.replace("\u2068", "").replace("\u2069", "").split())


def words(message: Any) -> str:
    """A message as ``plain_text`` reads it in a page."""
    return " ".join(str(message).replace("\u2068", "").replace("\u2069", "").split())
