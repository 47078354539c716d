"""A club night run end to end in Chromium (issue 56, "Done when"): one organiser's phone
starts the night and draws the tables, each table's hands are recorded with the edit key
the organiser's phone holds (as the table's phone records them), every player signs the
list on their own phone (a member of the group under their own name), one disputes a
hand, the organiser settles it and draws the next series, each after a confirmation, and
the night ends with its standings (on a phone and on a 1280 × 720 screen) and its printed
ranking. Used by tests/browser/test_club_night_browser.py and, with screenshots of every
page, by a person's script."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.live import PHONE, call_json

LONG_NAMES = [
    "Bartholomäus Brenner",
    "Friederike Oberhaus",
    "Maximiliane Schröder",
    "Konstantin Lindemann",
    "Walburga Hinterseer",
    "Gottfried Wallenberg",
    "Adelheid Kirchhoff",
    "Leopoldine Sternberg",
    "Christophorus Engel",
    "Hildegard Morgenroth",
    "Theodora Winterfeld",
    "Sebastian Achenbach",
    "Wilhelmine Rosenthal",
]
"""Thirteen players of a club night whose names are as long as a club's names are."""

ACCEPT = {"de": "de-DE,de;q=0.9", "he": "he-IL,he;q=0.9", "en": "en", "fr": "fr-FR,fr;q=0.9"}
TV = {"width": 1280, "height": 720}
NARROW = {"width": 360, "height": 800}


def skat_hand(number: int, size: int) -> list[dict]:
    """Deal ``number`` of a Skat list (ISkO, Seeger-Fabian), as the night's tests play it:
    seat ``number mod size`` declares (never the dealer who sits out at four), odd deals
    won and even deals lost."""
    won = number % 2
    return [
        {
            "declarer": number % size,
            "game": "spades" if won else "hearts",
            "matadors": 1,
            "bid": 22 if won else 20,
            "declarer_points": 70 if won else 55,
        }
    ]


def doppelkopf_hand(number: int, size: int) -> list[dict]:
    """Deal ``number`` of a Doppelkopf list: two players of the deal as Re, Re winning the
    odd deals; the pairs to try in turn (at five the dealer sits out)."""
    points = 151 if number % 2 else 100
    pairs = [(number % size, (number + k) % size) for k in range(1, size)]
    return [
        {
            "re": sorted(pair),
            "re_points": points,
            "re_announcement": "none",
            "kontra_announcement": "none",
        }
        for pair in pairs
    ]


HANDS: dict[str, Callable[[int, int], list[dict]]] = {
    "skat": skat_hand,
    "doppelkopf": doppelkopf_hand,
}


@dataclass
class Night:
    """What the run saw: the group, the night's id, its tables by series (game id and
    players), the pages it screenshot, and each check's result for the test to assert."""

    group: dict
    night_id: int = 0
    tables: dict[int, list[dict]] = field(default_factory=dict)
    shots: list[Path] = field(default_factory=list)
    seen: dict[str, object] = field(default_factory=dict)


class Phones:
    """The browser contexts of a night: the organiser's and each player's own phone, in
    the night's language, each a member of the group under its own name."""

    def __init__(self, browser, base: str, language: str, shots: Path | None) -> None:
        self.browser, self.base, self.language, self.folder = browser, base, language, shots
        self.contexts: list = []
        self.errors: list[str] = []
        self.shots: list[Path] = []

    def phone(self, join_url: str, name: str, viewport=PHONE, language: str | None = None):
        accept = ACCEPT[language or self.language]
        context = self.browser.new_context(
            viewport=viewport, base_url=self.base, extra_http_headers={"Accept-Language": accept}
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.goto(join_url)
        page.locator("#label").fill(name)
        with page.expect_navigation():
            page.locator("#join").click()
        return page

    def shot(self, page, name: str) -> None:
        if self.folder is None:
            return
        path = self.folder / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=True)
        self.shots.append(path)
        # A long page also in parts of a screen's height or so, for a person to read.
        width, height = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        if height > 1400:
            for part, top in enumerate(range(0, height, 1000), 1):
                clip = {"x": 0, "y": top, "width": width, "height": min(1000, height - top)}
                page.screenshot(
                    path=str(path.with_name(f"{name}-part{part}.png")), full_page=True, clip=clip
                )

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@contextlib.contextmanager
def phones(browser, base: str, language: str, shots: Path | None = None) -> Iterator[Phones]:
    made = Phones(browser, base, language, shots)
    try:
        yield made
    finally:
        made.close()


def _tables(base: str, night: Night) -> None:
    group = night.group
    status, found = call_json(
        base, "GET", f"/api/groups/{group['id']}/club/{night.night_id}", None, group["key"]
    )
    assert status == 200, found
    night.tables = {}
    for table in found["tables"]:
        night.tables.setdefault(table["series"], []).append(table)


def _play(base: str, organiser, game: str, tables: list[dict]) -> None:
    """Every table's list to its end, through the API with the edit key the organiser's
    phone shows the table."""
    for table in tables:
        shared = organiser.request.get(f"/games/{table['game_id']}/share/edit?show=1").text()
        key = re.search(rf"/games/{table['game_id']}/edit/([A-Za-z0-9_-]+)", shared)[1]
        size = len(table["players"])
        status = 0
        for number in range(1, 1 + len(table["players"])):
            for hand in HANDS[game](number, size):
                path = f"/api/games/{table['game_id']}/hands"
                status, said = call_json(base, "POST", path, hand, key)
                if status == 201:
                    break
            assert status == 201, said
        assert said["status"] == "finished", said


def _sign(players: dict, table: dict, skip: str | None = None) -> None:
    """Each player of ``table`` (but ``skip``) signs its list on their own phone, after
    the question."""
    for name in table["players"]:
        if name == skip:
            continue
        page = players[name]
        page.goto(f"/games/{table['game_id']}/club")
        with page.expect_navigation():
            page.locator("form:has(input[name=action][value=confirm]) button").click()
        with page.expect_navigation():
            page.locator("#sign-confirmed").click()


def run_night(
    browser,
    base: str,
    game: str,
    rules: str,
    names: list[str],
    language: str,
    shots: Path | None = None,
    series: int = 2,
) -> Night:
    """The night, from the group's creation to the printed ranking; screenshots of every
    page in ``shots`` when given (``<step>.png``)."""
    status, group = call_json(base, "POST", "/api/groups", {"name": "Club"})
    assert status == 201, group
    night = Night(group)
    with phones(browser, base, language, shots) as made:
        organiser = made.phone(group["join_url"], "Organiser")
        # The night's form: its game, rules, series, a deal per player, the guests.
        organiser.goto(f"/groups/{group['id']}/club?game={game}&rules={rules}")
        organiser.locator("#club-series").fill(str(series))
        if organiser.locator("#club-deals").count():
            organiser.locator("#club-deals").fill("1")
        organiser.locator("#club-guests").fill("\n".join(names))
        made.shot(organiser, "01-start")
        with organiser.expect_navigation():
            organiser.locator("#club-draw").click()
        night.night_id = int(re.search(r"/club/(\d+)", organiser.url)[1])
        made.shot(organiser, "02-drawn")
        _tables(base, night)
        players = {name: made.phone(group["join_url"], name) for name in names}
        for number in range(1, series + 1):
            tables = night.tables[number]
            _play(base, organiser, game, tables)
            first = tables[0]
            organiser.goto(f"/games/{first['game_id']}")
            made.shot(organiser, f"{number}0-table-finished")
            disputer = first["players"][1]
            if number == 1:
                # A player disputes hand 2 on their own phone; the organiser settles it.
                page = players[disputer]
                page.goto(f"/games/{first['game_id']}/club")
                with page.expect_navigation():  # a tap on hand 2 of the list's hands
                    page.locator("#list-hands li").nth(1).locator("a").click()
                page.locator("#dispute-form input[name=note]").fill("Kreuz, nicht Pik")
                with page.expect_navigation():
                    page.locator("#dispute").click()
                made.shot(page, f"{number}1-disputed")
            _sign(players, first, skip=disputer if number == 1 else None)
            for table in tables[1:]:
                _sign(players, table)
            made.shot(players[first["players"][0]], f"{number}2-signed")
            organiser.goto(f"/groups/{group['id']}/club/{night.night_id}")
            made.shot(organiser, f"{number}3-night")
            if number == 1:
                organiser.locator("#disputes a.btn").first.click()
                organiser.wait_for_load_state()
                made.shot(organiser, f"{number}4-settle")
                organiser.locator("#settle-form input[value=kept]").check()
                with organiser.expect_navigation():
                    organiser.locator("#settle").click()
                made.shot(organiser, f"{number}5-settled")
                page = players[disputer]
                page.goto(f"/games/{first['game_id']}/club")
                made.shot(page, f"{number}6-sign-after-settling")
                _sign(players, {**first, "players": [disputer]})
            if number < series:
                organiser.goto(f"/groups/{group['id']}/club/{night.night_id}")
                with organiser.expect_navigation():
                    organiser.locator("#draw-next").click()
                night.seen[f"asked {number + 1}"] = organiser.locator("#confirm-draw").count()
                made.shot(organiser, f"{number}7-confirm-draw")
                with organiser.expect_navigation():
                    organiser.locator("#draw-confirmed").click()
                made.shot(organiser, f"{number}8-drawn")
                _tables(base, night)
        base_path = f"/groups/{group['id']}/club/{night.night_id}"
        organiser.goto(f"{base_path}/standings")
        night.seen["standings"] = organiser.locator("#club-standings tbody tr").count()
        made.shot(organiser, "90-standings")
        organiser.goto(f"{base_path}/ranking")
        night.seen["ranking"] = organiser.locator("#club-ranking tbody tr").count()
        night.seen["ranking title"] = organiser.locator("h1").inner_text()
        made.shot(organiser, "91-ranking")
        organiser.set_viewport_size(NARROW)
        organiser.goto(f"/games/{night.tables[series][0]['game_id']}/club/print")
        made.shot(organiser, "92-list")
        organiser.set_viewport_size(TV)
        organiser.goto(f"{base_path}/standings?projector=1")
        night.seen["projector bottom"] = organiser.evaluate(
            "document.querySelector('#club-standings').getBoundingClientRect().bottom"
        )
        made.shot(organiser, "93-projector")
        night.shots = made.shots
        night.seen["errors"] = list(made.errors)
    return night
