"""Every game word lives in its game (issue 19): no app module, template, script, style
sheet or engine core module names one game's own terms. Database migrations (the legacy
Israeli Whist columns), converters of other apps' files (``transfer/peers/``) and the
translations are the exceptions the issue names."""

import re

import pytest

from scorekeeper.engine import GAMES
from tests.support.engine.game_words import GAME_PACKAGES, ROOT, app_files

TERMS = re.compile(
    r"frisch|over_under|\brevokes?\b|renege|uptown|downtown|kitty|declarer|\bcontracts?\b"
    r"|\bbags?\b|blind.nil|\bbooks?\b|\btrumps?\b|\bbidder\b",
    re.IGNORECASE,
)
# "revokes" of an edit key or link is the English verb, not a card game's revoke.
KEY_TALK = re.compile(r"edit (key|link)", re.IGNORECASE)


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
