"""Helpers of tests/web/games/test_sheets.py."""

from __future__ import annotations

import io
import unicodedata

from tests.support.budget import benchmark_module
from tests.support.live import call_json, printed_pdf

PLAYERS = ["Shira Ben-David", "Wassim Haddad", "Noa Rosenberg", "Eitan Mizrahi"]


def _game_with_hands(base: str, count: int) -> int:
    sample_hand = benchmark_module().sample_hand
    status, created = call_json(
        base,
        "POST",
        "/api/games",
        {"players": PLAYERS, "rules": "pagat-german", "first_dealer": 0, "target": 100_000},
    )
    assert status == 201
    for index in range(count):
        status, _ = call_json(
            base,
            "POST",
            f"/api/games/{created['id']}/hands",
            sample_hand(index),
            created["edit_key"],
        )
        assert status == 201
    return created["id"]


def says(text: str, phrase: str) -> bool:
    """Whether a printed page's text holds ``phrase``, its spaces aside: a PDF places each
    glyph on its own, and the text read back from it splits a word where two glyphs stand a
    little apart (Chromium's headless shell prints the sheet's header as "Declare r")."""
    return phrase.replace(" ", "") in text.replace(" ", "")


def _pdf_pages(page, path: str, paper: str) -> list[str]:
    from pypdf import PdfReader

    page.goto(path)
    reader = PdfReader(io.BytesIO(printed_pdf(page, format=paper)))
    # NFKC undoes the ligatures (ﬁ) that the PDF's text carries.
    return [" ".join(unicodedata.normalize("NFKC", p.extract_text()).split()) for p in reader.pages]
