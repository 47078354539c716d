"""Schafkopf as a Bavarian table plays it, on a small phone (360 px) in real Chromium, in
German: a Farbsolo with its suit after two knocks and a Kontra, tapped key by key; the list
names the suit, the knocks and the Stoß, and the hand's page works the tariff out term by
term. Every page fits the phone; screenshots are kept in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.support.browser import Taps
from tests.support.rtl_browser import fits_the_phone, game_on_a_small_phone

pytestmark = pytest.mark.browser

NAMES = ["Franziska", "Maximilian-Joseph", "Vroni", "Sepp"]


def test_a_farbsolo_with_klopfen_and_kontra_on_the_phone(browser, live_server):
    body = {"game": "schafkopf", "players": NAMES, "rules": "schafkopf", "first_dealer": 0}
    with game_on_a_small_phone(browser, live_server, "de", body) as (page, created):
        taps = Taps(page)
        taps(page.locator("#record"))
        taps.key("contract", "farbsolo")
        taps.key("declarer", 1)
        taps.key("suit", "gras")
        taps.key("klopfer", 2)
        taps.key("won", "won")
        taps.key("laufende", 3)
        taps.key("kontra", "kontra")
        page.wait_for_function(
            "() => document.querySelector('#preview').innerText.includes('+1920')"
        )
        fits_the_phone(page, "schafkopf-de-hand-form", "de")
        taps.save()
        assert taps.count == 9
        board = page.locator("main").inner_text()
        assert "Farbsolo Gras" in board and "gewonnen · 3 Laufende · Kontra" in board
        assert "2-mal geklopft" in board
        fits_the_phone(page, "schafkopf-de-scoreboard", "de")
        page.goto(f"/games/{created['id']}/hands/1/why")
        why = page.locator("main").inner_text()
        for term in ("Farbsolo 50", "3 Laufende 30", "Kontra ×2", "2-mal geklopft ×4"):
            assert term in why, term
        assert "640 ct je Spieler: (50 + 30) × 2 × 4" in why
        fits_the_phone(page, "schafkopf-de-why", "de")
