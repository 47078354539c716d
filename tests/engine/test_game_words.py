"""Every game word lives in its game (issue 19): no app module, template, script, style
sheet or engine core module names one game's own terms. Database migrations (the legacy
Israeli Whist columns), converters of other apps' files (``transfer/peers/``) and the
translations are the exceptions the issue names."""

import pathlib
import re

import pytest

from scorekeeper.engine import GAMES

ROOT = pathlib.Path(__file__).resolve().parents[2]
TERMS = re.compile(
    r"frisch|over_under|\brevokes?\b|renege|uptown|downtown|kitty|declarer|\bcontracts?\b"
    r"|\bbags?\b|blind.nil|\bbooks?\b|\btrumps?\b|\bbidder\b",
    re.IGNORECASE,
)
GAME_PACKAGES = {
    path.parent.name
    for path in (ROOT / "scorekeeper" / "engine").glob("*/game.py")
    if path.parent.name != "core"
}
# "revokes" of an edit key or link is the English verb, not a card game's revoke.
KEY_TALK = re.compile(r"edit (key|link)", re.IGNORECASE)
EXEMPT = (
    "scorekeeper/transfer/peers/",
    "scorekeeper/db/migrations.py",
    "scorekeeper/db/plain_hands/",  # the stored forms of the games, frozen as migrations are
    # A bid of a level and a trump suit or no-trump: one game's term no more, but the bid
    # Israeli Whist and Bridge share, written once for both (issue 55).
    "scorekeeper/engine/core/level_bids.py",
)


def app_files() -> list[pathlib.Path]:
    found = []
    for pattern in (
        "scorekeeper/**/*.py",
        "templates/**/*.html",
        "static/**/*.js",
        "static/**/*.css",
    ):
        for path in ROOT.glob(pattern):
            relative = path.relative_to(ROOT).as_posix()
            parts = relative.split("/")
            if relative.startswith(EXEMPT):
                continue
            if (
                parts[:2] == ["scorekeeper", "engine"]
                and len(parts) > 3
                and parts[2] in GAME_PACKAGES
            ):
                continue
            found.append(path)
    return found


def test_every_registered_game_has_its_package_here():
    assert {"israeli_whist", "bid_whist"} <= GAME_PACKAGES
    assert len(GAMES) >= 2


@pytest.mark.parametrize("path", app_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_line_outside_a_game_names_its_terms(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    named = [
        f"{n}: {line.strip()}"
        for n, line in enumerate(lines, 1)
        if TERMS.search(line) and not KEY_TALK.search(line)
    ]
    assert not named, "\n".join(named)
