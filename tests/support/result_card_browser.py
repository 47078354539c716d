"""Helpers of tests/browser/test_result_card_browser.py, which other tests use too."""

from __future__ import annotations

import base64
import json
import pathlib
import struct
from typing import Any

from scorekeeper.engine import Game
from tests.support.live import PHONE, call_json
from tests.support.play import records as drawn_records

LANGUAGES = {"en": "en", "he": "he-IL,he;q=0.9", "de": "de-DE,de;q=0.9"}


OUR_TABLE = {"en": "Our table", "he": "השולחן שלנו", "de": "Unser Tisch"}


SEND = {"en": "Send result", "he": "שליחת התוצאה", "de": "Ergebnis senden"}


FSI, PDI = "\u2068", "\u2069"


# A phone without the Web Share API (a desktop browser): the card falls back to a download.
NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


# Every run of text the page draws on a canvas, as it draws it (the drawing itself goes on).
WATCH_TEXT = """
window.drawnText = [];
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, x, y) {
  const run = { text: String(text), x: x, direction: this.direction, align: this.textAlign };
  window.drawnText.push(run);
  return fillText.apply(this, arguments);
};
"""


# The PNG's pixels as the browser decodes them: how many distinct colours, and how many
# dark (text) pixels in the band of the rows.
PIXELS = """async (encoded) => {
  const image = new Image();
  image.src = "data:image/png;base64," + encoded;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const all = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const colours = new Set();
  for (let i = 0; i < all.length; i += 4 * 7) {
    colours.add((all[i] << 16) | (all[i + 1] << 8) | all[i + 2]);
  }
  const rows = context.getImageData(0, 360, canvas.width, 700).data;
  let dark = 0;
  for (let i = 0; i < rows.length; i += 4) {
    if (rows[i] + rows[i + 1] + rows[i + 2] < 200) dark += 1;
  }
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  return { ...size, colours: colours.size, dark: dark };
}"""


def phone(browser, live_server, language: str, width: int = PHONE["width"], **options):
    context = browser.new_context(
        viewport={"width": width, "height": PHONE["height"]},
        base_url=live_server,
        locale=language,
        extra_http_headers={"Accept-Language": LANGUAGES[language]},
        **options,
    )
    context.add_init_script(NO_SHARE + WATCH_TEXT)
    return context


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def sent_card(page, language: str, file_name: str) -> bytes:
    """Taps "Send result" on a phone without a share sheet: the card is downloaded as
    ``file_name``, a 1080 × 1350 PNG under 300 KB that is not blank. Returns its bytes."""
    button = page.locator(".send-result")
    assert button.inner_text() == SEND[language]
    with page.expect_download() as caught:
        button.click()
    download = caught.value
    assert download.suggested_filename == file_name
    data = pathlib.Path(download.path()).read_bytes()
    assert png_size(data) == (1080, 1350)
    assert len(data) < 300_000, len(data)
    pixels = page.evaluate(PIXELS, base64.b64encode(data).decode())
    assert (pixels["width"], pixels["height"]) == (1080, 1350)
    assert pixels["colours"] >= 8, pixels  # the head, the paper, the gold, the text…
    assert pixels["dark"] > 5_000, pixels  # names and totals written in the rows
    return data


def model_of(page) -> dict[str, Any]:
    return json.loads(page.locator("script.card-model").first.text_content())


def finished_game(base: str, game: Game, players: list[str]) -> dict[str, Any]:
    """A game of ``game`` played to its end through the API by its own bots."""
    settings = game.preset(game.default_preset)
    for bots in game.simulation.bots or (None,):  # None: random hands, a game without bots
        body = {"game": game.key, "players": players, "rules": game.default_preset}
        status, created = call_json(base, "POST", "/api/games", {**body, "first_dealer": 0})
        assert status == 201, created
        for record in drawn_records(game, settings, 300, 11, bots):
            hand = record.to_dict()
            status, answer = call_json(
                base, "POST", f"/api/games/{created['id']}/hands", hand, created["edit_key"]
            )
            assert status == 201, answer
            if answer["status"] == "finished":
                return created
    raise AssertionError(f"{game.key}: no bot of the game finished it")
