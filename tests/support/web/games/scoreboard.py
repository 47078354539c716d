"""Helpers of tests/web/games/test_scoreboard.py."""

from __future__ import annotations

from types import SimpleNamespace

from scorekeeper.engine import GAMES
from scorekeeper.engine.core.declared import PLAIN_PAPER
from scorekeeper.engine.core.display import GameNotes, HandView, Label, PenaltyMark, SeatView
from scorekeeper.engine.core.messages import msg, nmsg
from scorekeeper.web import create_app
from scorekeeper.web.games.scoreboard import hand_rows
from tests.support.app import app_config

OVER = msg("over")


def views() -> list[HandView]:
    """Hands whose labels say "over" as a Message (translated) and as plain notation (shown
    as it is), and the same penalty twice."""
    said = nmsg("%(num)d revoke: %(points)s", "%(num)d revokes: %(points)s", 1, points=-100)
    revoke = PenaltyMark(("R",), -100, said)
    seats = (SeatView(("2", "2"), 14, 14, True, revoke), SeatView(("3", "1"), -20, -20, False))
    return [
        HandView(1, 0, 0, Label(("7", "♣")), Label((OVER,), "over"), seats),
        HandView(2, 1, 1, Label(("over",)), Label((OVER,), "over"), seats),
        HandView(3, 0, None, None, Label((OVER,)), seats),
    ]


def rows_in(language: str, tmp_path) -> str:
    app = create_app(app_config(tmp_path))
    words = GAMES["israeli-whist"].page_words
    game = SimpleNamespace(
        sides=((0,), (1,)),
        hand_views=lambda progress: progress.views,
        page_words=words,
        row_layout="cells",
        notes=lambda progress: GameNotes(),
        paper=PLAIN_PAPER,  # no paper beyond the sheet
    )
    with app.test_request_context(headers={"Accept-Language": language}):
        app.preprocess_request()
        progress = SimpleNamespace(views=views(), settings=None)  # a table that never changes
        rows = hand_rows(game, progress, lambda n: ("A", "B"), {}, ("/w/", "/"), ("/e/", "/"))
    assert (rows.count, rows.first, rows.penalised) == (3, 1, True)
    return str(rows.html)
