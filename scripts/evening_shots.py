"""A whole evening of each of the five newest tables, played in real Chromium at 360 px in
the table's home language and in Hebrew, with full-page screenshots for a person to look at
(issue 65): Coinche with announcements and a coinche (fr), French Tarot at five with a half
point and a poignée (fr), Schafkopf with Klopfen and a Stoß (de), Phase 10 to phase 10 (en),
Pinochle double deck with a meld entered by combination (en).

Each evening starts in a group on the new-game page with the preset tapped and the names
typed; the deals that show a feature are entered on the hand form by tapping its keys, as a
player does, and the other deals through the API (to reach the end quickly). Shots: the
new-game page, each featured form before Save, the scoreboard after, the featured deal's
"how was this counted", the finished board and its result, and the print.

    .venv/bin/python scripts/evening_shots.py [--out DIR] [--only coinche,tarot] [--lang fr,he]

Debian's Chromium, as the browser tests start it (tests/support/live.py); one browser at a
time. The server is the app on a new SQLite file in a temporary folder.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from scorekeeper.engine import GAMES  # noqa: E402
from tests.support.browser import api  # noqa: E402
from tests.support.game_page_matrix import LANGUAGES, key_of  # noqa: E402
from tests.support.live import CHROMIUM, CHROMIUM_ARGS, SHOTS, opens, serving  # noqa: E402

PHONE = {"width": 360, "height": 740}
DEFAULT_OUT = SHOTS / "evenings"  # test-artifacts/evenings, or under SCOREKEEPER_SHOTS
PAPER = {"width": 718, "height": 1016}  # A4's printed width at 96 px to the inch
PIECE = 900  # px: the height of a long page's pieces

NAMES = {
    "fr": ["Marie-Christine Dubois-Lefèvre", "Élodie", "Jean-Baptiste", "Gaëlle", "Théo"],
    "de": ["Maximilian Huber-Obermaier", "Sepp", "Franziska", "Xaver", "Wolfgang"],
    "en": ["Mary-Elizabeth Worthington", "Bob", "Catherine", "Dan", "Evan"],
    "he": [
        "אביגיל בן-דוד מירושלים",
        "Marie-Christine Dubois-Lefèvre",
        "יהונתן אלכסנדרוביץ׳",
        "רותם",
        "טל",
    ],
}


@dataclass
class Featured:
    """A deal entered on the form by tapping: the hand as the API writes it, what it shows
    (the shot's name), and boxes typed as the table types them in a language ("40,5")."""

    hand: dict[str, Any]
    what: str
    typed: dict[str, dict[str, str]] = field(default_factory=dict)  # language: {field: text}
    left: tuple[str, ...] = ()  # fields the form fills in by itself, not touched


@dataclass
class Evening:
    name: str
    game: str
    rules: str
    home: str
    players: int
    deals: list[Any]  # a hand (dict, through the API) or a Featured (on the form), in order
    ends: bool  # the game ends by itself; else it is finished by "Finish now"


def coinche() -> Evening:
    def made(taker: int, contract: int, points: int, **more: Any) -> dict[str, Any]:
        return {
            "taker": taker,
            "contract": str(contract),
            "coinche": "none",
            "card_points": points,
            "belote": "none",
            "capot": False,
            **more,
        }

    announced = Featured(
        made(1, 100, 112, belote="taker", cinquante=[0, 1], tierce=[1, 1]),
        "annonces",
    )
    coinched = Featured(made(0, 110, 121, coinche="coinche"), "coinche")
    deals = [
        made(0, 120, 131),
        announced,
        made(2, 90, 101, belote="defence"),
        coinched,
        made(3, 130, 72),  # failed
        made(0, 140, 150, belote="taker"),
        made(2, 120, 133),
        made(1, 100, 104),
        made(0, 130, 140, tierce=[1, 0]),
        made(2, 150, 160, belote="taker"),
        made(0, 120, 142),
        made(2, 120, 142),
        made(0, 120, 142),
        made(2, 120, 142),
    ]
    return Evening("coinche", "belote", "coinche", "fr", 4, deals, True)


def tarot() -> Evening:
    def deal(taker, partner, king, contract, bouts, points, **more):
        return {
            "taker": taker,
            "partner": partner,
            "king": king,
            "contract": contract,
            "bouts": bouts,
            "card_points": points,
            "petit_au_bout": "none",
            "poignee": "none",
            "poignee_defence": "none",
            "chelem": "none",
            **more,
        }

    half = Featured(
        deal(0, 3, "S", "garde", 2, 41.5, poignee="simple"),
        "demi-point-poignee",
        {"fr": {"card_points": "41,5"}, "he": {"card_points": "41.5"}},
    )
    defence = Featured(
        deal(2, 4, "H", "petite", 1, 50.5, petit_au_bout="defence", poignee_defence="simple"),
        "petit-au-bout-poignee-defense",
        {"fr": {"card_points": "50,5"}},
    )
    deals = [
        deal(1, 2, "C", "petite", 1, 54),
        half,
        deal(3, 0, "D", "garde", 3, 38),
        defence,
        deal(4, "alone", "H", "garde", 2, 47),
        deal(1, 3, "S", "garde_sans", 2, 60.5),
    ]
    return Evening("tarot", "french-tarot", "fft", "fr", 5, deals, False)


def schafkopf() -> Evening:
    def deal(contract, declarer, augen, **more):
        return {
            "contract": contract,
            "declarer": declarer,
            "suit": None,
            "partner": None,
            "klopfer": 0,
            "won": "won" if augen > 60 else "lost",
            "augen": augen,
            "schneider": "none",
            "laufende": 0,
            "tout": False,
            "kontra": "none",
            **more,
        }

    knocked = Featured(
        deal("sauspiel", 0, 72, partner=2, klopfer=1, kontra="kontra"),
        "klopfen-stoss",
    )
    solo = Featured(
        deal("farbsolo", 1, 95, suit="herz", klopfer=2, laufende=3, schneider="schneider"),
        "farbsolo-laufende",
    )
    deals = [
        deal("sauspiel", 1, 64, partner=3),
        knocked,
        {"thrown_in": True},
        deal("wenz", 3, 55),
        solo,
        deal("sauspiel", 2, 80, partner=0, laufende=3),
        deal("sauspiel", 3, 61, partner=1, kontra="kontra"),
    ]
    return Evening("schafkopf", "schafkopf", "schafkopf", "de", 4, deals, False)


def phase_10() -> Evening:
    # Seat 0 makes a phase every deal and goes out; the others make theirs some deals.
    lefts = [
        ([0, 1], [0, 15, 65, 85]),
        ([0, 2], [0, 70, 10, 95]),
        ([0, 1, 3], [0, 5, 55, 20]),
        ([0, 1, 2], [0, 10, 15, 60]),
        ([0, 3], [0, 80, 50, 10]),
        ([0, 1, 2], [0, 10, 5, 75]),
        ([0, 2, 3], [0, 50, 5, 15]),
        ([0, 1], [0, 5, 90, 60]),
        ([0, 1, 2, 3], [0, 15, 25, 10]),
        ([0, 2], [0, 55, 5, 65]),
    ]
    deals: list[Any] = [{"completed": made, "left": left} for made, left in lefts]
    deals[1] = Featured(deals[1], "phase-2")
    deals[-1] = Featured(deals[-1], "phase-10-made")
    return Evening("phase-10", "phase-10", "phase-10", "en", 4, deals, True)


def pinochle() -> Evening:
    def deal(bidder, bid, meld, counters, **more):
        return {"bidder": bidder, "bid": bid, "meld": meld, "counters": counters, **more}

    combined = Featured(
        {
            "bidder": 0,
            "bid": 60,
            "melds": [{"run": 1, "pinochle": 1, "marriage": 1}, {"aces": 1}],
            "counters": [31, 19],
        },
        "meld-by-combination",
        left=("meld_0", "meld_1", "counters_1"),
    )
    deals = [
        combined,
        deal(1, 55, [12, 30], [18, 32]),
        deal(0, 65, [40, 10], [30, 20]),
        deal(3, 50, [16, 24], [20, 30]),
        deal(2, 70, [50, 4], [35, 15]),
        deal(1, 60, [6, 40], [22, 28]),
        deal(0, 75, [60, 8], [33, 17]),
        deal(0, 60, [40, 8], [33, 17]),
        deal(2, 60, [40, 8], [33, 17]),
        deal(0, 60, [40, 8], [33, 17]),
        deal(2, 60, [40, 8], [33, 17]),
        deal(0, 60, [40, 8], [33, 17]),
    ]
    return Evening("pinochle", "pinochle", "double-deck", "en", 4, deals, True)


EVENINGS = {e.name: e for e in (coinche(), tarot(), schafkopf(), phase_10(), pinochle())}


class Shots:
    def __init__(self, out: Path, evening: Evening, language: str) -> None:
        self.out, self.prefix, self.number = out, f"{evening.name}-{language}", 0
        out.mkdir(parents=True, exist_ok=True)

    def __call__(self, page, what: str) -> Path:
        self.number += 1
        path = self.out / f"{self.prefix}-{self.number:02d}-{what}.png"
        page.screenshot(path=str(path), full_page=True)
        # A long page again in pieces a screen's height, for a viewer that shrinks a tall
        # image until its words cannot be read.
        height = page.evaluate("document.documentElement.scrollHeight")
        if height > PIECE:
            for n, top in enumerate(range(0, height, PIECE), 1):
                width = page.viewport_size["width"]
                clip = {"x": 0, "y": top, "width": width, "height": PIECE}
                piece = self.out / "pieces" / f"{path.stem}.{n}.png"
                piece.parent.mkdir(exist_ok=True)
                page.screenshot(path=str(piece), full_page=True, clip=clip)
        print(" ", path.name, flush=True)
        return path


EDIT_URL = re.compile(r"/games/\d+/edit/([A-Za-z0-9_-]+)")


def edit_key(page, game_id: int) -> str:
    """The game's edit key, as its share page shows this phone's edit link."""
    answer = page.request.get(f"/games/{game_id}/share/edit?show=1")
    found = EDIT_URL.search(answer.text())
    assert found, "no edit link on the share page"
    return found.group(1)


def form_values(game: Any, settings: Any, players: list[str], hand: dict) -> list[tuple]:
    """The form's (field, value) pairs for ``hand``, in the form's order."""
    spec = game.hand_form(settings, players)
    values = game.hand.form_values(hand)
    return [(f.name, values[f.name]) for f in spec.fields if f.name in values]


def tap_into_form(page, pairs: list[tuple[str, str]], typed: dict[str, str]) -> None:
    """Enters a hand on the form as a finger does: taps each key (opening a folded seat or
    step first), types each box, and taps + for a count in a folded list."""
    for name, value in pairs:
        value = typed.get(name, value)
        radio = page.locator(f'#hand input[type="radio"][name="{name}"][value="{value}"]')
        if radio.count():
            if radio.is_checked():
                continue
            key = page.locator(f"#hand {key_of(name, value)}")
            if not key.is_visible():
                if page.locator(f'#hand fieldset.line[id="{name}"][hidden]').count():
                    continue
                inner = page.locator(key_of(name, value))
                seat = page.locator("#hand fieldset.seat", has=inner)
                if seat.count():
                    seat.locator("legend button").click()
                else:
                    step = page.locator("#hand .step", has=inner)
                    if step.count():
                        step.locator("button.head").click()
            key.click()
            continue
        box = page.locator(f'#hand input[name="{name}"]:not([type="hidden"])')
        if not box.count() or box.input_value() == value:
            continue
        if not box.is_visible():
            inner = page.locator(f'input[name="{name}"]:not([type="hidden"])')
            folded = page.locator("#hand details", has=inner)
            if folded.count() and not folded.first.evaluate("d => d.open"):
                folded.first.locator("summary").first.click()
        plus = page.locator(f'#hand span.stepper:has(input[name="{name}"]) > button:last-child')
        if plus.count() and value.isdigit() and box.input_value() in ("", "0"):
            for _ in range(int(value)):
                plus.click()  # a count of a folded list: tapped up, as a finger does
        else:
            box.fill(value)


def play(page, base: str, evening: Evening, language: str, group: int, shots: Shots) -> None:
    game = GAMES[evening.game].seated(evening.players)
    settings = game.preset(evening.rules)
    players = NAMES[language][: evening.players]
    page.goto(f"/games/new?game={evening.game}&group={group}")
    page.locator(f'input[name="rules"][value="{evening.rules}"]').check()
    for seat, name in enumerate(players):
        page.fill(f"#player_{seat}", name)
    shots(page, "new-game")
    opens(page.locator("button.primary.big[type=submit]"))
    game_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    key = edit_key(page, game_id)
    featured_numbers = []
    for number, deal in enumerate(evening.deals, 1):
        if not isinstance(deal, Featured):
            answer = api(base, "POST", f"/api/games/{game_id}/hands", deal, key)
            print(f"  deal {number}: {answer.get('totals')} {answer['status']}", flush=True)
            if answer["status"] == "finished":
                break
            continue
        page.goto(f"/games/{game_id}/hands/new")
        pairs = [
            p for p in form_values(game, settings, players, deal.hand) if p[0] not in deal.left
        ]
        tap_into_form(page, pairs, deal.typed.get(language, {}))
        page.wait_for_timeout(600)  # the preview's answer
        shots(page, f"form-{deal.what}")
        page.locator("#save").click()
        try:
            page.wait_for_url(re.compile(r"/games/\d+$"), timeout=10_000)
        except Exception:
            shots(page, f"refused-{deal.what}")
            raise
        shots(page, f"board-after-{deal.what}")
        featured_numbers.append((number, deal.what))
    if evening.ends:  # the evening is played to the game's own end
        status = api(base, "GET", f"/api/games/{game_id}", key=key)["status"]
        assert status == "finished", f"{evening.name}: the deals end no game ({status})"
    for number, what in featured_numbers:
        page.goto(f"/games/{game_id}/hands/{number}/why")
        shots(page, f"why-{what}")
    if not evening.ends:
        page.goto(f"/games/{game_id}/finish")
        shots(page, "finish-asked")
        opens(page.locator("#finish-now"))
    page.goto(f"/games/{game_id}")
    shots(page, "board-finished")
    page.goto(f"/games/{game_id}/result")
    shots(page, "result")
    page.goto(f"/games/{game_id}/print")
    shots(page, "print-screen")
    # As a printer lays it out: A4's 190 mm between its 10 mm margins (static/print.css).
    page.set_viewport_size(PAPER)
    page.emulate_media(media="print")
    shots(page, "print")
    page.emulate_media(media="screen")
    page.set_viewport_size(PHONE)


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--only", default=",".join(EVENINGS))
    parser.add_argument("--lang", default="home,he")
    options = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as folder,
        serving(Path(folder)) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in options.only.split(","):
            evening = EVENINGS[name]
            for language in options.lang.split(","):
                language = evening.home if language == "home" else language
                print(f"{name} in {language}", flush=True)
                context = browser.new_context(
                    viewport=PHONE,
                    base_url=base,
                    locale=language,
                    extra_http_headers={"Accept-Language": LANGUAGES[language]},
                )
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
                page.goto("/")
                opens(page.locator("#start-group-button"))
                group = int(page.url.rstrip("/").rsplit("/", 1)[1])
                play(page, base, evening, language, group, Shots(options.out, evening, language))
                context.close()
                if errors:
                    print("  JavaScript errors:", errors, flush=True)
        browser.close()


if __name__ == "__main__":
    main()
