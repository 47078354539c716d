"""Helpers of tests/engine/test_game_words.py."""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]


EXEMPT = (
    "scorekeeper/transfer/peers/",
    "scorekeeper/db/migrations.py",
    "scorekeeper/db/plain_hands/",  # the stored forms of the games, frozen as migrations are
    # A bid of a level and a trump suit or no-trump: one game's term no more, but the bid
    # Israeli Whist and Bridge share, written once for both (issue 55).
    "scorekeeper/engine/core/level_bids.py",
)


GAME_PACKAGES = {
    path.parent.name
    for path in (ROOT / "scorekeeper" / "engine").glob("*/game.py")
    if path.parent.name != "core"
}


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
