"""A whole club night run in Chromium by players' phones after its organiser's phone is
gone (issue 68, "Done when"): nine players at three Skat tables, two series, a late guest.
The organiser's phone starts the night and draws series 1, then is never used again; a
player of each table takes the table's recording on their own phone; one of them asks to
take the night over and, the organiser's phone not answering, another, who holds the
group's key, hands it over from the group's page; the new organiser draws series 2 (the
new tables' sizes said first), settles a disputed hand by correcting it on its own form,
and the correction brings the list's signers back to sign again. Used by
tests/browser/test_club_roles_browser.py and, with screenshots of every page, by a
person's script."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from tests.support.club_night_browser import LONG_NAMES, TV, phones
from tests.support.club_pages import seeger_fabian
from tests.support.live import SERVED, call_json

NARROW = {"width": 360, "height": 800}
NINE = LONG_NAMES[:9]
LATE = "Gast Spätankömmling"
NAME = "Preisskat im März"
CLUB = "Skatclub Kreuz Bube"
WIN = {"game": "spades", "matadors": 1, "bid": 22, "declarer_points": 70}
LOSE = {"game": "hearts", "matadors": 1, "bid": 20, "declarer_points": 55}


@dataclass
class Seen:
    """What the run saw, for the test to assert."""

    night_id: int = 0
    phones_used: list[str] = field(default_factory=list)
    takers: dict[int, dict[int, str]] = field(default_factory=dict)
    """Each series' tables by number: the player whose own phone took its recording."""
    expected: dict[str, int] = field(default_factory=dict)
    checks: dict[str, object] = field(default_factory=dict)


def _hand(number: int, size: int) -> dict:
    """Deal ``number``: seat ``number mod size`` declares (never the dealer who sits out at
    four), odd deals won and even deals lost."""
    return {"declarer": number % size, **(WIN if number % 2 else LOSE)}


def _text(locator) -> str:
    """A locator's text without the isolating marks the page put around names."""
    return (locator.text_content() or "").replace("\u2068", "").replace("\u2069", "")


def _standings(page) -> dict[str, int]:
    rows = page.locator("#club-standings tbody tr")
    found = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        name = row.locator("th .nm").inner_text()
        points = row.locator("td.club-points").inner_text()
        found[name] = int(points.replace("\u2212", "-").strip("\u2066\u2069"))
    return found


class Night:
    """The run: the phones, the group and its key, the night's path."""

    def __init__(self, browser, base: str, language: str, shots) -> None:
        self.base, self.language, self.shots = base, language, shots
        self.browser = browser
        self.seen = Seen()
        status, self.group = call_json(base, "POST", "/api/groups", {"name": CLUB})
        assert status == 201, self.group
        self.key = self.group["key"]
        self.own: dict[str, object] = {}

    @property
    def path(self) -> str:
        return f"/groups/{self.group['id']}/club/{self.seen.night_id}"

    def tables(self, series: int) -> list[dict]:
        status, found = call_json(self.base, "GET", f"/api/{self.path[1:]}", None, self.key)
        assert status == 200, found
        return [t for t in found["tables"] if t["series"] == series]

    def phone_of(self, made, name: str):
        """``name``'s own phone, a member of the group under their name."""
        if name not in self.own:
            self.own[name] = made.phone(self.group["join_url"], name, viewport=NARROW)
            self.seen.phones_used.append(name)
        return self.own[name]

    def take_tables(self, made, series: int) -> dict[int, object]:
        """A player of each table takes its recording on their own phone: one whose phone
        is in the group already if one sits there, else the first of the table (whose
        phone joins the group under their name)."""
        taken = {}
        for table in self.tables(series):
            name = next((n for n in table["players"] if n in self.own), None)
            name = name or next(n for n in table["players"] if n != LATE)
            page = self.phone_of(made, name)
            page.goto(self.path)
            if not taken:
                made.shot(page, f"{series}1-my-table")
            with page.expect_navigation():
                page.locator("#record-table").click()
            taken[table["number"]] = page
            self.seen.takers.setdefault(series, {})[table["number"]] = name
        return taken

    def play(self, series: int, taken: dict[int, object]) -> None:
        """Every table's list to its end, through the API with the edit key its phone
        holds, the Seeger-Fabian points worked by hand added up."""
        for table in self.tables(series):
            page = taken[table["number"]]
            shared = page.request.get(f"/games/{table['game_id']}/share/edit?show=1").text()
            key = re.search(rf"/games/{table['game_id']}/edit/([A-Za-z0-9_-]+)", shared)[1]
            size = len(table["players"])
            for number in range(1, size + 1):
                path = f"/api/games/{table['game_id']}/hands"
                status, said = call_json(self.base, "POST", path, _hand(number, size), key)
                assert status == 201, said
                for seat, name in enumerate(table["players"]):
                    gained = seeger_fabian(number, seat, number % size, size)
                    self.seen.expected[name] = self.seen.expected.get(name, 0) + gained
            assert said["status"] == "finished", said

    def sign_in_turn(self, page, game_id: int, players: list[str]) -> None:
        """Each player signs the list after the question: on their own phone where they
        have one in the group, else in turn on the table's phone (``page``)."""
        for name in players:
            phone = self.own.get(name, page)
            phone.goto(f"/games/{game_id}/club")
            with phone.expect_navigation():
                phone.locator(f"#club-signers form:has(input[value='{name}']) button").click()
            with phone.expect_navigation():
                phone.locator("#sign-confirmed").click()
            assert phone.locator(".flash.saved").count() == 1

    def signed_on(self, page, game_id: int, players: list[str]) -> None:
        """Each player signs the list as its page posts it, on their own phone where they
        have one, else on the table's phone (``page``; the signing pages themselves are
        the last list's, ``sign_in_turn``)."""
        for name in players:
            phone = self.own.get(name, page)
            phone.goto(f"/games/{game_id}/club")
            signers = phone.locator("#club-signers")
            body = {
                field: signers.locator(f"input[name={field}]").first.get_attribute("value")
                for field in ("csrf_token", "version", "revision")
            }
            body |= {"name": name, "sure": "1"}
            answer = phone.request.post(f"/games/{game_id}/club", form=body)
            assert answer.ok, answer.status

    def backdate_takeover(self, minutes: int) -> None:
        then = (datetime.now(UTC) - timedelta(minutes=minutes)).isoformat(timespec="seconds")
        with sqlite3.connect(SERVED[self.base]) as connection:
            connection.execute(
                "UPDATE club_takeovers SET asked_at = ? WHERE answered_at IS NULL", [then]
            )


def run_roles_night(browser, base: str, language: str, shots=None) -> Seen:
    """The night (see the module); screenshots of every page in ``shots`` when given."""
    night = Night(browser, base, language, shots)
    seen = night.seen
    with phones(browser, base, language, shots) as made:
        organiser = made.phone(night.group["join_url"], "Spielleitung", viewport=NARROW)
        organiser.goto(f"/groups/{night.group['id']}/club?game=skat&rules=isko")
        organiser.locator("#club-name").fill(NAME)
        organiser.locator("#club-series").fill("2")
        organiser.locator("#club-deals").fill("1")
        organiser.locator("#club-guests").fill("\n".join(NINE))
        made.shot(organiser, "01-start")
        with organiser.expect_navigation():
            organiser.locator("#club-draw").click()
        seen.night_id = int(re.search(r"/club/(\d+)", organiser.url)[1])
        made.shot(organiser, "02-drawn")
        seen.checks["codes before"] = organiser.locator(".club-qr").count()

        # Series 1: a player of each table takes it; its phone records and signs the list.
        taken = night.take_tables(made, 1)
        first, second, third = (taken[n] for n in sorted(taken))
        organiser.goto(night.path)
        made.shot(organiser, "13-tables-taken")
        seen.checks["codes after"] = organiser.locator(".club-qr").count()
        night.play(1, taken)
        for table in night.tables(1):
            night.signed_on(taken[table["number"]], table["game_id"], table["players"])
        # The second table's player makes the group's key: the group's key holder.
        second.goto(f"/groups/{night.group['id']}/key")
        with second.expect_navigation():
            second.locator("#make-key").click()
        night.key = second.locator("#group-key").inner_text()
        second.goto(f"{night.path}/standings")
        seen.checks["standings 1"] = _standings(second)
        seen.checks["expected 1"] = dict(seen.expected)

        # The organiser's phone is gone from here on. The first table's player asks.
        first.goto(night.path)
        with first.expect_navigation():
            first.locator("#ask-takeover").click()
        made.shot(first, "14-asked")
        second.goto(f"/groups/{night.group['id']}")
        made.shot(second, "15-group-waiting")
        seen.checks["too early"] = second.locator(f"#hand-over-{seen.night_id}").count()
        night.backdate_takeover(minutes=4)  # no answer from the organiser's phone
        second.goto(f"/groups/{night.group['id']}")
        made.shot(second, "16-group-hand-over")
        # The button names the player whole, as one line of words, inside the screen.
        seen.checks["hand-over button right"] = second.locator(
            f"#hand-over-{seen.night_id}"
        ).evaluate("b => Math.round(b.getBoundingClientRect().right)")
        with second.expect_navigation():
            second.locator(f"#hand-over-{seen.night_id}").click()
        first.goto(night.path)
        made.shot(first, "17-organising")
        seen.checks["organisers"] = _text(first.locator("#organisers"))
        first.goto(f"{night.path}/standings")
        seen.checks["standings after hand-over"] = _standings(first)

        # Series 2, a late guest: the new tables' sizes said before the draw.
        first.goto(night.path)
        first.locator("#club-late").fill(LATE)
        with first.expect_navigation():
            first.locator("#draw-next").click()
        seen.checks["sizes"] = _text(first.locator("#draw-sizes"))
        made.shot(first, "18-confirm-draw")
        with first.expect_navigation():
            first.locator("#draw-confirmed").click()
        made.shot(first, "19-drawn")
        taken = night.take_tables(made, 2)
        if made.folder is not None:  # where an organiser moves a table's phone
            first.goto(f"/games/{night.tables(2)[0]['game_id']}/club/phone")
            made.shot(first, "20-move-phone")
        night.play(2, taken)
        tables = night.tables(2)
        night.sign_in_turn(taken[tables[0]["number"]], tables[0]["game_id"], tables[0]["players"])
        for table in tables[1:]:
            night.signed_on(taken[table["number"]], table["game_id"], table["players"])

        # A signer of table 1 disputes hand 2 by tapping it; the organiser corrects it on
        # its own form (a lost Herz game at 55 was won at 61) and settles it.
        disputed = tables[0]
        table_phone = taken[disputed["number"]]
        table_phone.goto(f"/games/{disputed['game_id']}/club")
        made.shot(table_phone, "21-list-signed")
        with table_phone.expect_navigation():
            table_phone.locator("#list-hands li").nth(1).locator("a").click()
        made.shot(table_phone, "22-dispute-hand")
        table_phone.locator("#dispute-form input[name=note]").fill("61 Augen, nicht 55")
        with table_phone.expect_navigation():
            table_phone.locator("#dispute").click()
        first.goto(night.path)
        made.shot(first, "23-disputed")
        with first.expect_navigation():
            first.locator("#disputes a.btn").first.click()
        made.shot(first, "24-settle")
        with first.expect_navigation():
            first.locator("#correct-hand").click()
        made.shot(first, "25-hand-form")
        seen.checks["form back"] = first.locator("#back").get_attribute("href")
        declarer = first.locator("input[name^=declarer_points_]:not([value=''])")
        declarer.first.fill("61")
        with first.expect_navigation():
            first.locator("#save").click()
        seen.checks["back at"] = first.url
        made.shot(first, "26-settle-corrected")
        with first.expect_navigation():
            first.locator("#settle").click()
        size = len(disputed["players"])
        for seat, name in enumerate(disputed["players"]):  # hand 2, now won: 20 + 50
            was = seeger_fabian(2, seat, 2 % size, size)
            now = 70 if seat == 2 % size else 0
            seen.expected[name] += now - was

        # The correction brings the signers back: the table's phone is told, and each
        # player signs again in turn on it.
        table_phone.goto(night.path)
        seen.checks["told"] = _text(table_phone.locator(".club-notice[id^=sign-again]"))
        made.shot(table_phone, "27-sign-again")
        with table_phone.expect_navigation():
            table_phone.locator(".club-notice[id^=sign-again] a.btn").click()
        made.shot(table_phone, "28-sign-page-again")
        night.sign_in_turn(table_phone, disputed["game_id"], disputed["players"])
        first.goto(night.path)
        seen.checks["still to sign"] = first.locator("#to-sign").count()
        seen.checks["log"] = (
            first.locator("#night-log").text_content().replace("\u2068", "").replace("\u2069", "")
        )
        made.shot(first, "29-night-done")
        first.goto(f"{night.path}/standings")
        seen.checks["standings 2"] = _standings(first)
        made.shot(first, "90-standings")
        first.goto(f"{night.path}/ranking")
        seen.checks["ranking title"] = _text(first.locator("h1"))
        made.shot(first, "91-ranking")
        first.goto(f"/games/{disputed['game_id']}/club/print")
        made.shot(first, "92-list")
        first.set_viewport_size(TV)
        first.goto(f"{night.path}/standings?projector=1")
        seen.checks["projector title"] = _text(first.locator("h1"))
        seen.checks["projector bottom"] = first.evaluate(
            "document.querySelector('#club-standings').getBoundingClientRect().bottom"
        )
        made.shot(first, "93-projector")
        seen.checks["errors"] = list(made.errors)
    return seen
