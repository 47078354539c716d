"""Spades' and Oh Hell's hand forms on a small phone (360 px), in real Chromium: every tap
a finger makes to record a hand is counted (a key, Save), from the form to the
scoreboard, and held to the issue's budget: Spades in at most 10, Oh Hell in at most
2 × players + 1. Blind nil is offered only where the rules allow it; the dealer's
forbidden bid is disabled and named; both forms fit the phone in Hebrew.

The taps measured are printed and written to ``taps.json`` in the run's base temporary
directory (``pytest --basetemp``), for the closing note."""

from __future__ import annotations

import json

import pytest

from tests.support.accessibility import SERIOUS
from tests.support.browser import Taps, radio
from tests.support.live import watched_page
from tests.support.new_games_browser import (
    MEASURED,
    NAMES,
    blind_keys,
    hand_form,
    record,
    stored_hand,
)
from tests.support.rtl_browser import check_page

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 740}
HEBREW_NAMES = ["אביגיל בן-דוד מירושלים", "רותם", "Noa", "יהונתן אלכסנדרוביץ׳", "דני", "Eve", "טל"]
SPADES_BUDGET = 10


@pytest.fixture(scope="module", autouse=True)
def measured(tmp_path_factory):
    """Writes the taps measured by this module's tests to ``taps.json`` when they end."""
    yield MEASURED
    if MEASURED:
        path = tmp_path_factory.getbasetemp() / "taps.json"
        path.write_text(json.dumps(MEASURED, indent=1, sort_keys=True) + "\n")
        print(f"\ntaps per hand: {MEASURED} ({path})")


@pytest.fixture
def phone(browser, live_server):
    """A 360 px wide phone on the live server, failing on any JavaScript error."""
    with watched_page(browser, live_server, SMALL_PHONE) as page:
        yield page


# --- Spades ----------------------------------------------------------------------------


SPEAKING = [1, 2, 3, 0]
"""The seats of a Spades table whose seat 0 deals, as they bid: the dealer's left first."""


def test_a_spades_hand_in_at_most_ten_taps(phone, live_server):
    game_id, _ = hand_form(phone, live_server, "spades")
    taps = Taps(phone)
    # As the table speaks: from the dealer's (seat 0's) left, the dealer last.
    for seat, bid in zip(SPEAKING, [2, 3, 3, 4], strict=True):
        taps.key(f"bid_{seat}", bid)
    for seat, taken in zip(SPEAKING[:3], [2, 3, 3], strict=True):
        taps.key(f"tricks_{seat}", taken)
    # The dealer's tricks, asked last, fill themselves in: 13 in all.
    assert radio(phone, "tricks_0", "5").is_checked()
    assert phone.locator("#taking h2 output").inner_text() == "13 of 13"
    taps.save()
    hand = stored_hand(live_server, game_id)
    assert (hand["bids"], hand["tricks"], hand["points"]) == ([4, 2, 3, 3], [5, 2, 3, 3], [71, 50])
    assert "blind_nil" not in hand
    record("spades", taps.count)
    assert taps.count == 4 + 3 + 1 <= SPADES_BUDGET


def test_a_spades_blind_nil_is_offered_only_to_a_side_100_behind(phone, live_server):
    # docs/rules/spades.md ex. 6: A at 150 and B at 300; seat 0 bids blind nil and takes nothing,
    # seat 2 bids 5 and takes 6: +251 for A.
    game_id, _ = hand_form(phone, live_server, "spades", starting_totals=[150, 300])
    assert blind_keys(phone) == [0, 2]
    note = phone.locator("#bidding-note")
    assert note.inner_text() == "Blind nil only for a side 100 or more points behind."
    taps = Taps(phone)
    for seat, bid in zip(SPEAKING, [3, 5, 2, "blind"], strict=True):
        taps.key(f"bid_{seat}", bid)
    for seat, taken in zip(SPEAKING[:3], [3, 6, 4], strict=True):
        taps.key(f"tricks_{seat}", taken)
    assert radio(phone, "tricks_0", "0").is_checked()
    taps.save()
    hand = stored_hand(live_server, game_id)
    assert (hand["bids"], hand["blind_nil"], hand["tricks"]) == (
        [0, 3, 5, 2],
        [0],
        [0, 3, 6, 4],
    )
    assert hand["points"][0] == 251
    record("spades with a blind nil", taps.count)
    assert taps.count == 8 <= SPADES_BUDGET


@pytest.mark.parametrize(
    ("blind_nil", "totals", "offered"),
    [
        ("behind_100", [0, 0], []),
        ("behind_100", [250, 300], []),  # 50 behind: not enough
        ("behind_100", [300, 200], [1, 3]),
        ("any_time", [0, 0], [0, 1, 2, 3]),
        ("never", [0, 300], []),
    ],
)
def test_blind_nil_is_offered_where_the_knob_allows_it(
    phone, live_server, blind_nil, totals, offered
):
    hand_form(
        phone, live_server, "spades", settings={"blind_nil": blind_nil}, starting_totals=totals
    )
    assert blind_keys(phone) == offered
    assert phone.locator("#bidding-note").count() == (blind_nil == "behind_100")


# --- Oh Hell ---------------------------------------------------------------------------

# Per table: the cards the first hand deals (down_up from max_cards).
FIRST_CARDS = {3: 10, 4: 10, 7: 7}


@pytest.mark.parametrize("players", sorted(FIRST_CARDS))
def test_an_oh_hell_hand_in_at_most_two_taps_a_player_and_one(phone, live_server, players):
    names = NAMES[:players]
    cards = FIRST_CARDS[players]
    game_id, _ = hand_form(phone, live_server, "oh-hell", players=names)
    # Seat 0 deals: the bids run from seat 1, the dealer last.
    dealer, others = 0, list(range(1, players))
    assert names[dealer] in phone.locator("h1 small").inner_text()
    taps = Taps(phone)
    taps.key("trump", "H")
    for seat in others:
        taps.key(f"bid_{seat}", 1)
    # The hook: the dealer may not bid what makes the bids total the cards dealt.
    forbidden = cards - len(others)
    assert radio(phone, f"bid_{dealer}", forbidden).is_disabled()
    assert [n for n in range(cards + 1) if radio(phone, f"bid_{dealer}", n).is_disabled()] == [
        forbidden
    ]
    why = phone.locator(f"#bid_{dealer} .why")
    assert why.is_visible()
    assert why.inner_text() == (
        f"{names[dealer]} may not bid {forbidden}: the bids would total the {cards} cards dealt."
    )
    taps.key(f"bid_{dealer}", 0)
    for seat in others:
        taps.key(f"tricks_{seat}", 1)
    # The dealer's tricks fill themselves in.
    assert radio(phone, f"tricks_{dealer}", forbidden).is_checked()
    taps.save()
    hand = stored_hand(live_server, game_id)
    assert hand["cards"] == cards and hand["trump"] == "H"
    assert hand["bids"] == [0] + [1] * len(others)
    assert hand["tricks"] == [forbidden] + [1] * len(others)
    assert hand["points"] == [0] + [11] * len(others)
    record(f"oh-hell {players} players", taps.count)
    assert taps.count == 1 + players + (players - 1) + 1 <= 2 * players + 1


# --- Hebrew on a small phone -------------------------------------------------------------


@pytest.fixture
def hebrew_phone(browser, live_server):
    hebrew = {"Accept-Language": "he-IL,he;q=0.9"}
    with watched_page(browser, live_server, SMALL_PHONE, extra_http_headers=hebrew) as page:
        yield page


def test_the_spades_form_in_hebrew_fits_a_small_phone(hebrew_phone, live_server, axe):
    page = hebrew_phone
    hand_form(page, live_server, "spades", players=HEBREW_NAMES[:4], starting_totals=[0, 150])
    assert blind_keys(page) == [0, 2]
    for seat, bid in zip(SPEAKING, [13, 2, 0, "blind"], strict=True):
        radio(page, f"bid_{seat}", bid).locator("..").click()
    for seat, taken in zip(SPEAKING[:2], [13, 0], strict=True):
        radio(page, f"tricks_{seat}", taken).locator("..").click()
    check_page(page, "spades-hand")
    results = axe.run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    assert serious == [], results.generate_report()


def test_the_oh_hell_form_in_hebrew_fits_a_small_phone(hebrew_phone, live_server, axe):
    page = hebrew_phone
    hand_form(page, live_server, "oh-hell", players=HEBREW_NAMES)
    radio(page, "trump", "none").locator("..").click()
    for seat in range(1, 7):
        radio(page, f"bid_{seat}", 1).locator("..").click()
    assert page.locator("#bid_0 .why").is_visible()  # the hook, named
    check_page(page, "oh-hell-hand")
    results = axe.run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    assert serious == [], results.generate_report()
